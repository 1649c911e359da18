"""Bad input to the engine (issue 11): refused with IllegalAction or ValueError and a message, never an
exception from inside the rules. Examples first, then property tests over random JSON-like values."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core import saves
from game.core.actions import Action, action
from game.core.match import AI, Match, Seat
from game.core.rng import Rng
from game.core.rules import IllegalAction
from game.games import all_ids
from game.games import rules as rules_for


def seats_for(game_id: str) -> list[Seat]:
    n = rules_for(game_id).info.min_players
    return [Seat("Aiko")] + [Seat(f"Bot {i}", AI, "easy") for i in range(1, n)]


def shipwreck_at_prediction() -> Match:
    """A two-player Shipwreck Arcana match at its first group prediction."""
    match = Match(rules_for("shipwreck_arcana"), [Seat("Aiko"), Seat("Ben")], None, 3)
    while match.pending()[0].kind != "predict":
        match.apply(match.legal_actions(match.pending()[0].seat)[0])
    return match


# -- seats of actions ----------------------------------------------------------------------------------------


def test_a_negative_seat_gets_no_trait_choice_and_cannot_pick_one():
    match = Match(rules_for("deadmans_draw"), [Seat("Aiko"), Seat("Ben")], {"traits": True}, 1)
    trait = match.legal_actions(1)[0]["trait"]
    with pytest.raises(IllegalAction, match="not a seat"):
        match.legal_actions(-1)
    with pytest.raises(IllegalAction, match="not a seat"):
        match.apply(action(-1, "keep_trait", trait=trait))
    assert match.log == []


def test_a_negative_seat_cannot_make_the_groups_prediction():
    match = shipwreck_at_prediction()
    with pytest.raises(IllegalAction, match="not a seat"):
        match.apply(action(-1, "predict", value=3))
    with pytest.raises(IllegalAction, match="not a seat"):
        match.side_actions(-1)


def test_a_save_in_which_seat_minus_one_predicts_is_refused(tmp_path):
    match = shipwreck_at_prediction()
    forged = action(-1, "predict", value=3)
    # Forged behind the match's back, as an edited file would be: the rules themselves do not check seats.
    match.history.append(match.rules.apply(match.state, forged))
    match.log.append(forged)
    path = tmp_path / "forged.json"
    saves.write(match, path)
    with pytest.raises(saves.SaveError):
        saves.load(path)


@pytest.mark.parametrize("seat", [10**6, 2, True, None, "0", 0.0])
def test_seats_outside_the_match_are_refused_with_a_message(seat):
    match = Match(rules_for("deadmans_draw"), [Seat("Aiko"), Seat("Ben")], {"traits": True}, 1)
    with pytest.raises(IllegalAction, match="not a seat"):
        match.apply(Action(seat, "keep_trait", (("trait", "trait_vulture"),)))
    if seat is not None:  # None is the spectator's view
        with pytest.raises(IllegalAction, match="not a seat"):
            match.view(seat)


# -- the match's own settings ----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [float("inf"), 1e999, True, "3", 2.0, -1, 1 << 64, None, [1]])
def test_seeds_that_are_not_whole_numbers_in_range_are_refused(seed):
    with pytest.raises(ValueError, match="seed"):
        Match(rules_for("deadmans_draw"), [Seat("Aiko"), Seat("Ben")], None, seed)


def test_the_largest_seed_is_taken():
    assert Match(rules_for("deadmans_draw"), [Seat("Aiko"), Seat("Ben")], None, (1 << 64) - 1).seed == (1 << 64) - 1


@pytest.mark.parametrize("options", [{"traits": 1}, {"traits": "true"}, {"traits": None}, ["traits"], "traits",
                                     {"nope": True}, {3: True}])
def test_options_outside_their_declared_choices_are_refused(options):
    with pytest.raises(ValueError):
        Match(rules_for("deadmans_draw"), [Seat("Aiko"), Seat("Ben")], options, 1)


def test_shipwreck_options_take_only_their_declared_choices():
    with pytest.raises(ValueError, match="difficulty"):
        Match(rules_for("shipwreck_arcana"), [Seat("Aiko"), Seat("Ben")], {"difficulty": "brutal"}, 1)


@pytest.mark.parametrize("seats", [[Seat("Aiko"), "Ben"], "AikoBen", None, [Seat("Aiko")] * 9])
def test_seats_that_are_not_well_formed_are_refused(seats):
    with pytest.raises(ValueError):
        Match(rules_for("deadmans_draw"), seats, None, 1)


@pytest.mark.parametrize("data", [{"name": 5}, {"name": "A", "kind": "robot"}, {"name": "A", "kind": "ai"},
                                  {"name": "A", "kind": "ai", "level": ["hard"]},
                                  {"name": "A", "kind": "human", "level": "hard"}, ["A"]])
def test_seat_records_that_are_not_well_formed_are_refused(data):
    with pytest.raises(ValueError):
        Seat.from_json(data)


@pytest.mark.parametrize("initial", ["2", 2.0, True, -1, 9])
def test_a_bad_count_of_initial_seats_is_refused(initial):
    with pytest.raises(ValueError):
        Match(rules_for("deadmans_draw"), [Seat("Aiko"), Seat("Ben")], None, 1, initial)


# -- property tests ----------------------------------------------------------------------------------------------

JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(1 << 70), max_value=1 << 70)
    | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=10,
)
# Options with the games' real names and choices mixed with anything else, so that valid ones occur too.
SPECS = [spec for gid in all_ids() for spec in rules_for(gid).info.options]
OPTIONS = JSONISH | st.dictionaries(st.sampled_from([spec.id for spec in SPECS]) | st.text(max_size=6),
                                    st.sampled_from([c for spec in SPECS for c in spec.choices]) | JSONISH, max_size=4)
REFUSED = (IllegalAction, ValueError)
PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def played(game_id: str, steps: int) -> Match:
    match = Match(rules_for(game_id), seats_for(game_id), None, 5)
    rng = Rng(5)
    for _ in range(steps):
        if match.is_over():
            break
        legal = match.legal_actions(match.pending()[0].seat)
        match.apply(legal[rng.below(len(legal))])
    return match


# Positions to try actions on: the start (Dead Man's Draw's trait pick) and two later moments.
POSITIONS = {(gid, steps): played(gid, steps) for gid in all_ids() for steps in (0, 3, 12)}


@pytest.mark.parametrize("position", list(POSITIONS))
@PROPERTY
@given(seat=JSONISH | st.integers(), pick=st.integers(0, 999), args=JSONISH)
def test_random_actions_are_applied_or_refused_with_a_message(position, seat, pick, args):
    match = POSITIONS[position]
    for call in (match.legal_actions, match.side_actions, match.view):
        with contextlib.suppress(REFUSED):
            call(seat)
    # A move that is legal for someone, made in the name of `seat`; and one with random arguments.
    legal = [act for d in match.pending() for act in match.legal_actions(d.seat)] or [action(0, "pass")]  # over
    template = legal[pick % len(legal)].to_json()
    extra = args if isinstance(args, dict) else {}
    for data in ({**template, "seat": seat}, {**extra, "seat": seat, "kind": template["kind"]}):
        try:
            act = Action.from_json(data)
        except ValueError:
            continue
        before = (match.state_hash(), len(match.log))
        try:
            match.apply(act)
        except REFUSED:
            assert (match.state_hash(), len(match.log)) == before, "a refused action changes nothing"
            continue
        assert 0 <= act.seat < match.seated(), f"{act!r} was played by a seat outside the match"
        match.truncate(before[1])  # a legal action: take it back so that the shared position stays as it was


@pytest.mark.parametrize("game_id", all_ids())
@PROPERTY
@given(seed=JSONISH, options=OPTIONS, initial=JSONISH)
def test_random_seeds_options_and_seat_counts_are_taken_or_refused_with_a_message(game_id, seed, options, initial):
    rules, seats = rules_for(game_id), seats_for(game_id)
    for make in (lambda: Match(rules, seats, None, seed), lambda: Match(rules, seats, options, 0),
                 lambda: Match(rules, seats, None, 0, initial)):
        with contextlib.suppress(ValueError):
            make()


@PROPERTY
@given(game_id=JSONISH, seats=st.lists(JSONISH, max_size=6))
def test_random_game_ids_and_seat_records_are_taken_or_refused_with_a_message(game_id, seats):
    with contextlib.suppress(ValueError):
        rules_for(game_id)
    with contextlib.suppress(ValueError):
        [Seat.from_json(seat) for seat in seats]
