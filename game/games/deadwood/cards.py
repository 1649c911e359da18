"""Deadwood 1876 card data (spec §3), loaded from data/cards/deadwood.yaml and checked.

In the engine a Deadwood card is its index (0–49) in the YAML list, a safe its index (0–24: the 21 normal
safes, then the 4 silver-framed Mystery Safes), a gun its index in weakest-to-strongest order, a character
and an establishment their index.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ...core.carddata import CardDataError, Reader, game_file, unique_ids
from ...core.paths import cards_file

GAME_ID = "deadwood"
ITEMS = ("duster_coat", "horse", "stetson_hat", "holster")
SAFE_TYPES = ("badge", "gold", "showdown_gun", "mystery")
MYSTERIES = ("mystery_gold_rush", "mystery_fools_gold", "mystery_jammed_gun", "mystery_deputy_badge")
PLAYER_COUNTS = (4, 5, 6, 7, 8, 9)
CARDS, NORMAL_SAFES, SILVER_SAFES = 50, 21, 4


@dataclass(frozen=True)
class Named:
    """An establishment, a character (with its star colour) or an item."""

    id: str
    name: dict
    colour: dict | None = None  # characters: {"name": {en, ja}, "hex": "#RRGGBB"}
    text: dict | None = None  # items: the effect in a sentence


@dataclass(frozen=True)
class Gun:
    id: str
    name: dict
    die: dict  # {"name": {en, ja}, "hex": ...}
    faces: tuple
    showdown_safe: bool


@dataclass(frozen=True)
class Card:
    id: str
    gun: int  # index into Data.guns
    item: int  # index into ITEMS


@dataclass(frozen=True)
class Safe:
    id: str
    name: dict
    type: str
    value: object  # badge number, gold amount, gun index (showdown gun), or None
    silver: bool
    effect: str
    text: dict


@dataclass(frozen=True)
class Data:
    establishments: tuple
    capacity: dict  # players -> stars per establishment
    characters: tuple
    guns: tuple
    items: tuple
    cards: tuple
    safes: tuple
    safe_types: dict  # type -> {en, ja}

    def card_index(self) -> dict:
        return {c.id: i for i, c in enumerate(self.cards)}


def _establishments(path, records) -> tuple:
    out = []
    for i, record in enumerate(records):
        r = Reader.record(path, record)
        e = Named(r.get("id", str), r.text("name"))
        if r.get("order", int) != i + 1:
            r.fail("order", "establishments are listed in placement order 1, 2, 3")
        r.get("house_data", str)
        r.done()
        out.append(e)
    if len(out) != 3:
        raise CardDataError(path, None, "establishments", "expected 3 establishments")
    return tuple(out)


def _capacity(path, top: Reader) -> dict:
    value = top.get("capacity", dict)
    if sorted(value) != list(PLAYER_COUNTS) or not all(type(v) is int and v > 0 for v in value.values()):
        raise CardDataError(path, None, "capacity", f"a positive capacity for each of {PLAYER_COUNTS} players")
    for players, cap in value.items():
        if 3 * cap < players:
            raise CardDataError(path, None, "capacity", f"{players} stars do not fit in 3 × {cap}")
    return dict(value)


def _swatch(path, record: dict, owner: str) -> dict:
    """A named colour (a character's star, a gun's die): {"name": {en, ja}, "hex": "#rrggbb"}."""
    sub = Reader(path, record, owner)
    swatch = {"name": sub.text("name"), "hex": sub.get("hex", str)}
    sub.done()
    return swatch


def _characters(path, records) -> tuple:
    out = []
    for record in records:
        r = Reader.record(path, record)
        cid, name = r.get("id", str), r.text("name")
        colour = _swatch(path, r.get("colour", dict), cid)
        r.get("house_data", str)
        r.done()
        out.append(Named(cid, name, colour=colour))
    if len(out) != 9:
        raise CardDataError(path, None, "characters", "expected 9 characters")
    return tuple(out)


def _guns(path, records) -> tuple:
    out = []
    for record in records:
        r = Reader.record(path, record)
        gid, name = r.get("id", str), r.text("name")
        die = _swatch(path, r.get("die", dict), gid)
        faces = r.get("faces", list)
        if len(faces) != 6 or not all(type(f) is int and f >= 0 for f in faces):
            r.fail("faces", "six non-negative integer faces")
        safe = r.get("showdown_safe", bool)
        if r.get("effect", str) != f"gun_{gid}":
            r.fail("effect", f"expected gun_{gid}")
        r.get("house_data", str)
        r.done()
        out.append(Gun(gid, name, die, tuple(faces), safe))
    if len(out) != 5:
        raise CardDataError(path, None, "guns", "expected 5 guns")
    means = [sum(g.faces) for g in out]
    if means != sorted(means):
        raise CardDataError(path, None, "guns", "guns are listed weakest (lowest mean) first")
    return tuple(out)


def _items(path, records) -> tuple:
    out = []
    for i, record in enumerate(records):
        r = Reader.record(path, record)
        iid = r.get("id", str)
        if i >= len(ITEMS) or iid != ITEMS[i]:
            r.fail("id", f"items are {', '.join(ITEMS)} in that order")
        if r.get("effect", str) != f"item_{iid}":
            r.fail("effect", f"expected item_{iid}")
        out.append(Named(iid, r.text("name"), text=r.text("text")))
        r.done()
    if len(out) != len(ITEMS):
        raise CardDataError(path, None, "items", f"expected {len(ITEMS)} items")
    return tuple(out)


def _cards(path, records, guns: tuple) -> tuple:
    gun_ids = [g.id for g in guns]
    out = []
    for record in records:
        r = Reader.record(path, record)
        cid = r.get("id", str)
        gun, item = r.choice("gun", gun_ids), r.choice("item", ITEMS)
        if not cid.startswith(f"{gun}_{item}_"):
            r.fail("id", "a card id is <gun>_<item>_<n>")
        r.get("house_data", str)
        r.done()
        out.append(Card(cid, gun_ids.index(gun), ITEMS.index(item)))
    if len(out) != CARDS:
        raise CardDataError(path, None, "cards", f"expected {CARDS} cards, found {len(out)}")
    return tuple(out)


def _safes(path, records, guns: tuple) -> tuple:
    gun_ids = [g.id for g in guns]
    out = []
    for record in records:
        r = Reader.record(path, record)
        sid, name = r.get("id", str), r.text("name")
        kind = r.choice("type", SAFE_TYPES)
        value = r.get("value", object, optional=True)
        if kind in ("badge", "gold") and (type(value) is not int or value <= 0):
            r.fail("value", "a badge or gold safe has a positive number")
        if kind == "showdown_gun":
            if value not in gun_ids or not guns[gun_ids.index(value)].showdown_safe:
                r.fail("value", "a showdown gun safe names a gun that has one")
            value = gun_ids.index(value)
        silver = r.get("silver", bool)
        if silver != (kind == "mystery"):
            r.fail("silver", "exactly the Mystery Safes are silver-framed")
        effect = r.get("effect", str)
        if kind == "mystery" and effect not in MYSTERIES:
            r.fail("effect", f"one of {', '.join(MYSTERIES)}")
        r.get("house_data", str)
        out.append(Safe(sid, name, kind, value, silver, effect, r.text("text")))
        r.done()
    normal = [s for s in out if not s.silver]
    if len(normal) != NORMAL_SAFES or len(out) != NORMAL_SAFES + SILVER_SAFES or out[:NORMAL_SAFES] != normal:
        raise CardDataError(path, None, "safes", f"expected {NORMAL_SAFES} normal safes, then {SILVER_SAFES} silver")
    badges = sorted(s.value for s in normal if s.type == "badge")
    if badges != [1, 2, 3, 4, 5]:
        raise CardDataError(path, None, "safes", "the normal badges are numbered 1–5")
    return tuple(out)


def _safe_types(path, records) -> dict:
    out = {}
    for record in records:
        r = Reader.record(path, record)
        out[r.choice("id", SAFE_TYPES)] = r.text("name")
        r.done()
    if sorted(out) != sorted(SAFE_TYPES):
        raise CardDataError(path, None, "safe_types", f"names for {', '.join(SAFE_TYPES)}")
    return out


def load(path=None) -> Data:
    path = path or cards_file(GAME_ID)
    top = game_file(path, GAME_ID)
    establishments = _establishments(path, top.records("establishments"))
    capacity = _capacity(path, top)
    characters = _characters(path, top.records("characters"))
    guns = _guns(path, top.records("guns"))
    items = _items(path, top.records("items"))
    cards = _cards(path, top.records("cards"), guns)
    safes = _safes(path, top.records("safes"), guns)
    types = _safe_types(path, top.records("safe_types"))
    top.done()
    unique_ids(path, (*establishments, *characters, *guns, *items, *cards, *safes))
    return Data(establishments, capacity, characters, guns, items, cards, safes, types)


@cache
def data() -> Data:
    return load()
