"""Three-Dragon Ante rules (spec shared/rules/three-dragon-ante.md): the R and H rules by number and the §12
scenario checks S1… by number, on tables arranged card by card (tests/tda.py), plus random games."""

from __future__ import annotations

import pytest

from game.core.actions import Action
from game.core.events import redact
from game.core.rng import Rng
from game.core.rules import GameInfo
from game.games.three_dragon_ante import RULES, describe, validate_data
from game.games.three_dragon_ante import flights as fl
from game.games.three_dragon_ante.effects import missing_powers
from game.games.three_dragon_ante.flow import ANTE_ASK, TURN_DONE, WINNER
from game.games.three_dragon_ante.rules import INFO, determinize, run
from game.games.three_dragon_ante.state import ANTE, NO
from tests.tda import C, act, arrange, ids, kinds, play, start_turn


def ante_round(s, choices: list) -> list:
    """Start a gambit's ante on the arranged table and seal `choices` (seat order)."""
    s.stack = [["gambit", ANTE_ASK, NO, NO]]
    s.ask = []
    events: list = []
    run(s, events)
    for seat, card in enumerate(choices):
        events += act_ante(s, seat, card)
    return events


def act_ante(s, seat, card):
    return RULES.apply(s, Action(seat, "ante", (("choice", card),)))


def at_check(s, step=TURN_DONE, played_any=True) -> list:
    """Run the gambit frame from the end of a round's last turn (the scoring check R39 follows from round 3 on),
    or from Step 3 (WINNER), after a round in which cards were played."""
    s.played_any = played_any
    s.turns = s.players - 1
    s.stack = [["gambit", step, NO, NO]]
    s.ask = []
    events: list = []
    run(s, events)
    return events


def winner_of(events):
    won = [ev["seat"] for ev in events if ev.kind == "gambit_won"]
    return won[0] if won else None


# -- data, setup -------------------------------------------------------------------------------------------

def test_card_data_loads_and_every_standard_power_is_registered():
    assert "100 cards" in validate_data()
    assert not {"black", "blue", "brass", "bronze", "copper", "gold", "green", "red", "silver", "white",
                "tiamat"} & set(missing_powers())


@pytest.mark.parametrize("players", range(2, 7))
def test_setup_gold_hands_deck_and_specials(players):
    """§4: 10 × n gold, 6 cards each, 80 cards in play, 20 specials out; R49 a random start player."""
    s = RULES.setup(players, {}, 3)
    assert s.gold == [10 * players] * players and s.stakes == 0 and s.hole == 0
    assert all(len(h) == 6 for h in s.hands)
    assert len(s.deck) + 6 * players == 80 and len(s.out) == 20
    assert s.phase == ANTE and len(RULES.pending(s)) == players
    assert len({RULES.setup(players, {}, seed).start for seed in range(40)}) == players


def test_classic_and_chosen_specials():
    """§4 step 4, §10: Classic 10 and the host's 10; the pick option is validated and round-trips as a list."""
    s = RULES.setup(3, {"specials": "classic"}, 1)
    out = set(ids(s.out))
    assert not out & {"bahamut", "tiamat", "archmage", "thief"} and len(out) == 20
    chosen = ("queen", "thief", "sorcerer", "kobold", "druid", "fool", "tiamat", "bahamut", "dracolich", "prophet")
    s = RULES.setup(3, {"specials": "choose", "chosen": chosen}, 1)
    assert not out_set(s) & set(chosen)
    spec = INFO.option("chosen")
    assert spec.validate(list(chosen)) == chosen
    for bad in (chosen[:9], chosen[:9] + ("queen",), chosen[:9] + ("red_5",), "queen", 5):
        with pytest.raises(ValueError):
            spec.validate(bad)
    assert isinstance(INFO, GameInfo) and INFO.resolve_options({"chosen": list(chosen)})["chosen"] == chosen


def out_set(s):
    return set(ids(s.out))


# -- Step 1: the ante (R7–R11) --------------------------------------------------------------------------------

def test_s1_ante_stakes_and_leader():
    """S1, R9, R10: X = 8 from everyone; the highest unique strength (6) leads; play goes clockwise."""
    s = arrange(4, hands=[["red_8"], ["gold_8"], ["blue_6"], ["white_3"]], fill_hands=4)
    ante_round(s, ["red_8", "gold_8", "blue_6", "white_3"])
    assert s.gold == [32] * 4 and s.stakes == 32 and s.leader == 2
    order = []
    for _ in range(4):
        while s.ask[1] != "play":  # a power's question: any answer
            act(s, s.ask[0], s.ask[1], s.ask[2][0])
        seat = s.ask[0]
        order.append(seat)
        play(s, seat, s.ask[2][-1])
    assert order == [2, 3, 0, 1]


@pytest.mark.parametrize("players, values", [(4, ["red_8", "gold_8", "blue_6", "white_6"]),
                                             (2, ["black_9", "blue_9"]), (3, ["black_5", "brass_5", "copper_5"])])
def test_s2_all_tied_ante_fails(players, values):
    """S2, R8: nobody pays, the ante is discarded, everyone draws 1 and antes again."""
    s = arrange(players, hands=[[v] for v in values], fill_hands=4)
    events = ante_round(s, values)
    assert s.stakes == 0 and s.gold == [10 * players] * players
    assert set(ids(s.discard)) == set(values) and not s.ante
    assert all(len(h) == 4 for h in s.hands)
    assert s.phase == ANTE and len(RULES.pending(s)) == players and all(d.secret for d in RULES.pending(s))
    assert "ante_failed" in kinds(events)


def test_h14_the_tenth_failed_ante_stands():
    """H14: the 10th all-tied ante in a row stands; the leader is the first from the start player who anted
    the top strength."""
    s = arrange(4, hands=[["red_8"], ["gold_8"], ["blue_6"], ["white_6"]], fill_hands=4)
    s.start = 1
    s.stack = [["gambit", ANTE_ASK, NO, NO]]
    s.fails = 9
    s.ask = []
    run(s, [])
    for seat, card in enumerate(["red_8", "gold_8", "blue_6", "white_6"]):
        act_ante(s, seat, card)
    assert s.stakes == 32 and s.leader == 1


def test_s3_a_poor_player_antes_into_hole_gold():
    """S3, R9, R32: a player short of X pays all and records the rest as hole gold."""
    s = arrange(3, hands=[["black_9"], ["black_2"], ["blue_4"]], gold=[30, 5, 30], fill_hands=4)
    ante_round(s, ["black_9", "black_2", "blue_4"])
    assert s.gold == [21, 0, 21] and s.stakes == 23 and s.hole_gold == [0, 4, 0] and s.leader == 0


def test_r7_h9_a_player_with_no_card_buys_before_the_ante():
    s = arrange(3, hands=[[], ["black_2"], ["blue_4"]], deck_top=["red_5"], fill_hands=0)
    s.hands[1] += [C("gold_2")]
    s.hands[2] += [C("gold_4")]
    s.stack = [["gambit", ANTE_ASK, NO, NO]]
    run(s, [])
    assert len(s.hands[0]) == 4 and s.gold[0] == 25 and s.stakes == 5 and ids(s.discard) == ["red_5"]


def test_d1_sealed_ante_is_secret_until_all_are_in():
    """D1, §8: a sealed card is told to its owner only; the other seats see that a choice was made."""
    s = RULES.setup(3, {}, 2)
    card = RULES.legal_actions(s, 0)[0]
    events = RULES.apply(s, card)
    assert redact(events[0], 1)["card"] is None and redact(events[0], 0)["card"] == card["choice"]
    assert RULES.view(s, 1)["sealed"] == [True, False, False] and RULES.view(s, 1)["my_ante"] is None
    assert RULES.view(s, 0)["my_ante"] == card["choice"]
    assert [d.seat for d in RULES.pending(s)] == [1, 2]
    assert RULES.legal_actions(s, 0) == []


# -- Step 2: turns, the trigger rule, round cards (R12–R15, R38) ---------------------------------------------

def test_s4_triggers_and_the_next_leader():
    """S4, R15, R38."""
    s = arrange(3, hands=[["black_7", "gold_2"], ["red_10", "gold_4"], ["blue_4", "gold_6"]], stakes=30,
                fill_hands=4)
    start_turn(s, 0)
    play(s, 0, "black_7")
    assert s.stakes == 27 and s.gold[0] == 33
    events = play(s, 1, "red_10")
    assert "no_trigger" in kinds(events)
    play(s, 2, "blue_4")
    act(s, 2, "blue_mode", "a")
    assert s.gold == [32, 29, 32]
    assert s.round == 2 and s.leader == 1 and s.ask[:2] == [1, "play"]


@pytest.mark.parametrize("cards, leader, expected", [
    (["black_9", "blue_9", "white_4"], 0, 2), (["red_10", "copper_10", "black_5", "brass_5"], 1, 1),
    (["red_7", "black_7"], 1, 1)])
def test_s5_next_leader_ties(cards, leader, expected):
    """S5, R38: the highest strength held by exactly one round card leads; no such card, the same leader."""
    s = arrange(len(cards))
    s.round_cards = [C(c) for c in cards]
    s.leader = leader
    assert fl.next_leader(s) == expected


def test_r15_h8_no_round_card_before_means_no_trigger():
    s = arrange(3, hands=[["gold_2", "gold_4"], ["black_3", "black_5"], []], flights=[["red_8"], [], []],
                fill_hands=0)
    start_turn(s, 1, turns=1, leader=0, round_cards=[None, None, None])
    events = play(s, 1, "black_3")
    assert "no_trigger" in kinds(events)


def test_r15_equal_strength_triggers_and_stronger_does_not():
    s = arrange(3, hands=[[], ["black_5", "black_6"], []], flights=[["red_5"], [], []], stakes=20, fill_hands=3)
    start_turn(s, 1, turns=1, leader=0, round_cards=["red_5", None, None])
    assert "triggers" in kinds(play(s, 1, "black_5")) and s.stakes == 17


def test_s30_archmage_makes_every_play_trigger():
    """S30, R15 condition 2: Gold 13 after Black 2 triggers for an Archmage owner; the next compares to 13."""
    s = arrange(3, hands=[["gold_13", "gold_2"], ["red_12", "red_2"], ["black_2", "black_3"]],
                flights=[["silver_3"], [], []], stakes=20)
    s.archmage[0] = 1
    start_turn(s, 2, round_no=2)
    play(s, 2, "black_2")
    before = len(s.hands[0])
    assert "triggers" in kinds(play(s, 0, "gold_13"))
    assert len(s.hands[0]) == before - 1 + 2  # two good dragons in the flight
    assert "triggers" in kinds(play(s, 1, "red_12"))


def test_h12_a_player_with_no_card_skips_the_turn():
    s = arrange(2, hands=[[], ["black_2", "black_3"]], fill_hands=0)
    in_play = [c for c in s.deck]
    s.deck, s.discard = [], []
    s.flights[0] = in_play  # every other card is out of reach: no purchase can bring one
    events = start_turn(s, 0)
    assert "turn_skipped" in kinds(events) and s.ask[:2] == [1, "play"]


# -- special flights (R28–R31) ------------------------------------------------------------------------------

def test_s6_the_power_resolves_before_the_colour_flight_reward():
    """S6, R13c/d, R28, H10."""
    s = arrange(3, hands=[["white_2", "gold_2"], ["gold_4", "gold_6"], ["red_3", "red_7"]],
                flights=[["white_6", "white_1"], ["black_9", "red_5"], ["red_12", "gold_8"]])
    start_turn(s, 0, round_no=3, leader=2, turns=1, round_cards=[None, None, "red_12"])
    play(s, 0, "white_2")
    assert s.gold == [36, 26, 28] and s.colour_paid == [1, 0, 0]


def test_s7_green_1_cannot_receive_and_a_tied_top_strength_gives_g():
    """S7, D8, H32: the left opponent is still asked, with "pay" as the only answer; G = 5 from 5, 5, 1."""
    chosen = ("green_schemer", "thief", "sorcerer", "kobold", "druid", "fool", "tiamat", "bahamut", "dracolich",
              "prophet")
    s = arrange(3, hands=[["green_1", "gold_2"], ["red_3", "black_2"], ["gold_4", "gold_6"]],
                flights=[["green_5", "green_schemer"], [], ["blue_2"]], specials="choose", chosen=chosen)
    start_turn(s, 0, round_no=2, leader=2, turns=1, round_cards=[None, None, "blue_2"])
    play(s, 0, "green_1")
    assert s.ask[:3] == [1, "give_or_pay", ["pay"]] and RULES.pending(s)[0].secret
    act(s, 1, "give_or_pay", "pay")
    assert s.gold == [45, 20, 25]


def test_s8_colour_flight_then_strength_flight_with_ante_picks():
    """S8, R29, R31: the colour reward first, then the strength flight's 5 gold and two ante picks; neither
    again this gambit. (The Wyrmpriest's mark stands for its power, a Mortal's, here set directly.)"""
    chosen = ("green_schemer", "wyrmpriest", "sorcerer", "kobold", "druid", "fool", "tiamat", "bahamut",
              "dracolich", "prophet")
    s = arrange(3, hands=[["wyrmpriest", "gold_2"], ["red_3", "black_2"], ["gold_4", "gold_9"]],
                flights=[["green_5", "green_schemer"], [], ["copper_6"]], ante=["red_8", "gold_6", "blue_2"],
                stakes=20, specials="choose", chosen=chosen)
    s.marks.append(C("wyrmpriest"))
    start_turn(s, 0, round_no=2, leader=2, turns=1, round_cards=[None, None, "copper_6"])
    play(s, 0, "wyrmpriest")
    assert s.gold[1:] == [25, 25] and s.gold[0] == 30 + 10 + 5 and s.stakes == 15
    assert s.ask[:2] == [0, "ante_pick"] and len(s.ask[2]) == 3
    act(s, 0, "ante_pick", "red_8")
    act(s, 0, "ante_pick", "gold_6")
    assert ids(s.ante) == ["blue_2"] and {C("red_8"), C("gold_6")} <= set(s.hands[0])
    assert s.colour_paid[0] == 1 and s.strength_paid[0] == 1


def test_s9_strength_flight_with_nine_cards_in_hand():
    """S9, R29, R34: one pick fills the hand to 10; two ante cards stay."""
    s = arrange(3, hands=[["copper_7", "gold_2"], [], []], flights=[["silver_7", "black_7"], [], ["white_2"]],
                ante=["red_8", "gold_6", "blue_2"], stakes=20, fill_hands=10)
    start_turn(s, 0, round_no=2, leader=2, turns=1, round_cards=[None, None, "white_2"])
    play(s, 0, "copper_7")
    assert s.stakes == 13 and len(s.hands[0]) == 9
    act(s, 0, "ante_pick", "red_8")
    assert len(s.hands[0]) == 10 and len(s.ante) == 2 and s.ask[0] == 1


def test_s10_a_strength_flight_empties_the_stakes():
    """S10, R29 step 2, R42: no ante picks, P3's turn is cancelled, P1 wins 0; settlement and Step 5 follow."""
    s = arrange(3, hands=[["gold_2", "gold_4"], ["copper_6", "gold_9"], ["red_2", "red_3"]],
                flights=[["red_10", "blue_7", "black_3"], ["black_6", "gold_6"], ["bronze_6", "green_6"]],
                ante=["red_8", "gold_11", "blue_2"], stakes=5)
    start_turn(s, 1, round_no=1, leader=0, turns=1, round_cards=["black_3", None, None])
    gold = list(s.gold)
    events = play(s, 1, "copper_6")
    assert "stakes_empty" in kinds(events) and [ev["seat"] for ev in events if ev.kind == "gambit_won"] == [0]
    assert s.gold == [gold[0], gold[1] + 5, gold[2]]
    assert len(s.hands[1]) == 1 + 2 and s.phase == ANTE and s.gambit == 2 and s.start == 0
    assert C("red_8") in s.discard and not s.ante


def test_s33_tiamat_counts_as_every_evil_colour():
    s = arrange(2, flights=[["tiamat", "blue_4", "blue_2"], []])
    assert fl.colour_reward(s, 0) == 4
    s.flights[0] = [C("tiamat"), C("red_12"), C("red_2")]
    assert fl.colour_reward(s, 0) == 12
    s.flights[0] = [C("tiamat"), C("red_5"), C("blue_4")]
    assert fl.colour_reward(s, 0) == 0


def test_h1_three_mortals_and_h23_g_within_the_group():
    s = arrange(2, flights=[["thief", "druid", "fool", "red_12"], []])
    assert fl.colour_reward(s, 0) == 6  # Mortals 7, 6, 3: the second highest of the group, not of the flight
    s.flights[0] = [C("red_2"), C("red_3"), C("red_5"), C("red_12")]
    assert fl.colour_reward(s, 0) == 5


def test_r31_a_colour_reward_is_paid_once_per_gambit():
    s = arrange(3, hands=[["white_2", "white_3"], ["gold_4", "gold_6"], ["red_3", "red_7"]],
                flights=[["white_6", "white_1"], ["red_2"], ["red_5"]])
    s.colour_paid[0] = 1
    start_turn(s, 0, round_no=3)
    play(s, 0, "white_3")
    assert s.gold == [32, 28, 30]  # White's own 2 from the weakest, no second colour reward
    assert s.colour_paid == [1, 0, 0]


# -- powers (§6.1) ------------------------------------------------------------------------------------------

def test_s12_brass_give_or_pay_with_a_shortfall():
    """S12, D6: only Gold 6 may be given; paying 5 with 3 gold leaves 2 hole gold."""
    s = arrange(3, hands=[["gold_6", "silver_3", "red_12"], ["brass_4", "black_2"], ["gold_2", "gold_4"]],
                gold=[3, 30, 30])
    start_turn(s, 1)
    play(s, 1, "brass_4")
    assert s.ask[:3] == [0, "give_or_pay", ["pay", "gold_6"]]
    paid = s.copy()
    act(paid, 0, "give_or_pay", "pay")
    assert paid.gold[:2] == [0, 33] and paid.hole_gold[0] == 2
    events = act(s, 0, "give_or_pay", "gold_6")
    assert C("gold_6") in s.hands[1] and C("gold_6") not in s.hands[0]
    assert [ev["piece"] for ev in events if ev.kind == "moved" and ev["why"] == "give"] == ["gold_6"]
    assert RULES.view(s, 2)["known"] == [[1, "gold_6"]]


def test_give_or_pay_answer_is_private_but_the_result_public():
    """§8, D6: other seats see only the decision and then "paid" or "gave X"; the options are the answerer's."""
    s = arrange(3, hands=[["gold_6", "silver_3"], ["brass_4", "black_2"], ["gold_2", "gold_4"]])
    start_turn(s, 1)
    play(s, 1, "brass_4")
    assert RULES.view(s, 2)["ask"]["options"] is None and RULES.view(s, 0)["ask"]["options"] == ["pay", "gold_6"]
    assert RULES.legal_actions(s, 2) == [] and RULES.pending(s)[0].secret


def test_h15_a_gift_to_a_full_hand_is_revealed_and_stays():
    s = arrange(3, hands=[["gold_6", "silver_3"], ["brass_4"], ["gold_2", "gold_4"]], fill_hands=0)
    s.hands[1] += s.deck[:10]
    del s.deck[:10]
    start_turn(s, 1)
    play(s, 1, "brass_4")
    s.hands[1].append(s.deck.pop(0))  # full again (10)
    events = act(s, 0, "give_or_pay", "gold_6")
    assert C("gold_6") in s.hands[0] and "revealed" in kinds(events) and s.gold[1] == 30
    assert RULES.view(s, 2)["known"] == [[0, "gold_6"]]


def test_green_gives_weaker_evil_dragons_from_the_left():
    s = arrange(3, hands=[["green_6", "gold_2"], ["red_5", "black_7", "white_2", "gold_4"], []], fill_hands=2)
    start_turn(s, 0)
    play(s, 0, "green_6")
    assert s.ask[0] == 1 and s.ask[2] == ["pay", "red_5", "white_2"]


def test_s16_red_against_a_broke_opponent_who_then_buys():
    """S16, D4, §6.0 random card, R13e, R37."""
    s = arrange(3, hands=[["red_5", "gold_2"], ["gold_8", "gold_6"], ["silver_7"]],
                flights=[[], ["black_9", "black_5"], ["blue_9", "white_5"]], gold=[30, 30, 0], deck_top=["gold_4"])
    start_turn(s, 0)
    play(s, 0, "red_5")
    assert s.ask[:3] == [0, "strongest", [1, 2]]
    events = act(s, 0, "strongest", 2)
    take = next(ev for ev in events if ev.kind == "moved" and ev["why"] == "random_take")
    assert take["piece"] == "silver_7" and take.visible_to == {0, 2} and redact(take, 1)["piece"] is None
    assert s.hole_gold[2] == 1 + 4 and C("silver_7") in s.hands[0]
    assert len(s.hands[2]) == 4 and s.discard[-1] == C("gold_4") and s.gold[2] == 0


def test_red_ties_are_judged_on_current_strength_and_white_picks_the_weakest():
    """R27, D5: White makes the weakest opponent pay 2."""
    s = arrange(3, hands=[["white_2", "gold_2"], [], []], flights=[[], ["red_3"], ["red_2"]], fill_hands=2)
    start_turn(s, 0)
    play(s, 0, "white_2")
    assert s.gold == [32, 30, 28]


def test_s35_blue_mode_b_pays_into_the_stakes():
    s = arrange(3, hands=[["blue_1", "gold_2"], [], []], flights=[["red_3", "gold_6"], [], []], stakes=10,
                fill_hands=2)
    start_turn(s, 0)
    play(s, 0, "blue_1")
    act(s, 0, "blue_mode", "b")
    assert s.stakes == 16 and s.gold == [30, 27, 27]


def test_bronze_takes_the_two_weakest_with_tie_pick_and_keep_one():
    """§6.1 Bronze, D10, D11, H17."""
    s = arrange(3, hands=[["bronze_3", "gold_2"], [], []], ante=["red_8", "black_2", "blue_2", "white_2"],
                fill_hands=2)
    start_turn(s, 0)
    play(s, 0, "bronze_3")
    assert s.ask[:3] == [0, "bronze_pick", ["black_2", "blue_2", "white_2"]]
    act(s, 0, "bronze_pick", "blue_2")
    assert s.ask[:3] == [0, "bronze_pick", ["black_2", "white_2"]]
    act(s, 0, "bronze_pick", "white_2")
    assert ids(s.ante) == ["red_8", "black_2"] and {C("blue_2"), C("white_2")} <= set(s.hands[0])
    s = arrange(3, hands=[["bronze_3"], [], []], ante=["red_8", "black_2", "blue_4"], fill_hands=10)
    start_turn(s, 0)
    play(s, 0, "bronze_3")
    assert s.ask[:3] == [0, "bronze_keep", ["black_2", "blue_4"]]
    act(s, 0, "bronze_keep", "blue_4")
    assert ids(s.ante) == ["red_8", "black_2"] and len(s.hands[0]) == 10


def test_s14_copper_chain_and_the_round_card_follows():
    """S14, R22, H35."""
    s = arrange(3, hands=[["copper_3", "gold_2"], ["red_8", "gold_4"], []], deck_top=["copper_5", "black_9"],
                stakes=20, fill_hands=2)
    start_turn(s, 0, round_no=2)
    play(s, 0, "copper_3")
    assert ids(s.flights[0]) == ["black_9"] and s.round_cards[0] == C("black_9") and s.stakes == 17
    assert ids(s.discard[-2:]) == ["copper_3", "copper_5"]
    assert "triggers" in kinds(play(s, 1, "red_8"))


def test_s15_the_replacement_cap():
    """S15, R23, H13: Copper 1 reshuffles itself back ten times; the eleventh entry does not trigger."""
    s = arrange(6, hands=[["copper_1"], [], [], [], [], []], fill_hands=10)
    rest = list(s.deck)
    s.deck = []
    s.flights[1] = rest[:-1]
    s.ante = rest[-1:]
    s.colour_paid = s.strength_paid = [1] * 6
    s.stakes = 50
    events = start_turn(s, 0, round_no=4)
    events += play(s, 0, "copper_1")
    assert kinds(events).count("chain_limit") == 1 and kinds(events).count("triggers") == 1
    assert ids(s.flights[0]) == ["copper_1"] and s.round_cards[0] == C("copper_1") and not s.deck and not s.discard


def test_silver_and_gold_count_good_dragons_in_flights():
    s = arrange(3, hands=[["silver_2", "gold_2"], [], []], flights=[[], ["brass_1"], ["red_2"]], fill_hands=2)
    start_turn(s, 0)
    play(s, 0, "silver_2")
    assert [len(h) for h in s.hands] == [2, 3, 2]


# -- gold, purchases (R32–R37) ------------------------------------------------------------------------------

def test_s17_start_of_turn_purchase():
    """S17, R13a, R37: the price card is discarded face up, the shortfall is hole gold, the hand refills to 4."""
    s = arrange(3, hands=[[], ["gold_2"], []], deck_top=["red_12"], gold=[30, 4, 30], fill_hands=0)
    s.hands[0] = [C("gold_4"), C("gold_6")]
    events = start_turn(s, 1)
    assert ids(s.discard) == ["red_12"] and s.stakes == 4 and s.hole_gold[1] == 8
    assert len(s.hands[1]) == 4 and s.ask[:2] == [1, "play"] and "purchase" in kinds(events)


def test_s18_merchant_prince_payee():
    """S18, R37, H19: the price goes to the payee; the payee buying moves no gold."""
    chosen = ("merchant_prince", "thief", "sorcerer", "kobold", "druid", "fool", "tiamat", "bahamut", "dracolich",
              "prophet")
    s = arrange(3, hands=[["gold_2"], [], ["red_2"]], flights=[[], [], ["merchant_prince"]], deck_top=["gold_9"],
                gold=[20, 30, 30], specials="choose", chosen=chosen)
    s.payee = 2
    start_turn(s, 0)
    assert s.gold == [11, 30, 39] and s.stakes == 0 and len(s.hands[0]) == 4
    s = arrange(3, hands=[[], [], ["red_2"]], flights=[[], [], ["merchant_prince"]], deck_top=["gold_9"],
                specials="choose", chosen=chosen)
    s.payee = 2
    start_turn(s, 2)
    assert s.gold == [30, 30, 30] and s.hole_gold == [0, 0, 0]


def test_h11_r37_the_price_card_is_not_in_the_reshuffled_deck():
    s = arrange(3, hands=[[], ["gold_2"], []], fill_hands=0)
    s.discard = s.deck[:-1]
    s.deck = s.deck[-1:]
    price = s.deck[0]
    start_turn(s, 1)
    assert s.discard == [price]


def test_r32_paying_oneself_does_nothing():
    from game.games.three_dragon_ante.moves import pay
    s = arrange(2)
    assert pay(s, 0, 5, 0, []) == 0 and s.gold == [20, 20] and s.hole_gold == [0, 0]


def test_r34_no_draw_into_a_full_hand():
    from game.games.three_dragon_ante.moves import draw
    s = arrange(2, fill_hands=10)
    deck = len(s.deck)
    assert draw(s, 0, []) == NO and len(s.deck) == deck


# -- scoring, winner, settlement, end (R39–R49, §7) ---------------------------------------------------------

def test_s11_black_empties_the_stakes_and_a_tie_has_no_winner():
    """S11, R42, H6: no winner; settlement and Step 5 start with the last round's leader."""
    s = arrange(2, hands=[["black_3", "gold_2"], ["gold_4", "gold_6"]], flights=[["red_8"], ["gold_11"]], stakes=2)
    start_turn(s, 0, round_no=2)
    events = play(s, 0, "black_3")
    assert "no_winner" in kinds(events) and s.gold == [22, 20] and s.start == 0 and s.phase == ANTE


def test_s20_dragon_god_bars_and_h7():
    s = arrange(3, flights=[["bahamut", "black_1", "gold_8"], ["red_12", "silver_8"], ["black_9", "gold_9"]])
    assert fl.barred(s, 0) and fl.candidates(s) == [1]
    s = arrange(2, flights=[["bahamut", "red_2", "gold_4"], ["tiamat", "silver_3", "blue_1"]])
    assert fl.barred(s, 0) and fl.barred(s, 1) and fl.candidates(s) == [0]


def test_s21_druid_lowest_wins_and_ties_play_on():
    s = arrange(3, flights=[["red_10", "gold_8"], ["red_7", "black_5"], ["red_8", "blue_4"]])
    s.druid = True
    s.round = 3
    at_check(s)
    assert s.round == 4  # 12, 12: a tie for the lowest
    s = arrange(3, flights=[["red_12", "gold_13"], ["red_10", "copper_10"], ["red_8", "blue_6"]], stakes=9)
    s.druid = True
    s.round = 4
    assert winner_of(at_check(s)) == 2


def test_s22_dracolich_and_dragonrider_at_scoring():
    s = arrange(3, flights=[["dracolich", "red_7", "blue_2"], ["dragonrider", "gold_9", "silver_3"], ["red_12",
                                                                                                   "silver_12"]],
                specials="choose", chosen=("dracolich", "dragonrider", "sorcerer", "kobold", "druid", "fool",
                                           "tiamat", "bahamut", "thief", "prophet"))
    s.dracolich[0] = 1
    s.marks.append(C("dragonrider"))
    assert [fl.current(s, p) for p in range(3)] == [19, 18, 24]
    assert [fl.scoring(s, p) for p in range(3)] == [25, 15, 24] and fl.candidates(s) == [0]
    s.dracolich[0] = 0
    assert fl.candidates(s) == [2]
    s.flights[1] = [C("dragonrider"), C("red_3"), C("black_3")]
    assert fl.strength_reward(s, 1, at_scoring=True) == 3 and fl.strength_reward(s, 1) == 0
    assert fl.scoring(s, 1) == 9


def test_s22_a_dragonrider_strength_flight_at_the_scoring_check():
    """R30b: strength flights at scoring strengths, with the ante picks."""
    s = arrange(3, flights=[["dragonrider", "red_3", "black_3"], ["gold_2"], ["gold_4"]], ante=["red_8", "blue_9"],
                stakes=20, specials="choose", chosen=("dracolich", "dragonrider", "sorcerer", "kobold", "druid",
                                                      "fool", "tiamat", "bahamut", "thief", "prophet"),
                fill_hands=3)
    s.marks.append(C("dragonrider"))
    s.round = 3
    s.leader = 0
    at_check(s)
    assert s.stakes == 17 and s.ask[:2] == [0, "ante_pick"]


def test_s23_bronze_warlord_demands_round_4_once():
    s = arrange(3, flights=[["red_12", "gold_13", "black_5"], ["red_10", "copper_10", "black_3"], ["red_2"]],
                stakes=10)
    s.warlord[1] = 1
    s.round = 3
    at_check(s)
    assert s.round == 4
    s = arrange(3, flights=[["red_12", "gold_13", "black_5"], ["red_10", "copper_10", "black_3"], ["red_2"]],
                stakes=10)
    s.warlord[1] = 1
    s.round = 4
    assert winner_of(at_check(s)) == 0
    s = arrange(3, flights=[["red_2"], ["red_10", "copper_10", "black_3"], ["red_3"]], stakes=10)
    s.warlord[1] = 1
    s.round = 3
    assert winner_of(at_check(s)) == 1


def test_s24_priest_split_then_gold_monarch_gifts():
    s = arrange(3, flights=[["red_2"], ["red_3"], ["red_12"]], stakes=25, gold=[10, 10, 10], fill_hands=3)
    s.priest = True
    s.monarch[2] = 2
    at_check(s, WINNER)
    assert s.gold == [10 + 12 + 6, 10 + 6, 10 + 13 - 12]


def test_s25_settlement_and_game_end():
    s = arrange(3, flights=[["red_12"], ["red_2"], ["red_3"]], stakes=5, gold=[30, 5, 12], fill_hands=3)
    s.hole_gold = [0, 8, 2]
    events = at_check(s, WINNER)
    assert s.gold == [35, 0, 10] and s.hole == 7 and s.hole_gold == [0, 0, 0] and s.over
    result = RULES.result(s)
    assert result.winners == [0] and result.ranking == [1, 3, 2] and RULES.pending(s) == []
    assert "game_over" in kinds(events)
    s = arrange(3, flights=[["red_12"], ["red_2"], ["red_3"]], stakes=0, gold=[20, 0, 20], fill_hands=3)
    at_check(s, WINNER)
    assert RULES.result(s).winners == [0, 2] and RULES.result(s).ranking == [1, 3, 1]


def test_s34_a_tie_among_eligible_players_only():
    s = arrange(3, flights=[["tiamat", "gold_2", "copper_10"], ["red_12", "green_10"], ["red_10", "silver_12"]],
                stakes=10)
    s.round = 3
    at_check(s)
    assert s.round == 4


def test_r48_r49_step_5_draws_two_each_from_the_winner_who_starts_next():
    s = arrange(3, flights=[["red_2"], ["red_12"], ["red_3"]], stakes=9, fill_hands=3)
    at_check(s, WINNER)
    assert [len(h) for h in s.hands] == [5, 5, 5] and s.start == 1 and s.gambit == 2


def test_h33_the_game_ends_after_200_gambits():
    s = arrange(3, flights=[["red_2"], ["red_12"], ["red_3"]], stakes=9, fill_hands=3)
    s.gambit = 200
    at_check(s, WINNER)
    assert s.over and RULES.result(s).winners == [1]


def test_h12_no_card_played_in_a_whole_round_splits_the_stakes():
    s = arrange(3, flights=[["red_10"], ["copper_10"], ["red_2"]], stakes=11)
    s.round, s.start = 4, 1
    at_check(s, played_any=False)
    assert s.gold == [35, 36, 30] and s.winner == NO


# -- information (§8): views and determinization ------------------------------------------------------------

def test_determinize_keeps_what_the_seat_knows_and_redeals_the_rest():
    s = RULES.setup(4, {}, 9)
    for seat in range(4):
        RULES.apply(s, RULES.legal_actions(s, seat)[0])
    s.known.append([0, s.hands[1][0]])  # seat 0 took it at random
    other = determinize(s, 0, Rng(5))
    assert other.hands[0] == s.hands[0] and other.hands[1][0] == s.hands[1][0]
    assert RULES.view(other, 0) == RULES.view(s, 0)
    assert [len(h) for h in other.hands] == [len(h) for h in s.hands]
    assert other.hands[2] != s.hands[2] or other.deck != s.deck


def test_random_10_specials_are_resampled_consistently_with_those_seen():
    s = RULES.setup(3, {}, 4)
    seen = {c for c in s.hands[0] if c in s.out or c not in range(70)}
    samples = [determinize(s, 0, Rng(seed)) for seed in range(20)]
    assert len({tuple(x.out) for x in samples}) > 1
    for x in samples:
        assert len(x.out) == 20 and not seen & set(x.out)
        assert sorted(x.deck + sum(x.hands, []) + x.out) == list(range(100))


def test_sealed_choices_of_others_are_resampled():
    s = RULES.setup(3, {}, 4)
    RULES.apply(s, RULES.legal_actions(s, 1)[0])
    views = {determinize(s, 0, Rng(seed)).sealed[1] for seed in range(12)}
    assert len(views) > 1


# -- the log ------------------------------------------------------------------------------------------------

def test_describe_writes_lines_in_both_languages():
    from game.core.match import Match, Seat
    match = Match(RULES, [Seat("Ann"), Seat("Ben")], {"specials": "classic"}, 3)
    rng = Rng(3)
    for _ in range(30):
        seat = match.pending()[0].seat
        legal = match.legal_actions(seat)
        events = match.apply(legal[rng.below(len(legal))])
        for lang in ("en", "ja"):
            for line in describe(match, events, 0, lang):
                assert "{" not in line and line.strip()


# -- random games (H13, H14, H33: every game ends) ----------------------------------------------------------

@pytest.mark.parametrize("mode", ["random", "classic", "choose"])
@pytest.mark.parametrize("players", range(2, 7))
def test_random_games_end(players, mode):
    for seed in range(6):
        s = RULES.setup(players, {"specials": mode}, seed)
        rng = Rng(seed)
        steps = 0
        while RULES.pending(s):
            pending = RULES.pending(s)
            seat = pending[rng.below(len(pending))].seat
            legal = RULES.legal_actions(s, seat)
            RULES.apply(s, legal[rng.below(len(legal))])
            steps += 1
            assert steps < 20000
        cards = s.deck + s.discard + s.ante + s.reveal + s.out + sum(s.hands, []) + sum(s.flights, [])
        assert sorted(cards) == list(range(100))
        assert sum(s.gold) + s.hole + s.stakes == 10 * players * players


@pytest.mark.slow
def test_many_random_games_end():
    for seed in range(2000):
        players = 2 + seed % 5
        s = RULES.setup(players, {"specials": ("random", "classic", "choose")[seed % 3]}, seed)
        rng = Rng(seed)
        while RULES.pending(s):
            pending = RULES.pending(s)
            legal = RULES.legal_actions(s, pending[rng.below(len(pending))].seat)
            RULES.apply(s, legal[rng.below(len(legal))])


# -- the helpers the special powers are made of -------------------------------------------------------------

def test_a_private_look_into_the_reveal_zone_is_a_count_to_the_others():
    """§8 (the Silver Seer's look): the owner names the cards, the others see how many."""
    from game.games.three_dragon_ante.moves import reveal_from_deck
    s = arrange(3, deck_top=["gold_13", "red_12"], fill_hands=2)
    events: list = []
    assert reveal_from_deck(s, 0, events) == C("gold_13")
    zones = {v: {z["id"]: z for z in RULES.view(s, v)["zones"]}["reveal"] for v in (0, 1)}
    assert zones[0]["cards"] == ["gold_13"] and zones[1]["cards"] == [] and zones[1]["count"] == 1
    assert redact(events[-1], 1)["piece"] is None and RULES.view(s, 1)["reveal"] == 1
    other = determinize(s, 1, Rng(3))
    assert RULES.view(other, 1) == RULES.view(s, 1)


def test_a_card_taken_from_a_hand_is_no_longer_known_there():
    from game.games.three_dragon_ante.moves import take_from_hand
    s = arrange(3, hands=[["gold_2", "gold_4"], [], []], fill_hands=2)
    s.known.append([NO, C("gold_2")])
    assert take_from_hand(s, 0, C("gold_2")) == C("gold_2") and not s.known and C("gold_2") not in s.hands[0]


def test_a_power_nobody_has_written_yet_says_so_and_does_nothing():
    from game.games.three_dragon_ante.effects import missing
    s = arrange(3, flights=[["thief"], [], []], stakes=10)
    events: list = []
    assert missing(s, ["thief", 0, 0, C("thief")], events) and s.stakes == 10
    assert events[0].kind == "power_missing" and events[0]["card"] == "thief"


def test_turn_marker_changes_at_each_turn_and_each_ante():
    s = RULES.setup(3, {}, 6)
    marks = [RULES.turn_marker(s)]
    while s.phase == ANTE:
        RULES.apply(s, RULES.legal_actions(s, RULES.pending(s)[0].seat)[0])
    marks.append(RULES.turn_marker(s))
    assert marks[0] != marks[1]


def test_the_spectator_sees_no_hand_and_no_private_knowledge():
    s = arrange(3, hands=[["gold_2", "gold_4"], ["red_2"], []], fill_hands=2)
    s.known.append([0, C("red_2")])
    view = RULES.view(s, None)
    assert view["hand"] == [] and view["known"] == [] and view["viewer"] is None
    assert RULES.view(s, 0)["known"] == [[1, "red_2"]]


def test_a_chosen_set_survives_a_save(tmp_path):
    """§10, D24: the host's 10 picks are a list in the save file and a tuple again on loading."""
    from game.core import saves
    from game.core.match import Match, Seat
    chosen = ("queen", "thief", "sorcerer", "kobold", "druid", "fool", "tiamat", "bahamut", "dracolich", "prophet")
    match = Match(RULES, [Seat("A"), Seat("B"), Seat("C")], {"specials": "choose", "chosen": chosen}, 8)
    for _ in range(5):
        match.apply(match.legal_actions(match.pending()[0].seat)[0])
    path = tmp_path / "tda.json"
    saves.write(match, path)
    loaded, _ = saves.load(path)
    assert loaded.options["chosen"] == chosen and loaded.state_hash() == match.state_hash()
    assert not set(chosen) & out_set(loaded.state)
