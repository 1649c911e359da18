"""`python -m game`: the headless command line (list, simulate, bench, arena, validate-data, replay)."""

from __future__ import annotations

import argparse
import json
import statistics
import sys

from .ai.arena import play_game, run_deals, summarize, team_rate
from .bench import bench
from .core import saves
from .core.carddata import CardDataError
from .core.events import ALL
from .core.match import Match
from .games import all_ids, module
from .games import rules as rules_for


def cmd_list(args) -> int:
    for gid in all_ids():
        info = rules_for(gid).info
        low, high = info.play_time
        print(f"{gid:18} {info.names['en']} / {info.names['ja']}  {info.min_players}-{info.max_players} players, "
              f"{low if low == high else f'{low}-{high}'} min, age {info.age}+, {info.year}, "
              f"{', '.join(info.designers)}")
    return 0


def _levels(text: str, players: int | None) -> list[str]:
    levels = [x.strip() for x in text.split(",") if x.strip()]
    if players and len(levels) == 1:
        levels *= players
    if players and len(levels) != players:
        raise SystemExit(f"--bots names {len(levels)} bots for {players} players")
    return levels


def _options(pairs: list, game_id: str) -> dict:
    """--option name=value pairs: true/false and numbers are read as such, anything else as text. Checked
    against the game's options here, so that a typo stops the command with a message."""
    out = {}
    for pair in pairs or []:
        name, sep, text = pair.partition("=")
        if not sep:
            raise SystemExit(f"--option {pair!r}: expected name=value")
        low = text.lower()
        out[name] = True if low == "true" else False if low == "false" else int(text) if text.isdigit() else text
    try:
        rules_for(game_id).info.resolve_options(out)
    except ValueError as exc:
        raise SystemExit(f"--option: {exc}") from None
    return out


def cmd_simulate(args) -> int:
    levels = _levels(args.bots, args.players)
    options = _options(args.option, args.game)
    records = [play_game(args.game, levels, args.seed + i, budget=args.budget, iterations=args.iterations,
                         options=options) for i in range(args.games)]
    ok = [r for r in records if not r.error]
    turns = [r.turns for r in ok]
    summary = {
        "game": args.game, "players": len(levels), "bots": levels, "games": len(records),
        "errors": [{"seed": r.seed, "error": r.error} for r in records if r.error],
        "median_turns": statistics.median(turns) if turns else None,
        "turn_quartiles": statistics.quantiles(turns, n=4)[::2] if len(turns) >= 2 else None,
        "mean_actions": statistics.mean(r.actions for r in ok) if ok else None,
        "mean_score_by_seat": [round(statistics.mean(r.scores[s] for r in ok), 2) if ok else None
                               for s in range(len(levels))],
    }
    cooperative = rules_for(args.game).info.cooperative
    if cooperative:  # the whole table wins or loses together: no winner among seats, no drawn game
        summary["team_wins"] = sum(1 for r in ok if r.winners)
        summary["team_losses"] = len(ok) - summary["team_wins"]
    else:
        summary["drawn_rate"] = sum(1 for r in ok if not r.winners) / len(ok) if ok else None
        summary["wins_by_seat"] = [sum(1 for r in ok if s in r.winners) for s in range(len(levels))]
    if args.json:
        summary["games_detail"] = [r.__dict__ for r in records]
        print(json.dumps(summary, indent=1))
        return 1 if summary["errors"] else 0
    for r in records:
        outcome = ("won" if r.winners else "lost") if cooperative else f"winners {r.winners}"
        print(f"seed {r.seed}: {r.error or f'{outcome} scores {r.scores} turns {r.turns} actions {r.actions}'}")
    if cooperative:
        results = f"team won {summary['team_wins']}, lost {summary['team_losses']}"
    else:
        results = f"drawn games {_percent(summary['drawn_rate'])}, wins by seat {summary['wins_by_seat']}"
    print(f"games {summary['games']}, errors {len(summary['errors'])}, median turns {summary['median_turns']} "
          f"(quartiles {summary['turn_quartiles']}), {results}, mean scores {summary['mean_score_by_seat']}")
    return 1 if summary["errors"] else 0


def _percent(rate) -> str:
    return "n/a" if rate is None else f"{rate:.1%}"


def cmd_bench(args) -> int:
    games = [args.game] if args.game else all_ids()
    for gid in games:
        out = bench(gid, args.players, args.seconds)
        print(json.dumps(out) if args.json else
              f"{gid} ({out['players']} players): {out['actions_per_s']:,} actions/s, "
              f"{out['games_per_s']} random games/s, {out['actions_per_game']} actions/game "
              f"({out['games']} games in {out['seconds']} s, one core)")
    return 0


# The cooperative grid of `arena` without --bots: every level at the default of the game's "arena_grid" option
# (Normal difficulty) for each table size, then Hard at every other value (issue 4's figures).
COOP_LEVELS = ("easy", "normal", "hard")


def cmd_team_arena(args) -> int:
    info = rules_for(args.game).info
    options = _options(args.option, args.game)
    if args.bots:
        cells = [(_levels(args.bots, None), options)]
    else:
        sizes = range(info.min_players, info.max_players + 1)
        grid = info.option_with_role("arena_grid")  # a difficulty: each level at its default, Hard at every value
        cells = [([level] * n, {**options, grid.id: grid.default} if grid else options)
                 for level in COOP_LEVELS for n in sizes]
        if grid:
            cells += [(["hard"] * n, {**options, grid.id: value}) for value in grid.choices if value != grid.default
                      for n in sizes]
    rows = []
    for levels, opts in cells:
        row = team_rate(args.game, levels, args.games, args.seed, options=opts, budget=args.budget,
                        iterations=args.iterations, jobs=args.jobs)
        rows.append(row)
        if not args.json:
            extra = " ".join(f"{k}={v}" for k, v in sorted(opts.items()))
            print(f"{args.game} {len(levels)}p {','.join(sorted(set(levels))):6} {extra:18} win rate "
                  f"{row['win_rate']:.3f}  95% CI [{row['ci95'][0]:.3f}, {row['ci95'][1]:.3f}]  "
                  f"{row['games']} games, {row['mean_turns']:.1f} turns, think {row['mean_think_ms']:.1f} ms/decision"
                  + (f", ERRORS {len(row['errors'])}" if row["errors"] else ""), flush=True)
    if args.json:
        print(json.dumps(rows, indent=1))
    return 1 if any(r["errors"] for r in rows) else 0


def cmd_arena(args) -> int:
    if rules_for(args.game).info.cooperative:
        return cmd_team_arena(args)
    if not args.bots:
        raise SystemExit("--bots is required for a competitive game")
    levels = _levels(args.bots, None)

    def progress(done, total):
        if not args.json and (done % max(1, total // 20) == 0 or done == total):
            print(f"  {done}/{total} deals", file=sys.stderr, flush=True)

    deals = run_deals(args.game, levels, args.games, args.seed, budget=args.budget, iterations=args.iterations,
                      jobs=args.jobs, options=_options(args.option, args.game), progress=progress)
    summary = summarize(levels, deals)
    summary.update({"game": args.game, "seats": levels, "budget_s": args.budget, "iterations": args.iterations})
    if args.json:
        print(json.dumps(summary, indent=1))
        return 0
    budget = f"{args.iterations} iterations" if args.iterations else f"{args.budget} s"
    search = f"; Hard budget {budget} per decision" if "hard" in levels else ""
    print(f"{args.game}: {summary['deals']} duplicate deals x {len(levels)} seat rotations = {summary['games']} "
          f"games{search}; errors {len(summary['errors'])}")
    for name, b in summary["bots"].items():
        print(f"  {name:8} win rate {b['win_rate']:.3f}  95% CI [{b['ci95'][0]:.3f}, {b['ci95'][1]:.3f}]  "
              f"mean score {b['mean_score']:.2f}  think {b['mean_think_ms']:.1f} ms/decision")
    print(f"  fair share {summary['fair_share']:.3f}")
    return 1 if summary["errors"] else 0


def cmd_validate(args) -> int:
    """Every data and text file the app reads: each game's cards and rules, then the UI texts in every
    language (readable, the same keys in each, the same placeholders as the English)."""
    from .core.i18n import LANGUAGES, problems

    failed = False
    for gid in all_ids():
        try:
            print(f"ok  {gid}: {module(gid).validate_data()}")
        except CardDataError as exc:
            failed = True
            print(f"ERROR {gid}: {exc}")
        except Exception as exc:  # noqa: BLE001 - a check must report, never crash
            failed = True
            print(f"ERROR {gid}: unexpected {type(exc).__name__}: {exc}")
    texts = problems()
    for problem in texts:
        print(f"ERROR texts: {problem}")
    if not texts:
        print(f"ok  texts: {', '.join(LANGUAGES)} have the same keys and placeholders")
    return 1 if failed or texts else 0


def replay_steps(match):
    """Each logged action with its events and whether it answered a secret choice (a trait pick, the fate
    played in The Shipwreck Arcana): its arguments are then for its player's eyes only. Rebuilt from the
    seed, because which choices were secret depends on the state each action met."""
    again = Match(match.rules, match.seats, match.options, match.seed, match.initial)
    for act, events in zip(match.log, match.history, strict=True):
        secret = any(d.secret for d in again.pending() if d.seat == act.seat) and act in again.legal_actions(act.seat)
        again.apply(act)
        yield act, events, secret


def _outcome(match, names: list) -> str:
    result = match.result()
    if match.rules.info.cooperative:
        return f"Result: the team {'won' if result.team_won else 'lost'}, score {result.scores[0]}"
    return ("Result: " + ", ".join(f"{names[s]} {result.scores[s]}" for s in range(len(names)))
            + f"; winner(s): {', '.join(names[s] for s in result.winners)}")


def cmd_replay(args) -> int:
    """The log as one seat (--seat), a spectator (the default) or everyone (--all) may see it: the same
    redaction as the table's log, and a secret choice's arguments only for the one who made it."""
    try:
        match, doc = saves.load(args.save)
    except saves.SaveError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    names = [s.name for s in match.seats]
    viewer = ALL if args.all else args.seat
    if viewer not in (ALL, None) and not 0 <= viewer < len(names):
        print(f"error: --seat {viewer}: this match has seats 0–{len(names) - 1} ({', '.join(names)})",
              file=sys.stderr)
        return 1
    describe = module(match.game_id).describe
    seed = f" — seed {match.seed}" if viewer == ALL else ""  # the seed would tell every shuffle
    print(f"{match.rules.info.names[args.lang]} — {', '.join(names)}{seed} — saved {doc['saved_at']}")
    for act, events, secret in replay_steps(match):
        shown = act.args and (viewer in (ALL, act.seat) or not secret)
        print(f"> {names[act.seat]}: {act.kind} {dict(act.args) if shown else ''}".rstrip())
        for line in describe(match, events, viewer, args.lang):
            print(f"    {line}")
    if match.is_over():
        print(_outcome(match, names))
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game", description="Card Parlor's headless tools.")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="the registered games")

    def game_arg(p, required=True):
        p.add_argument("--game", required=required, choices=all_ids())

    def budget_args(p):
        p.add_argument("--budget", type=float, default=1.0, help="Hard bot's seconds per decision")
        p.add_argument("--iterations", type=int, default=None, help="Hard bot's search iterations instead")

    p = sub.add_parser("simulate", help="bots play games; winners, scores, lengths, errors")
    game_arg(p)
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--bots", default="random", help="levels per seat, e.g. normal,hard (random, easy, normal, hard)")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--option", action="append", help="a game option, name=value (repeatable)")
    p.add_argument("--json", action="store_true")
    budget_args(p)

    p = sub.add_parser("bench", help="engine actions/s and random games/s on one core")
    game_arg(p, required=False)
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--seconds", type=float, default=3.0)
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("arena", help="win rates with 95%% intervals over duplicate deals, seats rotated")
    game_arg(p)
    p.add_argument("--bots", help="one level per seat, e.g. hard,normal (a cooperative game without it: "
                                  "its whole grid of levels, table sizes and difficulties)")
    p.add_argument("--games", type=int, default=100,
                   help="number of duplicate deals (games per cell in a cooperative game)")
    p.add_argument("--option", action="append", help="a game option, name=value (repeatable)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=2, help="worker processes")
    p.add_argument("--json", action="store_true")
    budget_args(p)

    sub.add_parser("validate-data", help="load and check every game's cards and rules and the UI texts")

    p = sub.add_parser("replay", help="print a save's match log")
    p.add_argument("save")
    p.add_argument("--lang", default="en", choices=("en", "ja"))
    who = p.add_mutually_exclusive_group()
    who.add_argument("--seat", type=int, default=None, help="show what this seat (0, 1, ...) may see; "
                                                             "without it, what a spectator may see")
    who.add_argument("--all", action="store_true", help="show hidden information too (spoilers)")

    args = parser.parse_args(argv)
    handler = {"list": cmd_list, "simulate": cmd_simulate, "bench": cmd_bench, "arena": cmd_arena,
               "validate-data": cmd_validate, "replay": cmd_replay}[args.command]
    return handler(args)
