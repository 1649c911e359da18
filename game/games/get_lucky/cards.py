"""Get Lucky card data (all house data, spec §3): 15 characters and 66 action cards, loaded from YAML.

In the engine an action card is its index in the YAML list and a character is its number (1–15).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from ...core.carddata import CardDataError, Reader, game_file, unique_ids
from ...core.paths import cards_file

GAME_ID = "get_lucky"
KINDS = ("weapon", "motive", "opportunity", "attract", "luck")
WMO = KINDS[:3]
# The seed fixes 66 action cards; one Weapon, Motive and Opportunity per character is the spec's design.
# The Attract/Luck split and the Luck values are house data, retuned in the YAML alone (spec §3.5).
ACTION_CARDS = 66
LUCK_VALUES = (1, 2, 3, 4)


@dataclass(frozen=True)
class Kind:
    id: str
    name: dict
    text: dict


@dataclass(frozen=True)
class Character:
    id: str
    number: int
    name: dict
    grudge: dict


@dataclass(frozen=True)
class ActionCard:
    id: str
    index: int
    kind: str
    names: int  # the character a W/M/O card names (0 for others)
    defence: int  # a Luck card's defence value (0 for others)
    name: dict


@dataclass(frozen=True)
class Deck:
    kinds: tuple
    characters: tuple  # index = number - 1
    actions: tuple
    by_id: dict = field(default_factory=dict, compare=False)

    def __post_init__(self):
        self.by_id.update({c.id: c for c in self.actions})
        self.by_id.update({c.id: c for c in self.characters})

    def card(self, card_id: str) -> ActionCard:
        return self.by_id[card_id]

    def character(self, number: int) -> Character:
        return self.characters[number - 1]

    def kind(self, kind_id: str) -> Kind:
        return self.kinds[KINDS.index(kind_id)]


def _kinds(path, records) -> tuple:
    out = []
    for i, record in enumerate(records):
        r = Reader.record(path, record)
        kid = r.choice("id", KINDS)
        if kid != KINDS[i]:
            r.fail("id", f"kinds must be listed in the order {', '.join(KINDS)}")
        out.append(Kind(kid, r.text("name"), r.text("text", max_len={"en": 160, "ja": 90})))
        r.done()
    if len(out) != len(KINDS):
        raise CardDataError(path, None, "kinds", f"expected {len(KINDS)} kinds")
    return tuple(out)


def _characters(path, records) -> tuple:
    out = []
    for i, record in enumerate(records):
        r = Reader.record(path, record)
        number = r.get("number", int)
        if number != i + 1:
            r.fail("number", f"characters must be numbered 1–15 in order (expected {i + 1})")
        out.append(Character(r.get("id", str), number, r.text("name"), r.text("grudge")))
        r.done()
    if len(out) != 15:
        raise CardDataError(path, None, "characters", f"expected 15 characters, found {len(out)}")
    return tuple(out)


def _actions(path, records) -> tuple:
    out, seen = [], set()
    for i, record in enumerate(records):
        r = Reader.record(path, record)
        cid = r.get("id", str)
        if cid in seen:
            r.fail("id", "duplicate card id")
        seen.add(cid)
        kind = r.choice("kind", KINDS)
        names = r.get("names", int) if kind in WMO else 0
        if kind in WMO and not 1 <= names <= 15:
            r.fail("names", "a Weapon, Motive or Opportunity names a character 1–15")
        defence = r.get("defence", int) if kind == "luck" else 0
        if kind == "luck" and defence not in LUCK_VALUES:
            r.fail("defence", f"a Luck card's defence is one of {LUCK_VALUES}")
        for extra, allowed in (("names", kind in WMO), ("defence", kind == "luck")):
            if extra in record and not allowed:
                r.fail(extra, f"a {kind} card has no {extra}")
        out.append(ActionCard(cid, i, kind, names, defence, r.text("name")))
        r.done()
    if len(out) != ACTION_CARDS:
        raise CardDataError(path, None, "actions", f"expected {ACTION_CARDS} action cards, found {len(out)}")
    for kind in ("attract", "luck"):
        if not any(c.kind == kind for c in out):
            raise CardDataError(path, None, "actions", f"at least one {kind} card is needed")
    for kind in WMO:
        named = sorted(c.names for c in out if c.kind == kind)
        if named != list(range(1, 16)):
            raise CardDataError(path, None, "actions", f"each character must be named by exactly one {kind} card")
    return tuple(out)


def load_deck(path=None) -> Deck:
    path = path or cards_file(GAME_ID)
    top = game_file(path, GAME_ID)
    kinds, characters = _kinds(path, top.records("kinds")), _characters(path, top.records("characters"))
    actions = _actions(path, top.records("actions"))
    top.done()
    unique_ids(path, (*characters, *actions))  # the deck finds both by id
    return Deck(kinds, characters, actions)


@cache
def deck() -> Deck:
    return load_deck()
