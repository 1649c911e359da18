"""Events: what happened, for animations, the log panel and replays, with who may see what.

An event is public unless `visible_to` names the seats that may see it in full. For everyone else the
arguments listed in `secret` are blanked (the event still shows that *something* happened: "Ben chose a
trait"); a private event with no `secret` keys is dropped entirely. `redact` is the one function that
prepares events for a viewer. `reveals` marks events that expose something no one knew before (a drawn
card, a random pick): undo may not cross them.

Common kinds. The events that move things use the kinds below, made by their constructors, in every game,
so that code knowing no game (a table kit animating any game, replays, tests) can follow the pieces. Zone
ids are exactly the ids of the game's view "zones" (game/core/zones.py), and a piece is named as that zone
lists it. A game adds its own facts as extra arguments (e.g. `seat`, the player acting) and keeps its own
kinds only where nothing common fits (a bust, a murder attempt, a prediction).

- "moved" (`moved`): `piece` went from zone `src` to zone `dst`, arriving `face` "up" or "down", because
  of `why` (a game's word, "" for the plain move: "draw", "bust", "collect"...). `piece` is its id in the
  to-zone as the mover's view lists it (an id, or a handle when nobody may name it); going where no one
  names pieces (a bag), its public name in the from-zone, or None when it has none. `face` is "up" when
  the piece arrives face up for everyone, "down" when it lies face down or hidden in a hand. A move only
  some seats may follow in full (a card drawn into a hidden hand) has `visible_to` those seats: for everyone
  else `piece` (and any extra argument named secret) is redacted to None, so the event is a count move from
  `src` to `dst` that names nothing.
- "revealed" (`revealed`): the identities of `pieces` (ids) in zone `zone` were shown to the seats `to`
  (None: everyone), because of `why`. Shown to some seats only, the others see that something was shown
  (the pieces redacted to None).
- "shuffled" (`shuffled`): zone `zone` was shuffled.
- "dice_rolled" (`dice_rolled`): `seat` rolled `dice` (die ids) showing `faces`, in the same order.
- "tokens_moved" (`tokens_moved`, `coins_moved`): `amount` tokens of kind `token` ("coin" for coins) went
  from holder `src` to holder `dst` (zone ids, or None for the general supply).
- "turn_started" (`turn_started`): `seat`'s turn began (its number `turn` when the game counts them).
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


MOVED, REVEALED, SHUFFLED, DICE_ROLLED, TOKENS_MOVED, TURN_STARTED = (
    "moved", "revealed", "shuffled", "dice_rolled", "tokens_moved", "turn_started")
COMMON = frozenset((MOVED, REVEALED, SHUFFLED, DICE_ROLLED, TOKENS_MOVED, TURN_STARTED))
UP, DOWN = "up", "down"

# The constructors build their Event directly (no sorting, no tuplify): games make a `moved` on every card
# move, also inside AI search. Arguments come in the order written here, then the game's extras in order.


def _private(kind: str, args: tuple, visible_to, secret: tuple, reveals: bool) -> Event:
    if visible_to is None:
        return Event(kind, args, None, (), reveals)
    return Event(kind, args, frozenset(visible_to), secret, reveals)


def moved(piece, src: str, dst: str, face: str = UP, why: str = "", *, visible_to=None, secret: tuple = (),
          reveals: bool = False, **extra) -> Event:
    """A piece moved from one zone to another. With `visible_to`, the piece (and the extras named in
    `secret`) are told to those seats only."""
    args = (("piece", piece), ("src", src), ("dst", dst), ("face", face), ("why", why)) + tuple(extra.items())
    return _private(MOVED, args, visible_to, ("piece",) + secret, reveals)


def revealed(pieces: tuple, zone: str, to=None, why: str = "", *, reveals: bool = True, **extra) -> Event:
    """The pieces' identities shown to the seats `to` (None: to everyone)."""
    args = (("pieces", tuple(pieces)), ("zone", zone), ("to", None if to is None else tuple(sorted(to))),
            ("why", why)) + tuple(extra.items())
    return _private(REVEALED, args, to, ("pieces",), reveals)


def shuffled(zone: str, why: str = "", **extra) -> Event:
    return Event(SHUFFLED, (("zone", zone), ("why", why)) + tuple(extra.items()), None, (), True)


def dice_rolled(seat, dice: tuple, faces: tuple, why: str = "", **extra) -> Event:
    args = (("seat", seat), ("dice", tuple(dice)), ("faces", tuple(faces)), ("why", why)) + tuple(extra.items())
    return Event(DICE_ROLLED, args, None, (), True)


def tokens_moved(amount: int, src, dst, token: str = "", why: str = "", **extra) -> Event:
    args = (("amount", amount), ("src", src), ("dst", dst), ("token", token), ("why", why)) + tuple(extra.items())
    return Event(TOKENS_MOVED, args, None, (), False)


def coins_moved(amount: int, src, dst, why: str = "", **extra) -> Event:
    return tokens_moved(amount, src, dst, "coin", why, **extra)


def turn_started(seat, turn=None, **extra) -> Event:
    return Event(TURN_STARTED, (("seat", seat), ("turn", turn)) + tuple(extra.items()), None, (), False)


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
