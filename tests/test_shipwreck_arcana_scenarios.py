"""The Shipwreck Arcana: the scenario checks 1–28 of shared/rules/shipwreck-arcana.md §12.

Unless a scenario says otherwise: the normal mode, Normal difficulty, no power in stock. Positions are built
with the fixtures of test_shipwreck_arcana_rules (`position`, `do`, `play`, ...).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

import pytest

from game.ai.bot import SeatInfo
from game.core.actions import action, deciding
from game.core.events import redact_all
from game.core.rng import Rng
from game.games.shipwreck_arcana import RULES
from game.games.shipwreck_arcana.ai import ArcanaBot, advice, belief, speaker_for, top
from game.games.shipwreck_arcana.cards import value_of
from game.games.shipwreck_arcana.inference import legal_set, normalised, posterior
from game.games.shipwreck_arcana.state import DRAW, NO, OVER, PLAY, REVEAL

from .test_shipwreck_arcana_rules import (
    CARD,
    IDS,
    PAIRS,
    conserved,
    do,
    first,
    kinds,
    legal,
    names,
    play,
    play_any,
    plays,
    position,
    quick_turn,
    spec_plays,
    to_group,
    tok,
)


def fractions(weights, limit=1000) -> list:
    return [Fraction(w).limit_denominator(limit) for w in normalised(weights)]


def public(s, pos=0) -> list:
    """The literal posterior (§13.2) on a position's held fate from public information."""
    return fractions(posterior(s.clues[pos]))


def possible(view, pos=0) -> list:
    """What the elimination assist leaves open."""
    return [v for v in range(1, 8) if v not in view["positions"][pos]["ruled_out"]]


# -- 1–9: plays and the turn -----------------------------------------------------------------------------------


def test_s01_legal_set():
    s = position(["dawn", "the_deep", "the_mirror", "the_servant"], hand=(2, 3))
    assert plays(s) == {(1, 3), (2, 2), (2, 3)}  # not The Mirror (not equal), not The Servant (both in 1-2-3)


def scenario_2(prediction: int):
    s = position(["midnight", "leviathan", "the_huntress", "the_servant"], fates={1: [1]}, hand=(4, 4),
                 deck_top=["the_key"], score=0, doom=2)
    assert plays(s) == {(0, 4)}
    play(s, 0, 4)
    assert s.fates[0] == [tok(1), tok(4)] and RULES.view(s, 1)["loads"][0] == 3
    s.marks[0] = 0b1000000
    events = do(s, "predict", value=prediction)
    return s, events


def test_s02_forced_hours_correct_prediction_waives_the_fade():
    s, events = scenario_2(4)
    assert first(events, "resolved")["correct"] and s.score == 1
    assert s.hand[0] == [] and s.marks[0] == 0
    assert first(events, "faded").params() == {"slot": 1, "card": "midnight", "doom": 0}
    assert {tok(1), tok(4, 0), tok(4, 1)} <= set(s.bag)
    assert [IDS[c] for c in s.stock] == ["midnight"] and s.doom == 2 and IDS[s.row[0]] == "the_key"


def test_s03_same_start_wrong_prediction():
    s, events = scenario_2(5)
    assert first(events, "resolved")["doom"] == 3
    assert s.doom == 5 and [IDS[c] for c in s.stock] == ["midnight"]


def test_s04_the_blind_man_fades_for_free():
    s = position(["the_blind_man", "the_judge", "the_key", "dawn"], hand=(6, 2), doom=2, deck_top=["the_lord"])
    play(s, 1, 6)
    do(s, "mark", seat=1, position=0, value=1)
    do(s, "pass")
    assert s.doom == 2 and [IDS[c] for c in s.stock] == ["the_blind_man"] and IDS[s.row[0]] == "the_lord"
    assert s.hand[0] == [tok(2)] and s.marks[0] == 0b1


def test_s05_loss_during_fade():
    s = position(["the_key", "the_judge", "the_mirror", "the_servant"], hand=(7, 1), score=2, doom=5)
    play(s, 1, 7)
    assert RULES.view(s, 1)["loads"][0] == 3
    events = do(s, "predict", value=2)
    assert first(events, "resolved")["doom"] == 6
    assert s.doom == 7 and s.outcome == "doom" and s.phase == OVER and names(events)[-1] == "game_over"


def test_s06_win_at_resolve():
    s = position(["the_beast", "the_judge", "the_mirror", "the_servant"], hand=(7, 6), score=6, doom=4)
    play(s, 1, 7)
    events = do(s, "predict", value=6)
    assert s.score == 7 and s.outcome == "won" and "faded" not in names(events)
    assert IDS[s.row[0]] == "the_beast" and [value_of(t) for t in s.fates[0]] == [7]
    assert RULES.result(s).team_won and RULES.result(s).winners == [0, 1, 2]


def test_s07_which_fate():
    row = ["dawn", "midnight", "the_blind_man", "the_judge"]
    assert not {slot for slot, _ in plays(position(row, hand=(5, 5)))} & {1, 2}
    got = plays(position(row, hand=(2, 6)))
    assert {p for p in got if p[0] in (1, 2)} == {(1, 6), (2, 2)}
    row = ["the_lord", "the_noble", "the_servant", "leviathan"]
    assert plays(position(row, hand=(5, 6))) == {(2, 5), (4, 5), (4, 6)}
    assert plays(position(row, hand=(3, 5))) == {(1, 5), (3, 3)}


def test_s08_the_prophet():
    row = ["the_prophet", "the_judge", "the_key", "the_mirror"]
    fates = {2: [3], 3: [6]}
    assert plays(position(row, fates=fates, hand=(6, 2))) == {(1, 2), (2, 2), (2, 6), (3, 2), (3, 6)}
    assert {p for p in plays(position(row, fates=fates, hand=(3, 6))) if p[0] == 1} == {(1, 3), (1, 6)}
    assert plays(position(row, fates=fates, hand=(4, 4))) == {(2, 4), (3, 4), (4, 4)}


def test_s09_the_rider_and_the_hours():
    row = ["the_rider", "the_mirror", "leviathan", "the_shore"]
    fates = {3: [3], 4: [5]}
    assert plays(position(row, fates=fates, hand=(2, 7))) == {(1, 2), (1, 7), (4, 2), (4, 7)}
    s = position(row, fates=fates, hand=(2, 3))
    assert plays(s) == {(0, 2), (0, 3)}
    assert first(play(s, 0, 3), "play")["target"] == 1 and s.fates[0] == [tok(3, 1)]
    assert plays(position(row, fates=fates, hand=(4, 4))) == {(2, 4)}


# -- 10–16: announcements and powers ---------------------------------------------------------------------------


@pytest.mark.parametrize("hand,played,answer", [((5, 2), 2, True), ((4, 4), 4, False), ((6, 1), 6, False)])
def test_s10_chalice_announcements(hand, played, answer):
    s = position(["the_chalice", "the_judge", "the_key", "the_mirror"], hand=hand)
    assert first(play(s, 1, played), "chalice")["higher"] is answer


@pytest.mark.parametrize("card,power,x,answer", [
    ("dawn", "higher_than", 4, False), ("midnight", "higher_than", 3, True), ("the_noble", "ask_345", None, True),
    ("the_blind_man", "ask_147", None, True), ("the_lord", "ask_567", None, False),
    ("the_servant", "ask_123", None, False)])
def test_s10_questions_on_a_hidden_4(card, power, x, answer):
    s = position(["the_judge", "the_stranger", "the_mirror", "the_huntress"], hand=(4, 2), stock=[card])
    play(s, 1, 2)
    assert value_of(s.hidden) == 4
    if power == "higher_than":
        assert {a["x"] for a in legal(s, "ask")} == set(range(1, 7))  # X = 7 cannot be entered
        events = do(s, "ask", power=power, x=x)
    else:
        events = do(s, "ask", power=power)
    assert first(events, "answered")["answer"] is answer


def test_s11_discard_lower_stops_a_fade():
    s = position(["the_key", "the_shore", "the_judge", "the_beast"], fates={1: [1], 2: [3]}, hand=(5, 3),
                 stock=["leviathan"])
    play(s, 1, 5)
    assert [a["value"] for a in legal(s, "discard")] == [1]
    events = do(s, "discard", token=s.handles[tok(1)], value=1)
    assert tok(1) in s.bag and RULES.view(s, 1)["loads"][0] == 2 and RULES.view(s, 1)["fading"] == []
    assert ["test", "gt", 1, True] in s.clues[0] and first(events, "discard_lower")["value"] == 1
    assert IDS[s.deck[0]] == "leviathan" and s.power_used
    events = do(s, "pass")
    assert "faded" not in names(events)


def test_s12_old():
    # The spec's row has The Key in slot 2, but The Key is the only Old? card; The Servant stands in for it
    # (neither is legal for {4, 6}).
    row = ["the_noble", "the_servant", "the_mirror", "dawn"]
    s = position(row, carried=4, hand=(6,), stock=["the_key"])
    play(s, 1, 4)
    assert first(do(s, "old"), "old")["answer"] is True and s.hidden == tok(6)
    for token, answer in ((tok(4, 1), False), (tok(4, 0), True)):
        s = position(row, carried=4, hand=(4,), stock=["the_key"])
        do(s, "play", slot=3, token=token)
        assert first(do(s, "old"), "old")["answer"] is answer


def scenario_13(*predictions, twice=True):
    s = position(["the_beast", "the_judge", "the_key", "midnight"], hand=(4, 5), stock=["the_mirror"], doom=2)
    play(s, 1, 4)
    assert RULES.view(s, 1)["fading"] == [1] and value_of(s.hidden) == 5
    if twice:
        do(s, "twice")
    events = []
    for v in predictions:
        events += do(s, "predict", value=v)
    return s, events


def test_s13_twice():
    s, events = scenario_13(3, 5)
    assert names(events)[:3] == ["predicted", "wrong_once", "predicted"]
    assert not any(e.reveals for e in events[:2])
    assert s.score == 1 and s.doom == 2 and IDS[s.deck[0]] == "the_mirror"
    s, events = scenario_13(3, 4)
    assert s.doom == 5
    s, _ = scenario_13(3)
    with pytest.raises(AssertionError):
        do(s, "predict", value=3)
    s, _ = scenario_13()
    events = do(s, "pass")
    assert "resolved" not in names(events) and s.stock == [CARD["the_beast"]] and s.doom == 4


def test_s14_one_power_per_turn():
    s = position(["the_judge", "the_stranger", "the_mirror", "the_huntress"], hand=(3, 5),
                 stock=["the_key", "dawn", "the_beast"])
    play(s, 1, 3)
    do(s, "old")
    assert not {"ask", "twice"} & kinds(s)
    do(s, "predict", value=5)
    assert [IDS[c] for c in s.stock] == ["dawn", "the_beast"]


def test_s15_cycle():
    s = position(["the_mirror", "the_key", "the_judge", "the_beast"], fates={2: [3]}, hand=(2, 4),
                 stock=["the_rider"], deck_top=["the_engine", "the_shore"])
    bottom = s.deck[0]
    assert {a["slot"] for a in legal(s, "cycle")} == {1, 3, 4}  # not The Key, which has a fate
    do(s, "cycle", slot=1)
    assert IDS[s.row[0]] == "the_engine" and IDS[s.deck[-1]] == "the_shore"
    assert s.deck[:3] == [CARD["the_rider"], CARD["the_mirror"], bottom]
    s = position(["the_mirror", "the_key", "the_judge", "the_beast"], hand=(2, 4), stock=["the_rider"], deck_size=0)
    assert not legal(s, "cycle")


def test_s16_carrying_a_fate():
    s = position(["dawn", "midnight", "the_judge", "the_key"], hand=(2, 6), players=3, active=1)
    play(s, 2, 2)
    do(s, "mark", seat=0, position=1, value=1)
    do(s, "mark", seat=2, position=1, value=2)
    do(s, "pass")
    assert s.hand[1] == [tok(6)] and s.marks[1] == 0b11
    quick_turn(s)
    quick_turn(s)
    assert s.active == 1
    bag = len(s.bag)
    do(s, "draw")
    assert len(s.bag) == bag - 1 and len(s.hand[1]) == 2 and s.marks[1] == 0b11
    play_any(s)
    to_group(s)
    do(s, "predict", value=1)
    assert s.marks[1] == 0 and s.hand[1] == []


# -- 17–22: reveals, empty decks, variants ---------------------------------------------------------------------


def test_s17_reveal_discard():
    s = position(["leviathan", "the_shore", "dawn", "the_judge"], fates={1: [7], 2: [7]}, hand=(3, 5), held={2: 7})
    play(s, 4, 3)
    assert possible(RULES.view(s, 1)) == [1, 3, 5, 7]
    assert public(s) == [Fraction(5, 16), 0, Fraction(5, 16), 0, Fraction(5, 16), 0, Fraction(1, 16)]
    assert s.phase == REVEAL and RULES.pending(s)[0].seat == 2
    bag = len(s.bag)
    do(s, "reveal", position=2)
    assert len(s.bag) == bag + 1 and s.hand[2] == [] and s.marks[2] == 0 and s.carried[2] == NO
    assert possible(RULES.view(s, 1)) == [1, 3, 5]
    assert public(s) == [Fraction(1, 3), 0, Fraction(1, 3), 0, Fraction(1, 3), 0, 0]


def test_s18_empty_deck_normal_game():
    s = position(["the_beast", "the_judge", "the_key", "leviathan"], hand=(3, 4), deck_size=0)
    assert len(s.stock) == 16 and CARD["dawn"] in s.stock
    play(s, 1, 3)
    to_group(s)
    do(s, "pass")
    assert s.row[0] == NO and s.doom == 4 and s.deck == []
    # The next seat holds {1, 2} after its draw (a fixture).
    s.hand[1] = [tok(1), tok(2)]
    s.bag = [t for t in s.bag if t not in s.hand[1]]
    s.phase = PLAY
    conserved(s)
    assert plays(s) == {(0, 1), (0, 2)}
    assert first(play(s, 0, 1), "play")["target"] == 2
    to_group(s)
    do(s, "ask", power="higher_than", x=3)
    assert s.deck == [CARD["dawn"]]
    to_group(s)
    do(s, "pass")
    assert s.row[0] == CARD["dawn"] and s.deck == []


def test_s19_the_restless_hours():
    s = position(["the_beast", "the_judge", "the_key", "leviathan"], hand=(3, 4), stock=["the_mirror"],
                 deck_size=0, spare="removed", options={"restless": True})
    play(s, 1, 3)
    do(s, "twice")
    assert CARD["the_mirror"] in s.removed and CARD["the_mirror"] not in s.deck
    events = do(s, "predict", value=4)
    assert s.score == 1 and first(events, "faded")["doom"] == 0 and s.doom == 2
    assert s.outcome == "deck" and s.phase == OVER and RULES.result(s).team_won is False


def test_s20_one_fate_turn():
    s = position(["the_chalice", "the_key", "the_mirror", "dawn"], phase=DRAW, bag=(5,), doom=2)
    s.marks[0] = 0b10
    do(s, "draw")
    assert [value_of(t) for t in s.hand[0]] == [5] and plays(s) == {(1, 5)}
    events = play(s, 1, 5)
    assert "chalice" not in names(events) and not {"predicted", "resolved"} & set(names(events))
    assert first(events, "faded")["card"] == "the_chalice" and s.doom == 4
    assert s.hand[0] == [] and s.marks[0] == 0 and s.active == 1
    s = position(["the_judge", "the_key", "the_mirror", "dawn"], phase=DRAW, bag=(5,))
    do(s, "draw")
    assert plays(s) == {(0, 5)} and first(play(s, 0, 5), "play")["target"] == 1
    s = position(["the_judge", "the_key", "the_mirror", "dawn"], phase=DRAW, bag=())
    events = do(s, "draw")
    assert names(events) == ["turn_started"] and s.active == 1  # nothing to draw, nothing to play


def test_s21_challenge_mode():
    s = position(["midnight", "the_deep", "the_key", "leviathan"], phase=DRAW, players=2,
                 options={"challenge": True})
    order = []
    for _ in range(5):
        order.append(f"P{s.owner[s.active] + 1}:{'AB'[s.active // 2]}")
        quick_turn(s)
    assert order == ["P1:A", "P2:A", "P1:B", "P2:B", "P1:A"]
    # P1:B's turn, with P1:A, P2:A and P2:B holding fates.
    s = position(["midnight", "the_deep", "the_key", "leviathan"], hand=(1, 5), players=2, active=2,
                 held={0: 6, 1: 5, 3: 5}, options={"challenge": True})
    play(s, 1, 1)
    offered = []
    while s.phase == REVEAL:
        d = RULES.pending(s)[0]
        pos = dict(d.params)["position"]
        offered.append((d.seat, pos))
        do(s, "keep", position=pos)
    assert offered == [(1, 3), (1, 1)] and [d.seat for d in RULES.pending(s)] == [1]
    assert {a["position"] for a in legal(s, "reveal")} == {1, 3}
    view = RULES.view(s, 1)
    assert belief(view, 2, ArcanaBot("easy").level, own=True)[4] == pytest.approx(1 / 6)  # both 5s excluded
    assert advice(view, "easy") == (5, 0.375)  # the default advice ignores them (H2)
    assert {a["position"] for a in RULES.side_actions(s, 1) if a.kind == "mark"} == {0, 2}


def test_s22_joining_and_leaving():
    s = position(["dawn", "midnight", "the_judge", "the_key"], hand=(2, 6), players=3, active=1)
    play(s, 2, 2)
    do(s, "pass")  # B carries the 6
    assert s.active == 2 and s.phase == DRAW
    do(s, "join", seat=0, at=3)
    assert s.order == [0, 1, 2, 3] and s.active == 2
    quick_turn(s)
    assert s.active == 3
    bag = len(s.bag)
    events = do(s, "leave", seat=0, position=1)
    assert len(s.bag) == bag + 1 and tok(6) in s.bag and "value" not in first(events, "left").params()
    assert s.order == [0, 2, 3] and s.active == 3 and not RULES.view(s, 0)["positions"][1]["in_play"]
    do(s, "leave", seat=0, position=0)
    assert not [a for a in RULES.side_actions(s, 2) if a.kind == "leave"]


# -- 23–28: the group, inference, views ------------------------------------------------------------------------


def test_s23_consensus():
    # R21(b): the value with the highest summed probability, a tie to the lowest value.
    ai1, ai2 = [0, 0, 0, 0.6, 0.4, 0, 0], [0, 0, 0, 0.3, 0.7, 0, 0]
    assert top([a + b for a, b in zip(ai1, ai2, strict=True)])[0] == 5
    assert top([2 * x for x in [0, 0, 0, 0.5, 0.5, 0, 0]])[0] == 4
    # All-AI predictors of one level see the same public posterior, so the one member who answers for the
    # group names the value of the summed posteriors.
    s = position(["midnight", "the_deep", "the_key", "leviathan"], fates={1: [4]}, hand=(1, 5), players=4)
    play(s, 1, 1)  # Midnight fades this turn, so the group predicts
    pending = RULES.pending(s)
    views = [RULES.view(s, d.seat) for d in pending]
    summed = [sum(x) for x in zip(*(belief(v, 0, ArcanaBot("easy").level) for v in views), strict=True)]
    answer = deciding(pending)
    assert len(answer) == 1
    choice = ArcanaBot("easy").choose(SeatInfo(RULES, s, answer[0].seat), Rng(1))
    assert choice.kind == "predict" and choice["value"] == top(summed)[0]
    # A mixed group: the human's entry is the prediction, whatever an AI advises.
    human = deciding(pending, humans={2})
    assert [d.seat for d in human] == [2]
    events = do(s, "predict", seat=2, value=4)
    assert first(events, "predicted").params() == {"seat": 2, "value": 4}


def scenario_24(own=None):
    held = {1: own} if own else None
    s = position(["midnight", "the_deep", "the_key", "leviathan"], hand=(1, 5), held=held)
    play(s, 1, 1)
    return s


def test_s24_literal_inference():
    s = scenario_24()
    eighth = Fraction(1, 8)
    assert public(s) == [0, eighth, eighth, eighth, 3 * eighth, eighth, eighth]
    assert RULES.view(s, 1)["positions"][0]["ruled_out"] == [1]
    for own, expected in ((5, [0] + [Fraction(1, 7)] * 3 + [Fraction(2, 7)] + [Fraction(1, 7)] * 2),
                          (1, [0, eighth, eighth, eighth, 3 * eighth, eighth, eighth])):
        s = scenario_24(own)
        view = RULES.view(s, 1)
        private = belief(view, 0, ArcanaBot("easy").level, own=True)
        assert [Fraction(x).limit_denominator(100) for x in private] == expected
        assert advice(view, "easy") == (5, 0.375)  # the default advice is not the private posterior (H2)


def test_s25_pragmatic_inference():
    s = scenario_24()
    clue = s.clues[0][0]
    informative = speaker_for(clue, None, informative=True)
    # S1 plays 1 on Midnight only with {1, 5}; The Deep says more for 2-4 and The Key for 6-7.
    for x in range(2, 8):
        chosen = {slot for (slot, _), prob in informative.policy(1, x, 0).items() if prob > 0}
        assert chosen == ({1} if x == 5 else {2} if x < 5 else {3}), x

    def l1(speaker, tau):
        lik = [speaker.policy(1, x, tau).get((1, 1), 0.0) for x in range(1, 8)]
        return normalised(posterior(s.clues[0], lambda c, prev: lik))

    assert l1(informative, 0)[4] == 1.0
    assert l1(informative, 0.1)[4] == pytest.approx(0.883, abs=5e-4)
    assert l1(speaker_for(clue, None, informative=False), 0)[4] == 1.0  # full utility at score 0, doom 2


def scenario_26():
    s = scenario_24()
    to_group(s)
    do(s, "pass")
    # No other fate becomes visible: the seat's next turn comes at once (a fixture), and it draws a 7.
    s.active, s.phase = 0, PLAY
    s.hand[0].append(tok(7))
    s.bag.remove(tok(7))
    s.carried[0] = s.hand[0][0]
    conserved(s)
    play(s, 4, 7)
    return s


def test_s26_carried_chain():
    s = scenario_26()
    fifth = Fraction(1, 5)
    assert public(s) == [0, 0, 0, fifth, 2 * fifth, fifth, fifth]
    assert RULES.view(s, 1)["positions"][0]["ruled_out"] == [1, 2, 3]
    assert fractions(posterior(s.clues[0] + [["old", True]])) == [0, 0, 0] + [Fraction(1, 4)] * 4
    sixth = Fraction(1, 6)
    assert fractions(posterior(s.clues[0] + [["old", False]])) == [0, 0, 0, sixth, 3 * sixth, sixth, sixth]


def test_s26_carried_chain_by_brute_force_over_token_identities():
    """Every way the 21 tokens could have been dealt to the seat: its first pair, then its one new draw."""
    row = ["midnight", "the_deep", "the_key", "leviathan"]
    first_play, second_play = tok(1, 0), tok(7, 0)
    counts = {None: [Fraction(0)] * 7, True: [Fraction(0)] * 7, False: [Fraction(0)] * 7}

    def likelihood(hand, token, slot, seen):
        a, b = (value_of(t) for t in hand)
        options = spec_plays(row, seen, a, b)
        if token not in hand or (slot, value_of(token)) not in options:
            return Fraction(0)
        same = Fraction(1, 2) if a == b else Fraction(1)  # which of two equal tokens is played
        return Fraction(1, len(options)) * same

    for pair in permutations(range(21), 2):  # ordered draws, each equally likely
        w1 = likelihood(pair, first_play, 1, set())
        if not w1:
            continue
        kept = pair[0] if pair[1] == first_play else pair[1]
        for new in range(21):
            if new in (kept, first_play):
                continue
            hand = (kept, new)
            w2 = likelihood(hand, second_play, 4, {1})
            if w2:
                held = new if second_play == kept else kept
                old = second_play == kept
                for key in (None, old):
                    counts[key][value_of(held) - 1] += w1 * w2
    s = scenario_26()
    assert public(s) == [x / sum(counts[None]) for x in counts[None]]
    for answer in (True, False):
        assert fractions(posterior(s.clues[0] + [["old", answer]])) == \
            [x / sum(counts[answer]) for x in counts[answer]]


def test_s27_views():
    def at_draw():
        for seed in range(2000):
            s = position(["dawn", "midnight", "the_judge", "the_key"], phase=DRAW, held={1: 6})
            s.rng = Rng(seed)
            twin = s.copy()
            RULES.apply(twin, action(0, "draw"))
            if sorted(value_of(t) for t in twin.hand[0]) == [3, 5]:
                return s
        raise AssertionError("no seed draws {3, 5}")

    s = at_draw()
    log = do(s, "draw")
    view = RULES.view(s, 1)
    assert view["positions"][0]["count"] == 2 and view["positions"][0]["hand"] == []
    assert [f["value"] for f in view["positions"][1]["hand"]] == [6]
    play(s, 4, 3)  # The Key: 3 + 5 = 8
    log += RULES.apply(s, action(1, "keep", position=1))
    assert RULES.view(s, 1)["positions"][0]["count"] == 1 and RULES.view(s, 2)["positions"][0]["hand"] == []
    seen = redact_all(log, 1)
    assert first(seen, "draw")["value"] is None and first(seen, "draw")["piece"] is None
    assert all(e.get("value") != 5 for e in seen)
    seen = redact_all(RULES.apply(s, action(1, "predict", value=1)), 1)
    assert first(seen, "resolved")["value"] == 5


def test_s28_the_blind_man_or_the_chalice_make_the_hours_impossible():
    rng = Rng(28)
    others = [c for c in range(20) if IDS[c] not in ("the_blind_man", "the_chalice")]
    for always in ("the_blind_man", "the_chalice"):
        for _ in range(12):
            cards = rng.sample(others, 3)
            cards.insert(rng.below(4), CARD[always])
            for seen in range(128):
                for a, b in PAIRS:
                    assert legal_set(tuple(cards), seen, a, b)
    s = position(["the_blind_man", "the_mirror", "the_rider", "the_prophet"], hand=(2, 3))
    assert all(a["slot"] != 0 for a in legal(s, "play"))
