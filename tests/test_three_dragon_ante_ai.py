"""Three-Dragon Ante bots: they never peek, answer every decision kind legally, and behave as §13 says."""

from __future__ import annotations

import pytest

from game.ai.arena import play_game
from game.ai.bot import SeatInfo, make_bot
from game.core import canon
from game.core.rng import Rng
from game.games.three_dragon_ante import RULES
from game.games.three_dragon_ante.ai import normal_policy
from game.games.three_dragon_ante.cards import table
from game.games.three_dragon_ante.flow import ANTE_REVEAL
from game.games.three_dragon_ante.state import ANTE, NO
from tests.tda import C, arrange, play, start_turn

LEVELS = ["easy", "normal", "hard"]


def bot(level):
    return make_bot("three_dragon_ante", level, iterations=24)


def choose(level, state, seat, seed=0):
    info = SeatInfo(RULES, state, seat)
    choice = bot(level).choose(info, Rng(seed))
    assert choice in info.legal
    return choice


def at_ante(s, sealed=None):
    """The state waiting for the sealed ante (D1), with `sealed` cards already chosen by some seats."""
    s.phase, s.round = ANTE, 0
    s.sealed = [C(c) if c else NO for c in (sealed or [None] * s.players)]
    s.ask = [NO, "ante", [], [], True]
    s.stack = [["gambit", ANTE_REVEAL, NO, NO]]
    return s


def positions(players=3, seeds=(1, 2), every=4):
    """Decision points of games played at random (Random 10), at every `every`-th decision; during the ante
    each seat's sealed choice is its own decision point, so later seats meet others' sealed antes."""
    out = []
    for seed in seeds:
        state = RULES.setup(players, {"specials": "random"}, seed)
        rng = Rng(seed + 50)
        count = 0
        while RULES.pending(state) and count < 400:
            decision = RULES.pending(state)[0]
            legal = RULES.legal_actions(state, decision.seat)
            if count % every == 0 or decision.kind != "play":
                out.append((RULES.copy(state), decision.seat))
            RULES.apply(state, legal[rng.below(len(legal))])
            count += 1
    return out


# -- no peeking (§8) -------------------------------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_bots_never_peek(level):
    """Re-dealing what a seat cannot see (other hands, the deck's order, others' sealed antes, the hidden
    specials of Random 10) leaves its whole input and its choice unchanged."""
    checked, sealed_others = 0, 0
    for i, (state, seat) in enumerate(positions()):
        if len(RULES.legal_actions(state, seat)) < 2:
            continue
        for k in range(2):
            twin = RULES.determinize(state, seat, Rng(1000 * i + k))
            assert twin.hands[seat] == state.hands[seat]
            a, b = SeatInfo(RULES, state, seat), SeatInfo(RULES, twin, seat)
            assert a.view == b.view and a.legal == b.legal
            assert canon.digest(RULES.to_json(a.base)) == canon.digest(RULES.to_json(b.base))
            assert bot(level).choose(a, Rng(i)) == bot(level).choose(b, Rng(i))
            checked += 1
        if state.phase == ANTE and any(c >= 0 for p, c in enumerate(state.sealed) if p != seat):
            sealed_others += 1
    assert checked > 40 and sealed_others > 2


def test_a_hidden_difference_changes_the_truth_but_not_the_choice():
    """The same seat-0 knowledge over two different truths: seat 1's hand and sealed ante, and the deck."""
    choices = set()
    for other_hand in (["gold_13", "red_12", "blue_11"], ["black_1", "white_2", "brass_1"]):
        s = at_ante(arrange(3, hands=[["red_3", "gold_6", "white_4"], other_hand, ["green_2", "green_4", "copper_3"]]),
                    [None, other_hand[0], None])
        for level in LEVELS:
            choices.add((level, choose(level, s, 0).args))
    assert len(choices) == len(LEVELS)


# -- every decision kind is answered legally (§9) --------------------------------------------------------


def kind_positions():
    """One position for each decision kind the colour powers and the flow ask."""
    out = {}
    out["ante"] = (at_ante(arrange(3, hands=[["red_3", "gold_6", "white_4"], ["gold_13"], ["green_2", "copper_3"]])), 0)
    s = arrange(3, hands=[["gold_6", "silver_3", "red_12"], ["brass_4", "black_2"], ["gold_2", "gold_4"]])
    start_turn(s, 1)
    out["play"] = (s.copy(), 1)
    play(s, 1, "brass_4")
    out["give_or_pay"] = (s, 0)
    s = arrange(3, hands=[[], ["blue_2", "black_2"], []], fill_hands=3, stakes=9)
    start_turn(s, 1)
    play(s, 1, "blue_2")
    out["blue_mode"] = (s, 1)
    s = arrange(3, hands=[[], ["bronze_3", "black_2"], []], ante=["red_2", "white_2", "gold_2"], fill_hands=3,
                stakes=9)
    start_turn(s, 1)
    play(s, 1, "bronze_3")
    out["bronze_pick"] = (s, 1)
    s = arrange(3, hands=[[], ["bronze_3", "black_2"], []], ante=["red_2", "white_3", "gold_6"], stakes=9)
    s.hands[1] += [c for c in s.deck[:8]]
    s.deck = s.deck[8:]
    start_turn(s, 1)
    play(s, 1, "bronze_3")
    out["bronze_keep"] = (s, 1)
    s = arrange(3, hands=[[], ["red_2", "black_2"], []], flights=[["gold_4"], [], ["blue_4"]], fill_hands=3,
                stakes=9)
    start_turn(s, 1)
    play(s, 1, "red_2")
    out["strongest"] = (s, 1)
    s = arrange(3, hands=[[], ["white_2", "black_2"], []], flights=[["gold_4"], [], ["blue_4"]], fill_hands=3,
                stakes=9)
    start_turn(s, 1)
    play(s, 1, "white_2")
    out["weakest"] = (s, 1)
    s = arrange(3, hands=[[], ["gold_4", "black_2"], []], flights=[[], ["green_4", "blue_4"], []],
                ante=["red_2", "white_3", "gold_6"], fill_hands=3, stakes=20)
    start_turn(s, 1)
    play(s, 1, "gold_4")
    out["ante_pick"] = (s, 1)
    return out


@pytest.mark.parametrize("level", LEVELS)
def test_every_decision_kind_is_answered_legally(level):
    found = kind_positions()
    for kind, (state, seat) in found.items():
        pending = RULES.pending(state)
        assert any(d.seat == seat and d.kind == kind for d in pending), kind
        choose(level, state, seat)
    assert set(found) == {"ante", "play", "give_or_pay", "blue_mode", "bronze_pick", "bronze_keep", "strongest",
                          "weakest", "ante_pick"}


SPECIALS = [table().ids[c] for c in table().specials]
SPECIAL_KINDS = {"wyrmling", "trickster_target", "trickster_trigger", "seer_keep", "dragonslayer", "illusionist",
                 "kobold", "princess", "prophet", "sorcerer"}


def special_positions():
    """A position for each choice a special's power asks: from random games with ten chosen specials (a third
    of the thirty each), and the two rarest arranged by hand."""
    out = {}
    for seed in range(60):
        s = RULES.setup(4, {"specials": "choose", "chosen": SPECIALS[10 * (seed % 3):10 * (seed % 3) + 10]}, seed)
        rng = Rng(seed)
        while RULES.pending(s):
            decision = RULES.pending(s)[0]
            legal = RULES.legal_actions(s, decision.seat)
            if len(legal) > 1 and decision.kind in SPECIAL_KINDS and decision.kind not in out:
                out[decision.kind] = (RULES.copy(s), decision.seat)
            RULES.apply(s, legal[rng.below(len(legal))])
    chosen = ["copper_trickster", "princess"] + [x for x in SPECIALS if x not in ("copper_trickster", "princess")][:8]
    s = arrange(3, hands=[["copper_trickster", "red_2"], ["copper_10", "brass_7"], ["red_3", "white_4"]],
                flights=[["black_2", "red_5"], [], []], specials="choose", chosen=chosen, stakes=9)
    start_turn(s, 0, round_no=3)
    play(s, 0, "copper_trickster")
    out["trickster_target"] = (s, 0)
    s = arrange(3, hands=[["princess", "red_2"], ["copper_10", "brass_7"], ["red_3", "white_4"]],
                flights=[["gold_4", "silver_3"], [], []], specials="choose", chosen=chosen, stakes=9)
    start_turn(s, 0, round_no=3)
    play(s, 0, "princess")
    out["princess"] = (s, 0)
    return out


@pytest.mark.parametrize("level", LEVELS)
def test_every_special_power_choice_is_answered_legally(level):
    found = special_positions()
    assert set(found) == SPECIAL_KINDS
    for kind, (state, seat) in found.items():
        assert any(d.seat == seat and d.kind == kind for d in RULES.pending(state)), kind
        choose(level, state, seat)


def test_normal_strikes_an_opponents_dragon_with_the_dragonslayer():
    """D17: Dragonslayer's targets include our own dragons; Normal discards the opponent's strongest."""
    chosen = ["dragonslayer"] + [x for x in SPECIALS if x != "dragonslayer"][:9]
    s = arrange(3, hands=[["dragonslayer", "red_2"], ["copper_10", "brass_7"], ["red_3", "white_4"]],
                flights=[["black_3"], ["red_7", "gold_13"], ["blue_2"]], specials="choose", chosen=chosen,
                stakes=9)
    start_turn(s, 0, round_no=2)
    play(s, 0, "dragonslayer")
    assert s.ask[:2] == [0, "dragonslayer"]
    assert choose("normal", s, 0)["choice"] == "red_7"


@pytest.mark.parametrize("level", LEVELS)
def test_an_unknown_decision_kind_gets_a_safe_legal_answer(level):
    """A power's choice no rule names (a special's, say) is looked ahead or answered safely, never an error."""
    s = arrange(3, hands=[["red_3", "gold_6"], ["black_2", "blue_4"], ["green_2"]], stakes=9)
    start_turn(s, 1)
    s.ask = [1, "mystery", ["decline", "black_2"], [], False]
    s.stack[-1][1] = 3  # the turn goes on to the special flights once the power is done
    s.stack.append(["mystery", 1, 1, C("blue_4")])
    from game.games.three_dragon_ante.effects import RESOLVERS, answer
    RESOLVERS["mystery"] = lambda state, f, events: answer(state) or True
    try:
        assert choose(level, s, 1).kind == "mystery"
    finally:
        del RESOLVERS["mystery"]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_level_plays_whole_games_legally(players):
    levels = [LEVELS[(players + i) % 3] for i in range(players)]
    for seed in range(2):
        record = play_game("three_dragon_ante", levels, seed, iterations=12)
        assert record.error is None, record.error
        assert record.winners


# -- behaviour (§13) --------------------------------------------------------------------------------------


def give_or_pay_position(gold: int, gift: str):
    """Seat 1's Brass 2 asks seat 0 (its right opponent) to give a good dragon stronger than 2 or pay 5."""
    s = arrange(3, hands=[[gift, "red_3", "white_4"], ["brass_2", "black_2"], ["green_2", "green_4"]],
                gold=[gold, 30, 30])
    start_turn(s, 1)
    play(s, 1, "brass_2")
    assert s.ask[0] == 0 and s.ask[1] == "give_or_pay"
    return s


def test_normal_pays_rather_than_give_a_strong_dragon_when_rich_and_gives_a_small_one_when_poor():
    assert choose("normal", give_or_pay_position(40, "gold_13"), 0)["choice"] == "pay"
    assert choose("normal", give_or_pay_position(7, "gold_6"), 0)["choice"] == "gold_6"


def test_normal_does_not_hand_the_left_opponent_a_trigger_for_nothing():
    """Leading, Black 2 and Black 9 both trigger and take 3 from small stakes; the 9 would let the left
    opponent trigger almost any card, so Normal leads the 2."""
    s = arrange(4, hands=[["black_2", "black_9", "white_4", "gold_6", "silver_7"], [], [], []], fill_hands=5,
                stakes=8)
    start_turn(s, 0)
    assert choose("normal", s, 0)["choice"] == "black_2"


def ante_position(hand):
    return at_ante(arrange(4, hands=[hand, [], [], []], fill_hands=6))


def test_normal_antes_a_useless_card_rather_than_break_up_a_colour():
    """§13: ante the card worth least to you: White 3 rather than the weakest card, Red 2, one of three Reds."""
    choice = choose("normal", ante_position(["red_2", "red_5", "red_7", "white_3", "gold_8", "blue_9"]), 0)
    assert choice["choice"] == "white_3"


def test_normal_antes_low_when_short_of_gold():
    """A high ante that the seat cannot pay becomes hole gold (R9): with 4 gold, nothing above 4."""
    s = ante_position(["gold_13", "red_12", "blue_11", "bronze_11", "white_6", "black_5"])
    s.gold[0] = 4
    assert C(choose("normal", s, 0)["choice"]) in (C("white_6"), C("black_5"))


def test_normal_keeps_the_third_card_of_a_colour_for_a_flight():
    """Two Reds in the flight and Red 5 in hand: completing the colour flight pays G × (n−1)."""
    s = arrange(4, hands=[["red_5", "gold_6", "white_3"], [], [], []], flights=[["red_8", "red_3"], [], [], []],
                fill_hands=4, stakes=12)
    start_turn(s, 0, round_no=3)
    assert choose("normal", s, 0)["choice"] == "red_5"


def blue_mode_choice(flights):
    """Seat 3 plays Blue 1 last in round 3 (it triggers: strength 1) and chooses the mode (D3)."""
    s = arrange(4, hands=[[], [], [], ["blue_1", "black_2", "white_1"]], flights=flights, fill_hands=3, stakes=12)
    start_turn(s, 3, round_no=3, leader=0, turns=3, round_cards=[f[-1] for f in flights[:3]] + [None])
    play(s, 3, "blue_1")
    assert s.ask[:2] == [3, "blue_mode"]
    return normal_policy(RULES, RULES.determinize(s, 3, Rng(3)), 3, RULES.legal_actions(s, 3), Rng(4))["choice"]


def test_normal_blue_mode_grows_stakes_it_wins_and_takes_the_gold_otherwise():
    """Mode B makes every opponent pay 3 into stakes that Blue's owner is about to win; when its flight is
    losing, mode A's gold is the better half."""
    weak = [["white_2", "brass_3"], ["green_2", "copper_3"], ["silver_2", "bronze_3"]]
    strong = [["gold_13", "red_12"], ["silver_12", "bronze_11"], ["blue_11", "gold_11"]]
    assert blue_mode_choice(weak + [["gold_13", "red_12"]]) == "b"
    assert blue_mode_choice(strong + [["white_2", "brass_3"]]) == "a"
