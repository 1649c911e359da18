"""The Shipwreck Arcana rules by number (R1–R55) and the house rulings (H1–H22) of
shared/rules/shipwreck-arcana.md.

Positions are built with `position(...)`: a state made by RULES.setup and then edited, at the Play step of the
active position's turn (its draw done) unless another phase is asked for. Cards are named by their ids, fates
by their values (the lowest free token of that value is taken); every fate that is not named goes to the bag,
and every card that is not named goes to the deck below the named top cards. `conserved` checks that every
token and every arcana card is in exactly one place (R1). Every action goes through `do`, which checks legality
first.
"""

from __future__ import annotations

import json

import pytest

from game.ai.bot import RandomBot, SeatInfo
from game.core.actions import action, deciding
from game.core.events import redact_all
from game.core.match import Match, Seat
from game.core.rng import Rng
from game.core.rules import IllegalAction
from game.games.shipwreck_arcana import RULES, describe
from game.games.shipwreck_arcana.ai import advice
from game.games.shipwreck_arcana.cards import deck, hours, tables, value_of
from game.games.shipwreck_arcana.inference import legal_set
from game.games.shipwreck_arcana.rules import HANDLES, MARK_CHANGES
from game.games.shipwreck_arcana.state import AFTER, DRAW, NO, OVER, PLAY, PREDICT, REVEAL, SECOND, State

IDS = tables()[4]
CARD = {cid: i for i, cid in enumerate(IDS)}
PAIRS = [(a, b) for a in range(1, 8) for b in range(a, 8)]  # the 28 unordered pairs (§6.1)


# -- the card conditions as the spec's table says them (§3.2, §6), written independently of cards.py -----------


def _either(test):
    return lambda a, b, seen: {a, b} if test(a, b) else set()


def _exactly_one(values):
    def cond(a, b, seen):
        return {a} if (a in values) != (b in values) and a in values else \
            {b} if (a in values) != (b in values) else set()
    return cond


def _match(a, b, seen):
    out = set()
    if a in seen:
        out.add(b)
    if b in seen:
        out.add(a)
    return out


SPEC = {
    "dawn": lambda a, b, seen: {max(a, b)} if a != b else set(),
    "midnight": lambda a, b, seen: {min(a, b)} if a != b else set(),
    "the_deep": _either(lambda a, b: a + b <= 5),
    "leviathan": _either(lambda a, b: a + b >= 11),
    "the_belltower": _either(lambda a, b: (a + b) % 3 == 0),
    "the_shore": _either(lambda a, b: abs(a - b) >= 4),
    "the_beast": _either(lambda a, b: abs(a - b) == 1),
    "the_huntress": _either(lambda a, b: abs(a - b) == 2),
    "the_mirror": lambda a, b, seen: {a} if a == b else set(),
    "the_blind_man": _either(lambda a, b: True),
    "the_chalice": _either(lambda a, b: True),
    "the_engine": _either(lambda a, b: a in (2 * b, 3 * b) or b in (2 * a, 3 * a)),
    "the_judge": _either(lambda a, b: (a + b) % 2 == 0),
    "the_stranger": _either(lambda a, b: (a + b) % 2 == 1),
    "the_key": _either(lambda a, b: 7 <= a + b <= 9),
    "the_lord": _exactly_one({5, 6, 7}),
    "the_noble": _exactly_one({3, 4, 5}),
    "the_servant": _exactly_one({1, 2, 3}),
    "the_prophet": _match,
    "the_rider": lambda a, b, seen: {a, b} if a != b and a not in seen and b not in seen else set(),
}
MOONS = {"dawn": 3, "midnight": 3, "the_deep": 3, "leviathan": 4, "the_belltower": 2, "the_shore": 4,
         "the_beast": 1, "the_huntress": 1, "the_mirror": 1, "the_blind_man": 1, "the_chalice": 2,
         "the_engine": 3, "the_judge": 3, "the_stranger": 3, "the_key": 3, "the_lord": 3, "the_noble": 3,
         "the_servant": 2, "the_prophet": 2, "the_rider": 2}
POWER = {"dawn": "higher_than", "midnight": "higher_than", "the_deep": "higher_than", "leviathan": "discard_lower",
         "the_belltower": "discard_lower", "the_shore": "discard_lower", "the_beast": "twice",
         "the_huntress": "twice", "the_mirror": "twice", "the_blind_man": "ask_147", "the_chalice": "ask_147",
         "the_engine": "ask_567", "the_judge": "ask_345", "the_stranger": "ask_123", "the_key": "old",
         "the_lord": "ask_567", "the_noble": "ask_345", "the_servant": "ask_123", "the_prophet": "cycle",
         "the_rider": "cycle"}


def spec_plays(row: list, seen: set, a: int, b: int) -> set:
    """Every (slot, value) play open to the hand {a, b} under the spec: the legal set, or The Hours (R10–R12)."""
    out = {(slot, v) for slot, cid in enumerate(row, 1) if cid for v in SPEC[cid](a, b, seen)}
    return out or {(0, a), (0, b)}


# -- building positions ----------------------------------------------------------------------------------------


def conserved(s: State) -> None:
    """R1: each fate in exactly one place; the 20 arcana in the row, the deck, the stock or out of the game."""
    tokens = s.bag + [t for h in s.hand for t in h] + [t for f in s.fates for t in f]
    assert sorted(tokens) == list(range(21)), f"fates out of place: {sorted(tokens)}"
    cards = [c for c in s.row if c != NO] + s.deck + s.stock + s.removed
    assert sorted(cards) == list(range(20)), f"arcana out of place: {sorted(cards)}"
    assert all(t in [x for f in s.fates for x in f] for t in s.via_hours)


def position(row, *, fates=None, hand=(), carried=None, held=None, players=3, active=0, stock=(), removed=(),
             deck_top=(), deck_size=None, spare="stock", bag=None, score=0, doom=2, options=None, phase=PLAY,
             turn=5, seed=1) -> State:
    """A state at `phase` of position `active`'s turn (Play: its draw is done).

    `row` names the cards of slots 1–4 (None: an empty slot); `fates` {slot: [values]} lie in front of them;
    `hand` are the values the active position drew this turn, `carried` the value it carried in (held first);
    `held` {position: value} are fates other positions carried over. The deck is `deck_top` (top first) and
    then the other cards in number order; with `deck_size` it is cut to that many cards and the rest go to
    `spare` ("stock" or "removed"). `bag` lists the bag's values; the fates it leaves out go to the hands of
    the non-active positions (a fixture that need not arise in play)."""
    s = RULES.setup(players, {"random_start": False, **(options or {})}, seed)
    s.row = [NO if cid is None else CARD[cid] for cid in row]
    s.stock = [CARD[c] for c in stock]
    s.removed = [CARD[c] for c in removed]
    named = [CARD[c] for c in deck_top]
    rest = [c for c in range(20) if c not in s.row and c not in s.stock and c not in s.removed and c not in named]
    cards = named + rest
    if deck_size is not None:
        cards, extra = cards[:deck_size], cards[deck_size:]
        (s.stock if spare == "stock" else s.removed).extend(extra)
    s.deck = list(reversed(cards))  # the top is the last element
    s.known_bottom = 0
    free = list(range(21))

    def take(v: int) -> int:
        t = next(t for t in free if value_of(t) == v)
        free.remove(t)
        return t

    s.fates = [[take(v) for v in (fates or {}).get(slot, ())] for slot in (1, 2, 3, 4)]
    s.via_hours = []
    s.handles = [NO] * 21
    for t in (t for tokens in s.fates for t in tokens):  # public handles, as placements would give them
        s.handles[t] = HANDLES + s.placed
        s.placed += 1
    n = len(s.owner)
    s.hand = [[] for _ in range(n)]
    s.carried = [NO] * n
    if carried is not None:
        s.hand[active].append(take(carried))
        s.carried[active] = s.hand[active][0]
    s.hand[active] += [take(v) for v in hand]
    for pos, v in (held or {}).items():
        s.hand[pos] = [take(v)]
        s.carried[pos] = s.hand[pos][0]
    if bag is None:
        s.bag = sorted(free)
    else:
        s.bag = sorted(take(v) for v in bag)
        others = [p for p in s.order if p != active]
        for i, t in enumerate(free):
            s.hand[others[i % len(others)]].append(t)
    s.marks = [0] * n
    s.clues = [[] for _ in range(n)]
    s.active = active
    s.last_played = s.order[(s.order.index(active) - 1) % len(s.order)]
    s.phase, s.turn, s.score, s.doom = phase, turn, score, doom
    s.power_used = s.correct = s.twice = False
    s.played = s.hidden = NO
    s.predictions, s.asked = [], []
    s.outcome = ""
    conserved(s)
    return s


def tok(v: int, k: int = 0) -> int:
    """The k-th token of value v (token id t has value t // 3 + 1)."""
    return 3 * (v - 1) + k


# -- acting ----------------------------------------------------------------------------------------------------


def seat_now(s: State) -> int:
    """The seat that answers the pending decision (for a group decision, its first member: R21)."""
    return deciding(RULES.pending(s))[0].seat


def legal(s: State, kind: str | None = None, seat: int | None = None) -> list:
    seat = seat_now(s) if seat is None else seat
    return [a for a in RULES.legal_actions(s, seat) if kind is None or a.kind == kind]


def kinds(s: State, seat: int | None = None) -> set:
    return {a.kind for a in legal(s, seat=seat)}


def do(s: State, kind: str, seat: int | None = None, **args) -> list:
    """Apply an action, checking first that it is legal (or a legal side action) and afterwards R1."""
    seat = seat_now(s) if seat is None else seat
    act = action(seat, kind, **args)
    assert act in RULES.legal_actions(s, seat) or act in RULES.side_actions(s, seat), \
        f"{act} is not legal: {RULES.legal_actions(s, seat)}"
    events = RULES.apply(s, act)
    conserved(s)
    return events


def plays(s: State) -> set:
    """The legal plays as (slot, value)."""
    return {(a["slot"], value_of(a["token"])) for a in legal(s, "play")}


def play(s: State, slot: int, value: int) -> list:
    act = next(a for a in legal(s, "play") if a["slot"] == slot and value_of(a["token"]) == value)
    return do(s, "play", slot=slot, token=act["token"])


def play_any(s: State) -> list:
    act = legal(s, "play")[0]
    return do(s, "play", slot=act["slot"], token=act["token"])


def quick_turn(s: State) -> None:
    """Draw, play the first legal play, and predict the hidden value (a fixture: the score is kept at 0)."""
    do(s, "draw")
    play_any(s)
    to_group(s)
    do(s, "predict", value=value_of(s.hidden))
    s.score = 0


def to_group(s: State) -> None:
    """Decline the after-play window and let every reveal candidate keep its fate."""
    if s.phase == AFTER:
        do(s, "decline")
    while s.phase == REVEAL:
        do(s, "keep", position=dict(RULES.pending(s)[0].params)["position"])
    assert s.phase == PREDICT


def label(e) -> str:
    """An event's kind, or for a common "moved" event why it moved ("draw", "play", "refill", "fade"...)."""
    return e["why"] if e.kind == "moved" else e.kind


def names(events) -> list:
    return [label(e) for e in events]


def first(events, kind: str):
    return next(e for e in events if label(e) == kind)


def random_states(players=3, seed=0, steps=200, options=None):
    """The states of a random game (seeded random choice among the legal actions)."""
    s = RULES.setup(players, options or {}, seed)
    rng = Rng(seed + 17)
    bot = RandomBot()
    yield s
    for _ in range(steps):
        if s.phase == OVER:
            return
        seat = seat_now(s)
        RULES.apply(s, bot.choose(SeatInfo(RULES, s, seat), rng))
        yield s


# -- 5.1 Basics ------------------------------------------------------------------------------------------------


def test_r1_every_fate_is_in_exactly_one_place_from_setup_through_play():
    s = RULES.setup(4, {}, 3)
    assert sorted(s.bag) == list(range(21)) and not any(s.hand) and not any(s.fates)
    for seed in range(4):
        for state in random_states(4, seed, 150):
            conserved(state)


def test_r2_hours_per_value_and_a_cards_load_is_their_sum():
    assert [hours(v) for v in range(1, 8)] == [1, 1, 1, 2, 2, 2, 3]
    assert sum(3 * hours(v) for v in range(1, 8)) == 36  # §3.1
    s = position(["leviathan", "the_key", "dawn", "the_judge"], fates={1: [7], 2: [1, 4], 3: [3]}, hand=(2, 6))
    assert RULES.view(s, 1)["loads"] == [3, 3, 1, 0]


def test_r3_the_row_has_four_arcana_slots_and_v_counts_only_fates_in_front_of_them():
    s = position(["the_prophet", "the_judge", "the_key", "the_mirror"], fates={2: [5]}, hand=(3, 6), held={1: 6})
    view = RULES.view(s, 0)
    assert len(view["row"]) == 4 and len(s.row) == 4  # The Hours is slot 0, outside the list
    assert view["visible"] == [0, 0, 0, 0, 1, 0, 0]  # the hands' 3, 6 and the held 6 are not visible
    # The Prophet needs the *other* fate to match a visible fate: no hand value matches V = {5}.
    assert not any(slot == 1 for slot, _ in plays(s))


def test_r4_each_position_has_one_owner_and_the_predictors_are_everyone_but_the_active_player():
    s = position(["dawn", "midnight", "the_judge", "the_key"], hand=(2, 6), players=4, active=2)
    assert s.owner == [0, 1, 2, 3]
    assert RULES.view(s, None)["predictors"] == [0, 1, 3]
    assert all(len(h) <= 2 for h in s.hand)


def test_r5_a_turn_runs_draw_play_predict_resolve_fade_and_seats_change_only_between_turns():
    s = position(["dawn", "midnight", "the_judge", "the_key"], phase=DRAW, players=3)
    assert {a.kind for a in RULES.side_actions(s, 1)} >= {"join", "leave", "mark"}
    phases = [s.phase]
    do(s, "draw")
    phases.append(s.phase)
    assert {a.kind for a in RULES.side_actions(s, 1)} == {"mark"}  # no join or leave inside a turn
    act = legal(s, "play")[0]
    do(s, "play", slot=act["slot"], token=act["token"])
    phases.append(s.phase)
    events = do(s, "predict", value=1)
    assert phases == [DRAW, PLAY, PREDICT]
    assert names(events)[:2] == ["predicted", "resolved"] and "turn_started" in names(events)
    assert s.phase == DRAW and s.active == 1


def test_r6_flags_start_cleared_and_one_power_per_turn_counts_the_whole_table():
    s = position(["the_judge", "the_key", "dawn", "midnight"], hand=(2, 4),
                 stock=["the_prophet", "the_beast", "the_deep"])
    assert not s.power_used and not s.correct
    do(s, "cycle", slot=1)  # the active player's power ...
    assert s.power_used
    play_any(s)
    to_group(s)
    assert not {"ask", "twice"} & kinds(s)  # ... leaves none for the group (R33)
    do(s, "pass")
    assert s.phase == DRAW and not s.power_used and not s.correct
    assert [IDS[c] for c in s.stock] == ["the_beast", "the_deep"]


# -- 5.2 Draw --------------------------------------------------------------------------------------------------


def test_r7_draw_to_two_new_fates_a_carried_one_stays_old_and_only_the_owner_sees_values():
    s = position(["the_judge", "the_key", "dawn", "midnight"], phase=DRAW)
    events = do(s, "draw")
    assert len(s.hand[0]) == 2 and len(s.bag) == 19
    drew = [e for e in events if label(e) == "draw"]
    assert len(drew) == 2 and all(e["src"] == "bag" and e["dst"] == "hand/0" for e in drew)
    assert all(e["piece"] is None and e["value"] is None for e in redact_all(drew, 1))
    assert [e["value"] for e in redact_all(drew, 0)] == [value_of(t) for t in s.hand[0]]
    assert [e["piece"] for e in drew] == [f"fate_{value_of(t)}:{t}" for t in s.hand[0]]
    s = position(["the_judge", "the_key", "dawn", "midnight"], phase=DRAW, carried=6)
    do(s, "draw")
    assert len(s.hand[0]) == 2 and s.carried[0] == s.hand[0][0] == tok(6)
    assert [f["old"] for f in RULES.view(s, 0)["positions"][0]["hand"]] == [True, False]
    assert RULES.view(s, 1)["positions"][0]["hand"] == [] and RULES.view(s, 1)["positions"][0]["count"] == 2


def test_r8_a_short_bag_leaves_one_fate_or_none_and_none_goes_straight_to_fade():
    # One fate held and an empty bag: a one-fate turn (R16).
    s = position(["the_blind_man", "the_key", "dawn", "midnight"], phase=DRAW, carried=4, bag=())
    do(s, "draw")
    assert s.phase == PLAY and len(s.hand[0]) == 1
    # Nothing held and an empty bag: Play, Predict and Resolve are skipped.
    s = position(["the_blind_man", "the_key", "dawn", "midnight"], phase=DRAW, bag=())
    events = do(s, "draw")
    assert "play" not in names(events) and s.phase == DRAW and s.active == 1 and s.turn == 6


# -- 5.3 Play --------------------------------------------------------------------------------------------------


def test_r9_cycle_is_offered_before_the_play_only_in_stock_and_with_no_power_used():
    row = ["the_mirror", "the_key", "the_judge", "the_beast"]
    s = position(row, fates={2: [3]}, hand=(2, 4), stock=["the_rider"])
    assert {a["slot"] for a in legal(s, "cycle")} == {1, 3, 4}
    do(s, "cycle", slot=1)
    assert s.phase == PLAY and not legal(s, "cycle")
    assert not legal(position(row, hand=(2, 4)), "cycle")  # not in stock


def cycle_offered(seed: int):
    """A match of random moves up to a Cycle the deciding seat may use, or None if the game ends first."""
    match = Match(RULES, [Seat("Aiko"), Seat("Ben")], None, seed)
    rng = Rng(seed)
    while not match.is_over():
        seat = deciding(match.pending())[0].seat
        legal = match.legal_actions(seat)
        if any(a.kind == "cycle" for a in legal):
            return match, seat
        match.apply(legal[rng.below(len(legal))])
    return None


def test_r9_a_cycle_moves_both_cards_and_its_log_line_names_the_player():
    match, seat = next(found for found in map(cycle_offered, range(40)) if found)
    events = match.apply(next(a for a in match.legal_actions(seat) if a.kind == "cycle"))
    cycle, out = first(events, "cycle"), first(events, "cycled_out")
    slot = f"row/{cycle['slot']}"
    assert (cycle["src"], cycle["dst"], out["src"], out["dst"]) == ("deck", slot, slot, "deck")
    for lang in ("en", "ja"):
        assert describe(match, events, None, lang)[0].startswith(match.seats[seat].name)


def test_r10_every_condition_matches_the_spec_table_for_all_28_pairs_and_every_v():
    for cid, cond in SPEC.items():
        masks = range(128) if cid in ("the_prophet", "the_rider") else (0, 0b1010101, 127)
        for seen in masks:
            values = {v for v in range(1, 8) if seen >> (v - 1) & 1}
            for a, b in PAIRS:
                got = legal_set((CARD[cid], NO, NO, NO), seen, a, b)
                assert set(got) == {(1, v) for v in cond(a, b, values)}, (cid, a, b, values)
                assert len(got) == len(set(got))  # a play is a (card, value): equal fates count once


def test_r10_each_card_is_checked_on_its_own_with_v_before_the_placement():
    row = ["dawn", "the_deep", "the_mirror", "the_servant"]
    s = position(row, hand=(2, 3))
    assert plays(s) == {(1, 3), (2, 2), (2, 3)}
    s = position(["the_rider", "the_judge", "the_key", "dawn"], fates={2: [5]}, hand=(3, 6))
    assert plays(s) == spec_plays(["the_rider", "the_judge", "the_key", "dawn"], {5}, 3, 6)


def test_r11_with_a_legal_play_the_hours_is_never_offered():
    for a, b in PAIRS:
        s = position(["the_judge", "the_stranger", "dawn", "midnight"], hand=(a, b))
        assert all(slot != 0 for slot, _ in plays(s))


def test_r12_hours_moves_fate_to_leftmost_occupied_slot():
    s = position(["midnight", "leviathan", "the_huntress", "the_servant"], fates={1: [1]}, hand=(4, 4))
    assert {a["slot"] for a in legal(s, "play")} == {0} and len(legal(s, "play")) == 2  # either token
    events = play(s, 0, 4)
    assert first(events, "play")["target"] == 1
    assert [value_of(t) for t in s.fates[0]] == [1, 4] and s.fates[0][1] in s.via_hours
    view = RULES.view(s, 1)
    assert view["loads"][0] == 3 and view["row"][0]["fates"][1]["via_hours"] and view["visible"][3] == 1
    # With slot 1 empty (an empty deck in the normal game) the leftmost occupied slot takes it.
    s = position([None, "leviathan", "the_huntress", "the_servant"], hand=(4, 4), deck_size=0)
    assert first(play(s, 0, 4), "play")["target"] == 2


def test_r13_the_played_value_is_public_and_with_equal_fates_the_player_picks_the_token():
    s = position(["the_mirror", "leviathan", "the_huntress", "the_servant"], hand=(4, 4))
    assert {a["token"] for a in legal(s, "play") if a["slot"] == 1} == {tok(4, 0), tok(4, 1)}
    do(s, "play", slot=1, token=tok(4, 1))
    # Others see the fate by its public handle, never by its token id (which would tell old from new).
    assert RULES.view(s, 2)["row"][0]["fates"] == [{"token": HANDLES, "value": 4, "via_hours": False}]
    assert RULES.view(s, 2)["played"] == 4 and s.hidden == tok(4, 0)


@pytest.mark.parametrize("hand,played,higher", [((5, 2), 2, True), ((4, 4), 4, False), ((6, 1), 6, False)])
def test_r14_the_chalice_announces_truthfully_whether_the_hidden_fate_is_higher(hand, played, higher):
    s = position(["the_chalice", "leviathan", "the_huntress", "the_servant"], hand=hand)
    events = play(s, 1, played)
    assert first(events, "chalice").params() == {"value": played, "higher": higher}
    assert ["test", "gt", played, higher] in s.clues[0]


def test_r15_the_after_play_window_offers_discard_lower_and_old_when_in_stock():
    s = position(["the_key", "the_shore", "the_judge", "the_beast"], fates={1: [1], 2: [3]}, hand=(5, 3),
                 stock=["leviathan"])
    play(s, 1, 5)
    assert s.phase == AFTER and kinds(s) == {"decline", "discard"}
    assert {a["value"] for a in legal(s, "discard")} == {1}
    s = position(["the_judge", "the_shore", "dawn", "the_beast"], hand=(5, 3), stock=["the_key"])
    play(s, 1, 5)
    assert s.phase == AFTER and kinds(s) == {"decline", "old"}


def test_r16_one_fate_turn_plays_only_on_the_blind_man_or_the_chalice_without_announcement():
    s = position(["the_chalice", "the_judge", "the_blind_man", "dawn"], phase=DRAW, carried=5, bag=(),
                 stock=["the_prophet", "the_key", "leviathan"])
    do(s, "draw")
    assert len(s.hand[0]) == 1
    assert plays(s) == {(1, 5), (3, 5)} and legal(s, "cycle")  # Cycle may come first
    events = play(s, 1, 5)  # no after-play window although Old? and Discard lower are in stock
    assert "chalice" not in names(events) and "predicted" not in names(events)
    assert s.phase == DRAW and s.active == 1 and s.hand[0] == []
    # Neither card in the row: The Hours, onto slot 1's card.
    s = position(["the_judge", "the_key", "the_mirror", "dawn"], phase=DRAW, carried=5, bag=())
    do(s, "draw")
    assert plays(s) == {(0, 5)}
    assert first(play(s, 0, 5), "play")["target"] == 1


def test_r17_the_fate_left_in_hand_after_the_play_is_the_hidden_fate():
    s = position(["dawn", "midnight", "the_judge", "the_key"], hand=(2, 6))
    play(s, 1, 6)
    assert s.hand[0] == [tok(2)] and s.hidden == tok(2)


# -- 5.4 Predict -----------------------------------------------------------------------------------------------


def test_r18_there_is_no_predict_step_without_a_hidden_fate():
    s = position(["the_blind_man", "the_key", "dawn", "midnight"], phase=DRAW, carried=3, bag=())
    do(s, "draw")
    events = play(s, 1, 3)
    assert not {"predicted", "passed", "resolved"} & set(names(events)) and s.phase == DRAW


def test_r19_reveals_are_offered_before_the_group_decides_and_again_after_every_public_event():
    s = position(["dawn", "midnight", "the_judge", "the_key"], hand=(2, 6), held={2: 7}, stock=["the_deep"])
    play(s, 1, 6)
    assert s.phase == REVEAL and RULES.pending(s)[0].seat == 2 and kinds(s) == {"reveal", "keep"}
    do(s, "keep", position=2)
    assert s.phase == PREDICT
    do(s, "ask", power="higher_than", x=3)
    assert s.phase == REVEAL  # offered again after the power's answer
    do(s, "keep", position=2)
    assert "ask" not in kinds(s)  # at most one group power


def test_r20_any_value_may_be_predicted_even_one_public_information_rules_out():
    s = position(["midnight", "the_deep", "the_key", "leviathan"], hand=(1, 5))
    play(s, 1, 1)
    assert RULES.view(s, 1)["positions"][0]["ruled_out"] == [1]
    assert {a["value"] for a in legal(s, "predict")} == set(range(1, 8))


def test_r21_the_group_decision_goes_to_any_human_predictor_else_the_first_ai():
    s = position(["dawn", "midnight", "the_judge", "the_key"], hand=(2, 6), players=4, active=1)
    play(s, 1, 6)
    pending = RULES.pending(s)
    assert [d.seat for d in pending] == [0, 2, 3] and {d.group for d in pending} == {"group"}
    assert [d.seat for d in deciding(pending)] == [0]
    assert [d.seat for d in deciding(pending, humans={3})] == [3]
    assert [d.seat for d in deciding(pending, humans={2, 3})] == [2, 3]  # any one of them answers
    do(s, "predict", seat=3, value=2)
    assert s.phase == DRAW  # one answer was final for the whole group


def test_r22_twice_after_a_wrong_first_prediction_says_wrong_and_allows_one_other_value_or_stop():
    s = position(["the_key", "the_judge", "the_beast", "midnight"], hand=(3, 5), stock=["the_mirror"])
    play(s, 1, 3)
    to_group(s)
    do(s, "twice")
    events = do(s, "predict", value=3)
    assert names(events) == ["predicted", "wrong_once"] and not any(e.reveals for e in events)
    assert s.phase == SECOND
    assert {a["value"] for a in legal(s, "predict")} == {1, 2, 4, 5, 6, 7} and "stop" in kinds(s)
    assert "twice" not in kinds(s) and "reveal" not in kinds(s)


def test_r23_a_pass_keeps_the_hidden_fate_and_its_marks_for_the_next_turn():
    s = position(["dawn", "midnight", "the_judge", "the_key"], hand=(2, 6))
    play(s, 1, 6)
    do(s, "mark", seat=1, position=0, value=1)
    events = do(s, "pass")
    assert "resolved" not in names(events)
    assert s.hand[0] == [tok(2)] and s.carried[0] == tok(2) and s.marks[0] == 0b1
    assert RULES.view(s, 1)["positions"][0]["carried"]


# -- 5.5 Resolve -----------------------------------------------------------------------------------------------


def test_r24_resolve_needs_a_prediction_and_any_right_prediction_makes_the_turn_correct():
    s = position(["the_key", "the_judge", "the_beast", "midnight"], hand=(3, 5), stock=["the_mirror"])
    play(s, 1, 3)
    to_group(s)
    do(s, "twice")
    do(s, "predict", value=4)
    events = do(s, "predict", value=5)
    assert first(events, "resolved")["correct"] and s.score == 1


def test_r25_correct_adds_a_point_and_wrong_adds_one_doom_even_after_two_predictions():
    s = position(["the_judge", "the_stranger", "the_beast", "midnight"], hand=(3, 5), doom=2)
    play(s, 1, 3)
    do(s, "predict", value=5)
    assert (s.score, s.doom) == (1, 2)
    s = position(["the_judge", "the_stranger", "the_beast", "midnight"], hand=(3, 5), stock=["the_mirror"])
    play(s, 1, 3)
    do(s, "twice")
    do(s, "predict", value=1)
    do(s, "predict", value=7)
    assert (s.score, s.doom) == (0, 3)


def test_r26_the_hidden_fate_is_shown_returned_to_the_bag_and_the_line_reset():
    s = position(["the_judge", "the_stranger", "the_beast", "midnight"], hand=(3, 5))
    play(s, 1, 3)
    do(s, "mark", seat=2, position=0, value=2)
    events = do(s, "predict", value=1)
    resolved = first(events, "resolved")
    assert resolved["value"] == 5 and resolved.visible_to is None and resolved.reveals
    assert tok(5) in s.bag and s.hand[0] == [] and s.marks[0] == 0 and s.clues[0] == []


def test_r27_score_seven_wins_and_doom_seven_loses_at_resolve_without_a_fade():
    s = position(["the_beast", "the_judge", "the_mirror", "the_servant"], hand=(7, 6), score=6, doom=4)
    play(s, 1, 7)
    events = do(s, "predict", value=6)
    assert s.outcome == "won" and s.phase == OVER and "faded" not in names(events)
    s = position(["the_beast", "the_judge", "the_mirror", "the_servant"], hand=(7, 6), doom=6)
    play(s, 1, 7)
    events = do(s, "predict", value=1)
    assert s.outcome == "doom" and s.doom == 7 and "faded" not in names(events)
    assert RULES.pending(s) == [] and RULES.result(s).team_won is False


# -- 5.6 Fade --------------------------------------------------------------------------------------------------


def test_r28_a_card_fades_when_its_load_reaches_its_moons():
    s = position(["the_key", "the_judge", "the_beast", "midnight"], fates={1: [1], 2: [2, 2]}, hand=(5, 3))
    play(s, 1, 5)
    assert RULES.view(s, 1)["fading"] == [1]  # The Key 1 + 2 = 3 moons; The Judge 2 < 3


def test_r29_a_fade_returns_its_fates_stocks_the_card_adds_two_doom_and_refills_the_slot():
    s = position(["the_key", "the_judge", "the_beast", "midnight"], fates={1: [1]}, hand=(5, 3),
                 deck_top=["the_lord"], doom=2)
    play(s, 1, 5)
    events = do(s, "pass")
    assert names(events)[:6] == ["passed", "faded", "fade", "fade", "fade", "refill"]  # 2 fates, the card, the new one
    assert [(e["src"], e["dst"]) for e in events[2:6]] == [("fates/1", "bag")] * 2 + [("row/1", "stock"),
                                                                                     ("deck", "row/1")]
    assert tok(1) in s.bag and tok(5) in s.bag and s.fates[0] == []
    assert s.stock == [CARD["the_key"]] and s.doom == 4 and s.row[0] == CARD["the_lord"]
    # The Blind Man's fade adds no doom.
    s = position(["the_blind_man", "the_judge", "the_beast", "midnight"], hand=(6, 3), doom=2)
    play(s, 1, 6)
    do(s, "pass")
    assert s.doom == 2 and s.stock == [CARD["the_blind_man"]]


def test_r29_an_empty_deck_leaves_the_slot_empty_in_the_normal_game():
    s = position(["the_beast", "the_judge", "the_key", "leviathan"], hand=(3, 4), deck_size=0)
    play(s, 1, 3)
    to_group(s)
    do(s, "pass")
    assert s.row[0] == NO and s.doom == 4 and s.outcome == ""


def test_r30_the_refill_pass_fills_empty_slots_at_the_end_of_every_fade_step():
    s = position([None, "the_judge", "the_key", "leviathan"], hand=(2, 4), deck_size=1,
                 deck_top=["the_lord"])
    play(s, 2, 2)
    to_group(s)
    events = do(s, "pass")
    assert "faded" not in names(events) and s.row[0] == CARD["the_lord"] and s.deck == []


def test_r31_the_hours_never_holds_a_fate():
    s = position(["midnight", "leviathan", "the_huntress", "the_servant"], hand=(4, 4))
    play(s, 0, 4)
    assert len(s.fates) == 4 and sum(len(f) for f in s.fates) == 1
    assert all(t in s.fates[0] for t in s.via_hours)


def test_r32_the_turn_ends_with_the_flags_cleared_and_the_next_seat_active():
    s = position(["the_judge", "the_stranger", "the_beast", "midnight"], hand=(3, 5), players=3, active=2,
                 stock=["dawn"])
    play(s, 1, 3)
    do(s, "ask", power="higher_than", x=4)
    events = do(s, "predict", value=5)
    assert first(events, "turn_started").params() == {"seat": 0, "position": 0, "turn": 6}
    assert (s.active, s.phase, s.power_used, s.correct, s.predictions, s.twice) == (0, DRAW, False, False, [], False)


# -- 5.7 Faded powers ------------------------------------------------------------------------------------------


def test_r33_each_power_has_its_window_and_the_stock_holds_several_copies():
    stock = ["the_prophet", "leviathan", "the_key", "dawn", "midnight", "the_beast", "the_blind_man"]
    s = position(["the_judge", "the_stranger", "the_mirror", "the_huntress"], fates={2: [1]}, hand=(3, 5),
                 stock=stock)
    assert kinds(s) == {"cycle", "play"}  # before the play: Cycle only
    play(s, 1, 3)
    assert kinds(s) == {"decline", "discard", "old"}  # after the play: the active player's
    do(s, "decline")
    group = kinds(s)
    assert {"ask", "twice", "predict", "pass"} <= group and not {"cycle", "discard", "old"} & group
    asks = {(a["power"], a.get("x")) for a in legal(s, "ask")}
    assert asks == {("higher_than", x) for x in range(1, 7)} | {("ask_147", None)}
    assert [IDS[c] for c in s.stock].count("dawn") + [IDS[c] for c in s.stock].count("midnight") == 2


def test_r34_powers_are_optional_and_offered_only_when_they_can_act():
    # Discard lower with no visible fate below h is not offered (the window still opens, so that its
    # opening says nothing about h, but only to decline).
    s = position(["the_judge", "the_stranger", "the_mirror", "the_huntress"], fates={2: [6]}, hand=(3, 5),
                 stock=["leviathan"])
    play(s, 1, 5)
    assert s.phase == AFTER and kinds(s) == {"decline"}
    # Cycle needs a fate-free card and a deck.
    s = position(["the_judge", "the_stranger", "the_mirror", "the_huntress"], fates={1: [1], 2: [2], 3: [3], 4: [4]},
                 hand=(3, 5), stock=["the_prophet"])
    assert not legal(s, "cycle")
    s = position(["the_judge", "the_stranger", "the_mirror", "the_huntress"], hand=(3, 5), stock=["the_prophet"],
                 deck_size=0)
    assert not legal(s, "cycle")
    # A question does not oblige the group to predict.
    s = position(["the_judge", "the_stranger", "the_mirror", "the_huntress"], hand=(3, 5), stock=["dawn"])
    play(s, 1, 5)
    do(s, "ask", power="higher_than", x=2)
    assert "pass" in kinds(s)


def test_r35_a_used_power_goes_to_the_bottom_of_the_deck():
    s = position(["the_judge", "the_stranger", "the_mirror", "the_huntress"], hand=(3, 5), stock=["dawn"])
    play(s, 1, 5)
    do(s, "ask", power="higher_than", x=2)
    assert s.deck[0] == CARD["dawn"] and s.stock == [] and RULES.view(s, 1)["deck_bottom"] == ["dawn"]


def test_r36_a_power_stocked_during_fade_is_usable_from_the_next_turn():
    s = position(["the_beast", "the_judge", "the_key", "leviathan"], hand=(3, 4))
    play(s, 1, 3)
    assert "twice" not in kinds(s)
    do(s, "pass")
    do(s, "draw")
    act = legal(s, "play")[0]
    do(s, "play", slot=act["slot"], token=act["token"])
    to_group(s)
    assert "twice" in kinds(s)


# -- 5.8 Number lines ------------------------------------------------------------------------------------------


def test_r37_a_mark_toggles_and_has_no_rules_effect():
    s = position(["dawn", "midnight", "the_judge", "the_key"], hand=(2, 6))
    before = legal(s)
    do(s, "mark", seat=1, position=0, value=6)
    assert RULES.view(s, 2)["positions"][0]["marks"] == [False] * 5 + [True, False]
    assert legal(s) == before
    do(s, "mark", seat=2, position=0, value=6)
    assert s.marks[0] == 0


def test_r38_only_non_owners_mark_marks_persist_and_marks_are_never_decisions():
    s = position(["dawn", "midnight", "the_judge", "the_key"], hand=(2, 6), held={1: 4})
    assert not [a for a in RULES.side_actions(s, 1) if a["position"] == 1 and a.kind == "mark"]
    assert [a for a in RULES.side_actions(s, 0) if a["position"] == 1 and a.kind == "mark"]
    do(s, "mark", seat=0, position=1, value=3)
    play(s, 1, 6)
    to_group(s)
    do(s, "predict", value=2)
    assert s.marks[1] == 0b100
    for state in random_states(3, 5, 80):
        for seat in range(3):
            assert all(a.kind != "mark" for a in RULES.legal_actions(state, seat))


def test_r38_a_mark_changes_at_most_three_times_a_turn_so_a_save_stays_small():
    """Marks are side actions every save replays: set, taken back and set again, and then that mark stays as it
    is until the next turn starts; other marks are not affected. However hard one clicks, a turn's marks stay
    a few kilobytes in a save."""
    from game.core.saves import to_document

    match = Match(RULES, [Seat("A"), Seat("B"), Seat("C")], {"random_start": False}, 4)

    def offered(pos, v):
        return action(1, "mark", position=pos, value=v) in match.side_actions(1)

    for _ in range(MARK_CHANGES):
        match.apply(action(1, "mark", position=0, value=4))
    assert match.state.marks[0] == 0b1000  # odd: it ends set
    assert not offered(0, 4) and offered(0, 5) and offered(2, 4)
    with pytest.raises(IllegalAction):
        match.apply(action(1, "mark", position=0, value=4))
    # Everyone clicks every mark as often as they may: the turn's side actions come to an end.
    while True:
        marks = [a for seat in range(3) for a in match.side_actions(seat) if a.kind == "mark"]
        if not marks:
            break
        match.apply(marks[0])
    assert len(match.log) == 3 * 7 * MARK_CHANGES  # three lines of seven marks, whoever clicks them
    assert len(json.dumps(to_document(match))) < 20_000
    match.apply(action(0, "draw"))  # still the same turn
    assert not [a for a in match.side_actions(1) if a.kind == "mark"]
    while match.state.turn == 1:  # the next turn: every mark may change again
        match.apply(RandomBot().choose(SeatInfo(RULES, match.state, deciding(match.pending())[0].seat), Rng(1)))
    assert offered(0, 4)


def test_r39_a_line_resets_whenever_its_hand_empties():
    s = position(["the_blind_man", "the_key", "dawn", "midnight"], phase=DRAW, carried=3, bag=())
    s.marks[0] = 0b11
    do(s, "draw")
    play(s, 1, 3)  # one-fate turn
    assert s.marks[0] == 0
    s = position(["dawn", "midnight", "the_judge", "the_key"], hand=(2, 6), held={2: 7})
    s.marks[2] = 0b1
    play(s, 1, 6)
    do(s, "reveal", position=2)
    assert s.marks[2] == 0
    s = position(["dawn", "midnight", "the_judge", "the_key"], phase=DRAW, players=3)
    do(s, "join", seat=0, at=3)
    assert s.marks[3] == 0 and s.hand[3] == []


def test_r40_the_assist_uses_public_information_only_and_is_the_same_for_every_viewer():
    s = position(["midnight", "the_deep", "the_key", "leviathan"], hand=(1, 5), held={2: 5})
    play(s, 1, 1)
    views = [RULES.view(s, seat)["positions"][0]["ruled_out"] for seat in (None, 0, 1, 2)]
    assert views == [[1]] * 4
    s.options = {**s.options, "assist": False}
    assert RULES.view(s, 1)["positions"][0]["ruled_out"] == []


# -- 5.9 Reveals, communication, advice ------------------------------------------------------------------------


def test_r41_a_reveal_shows_the_value_returns_the_fate_and_the_seat_draws_two_next():
    s = position(["dawn", "midnight", "the_judge", "the_key"], hand=(2, 6), held={2: 7})
    play(s, 1, 6)
    events = do(s, "reveal", position=2)
    shown = first(events, "revealed").params()
    assert shown == {"pieces": (), "zone": "hand/2", "to": None, "why": "reveal", "position": 2, "value": 7}
    assert (first(events, "reveal")["src"], first(events, "reveal")["dst"]) == ("hand/2", "bag")
    assert tok(7) in s.bag and s.hand[2] == [] and s.carried[2] == NO
    do(s, "pass")
    do(s, "draw")
    do(s, "play", **{k: v for k, v in legal(s, "play")[0].args})
    to_group(s)
    do(s, "pass")
    assert s.active == 2
    do(s, "draw")
    assert len(s.hand[2]) == 2 and s.carried[2] == NO


def test_r42_the_active_player_has_no_channel_during_the_prediction():
    s = position(["dawn", "midnight", "the_judge", "the_key"], hand=(2, 6), held={1: 3})
    play(s, 1, 6)
    assert RULES.legal_actions(s, 0) == []  # in the reveal and predict steps the active player only waits
    to_group(s)
    assert RULES.legal_actions(s, 0) == []
    assert all(a["position"] != 0 for a in RULES.side_actions(s, 0))  # not even its own line


def test_r43_ai_advice_is_a_value_and_its_probability_from_public_information():
    s = position(["midnight", "the_deep", "the_key", "leviathan"], hand=(1, 5), held={1: 5})
    play(s, 1, 1)
    to_group(s)
    value, p = advice(RULES.view(s, 1), "easy")
    assert (value, round(p, 6)) == (5, 0.375)
    s.options = {**s.options, "open_advice": True}
    value, p = advice(RULES.view(s, 1), "easy")
    assert (value, round(p, 6)) == (5, round(2 / 7, 6))


# -- 5.10 The Restless Hours -----------------------------------------------------------------------------------


def test_r44_restless_used_powers_leave_the_game_but_a_cycled_card_returns_to_the_deck():
    s = position(["the_mirror", "the_key", "the_judge", "the_beast"], hand=(2, 4), stock=["the_rider", "dawn"],
                 options={"restless": True})
    do(s, "cycle", slot=1)
    assert s.removed == [CARD["the_rider"]] and s.deck[0] == CARD["the_mirror"]
    conserved(s)


def test_r45_restless_an_empty_deck_at_refill_loses_even_after_a_correct_prediction():
    s = position(["the_beast", "the_judge", "the_key", "leviathan"], hand=(3, 4), deck_size=0, spare="removed",
                 options={"restless": True})
    play(s, 1, 3)
    events = do(s, "predict", value=4)
    assert s.score == 1 and s.doom == 2 and s.outcome == "deck" and names(events)[-1] == "game_over"


def test_r46_restless_slots_never_stay_empty_and_score_seven_still_wins():
    s = position(["the_beast", "the_judge", "the_key", "leviathan"], hand=(3, 4), score=6, deck_size=0,
                 spare="removed", options={"restless": True})
    play(s, 1, 3)
    do(s, "predict", value=4)
    assert s.outcome == "won"
    for seed in range(3):
        for state in random_states(3, seed, 200, {"restless": True}):
            assert NO not in state.row or state.phase == OVER


# -- 5.11 Two-player challenge mode ----------------------------------------------------------------------------


def test_r47_challenge_mode_is_two_players_with_two_hands_and_lines_each():
    s = RULES.setup(2, {"challenge": True}, 4)
    assert len(s.owner) == 4 and sorted(s.owner) == [0, 0, 1, 1] and len(s.marks) == len(s.hand) == 4
    with pytest.raises(ValueError):
        RULES.setup(3, {"challenge": True}, 4)


def test_r48_challenge_turn_order_is_p1a_p2a_p1b_p2b():
    for seed in range(6):
        s = RULES.setup(2, {"challenge": True}, seed)
        p1 = s.owner[s.active]
        assert s.owner == [p1, 1 - p1, p1, 1 - p1] and s.order == [0, 1, 2, 3] and s.active == 0
    s = position(["dawn", "midnight", "the_judge", "the_key"], phase=DRAW, players=2, options={"challenge": True})
    seen = []
    for _ in range(8):
        seen.append((s.owner[s.active], "AB"[s.active // 2]))
        quick_turn(s)
    assert seen == [(0, "A"), (1, "A"), (0, "B"), (1, "B")] * 2


def test_r49_challenge_the_predictor_is_the_other_player_alone():
    s = position(["dawn", "midnight", "the_judge", "the_key"], hand=(2, 6), players=2, active=2,
                 options={"challenge": True})
    play(s, 1, 6)
    assert [d.seat for d in RULES.pending(s)] == [1]
    assert RULES.legal_actions(s, 0) == []  # P1 owns P1:A too, but knows the hidden fate


def test_r50_challenge_only_the_predicting_player_reveals_from_either_seat_and_marks_the_others_lines():
    s = position(["dawn", "midnight", "the_judge", "the_key"], hand=(2, 6), players=2, active=2,
                 held={0: 3, 1: 4, 3: 5}, options={"challenge": True})
    play(s, 1, 6)
    offered = []
    while s.phase == REVEAL:
        d = RULES.pending(s)[0]
        pos = dict(d.params)["position"]
        offered.append((d.seat, pos))
        do(s, "keep", position=pos)
    assert offered == [(1, 3), (1, 1)]  # never P1:A (position 0), held by the active player's owner
    assert {a["position"] for a in legal(s, "reveal")} == {1, 3}
    assert {a["position"] for a in RULES.side_actions(s, 1) if a.kind == "mark"} == {0, 2}
    assert {a["position"] for a in RULES.side_actions(s, 0) if a.kind == "mark"} == {1, 3}


def test_r51_challenge_combines_with_difficulty_and_restless_but_not_with_joining():
    s = RULES.setup(2, {"challenge": True, "restless": True, "difficulty": "hard"}, 2)
    assert s.doom == 4 and s.options["restless"]
    assert {a.kind for a in RULES.side_actions(s, 0)} == {"mark"}


# -- 5.12 Joining and leaving ----------------------------------------------------------------------------------


def test_r52_seats_change_only_between_turns_in_the_normal_mode_with_the_option_on():
    s = position(["dawn", "midnight", "the_judge", "the_key"], phase=DRAW)
    assert {"join", "leave"} <= {a.kind for a in RULES.side_actions(s, 1)}
    off = position(["dawn", "midnight", "the_judge", "the_key"], phase=DRAW, options={"join_leave": False})
    assert {a.kind for a in RULES.side_actions(off, 1)} == {"mark"}
    do(s, "draw")
    assert {a.kind for a in RULES.side_actions(s, 1)} == {"mark"}


def test_r53_a_joining_seat_takes_the_next_free_colour_an_empty_hand_and_a_chosen_place():
    s = position(["dawn", "midnight", "the_judge", "the_key"], phase=DRAW, players=3)
    s.colour = [0, 2, 3]  # colour 1 is free
    do(s, "join", seat=1, at=1)
    assert s.order == [0, 3, 1, 2] and s.colour[3] == 1 and s.hand[3] == [] and s.players == 4
    do(s, "join", seat=1, at=4)
    assert len(s.order) == 5 and s.colour[4] == 4 and not any(a.kind == "join" for a in RULES.side_actions(s, 1))
    while s.active != 3:
        quick_turn(s)
    do(s, "draw")
    assert len(s.hand[3]) == 2


def test_r54_a_leaving_seat_returns_its_fate_unseen_and_needs_two_players_to_remain():
    s = position(["dawn", "midnight", "the_judge", "the_key"], phase=DRAW, players=3, active=0, held={1: 6})
    events = do(s, "leave", seat=0, position=1)
    assert tok(6) in s.bag and s.hand[1] == [] and 1 not in s.order and s.left[1]
    assert all("value" not in e.params() for e in events)
    assert not any(a.kind == "leave" for a in RULES.side_actions(s, 0))  # two players left


def test_r55_the_next_seat_follows_the_one_that_just_played():
    s = position(["dawn", "midnight", "the_judge", "the_key"], phase=DRAW, players=3, active=2)
    assert s.last_played == 1
    do(s, "join", seat=0, at=2)  # between the one that just played and the active one
    assert s.order == [0, 1, 3, 2] and s.active == 3
    s = position(["dawn", "midnight", "the_judge", "the_key"], phase=DRAW, players=4, active=2)
    do(s, "leave", seat=0, position=1)  # the one that just played leaves: its successor that remains
    assert s.order == [0, 2, 3] and s.active == 2
    s = position(["dawn", "midnight", "the_judge", "the_key"], phase=DRAW, players=4, active=2)
    do(s, "leave", seat=0, position=2)  # the seat about to play leaves
    assert s.active == 3


def test_r55_a_seat_that_joined_since_is_never_chosen_when_the_one_that_just_played_leaves():
    """R55 (clarified): the fallback reads the order at the end of the turn just played, before any joins."""
    s = position(["dawn", "midnight", "the_judge", "the_key"], phase=DRAW, players=3, active=2)
    do(s, "join", seat=0, at=2)  # right after the one that just played (1), in its place
    assert s.order == [0, 1, 3, 2] and s.active == 3  # while 1 stays, the new order says 3
    do(s, "leave", seat=0, position=1)  # then 1 leaves: the next of the old order [0, 1, 2] that remains
    assert s.order == [0, 3, 2] and s.active == 2
    quick_turn(s)  # 2 plays; the new order now counts: 0 follows it, then 3
    assert s.active == 0
    # The same with the leave first and the join after it.
    s = position(["dawn", "midnight", "the_judge", "the_key"], phase=DRAW, players=4, active=2)
    do(s, "leave", seat=0, position=1)
    do(s, "join", seat=0, at=1)  # where the leaver sat
    assert s.order == [0, 4, 2, 3] and s.active == 2


# -- house rulings ---------------------------------------------------------------------------------------------


def test_h1_the_group_answer_is_one_input_and_ai_ties_go_to_the_lowest_value():
    from game.games.shipwreck_arcana.ai import top

    assert top([0, 0, 0, 0.5, 0.5, 0, 0]) == (4, 0.5)
    s = position(["dawn", "midnight", "the_judge", "the_key"], hand=(2, 6), players=5)
    play(s, 1, 6)
    assert len(deciding(RULES.pending(s))) == 1
    do(s, "predict", seat=4, value=2)
    assert RULES.pending(s)[0].kind == DRAW


def test_h2_ai_advice_ignores_its_own_held_fate_unless_open_advice_is_on():
    base = position(["midnight", "the_deep", "the_key", "leviathan"], hand=(1, 5), held={1: 2})
    other = position(["midnight", "the_deep", "the_key", "leviathan"], hand=(1, 5), held={1: 5})
    for s in (base, other):
        play(s, 1, 1)
        to_group(s)
    assert advice(RULES.view(base, 1), "normal") == advice(RULES.view(other, 1), "normal")
    for s in (base, other):
        s.options = {**s.options, "open_advice": True}
    assert advice(RULES.view(base, 1), "easy") != advice(RULES.view(other, 1), "easy")


def test_h3_twice_comes_before_the_first_prediction_values_differ_and_all_wrong_costs_one():
    s = position(["the_key", "the_judge", "the_beast", "midnight"], hand=(3, 5), stock=["the_mirror"], doom=2)
    play(s, 1, 3)
    to_group(s)
    do(s, "twice")
    do(s, "predict", value=4)
    with pytest.raises(AssertionError):
        do(s, "predict", value=4)
    do(s, "stop")
    assert s.doom == 3
    s = position(["the_judge", "the_stranger", "the_beast", "midnight"], hand=(3, 5), stock=["the_mirror"])
    play(s, 1, 3)
    do(s, "predict", value=1)
    assert s.stock == [CARD["the_mirror"]]  # never switched on after a prediction


def test_h4_the_chalice_says_no_on_equal_values_and_is_not_a_power():
    s = position(["the_chalice", "the_judge", "the_beast", "midnight"], hand=(4, 4), stock=["dawn"])
    events = play(s, 1, 4)
    assert first(events, "chalice")["higher"] is False and not s.power_used and "ask" in kinds(s)


def test_h5_discard_lower_may_take_the_played_fate_and_resolves_before_the_fade_check():
    s = position(["the_beast", "the_judge", "the_key", "midnight"], hand=(3, 4), stock=["leviathan"])
    play(s, 1, 3)
    assert {a["value"] for a in legal(s, "discard")} == {3}
    do(s, "discard", token=s.handles[tok(3)], value=3)
    assert RULES.view(s, 1)["fading"] == [] and ["test", "gt", 3, True] in s.clues[0]
    do(s, "pass")
    assert s.row[0] == CARD["the_beast"] and s.doom == 2
    # A fate moved by The Hours is a legal target too.
    s = position(["leviathan", "the_huntress", "the_servant", "the_mirror"], hand=(4, 5), stock=["the_shore"])
    play(s, 0, 4)
    do(s, "discard", token=s.handles[tok(4)], value=4)
    assert s.via_hours == [] and s.fates[0] == []


def test_h6_old_is_about_the_token_played_and_answers_new_when_nothing_was_carried():
    s = position(["the_judge", "the_stranger", "dawn", "midnight"], hand=(2, 4), stock=["the_key"], spare="stock")
    play(s, 1, 2)
    events = do(s, "old")
    assert first(events, "old")["answer"] is False


def test_h6_old_on_a_fresh_turn_keeps_the_public_deductions():
    s = position(["midnight", "the_deep", "the_judge", "leviathan"], hand=(1, 5), stock=["the_key"])
    play(s, 1, 1)
    before = RULES.view(s, 1)
    do(s, "old")  # "new", which says nothing on a fresh turn
    after = RULES.view(s, 1)
    assert after["positions"][0]["ruled_out"] == before["positions"][0]["ruled_out"] == [1]
    assert advice(after, "easy") == advice(before, "easy") is not None


def test_h7_cycle_needs_a_fate_free_target_and_a_deck_and_the_cycle_card_goes_under_the_replaced_one():
    s = position(["the_mirror", "the_key", "the_judge", "the_beast"], fates={2: [3]}, hand=(2, 4),
                 stock=["the_rider"], deck_top=["the_engine"])
    do(s, "cycle", slot=1)
    assert s.row[0] == CARD["the_engine"] and s.deck[:2] == [CARD["the_rider"], CARD["the_mirror"]]
    assert RULES.view(s, 1)["deck_bottom"] == ["the_rider", "the_mirror"]
    s = position(["the_mirror", "the_key", "the_judge", "the_beast"], hand=(2, 4), stock=["the_rider"],
                 deck_top=["the_engine"], deck_size=1)
    do(s, "cycle", slot=4)
    assert IDS[s.deck[-1]] == "the_beast"  # with one card in the deck, the target becomes the new top


def test_h8_v_for_the_prophet_and_the_rider_counts_their_own_fates_before_the_placement():
    s = position(["the_prophet", "the_rider", "the_judge", "the_key"], fates={1: [2], 2: [6]}, hand=(2, 5))
    assert (1, 5) in plays(s) and not [p for p in plays(s) if p[0] == 2]
    s = position(["the_prophet", "the_rider", "the_judge", "the_key"], hand=(2, 5))
    assert (2, 2) in plays(s) and (2, 5) in plays(s) and not [p for p in plays(s) if p[0] == 1]


def test_h9_higher_than_takes_x_from_1_to_6():
    s = position(["the_judge", "the_stranger", "the_mirror", "the_huntress"], hand=(3, 5), stock=["dawn"])
    play(s, 1, 5)
    assert {a["x"] for a in legal(s, "ask")} == set(range(1, 7))
    with pytest.raises(AssertionError):
        do(s, "ask", power="higher_than", x=7)


def test_h10_empty_deck_normal_game_the_hours_fate_goes_back_to_the_bag_with_no_arcana():
    s = position([None, None, None, None], hand=(2, 4), deck_size=0)
    assert plays(s) == {(0, 2), (0, 4)}
    events = play(s, 0, 2)
    assert first(events, "play")["target"] == 0 and tok(2) in s.bag and s.via_hours == []


def test_h11_the_bag_never_runs_short_in_play():
    for players in (2, 5):
        for seed in range(3):
            for state in random_states(players, seed, 300):
                if state.phase == DRAW:
                    assert len(state.bag) >= 7
                    assert sum(len(f) for f in state.fates) <= 9


def test_h12_ai_never_marks_and_the_assist_ignores_the_marks():
    s = position(["midnight", "the_deep", "the_key", "leviathan"], hand=(1, 5))
    play(s, 1, 1)
    before = RULES.view(s, 1)["positions"][0]["ruled_out"]
    do(s, "mark", seat=1, position=0, value=5)
    assert RULES.view(s, 1)["positions"][0]["ruled_out"] == before == [1]
    assert "mark" not in {a.kind for seat in range(3) for a in RULES.legal_actions(s, seat)}


def test_h13_challenge_the_active_player_cannot_reveal_its_other_seat_and_seats_are_fixed():
    s = position(["dawn", "midnight", "the_judge", "the_key"], hand=(2, 6), players=2, active=0,
                 held={2: 3}, options={"challenge": True})
    play(s, 1, 6)
    assert s.phase == PREDICT and not legal(s, "reveal") and RULES.pending(s)[0].seat == 1
    s.phase = DRAW
    assert {a.kind for a in RULES.side_actions(s, 1)} == {"mark"}


def test_h14_a_join_by_default_is_last_in_the_round_and_the_start_seat_still_starts():
    s = RULES.setup(3, {"random_start": False}, 9)
    assert s.active == 0 and s.turn == 1
    do(s, "join", seat=1, at=3)  # just before the start seat: last in the round
    assert s.order == [0, 1, 2, 3] and s.active == 0
    do(s, "leave", seat=1, position=1)
    assert s.active == 0 and s.order == [0, 2, 3]


def test_h15_several_fades_go_left_to_right_each_with_its_refill_and_doom_is_capped():
    # A fixture: The Beast already lies at its moons, so two cards fade this turn.
    s = position(["the_key", "the_judge", "the_beast", "midnight"], fates={1: [1, 1], 3: [2]}, hand=(4, 5),
                 deck_top=["the_lord", "the_noble"], doom=2)
    play(s, 1, 4)
    events = do(s, "pass")
    fade = [(label(e), e["slot"]) for e in events if label(e) in ("faded", "refill")]
    assert fade == [("faded", 1), ("refill", 1), ("faded", 3), ("refill", 3)]
    assert s.doom == 6 and [IDS[s.row[0]], IDS[s.row[2]]] == ["the_lord", "the_noble"]
    s = position(["the_key", "the_judge", "the_beast", "midnight"], fates={1: [1]}, hand=(4, 5), doom=6)
    play(s, 1, 4)
    do(s, "pass")
    assert s.doom == 7 and s.outcome == "doom"


def test_h16_an_illegal_play_cannot_be_made():
    match = Match(RULES, [Seat("A"), Seat("B")], {"random_start": False}, 3)
    match.apply(action(0, "draw"))
    hand = match.state.hand[0]
    legal_slots = {a["slot"] for a in match.legal_actions(0) if a.kind == "play"}
    bad = next(slot for slot in range(5) if slot not in legal_slots)
    with pytest.raises(IllegalAction):
        match.apply(action(0, "play", slot=bad, token=hand[0]))


def test_h17_the_log_and_the_clues_keep_the_via_the_hours_tag():
    s = position(["midnight", "leviathan", "the_huntress", "the_servant"], fates={1: [1]}, hand=(4, 4))
    events = play(s, 0, 4)
    assert first(events, "play")["slot"] == 0
    assert s.clues[0][0][0] == "play" and s.clues[0][0][4] == 0
    view = RULES.view(s, 2)
    assert [f["via_hours"] for f in view["row"][0]["fates"]] == [False, True]


def test_h18_an_impossible_value_may_still_be_named():
    s = position(["the_mirror", "leviathan", "the_huntress", "the_servant"], hand=(4, 4))
    play(s, 1, 4)  # h = 4 for certain
    assert RULES.view(s, 1)["positions"][0]["ruled_out"] == [1, 2, 3, 5, 6, 7]
    do(s, "predict", value=7)
    assert s.doom == 5  # wrong (+1) and The Mirror's fade (+2)


def test_h19_restless_the_deck_loss_comes_at_refill_even_on_a_correct_turn_and_doom_still_loses():
    s = position(["the_beast", "the_judge", "the_key", "leviathan"], hand=(3, 4), deck_size=0, spare="removed",
                 options={"restless": True})
    play(s, 1, 3)
    do(s, "predict", value=4)
    assert s.outcome == "deck"
    s = position(["the_beast", "the_judge", "the_key", "leviathan"], hand=(3, 4), doom=6,
                 options={"restless": True})
    play(s, 1, 3)
    do(s, "predict", value=1)
    assert s.outcome == "doom"


def test_h20_powers_are_labelled_by_their_printed_question_or_keyword():
    d = deck()
    labels = {p.id: p.name["en"] for p in d.powers}
    assert labels == {"higher_than": "Higher than?", "ask_123": "1-2-3?", "ask_147": "1-4-7?",
                      "ask_345": "3-4-5?", "ask_567": "5-6-7?", "twice": "Twice", "discard_lower": "Discard lower",
                      "old": "Old?", "cycle": "Cycle"}
    assert {c.id: c.power for c in d.arcana} == POWER and {c.id: c.moons for c in d.arcana} == MOONS
    assert {c.id: c.fade_doom for c in d.arcana} == {cid: 0 if cid == "the_blind_man" else 2 for cid in POWER}


def test_h21_hot_seat_plays_are_secret_inputs_and_the_predict_step_is_public():
    s = position(["dawn", "midnight", "the_judge", "the_key"], hand=(2, 6), held={2: 7})
    assert RULES.pending(s)[0].secret
    play(s, 1, 6)
    assert s.phase == REVEAL  # the AI reveal decisions come before the group's input
    do(s, "keep", position=2)
    assert not any(d.secret for d in RULES.pending(s))


def test_h22_the_start_seat_is_random_by_default():
    starts = {RULES.setup(4, {}, seed).active for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    assert {RULES.setup(4, {"random_start": False}, seed).active for seed in range(10)} == {0}


# -- what the table shows before a play (issue 10) -----------------------------------------------------------------


def test_play_preview_says_where_a_fate_lands_whether_the_card_fades_and_the_doom():
    from game.games.shipwreck_arcana.rules import play_preview

    s = position(["the_rider", "leviathan", "dawn", "the_blind_man"], fates={2: [7]}, hand=(3, 6))
    view = RULES.view(s, 0)
    assert play_preview(view, 1, 6) == {"slot": 1, "card": "the_rider", "load": 2, "moons": 2, "fades": True,
                                        "doom": 2}
    assert play_preview(view, 1, 3) == {"slot": 1, "card": "the_rider", "load": 1, "moons": 2, "fades": False,
                                        "doom": 0}
    assert play_preview(view, 2, 4)["load"] == 5 and play_preview(view, 2, 4)["fades"]  # 3 + 2 hours on 4 moons
    assert play_preview(view, 4, 6)["fades"] and play_preview(view, 4, 6)["doom"] == 0  # The Blind Man
    assert play_preview(view, 0, 3)["slot"] == 1  # R12: through The Hours onto the leftmost card
    # The preview agrees with what the engine then does (R28, R29).
    for slot, v in ((1, 6), (3, 6), (4, 6)):
        t = position(["the_rider", "leviathan", "dawn", "the_blind_man"], fates={2: [7]}, hand=(3, 6))
        expected = play_preview(RULES.view(t, 0), slot, v)
        doom = t.doom
        play(t, slot, v)
        assert (slot in RULES.view(t, 1)["fading"]) == expected["fades"]
        to_group(t)
        do(t, "pass")
        assert t.doom - doom == expected["doom"]
    empty = position([None, None, None, None], hand=(3, 6))
    assert play_preview(RULES.view(empty, 0), 0, 3) == {"slot": 0, "card": None, "load": 0, "moons": 0,
                                                        "fades": False, "doom": 0}
