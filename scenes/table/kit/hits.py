"""Typed hit keys: what is under the pointer, as data rather than a string to split.

A `Hit` names a kind of thing (a card, a zone, a seat...), and as much of owner, zone and piece as that kind
needs. Its string form is the key the table scene and `Gesture` compare (`drag_from`, `drop_on`, `click`):
the kind, then the fields of the kind's shape, joined by ":". The shapes of the keys the three current
tables use are registered below, so `Hit.parse("stack:1:anchor")` and `str(Hit.stack(1, "anchor"))` agree
with the strings those tables build while they move over to the kit.
"""

from __future__ import annotations

from dataclasses import dataclass

FIELDS = ("owner", "zone", "piece")

# kind -> the fields its string form carries, in order; a kind with no fields is just its name ("deck").
# A piece id comes last, so it may contain ":".
SHAPES: dict[str, tuple[str, ...]] = {
    # The kit's own kinds.
    "zone": ("zone",),  # a whole zone: "zone:play", "zone:hand/2"
    "pile": ("zone",),  # a pile as such (what a click on a pile draws from): "pile:draw"
    "piece": ("zone", "piece"),  # one piece in a zone, named by its entry: "piece:hand/0:c12"
    "place": ("zone", "piece"),  # a numbered place in a slot row, filled or not: "place:row:3"
    "seat": ("owner",),  # a seat's panel or score marker: "seat:2"
    # The keys the tables not yet on the kit build by hand, so they parse unchanged while they move over.
    "stack": ("owner", "zone"),  # Dead Man's Draw: "stack:<seat>:<suit>"
    "bank": ("owner",),
    "player": ("owner",),
    "reveal": ("piece",),
    "trait": ("piece",),
    "hand": ("piece",),  # "hand:<fate token>" (The Shipwreck Arcana)
    "panel": (),  # Get Lucky's murder-attempt panel, where Luck cards are dropped
    "predict": ("piece",),  # The Shipwreck Arcana: the value predicted
    "use": ("piece",),  # a power, maybe with its value: "use:higher_than:3"
    "advice": (),
    "rowfate": ("piece",),
    "line": ("owner", "piece"),  # a number-line mark: "line:<position>:<value>"
    "stock": ("piece",),
    "slot": ("piece",),  # a row slot by number: "slot:3"
    "deck": (),
    "bag": (),
    "removed": (),
    "pos": ("owner",),
}


def register_kind(kind: str, fields: tuple[str, ...]) -> None:
    """Adds a kind of hit key (a table's own, such as "vault"). Re-registering a kind with another shape is a
    mistake: keys already built would no longer parse."""
    if ":" in kind or not kind:
        raise ValueError(f"a hit kind is a non-empty word without ':': {kind!r}")
    if tuple(f for f in FIELDS if f in fields) != tuple(fields):
        # In FIELDS order, so the piece (which may contain ':') is always last.
        raise ValueError(f"the fields of a hit kind are some of {FIELDS}, in that order: {fields!r}")
    if SHAPES.get(kind, fields) != fields:
        raise ValueError(f"hit kind {kind!r} is already registered as {SHAPES[kind]!r}")
    SHAPES[kind] = tuple(fields)


@dataclass(frozen=True)
class Hit:
    kind: str
    owner: int | None = None
    zone: str | None = None
    piece: str | None = None

    def __post_init__(self):
        shape = SHAPES.get(self.kind)
        if shape is None:
            raise ValueError(f"unknown hit kind {self.kind!r} (register it with register_kind)")
        for name in FIELDS:
            value = getattr(self, name)
            if (value is None) == (name in shape):
                need = "needs" if name in shape else "takes no"
                raise ValueError(f"a {self.kind!r} hit {need} {name}: {self!r}")
        if self.owner is not None and (type(self.owner) is not int or self.owner < 0):
            raise ValueError(f"a hit's owner is a seat number: {self.owner!r}")
        if self.zone is not None and ":" in self.zone:
            raise ValueError(f"a hit's zone cannot contain ':': {self.zone!r}")

    def __str__(self) -> str:
        return ":".join([self.kind, *(str(getattr(self, name)) for name in SHAPES[self.kind])])

    @property
    def key(self) -> str:
        return str(self)

    @classmethod
    def parse(cls, key: str) -> Hit:
        """The hit a string key names; ValueError for a key of no registered shape."""
        kind, sep, rest = key.partition(":")
        shape = SHAPES.get(kind)
        if shape is None:
            raise ValueError(f"unknown hit kind in key {key!r}")
        parts = rest.split(":", len(shape) - 1) if sep else []
        if len(parts) != len(shape) or not all(parts):
            raise ValueError(f"key {key!r} does not have the shape {kind}:{':'.join(shape)}")
        fields = dict(zip(shape, parts, strict=True))
        if "owner" in fields:
            if not fields["owner"].isdigit():
                raise ValueError(f"key {key!r}: the owner is not a seat number")
            fields["owner"] = int(fields["owner"])
        return cls(kind, **fields)

    # Builders for the kit's own kinds, so call sites read as what they mean.
    @classmethod
    def of_zone(cls, zone: str) -> Hit:
        return cls("zone", zone=zone)

    @classmethod
    def of_piece(cls, zone: str, piece: str) -> Hit:
        return cls("piece", zone=zone, piece=piece)

    @classmethod
    def of_place(cls, zone: str, index: int) -> Hit:
        return cls("place", zone=zone, piece=str(index))

    @classmethod
    def of_seat(cls, seat: int) -> Hit:
        return cls("seat", owner=seat)


def as_hit(key: str | Hit | None) -> Hit | None:
    """A key in either form as a Hit (None stays None): tables may still pass strings."""
    if key is None or isinstance(key, Hit):
        return key
    return Hit.parse(key)


def parse_or_none(key: str) -> Hit | None:
    """The hit a key names, or None for a key of a table's own that is not registered."""
    try:
        return Hit.parse(key)
    except ValueError:
        return None
