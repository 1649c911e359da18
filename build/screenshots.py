"""Screenshots for the README: the title, the new-game screen, a table mid-game in English and Japanese
(Dead Man's Draw, Get Lucky, The Shipwreck Arcana, Three-Dragon Ante, Deadwood 1876), the results, a replay,
the statistics, a guided first game and the coach. Runs the real app
headless (or in a real window under xvfb-run) and saves PNGs in docs/.

    python build/screenshots.py [--size 1920x1080] [--out docs]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.ai.bot import SeatInfo, make_bot  # noqa: E402
from game.core.actions import action  # noqa: E402
from game.core.match import AI, HUMAN, Match, Seat  # noqa: E402
from game.core.replay import Replay  # noqa: E402
from game.core.rng import Rng  # noqa: E402
from game.games import rules as rules_for  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.newgame import NewGameScene  # noqa: E402
from scenes.replay import ReplayScene  # noqa: E402
from scenes.results import ResultsScene  # noqa: E402
from scenes.table.scene import TableScene  # noqa: E402
from scenes.title import TitleScene  # noqa: E402


def settle(app: App, frames: int = 40) -> None:
    for _ in range(frames):
        app.frame(0.05)


def bot_move(match: Match, rng: Rng) -> None:
    """One move by a Normal bot for whoever must act."""
    seat = match.pending()[0].seat
    info = SeatInfo(match.rules, match.state, seat)
    match.apply(make_bot(match.game_id, "normal").choose(info, rng))


def mid_game(seed: int, steps: int) -> Match:
    """A 3-player game played by Normal bots up to the human's Draw-or-Stop with loot in play."""
    seats = [Seat("Aiko", HUMAN), Seat("Captain Flint", AI, "normal"), Seat("Mary Read", AI, "hard")]
    match = Match(rules_for("deadmans_draw"), seats, {"traits": True}, seed)
    rng = Rng(seed)
    while not match.is_over():
        pending = match.pending()[0]
        if len(match.log) >= steps and pending.seat == 0 and pending.kind == "draw_or_collect" and \
                len(match.state.play) >= 3:
            break
        bot_move(match, rng)
    return match


def get_lucky_attempt(seed: int) -> Match:
    """A 4-player Get Lucky game played by Normal bots until the human must answer a murder attempt."""
    seats = [Seat("Aiko", HUMAN), Seat("Flint", AI, "normal"), Seat("Mary", AI, "hard"), Seat("Ben", AI, "easy")]
    for attempt_seed in range(seed, seed + 50):
        match = Match(rules_for("get_lucky"), seats, None, attempt_seed)
        rng = Rng(attempt_seed)
        while not match.is_over():
            pending = match.pending()[0]
            if pending.seat == 0 and pending.kind == "defend" and len(match.legal_actions(0)) > 1:
                return match
            bot_move(match, rng)
    raise SystemExit("no seed gave the human a defence with Luck in hand")


def shipwreck_prediction(seed: int) -> Match:
    """A 3-player Shipwreck Arcana game played by Normal bots until the human and an AI teammate must name a
    hidden fate, with faded powers in stock (the prediction panel, the advice and the assist on show)."""
    seats = [Seat("Aiko", HUMAN), Seat("Sora", AI, "normal"), Seat("Ben", AI, "hard")]
    for game_seed in range(seed, seed + 50):
        match = Match(rules_for("shipwreck_arcana"), seats, None, game_seed)
        rng = Rng(game_seed)
        while not match.is_over():
            view = match.view(None)
            if view["phase"] == "predict" and 0 in view["predictors"] and len(view["stock"]) >= 2 \
                    and view["turn"] > 4 and view["fading"]:
                # Aiko has flipped two markers on the active player's line (a memo for the group): one the
                # assist also rules out, one it does not.
                active = view["active"]
                ruled = view["positions"][active]["ruled_out"]
                open_values = [v for v in range(1, 8) if v not in ruled]
                for v in ruled[:1] + open_values[-1:]:
                    match.apply(action(0, "mark", position=active, value=v))
                return match
            bot_move(match, rng)
    raise SystemExit("no seed gave the human a prediction with powers in stock")


def three_dragon_ante_turn(seed: int) -> Match:
    """A 4-player Three-Dragon Ante game played by Normal bots until the human plays a card in round 2 or
    later of a gambit past the first, with cards in every flight and gold in the stakes."""
    seats = [Seat("Aiko", HUMAN), Seat("Captain Flint", AI, "normal"), Seat("Mary Read", AI, "hard"),
             Seat("Sora", AI, "easy")]
    for game_seed in range(seed, seed + 50):
        match = Match(rules_for("three_dragon_ante"), seats, None, game_seed)
        rng = Rng(game_seed)
        while not match.is_over():
            view = match.view(None)
            pending = match.pending()[0]
            if pending.seat == 0 and pending.kind == "play" and view["gambit"] > 1 and view["round"] >= 2 \
                    and all(view["flights"]):
                return match
            bot_move(match, rng)
    raise SystemExit("no seed gave the human a turn with every flight laid")


DEADWOOD_NAMES = ("Aiko", "Captain Flint", "Mary Read", "Sora", "Wild Bill", "Calamity Jane", "Seth Bullock",
                  "Al Swearengen", "Sol Star")


def deadwood_fight(seed: int, players: int = 9) -> Match:
    """A Deadwood 1876 game played by Normal bots until, mid-fight, the human is asked for a Holster with
    another Holster already offered."""
    seats = [Seat(DEADWOOD_NAMES[0], HUMAN)] + [Seat(name, AI, "normal") for name in DEADWOOD_NAMES[1:players]]
    for game_seed in range(seed, seed + 80):
        match = Match(rules_for("deadwood"), seats, None, game_seed)
        rng = Rng(game_seed)
        while not match.is_over():
            pending = match.pending()[0]
            fight = match.view(None)["fight"]
            if pending.seat == 0 and pending.kind == "offer" and fight["offers"]:
                return match
            bot_move(match, rng)
    raise SystemExit("no seed asked the human for a Holster mid-fight")


def finished_game(seed: int) -> Match:
    match = mid_game(seed, 10_000)
    rng = Rng(seed)
    while not match.is_over():
        bot_move(match, rng)
    return match


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--out", default="docs")
    args = parser.parse_args()
    size = tuple(int(v) for v in args.size.split("x"))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    app = App(user_dir=Path(tempfile.mkdtemp()), size=size, fullscreen=False)

    def shot(name: str) -> None:
        pygame.image.save(app.screen, str(out / f"{name}.png"))
        print("wrote", out / f"{name}.png")

    app.set_language("en")
    app.reset(TitleScene(app))
    settle(app, 5)
    shot("title")
    app.push(NewGameScene(app))
    settle(app, 5)
    shot("new-game")
    for lang in ("en", "ja"):
        app.set_language(lang)
        app.reset(TableScene(app, mid_game(12, 60), autosave=False))
        settle(app)
        shot(f"table-{lang}")
    for lang in ("en", "ja"):
        app.set_language(lang)
        app.reset(TableScene(app, get_lucky_attempt(3), autosave=False))
        settle(app)
        shot(f"get-lucky-{lang}")
    for lang in ("en", "ja"):
        app.set_language(lang)
        app.reset(TableScene(app, shipwreck_prediction(1), autosave=False))
        settle(app)
        shot(f"shipwreck-arcana-{lang}")
    for lang in ("en", "ja"):
        app.set_language(lang)
        app.reset(TableScene(app, three_dragon_ante_turn(2), autosave=False))
        settle(app)
        shot(f"three-dragon-ante-{lang}")
    for lang in ("en", "ja"):
        app.set_language(lang)
        app.reset(TableScene(app, deadwood_fight(1), autosave=False))
        settle(app)
        shot(f"deadwood-{lang}")
    app.set_language("en")
    match = finished_game(5)
    result = match.result()  # counted in the history, as the table does when a game ends
    app.history.record(match.game_id, [s.to_json() for s in match.seats], match.options, match.seed, result.winners,
                       result.scores, match.rules.turn_marker(match.state)[0], len(match.log))
    app.reset(TableScene(app, match, autosave=False))
    app.push(ResultsScene(app, match))
    settle(app, 5)
    shot("results")
    # The same game replayed, halfway, through the human's eyes; then the statistics of a few games.
    replay = ReplayScene(app, Replay.of(match))
    app.reset(replay)
    replay.go(replay.replay.length // 2)
    settle(app)
    shot("replay")
    for seed in (6, 7, 8):
        more = finished_game(seed)
        done = more.result()
        app.history.record(more.game_id, [s.to_json() for s in more.seats], more.options, more.seed, done.winners,
                           done.scores, more.rules.turn_marker(more.state)[0], len(more.log))
    app.history.settle()
    app.reset(TitleScene(app))
    app.nav.statistics()
    settle(app, 5)
    shot("statistics")
    # The Shipwreck Arcana's guided first game, its first note and the move it then asks for.
    app.nav.guide("shipwreck_arcana")
    settle(app)
    guided = app.top
    guided.next()
    settle(app)
    shot("guide")
    # The coach at a Dead Man's Draw table: the Hard AI's move for the player, with its reason.
    app.prefs.coach = "on"
    table = TableScene(app, mid_game(12, 60), autosave=False)
    app.reset(table)
    settle(app)
    table.coach.ask()
    for _ in range(600):  # the answer comes from the AI's own process
        if table.coach.tip is not None:
            break
        app.frame(0.05)
        time.sleep(0.01)
    settle(app, 5)
    shot("coach")
    app.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
