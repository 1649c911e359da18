"""Powers (§6): the registry from effect key to resolver, and the shared definitions of §6.0.

How a power is written
----------------------
A triggered power is a *frame* on the state's stack (state.py): a list [key, step, owner, card, data...],
where `owner` is "you" (R20: whose flight the card was in when it triggered) and `card` is "this card" (the
Prophet when it copies). The engine always runs the resolver of the top frame:

    @power("black")
    def black(s, f, events) -> bool:
        ...
        return True        # finished: the engine pops the frame and resumes the frame below

A resolver that cannot finish at once records where it is in f[STEP] (and any data after f[CARD]) and
returns False, after one of:
- `return ask(s, seat, kind, options, card=..., **params)`: a decision (D3–D23) put to ANY seat, the owner
  or another player (the opponent of a give-or-pay). `options` are JSON values (card ids, seats, words); the
  legal actions are Action(seat, kind, choice=option). `secret=True` keeps the question private (§8). On the
  next call `answer(s)` returns the chosen option.
- `return push(s, frame)` or `return trigger(s, owner, card)`: another power resolves first, completely
  (R19, depth-first); then this resolver is called again with f[STEP] as it left it.
Events go into `events` through moves.py (every card and gold move has its event there, and keeps the
zones and what each seat knows (§8) in step: draw, pop_deck, reveal_from_deck, take_from_hand, to_discard,
discard_from_flight, into_flight, hand_to_hand, reveal_in_hand, pay, take_stakes) or `note(...)`.
The stakes: `if take_stakes(...): return True` — when the stakes empty (R42) the engine cancels every frame
of the turn, whatever the resolvers return.
A card that enters a flight by replacement or swap triggers through `replacement_trigger` (R23's cap).
The gambit's own flow (flow.py: the gambit, a turn, the special-flight check, ante picks) is made of frames
run the same way. A resolver must not keep Python state between calls: everything lives in the frame, so
that a state saved, copied or determinized mid-question resumes exactly.

Standard powers are in colours.py; Legendary Dragons in legendary.py and Mortals in mortals.py register
themselves the same way when those modules exist. A power with no resolver does nothing but say so in the
log ("power_missing"): see `missing_powers()`.
"""

from __future__ import annotations

import importlib

from ....core.events import Event
from ..cards import table
from ..moves import discard_from_flight, into_flight
from ..state import NO

KEY, STEP, OWNER, CARD = 0, 1, 2, 3
REPLACEMENT_CAP = 10  # R23, H13

RESOLVERS: dict = {}


def power(key: str):
    """Register a resolver for an effect key."""
    def register(fn):
        RESOLVERS[key] = fn
        return fn
    return register


def ask(s, seat: int, kind: str, options: list, *, secret: bool = False, **params) -> bool:
    """Put a decision to `seat`; returns False so that a resolver can `return ask(...)`."""
    s.ask = [seat, kind, list(options), [[k, v] for k, v in params.items()], secret]
    return False


def answer(s):
    value, s.answer = s.answer, None
    return value


def push(s, frame: list) -> bool:
    s.stack.append(frame)
    return False


def trigger(s, owner: int, card: int, key: str | None = None) -> bool:
    """The card's power (or the power `key` resolved as this card's, for a copy) starts now."""
    return push(s, [key or table().effect[card], 0, owner, card])


def note(events: list, kind: str, **args) -> None:
    events.append(Event(kind, tuple(args.items())))


def opponents(s, seat: int) -> list[int]:
    """R2: every opponent, clockwise from the left one."""
    n = s.players
    return [(seat + i) % n for i in range(1, n)]


def left(s, seat: int) -> int:
    return (seat + 1) % s.players


def right(s, seat: int) -> int:
    return (seat - 1) % s.players


def in_flight(s, owner: int, card: int) -> bool:
    return card in s.flights[owner]


def replace_in_flight(s, owner: int, old: int, new: int, src: str, events: list, why: str) -> None:
    """R22: `old` goes to the discard pile and `new` takes its exact place; the round card follows (R14,
    H35). The caller has taken `new` from where it was (deck, hand, reveal)."""
    was_round_card = s.round_cards[owner] == old
    pos = discard_from_flight(s, owner, old, events, "replaced")
    into_flight(s, owner, new, pos, src, events, why)
    if was_round_card:
        s.round_cards[owner] = new


def replacement_trigger(s, owner: int, card: int, events: list) -> bool:
    """R23: a card that entered a flight by replacement or swap triggers, unless this turn's cap of 10 is
    reached ("chain limit reached"). Returns False (a resolver may `return` it) either way."""
    s.chain += 1
    if s.chain > REPLACEMENT_CAP:
        note(events, "chain_limit", seat=owner, card=table().ids[card])
        return False
    return trigger(s, owner, card)


def resolver(key: str):
    """The resolver of an effect key; a power nobody has written yet resolves as `missing`."""
    return RESOLVERS.get(key, missing)


def missing(s, f, events) -> bool:
    note(events, "power_missing", seat=f[OWNER], card=table().ids[f[CARD]], power=f[KEY])
    return True


def missing_powers() -> list[str]:
    """The effect keys of §6 that no module has registered yet."""
    return sorted(set(table().effect) - set(RESOLVERS))


def _load() -> None:
    from . import colours  # noqa: F401  (registers the 10 standard powers)

    for name in ("legendary", "mortals"):
        try:
            importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as problem:
            if problem.name != f"{__name__}.{name}":
                raise  # the module exists but something it imports does not: a real error


_load()

__all__ = ["ask", "answer", "push", "trigger", "note", "opponents", "left", "right", "replace_in_flight",
           "replacement_trigger", "resolver", "power", "missing_powers", "NO", "KEY", "STEP", "OWNER", "CARD"]
