"""A generic animation plan: pieces fly from the zone they were in to the zone they are in now.

`moves_from_zones(before, after)` compares two views' zones and says which piece went from which zone to
which; `plan_moves(moves, ...)` turns the moves into the (plan, exits) pair `Board.settle` takes. A table's
`plan(events, before, after)` can be just `self.widgets.plan(events, before, after)` and override only its
special moments (a bust's spin, a reveal).

When a piece the viewer can name stays listed (a card from hand to a face-up row), its move is exact. A
piece hidden on one side (drawn from a face-down pile, played from an opponent's hidden hand) is matched by
counts: the zone whose count fell gave it, the zone whose count rose took it. When a hidden piece leaves one
zone and a piece appears in another, the appearing piece starts where the hidden one was, so one card
flies, not two.

Events: once the engine reports moves as common events (game/core/events.py: kind `moved` with `piece`,
`src` and `dst` zone ids, `piece` None where the viewer may not name it), `moves_from_events` reads them
and they replace the guess from counts; the hook is `Widgets.moves(events, before, after)`. A game that
reports some of its moves only should override that hook.

Reduced motion (the player's setting): the cards' plan is made `still` by the scene (TableScene.settle). Every
other kit piece that moves (a pawn's walk, a marker's glide, tumbling dice, a pulsing glow, rising words) takes
`still`, a callable that says whether motion is reduced now (the table's `GameTable.reduced_motion`; `never` by
default); held still, it shows where it ends from its first frame, and keeps the time it would have taken.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from ...ui.theme import scale
from ..board import Leg

MOVED = "moved"  # the kind of the common move event (see the module docstring)
STAGGER = 0.08  # seconds between two pieces setting off
FLIGHT = 0.32
SHOW = 0.8  # seconds a piece turned up for all (`Move.show`) stays on show before it goes
BLINK = 0.01  # seconds a move takes with reduced motion: the piece is put in its place, it does not fly


def never() -> bool:
    """The `still` of a kit piece no table holds still (see the module docstring): it moves."""
    return False


def pulse(clock: float, rate: float, still: bool = False) -> float:
    """A glow's beat, from 0 to 1 and back as `clock` runs (`rate` radians a second); with reduced motion
    (`still`) steady at the middle: the glow still says what it says, without throbbing."""
    return 0.5 if still else 0.5 + 0.5 * math.sin(clock * rate)


@dataclass(frozen=True)
class Move:
    piece: str  # the piece's key after the move (its key before, for a piece that left the board)
    src: str | None  # zone ids; None when not known
    dst: str | None
    before_key: str | None = None  # the key it had before, when it changed (a hidden card turned up)
    via: tuple = ()  # zones it passed through on the way, in order (a drawn card that busts: play, then discard)
    at: float | None = None  # when it sets off, in seconds into the plan; None: STAGGER after the move before
    show: str | None = None  # a face shown to all, a little larger, where it sets off before it goes (a reveal)


def moments(events, pace: dict) -> list[float]:
    """When each event's moment starts, in seconds into the plan, for a table that paces them (Move.at): each
    waits until the one before has been seen, `pace[why]` seconds (a move's `why`, another event's kind; none for
    one `pace` does not name)."""
    out, t = [], 0.0
    for ev in events:
        out.append(t)
        t += pace.get(ev.params().get("why") if ev.kind == MOVED else ev.kind, 0.0)
    return out


class Later:
    """What a table says about a move when its moment of the plan comes (Move.at): `at(delay, call, *args)` calls
    `call(*args)` once `update` has counted `delay` seconds, or at once when `delay` is not positive."""

    def __init__(self):
        self.items: list[list] = []  # [seconds left, call, args]

    def at(self, delay: float, call, *args) -> None:
        if delay > 0:
            self.items.append([delay, call, args])
        else:
            call(*args)

    def update(self, dt: float) -> None:
        for item in self.items:
            item[0] -= dt
        due = [item for item in self.items if item[0] <= 0]
        self.items = [item for item in self.items if item[0] > 0]
        for _, call, args in due:
            call(*args)


def chain(moves: list[Move]) -> list[Move]:
    """One move per named piece: a piece moved again from where it just went (drawn to the play area, then
    discarded from there) makes one journey through the zones between."""
    out: list[Move] = []
    for m in moves:
        last = next((i for i in range(len(out) - 1, -1, -1) if m.piece and out[i].piece == m.piece), None)
        if last is not None and out[last].dst == m.src:
            first = out[last]
            out[last] = Move(m.piece, first.src, m.dst, first.before_key, first.via + (m.src,), first.at, first.show)
        else:
            out.append(m)
    return out


def _where(zones: list) -> dict:
    return {entry: z["id"] for z in zones for entry in z["cards"]}


def moves_from_zones(before: list, after: list) -> list[Move]:
    """The moves that take the zones `before` to the zones `after` (both a view's `zones`)."""
    was, now = _where(before), _where(after)
    counts_before = {z["id"]: z["count"] for z in before}
    counts_after = {z["id"]: z["count"] for z in after}
    ids = set(counts_before) | set(counts_after)
    # What each zone gave and took, less what the named moves explain.
    change = {i: counts_after.get(i, 0) - counts_before.get(i, 0) for i in ids}
    moves = []
    for entry, dst in now.items():
        src = was.get(entry)
        if src is not None and src != dst:
            moves.append(Move(entry, src, dst))
            change[src] += 1
            change[dst] -= 1
    gave = [i for i in sorted(ids) for _ in range(max(0, -change[i]))]
    took = [i for i in sorted(ids) for _ in range(max(0, change[i]))]
    for entry, dst in now.items():  # newly named pieces come from a zone that gave one
        if entry not in was and dst in took:
            took.remove(dst)
            moves.append(Move(entry, gave.pop(0) if gave else None, dst))
    for entry, src in was.items():  # pieces no longer named went to a zone that took one
        if entry not in now and src in gave:
            gave.remove(src)
            moves.append(Move(entry, src, took.pop(0) if took else None))
    for src, dst in zip(gave, took, strict=False):  # hidden on both sides: one unnamed piece
        moves.append(Move("", src, dst))
    return moves


def moves_from_events(events) -> list[Move]:
    """The moves the common `moved` events report."""
    out = []
    for ev in events:
        if ev.kind == MOVED:
            a = ev.params()
            # A piece the viewer may not name (None) is a count move, matched like a hidden one.
            out.append(Move(a["piece"] or "", a.get("src"), a.get("dst")))
    return out


def plan_moves(moves: list[Move], before: dict, after: dict, departure, landing,
               face_down=frozenset(), stops: dict | None = None) -> tuple[dict, dict]:
    """(plan, exits) for Board.settle. `before` and `after` are {piece key: (zone id, Placement)} for the
    two views; `departure(zone_id)` is where a piece unseen in a zone sets off from, `landing(zone_id)`
    where a piece arriving in it goes, and `face_down` holds the ids of the zones whose pieces lie face down
    after; `stops` {zone id: rect} is where a piece passing through a zone pauses (its next free place as
    it was before the moves; `landing` when not given). A move names its piece when the viewer can; otherwise
    the piece that left the source zone's board (a hidden card's key) and the one that appeared in the
    destination's are the same card."""
    stops = stops or {}

    def landing_on_way(zone_id):
        return stops.get(zone_id) or landing(zone_id)
    leaving = _group(before, after)  # zone -> keys that left the board from it
    appearing = _group(after, before)  # zone -> keys new on the board in it
    plan: dict = {}
    exits: dict = {}
    t = 0.0
    for m in chain(moves):
        t = t if m.at is None else m.at
        if m.piece in before and m.piece in after:  # on the board all along: it flies to its new place
            plan[m.piece] = _shown(m, t, before[m.piece][1].rect, _journey(m, t, landing_on_way, face_down, "same"))
            t += STAGGER
            continue
        old = _take(leaving, m.src, m.piece if m.piece in before else None)
        new = _take(appearing, m.dst, m.piece if m.piece in after else None)
        if new is not None:
            start = before[old][1].rect if old is not None else departure(m.src) if m.src else None
            if start is None:
                continue  # from nowhere known: it simply appears in its place
            # It sets off showing what the viewer saw of it there (a back when it was hidden) and turns over
            # on the way if its new zone shows another face.
            face = before[old][1].face if old is not None else None
            journey = _shown(m, t, start, _journey(m, t, landing_on_way, face_down, "same"))
            plan[new] = [Leg(t, 0.01, start, face), *journey]
        elif old is not None and m.dst is not None:
            exits[old] = landing(m.dst)
            # Into a face-down zone it turns over on the way; otherwise it keeps its face.
            journey = _journey(m, t, landing_on_way, face_down, None if m.dst in face_down else "same")
            plan[old] = _shown(m, t, before[old][1].rect, journey)
        else:
            continue
        t += STAGGER
    return plan, exits


def _journey(m: Move, t: float, stop_at, face_down, face) -> list[Leg]:
    """The legs from where a piece is to its new place (`face` on arrival): first to each zone it passes
    through (one the table does not show is passed by), its face showing there when the viewer may name it
    and the zone lies face up."""
    stops = [Leg(t + FLIGHT * i, FLIGHT, stop_at(z), None if z in face_down else m.piece or None, arc=scale(24))
             for i, z in enumerate(m.via) if stop_at(z) is not None]
    return [*stops, Leg(t + FLIGHT * len(m.via), FLIGHT, None, face, arc=scale(24))]


def still(plan: dict, targets, exits) -> dict:
    """`plan` for reduced motion (the player's setting), the one place it is honoured for the cards: every piece
    that moves, those the plan leaves out (they would glide) and those leaving by an exit too, is put where each
    leg takes it at the moment the leg sets off, without an arc or a spin. The moments stay, so a card drawn then
    discarded is still seen in the play area before it goes; only the flight between is gone."""
    out = {}
    for key in {*targets, *plan, *exits}:
        legs = plan.get(key) or [Leg(0.0, BLINK)]
        placed = [replace(leg, duration=BLINK, spin=0.0, arc=0.0) for leg in legs]
        last = legs[-1]
        if last.to is not None:
            # A plan that stops short of the piece's place ends with a glide there (Board._follow): a blink
            # instead, once the stop has been seen as long as the flight would have taken.
            placed.append(Leg(last.start + last.duration, BLINK))
        out[key] = placed
    return out


def together(plan: dict, keys) -> dict:
    """`plan` with the pieces `keys` (those in it) setting off at once, when the first of them did: cards played
    as one play go down together, not one after another."""
    keys = [k for k in keys if k in plan]
    if keys:
        first = min(plan[k][0].start for k in keys)
        for k in keys:
            late = plan[k][0].start - first
            plan[k] = [replace(leg, start=leg.start - late) for leg in plan[k]]
    return plan


def _shown(m: Move, t: float, start, legs: list[Leg]) -> list[Leg]:
    """`legs` after a moment on show, a little larger where the piece is, when the move shows a face."""
    if not m.show:
        return legs
    grow = scale(16)
    return [Leg(t, 0.25, start.inflate(grow, grow), m.show), *(replace(leg, start=leg.start + SHOW) for leg in legs)]


def _group(places: dict, other: dict) -> dict:
    out: dict = {}
    for key, (zone_id, _) in places.items():
        if key not in other:
            out.setdefault(zone_id, []).append(key)
    return out


def _take(groups: dict, zone_id, key):
    """`key` out of its zone's group if given, else the last key of `zone_id`'s group (the top piece)."""
    keys = groups.get(zone_id, [])
    if key is not None:
        for ks in groups.values():
            if key in ks:
                ks.remove(key)
        return key
    return keys.pop() if keys else None
