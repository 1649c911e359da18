"""Get Lucky rules by number (R1–R25), the house rulings (H1–H24), the information model (§8) and the
scenario checks (S1–S21) of shared/rules/get-lucky.md.

Positions are built with `position(...)` in the spec's notation: areas per seat, the Parlor, the attached
cards per character, hands per seat (card ids), and the named top cards of both decks, top first. Every
character and action card that is not named goes to the character deck or the action deck (or, when the
action deck is given a size, the cards that do not fit go to the discard pile), and `zones_ok` checks that
each card is in exactly one zone (R22). A built position is at the action step of `current`'s turn, after
the turn's draw. Every action goes through `do`, which checks legality first.
"""

from __future__ import annotations

import pytest

from game.core.actions import action
from game.core.rng import Rng
from game.games.get_lucky import RULES
from game.games.get_lucky import rules as engine
from game.games.get_lucky.ai import evaluate
from game.games.get_lucky.cards import deck
from game.games.get_lucky.state import ACTION, ATTEMPT, DEFENCE, NO, OVER, State

CARDS = deck()
SLOT = {"weapon": 0, "motive": 1, "opportunity": 2}
HAND_SIZE = {3: 7, 4: 6, 5: 6, 6: 6}  # §4
PASS = (0, 0, 0, 0)  # a defender's all-zero Luck vector

# Cards on #5 that make a given attack strength without Luck (R11): a match is +2, any other card +1.
ON_FIVE = {
    1: [],
    2: ["w01_pruning_shears"],
    3: ["w05_meat_cleaver"],
    4: ["w05_meat_cleaver", "m01_trampled_roses"],
    5: ["w05_meat_cleaver", "m05_fallen_souffle"],
    6: ["w05_meat_cleaver", "m05_fallen_souffle", "o01_stroll_among_roses"],
    7: ["w05_meat_cleaver", "m05_fallen_souffle", "o05_midnight_snack"],
}


# -- building positions --------------------------------------------------------------------------------


def idx(card_id: str) -> int:
    return CARDS.card(card_id).index


def ids(cards: list[int]) -> list[str]:
    return [CARDS.actions[c].id for c in cards]


def luck(*values: int) -> tuple:
    """Luck cards by defence value as the engine's count vector: luck(1, 4) -> (1, 0, 0, 1)."""
    return tuple(values.count(v) for v in (1, 2, 3, 4))


def zones_ok(s: State) -> None:
    """R22: every character and every action card is in exactly one zone; only area characters carry cards."""
    chars = [n for area in s.areas for n in area] + s.parlor + s.char_deck
    assert sorted(chars) == list(range(1, 16)), f"characters out of place: {chars}"
    in_areas = {n for area in s.areas for n in area}
    attached = [c for n in range(16) for c in s.attached[n] if c != NO]
    assert all(s.attached[n] == [NO, NO, NO] for n in range(16) if n not in in_areas)
    cards = s.deck + [c for hand in s.hands for c in hand] + attached + s.discard
    assert sorted(cards) == list(range(66)), "an action card is missing or in two zones"


def position(players: int = 4, *, areas: list, parlor: list, char_deck: list = (), attached: dict | None = None,
             hands: dict | None = None, deck_top: list = (), deck_size: int | None = None, discard: list = (),
             lucky: int, current: int = 0, turn: int = 5, quiet: int = 0, deck_was_empty: bool | None = None,
             seed: int = 1) -> State:
    """A state at the action step of `current`'s turn (its draw done). `char_deck` and `deck_top` are
    top first; the unnamed characters go below the named ones, and the unnamed action cards below
    `deck_top` (lowest ids nearest the top, so incidental draws are W/M/O cards, never Luck). Seats not in
    `hands` hold nothing. `deck_was_empty` defaults to whether the action deck is empty now."""
    s = RULES.setup(players, {}, seed)
    s.areas = [list(area) for area in areas]
    s.parlor = sorted(parlor)
    named = [n for area in areas for n in area] + list(parlor) + list(char_deck)
    s.char_deck = list(reversed(list(char_deck) + [n for n in range(1, 16) if n not in named]))
    s.attached = [[NO, NO, NO] for _ in range(16)]
    for number, card_ids in (attached or {}).items():
        for cid in card_ids:
            card = CARDS.card(cid)
            assert s.attached[number][SLOT[card.kind]] == NO, f"two cards of one kind on #{number}"
            s.attached[number][SLOT[card.kind]] = card.index
    s.hands = [sorted(idx(c) for c in (hands or {}).get(seat, ())) for seat in range(players)]
    top = [idx(c) for c in deck_top]
    s.discard = [idx(c) for c in discard]
    used = set(top) | set(s.discard) | {c for hand in s.hands for c in hand}
    used |= {c for slots in s.attached for c in slots if c != NO}
    unnamed = [c for c in range(66) if c not in used]
    fill = len(unnamed) if deck_size is None else deck_size - len(top)
    assert 0 <= fill <= len(unnamed), "the action deck cannot have that size"
    s.deck = list(reversed(unnamed[:fill])) + list(reversed(top))
    s.discard += unnamed[fill:]
    assert lucky in s.parlor or any(lucky in area for area in s.areas), "R23: he stands on a character in play"
    s.phase, s.lucky, s.current, s.turn, s.quiet = ACTION, lucky, current, turn, quiet
    s.deck_was_empty = not s.deck if deck_was_empty is None else deck_was_empty
    s.quiet_action = s.attempted = s.drawn = False
    s.stopper = s.winner = NO
    s.defenders, s.strength, s.attacker_char, s.attempts = [], 0, 0, 0
    zones_ok(s)
    return s


def attack_position(players: int = 4, *, attacker: int = 0, strength: int = 1, **kw) -> State:
    """Doctor Lucky on the attacker's only character #5, whose cards make `strength` without Luck (R11).
    The other seats hold #1, #2, #3, ... in seat order; the Parlor holds the next N characters."""
    others = iter(n for n in range(1, 16) if n != 5)
    areas = [[5] if seat == attacker else [next(others)] for seat in range(players)]
    parlor = [next(others) for _ in range(players)]
    return position(players, areas=areas, parlor=parlor, attached={5: ON_FIVE[strength]}, lucky=5,
                    current=attacker, **kw)


# -- acting --------------------------------------------------------------------------------------------


def seat_to_act(s: State) -> int:
    pending = RULES.pending(s)
    assert len(pending) == 1, "§9: exactly one seat is pending"
    return pending[0].seat


def legal(s: State, kind: str | None = None) -> list:
    return [a for a in RULES.legal_actions(s, seat_to_act(s)) if kind is None or a.kind == kind]


def kinds(s: State) -> set:
    return {a.kind for a in legal(s)}


def do(s: State, kind: str, **args) -> list:
    """Apply an action for the pending seat, checking that it is legal and that the zones stay whole."""
    act = action(seat_to_act(s), kind, **args)
    assert act in legal(s), f"{act} is not legal: {legal(s)}"
    events = RULES.apply(s, act)
    zones_ok(s)
    return events


def declare(s: State, *values: int) -> None:
    """The active player passes, then attempts, adding Luck cards of these defence values (R10–R12)."""
    do(s, "pass")
    assert s.phase == ATTEMPT
    do(s, "attempt", luck=luck(*values))


def defend(s: State, *values: int) -> list:
    return do(s, "defend", luck=luck(*values))


def quiet_turn(s: State) -> None:
    """Pass, and decline the attempt if Doctor Lucky stands on the active player's character."""
    do(s, "pass")
    if s.phase == ATTEMPT:
        do(s, "decline")


def turn_order(s: State, turns: int) -> list[int]:
    """Whose turns come next, playing quiet turns."""
    order = []
    for _ in range(turns):
        order.append(s.current)
        quiet_turn(s)
    return order


def hand(s: State, seat: int) -> list[str]:
    return ids(s.hands[seat])


def wmo_choices(s: State) -> set:
    return {(a["card"], a["host"]) for a in legal(s, "wmo")}


def attract_targets(s: State) -> set:
    return {a["target"] for a in legal(s, "attract")}


def in_play(s: State) -> list[int]:
    return sorted([n for area in s.areas for n in area] + s.parlor)


def defended_to(events: list) -> int:
    """S as announced right after a defender's play."""
    return next(e["strength"] for e in events if e.kind == "defended")


def random_game(players: int, seed: int):
    """Random legal play (a seeded choice among the legal actions), yielding the state after every action."""
    s = RULES.setup(players, {}, seed)
    pick = Rng(seed * 7919 + players)
    yield s
    while s.phase != OVER:
        RULES.apply(s, pick.choice(RULES.legal_actions(s, seat_to_act(s))))
        yield s


# -- R1–R25 ---------------------------------------------------------------------------------------------


def test_R1_turns_pass_clockwise_and_his_position_never_chooses_the_player():
    s = position(areas=[[1], [2], [4], [6]], parlor=[3, 7, 8, 9], lucky=3, current=3)
    do(s, "pass")
    assert s.lucky == 4  # he now stands on P2's character...
    assert s.current == 0 and s.turn == 6 and s.phase == ACTION  # ...but P3 is followed by P0


def test_R2_a_turn_runs_draw_action_attempt_defence_then_his_move():
    s = position(areas=[[5], [1], [2], [3]], parlor=[4, 6, 7, 8], lucky=4, current=3,
                 hands={0: ["w05_meat_cleaver"], 1: ["luck_4a"]}, deck_top=["luck_1a"])
    do(s, "pass")  # P3's turn ends with Doctor Lucky stepping onto P0's #5
    assert s.current == 0 and hand(s, 0) == ["w05_meat_cleaver", "luck_1a"]  # 1. the draw came first
    events = do(s, "wmo", card="w05_meat_cleaver", host=5)  # 2. the action
    assert s.phase == ATTEMPT and s.lucky == 5
    events += do(s, "attempt", luck=luck(1))  # 3. the attempt
    assert s.phase == DEFENCE and s.lucky == 5
    events += defend(s, 4)  # 4. the defence: P1 stops S = 4
    order = [e["why"] if e.kind == "moved" else e.kind for e in events]
    assert order[:7] == ["attach", "luck", "attempt", "luck", "defended", "stopped", "lucky_moved"]  # 5. his move last
    assert s.lucky == 6 and s.current == 1


def test_R3_the_turn_starts_with_a_draw_and_an_empty_deck_draws_nothing():
    s = position(areas=[[1], [2], [4], [6]], parlor=[3, 7, 8, 9], lucky=3, deck_top=["attract_2"])
    do(s, "pass")
    assert s.current == 1 and hand(s, 1) == ["attract_2"]
    s = position(areas=[[1], [2], [4], [6]], parlor=[3, 7, 8, 9], lucky=3, deck_size=0)
    do(s, "pass")
    assert s.current == 1 and s.hands[1] == [] and s.phase == ACTION and s.deck_was_empty


def test_R4_one_action_of_four_kinds_and_no_luck_in_the_action_step():
    s = position(areas=[[3], [1], [2], [4]], parlor=[6, 7, 8, 9], lucky=1,
                 hands={0: ["w05_meat_cleaver", "attract_1", "luck_1a", "luck_4a"]})
    assert kinds(s) == {"wmo", "attract", "take", "pass"}
    assert all(a.get("luck") is None for a in legal(s))
    assert {a["card"] for a in legal(s, "wmo")} == {"w05_meat_cleaver"}
    do(s, "take", take=6)
    assert s.current == 1  # the one action ended the step, and with no attempt possible, the turn


def test_R5_a_wmo_card_goes_on_an_own_character_with_that_slot_empty():
    s = position(areas=[[3, 8], [1], [2], [4]], parlor=[6, 7, 9, 10], attached={8: ["w08_stuffing_needle"]},
                 lucky=1, hands={0: ["w05_meat_cleaver", "m08_owl_hat_stand"]})
    assert wmo_choices(s) == {("w05_meat_cleaver", 3), ("m08_owl_hat_stand", 3), ("m08_owl_hat_stand", 8)}
    do(s, "wmo", card="w05_meat_cleaver", host=3)
    assert s.attached[3] == [idx("w05_meat_cleaver"), NO, NO]
    assert hand(s, 0) == ["m08_owl_hat_stand"] and idx("w05_meat_cleaver") not in s.discard


def test_R6_attract_brings_him_from_another_players_character_and_is_discarded():
    s = position(areas=[[3, 8], [9], [2], [4]], parlor=[6, 7, 10, 11], lucky=9,
                 hands={0: ["attract_2", "attract_4"]})
    assert attract_targets(s) == {3, 8}
    do(s, "attract", target=8)
    assert s.lucky == 8 and s.phase == ATTEMPT
    assert ids(s.discard[-1:]) == ["attract_2"] and hand(s, 0) == ["attract_4"]


def test_R7_take_with_one_character_moves_it_in_and_refills_the_parlor():
    s = position(areas=[[3], [1], [2], [4]], parlor=[6, 7, 9, 10], char_deck=[13, 11], lucky=1)
    do(s, "take", take=9)
    assert s.areas[0] == [3, 9]
    assert s.parlor == [6, 7, 10, 13] and s.char_deck[-1] == 11


def test_R7_take_with_two_characters_returns_one_to_the_parlor_and_discards_its_cards():
    s = position(areas=[[3, 8], [1], [2], [4]], parlor=[6, 7, 9, 10], char_deck=[13, 11], lucky=1,
                 attached={8: ["w05_meat_cleaver", "o08_trophy_room_after_dark"], 3: ["m03_stolen_life_work"]})
    chars_before = s.char_deck[:]
    do(s, "take", take=9, give=8)
    assert sorted(s.areas[0]) == [3, 9] and s.parlor == [6, 7, 8, 10]
    assert s.attached[8] == [NO, NO, NO] and s.attached[3] == [NO, idx("m03_stolen_life_work"), NO]
    assert ids(s.discard[-2:]) == ["w05_meat_cleaver", "o08_trophy_room_after_dark"]
    assert s.char_deck == chars_before  # no refill when a character is returned


def test_R8_pass_is_always_legal_and_changes_nothing():
    s = position(areas=[[3], [1], [2], [4]], parlor=[6, 7, 9, 10], lucky=1, deck_size=0,
                 hands={0: ["luck_2a"], 1: ["w01_pruning_shears"]})
    assert kinds(s) == {"take", "pass"}
    before = RULES.copy(s)
    do(s, "pass")
    for zone in ("areas", "parlor", "char_deck", "attached", "hands", "deck", "discard"):
        assert getattr(s, zone) == getattr(before, zone), zone


def test_R9_action_step_cards_take_effect_at_once_and_are_public():
    s = position(areas=[[3, 8], [1], [2], [4]], parlor=[6, 7, 9, 10], lucky=1,
                 hands={0: ["w05_meat_cleaver", "attract_1"]})
    do(s, "wmo", card="w05_meat_cleaver", host=8)
    view = RULES.view(s, 2)
    assert view["attached"][8][0] == "w05_meat_cleaver" and view["strengths"][8] == 2
    assert s.current == 1  # the step ended with the one action
    s = position(areas=[[3, 8], [1], [2], [4]], parlor=[6, 7, 9, 10], lucky=1, hands={0: ["attract_1"]})
    do(s, "attract", target=3)
    assert RULES.view(s, None)["discard"][-1] == "attract_1" and RULES.view(s, 1)["lucky"] == 3
    assert s.phase == ATTEMPT and legal(s, "wmo") == [] and legal(s, "attract") == []


def test_R10_an_attempt_is_offered_only_when_he_stands_on_the_active_players_character():
    s = position(areas=[[3], [6], [2], [4]], parlor=[5, 7, 9, 10], lucky=5, hands={1: ["luck_2a"]})
    do(s, "pass")  # his own step carries him from #5 onto P1's #6
    assert s.lucky == 6 and s.current == 1 and s.phase == ACTION
    do(s, "pass")
    assert s.phase == ATTEMPT and seat_to_act(s) == 1
    assert kinds(s) == {"decline", "attempt"} and len(legal(s, "attempt")) == 2
    do(s, "attempt", luck=PASS)
    assert s.attacker_char == 6
    s = position(areas=[[3], [6], [2], [4]], parlor=[5, 7, 9, 10], lucky=2, current=1)
    do(s, "pass")  # he is on P2's character: no attempt, straight to his move
    assert s.current == 2 and s.lucky == 3 and s.attempts == 0


def test_R11_strength_is_one_plus_attached_cards_and_ignores_the_other_character():
    three_on_eight = ["w08_stuffing_needle", "m08_owl_hat_stand", "o08_trophy_room_after_dark"]
    s = position(areas=[[5, 8], [1], [2], [4]], parlor=[6, 7, 9, 10], lucky=5,
                 attached={5: ON_FIVE[7], 8: three_on_eight})
    declare(s)
    assert s.strength == 7 and s.attacker_char == 5  # the maximum without Luck; #8's 7 is not added
    s = position(areas=[[5], [1], [2], [4]], parlor=[6, 7, 9, 10], lucky=5,
                 attached={5: ["w12_letter_opener", "m05_fallen_souffle"]})
    declare(s)
    assert s.strength == 1 + 1 + 2


def test_R12_attacker_luck_adds_one_each_is_discarded_and_only_at_declaration():
    s = attack_position(strength=3, hands={0: ["luck_1a", "luck_2a", "luck_3a"]})
    declare(s, 1, 3)
    assert s.strength == 3 + 2
    assert ids(s.discard[-2:]) == ["luck_1a", "luck_3a"] and hand(s, 0) == ["luck_2a"]
    assert RULES.legal_actions(s, 0) == []  # no Luck can be added after the declaration
    announced = RULES.view(s, 2)["attempt"]
    assert announced["strength"] == 5 and announced["character"] == 5


def test_R13_defenders_act_once_each_in_seat_order_from_the_attackers_left():
    s = attack_position(attacker=2, strength=7)
    declare(s)
    seen = []
    while s.phase == DEFENCE:
        seat = seat_to_act(s)
        seen.append(seat)
        defend(s)
        assert RULES.legal_actions(s, seat) == []
    assert seen == [3, 0, 1]


def test_R14_a_defender_plays_any_luck_and_s_drops_by_its_defence_values():
    s = attack_position(strength=6, hands={1: ["luck_1a", "luck_2a", "luck_4a"]})
    declare(s)
    assert len(legal(s)) == 2 * 2 * 2 and action(1, "defend", luck=PASS) in legal(s)
    defend(s, 1, 2)  # a partial play that does not stop
    assert s.strength == 3 and ids(s.discard[-2:]) == ["luck_1a", "luck_2a"]
    assert "luck_4a" in hand(s, 1) and seat_to_act(s) == 2


def test_R15_a_stop_ends_the_defence_and_the_stopper_draws_only_at_their_turn():
    s = attack_position(strength=3, hands={1: ["luck_3a"], 2: ["luck_4a"], 3: ["luck_4b"]},
                        deck_top=["w07_gilded_frame"])
    size = len(s.deck)
    declare(s)
    defend(s, 3)
    assert s.phase == ACTION and s.current == 1
    assert hand(s, 1) == ["w07_gilded_frame"] and len(s.deck) == size - 1  # only the turn's draw
    assert hand(s, 2) == ["luck_4a"] and hand(s, 3) == ["luck_4b"]  # later defenders did nothing


def test_R16_a_defender_who_does_not_stop_draws_one_card_it_cannot_use_now():
    s = attack_position(strength=5, hands={2: ["luck_1a"]}, deck_top=["luck_4a", "w07_gilded_frame"])
    declare(s)
    defend(s)  # P1 passes and draws the top card, a -4
    assert hand(s, 1) == ["luck_4a"] and seat_to_act(s) == 2 and RULES.legal_actions(s, 1) == []
    defend(s, 1)  # P2 plays a partial -1 and still draws
    assert s.strength == 4 and hand(s, 2) == ["w07_gilded_frame"] and seat_to_act(s) == 3


def test_R17_s_above_zero_after_the_last_defender_wins_at_once():
    s = attack_position(strength=3, hands={3: ["luck_2a"]})
    declare(s)
    defend(s)
    defend(s)
    size = len(s.deck)
    defend(s, 2)
    assert s.phase == OVER and RULES.pending(s) == []
    assert s.hands[3] == [] and len(s.deck) == size and s.lucky == 5  # no draw, no move
    result = RULES.result(s)
    assert result.winners == [0] and not result.details["drawn"]


def test_R18_after_a_stop_the_attackers_cards_stay_and_all_luck_stays_discarded():
    s = attack_position(strength=4, hands={0: ["luck_2a", "attract_1"], 1: ["luck_1a"], 2: ["luck_4a"]})
    attached = s.attached[5][:]
    declare(s, 2)
    defend(s, 1)
    defend(s, 4)
    assert s.attached[5] == attached and hand(s, 0) == ["attract_1"]
    assert ids(s.discard[-3:]) == ["luck_2a", "luck_1a", "luck_4a"]
    assert not {idx("luck_2a"), idx("luck_1a"), idx("luck_4a")} & {c for h in s.hands for c in h}


def test_R19_he_steps_to_the_next_higher_character_in_play_and_wraps():
    s = position(3, areas=[[1], [4], [7]], parlor=[9, 12, 14], lucky=9, char_deck=[2, 3])
    path = []
    for _ in range(6):
        quiet_turn(s)
        path.append(s.lucky)
    assert path == [12, 14, 1, 4, 7, 9]  # #2, #3 and the rest of the character deck are skipped


def test_R20_the_stopper_takes_the_next_turn_and_players_between_are_skipped():
    s = attack_position(5, attacker=1, strength=2, hands={4: ["luck_2a"]})
    declare(s)
    defend(s)
    defend(s)
    defend(s, 2)
    assert turn_order(s, 3) == [4, 0, 1]  # P2 and P3 miss this turn


def test_R21_no_hand_limit_and_no_reshuffle():
    filler = [c.id for c in CARDS.actions[:20]]
    s = position(3, areas=[[1], [4], [7]], parlor=[9, 12, 14], lucky=9, hands={1: filler}, deck_size=1)
    discard = s.discard[:]
    do(s, "pass")
    assert len(s.hands[1]) == 21 and s.deck == []
    for _ in range(3):
        quiet_turn(s)
    assert s.deck == [] and s.discard == discard and len(s.hands[1]) == 21


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_R22_every_character_and_card_is_in_exactly_one_zone(players):
    for seed in range(4):
        for s in random_game(players, seed):
            zones_ok(s)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_R23_invariants_hold_throughout_random_games(players):
    kind = engine.tables()[0]
    for seed in range(4):
        floor = 2 * players
        for s in random_game(players, seed):
            assert all(1 <= len(area) <= 2 for area in s.areas)
            for n in range(1, 16):
                assert all(c == NO or kind[c] == slot for slot, c in enumerate(s.attached[n]))
            assert s.lucky in in_play(s)
            assert len(in_play(s)) >= floor
            floor = len(in_play(s))  # never decreases
            assert s.parlor and (players < 6 or len(s.parlor) >= 3)
            assert s.turn <= 447  # the bound of R24


def test_R24_the_nth_consecutive_quiet_turn_ends_in_a_drawn_game_after_his_move():
    s = position(areas=[[3], [1], [2], [4]], parlor=[6, 7, 9, 10], lucky=9, deck_size=0, quiet=3)
    do(s, "take", take=10)  # Take is quiet too (H16)
    assert s.phase == OVER and s.drawn and s.lucky == 10  # he moved before the check
    result = RULES.result(s)
    assert result.winners == [] and result.details["drawn"] is True


def _play_a_wmo(s):
    do(s, "wmo", card="w01_pruning_shears", host=3)


def _attract_and_decline(s):
    do(s, "attract", target=3)
    do(s, "decline")


def _attempt_with_no_luck_stopped(s):
    declare(s)
    defend(s, 1)


@pytest.mark.parametrize("lucky, deck_was_empty, turn", [
    (9, True, _play_a_wmo),
    (9, True, _attract_and_decline),
    (3, True, _attempt_with_no_luck_stopped),
    (9, False, quiet_turn),  # the turn that drew the last card
])
def test_R24_a_turn_that_is_not_quiet_resets_the_counter(lucky, deck_was_empty, turn):
    s = position(areas=[[3], [1], [2], [4]], parlor=[6, 7, 9, 10], lucky=lucky, deck_size=0, quiet=3,
                 deck_was_empty=deck_was_empty, hands={0: ["w01_pruning_shears", "attract_1"], 1: ["luck_1a"]})
    turn(s)
    assert s.phase == ACTION and s.quiet == 0


def test_R25_every_turn_counts_and_the_length_is_the_turn_the_game_ended_in():
    assert RULES.setup(4, {}, 3).turn == 1
    s = position(areas=[[5], [6], [1], [2]], parlor=[3, 4, 7, 8], lucky=5, turn=7, hands={1: ["luck_1a"]})
    declare(s)
    defend(s, 1)
    assert s.turn == 8 and s.current == 1 and s.lucky == 6  # the stopper's turn is turn 8
    declare(s)
    for _ in range(3):
        defend(s)
    assert s.phase == OVER and RULES.result(s).details["turns"] == 8


# -- house rulings -------------------------------------------------------------------------------------


def test_H1_the_house_card_list_keeps_what_tuning_may_not_change():
    """H1's split (6 Attract, 15 Luck) and Luck values are retunable by §3.5; what is fixed is checked."""
    assert [c.number for c in CARDS.characters] == list(range(1, 16))
    assert len(CARDS.actions) == 66
    for kind in ("weapon", "motive", "opportunity"):
        assert sorted(c.names for c in CARDS.actions if c.kind == kind) == list(range(1, 16))
    assert sum(c.kind in ("attract", "luck") for c in CARDS.actions) == 66 - 45
    assert {c.defence for c in CARDS.actions if c.kind == "luck"} <= {1, 2, 3, 4}
    s = attack_position(strength=1, hands={0: ["luck_4a", "luck_4b", "luck_3a"]})
    declare(s, 4, 4, 3)
    assert s.strength == 1 + 3  # +1 on attack whatever the value


def test_H2_the_character_deck_only_refills_and_never_takes_characters_back():
    s = position(areas=[[3, 8], [1], [2], [4]], parlor=[6, 7, 9, 10], char_deck=[13, 11, 5], lucky=1)
    order = s.char_deck[:]
    do(s, "take", take=9, give=8)
    assert s.char_deck == order and 8 in s.parlor
    s = position(areas=[[3], [1], [2], [4]], parlor=[6, 7, 9, 10], char_deck=[13, 11, 5], lucky=1)
    order = s.char_deck[:]
    do(s, "take", take=9)
    assert s.char_deck == order[:-1] and 13 in s.parlor  # only the top left, the order is kept


def test_H3_with_two_characters_you_return_one_you_held_before():
    s = position(areas=[[3, 8], [1], [2], [4]], parlor=[6, 7, 9, 10], lucky=1)
    assert {(a["take"], a["give"]) for a in legal(s, "take")} == {(x, y) for x in (6, 7, 9, 10) for y in (3, 8)}
    do(s, "take", take=7, give=3)
    assert sorted(s.areas[0]) == [7, 8] and 3 in s.parlor


def test_H4_he_rides_with_his_card_both_ways():
    s = position(areas=[[3, 8], [1], [2], [4]], parlor=[6, 7, 9, 10], lucky=10)
    do(s, "take", take=10, give=3)  # Parlor -> area
    assert s.lucky == 10 and s.phase == ATTEMPT
    s = position(areas=[[3, 8], [1], [2], [4]], parlor=[6, 7, 9, 10], lucky=3)
    events = do(s, "take", take=10, give=3)  # area -> Parlor
    moved = next(e for e in events if e.kind == "lucky_moved")
    assert moved["source"] == 3 and s.lucky == 4 and s.current == 1  # no attempt, then one step on


def test_H5_the_attempt_is_optional_and_made_by_the_character_he_is_on():
    s = position(areas=[[5, 8], [1], [2], [4]], parlor=[6, 7, 9, 10], lucky=5,
                 attached={5: ["w05_meat_cleaver"], 8: ["w08_stuffing_needle", "m08_owl_hat_stand"]})
    do(s, "pass")
    assert {a.kind for a in legal(s)} == {"decline", "attempt"}
    trial = RULES.copy(s)
    do(trial, "attempt", luck=PASS)
    assert trial.attacker_char == 5 and trial.strength == 3
    do(s, "decline")
    assert s.attempts == 0 and s.current == 1 and s.lucky == 6


def test_H6_the_stopper_plays_next_and_the_players_between_miss_their_turn():
    s = attack_position(6, attacker=4, strength=3, hands={1: ["luck_3a"]})
    declare(s)
    assert s.defenders == [5, 0, 1, 2, 3]
    defend(s)
    defend(s)
    defend(s, 3)
    assert turn_order(s, 4) == [1, 2, 3, 4]  # P5 and P0 are skipped once


def test_H7_a_failed_last_defence_ends_the_game_in_a_fixed_state():
    finals = []
    for _ in range(2):
        s = attack_position(strength=2, hands={3: ["luck_1a"]})
        declare(s)
        defend(s)
        defend(s)
        deck_size, lucky = len(s.deck), s.lucky
        defend(s, 1)
        assert s.phase == OVER and len(s.deck) == deck_size and s.lucky == lucky and s.hands[3] == []
        finals.append(RULES.to_json(s))
    assert finals[0] == finals[1]


def test_H8_all_luck_played_is_discarded_and_wmo_cards_stay_after_a_stop():
    s = attack_position(strength=6, hands={0: ["luck_1a"], 1: ["luck_2a", "luck_3a"], 2: ["luck_4a"]})
    attached = s.attached[5][:]
    declare(s, 1)
    defend(s, 2, 3)
    defend(s, 4)
    assert ids(s.discard[-4:]) == ["luck_1a", "luck_2a", "luck_3a", "luck_4a"]
    assert s.attached[5] == attached and s.areas[0] == [5]


def _h9_pass(s):
    do(s, "pass")


def _h9_take(s):
    do(s, "take", take=7)


def _h9_attract_and_decline(s):
    do(s, "attract", target=3)
    do(s, "decline")


def _h9_stopped_attempt(s):
    do(s, "attract", target=3)
    do(s, "attempt", luck=PASS)
    defend(s, 1)


@pytest.mark.parametrize("turn, after", [(_h9_pass, 7), (_h9_take, 7), (_h9_attract_and_decline, 6),
                                         (_h9_stopped_attempt, 6)])
def test_H9_he_moves_exactly_one_step_after_every_kind_of_turn(turn, after):
    s = position(areas=[[3], [6], [9], [12]], parlor=[1, 7, 10, 14], char_deck=[8], lucky=6,
                 hands={0: ["attract_1"], 1: ["luck_1a"]})
    turn(s)
    assert s.lucky == after and s.phase == ACTION and s.current == 1


def test_H10_a_filled_slot_is_never_replaced_even_by_a_match():
    s = position(areas=[[10], [1], [2], [4]], parlor=[6, 7, 9, 12], attached={10: ["w02_cavalry_sabre"]}, lucky=1,
                 hands={0: ["w10_shattering_high_c"]})
    assert wmo_choices(s) == set()
    assert s.attached[10][0] == idx("w02_cavalry_sabre")


def test_H11_own_characters_only_but_any_named_character():
    s = position(areas=[[3], [14], [2], [4]], parlor=[6, 7, 9, 10], lucky=2, hands={0: ["w14_unlabelled_tonic"]})
    assert wmo_choices(s) == {("w14_unlabelled_tonic", 3)}  # not on P1's #14, not on a Parlor character
    do(s, "wmo", card="w14_unlabelled_tonic", host=3)
    assert RULES.view(s, 0)["strengths"][3] == 2
    s = position(areas=[[3], [1], [2], [4]], parlor=[6, 7, 9, 14], lucky=1, attached={3: ["w14_unlabelled_tonic"]})
    do(s, "take", take=14)  # taking the named character later moves nothing
    assert s.attached[3][0] == idx("w14_unlabelled_tonic") and s.attached[14] == [NO, NO, NO]
    assert RULES.view(s, 1)["strengths"][3] == 2


def test_H12_attract_pulls_him_from_another_players_character_but_never_as_a_no_op():
    s = position(areas=[[3], [9], [2], [4]], parlor=[6, 7, 10, 12], lucky=9, hands={0: ["attract_1"]})
    assert attract_targets(s) == {3}
    do(s, "attract", target=3)
    assert s.lucky == 3 and s.phase == ATTEMPT
    s = position(areas=[[3, 8], [9], [2], [4]], parlor=[6, 7, 10, 12], lucky=3, hands={0: ["attract_1"]})
    assert attract_targets(s) == {8}  # onto your other character, never onto the one he is on


def test_H13_luck_is_played_only_inside_an_attempt_and_only_on_ones_own_defence_turn():
    s = attack_position(strength=2, hands={0: ["luck_1a", "luck_2a"], 2: ["luck_4a"]})
    assert kinds(s) == {"take", "pass"}  # no action-step use
    declare(s)
    assert seat_to_act(s) == 1
    assert RULES.legal_actions(s, 2) == [] and RULES.legal_actions(s, 0) == []


def test_H14_he_starts_on_the_lowest_character_in_play_and_the_highest_area_character_starts():
    in_parlor = 0
    for players in (3, 4, 5, 6):
        for seed in range(25):
            s = RULES.setup(players, {}, seed)
            assert s.lucky == in_play(s)[0]
            assert s.current == max(range(players), key=lambda seat: max(s.areas[seat]))
            assert s.lucky not in s.areas[s.current]
            in_parlor += s.lucky in s.parlor
    assert in_parlor > 0  # he may start in the Parlor


def test_H15_clockwise_is_increasing_seat_index_and_turn_one_draws():
    s = RULES.setup(5, {}, 11)
    first = s.current
    assert [len(h) for h in s.hands] == [HAND_SIZE[5] + (seat == first) for seat in range(5)]
    assert turn_order(s, 6) == [(first + i) % 5 for i in range(6)]


def test_H16_taking_a_character_does_not_reset_the_stall_guard():
    s = position(areas=[[3], [1], [2], [4]], parlor=[6, 7, 9, 10], lucky=9, deck_size=0, quiet=1)
    do(s, "take", take=6)
    assert s.quiet == 2
    do(s, "take", take=7)
    assert s.quiet == 3


def test_H17_a_drawn_game_has_no_winner_and_scores_one_nth_each():
    s = position(areas=[[3], [1], [2], [4]], parlor=[6, 7, 9, 10], lucky=9, deck_size=0, quiet=3)
    do(s, "pass")
    result = RULES.result(s)
    assert result.winners == [] and result.details["drawn"] is True
    assert evaluate(RULES, s) == [0.25] * 4
    assert len(set(result.ranking)) == 1


def test_H18_the_discard_pile_is_public_in_order_and_never_reused():
    s = attack_position(strength=5, hands={0: ["luck_1a"], 1: ["luck_4a"], 2: ["luck_2a"]}, deck_size=2)
    declare(s, 1)
    defend(s, 4)
    defend(s, 2)
    for viewer in (None, 0, 1, 3):
        assert RULES.view(s, viewer)["discard"] == ids(s.discard)
    assert RULES.view(s, None)["discard"][-3:] == ["luck_1a", "luck_4a", "luck_2a"]
    for _ in range(2):
        quiet_turn(s)
    assert s.deck == [] and RULES.view(s, None)["discard"][-3:] == ["luck_1a", "luck_4a", "luck_2a"]


def test_H19_partial_defence_still_draws_and_overshoot_still_stops():
    s = attack_position(strength=4, hands={1: ["luck_1a"], 2: ["luck_3a", "luck_4a"]})
    declare(s)
    defend(s, 1)
    assert s.strength == 3 and len(s.hands[1]) == 1  # played one, drew one
    assert defended_to(defend(s, 3, 4)) == -4
    assert s.current == 2 and s.phase == ACTION


def test_H20_the_defence_decision_exists_even_with_only_pass():
    s = attack_position(strength=2)
    declare(s)
    pending = RULES.pending(s)
    assert [(d.seat, d.kind) for d in pending] == [(1, "defend")]
    assert legal(s) == [action(1, "defend", luck=PASS)]


def test_H21_the_view_shows_the_character_deck_as_a_set_not_an_order():
    a = position(areas=[[3], [1], [2], [4]], parlor=[6, 7, 9, 10], char_deck=[13, 5, 11], lucky=1)
    b = position(areas=[[3], [1], [2], [4]], parlor=[6, 7, 9, 10], char_deck=[11, 13, 5], lucky=1)
    for seat in (None, 0, 2):
        assert RULES.view(a, seat) == RULES.view(b, seat)
    view = RULES.view(a, 2)
    assert view["character_deck"] == 7 and view["character_deck_set"] == [5, 8, 11, 12, 13, 14, 15]


def test_H22_taking_is_illegal_with_an_empty_parlor():
    s = position(3, areas=[[3, 8], [1, 2], [4, 6]], parlor=[], lucky=1)
    assert legal(s, "take") == [] and action(0, "pass") in legal(s)


def test_H23_equal_luck_is_interchangeable_and_the_lowest_ids_move():
    s = attack_position(strength=1, hands={0: ["luck_1c", "luck_1a", "luck_1b", "luck_3b"]})
    do(s, "pass")
    assert len(legal(s, "attempt")) == 4 * 2
    do(s, "attempt", luck=luck(1, 1))
    assert ids(s.discard[-2:]) == ["luck_1a", "luck_1b"] and hand(s, 0) == ["luck_1c", "luck_3b"]
    s = position(areas=[[3], [1], [2], [4]], parlor=[6, 7, 9, 10], lucky=1, hands={0: ["attract_4", "attract_2"]})
    assert len(legal(s, "attract")) == 1
    do(s, "attract", target=3)
    assert ids(s.discard[-1:]) == ["attract_2"]


def test_H24_a_returned_characters_cards_go_weapon_motive_opportunity():
    s = position(areas=[[3, 8], [1], [2], [4]], parlor=[6, 7, 9, 10], lucky=1,
                 attached={8: ["o11_fog_on_the_terrace", "w03_poisoned_inkwell", "m08_owl_hat_stand"]})
    do(s, "take", take=6, give=8)
    assert ids(s.discard[-3:]) == ["w03_poisoned_inkwell", "m08_owl_hat_stand", "o11_fog_on_the_terrace"]


def test_information_model_determinize_redeals_only_the_unseen_pool():
    s = attack_position(strength=3, hands={0: ["luck_1a", "w07_gilded_frame"], 1: ["luck_4a", "attract_1"],
                                           2: ["luck_2a"]}, deck_size=9)
    out = RULES.determinize(s, 0, Rng(5))
    zones_ok(out)
    assert out.hands[0] == s.hands[0] and [len(h) for h in out.hands] == [len(h) for h in s.hands]
    assert len(out.deck) == len(s.deck) and sorted(out.char_deck) == sorted(s.char_deck)
    for public in ("areas", "parlor", "attached", "discard", "lucky", "current", "turn", "quiet", "phase"):
        assert getattr(out, public) == getattr(s, public), public
    other = RULES.copy(s)  # the same public state and own hand, other hidden cards
    other.hands[1], other.deck[0] = [other.deck[0], idx("luck_4a")], idx("attract_1")
    other.hands[1].sort()
    other.char_deck.reverse()
    zones_ok(other)
    assert RULES.to_json(RULES.determinize(other, 0, Rng(5))) == RULES.to_json(out)
    view = RULES.view(s, 0)  # other hands appear only as sizes
    assert view["hand"] == hand(s, 0) and view["hand_sizes"] == [2, 2, 1, 0]
    assert "luck_4a" not in str(view) and "attract_1" not in str(view)


# -- scenario checks (§12) -----------------------------------------------------------------------------

S1_ORDER = [9, 4, 12, 2, 1, 6, 11, 15, 3, 5, 7, 8, 10, 13, 14]


class _DealtAsS1(Rng):
    """The match RNG, except that the character shuffle comes out as in check 1."""

    def shuffle(self, items):
        super().shuffle(items)
        if sorted(items) == list(range(1, 16)):
            items[:] = S1_ORDER


def test_S1_setup_four_players(monkeypatch):
    monkeypatch.setattr(engine, "Rng", _DealtAsS1)
    s = RULES.setup(4, {}, 2024)
    assert s.areas == [[9], [4], [12], [2]]
    assert s.parlor == [1, 6, 11, 15]
    assert list(reversed(s.char_deck)) == [3, 5, 7, 8, 10, 13, 14]  # #3 on top, 7 cards
    assert s.lucky == 1 and s.lucky in s.parlor
    assert s.current == 2 and s.turn == 1 and s.quiet == 0
    assert [len(h) for h in s.hands] == [6, 6, 7, 6]  # hands of 6, and P2 drew to 7
    assert len(s.deck) == 42 - 1 and s.discard == []
    zones_ok(s)


def test_S2_setup_three_players():
    s = RULES.setup(3, {}, 99)
    assert len(s.parlor) == 3 and len(s.char_deck) == 9
    assert len(s.deck) == 45 - 1 and s.discard == []
    assert sorted(len(h) for h in s.hands) == [7, 7, 8] and len(s.hands[s.current]) == 8
    assert RULES.to_json(RULES.setup(3, {}, 99)) == RULES.to_json(s)  # deterministic from the seed


def test_S3_attack_strength():
    s = position(areas=[[1], [5, 8], [2], [3]], parlor=[4, 6, 7, 9], lucky=5, current=1,
                 attached={5: ["w05_meat_cleaver", "m09_bells_at_3am", "o05_midnight_snack"],
                           8: ["w08_stuffing_needle"]}, hands={1: ["luck_1a", "luck_4a"]})
    declare(s, 1, 4)
    assert s.strength == 1 + 2 + 1 + 2 + 2 == 8
    assert ids(s.discard[-2:]) == ["luck_1a", "luck_4a"] and seat_to_act(s) == 2


def test_S4_attackers_luck_counts_plus_one_each():
    s = position(areas=[[7], [1], [2], [3]], parlor=[4, 5, 6, 8], lucky=7, hands={0: ["luck_4a", "luck_4b"]})
    declare(s, 4, 4)
    assert s.strength == 3


def test_S5_a_stop_jumps_the_turn():
    s = attack_position(strength=5, deck_size=10, hands={2: ["luck_2a", "luck_3a"], 3: ["luck_4a"]})
    attached = s.attached[5][:]
    declare(s)
    assert s.strength == 5
    defend(s)
    assert len(s.deck) == 9 and len(s.hands[1]) == 1
    assert defended_to(defend(s, 2, 3)) == 0
    assert hand(s, 3) == ["luck_4a"] and s.attached[5] == attached
    assert s.lucky == 6 and len(s.deck) == 8  # one step; P2 has drawn for their turn
    assert turn_order(s, 4) == [2, 3, 0, 1]


def test_S6_partial_defences_add_up_and_the_attacker_wins():
    s = attack_position(strength=6, deck_size=5, hands={1: ["luck_4a"], 3: ["luck_1a"]})
    declare(s)
    defend(s, 4)
    assert s.strength == 2 and len(s.deck) == 4
    defend(s)
    assert s.strength == 2 and len(s.deck) == 3
    defend(s, 1)
    assert s.phase == OVER and RULES.result(s).winners == [0]
    assert len(s.deck) == 3 and s.lucky == 5


def test_S7_overshoot_stops():
    s = attack_position(strength=2, hands={1: ["luck_4a"], 2: ["luck_1a"]})
    declare(s)
    assert defended_to(defend(s, 4)) == -2
    assert s.current == 1 and hand(s, 2) == ["luck_1a"] and s.hands[3] == []


def test_S8_the_deck_runs_out_during_the_defence():
    s = attack_position(strength=3, deck_size=1, hands={3: ["luck_3a"]})
    declare(s)
    defend(s)
    assert len(s.hands[1]) == 1 and s.deck == []
    defend(s)
    assert s.hands[2] == []
    assert defended_to(defend(s, 3)) == 0
    assert s.current == 3 and s.hands[3] == [] and s.deck_was_empty
    assert s.quiet == 0


def test_S9_his_step_skips_characters_in_the_character_deck():
    s = position(3, areas=[[2], [5], [9]], parlor=[12, 13, 14], char_deck=[10, 11], lucky=9)
    do(s, "pass")
    assert s.lucky == 12
    s = position(3, areas=[[2], [5], [9]], parlor=[12, 13, 14], char_deck=[10, 11], lucky=14, current=1)
    do(s, "pass")
    assert s.lucky == 2


def _s10():
    return position(areas=[[3], [2], [9], [15]], parlor=[1, 8, 10, 13], char_deck=[6, 7, 14, 4, 5, 11, 12],
                    lucky=8, hands={0: ["luck_2a"]})


def test_S10_take_with_one_character_he_rides_along_and_the_parlor_refills():
    s = _s10()
    do(s, "take", take=8)
    assert s.areas[0] == [3, 8] and s.lucky == 8
    assert s.parlor == [1, 6, 10, 13] and list(reversed(s.char_deck)) == [7, 14, 4, 5, 11, 12]
    assert s.phase == ATTEMPT and seat_to_act(s) == 0
    trial = RULES.copy(s)
    do(trial, "attempt", luck=luck(2))
    assert trial.strength == 1 + 1
    do(s, "decline")
    assert s.lucky == 9 and in_play(s) == [1, 2, 3, 6, 8, 9, 10, 13, 15]


def _s11():
    s = position(areas=[[1], [4, 11], [5], [9]], parlor=[7, 12, 14], lucky=11, current=1,
                 attached={4: ["w04_crystal_ball"], 11: ["m02_medals_lost_at_whist", "o11_fog_on_the_terrace"]})
    events = do(s, "take", take=7, give=11)
    return s, events


def test_S11_take_with_two_characters_returning_his_character():
    s, events = _s11()
    assert sorted(s.areas[1]) == [4, 7] and s.parlor == [11, 12, 14]
    assert s.attached[4] == [idx("w04_crystal_ball"), NO, NO]
    assert ids(s.discard[-2:]) == ["m02_medals_lost_at_whist", "o11_fog_on_the_terrace"]
    assert "attempt" not in [e.kind for e in events] and s.current == 2  # D2 was not offered
    moved = next(e for e in events if e.kind == "lucky_moved")
    assert (moved["source"], moved["target"]) == (11, 12) and s.lucky == 12


def test_S12_a_returned_character_is_bare():
    s, _ = _s11()
    assert s.current == 2 and len(s.areas[2]) == 1
    attacking = RULES.copy(s)
    do(s, "take", take=11)
    assert 11 in s.areas[2] and s.attached[11] == [NO, NO, NO]
    attacking.lucky = 11  # if he stands on #11 when P2 takes it
    do(attacking, "take", take=11)
    do(attacking, "attempt", luck=PASS)
    assert attacking.strength == 1


def test_S13_take_with_an_empty_character_deck():
    s = position(6, areas=[[1, 3], [4, 5], [6], [7, 8], [10, 12], [13, 15]], parlor=[2, 9, 11, 14], lucky=1,
                 current=2)
    assert s.char_deck == []
    events = do(s, "take", take=14)
    assert s.areas[2] == [6, 14] and s.parlor == [2, 9, 11] and s.char_deck == []
    assert "parlor_refilled" not in [e.kind for e in events]


def test_S14_his_move_lands_on_a_newly_revealed_character():
    s = position(areas=[[5], [1], [9], [3]], parlor=[11, 12, 14, 15], char_deck=[7], lucky=5)
    do(s, "take", take=12)
    assert s.parlor == [7, 11, 14, 15] and s.phase == ATTEMPT
    do(s, "decline")
    assert s.areas[0] == [5, 12] and s.lucky == 7


def test_S15_attract_legality():
    s = position(areas=[[1], [2], [3], [6, 13]], parlor=[4, 7, 10, 11], lucky=13, current=3,
                 hands={3: ["attract_1"]})
    assert attract_targets(s) == {6}
    do(s, "attract", target=6)
    assert s.lucky == 6 and s.phase == ATTEMPT
    do(s, "attempt", luck=PASS)
    assert s.attacker_char == 6
    s = position(areas=[[1], [2], [3], [13]], parlor=[4, 6, 7, 10, 11], lucky=13, current=3,
                 hands={3: ["attract_1"]})
    assert attract_targets(s) == set()
    s = position(areas=[[1], [2], [3], [6, 13]], parlor=[4, 7, 10, 11], lucky=10, current=3,
                 hands={3: ["attract_1"]})
    assert attract_targets(s) == {6, 13}


def test_S16_wmo_slots_and_no_replacement():
    s = position(areas=[[2], [3], [4], [10, 1]], parlor=[5, 6, 7, 8], lucky=2, current=3,
                 attached={10: ["w02_cavalry_sabre"]}, hands={3: ["w10_shattering_high_c", "m10_ruined_farewell"]})
    assert wmo_choices(s) == {("w10_shattering_high_c", 1), ("m10_ruined_farewell", 10), ("m10_ruined_farewell", 1)}
    worth = {}
    for card, host in sorted(wmo_choices(s)):
        trial = RULES.copy(s)
        before = RULES.view(trial, 0)["strengths"][host]
        do(trial, "wmo", card=card, host=host)
        worth[card, host] = RULES.view(trial, 0)["strengths"][host] - before
    assert worth == {("w10_shattering_high_c", 1): 1, ("m10_ruined_farewell", 10): 2, ("m10_ruined_farewell", 1): 1}


def test_S17_no_attempt_while_he_is_in_the_parlor():
    s = position(areas=[[3], [1], [2], [4]], parlor=[10, 11, 12, 13], lucky=10)
    events = do(s, "pass")
    assert s.phase == ACTION and "attempt" not in [e.kind for e in events]
    assert s.lucky == 11 and s.current == 1


def test_S18_the_defence_order_wraps():
    s = attack_position(5, attacker=3, strength=3, hands={0: ["luck_4a"], 1: ["luck_4b"], 2: ["luck_3a"]})
    declare(s)
    assert s.defenders == [4, 0, 1, 2]
    defend(s)
    assert len(s.hands[4]) == 1 and seat_to_act(s) == 0
    defend(s, 4)
    assert hand(s, 1) == ["luck_4b"] and hand(s, 2) == ["luck_3a"]
    assert turn_order(s, 5) == [0, 1, 2, 3, 4]


def _s19():
    return position(3, areas=[[1], [2], [3]], parlor=[10, 11, 12], char_deck=[13], lucky=12, turn=30,
                    deck_size=0, hands={1: ["w01_pruning_shears"]})


def test_S19_the_stall_guard_fires():
    s = _s19()
    do(s, "take", take=10)  # turn 30
    assert s.quiet == 1 and s.attempts == 0
    do(s, "pass")  # turn 31
    assert s.quiet == 2
    assert s.lucky not in s.areas[2]
    do(s, "pass")  # turn 32
    assert s.phase == OVER and s.drawn and s.turn == 32
    result = RULES.result(s)
    assert result.winners == [] and result.details["drawn"] is True and result.details["turns"] == 32
    assert evaluate(RULES, s) == pytest.approx([1 / 3] * 3)


def test_S19_variant_a_wmo_play_restarts_the_count():
    s = _s19()
    do(s, "take", take=10)  # turn 30
    do(s, "wmo", card="w01_pruning_shears", host=2)  # turn 31
    assert s.quiet == 0
    quiet_turn(s)  # 32
    quiet_turn(s)  # 33
    assert s.phase == ACTION and s.quiet == 2
    quiet_turn(s)  # 34
    assert s.phase == OVER and s.drawn and s.turn == 34


def test_S20_the_stall_guard_waits_for_an_empty_deck():
    s = position(3, areas=[[1], [2], [3]], parlor=[10, 11, 12], lucky=10, current=2, turn=19, deck_size=1)
    do(s, "pass")  # turn 19 ends; turn 20 begins with P0 drawing the last card
    assert s.turn == 20 and s.current == 0 and len(s.hands[0]) == 1 and s.deck == []
    quiet_turn(s)
    assert s.quiet == 0  # turn 20 is not quiet
    quiet_turn(s)
    quiet_turn(s)
    assert s.turn == 23 and s.quiet == 2 and s.phase == ACTION
    quiet_turn(s)
    assert s.phase == OVER and s.drawn and RULES.result(s).details["turns"] == 23


def test_S21_an_attempt_with_no_luck_resets_the_stall_guard():
    s = attack_position(strength=1, deck_size=0, quiet=3, turn=40, hands={1: ["luck_1a"]})
    declare(s)
    defend(s, 1)
    assert s.phase == ACTION and s.quiet == 0
    assert s.turn == 41 and s.current == 1


def test_the_strength_preview_follows_R12_and_R14():
    """The table previews staged Luck through the engine: +1 per card in attack, minus the values in defence."""
    assert engine.strength_with_luck("attempt", 3, (0, 0, 0, 2)) == 5  # check 4: L−4 twice adds 2, not 8
    assert engine.strength_with_luck("defend", 5, (0, 1, 1, 0)) == 0  # check 5: L−2 and L−3 stop S = 5
    assert engine.strength_with_luck("defend", 2, (0, 0, 0, 1)) == -2  # check 7: overshoot
    s = attack_position(strength=3, hands={0: ["luck_4a", "luck_4b"]})
    declare(s, 4, 4)
    assert s.strength == engine.strength_with_luck("attempt", 3, luck(4, 4))
