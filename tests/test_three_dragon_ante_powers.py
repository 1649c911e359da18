"""Three-Dragon Ante: the 30 special cards' powers (spec shared/rules/three-dragon-ante.md §6.2, §6.3), each by
its effect key with the rules (R…), rulings (H…) and decisions (D…) it implements, and the §12 scenario checks
with special cards by number; each decision's asked seat, options and what the other seats see (§8). Tables
are arranged card by card (tests/tda.py); random games play with all 30 specials."""

from __future__ import annotations

import json

import pytest

from game.core.events import redact_all
from game.core.rng import Rng
from game.games.three_dragon_ante import RULES
from game.games.three_dragon_ante import flights as fl
from game.games.three_dragon_ante.cards import table
from game.games.three_dragon_ante.effects import missing_powers
from game.games.three_dragon_ante.log import line
from game.games.three_dragon_ante.rules import determinize
from game.games.three_dragon_ante.state import NO
from tests.tda import C, act, arrange, ids, kinds, play, start_turn

SPECIALS = [table().ids[c] for c in table().specials]
SPECIAL_KINDS = {"wyrmling", "trickster_target", "trickster_trigger", "seer_keep", "dragonslayer", "illusionist",
                 "kobold", "princess", "prophet", "sorcerer", "give_or_pay", "bronze_pick", "blue_mode"}
OTHERS = (["copper_10", "brass_7"], ["red_3", "white_4"])  # two cards each: no purchase at their turn


def with_specials(players: int, **kw):
    """arrange() under "Choose" with every special the table names among the 10 (the rest padded)."""
    named = {x for key in ("hands", "flights") for group in kw.get(key) or () for x in group}
    named |= set(kw.get("ante", ())) | set(kw.get("deck_top", ())) | set(kw.pop("extra", ()))
    chosen = [x for x in SPECIALS if x in named]
    chosen += [x for x in SPECIALS if x not in named][:10 - len(chosen)]
    return arrange(players, specials="choose", chosen=chosen, **kw)


def moves(events, why):
    return [ev["piece"] for ev in events if ev.kind == "moved" and ev["why"] == why]


def test_every_special_power_is_registered():
    assert missing_powers() == []


# -- Legendary Dragons (§6.2) -------------------------------------------------------------------------------

def test_bahamut_s32_mixed_flights_pay_10():
    """`bahamut`, S32: P2 (good + evil, 7 gold) pays 7 and owes 3 hole gold; P3 (evil only) pays nothing."""
    s = with_specials(3, hands=[["bahamut", "gold_2"], ["red_3", "brass_7"], ["red_5", "white_4"]],
                      flights=[[], ["silver_3", "black_5"], ["red_2", "blue_4"]], gold=[30, 7, 30])
    start_turn(s, 0, round_no=3)
    play(s, 0, "bahamut")
    assert s.gold == [37, 0, 30] and s.hole_gold == [0, 3, 0]


def test_bahamut_r17_bar_holds_without_a_trigger():
    """R17, R43: the Dragon God text works whether or not Bahamut triggered."""
    s = with_specials(2, flights=[["bahamut", "black_1", "gold_8"], ["copper_10", "red_10"]])
    assert fl.barred(s, 0) and fl.candidates(s) == [1]


def test_black_raider_s31_and_empty_stakes():
    """`black_raider`, S31: stakes 10 → 9, then 2, 3, 4 from the left; with stakes 1 nobody pays (R42)."""
    s = with_specials(4, hands=[["black_raider", "gold_2"], [], [], []], stakes=10, fill_hands=2)
    start_turn(s, 0)
    play(s, 0, "black_raider")
    assert s.stakes == 9 and s.gold == [40 + 1 + 9, 38, 37, 36]
    s = with_specials(4, hands=[["black_raider", "gold_2"], [], [], []], stakes=1, fill_hands=2)
    start_turn(s, 0)
    events = play(s, 0, "black_raider")
    assert "stakes_empty" in kinds(events) and s.gold == [41, 40, 40, 40]


@pytest.mark.parametrize("mode, gold, stakes", [("a", [34, 28, 28], 0), ("b", [30, 26, 26], 8)])
def test_blue_overlord_d3_amounts(mode, gold, stakes):
    """`blue_overlord`, D3: A, each opponent pays 2; B, each pays 2 per flight card (2 cards) into the stakes."""
    s = with_specials(3, hands=[["blue_overlord", "gold_2"], [], []], flights=[["red_3"], [], []], fill_hands=2)
    start_turn(s, 0)
    play(s, 0, "blue_overlord")
    assert s.ask[:3] == [0, "blue_mode", ["a", "b"]]
    act(s, 0, "blue_mode", mode)
    assert s.gold == gold and s.stakes == stakes


def test_brass_sultan_d7_left_then_right_private_threshold_8():
    """`brass_sultan`, D7, H32: the left opponent, then the right, gives a good dragon stronger than 8 or pays
    5; each question is private (the others see neither the options nor the answer, only the result)."""
    s = with_specials(3, hands=[["brass_sultan", "red_2"], ["gold_9", "gold_8", "red_8"], ["silver_6", "red_3"]])
    start_turn(s, 0)
    play(s, 0, "brass_sultan")
    assert s.ask[:3] == [1, "give_or_pay", ["pay", "gold_9"]] and RULES.pending(s)[0].secret
    for other in (0, 2):
        assert RULES.view(s, other)["ask"]["options"] is None and "gold_9" not in str(RULES.view(s, other)["ask"])
    events = act(s, 1, "give_or_pay", "gold_9")
    assert C("gold_9") in s.hands[0] and moves(events, "give") == ["gold_9"]
    assert s.ask[:3] == [2, "give_or_pay", ["pay"]]  # H32: the one-option prompt is still put
    events = act(s, 2, "give_or_pay", "pay")
    assert s.gold == [35, 30, 25] and "paid_instead" in kinds(events)


def test_brass_sultan_two_players_the_opponent_answers_twice():
    s = with_specials(2, hands=[["brass_sultan", "red_2"], ["gold_9", "gold_11", "red_8"]])
    start_turn(s, 0)
    play(s, 0, "brass_sultan")
    act(s, 1, "give_or_pay", "gold_11")
    assert s.ask[:3] == [1, "give_or_pay", ["pay", "gold_9"]]
    act(s, 1, "give_or_pay", "pay")
    assert C("gold_11") in s.hands[0] and s.gold == [25, 15]


def test_green_schemer_d9_evil_dragons_weaker_than_5():
    """`green_schemer`, D9: left first, then right; only evil dragons weaker than 5."""
    s = with_specials(3, hands=[["green_schemer", "red_2"], ["red_3", "black_5", "gold_2"], ["white_1", "silver_6"]])
    start_turn(s, 0)
    play(s, 0, "green_schemer")
    assert s.ask[:3] == [1, "give_or_pay", ["pay", "red_3"]]
    act(s, 1, "give_or_pay", "pay")
    assert s.ask[:3] == [2, "give_or_pay", ["pay", "white_1"]]
    act(s, 2, "give_or_pay", "white_1")
    assert C("white_1") in s.hands[0] and s.gold == [35, 25, 30]


def test_bronze_warlord_takes_two_weakest_and_records_the_demand():
    """`bronze_warlord`, D10 and R41: the weakest ante cards (three tied 2s: picked one at a time), then the
    effect — recorded even with an empty ante (public, R24)."""
    s = with_specials(3, hands=[["bronze_warlord", "red_2"], [], []], ante=["blue_6", "black_2", "gold_2", "white_2"],
                      fill_hands=2)
    start_turn(s, 0)
    play(s, 0, "bronze_warlord")
    assert s.ask[:3] == [0, "bronze_pick", ["black_2", "gold_2", "white_2"]]
    act(s, 0, "bronze_pick", "gold_2")
    assert s.ask[:3] == [0, "bronze_pick", ["black_2", "white_2"]]
    act(s, 0, "bronze_pick", "white_2")
    assert {"gold_2", "white_2"} <= set(ids(s.hands[0])) and ids(s.ante) == ["blue_6", "black_2"]
    assert s.warlord == [1, 0, 0]
    s = with_specials(3, hands=[["bronze_warlord", "red_2"], [], []], fill_hands=2)
    start_turn(s, 0)
    play(s, 0, "bronze_warlord")
    assert s.warlord == [1, 0, 0] and RULES.view(s, 1)["effects"]["bronze_warlord"] == [1, 0, 0]


def test_chromatic_wyrmling_s19_replacement_trigger_then_purchase():
    """`chromatic_wyrmling`, S19, D14, R22, R23, R13e: Black 9 takes the Wyrmling's place and triggers; the
    emptied hand buys (Silver 6); the next player compares against Black 9 (H35)."""
    s = with_specials(3, hands=[["chromatic_wyrmling", "black_9"], ["red_8", "copper_10"], ["red_3", "white_4"]],
                      deck_top=["silver_6"], stakes=20)
    start_turn(s, 0, round_no=2)
    events = play(s, 0, "chromatic_wyrmling")
    assert s.ask[:3] == [0, "wyrmling", ["decline", "black_9"]]
    events += act(s, 0, "wyrmling", "black_9")
    assert ids(s.flights[0]) == ["black_9"] and s.round_cards[0] == C("black_9")
    assert "chromatic_wyrmling" in ids(s.discard) and s.stakes == 17 + 6 and s.gold[0] == 30 + 3 - 6
    assert len(s.hands[0]) == 4 and "purchase" in kinds(events)
    assert "triggers" in kinds(play(s, 1, "red_8"))  # 9 ≤ Black 9


def test_chromatic_wyrmling_decline_and_no_evil_dragon():
    s = with_specials(3, hands=[["chromatic_wyrmling", "black_9"], *OTHERS], stakes=20)
    start_turn(s, 0)
    play(s, 0, "chromatic_wyrmling")
    act(s, 0, "wyrmling", "decline")
    assert ids(s.flights[0]) == ["chromatic_wyrmling"] and C("black_9") in s.hands[0]
    s = with_specials(3, hands=[["chromatic_wyrmling", "gold_9"], *OTHERS], stakes=20)
    start_turn(s, 0)
    play(s, 0, "chromatic_wyrmling")
    assert s.ask[0] == 1  # nothing asked of P1: the next turn is on


def test_chromatic_wyrmling_tiamat_enters_without_trigger():
    """§6.2: choosing Tiamat, Tiamat enters and nothing happens (it has no power)."""
    s = with_specials(3, hands=[["chromatic_wyrmling", "tiamat", "red_2"], *OTHERS], stakes=20)
    start_turn(s, 0)
    play(s, 0, "chromatic_wyrmling")
    before = (list(s.gold), s.stakes, [len(h) for h in s.hands])
    act(s, 0, "wyrmling", "tiamat")
    before[2][0] -= 1  # Tiamat left the hand; nothing else moved
    assert ids(s.flights[0]) == ["tiamat"] and (s.gold, s.stakes, [len(h) for h in s.hands]) == before
    assert s.round_cards[0] == C("tiamat")


def test_metallic_wyrmling_d15_bahamut_triggers_its_power():
    s = with_specials(3, hands=[["metallic_wyrmling", "bahamut", "black_9"], ["copper_10", "brass_7"],
                                ["red_5", "white_4"]],
                      flights=[[], ["gold_4", "red_3"], []], stakes=20)
    start_turn(s, 0)
    play(s, 0, "metallic_wyrmling")
    assert s.ask[2] == ["decline", "bahamut"]
    act(s, 0, "wyrmling", "bahamut")
    assert ids(s.flights[0]) == ["bahamut"] and s.gold[:2] == [40, 20]


def test_copper_trickster_s36_target_and_optional_trigger():
    """`copper_trickster`, S36, D12, D13, H31: another card of the flight (mandatory) is replaced by the deck's
    top card (Gold 13), which may trigger: two good dragons, two draws. The round card stays the Trickster."""
    s = with_specials(3, hands=[["copper_trickster", "red_2"], *OTHERS],
                      flights=[["black_2", "red_5"], [], []], deck_top=["gold_13"], stakes=20)
    start_turn(s, 0, round_no=3)
    play(s, 0, "copper_trickster")
    assert s.ask[:3] == [0, "trickster_target", ["black_2", "red_5"]]
    act(s, 0, "trickster_target", "black_2")
    assert ids(s.flights[0]) == ["gold_13", "red_5", "copper_trickster"] and "black_2" in ids(s.discard)
    assert s.ask[:3] == [0, "trickster_trigger", ["trigger", "skip"]]
    skipped = s.copy()
    act(skipped, 0, "trickster_trigger", "skip")
    assert len(skipped.hands[0]) == 1
    act(s, 0, "trickster_trigger", "trigger")
    assert len(s.hands[0]) == 3 and s.round_cards[0] == C("copper_trickster")


def test_copper_trickster_h18_archmage_makes_the_trigger_mandatory_and_alone_does_nothing():
    s = with_specials(3, hands=[["copper_trickster", "red_2"], *OTHERS],
                      flights=[["black_2"], [], []], deck_top=["gold_13"], stakes=20)
    s.archmage[0] = 1
    start_turn(s, 0)
    play(s, 0, "copper_trickster")  # one target: no question; under the Archmage no D13 either
    assert ids(s.flights[0]) == ["gold_13", "copper_trickster"] and len(s.hands[0]) == 3 and s.ask[0] == 1
    s = with_specials(3, hands=[["copper_trickster", "red_2"], *OTHERS], stakes=20)
    start_turn(s, 0)
    play(s, 0, "copper_trickster")
    assert ids(s.flights[0]) == ["copper_trickster"] and s.ask[0] == 1


def test_dracolich_records_the_scoring_bonus():
    """`dracolich`, R26, H29: the effect is recorded for the owner when it triggers; +2 per evil dragon."""
    s = with_specials(3, hands=[["dracolich", "red_2"], *OTHERS], flights=[["red_7", "blue_2"], [], []])
    start_turn(s, 0)
    play(s, 0, "dracolich")
    assert s.dracolich == [1, 0, 0] and fl.current(s, 0) == 19 and fl.scoring(s, 0) == 25


def test_gold_monarch_draws_and_owes_gifts():
    """`gold_monarch`, R44: a draw per good dragon (Gold Monarch and Gold 2), then one gift round recorded."""
    s = with_specials(3, hands=[["gold_monarch", "red_2"], *OTHERS],
                      flights=[["gold_2", "red_5"], [], []])
    start_turn(s, 0)
    play(s, 0, "gold_monarch")
    assert len(s.hands[0]) == 3 and s.monarch == [1, 0, 0]


def test_red_destroyer_strongest_pays_10_and_a_private_random_card():
    """`red_destroyer`, D4, §6.0: the tied strongest opponents are the owner's pick; the card taken is named
    only to the taker and the victim."""
    s = with_specials(3, hands=[["red_destroyer", "red_2"], ["gold_4", "brass_7"], ["gold_6"]],
                      flights=[[], ["blue_9"], ["red_3", "blue_6"]], deck_top=["white_2"], stakes=20)
    start_turn(s, 0)
    play(s, 0, "red_destroyer")
    assert s.ask[:3] == [0, "strongest", [1, 2]]
    events = act(s, 0, "strongest", 2)
    assert s.gold == [40, 30, 20 - 2] and C("gold_6") in s.hands[0]  # P3, emptied, buys (R13e): price 2
    assert moves(redact_all(events, 1), "random_take") == [None]
    assert moves(redact_all(events, 2), "random_take") == ["gold_6"]


def test_silver_seer_d16_private_look_and_keep():
    """`silver_seer`, D16, §8: Silver's draws (you first), then the top 3 seen by the owner alone; one kept in
    secret, the others discarded face up."""
    s = with_specials(3, hands=[["silver_seer", "red_2"], *OTHERS], flights=[[], ["gold_4"], []],
                      deck_top=["black_1", "blue_1", "white_1", "copper_1", "green_1"])
    start_turn(s, 0)
    events = play(s, 0, "silver_seer")
    assert ids(s.hands[0][-1:]) == ["black_1"] and ids(s.hands[1][-1:]) == ["blue_1"]
    assert s.ask[:3] == [0, "seer_keep", ["white_1", "copper_1", "green_1"]] and RULES.pending(s)[0].secret
    other = RULES.view(s, 1)
    assert other["reveal"] == 3 and other["ask"]["options"] is None and "white_1" not in str(other)
    assert RULES.view(s, 0)["reveal"] == ["white_1", "copper_1", "green_1"]
    assert moves(redact_all(events, 1), "look") == [None] * 3
    events = act(s, 0, "seer_keep", "copper_1")
    assert C("copper_1") in s.hands[0] and ids(s.discard[-2:]) == ["white_1", "green_1"] and not s.reveal
    assert moves(redact_all(events, 2), "seer_keep") == [None] and "copper_1" not in str(RULES.view(s, 2)["zones"])


def test_silver_seer_h16_full_hand_puts_the_card_back_known_to_the_owner():
    s = with_specials(3, hands=[["silver_seer", "red_2"], *OTHERS],
                      deck_top=["white_1", "copper_1", "green_1"], fill_hands=0)
    s.hands[0] += s.deck[:9]
    del s.deck[:9]
    start_turn(s, 0)
    play(s, 0, "silver_seer")  # 10 in hand before, 9 after the play: the Silver part draws no card (no dragon)
    s.hands[0].append(s.deck.pop(0))  # full again
    act(s, 0, "seer_keep", "copper_1")
    assert s.deck[-1] == C("copper_1") and RULES.view(s, 0)["deck_top"] == "copper_1"
    assert RULES.view(s, 1)["deck_top"] is None and "copper_1" not in ids(s.discard)


def test_white_hunter_weaker_opponents_pay_3_ties_do_not():
    s = with_specials(4, hands=[["white_hunter", "red_2"], [], [], []], flights=[[], ["red_7"], ["red_8"], []],
                      fill_hands=2)
    start_turn(s, 0)
    play(s, 0, "white_hunter")
    assert s.gold == [43, 40, 40, 37]


# -- Mortals (§6.3) -----------------------------------------------------------------------------------------

def test_archmage_records_the_effect_for_its_owner():
    """`archmage`, R15 condition 2: triggered, it makes the owner's later plays trigger."""
    s = with_specials(3, hands=[["archmage", "red_12"], *OTHERS], stakes=20)
    start_turn(s, 0)
    play(s, 0, "archmage")
    assert s.archmage == [1, 0, 0] and RULES.view(s, 2)["effects"]["archmage"] == [1, 0, 0]


def test_druid_priest_merchant_prince_flags():
    """`druid` (R43), `priest` (R44), `merchant_prince` (R37): flags the flow reads; a second trigger changes
    nothing."""
    for key, check in (("druid", lambda s: s.druid), ("priest", lambda s: s.priest),
                       ("merchant_prince", lambda s: s.payee == 0)):
        s = with_specials(3, hands=[[key, "red_2"], *OTHERS], stakes=20)
        start_turn(s, 0)
        events = play(s, 0, key)
        assert check(s) and "effect_recorded" in kinds(events)


def test_s21_druid_played_lowest_wins():
    """S21 with the Druid played: the weakest flight is the single candidate (R43)."""
    s = with_specials(3, hands=[["red_2", "red_3"], ["druid", "copper_10"], ["white_4", "brass_7"]],
                      flights=[["silver_12"], [], ["red_5"]])
    start_turn(s, 1)
    play(s, 1, "druid")
    assert s.druid and fl.candidates(s) == [2]


def test_dragonrider_and_wyrmpriest_mark_this_card():
    """`dragonrider` (R26), `wyrmpriest` (R28): the card is marked while it stays in a flight; the mark ends
    when it leaves (R22)."""
    s = with_specials(3, hands=[["dragonrider", "red_2"], ["copper_10", "brass_7"], ["red_5", "white_4"]],
                      flights=[["red_3", "black_5"], [], []])
    start_turn(s, 0)
    play(s, 0, "dragonrider")
    assert s.marks == [C("dragonrider")] and fl.scoring(s, 0) == 3 + 5 + 3 and fl.current(s, 0) == 14
    s = with_specials(3, hands=[["wyrmpriest", "red_2"], ["copper_10", "brass_7"], ["black_3", "white_4"]],
                      flights=[["red_3", "red_5"], [], []])
    start_turn(s, 0)
    events = play(s, 0, "wyrmpriest")
    assert s.marks == [C("wyrmpriest")] and "colour_flight" in kinds(events) and s.gold == [40, 25, 25]


def test_dragonslayer_s29_targets_and_round_card():
    """`dragonslayer`, S29, D17, H30, R14: dragons under 8 in any flight, own included; Mortals never."""
    s = with_specials(3, hands=[["dragonslayer", "red_2"], ["copper_10", "red_10"], ["red_3", "red_5"]],
                      flights=[["black_3"], ["gold_13", "red_7"], ["druid", "blue_9"]])
    start_turn(s, 0, round_no=2)
    s.round_cards[1] = C("red_7")
    play(s, 0, "dragonslayer")
    assert s.ask[:3] == [0, "dragonslayer", ["black_3", "red_7"]]
    act(s, 0, "dragonslayer", "red_7")
    assert ids(s.flights[1]) == ["gold_13"] and s.round_cards[1] == NO and "red_7" in ids(s.discard)


def test_fool_draws_per_stronger_opponent():
    s = with_specials(4, hands=[["fool", "red_2"], [], [], []],
                      flights=[["copper_1"], ["white_4"], ["black_6"], ["white_6"]],
                      fill_hands=2)
    start_turn(s, 0)
    play(s, 0, "fool")  # 4 against 4, 6, 6: ties do not count
    assert len(s.hands[0]) == 1 + 2


def test_illusionist_s27_swap_marks_round_cards_and_colour_flight():
    """`illusionist`, S27, D18, R14, R23: the marked Wyrmpriest comes over, keeps its mark and triggers; the
    Illusionist takes its place; P1's Red flight (8, Wyrmpriest 5, 3) pays G = 5."""
    s = with_specials(3, hands=[["illusionist", "red_2"], ["copper_10", "brass_7"], ["red_5", "white_4"]],
                      flights=[["red_8", "red_3"], ["wyrmpriest", "gold_2"], ["druid"]])
    s.marks.append(C("wyrmpriest"))
    start_turn(s, 0, round_no=3)
    play(s, 0, "illusionist")
    assert s.ask[:3] == [0, "illusionist", ["decline", "wyrmpriest", "druid"]]
    events = act(s, 0, "illusionist", "wyrmpriest")
    assert ids(s.flights[0]) == ["red_8", "red_3", "wyrmpriest"] and ids(s.flights[1]) == ["illusionist", "gold_2"]
    assert s.marks == [C("wyrmpriest")] and s.round_cards[0] == C("wyrmpriest")
    assert "colour_flight" in kinds(events) and s.gold == [40, 25, 25]


def test_illusionist_h19_the_payee_follows_the_merchant_prince():
    s = with_specials(3, hands=[["illusionist", "red_2"], ["copper_10", "brass_7"], ["red_5", "white_4"]],
                      flights=[[], ["merchant_prince"], []])
    s.payee = 1
    start_turn(s, 0)
    play(s, 0, "illusionist")
    act(s, 0, "illusionist", "merchant_prince")
    from game.games.three_dragon_ante.moves import payee
    assert payee(s) == 0 and ids(s.flights[1]) == ["illusionist"]


def test_kobold_d19_secret_discards_then_draws():
    """`kobold`, D19: cards chosen one at a time in secret, then discarded face up together and redrawn."""
    s = with_specials(3, hands=[["kobold", "red_2", "gold_6", "blue_4"], *OTHERS])
    start_turn(s, 0)
    play(s, 0, "kobold")
    assert s.ask[:3] == [0, "kobold", ["done", "blue_4", "gold_6", "red_2"]] and RULES.pending(s)[0].secret
    events = act(s, 0, "kobold", "gold_6")
    assert s.ask[2] == ["done", "blue_4", "red_2"] and not events
    assert RULES.view(s, 1)["ask"]["options"] is None
    events = act(s, 0, "kobold", "done")
    assert moves(events, "kobold") == ["gold_6"] and len(s.hands[0]) == 3 and C("gold_6") in s.discard


def test_princess_s13_order_hand_limit_and_refused_gift():
    """`princess`, S13, D20, H15: Gold first draws once (10 in hand), then Brass 1's gift is revealed and
    stays; the other order brings the gift and Gold draws nothing."""
    def table_():
        s = with_specials(3, hands=[["princess"], ["copper_10", "brass_7"], ["silver_3", "red_5"]],
                          flights=[["gold_2", "brass_1"], [], ["black_6"]], fill_hands=0)
        s.hands[0] += s.deck[:9]
        del s.deck[:9]
        start_turn(s, 0, turns=2, leader=1, round_cards=[None, "copper_10", "black_6"])
        play(s, 0, "princess")
        return s
    s = table_()
    assert s.ask[:3] == [0, "princess", ["gold_2", "brass_1"]]
    act(s, 0, "princess", "gold_2")
    assert len(s.hands[0]) == 10 and s.ask[:3] == [2, "give_or_pay", ["pay", "silver_3"]]
    events = act(s, 2, "give_or_pay", "silver_3")
    assert C("silver_3") in s.hands[2] and "gift_refused" in kinds(events) and s.gold == [30, 30, 30]
    s = table_()
    act(s, 0, "princess", "brass_1")
    act(s, 2, "give_or_pay", "silver_3")
    assert C("silver_3") in s.hands[0] and len(s.hands[0]) == 10


def test_prophet_s28_copies_brass_at_10_and_reveals_the_dragon():
    """`prophet`, S28, D21, H24: Brass copied asks for a good dragon stronger than 10; Brass 2 stays in hand and
    is public; Tiamat cannot be copied."""
    s = with_specials(3, hands=[["prophet", "brass_2", "tiamat"], ["copper_10", "brass_7"],
                                ["gold_11", "gold_9", "bahamut"]])
    start_turn(s, 0)
    play(s, 0, "prophet")
    assert s.ask[:3] == [0, "prophet", ["decline", "brass_2"]]
    act(s, 0, "prophet", "brass_2")
    assert s.ask[:3] == [2, "give_or_pay", ["pay", "gold_11", "bahamut"]]
    assert C("brass_2") in s.hands[0] and [0, "brass_2"] in RULES.view(s, 1)["known"]


def test_prophet_copies_green_schemer_at_10_twice_and_a_wyrmling_replaces_the_prophet():
    s = with_specials(3, hands=[["prophet", "green_schemer"], ["red_8", "black_6"], ["white_8"]])
    start_turn(s, 0)
    play(s, 0, "prophet")
    act(s, 0, "prophet", "green_schemer")
    assert s.ask[:3] == [1, "give_or_pay", ["pay", "black_6", "red_8"]]
    act(s, 1, "give_or_pay", "pay")
    assert s.ask[:3] == [2, "give_or_pay", ["pay", "white_8"]]
    s = with_specials(3, hands=[["prophet", "chromatic_wyrmling", "red_2"], ["copper_10", "brass_7"],
                                ["red_3", "white_4"]], stakes=20)
    start_turn(s, 0)
    play(s, 0, "prophet")
    act(s, 0, "prophet", "chromatic_wyrmling")
    assert s.ask[2] == ["decline", "chromatic_wyrmling", "red_2"]  # the revealed Wyrmling may be the choice
    act(s, 0, "wyrmling", "chromatic_wyrmling")
    assert ids(s.flights[0]) == ["chromatic_wyrmling"] and "prophet" in ids(s.discard)


def test_prophet_copies_dracolich_for_its_owner_and_may_decline():
    s = with_specials(3, hands=[["prophet", "dracolich"], *OTHERS])
    start_turn(s, 0)
    play(s, 0, "prophet")
    declined = s.copy()
    act(declined, 0, "prophet", "decline")
    assert declined.dracolich == [0, 0, 0] and RULES.view(declined, 1)["known"] == []
    act(s, 0, "prophet", "dracolich")
    assert s.dracolich == [1, 0, 0] and ids(s.flights[0]) == ["prophet"]
    assert RULES.view(s, 1)["known"] == [[0, "dracolich"]]  # §8: the revealed dragon is public


def test_queen_s32_mixed_flights_pay_5_and_give_a_random_card():
    s = with_specials(3, hands=[["queen", "red_2"], ["blue_1", "blue_4", "black_1"], ["blue_2", "white_4"]],
                      flights=[[], ["gold_4", "red_3"], ["gold_6", "druid"]])
    start_turn(s, 0)
    play(s, 0, "queen")
    assert s.gold == [35, 25, 30] and len(s.hands[0]) == 2 and len(s.hands[1]) == 2 and len(s.hands[2]) == 2


def test_sorcerer_s26_leftovers_join_the_ante_after_the_nested_bronze():
    """`sorcerer`, S26, D22, R22, R23: Bronze 3 replaces the Sorcerer and triggers; Bronze takes Black 2 and
    Gold 4; only then do Red 12 and White 1 join the ante. The round card is Bronze 3."""
    s = with_specials(3, hands=[["sorcerer", "red_2"], *OTHERS], ante=["blue_6", "black_2", "gold_4"],
                      deck_top=["bronze_3", "red_12", "white_1"])
    start_turn(s, 0)
    play(s, 0, "sorcerer")
    assert s.ask[:3] == [0, "sorcerer", ["bronze_3", "red_12", "white_1"]]
    assert RULES.view(s, 2)["reveal"] == ["bronze_3", "red_12", "white_1"]  # public
    act(s, 0, "sorcerer", "bronze_3")
    assert ids(s.flights[0]) == ["bronze_3"] and s.round_cards[0] == C("bronze_3")
    assert {"black_2", "gold_4"} <= set(ids(s.hands[0])) and ids(s.ante) == ["blue_6", "red_12", "white_1"]
    assert not s.reveal and "sorcerer" in ids(s.discard)


def test_sorcerer_with_a_nested_silver_seer_keeps_both_sets_apart():
    """§6.3 with §8: a Silver Seer chosen by the Sorcerer looks at 3 more cards in the shared reveal zone;
    the Seer's stay private, and the Sorcerer's leftovers still go to the ante afterwards."""
    s = with_specials(3, hands=[["sorcerer", "red_2"], *OTHERS],
                      deck_top=["silver_seer", "red_12", "white_1", "black_1", "blue_1", "green_1", "brass_1"])
    start_turn(s, 0)
    play(s, 0, "sorcerer")
    act(s, 0, "sorcerer", "silver_seer")
    assert s.ask[:3] == [0, "seer_keep", ["blue_1", "green_1", "brass_1"]]  # after Silver's draw (Black 1)
    assert RULES.view(s, 1)["reveal"] == 5 and "green_1" not in str(RULES.view(s, 1)["zones"])
    act(s, 0, "seer_keep", "blue_1")
    assert ids(s.ante) == ["red_12", "white_1"] and not s.reveal and s.reveal_owner == NO


def test_thief_takes_7_and_an_empty_stakes_ends_the_gambit():
    s = with_specials(3, hands=[["thief", "red_2"], *OTHERS], stakes=20)
    start_turn(s, 0)
    play(s, 0, "thief")
    assert s.stakes == 13 and s.gold[0] == 37
    s = with_specials(3, hands=[["thief", "red_2"], *OTHERS], stakes=5)
    start_turn(s, 0)
    events = play(s, 0, "thief")
    assert "stakes_empty" in kinds(events) and s.gold[0] > 30


# -- log lines -----------------------------------------------------------------------------------------------

def test_the_special_cards_events_have_lines_in_both_languages():
    """The Seer's look and keep are named to the owner only; every line is filled in, in en and ja."""
    s = with_specials(3, hands=[["silver_seer", "red_2"], *OTHERS],
                      deck_top=["black_1", "white_1", "copper_1", "green_1"])
    start_turn(s, 0)
    events = play(s, 0, "silver_seer") + act(s, 0, "seer_keep", "copper_1")
    names = ["Ann", "Bo", "Cy"]
    for lang in ("en", "ja"):
        mine = [x for x in (line(ev, names, lang) for ev in redact_all(events, 0)) if x]
        theirs = [x for x in (line(ev, names, lang) for ev in redact_all(events, 1)) if x]
        copper_1 = table_name("copper_1", lang)
        assert any(copper_1 in x for x in mine) and all("{" not in x for x in mine + theirs)
        kept = [x for x in theirs if copper_1 in x]
        assert kept == []  # Red 1 was kept: Bo never reads its name


def table_name(card_id: str, lang: str) -> str:
    from game.games.three_dragon_ante.log import card
    return card(card_id, lang)


# -- random games with all 30 specials ---------------------------------------------------------------------

@pytest.mark.parametrize("players", range(2, 7))
def test_random_games_with_every_special_end(players):
    """Twelve games per player count, each with one third of the 30 specials (Choose): every power, every
    decision, answered at random; no private options in another seat's view; at each special card's
    question the state survives a JSON round trip and the deciding seat's determinized sample."""
    for game in range(12):
        third = game % 3
        chosen = SPECIALS[10 * third:10 * third + 10]
        s = RULES.setup(players, {"specials": "choose", "chosen": chosen}, 100 * players + game)
        rng = Rng(players * 100 + game)
        steps = 0
        while RULES.pending(s):
            pending = RULES.pending(s)
            seat = pending[rng.below(len(pending))].seat
            legal = RULES.legal_actions(s, seat)
            assert legal
            if s.phase == "play" and s.ask[4]:
                other = (seat + 1) % players
                assert RULES.view(s, other)["ask"]["options"] is None
            action = legal[rng.below(len(legal))]
            if s.phase == "play" and s.ask[1] in SPECIAL_KINDS:  # a save and an AI's sample resume mid-power
                s = RULES.from_json(json.loads(json.dumps(RULES.to_json(s))))
                RULES.apply(determinize(s, seat, Rng(steps)), action)
            RULES.apply(s, action)
            steps += 1
            assert steps < 20000
        cards = s.deck + s.discard + s.ante + s.reveal + s.out + sum(s.hands, []) + sum(s.flights, [])
        assert sorted(cards) == list(range(100))
        assert sum(s.gold) + s.hole + s.stakes == 10 * players * players


def test_prophet_copies_copper_trickster_around_the_prophet():
    """`prophet` + `copper_trickster` (§6.2): a copied Trickster's target is any card but the Prophet."""
    s = with_specials(3, hands=[["prophet", "copper_trickster"], *OTHERS], flights=[["black_2", "red_5"], [], []],
                      deck_top=["white_1"], stakes=20)
    start_turn(s, 0)
    play(s, 0, "prophet")
    act(s, 0, "prophet", "copper_trickster")
    assert s.ask[:3] == [0, "trickster_target", ["black_2", "red_5"]]


def test_princess_skips_a_listed_dragon_that_left_the_flight():
    """`princess`, §6.3: the Trickster (listed) replaces Gold 2 (listed); Gold 2 is then skipped."""
    s = with_specials(3, hands=[["princess", "red_2"], *OTHERS], flights=[["gold_2", "copper_trickster"], [], []],
                      deck_top=["white_1"], stakes=20)
    start_turn(s, 0)
    play(s, 0, "princess")
    assert s.ask[:3] == [0, "princess", ["gold_2", "copper_trickster"]]
    act(s, 0, "princess", "copper_trickster")
    assert s.ask[:3] == [0, "trickster_target", ["gold_2", "princess"]]
    act(s, 0, "trickster_target", "gold_2")
    act(s, 0, "trickster_trigger", "skip")
    assert ids(s.flights[0]) == ["white_1", "copper_trickster", "princess"] and s.ask[0] == 1


def test_sorcerer_r42_leftovers_are_discarded_when_the_stakes_empty():
    """`sorcerer`, R42: the chosen Thief empties the stakes; the leftovers go to the discard pile."""
    s = with_specials(3, hands=[["sorcerer", "red_2"], *OTHERS], deck_top=["thief", "red_12", "white_1"], stakes=5)
    start_turn(s, 0)
    play(s, 0, "sorcerer")
    events = act(s, 0, "sorcerer", "thief")
    left_reveal = [(ev["piece"], ev["dst"]) for ev in events if ev.kind == "moved" and ev["src"] == "reveal"]
    assert "stakes_empty" in kinds(events) and not s.reveal
    assert ("red_12", "discard") in left_reveal and ("white_1", "discard") in left_reveal
    assert all(dst != "ante" for _, dst in left_reveal)
