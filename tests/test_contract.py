"""One contract test over the registry: every registered game, at every player count, with each of its
options, keeps the engine contract. A new game is covered by registering it.

Per cell, a few games of random legal actions check: `pending` is empty exactly when the game is over and a
result exists; the seed plus the log rebuilds the same state; a JSON round trip and a copy change nothing
and the copy is independent; `determinize` keeps what the seat knows (its view and its legal actions);
bots choose legal actions, and their whole input (view, legal actions, canonical determinization) is the
same in two states the seat cannot tell apart; no seat's view changes when another seat's hidden cards are
re-dealt; actions for seats that are not at the table are refused. Every view lists its zones in the shared
schema (game/core/zones.py), and the number of pieces they hold stays the same through a game.
"""

from __future__ import annotations

import json

import pytest

from game.ai.bot import SeatInfo, make_bot
from game.core import canon, zones
from game.core.actions import Action, deciding
from game.core.match import Match, Seat
from game.core.rng import Rng
from game.games import all_ids, module
from game.games import rules as rules_for

GAMES_PER_CELL = 4
MAX_ACTIONS = 3000  # every game ends long before this (their own safety limits are lower)


def option_sets(info, players: int) -> list[dict]:
    """The defaults, then each rules option's other values one at a time (assists change no rule)."""
    sets = [{}]
    for spec in info.options:
        if spec.assist or (spec.players and players not in spec.players):
            continue
        if spec.pick:  # a pick list: one deterministic sample, the last ids, with the option that shows it
            sample = tuple(spec.pick_from[-spec.pick:])
            sets.append({spec.shown_when[0]: spec.shown_when[1], spec.id: sample} if spec.shown_when
                        else {spec.id: sample})
            continue
        sets += [{spec.id: value} for value in spec.choices if value != spec.default]
    return sets


def cells(game_ids=None):
    """(game, player count, options) for every registered game, or for `game_ids`."""
    for game_id in game_ids or all_ids():
        info = rules_for(game_id).info
        for players in range(info.min_players, info.max_players + 1):
            for options in option_sets(info, players):
                label = ",".join(f"{k}={v}" for k, v in options.items()) or "defaults"
                yield pytest.param(game_id, players, options, id=f"{game_id}-{players}p-{label}")


def digest(rules, state) -> str:
    return canon.digest(rules.to_json(state))


def check_position(rules, state, rng: Rng, pieces: set | None = None) -> None:
    """What must hold in any reachable position. `pieces` gathers the zones' piece count over one game."""
    pending = rules.pending(state)
    assert bool(pending) == (rules.result(state) is None), "pending is empty exactly when a result exists"
    spectator = rules.view(state, None)
    positions = [position for position, _ in spectator["seating"]]
    assert len(positions) == len(set(positions)), "a position is taken twice in the seating"
    assert all(0 <= seat < spectator["players"] for _, seat in spectator["seating"])
    # JSON round trip and an independent copy.
    data = json.loads(json.dumps(rules.to_json(state)))
    assert rules.to_json(rules.from_json(data)) == rules.to_json(state)
    twin = rules.copy(state)
    assert digest(rules, twin) == digest(rules, state)
    if pending:
        before = digest(rules, state)
        legal = rules.legal_actions(twin, pending[0].seat)
        rules.apply(twin, legal[rng.below(len(legal))])
        assert digest(rules, state) == before, "applying to a copy changed the original"
    # determinize keeps what each deciding seat knows, and the seat's own view is all its knowledge.
    for decision in pending:
        seat = decision.seat
        other = rules.determinize(state, seat, Rng(rng.below(1 << 30)))
        assert rules.view(other, seat) == rules.view(state, seat)
        assert rules.legal_actions(other, seat) == rules.legal_actions(state, seat)
        assert digest(rules, SeatInfo(rules, other, seat).base) == digest(rules, SeatInfo(rules, state, seat).base)
    # Every seat's and the spectator's view lists its zones in the shared schema, all counting the same pieces.
    count = zones.check_views(zones.views_of(rules, state))
    if pieces is not None:
        pieces.add(count)


def random_game(game_id: str, players: int, options: dict, seed: int, probe_every: int) -> Match:
    rules = rules_for(game_id)
    match = Match(rules, [Seat(f"P{i}") for i in range(players)], options, seed)
    rng = Rng(seed ^ 0xC0FFEE)
    steps = 0
    pieces: set = set()
    while not match.is_over():
        assert steps < MAX_ACTIONS, "the game did not end"
        if steps % probe_every == 0:
            check_position(rules, match.state, rng, pieces)
        decision = deciding(match.pending())
        seat = decision[rng.below(len(decision))].seat
        legal = match.legal_actions(seat)
        assert legal, f"seat {seat} must decide but has no legal action"
        match.apply(legal[rng.below(len(legal))])
        steps += 1
    check_position(rules, match.state, rng, pieces)
    assert len(pieces) == 1, f"the zones' piece count changed during the game: {sorted(pieces)}"
    return match


@pytest.mark.parametrize("game_id, players, options", list(cells()))
def test_random_games_keep_the_contract(game_id, players, options):
    rules = rules_for(game_id)
    for i in range(GAMES_PER_CELL):
        seed = 7919 * players + 104729 * i + len(options)
        match = random_game(game_id, players, options, seed, probe_every=7)
        # The seed plus the action log is the whole truth of the match.
        again = Match(rules, match.seats, match.options, match.seed)
        again.replay(match.log)
        assert again.state_hash() == match.state_hash()
        result = match.result()
        assert len(result.scores) == players and set(result.winners) <= set(range(players))
        members = [seat for team in result.teams for seat in team.members]
        assert len(members) == len(set(members)) and set(members) <= set(range(players)), "teams share a seat"
        if rules.info.cooperative:  # the whole table is one team that wins or loses together
            assert result.team_won == bool(result.winners) and set(result.teams[0].members) == set(range(players))


@pytest.mark.parametrize("game_id", all_ids())
def test_actions_for_seats_not_at_the_table_are_refused(game_id):
    rules = rules_for(game_id)
    info = rules.info
    match = Match(rules, [Seat(f"P{i}") for i in range(info.min_players)], None, 3)
    for seat in (-1, info.min_players, 10**6):
        with pytest.raises(ValueError):
            match.legal_actions(seat)
        for decision in match.pending():
            for act in match.legal_actions(decision.seat):
                with pytest.raises(ValueError):  # IllegalAction is a ValueError
                    match.apply(Action(seat, act.kind, act.args))


def positions(game_id: str, players: int, count: int):
    """Positions part-way through random games, with the seat to decide."""
    rules = rules_for(game_id)
    out = []
    for seed in range(count):
        match = Match(rules, [Seat(f"P{i}") for i in range(players)], None, 500 + seed)
        rng = Rng(seed)
        for _ in range(5 + rng.below(40)):
            if match.is_over():
                break
            seat = deciding(match.pending())[0].seat
            legal = match.legal_actions(seat)
            match.apply(legal[rng.below(len(legal))])
        if not match.is_over():
            out.append((match.state, deciding(match.pending())[0].seat))
    return out


@pytest.mark.parametrize("game_id", all_ids())
@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_bots_choose_legal_actions_from_what_their_seat_knows(game_id, level):
    rules = rules_for(game_id)
    info = rules.info
    bot = make_bot(game_id, level, iterations=16, budget=0.05)
    for i, (state, seat) in enumerate(positions(game_id, info.min_players + 1 if info.max_players > info.min_players
                                                 else info.min_players, 6)):
        twin = rules.determinize(state, seat, Rng(900 + i))  # everything the seat cannot see re-dealt
        a, b = SeatInfo(rules, state, seat), SeatInfo(rules, twin, seat)
        assert a.view == b.view and a.legal == b.legal
        assert digest(rules, a.base) == digest(rules, b.base), "a bot's input depends on what its seat cannot know"
        choice = bot.choose(a, Rng(i))
        assert choice in a.legal
        assert choice == bot.choose(b, Rng(i))


@pytest.mark.parametrize("game_id", all_ids())
def test_option_roles_are_ones_generic_code_knows(game_id):
    info = rules_for(game_id).info
    roles = [spec.role for spec in info.options if spec.role]
    assert set(roles) <= {"joining", "arena_grid"} and len(roles) == len(set(roles))
    joining = info.option_with_role("joining")
    assert joining is None or set(joining.choices) == {False, True}, "players join while a yes/no option is on"


@pytest.mark.parametrize("game_id", all_ids())
def test_a_game_module_exports_what_the_app_needs(game_id):
    mod = module(game_id)
    for name in ("RULES", "BOTS", "describe", "validate_data"):
        assert hasattr(mod, name), f"{game_id} does not export {name}"
    assert set(mod.BOTS) >= {"easy", "normal", "hard"}
    info = mod.RULES.info
    assert info.id == game_id and info.names.get("en") and info.names.get("ja")
    for spec in info.options:
        if spec.pick:  # the new-game picker names each id through the game's hook, in both languages
            for lang in ("en", "ja"):
                labels = mod.option_labels(spec.id, lang)
                assert set(labels) == set(spec.pick_from), f"{game_id}: labels for {spec.id} in {lang}"
                assert all(name and detail for name, detail in labels.values())
            assert spec.shown_when and info.option(spec.shown_when[0]).validate(spec.shown_when[1]) is not None


def sealed_choices(game_id: str, players: int, seeds: int = 12):
    """Positions inside a secret simultaneous choice: one seat has sealed its answer (in two different
    ways), another seat still has to answer. Found by playing random games of every registered game."""
    rules = rules_for(game_id)
    for seed in range(seeds):
        match = Match(rules, [Seat(f"P{i}") for i in range(players)], None, 40 + seed)
        rng = Rng(seed)
        while not match.is_over() and len(match.log) < 400:
            secret = [d for d in match.pending() if d.secret]
            if len(secret) >= 2:
                first, waiting = secret[0].seat, secret[1].seat
                answers = match.legal_actions(first)
                if len(answers) >= 2:
                    a, b = rules.copy(match.state), rules.copy(match.state)
                    rules.apply(a, answers[0])
                    rules.apply(b, answers[1])
                    yield a, b, waiting
            seat = deciding(match.pending())[0].seat
            legal = match.legal_actions(seat)
            match.apply(legal[rng.below(len(legal))])


@pytest.mark.parametrize("game_id", all_ids())
def test_no_seat_reads_another_seats_sealed_choice(game_id):
    """A seat still choosing sees the same table, gets the same bot input and the same Hard (ISMCTS) choice,
    whatever the seats that already chose have sealed."""
    rules = rules_for(game_id)
    info = rules.info
    hard = make_bot(game_id, "hard", iterations=32, budget=0.2)
    found = 0
    for players in range(info.min_players, info.max_players + 1):
        for a, b, seat in sealed_choices(game_id, players):
            found += 1
            ia, ib = SeatInfo(rules, a, seat), SeatInfo(rules, b, seat)
            assert ia.view == ib.view and ia.legal == ib.legal
            assert digest(rules, ia.base) == digest(rules, ib.base)
            if found <= 3:
                assert hard.choose(ia, Rng(found)) == hard.choose(ib, Rng(found))
    if not found:
        pytest.skip(f"{game_id}: random play reached no secret simultaneous choice")
