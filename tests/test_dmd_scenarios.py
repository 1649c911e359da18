"""The scenario checks S1–S30 of the Dead Man's Draw rules spec (shared/rules/dead-mans-draw.md §12).

One test per scenario, its variants included. Positions are built with tests/dmd.py in the spec's
notation: seat 0 is P1 (the active player unless stated), seat 1 is P2, seat 2 is P3. Banks are compared
stack by stack in suit order, highest first, as the spec lists them. Every action goes through `act`,
which also checks the R20 invariants on the state it leaves.
"""

from __future__ import annotations

import json

from game.ai.bot import SeatInfo, make_bot
from game.core.actions import action
from game.core.match import Match, Seat
from game.core.rng import Rng
from game.games.deadmans_draw import RULES
from game.games.deadmans_draw import effects as fx
from game.games.deadmans_draw.cards import deck
from game.games.deadmans_draw.odds import bust_odds
from game.games.deadmans_draw.state import KRAKEN, MERMAID, OVER, TRAITS

from .dmd import bank_of, build, c, cards, discard_names, do, legal_kinds, legal_targets, names

# Trait effect keys (§3.2), named after their traits.
SHEET_ANCHOR = "anchor_keeps_more"  # T01
SCAVENGER = "cannon_to_own_bank"  # T02
DUELIST = "sword_any_suit"  # T03
TREASURE_HUNTER = "key_chest_bonus_x3"  # T04
KRAKEN_CALLER = "others_kraken_four"  # T05
DOUBLE_HOOK = "hook_two_cards"  # T06
MERMAID_CHARMER = "mermaid_straight_to_bank"  # T07
VULTURE = "receive_marked_busts"  # T08
SABOTEUR = "others_cannon_backfires"  # T09
MYSTIC = "oracle_peek_three"  # T10
IRONCLAD = "sword_only_my_kraken"  # T11
PLUNDERER = "key_chest_bonus_from_bank"  # T12
KRAKEN_TAMER = "kraken_straight_to_bank"  # T13
MERMAID_COLLECTOR = "mermaid_plus_five"  # T14
GRAPNEL = "hook_acts_as_anchor"  # T15
NAVIGATOR = "map_pick_any"  # T16
MASTER_GUNNER = "cannon_whole_stack"  # T17

TEN_LOWEST = "Anchor 2, Cannon 2, Chest 2, Hook 2, Key 2, Kraken 2, Map 2, Mermaid 4, Oracle 2, Sword 2"
TEN_SUITS = "Anchor 3, Cannon 3, Chest 3, Hook 3, Key 3, Kraken 3, Map 3, Mermaid 5, Oracle 3, Sword 3"


# -- helpers ----------------------------------------------------------------------------------------------


def check_invariants(state) -> None:
    """R20: every loot card in exactly one zone; no suit twice in the Play Area; T07/T13 holders never
    hold their suit there; Banks sorted (R14); between turns an empty Play Area and no obligation."""
    zones = state.draw + state.discard + state.play + [x for bank in state.banks for st in bank for x in st]
    if state.choice is not None and state.choice.kind == "map":
        zones += state.choice.cards  # revealed by a Map, waiting for the pick
    assert sorted(zones) == list(range(60))
    suits = [x // 6 for x in state.play]
    assert len(suits) == len(set(suits))
    holder = state.traits[state.current]
    assert not (holder == fx.MERMAID_CHARMER and MERMAID in suits)
    assert not (holder == fx.KRAKEN_TAMER and KRAKEN in suits)
    for bank in state.banks:
        for suit, stack in enumerate(bank):
            assert stack == sorted(set(stack)) and all(x // 6 == suit for x in stack)
    # A "draw" choice with nothing owed is a turn's first Draw (R2); R11b asks for a Draw only when owed.
    if state.phase == OVER or (state.choice.kind == "draw" and state.owed == 0):
        assert not state.play and state.owed == 0 and not state.after


def act(state, kind: str, **args) -> list:
    """Apply a legal action of the pending seat (tests/dmd.do) and check R20 afterwards."""
    events = do(state, kind, **args)
    check_invariants(state)
    return events


def draws(state, count: int) -> list[int]:
    """Draw `count` times; the Kraken obligation after each Draw."""
    owed = []
    for _ in range(count):
        act(state, "draw")
        owed.append(state.owed)
    return owed


def assert_discard(state, before: list[str], added: str) -> None:
    """The Discard Pile is exactly `before` plus the cards listed in `added` ("Discard += ...")."""
    assert discard_names(state) == sorted(before + names(cards(added)))


def events_of(events, kind: str) -> list:
    return [e for e in events if e.kind == kind]


def bonus_taken(events) -> int:
    (bonus,) = events_of(events, "bonus")
    return bonus["count"]


def collected(events) -> int:
    """N of the Collect in `events` (R12)."""
    (collect,) = events_of(events, "collect")
    return collect["count"]


def is_turn_start(state, seat: int) -> bool:
    """`seat`'s turn has begun: its first Draw is the only legal action, with a clean table (R2)."""
    return (state.phase != OVER and state.current == seat and legal_kinds(state) == {"draw"}
            and not state.play and state.owed == 0)


def at_draw_or_collect(state) -> bool:
    return state.choice.kind == "draw_or_collect" and legal_kinds(state) == {"draw", "collect"}


def at_forced_draw(state) -> bool:
    return state.choice.kind == "draw" and legal_kinds(state) == {"draw"} and state.owed > 0


def game_over(banks: dict, traits: dict | None = None):
    """The result of a finished 2-player game with these Banks."""
    state = build(banks=banks, traits=traits, draw="", discard="")
    state.phase, state.choice = OVER, None
    return RULES.result(state)


# -- S1–S5: busts, Anchor, Key & Chest ----------------------------------------------------------------------


def test_S1_plain_bust():
    """S1 — Plain bust; the busting card's ability is not used (R5b, R13)."""
    state = build(play="Cannon 4, Mermaid 6", banks={1: "Sword 7"}, draw_top="Cannon 6")
    before = discard_names(state)
    act(state, "draw")
    assert bank_of(state, 1) == ["Sword 7"]  # Cannon 6 never fired
    assert_discard(state, before, "Cannon 4, Mermaid 6, Cannon 6")
    assert bank_of(state, 0) == []
    assert is_turn_start(state, 1)


def test_S2_anchor_and_known_top():
    """S2 — Anchor keeps earlier cards; a known top card gives bust odds of 1 (§6.1, §8.5)."""
    state = build(play="Chest 4, Mermaid 7, Anchor 3, Oracle 5", draw_top="Chest 6", known=1)
    before = discard_names(state)
    assert bust_odds(state) == 1
    act(state, "draw")
    assert bank_of(state, 0) == ["Chest 4", "Mermaid 7"]
    assert_discard(state, before, "Anchor 3, Oracle 5, Chest 6")
    assert is_turn_start(state, 1)


def test_S3_anchor_keeps_key_chest_without_bonus():
    """S3 — Key & Chest kept by an Anchor get no bonus (H14)."""
    state = build(play="Key 4, Chest 5, Anchor 6", draw_top="Key 7")
    before = discard_names(state)
    assert len(before) == 10
    events = act(state, "draw")
    assert bank_of(state, 0) == ["Chest 5", "Key 4"]
    assert not events_of(events, "bonus")
    assert_discard(state, before, "Anchor 6, Key 7")
    assert len(state.discard) == 12


def test_S4_key_chest_bonus_and_shortfall():
    """S4 — Key & Chest bonus on a Collect (R12, §6.4), its shortfall, and Treasure Hunter (T04)."""
    play = "Key 3, Mermaid 5, Chest 6"

    def collect(discard: str, traits=None, seed=7):
        state = build(play=play, discard=discard, traits=traits, seed=seed)
        events = act(state, "collect")
        bonus = sorted({x for stack in state.banks[0] for x in stack} - set(cards(play)))
        assert set(bonus) <= set(cards(discard))  # every bonus card came out of the Discard Pile
        assert sorted(state.discard) == sorted(set(cards(discard)) - set(bonus))
        assert bonus_taken(events) == len(bonus)
        return state, bonus

    # Twelve cards: 3 bonus cards (N = 3), 9 left. Whatever they are, a bonus Kraken creates no
    # obligation and a bonus Key no further bonus: P2's turn simply begins.
    twelve = TEN_LOWEST + ", Kraken 5, Key 7"
    seen_kraken_and_key = False
    for seed in range(60):
        state, bonus = collect(twelve, seed=seed)
        assert len(bonus) == 3 and len(state.discard) == 9
        assert is_turn_start(state, 1)
        seen_kraken_and_key |= {KRAKEN, fx.KEY} <= {x // 6 for x in bonus}
    assert seen_kraken_and_key, "no seed drew a Kraken and a Key as bonus cards"

    # (a) Treasure Hunter with 12 cards: 3 × 3 = 9 bonus cards, 3 remain.
    state, bonus = collect(twelve, traits={0: TREASURE_HUNTER})
    assert len(bonus) == 9 and len(state.discard) == 3
    # (b) Treasure Hunter with 7 cards: all 7, the pile is empty.
    seven = "Anchor 2, Cannon 2, Chest 2, Hook 2, Key 2, Kraken 2, Map 2"
    state, bonus = collect(seven, traits={0: TREASURE_HUNTER})
    assert bonus == sorted(cards(seven)) and state.discard == []


def test_S5_plunderer():
    """S5 — Plunderer (T12, H17): N cards at random from one chosen Bank, as many as it has."""
    p3 = "Anchor 3, Anchor 5, Cannon 4, Chest 3, Hook 4, Kraken 4, Mermaid 6, Oracle 4, Sword 3, Sword 4"
    discard = "Anchor 2, Cannon 2, Chest 2, Hook 2, Key 2, Kraken 2, Map 2, Mermaid 4"

    def collect_and_choose(victim: int, seed: int = 7):
        state = build(3, play="Key 5, Chest 7, Map 3", banks={1: "Anchor 4, Sword 6", 2: p3},
                      discard=discard, traits={0: PLUNDERER}, seed=seed)
        act(state, "collect")
        assert state.choice.kind == "plunder" and legal_targets(state) == set()  # no suit/target pairs
        assert {a["target"] for a in RULES.legal_actions(state, 0)} == {1, 2}
        events = act(state, "plunder", target=victim)
        assert discard_names(state) == sorted(names(cards(discard)))  # the Discard Pile is not used
        return state, events

    state, events = collect_and_choose(1)
    assert bonus_taken(events) == 2  # N = 3, but P2 has only 2 cards
    assert bank_of(state, 0) == ["Anchor 4", "Chest 7", "Key 5", "Map 3", "Sword 6"]
    assert bank_of(state, 1) == []

    # P3 instead: 3 cards at random from all 10 of P3's cards, not only the tops of their stacks.
    first_picks = set()
    for seed in range(200):
        state, events = collect_and_choose(2, seed)
        assert bonus_taken(events) == 3
        taken = set(bank_of(state, 0)) - {"Key 5", "Chest 7", "Map 3"}
        assert len(taken) == 3 and len(bank_of(state, 0)) == 6
        assert taken | set(bank_of(state, 2)) == set(names(cards(p3)))
        assert len(bank_of(state, 2)) == 7
        first_picks.add(next(e["piece"] for e in events if e.kind == "moved" and e["why"] == "plunder"))
    assert first_picks == {fx.CARD_ID[x] for x in cards(p3)}  # Anchor 3 and Sword 3 too, below the tops


# -- S6–S11: the Kraken and the straight-to-Bank traits -----------------------------------------------------


def test_S6_kraken_satisfied_by_hooked_card():
    """S6 — Kraken satisfied by a Hook's card (R5d, H11, R9)."""
    state = build(banks={0: "Mermaid 8"}, draw_top="Kraken 4, Hook 3", choice="draw")
    assert draws(state, 1) == [2]
    assert at_forced_draw(state)
    events = act(state, "draw")  # Hook 3 enters (obligation 1), then auto-hooks Mermaid 8 (obligation 0)
    assert names(state.play) == ["Kraken 4", "Hook 3", "Mermaid 8"]
    assert any(e.kind == "moved" and e["piece"] == "mermaid_8" and e["dst"] == "play" for e in events)
    assert state.owed == 0
    assert at_draw_or_collect(state)
    act(state, "collect")
    assert bank_of(state, 0) == ["Hook 3", "Kraken 4", "Mermaid 8"]


def test_S7_kraken_then_cannon_still_owes():
    """S7 — Kraken then Cannon still owes a draw (§6.3, §6.5)."""
    state = build(banks={1: "Map 7"}, draw_top="Kraken 5, Cannon 3", choice="draw")
    before = discard_names(state)
    assert draws(state, 2) == [2, 1]
    assert_discard(state, before, "Map 7")
    assert bank_of(state, 1) == []
    assert at_forced_draw(state)  # Collect is not offered


def test_S8_kraken_at_the_end_of_the_draw_pile():
    """S8 — Kraken near the end of the Draw Pile; the obligation lapses and the game ends (H10, R11a)."""
    state = build(play="Anchor 4", draw="Kraken 6, Mermaid 5")
    act(state, "draw")
    assert state.owed == 2 and at_forced_draw(state)
    events = act(state, "draw")
    assert [e["owed"] for e in events_of(events, "kraken")] == [0]  # 1 after Mermaid 5, then it lapses
    assert collected(events) == 3
    assert bank_of(state, 0) == ["Anchor 4", "Kraken 6", "Mermaid 5"]
    assert state.phase == OVER and RULES.pending(state) == []
    assert not events_of(events, "turn_started")  # P2 gets no further turn
    assert RULES.result(state).scores == [4 + 6 + 5, 0]


def test_S9_kraken_caller():
    """S9 — Kraken Caller (T05, H34): another player's Kraken forces four, the holder's own forces two."""
    state = build(banks={}, traits={1: KRAKEN_CALLER}, choice="draw",
                  draw_top="Kraken 3, Anchor 3, Cannon 3, Chest 3, Mermaid 5, Kraken 5")
    assert draws(state, 5) == [4, 3, 2, 1, 0]  # P1's Kraken: four more cards
    assert at_draw_or_collect(state)
    act(state, "collect")
    assert is_turn_start(state, 1)
    assert draws(state, 1) == [2]  # P2's own Kraken: two


def test_S10_mermaid_charmer_during_a_kraken():
    """S10 — Mermaid Charmer during a Kraken, and N (T07, H12, H15)."""
    state = build(play="Kraken 3", owed=2, choice="draw", traits={0: MERMAID_CHARMER},
                  draw_top="Mermaid 8, Key 6, Mermaid 6, Chest 5")
    assert len(state.discard) == 10
    steps = [
        # (bank after the Draw, Play Area after, obligation after)
        (["Mermaid 8"], ["Kraken 3"], 2),
        (["Mermaid 8"], ["Kraken 3", "Key 6"], 1),
        (["Mermaid 8", "Mermaid 6"], ["Kraken 3", "Key 6"], 1),
        (["Mermaid 8", "Mermaid 6"], ["Kraken 3", "Key 6", "Chest 5"], 0),
    ]
    for bank, play, owed in steps:
        assert at_forced_draw(state)
        act(state, "draw")
        assert (bank_of(state, 0), names(state.play), state.owed) == (bank, play, owed)
    assert at_draw_or_collect(state)
    events = act(state, "collect")
    assert collected(events) == 3 and bonus_taken(events) == 3  # the Mermaids are not in N
    assert len(state.discard) == 7
    assert {"Kraken 3", "Key 6", "Chest 5", "Mermaid 8", "Mermaid 6"} <= set(bank_of(state, 0))
    assert len(bank_of(state, 0)) == 5 + 3


def test_S11_kraken_tamer():
    """S11 — Kraken Tamer (T13, H13): a Kraken goes straight to the Bank, no bust, no obligation."""
    state = build(play="Mermaid 7", banks={0: "Kraken 3"}, draw_top="Kraken 7", traits={0: KRAKEN_TAMER})
    events = act(state, "draw")
    assert bank_of(state, 0) == ["Kraken 7", "Kraken 3"]
    assert not events_of(events, "bust") and state.owed == 0
    assert names(state.play) == ["Mermaid 7"]
    assert at_draw_or_collect(state)

    # Variant: an empty Play Area; the first-draw Kraken 7 is banked and P1 may Collect at once.
    state = build(banks={0: "Kraken 3"}, draw_top="Kraken 7", traits={0: KRAKEN_TAMER}, choice="draw")
    act(state, "draw")
    assert state.play == [] and state.owed == 0 and at_draw_or_collect(state)
    events = act(state, "collect")
    assert collected(events) == 0  # nothing moved
    assert bank_of(state, 0) == ["Kraken 7", "Kraken 3"]
    assert is_turn_start(state, 1)


# -- S12–S15: Sword and Cannon ------------------------------------------------------------------------------


def test_S12_sword_targets():
    """S12 — Sword: what is legal, a bust by Sword, and the digital option (§6.9, H5)."""

    def draw_sword(options=None):
        state = build(3, play="Map 4", banks={0: "Anchor 6, Cannon 5", 1: "Anchor 7, Map 6, Oracle 3"},
                      draw_top="Sword 5", options=options)
        before = discard_names(state)
        act(state, "draw")
        return state, before

    state, _ = draw_sword()
    assert state.choice.kind == "sword"
    assert legal_targets(state) == {(1, "Map"), (1, "Oracle")}  # not (P2, Anchor): Anchor is in P1's Bank

    # The digital option: only (P2, Oracle) is legal, and it is applied without asking.
    state, _ = draw_sword({"sword_no_play_suit": True})
    assert names(state.play) == ["Map 4", "Sword 5", "Oracle 3"]
    assert bank_of(state, 1) == ["Anchor 7", "Map 6"]
    assert at_draw_or_collect(state)

    # (P2, Map): bust; the stolen Map 6 is lost to P2 too.
    state, before = draw_sword()
    act(state, "sword", target=1, suit="map")
    assert_discard(state, before, "Map 4, Sword 5, Map 6")
    assert bank_of(state, 1) == ["Anchor 7", "Oracle 3"]
    assert bank_of(state, 0) == ["Anchor 6", "Cannon 5"]
    assert is_turn_start(state, 1)

    # (P2, Oracle): Oracle 3 enters P1's Play Area and reveals the top card.
    state, _ = draw_sword()
    top = state.draw[-1]
    events = act(state, "sword", target=1, suit="oracle")
    assert names(state.play) == ["Map 4", "Sword 5", "Oracle 3"]
    assert state.known == 1 and state.draw[-1] == top
    (revealed,) = events_of(events, "revealed")
    assert revealed["pieces"] == (fx.CARD_ID[top],) and revealed["zone"] == "draw"


def test_S13_sword_without_target_and_duelist():
    """S13 — Sword without a legal target (H6); Duelist (T03)."""

    def draw_sword(traits=None):
        state = build(banks={0: TEN_SUITS, 1: "Hook 6"}, draw_top="Sword 5", choice="draw", traits=traits)
        return state, act(state, "draw")

    state, events = draw_sword()
    assert [e["card"] for e in events_of(events, "no_effect")] == ["sword_5"]
    assert names(state.play) == ["Sword 5"]
    assert bank_of(state, 1) == ["Hook 6"]
    assert at_draw_or_collect(state)

    # Duelist: (P2, Hook) is the only legal choice, so it is taken; Hook 6 then hooks one of P1's stacks.
    state, _ = draw_sword({0: DUELIST})
    assert names(state.play) == ["Sword 5", "Hook 6"]
    assert bank_of(state, 1) == []
    assert state.choice.kind == "hook"
    assert legal_targets(state) == {name.split()[0] for name in names(cards(TEN_SUITS))}


def test_S14_ironclad():
    """S14 — Ironclad (T11, H19): only the holder's top Kraken can be stolen."""

    def draw_sword(p1_bank="", p2_bank="Kraken 5, Kraken 3, Chest 7"):
        state = build(3, banks={0: p1_bank, 1: p2_bank, 2: "Hook 6"}, traits={1: IRONCLAD},
                      draw_top="Sword 4", choice="draw")
        act(state, "draw")
        return state

    state = draw_sword()
    assert legal_targets(state) == {(1, "Kraken"), (2, "Hook")}  # not (P2, Chest)
    act(state, "sword", target=1, suit="kraken")
    assert names(state.play) == ["Sword 4", "Kraken 5"]
    assert bank_of(state, 1) == ["Chest 7", "Kraken 3"]
    assert state.owed == 2 and at_forced_draw(state)

    # Variant: P1's Bank holds Kraken 6, so only (P3, Hook) is legal: it is taken, and that Hook then
    # brings in P1's only card, Kraken 6.
    state = draw_sword(p1_bank="Kraken 6")
    assert bank_of(state, 2) == [] and bank_of(state, 1) == ["Chest 7", "Kraken 5", "Kraken 3"]
    assert names(state.play) == ["Sword 4", "Hook 6", "Kraken 6"]

    # Variant: P2 has no Kraken. Only (P3, Hook) is legal; P1's empty Bank leaves the Hook nothing to do.
    state = draw_sword(p2_bank="Chest 7")
    assert bank_of(state, 2) == [] and bank_of(state, 1) == ["Chest 7"]
    assert names(state.play) == ["Sword 4", "Hook 6"]
    assert at_draw_or_collect(state)


def test_S15_saboteur():
    """S15 — Saboteur (T09, H20): another player's Cannon backfires; Master Gunner does not widen it."""

    def draw_cannon(p1_bank="Anchor 5, Anchor 3, Map 7", current=0):
        state = build(banks={0: p1_bank, 1: "Sword 6"}, traits={0: MASTER_GUNNER, 1: SABOTEUR},
                      draw_top="Cannon 4", choice="draw", current=current)
        before = discard_names(state)
        act(state, "draw")
        return state, before

    for suit, lost, p1_after in (("anchor", "Anchor 5", ["Anchor 3", "Map 7"]),
                                 ("map", "Map 7", ["Anchor 5", "Anchor 3"])):
        state, before = draw_cannon()
        assert state.choice.kind == "sabotage" and legal_targets(state) == {"Anchor", "Map"}
        act(state, "sabotage", suit=suit)
        assert_discard(state, before, lost)  # exactly one card, despite Master Gunner
        assert bank_of(state, 0) == p1_after
        assert bank_of(state, 1) == ["Sword 6"]
        assert at_draw_or_collect(state)

    # Variant: P1's Bank is empty. Nothing happens.
    state, before = draw_cannon(p1_bank="")
    assert discard_names(state) == before and bank_of(state, 1) == ["Sword 6"]
    assert names(state.play) == ["Cannon 4"] and at_draw_or_collect(state)

    # Variant: P2 (the Saboteur) draws a Cannon: it works normally against P1.
    state, before = draw_cannon(current=1)
    assert state.choice.kind == "cannon" and legal_targets(state) == {(0, "Anchor"), (0, "Map")}
    act(state, "cannon", target=0, suit="anchor")
    assert_discard(state, before, "Anchor 5")  # one card: Master Gunner is P1's, not P2's
    assert bank_of(state, 0) == ["Anchor 3", "Map 7"]


# -- S16–S19: who keeps what on a bust, and the Hook traits ---------------------------------------------------


def test_S16_vulture():
    """S16 — Vulture (T08, 3 players): the mark's lost cards go to the Vulture's Bank (R13.4)."""

    def bust(current: int):
        state = build(3, play="Mermaid 6, Anchor 5, Key 4", draw_top="Key 6", traits={2: VULTURE}, mark=0,
                      current=current)
        before = discard_names(state)
        act(state, "draw")
        return state, before

    state, before = bust(current=0)
    assert bank_of(state, 0) == ["Mermaid 6"]  # protected by the Anchor
    assert bank_of(state, 2) == ["Anchor 5", "Key 6", "Key 4"]
    assert discard_names(state) == before

    # Variant: P2 is not the mark; P2's lost cards go to the Discard Pile.
    state, before = bust(current=1)
    assert bank_of(state, 1) == ["Mermaid 6"]
    assert_discard(state, before, "Anchor 5, Key 4, Key 6")
    assert bank_of(state, 2) == []


def test_S17_sheet_anchor():
    """S17 — Sheet Anchor (T01, H22): also the Anchor and the next 2 cards; no bonus on a bust (H14)."""

    def bust(traits=None):
        state = build(play="Chest 3, Anchor 4, Key 5, Mermaid 6, Sword 3", draw_top="Key 7", traits=traits)
        before = discard_names(state)
        events = act(state, "draw")
        assert not events_of(events, "bonus")
        return state, before

    state, before = bust({0: SHEET_ANCHOR})
    assert bank_of(state, 0) == ["Anchor 4", "Chest 3", "Key 5", "Mermaid 6"]
    assert_discard(state, before, "Sword 3, Key 7")

    state, before = bust()
    assert bank_of(state, 0) == ["Chest 3"]
    assert_discard(state, before, "Anchor 4, Key 5, Mermaid 6, Sword 3, Key 7")


def test_S18_grapnel():
    """S18 — Grapnel (T15, H21): the hooked card is protected even when it busts."""

    def bust(traits=None):
        state = build(play="Key 3, Chest 5", banks={0: "Mermaid 9, Key 6"}, draw_top="Hook 4", traits=traits)
        before = discard_names(state)
        act(state, "draw")
        assert state.choice.kind == "hook" and legal_targets(state) == {"Key", "Mermaid"}
        events = act(state, "hook", suit="key")
        (busted,) = events_of(events, "bust")
        assert busted["card"] == "key_6"  # Key 3 is in the Play Area
        assert not events_of(events, "bonus")
        return state, before

    state, before = bust({0: GRAPNEL})
    assert bank_of(state, 0) == ["Chest 5", "Key 6", "Key 3", "Mermaid 9"]
    assert_discard(state, before, "Hook 4")

    state, before = bust()
    assert bank_of(state, 0) == ["Mermaid 9"]
    assert_discard(state, before, "Key 3, Chest 5, Hook 4, Key 6")


def test_S19_double_hook():
    """S19 — Double Hook (T06, H23): two cards, each resolved fully; a bust cancels the second."""

    def draw_hook(bank="Kraken 6, Mermaid 7", play="Anchor 5"):
        state = build(play=play, banks={0: bank}, traits={0: DOUBLE_HOOK}, draw_top="Hook 3, Chest 4, Key 4")
        before = discard_names(state)
        act(state, "draw")
        return state, before

    # Mermaid 7 first; the second pick is forced (Kraken 6) and sets the obligation to 2: two more Draws.
    state, _ = draw_hook()
    assert state.choice.kind == "hook" and legal_targets(state) == {"Kraken", "Mermaid"}
    act(state, "hook", suit="mermaid")
    assert names(state.play) == ["Anchor 5", "Hook 3", "Mermaid 7", "Kraken 6"]
    assert bank_of(state, 0) == []
    assert state.owed == 2 and at_forced_draw(state)
    assert draws(state, 2) == [1, 0]
    assert at_draw_or_collect(state)

    # Variant: Kraken 6 first (obligation 2); the second pick, Mermaid 7, brings it to 1: one forced Draw.
    state, _ = draw_hook()
    act(state, "hook", suit="kraken")
    assert names(state.play) == ["Anchor 5", "Hook 3", "Kraken 6", "Mermaid 7"]
    assert state.owed == 1 and at_forced_draw(state)
    assert draws(state, 1) == [0]
    assert at_draw_or_collect(state)

    # Variant: only Mermaid 7 in the Bank. One card is hooked.
    state, _ = draw_hook(bank="Mermaid 7")
    assert names(state.play) == ["Anchor 5", "Hook 3", "Mermaid 7"]
    assert bank_of(state, 0) == [] and at_draw_or_collect(state)

    # Variant: the first pick busts. There is no second pick; Kraken 6 stays in the Bank.
    state, before = draw_hook(play="Anchor 5, Mermaid 5")
    act(state, "hook", suit="mermaid")
    assert_discard(state, before, "Anchor 5, Mermaid 5, Hook 3, Mermaid 7")
    assert bank_of(state, 0) == ["Kraken 6"]
    assert is_turn_start(state, 1)


# -- S20–S22: Map, Navigator, Oracle, Mystic ------------------------------------------------------------------


def test_S20_map_and_navigator():
    """S20 — Map and Navigator (§6.6, T16, H35)."""

    def draw_map():
        state = build(play="Key 5", discard="Anchor 2, Key 2", draw_top="Map 6")
        events = act(state, "draw")
        revealed = {e["piece"] for e in events if e.kind == "moved" and e["dst"] == "reveal"}
        assert revealed == {"anchor_2", "key_2"}  # both discards are revealed
        assert state.choice.kind == "map" and legal_targets(state) == {"Anchor 2", "Key 2"}
        return state

    state = draw_map()
    act(state, "map", card="anchor_2")
    assert names(state.play) == ["Key 5", "Map 6", "Anchor 2"]
    assert discard_names(state) == ["Key 2"]
    assert at_draw_or_collect(state)

    state = draw_map()
    act(state, "map", card="key_2")
    assert discard_names(state) == sorted(["Anchor 2", "Key 5", "Map 6", "Key 2"])
    assert is_turn_start(state, 1)

    # Variant: Navigator with 10 cards in the Discard Pile: any one of them, nothing revealed at random.
    state = build(play="Key 5", draw_top="Map 6", traits={0: NAVIGATOR})
    before = discard_names(state)
    assert len(before) == 10
    events = act(state, "draw")
    assert not [e for e in events if e.kind == "moved" and e["dst"] == "reveal"]
    assert state.choice.kind == "navigate" and legal_targets(state) == set(before)
    assert discard_names(state) == before
    act(state, "navigate", card="sword_2")
    assert names(state.play) == ["Key 5", "Map 6", "Sword 2"]
    assert discard_names(state) == sorted(set(before) - {"Sword 2"})


def test_S21_oracle_as_the_last_card():
    """S21 — Oracle as the last card: it reveals nothing, the Collect is automatic, the game ends."""
    state = build(play="Hook 5", draw="Oracle 7")
    events = act(state, "draw")
    assert [e["card"] for e in events_of(events, "no_effect")] == ["oracle_7"]
    assert not events_of(events, "revealed") and state.known == 0
    assert collected(events) == 2
    assert bank_of(state, 0) == ["Hook 5", "Oracle 7"]
    assert state.phase == OVER and events_of(events, "game_over")


def test_S22_oracle_and_mystic():
    """S22 — Oracle and Mystic information (§6.8, T10, R17, H8)."""

    def draw_oracle(traits=None):
        state = build(play="Key 4", draw_top="Oracle 3, Key 6, Map 5, Anchor 3", traits=traits)
        events = act(state, "draw")
        (revealed,) = events_of(events, "revealed")
        assert revealed.visible_to is None  # revealed to everyone
        return state, revealed["pieces"]

    state, shown = draw_oracle()
    assert shown == ("key_6",) and state.known == 1 and state.draw[-1] == c("Key 6")
    assert bust_odds(state) == 1
    act(state, "collect")
    assert bank_of(state, 0) == ["Key 4", "Oracle 3"]
    assert is_turn_start(state, 1) and state.known == 1  # Key 6 stays on top, still public
    events = act(state, "draw")
    (drawn,) = [e for e in events if e.kind == "moved"]
    assert drawn["piece"] == "key_6" and not drawn.reveals  # everyone already knew it
    assert names(state.play) == ["Key 6"] and state.known == 0

    # Variant: Mystic. Key 6, Map 5 and Anchor 3 are revealed in that order; the next Draw takes Key 6.
    state, shown = draw_oracle({0: MYSTIC})
    assert shown == ("key_6", "map_5", "anchor_3") and state.known == 3
    assert [fx.CARD_ID[x] for x in reversed(state.draw[-3:])] == list(shown)  # order unchanged
    before = discard_names(state)
    events = act(state, "draw")
    assert [e["card"] for e in events_of(events, "bust")] == ["key_6"]
    assert_discard(state, before, "Key 4, Oracle 3, Key 6")
    assert state.known == 2 and state.draw[-1] == c("Map 5")


# -- S23–S25: Scavenger, Master Gunner, abilities with nothing to act on ---------------------------------------


def test_S23_scavenger():
    """S23 — Scavenger (T02, H25): the Cannon's card is banked, never placed."""

    def draw_cannon():
        state = build(play="Sword 6", banks={1: "Sword 7"}, traits={0: SCAVENGER}, draw_top="Cannon 5, Cannon 3")
        events = act(state, "draw")
        assert not events_of(events, "bust")
        assert bank_of(state, 0) == ["Sword 7"] and bank_of(state, 1) == []
        assert names(state.play) == ["Sword 6", "Cannon 5"]
        assert at_draw_or_collect(state)
        return state

    # A later bust this turn: Sword 7 stays in P1's Bank.
    state = draw_cannon()
    before = discard_names(state)
    act(state, "draw")
    assert bank_of(state, 0) == ["Sword 7"]
    assert_discard(state, before, "Sword 6, Cannon 5, Cannon 3")

    # A Collect: N = 2 (Sword 6 and Cannon 5).
    state = draw_cannon()
    events = act(state, "collect")
    assert collected(events) == 2
    assert bank_of(state, 0) == ["Cannon 5", "Sword 7", "Sword 6"]


def test_S24_master_gunner():
    """S24 — Master Gunner (T17): the Cannon discards the whole chosen stack."""
    state = build(banks={1: "Anchor 7, Anchor 5, Anchor 3, Map 4"}, traits={0: MASTER_GUNNER},
                  draw_top="Cannon 5", choice="draw")
    before = discard_names(state)
    act(state, "draw")
    assert legal_targets(state) == {(1, "Anchor"), (1, "Map")}
    act(state, "cannon", target=1, suit="anchor")
    assert_discard(state, before, "Anchor 7, Anchor 5, Anchor 3")
    assert bank_of(state, 1) == ["Map 4"]


def test_S25_hook_and_cannon_with_nothing_to_act_on():
    """S25 — Cannon and Hook with nothing to act on, during a Kraken (R8, §6.5)."""
    state = build(3, play="Kraken 7", owed=2, choice="draw", draw_top="Hook 5, Cannon 4")
    for card, owed in (("hook_5", 1), ("cannon_4", 0)):
        events = act(state, "draw")
        assert [e["card"] for e in events_of(events, "no_effect")] == [card]
        assert state.owed == owed
    assert names(state.play) == ["Kraken 7", "Hook 5", "Cannon 4"]
    assert at_draw_or_collect(state)


# -- S26–S28: scoring and odds --------------------------------------------------------------------------------


def test_S26_scoring_and_ties():
    """S26 — Scoring and ties (§7, H29): score, then card count, then a shared win."""
    p1 = "Anchor 7, Anchor 3, Map 6, Mermaid 9"
    result = game_over({0: p1, 1: "Key 7, Chest 6, Hook 5, Cannon 4"})
    assert result.scores == [22, 22] and result.details["cards"] == [4, 4]
    assert result.winners == [0, 1] and result.ranking == [1, 1]

    result = game_over({0: p1, 1: "Key 7, Chest 6, Hook 5, Hook 3, Cannon 4"})
    assert result.scores == [22, 22] and result.details["cards"] == [4, 5]
    assert result.winners == [1] and result.ranking == [2, 1]


def test_S27_mermaid_collector_scoring():
    """S27 — Mermaid Collector scoring (T14, H18): +5 per Mermaid card."""
    result = game_over({0: "Mermaid 9, Mermaid 6, Mermaid 5, Anchor 7, Anchor 4"}, {0: MERMAID_COLLECTOR})
    assert result.scores[0] == 9 + 7 + 3 * 5 == 31


def test_S28_bust_odds_formula():
    """S28 — Bust odds formula (§8.5): sum of left(s) over the suits in play, over the Draw Pile size."""
    pile = ("Anchor 5, Key 3, Key 4, Key 7, Map 4, Map 5, Anchor 3, Anchor 4, Anchor 6, Anchor 7, "
            "Cannon 3, Cannon 4, Cannon 5, Cannon 6, Cannon 7, Chest 3, Chest 4, Chest 5, Chest 6, Chest 7")

    def position(known=0):
        state = build(3, play="Key 6, Map 3", banks={1: "Key 5", 2: "Map 7, Map 6"}, draw=pile, known=known)
        assert len(state.draw) == 20
        assert {"Key 2", "Map 2"} <= set(discard_names(state))
        return state

    assert bust_odds(position()) == (3 + 2) / 20 == 0.25
    assert bust_odds(position(known=1)) == 0  # an Oracle revealed Anchor 5 on top


# -- S29–S30 ---------------------------------------------------------------------------------------------------


def test_S29_stolen_card_lost_on_bust():
    """S29 — A stolen card is lost to its owner on a bust (H5)."""
    state = build(play="Hook 6", banks={0: "Cannon 3", 1: "Hook 7, Map 5"}, draw_top="Sword 4")
    before = discard_names(state)
    act(state, "draw")
    assert legal_targets(state) == {(1, "Hook"), (1, "Map")}  # Hook is in play but not in P1's Bank
    events = act(state, "sword", target=1, suit="hook")
    assert [e["card"] for e in events_of(events, "bust")] == ["hook_7"]
    assert_discard(state, before, "Hook 6, Sword 4, Hook 7")
    assert bank_of(state, 1) == ["Map 5"]
    assert bank_of(state, 0) == ["Cannon 3"]


def test_S30_secret_simultaneous_trait_pick():
    """S30 — Trait selection is secret and simultaneous (§4.4, D1, §8.2, H2)."""
    match = Match(RULES, [Seat("P1"), Seat("P2"), Seat("P3")], {"traits": True}, seed=2015)
    state = match.state
    ids = [t.id for t in deck().traits]
    dealt = [[ids[t] for t in state.dealt[seat]] for seat in range(3)]
    assert all(len(d) == 2 for d in dealt) and len({t for d in dealt for t in d}) == 6

    def others_dealt(seat):
        return {t for other in range(3) if other != seat for t in dealt[other]}

    def assert_secret(returned_only: bool):
        """No view and no event a seat can see names another seat's dealt trait (after the reveal: their
        returned one); the spectator sees none."""
        public = set(RULES.view(state, None)["traits"]) if returned_only else set()
        for seat in (0, 1, 2, None):
            hidden = (others_dealt(seat) if seat is not None else {t for d in dealt for t in d}) - public
            seen = json.dumps(RULES.view(state, seat)) + json.dumps([e.to_json() for e in match.events_for(seat)])
            assert not [t for t in hidden if f'"{t}"' in seen], seat

    # During D1 all three choose at once, in secret, each seeing only their own two traits.
    assert state.phase == TRAITS
    assert [(d.seat, d.kind, d.secret) for d in match.pending()] == [(s, "keep_trait", True) for s in range(3)]
    for seat in range(3):
        assert RULES.view(state, seat)["dealt"] == dealt[seat]
        assert {a["trait"] for a in match.legal_actions(seat)} == set(dealt[seat])
    assert_secret(returned_only=False)

    # An AI's choice is computed from its own view only: re-dealing the other seats' traits changes nothing.
    twin = state.copy()
    twin.dealt[1], twin.dealt[2] = sorted(state.undealt[:2]), sorted(state.undealt[2:4])
    twin.undealt = sorted(set(state.undealt[4:]) | set(state.dealt[1]) | set(state.dealt[2]))
    for level in ("normal", "hard"):
        bot = make_bot("deadmans_draw", level, iterations=20)
        a, b = SeatInfo(RULES, state, 0), SeatInfo(RULES, twin, 0)
        assert a.view == b.view and a.legal == b.legal
        assert bot.choose(a, Rng(1)) == bot.choose(b, Rng(1))

    # The picks (P3 first: order does not matter). Nothing is revealed until the last one.
    kept = {2: dealt[2][1], 0: dealt[0][0], 1: dealt[1][1]}
    for n, (seat, trait_id) in enumerate(kept.items()):
        events = match.apply(action(seat, "keep_trait", trait=trait_id))
        if n < 2:
            assert not events_of(events, "revealed")
            assert all(t is None for t in RULES.view(state, seat)["traits"])
            assert RULES.view(state, seat)["my_pick"] == trait_id
            assert sorted(d.seat for d in match.pending()) == sorted(set(range(3)) - set(list(kept)[:n + 1]))
            assert_secret(returned_only=False)

    reveals = events_of(events, "revealed")
    in_seat_order = [kept[s] for s in range(3)]
    assert [r["pieces"][0] for r in reveals] == in_seat_order
    assert [r["zone"] for r in reveals] == ["trait/0", "trait/1", "trait/2"]
    for seat in (0, 1, 2, None):
        assert RULES.view(state, seat)["traits"] == in_seat_order
    assert state.phase != TRAITS
    assert_secret(returned_only=True)
