"""Events: what happened, for animations, the log panel and replays, with who may see what.

An event is public unless `visible_to` names the seats that may see it in full. For everyone else the
arguments listed in `secret` are blanked (the event still shows that *something* happened: "Ben chose a
trait"); a private event with no `secret` keys is dropped entirely. `redact` is the one function that
prepares events for a viewer. `reveals` marks events that expose something no one knew before (a drawn
card, a random pick): undo may not cross them.
"""

from __future__ import annotations

from .canon import KeyedArgs, listify, tuplify

ALL = "all"  # an omniscient viewer: replays of finished games, tests


class Event(KeyedArgs):
    """Treat as immutable. A plain slotted class rather than a frozen dataclass: events are made on every
    card move, also inside AI search, and this constructor is several times cheaper."""

    __slots__ = ("kind", "args", "visible_to", "secret", "reveals")

    def __init__(self, kind: str, args: tuple = (), visible_to: frozenset | None = None, secret: tuple = (),
                 reveals: bool = False):
        self.kind = kind
        self.args = args
        self.visible_to = visible_to
        self.secret = secret
        self.reveals = reveals

    def _key(self):
        return (self.kind, self.args, self.visible_to, self.secret, self.reveals)

    def __eq__(self, other):
        return isinstance(other, Event) and self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    def __repr__(self):
        return f"Event({self.kind!r}, {dict(self.args)!r})"

    def to_json(self) -> dict:
        out = {"kind": self.kind, "args": {k: listify(v) for k, v in self.args}}
        if self.visible_to is not None:
            out["visible_to"] = sorted(self.visible_to)
            out["secret"] = list(self.secret)
        if self.reveals:
            out["reveals"] = True
        return out


def event(kind: str, *, visible_to=None, secret=(), reveals=False, **args) -> Event:
    vis = None if visible_to is None else frozenset(visible_to)
    return Event(kind, tuple(sorted((k, tuplify(v)) for k, v in args.items())), vis, tuple(secret), reveals)


def redact(ev: Event, viewer) -> Event | None:
    """The event as `viewer` (a seat number, None for a spectator, or ALL) may see it."""
    if ev.visible_to is None or viewer == ALL or viewer in ev.visible_to:
        return ev
    if not ev.secret:
        return None
    args = tuple((k, None if k in ev.secret else v) for k, v in ev.args)
    return Event(ev.kind, args, ev.visible_to, ev.secret, ev.reveals)


def redact_all(events, viewer) -> list[Event]:
    out = []
    for ev in events:
        r = redact(ev, viewer)
        if r is not None:
            out.append(r)
    return out
