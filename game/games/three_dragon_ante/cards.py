"""Three-Dragon Ante card data (spec §3): the 100 cards, loaded from data/cards/three_dragon_ante.yaml.

In the engine a card is its index in the YAML list. The per-card facts the rules read on every step are kept
as flat tuples indexed by card (`table()`), built once: strength, alignment, dragon, colour bits, effect key.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from ...core.carddata import CardDataError, Reader, game_file, unique_ids
from ...core.paths import cards_file

GAME_ID = "three_dragon_ante"
COLOURS = ("black", "blue", "brass", "bronze", "copper", "gold", "green", "red", "silver", "white")
KINDS = ("standard", "legendary", "mortal")
ALIGNMENTS = ("good", "evil", "none")
GOOD, EVIL, NONE = 1, -1, 0
ALIGN_VALUE = {"good": GOOD, "evil": EVIL, "none": NONE}
STANDARD_CARDS, SPECIAL_CARDS, SPECIALS_IN_GAME = 70, 30, 10
STANDARD_EFFECTS = COLOURS  # one power per colour (§6.1)


@dataclass(frozen=True)
class Card:
    id: str
    index: int
    name: dict
    strength: int
    kind: str
    alignment: str
    dragon: bool
    colours: tuple
    dragon_god: bool
    effect: str
    classic: bool
    house_data: str


@dataclass(frozen=True)
class Deck:
    colours: dict  # id -> {en, ja}
    powers: dict  # effect key -> {en, ja}
    kinds: dict
    alignments: dict
    cards: tuple
    by_id: dict = field(default_factory=dict, compare=False)

    def __post_init__(self):
        self.by_id.update({c.id: c for c in self.cards})

    def card(self, card_id: str) -> Card:
        return self.by_id[card_id]

    @property
    def specials(self) -> tuple:
        return tuple(c for c in self.cards if c.kind != "standard")

    @property
    def classic(self) -> tuple:
        return tuple(c.id for c in self.cards if c.classic)


def _named(path, records, field_name: str, ids=None) -> dict:
    out = {}
    for record in records:
        r = Reader.record(path, record)
        key = r.choice("id", ids) if ids else r.get("id", str)
        out[key] = r.text("name") if field_name == "name" else _text(r, field_name)
        r.done()
    if ids and set(out) != set(ids):
        raise CardDataError(path, None, None, f"expected exactly {sorted(ids)}")
    return out


def _text(r: Reader, field_name: str) -> dict:
    """A {en, ja} text that may still be empty (a power's wording can land after its card)."""
    value = r.get(field_name, dict)
    if set(value) != {"en", "ja"} or not all(isinstance(v, str) for v in value.values()):
        r.fail(field_name, "expected strings for en and ja")
    return dict(value)


def _card(path, index: int, record) -> Card:
    r = Reader.record(path, record)
    card = Card(
        id=r.get("id", str), index=index, name=r.text("name"), strength=r.get("strength", int),
        kind=r.choice("kind", KINDS), alignment=r.choice("alignment", ALIGNMENTS), dragon=r.get("dragon", bool),
        colours=tuple(r.get("colours", list)), dragon_god=r.get("dragon_god", bool), effect=r.get("effect", str),
        classic=r.get("classic", bool), house_data=r.get("house_data", str))
    r.done()
    if not 1 <= card.strength <= 13:
        r.fail("strength", "a strength is 1–13")
    if any(c not in COLOURS for c in card.colours):
        r.fail("colours", f"colours are among {', '.join(COLOURS)}")
    if card.dragon != (card.kind != "mortal") or (card.alignment == "none") != (card.kind == "mortal"):
        r.fail("dragon", "dragons are good or evil; Mortals are neither (§3.2)")
    if card.kind == "standard" and (card.effect not in COLOURS or card.colours != (card.effect,)
                                    or card.id != f"{card.effect}_{card.strength}"):
        r.fail("effect", "a standard card is <colour>_<strength> with its colour's power (§3.3)")
    return card


def load_deck(path=None) -> Deck:
    path = path or cards_file(GAME_ID)
    top = game_file(path, GAME_ID)
    kinds = _named(path, top.records("kinds"), "name")
    alignments = _named(path, top.records("alignments"), "name")
    colours = _named(path, top.records("colours"), "name", COLOURS)
    powers = _named(path, top.records("powers"), "text")
    cards = tuple(_card(path, i, record) for i, record in enumerate(top.records("cards")))
    top.done()
    unique_ids(path, cards)
    counts = {kind: sum(1 for c in cards if c.kind == kind) for kind in KINDS}
    if counts != {"standard": STANDARD_CARDS, "legendary": 15, "mortal": 15}:
        raise CardDataError(path, None, "cards", f"expected 70 standard, 15 legendary and 15 mortal cards: {counts}")
    missing = sorted({c.effect for c in cards} - set(powers))
    if missing:
        raise CardDataError(path, None, "powers", f"no power text for {missing}")
    if sum(c.classic for c in cards) != SPECIALS_IN_GAME:
        raise CardDataError(path, None, "cards", "exactly 10 cards are Classic 10")
    return Deck(colours, powers, kinds, alignments, cards)


@cache
def deck() -> Deck:
    return load_deck()


@dataclass(frozen=True)
class Table:
    """Flat per-card facts, indexed by card: what the hot paths read."""

    ids: tuple
    index: dict  # id -> card
    strength: tuple
    align: tuple  # GOOD / EVIL / NONE
    dragon: tuple
    colour_bits: tuple  # bit i = COLOURS[i]
    groups: tuple  # the colour flight groups a card counts in: COLOURS indexes, 10 for the Mortals (R28, H1)
    god: tuple
    effect: tuple
    mortal: tuple
    standard: tuple  # the 70 standard cards
    specials: tuple  # the 30 special cards, in YAML order
    classic: tuple  # the Classic 10, as cards


@cache
def table() -> Table:
    cards = deck().cards
    return Table(
        ids=tuple(c.id for c in cards), index={c.id: c.index for c in cards},
        strength=tuple(c.strength for c in cards), align=tuple(ALIGN_VALUE[c.alignment] for c in cards),
        dragon=tuple(c.dragon for c in cards),
        colour_bits=tuple(sum(1 << COLOURS.index(x) for x in c.colours) for c in cards),
        groups=tuple(tuple(COLOURS.index(x) for x in c.colours) + ((len(COLOURS),) if c.kind == "mortal" else ())
                     for c in cards),
        god=tuple(c.dragon_god for c in cards), effect=tuple(c.effect for c in cards),
        mortal=tuple(c.kind == "mortal" for c in cards),
        standard=tuple(c.index for c in cards if c.kind == "standard"),
        specials=tuple(c.index for c in cards if c.kind != "standard"),
        classic=tuple(c.index for c in cards if c.classic))


def card_of(card_id: str) -> int:
    return table().index[card_id]
