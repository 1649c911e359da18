"""The Shipwreck Arcana's cards (spec §3): The Hours, 20 arcana and their 9 faded powers, from YAML, and the
placement conditions the cards name by key.

In the engine an arcana card is its index (0–19) in the YAML list after The Hours; a fate token is an id
0–20 whose value is id // 3 + 1 (three copies of each value 1–7).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from ...core.carddata import CardDataError, Reader, game_file, unique_ids
from ...core.paths import cards_file

GAME_ID = "shipwreck_arcana"
TOKENS = 21
VALUES = range(1, 8)
POWERS = ("higher_than", "ask_123", "ask_147", "ask_345", "ask_567", "twice", "discard_lower", "old", "cycle")
WINDOWS = {"cycle": "before_play", "discard_lower": "after_play", "old": "after_play"}  # the rest: prediction
# The question powers and the set of values each asks about (Higher than? takes its X instead).
QUESTIONS = {"ask_123": (1, 2, 3), "ask_147": (1, 4, 7), "ask_345": (3, 4, 5), "ask_567": (5, 6, 7)}
ARCANA = 20


def value_of(token: int) -> int:
    return token // 3 + 1


def hours(value: int) -> int:
    """R2: the hours a fate of this value counts toward a card's moons."""
    return 1 if value <= 3 else 2 if value <= 6 else 3


# -- placement conditions (spec §3.2, §6) -------------------------------------------------------------------
# Each takes the two values in hand (a, b; possibly equal) and the set of visible values as a 7-bit mask
# (bit v-1 for value v), and returns the values that may be played on the card, as a tuple without repeats.


def _both(a, b):
    return (a,) if a == b else (a, b)


def _one_of(values):
    def cond(a, b, _):
        ina, inb = a in values, b in values
        return (a,) if ina and not inb else (b,) if inb and not ina else ()
    return cond


def _when(test):
    def cond(a, b, _):
        return _both(a, b) if test(a, b) else ()
    return cond


def _match(a, b, seen):
    out = ()
    if seen >> (a - 1) & 1:
        out += (b,)
    if seen >> (b - 1) & 1 and a not in out:
        out += (a,)
    return out


def _unique(a, b, seen):
    return (a, b) if a != b and not seen >> (a - 1) & 1 and not seen >> (b - 1) & 1 else ()


CONDITIONS = {
    "higher": lambda a, b, _: (max(a, b),) if a != b else (),
    "lower": lambda a, b, _: (min(a, b),) if a != b else (),
    "sum_le_5": _when(lambda a, b: a + b <= 5),
    "sum_ge_11": _when(lambda a, b: a + b >= 11),
    "sum_mult_3": _when(lambda a, b: (a + b) % 3 == 0),
    "diff_ge_4": _when(lambda a, b: abs(a - b) >= 4),
    "diff_1": _when(lambda a, b: abs(a - b) == 1),
    "diff_2": _when(lambda a, b: abs(a - b) == 2),
    "same": lambda a, b, _: (a,) if a == b else (),
    "free": lambda a, b, _: _both(a, b),
    "tell": lambda a, b, _: _both(a, b),
    "factor": _when(lambda a, b: a in (2 * b, 3 * b) or b in (2 * a, 3 * a)),
    "sum_even": _when(lambda a, b: (a + b) % 2 == 0),
    "sum_odd": _when(lambda a, b: (a + b) % 2 == 1),
    "sum_7_9": _when(lambda a, b: 7 <= a + b <= 9),
    "one_of_567": _one_of((5, 6, 7)),
    "one_of_345": _one_of((3, 4, 5)),
    "one_of_123": _one_of((1, 2, 3)),
    "match": _match,
    "unique": _unique,
}
ALWAYS = ("free", "tell")  # the only conditions a single fate can meet (R16)


@cache
def allowed(condition: str, a: int, b: int, seen: int) -> tuple:
    """The values that may be played on a card with `condition` from the hand {a, b}; b = 0 for a one-fate
    hand. Cached: there are only 20 × 28 × 128 cases."""
    if b == 0:
        return (a,) if condition in ALWAYS else ()
    return CONDITIONS[condition](a, b, seen)


# -- the card data ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Power:
    id: str
    user: str  # group | active
    window: str
    name: dict
    text: dict


@dataclass(frozen=True)
class Card:
    id: str
    index: int  # -1 for The Hours
    name: dict
    keyword: dict
    moons: int
    condition: str
    power: str  # "none" for The Hours
    fade_doom: int
    text: dict
    icon: str  # a game-icons.net name, extracted into assets/icons by build/make_icons.py


@dataclass(frozen=True)
class Deck:
    hours: Card
    arcana: tuple  # index = card number 0–19
    powers: tuple  # in POWERS order
    by_id: dict = field(default_factory=dict, compare=False)

    def __post_init__(self):
        self.by_id.update({c.id: c for c in self.arcana})
        self.by_id[self.hours.id] = self.hours

    def card(self, card_id: str) -> Card:
        return self.by_id[card_id]

    def power(self, power_id: str) -> Power:
        return self.powers[POWERS.index(power_id)]


def _powers(path, records) -> tuple:
    out = []
    for i, record in enumerate(records):
        r = Reader.record(path, record)
        pid = r.choice("id", POWERS)
        if i >= len(POWERS) or pid != POWERS[i]:
            r.fail("id", f"powers must be listed in the order {', '.join(POWERS)}")
        user = r.choice("user", ("group", "active"))
        window = r.choice("window", ("before_play", "after_play", "before_prediction"))
        if window != WINDOWS.get(pid, "before_prediction") or (user == "active") != (pid in WINDOWS):
            r.fail("window", "does not match the power's timing in the rules (spec §3.3)")
        out.append(Power(pid, user, window, r.text("name"), r.text("text", max_len={"en": 160, "ja": 90})))
        r.done()
    if len(out) != len(POWERS):
        raise CardDataError(path, None, "powers", f"expected {len(POWERS)} powers")
    return tuple(out)


def _card(path, record, index: int) -> Card:
    r = Reader.record(path, record)
    special = index < 0
    r.choice("type", ("special",) if special else ("arcana",))
    condition = r.choice("condition", ("forced",) if special else tuple(CONDITIONS))
    power = r.choice("power", ("none",) if special else POWERS)
    moons = r.get("moons", int)
    if not special and not 1 <= moons <= 4:
        r.fail("moons", "an arcana card has 1–4 moons")
    fade_doom = r.get("fade_doom", int)
    if fade_doom not in (0, 2):
        r.fail("fade_doom", "a fade adds 0 or 2 doom")
    card = Card(r.get("id", str), index, r.text("name"), r.text("keyword", max_len={"en": 12, "ja": 8}), moons,
                condition, power, fade_doom, r.text("text", max_len={"en": 160, "ja": 90}), r.get("icon", str))
    r.done()
    return card


def load_deck(path=None) -> Deck:
    path = path or cards_file(GAME_ID)
    top = game_file(path, GAME_ID)
    records = top.records("cards")
    if Reader.record(path, records[0]).get("id", str) != "the_hours":
        raise CardDataError(path, None, "cards", "The Hours must come first")
    hours_card = _card(path, records[0], -1)
    arcana = tuple(_card(path, record, i) for i, record in enumerate(records[1:]))
    if len(arcana) != ARCANA:
        raise CardDataError(path, None, "cards", f"expected {ARCANA} arcana cards, found {len(arcana)}")
    unique_ids(path, (hours_card, *arcana))
    conditions = [c.condition for c in arcana]
    if sorted(conditions) != sorted(CONDITIONS):
        raise CardDataError(path, None, "cards", "each condition must appear on exactly one arcana card")
    powers = _powers(path, top.records("powers"))
    top.done()
    return Deck(hours_card, arcana, powers)


@cache
def deck() -> Deck:
    return load_deck()


@cache
def tables() -> tuple:
    """Per arcana card: condition key, moons, power key, fade doom, id. Built once from the YAML."""
    a = deck().arcana
    return (tuple(c.condition for c in a), tuple(c.moons for c in a), tuple(c.power for c in a),
            tuple(c.fade_doom for c in a), tuple(c.id for c in a))
