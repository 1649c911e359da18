"""Dead Man's Draw card data: suits, the 60 loot cards and the 17 traits, loaded from YAML and validated.

Inside the engine a loot card is a small int (its index in the YAML list) and a trait is its index too;
ids are used only at the edges (actions, views, saves), which keeps the hot paths cheap.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from ...core.carddata import CardDataError, Reader, game_file, unique_ids
from ...core.paths import cards_file

GAME_ID = "deadmans_draw"
SUIT_ORDER = ("anchor", "cannon", "chest", "hook", "key", "kraken", "map", "mermaid", "oracle", "sword")
SUIT_EFFECTS = {
    "anchor": "anchor_protect", "cannon": "cannon_discard_top", "chest": "key_chest_bonus",
    "hook": "hook_play_from_bank", "key": "key_chest_bonus", "kraken": "kraken_force_two",
    "map": "map_pick_from_discard", "mermaid": "none", "oracle": "oracle_peek", "sword": "sword_steal",
}
TRAIT_EFFECTS = (
    "anchor_keeps_more", "cannon_to_own_bank", "sword_any_suit", "key_chest_bonus_x3", "others_kraken_four",
    "hook_two_cards", "mermaid_straight_to_bank", "receive_marked_busts", "others_cannon_backfires",
    "oracle_peek_three", "sword_only_my_kraken", "key_chest_bonus_from_bank", "kraken_straight_to_bank",
    "mermaid_plus_five", "hook_acts_as_anchor", "map_pick_any", "cannon_whole_stack",
)
# The rules fix every suit's values (spec §3.1): 2–7, Mermaid 4–9.
SUIT_VALUES = {sid: range(4, 10) if sid == "mermaid" else range(2, 8) for sid in SUIT_ORDER}
TEXT_LIMITS = {"en": 110, "ja": 60}
TRAIT_TEXT_LIMITS = {"en": 160, "ja": 90}


@dataclass(frozen=True)
class Suit:
    id: str
    index: int
    name: dict
    effect: str
    icon: str
    color: str
    letter: str
    keyword: dict
    text: dict


@dataclass(frozen=True)
class Loot:
    id: str
    index: int
    suit: int
    value: int
    starts_in_discard: bool


@dataclass(frozen=True)
class Trait:
    id: str
    index: int
    number: str
    effect: str
    icon_suit: str | None
    name: dict
    pirate: dict
    text: dict
    house_data: tuple


@dataclass(frozen=True)
class Deck:
    suits: tuple
    loot: tuple
    traits: tuple
    by_id: dict = field(default_factory=dict, compare=False)

    def __post_init__(self):
        self.by_id.update({c.id: c for c in self.loot})
        self.by_id.update({t.id: t for t in self.traits})

    def suit(self, suit_id: str) -> Suit:
        return self.suits[SUIT_ORDER.index(suit_id)]

    def card(self, card_id: str) -> Loot:
        return self.by_id[card_id]

    def trait(self, trait_id: str) -> Trait:
        return self.by_id[trait_id]


def _read_suits(path, records) -> tuple:
    suits = []
    for index, record in enumerate(records):
        r = Reader.record(path, record)
        sid = r.choice("id", SUIT_ORDER)
        if sid != SUIT_ORDER[index]:
            r.fail("id", f"suits must be listed in the order {', '.join(SUIT_ORDER)}")
        effect = r.choice("effect", set(SUIT_EFFECTS.values()))
        if effect != SUIT_EFFECTS[sid]:
            r.fail("effect", f"the {sid} suit's effect is {SUIT_EFFECTS[sid]!r}")
        color = r.get("color", str)
        if len(color) != 7 or color[0] != "#":
            r.fail("color", "expected #rrggbb")
        letter = r.get("letter", str)
        if len(letter) != 1:
            r.fail("letter", "expected one letter")
        suits.append(Suit(sid, index, r.text("name"), effect, r.get("icon", str), color, letter,
                          r.text("keyword"), r.text("text", max_len=TEXT_LIMITS)))
        r.done()
    if len(suits) != len(SUIT_ORDER):
        raise CardDataError(path, None, "suits", f"expected {len(SUIT_ORDER)} suits, found {len(suits)}")
    letters = [s.letter for s in suits]
    if len(set(letters)) != len(letters):
        raise CardDataError(path, None, "suits.letter", "suit letters must be unique")
    return tuple(suits)


def _read_loot(path, records) -> tuple:
    loot, seen = [], set()
    for index, record in enumerate(records):
        r = Reader.record(path, record)
        cid = r.get("id", str)
        if cid in seen:
            r.fail("id", "duplicate card id")
        seen.add(cid)
        suit = SUIT_ORDER.index(r.choice("suit", SUIT_ORDER))
        value = r.get("value", int)
        if value not in SUIT_VALUES[SUIT_ORDER[suit]]:
            r.fail("value", f"{SUIT_ORDER[suit]} cards have values {list(SUIT_VALUES[SUIT_ORDER[suit]])}")
        if cid != f"{SUIT_ORDER[suit]}_{value}":
            r.fail("id", f"expected {SUIT_ORDER[suit]}_{value}")
        loot.append(Loot(cid, index, suit, value, r.get("starts_in_discard", bool)))
        r.done()
    for suit, sid in enumerate(SUIT_ORDER):
        cards = [c for c in loot if c.suit == suit]
        if len(cards) != 6:
            raise CardDataError(path, None, "loot", f"suit {sid} has {len(cards)} cards, expected 6")
        if [c.value for c in cards] != sorted(c.value for c in cards):
            raise CardDataError(path, None, "loot", f"suit {sid}: list its cards in ascending value")
        lowest = [c.id for c in cards if c.starts_in_discard]
        if lowest != [cards[0].id]:
            raise CardDataError(path, cards[0].id, "starts_in_discard",
                                f"exactly the lowest {sid} card must start in the discard pile")
    # The engine relies on cards being grouped by suit in suit order (card // 6 == suit).
    if [c.suit for c in loot] != [i // 6 for i in range(60)]:
        raise CardDataError(path, None, "loot", "list the cards grouped by suit, in suit order")
    return tuple(loot)


def _read_traits(path, records) -> tuple:
    traits = []
    for index, record in enumerate(records):
        r = Reader.record(path, record)
        effect = r.choice("effect", TRAIT_EFFECTS)
        if effect != TRAIT_EFFECTS[index]:
            r.fail("effect", f"trait T{index + 1:02d} must have effect {TRAIT_EFFECTS[index]!r}")
        number = r.get("number", str)
        if number != f"T{index + 1:02d}":
            r.fail("number", f"expected T{index + 1:02d}")
        icon_suit = r.get("icon_suit", str, optional=True)
        if icon_suit is not None and icon_suit not in SUIT_ORDER:
            r.fail("icon_suit", f"{icon_suit!r} is not a suit")
        house = r.get("house_data", list)
        traits.append(Trait(r.get("id", str), index, number, effect, icon_suit, r.text("name"),
                            r.text("pirate"), r.text("text", max_len=TRAIT_TEXT_LIMITS), tuple(house)))
        r.done()
    if len(traits) != len(TRAIT_EFFECTS):
        raise CardDataError(path, None, "traits", f"expected {len(TRAIT_EFFECTS)} traits, found {len(traits)}")
    return tuple(traits)


def load_deck(path=None) -> Deck:
    path = path or cards_file(GAME_ID)
    top = game_file(path, GAME_ID)
    suits = _read_suits(path, top.records("suits"))
    loot, traits = _read_loot(path, top.records("loot")), _read_traits(path, top.records("traits"))
    top.done()
    unique_ids(path, (*loot, *traits))  # the deck finds both by id
    return Deck(suits, loot, traits)


@cache
def deck() -> Deck:
    return load_deck()
