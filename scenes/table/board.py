"""The pieces on the table and their motion.

A `Piece` is a card (or token) keyed by the view's handle. `Board.settle` is told where every piece should
be now and brings each one there: at once, or along eased paths given by a plan of `Leg`s (so a card drawn
from the pile can fly into the play area, pause, and scatter to the discard when it busts). Pieces that
leave the table fly to their exit and vanish. When nothing moves, the board shows exactly the view.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame


@dataclass
class Placement:
    rect: pygame.Rect
    face: str | None  # what the front shows (a card id), None for a back
    z: int = 0
    angle: float = 0.0


@dataclass
class Leg:
    """One stretch of a planned path. `to=None` means the piece's final place (or its exit)."""

    start: float  # seconds after the plan begins (before the speed factor)
    duration: float = 0.3
    to: pygame.Rect | None = None
    face: str | None = "same"  # the face shown on arrival ("same": the final face)
    spin: float = 0.0
    arc: float = 0.0


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


class Motion:
    __slots__ = ("start", "duration", "src", "dst", "face", "flip", "spin", "arc")

    def __init__(self, start, duration, src, dst, face, flip, spin, arc):
        self.start, self.duration, self.src, self.dst = start, duration, src, dst
        self.face, self.flip, self.spin, self.arc = face, flip, spin, arc


class Piece:
    __slots__ = ("key", "face", "shown", "x", "y", "w", "h", "angle", "z", "motions", "leaving")

    def __init__(self, key: str, rect: pygame.Rect, face: str | None, z: int = 0, angle: float = 0.0):
        self.key = key
        self.face = face  # the face it will show when it has arrived
        self.shown = face  # the face it shows now
        self.x, self.y, self.w, self.h = float(rect.x), float(rect.y), float(rect.w), float(rect.h)
        self.angle = angle
        self.z = z
        self.motions: list[Motion] = []
        self.leaving = False

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(round(self.x), round(self.y), round(self.w), round(self.h))

    @property
    def moving(self) -> bool:
        return bool(self.motions)

    def _box(self):
        return (self.x, self.y, self.w, self.h, self.angle)


class Board:
    def __init__(self):
        self.pieces: dict[str, Piece] = {}
        self.clock = 0.0

    @property
    def busy(self) -> bool:
        return any(p.motions for p in self.pieces.values())

    def finish(self) -> None:
        """Jump every motion to its end."""
        for key in list(self.pieces):
            piece = self.pieces[key]
            if piece.motions:
                last = piece.motions[-1]
                piece.x, piece.y, piece.w, piece.h, piece.angle = last.dst
                piece.shown = piece.face
                piece.motions = []
                if piece.leaving:
                    del self.pieces[key]

    def settle(self, targets: dict, *, animate: bool, plan: dict | None = None, exits: dict | None = None,
               speed: float = 1.0) -> None:
        """Bring every piece to `targets` {key: Placement}. `plan` {key: [Leg, ...]} shapes the paths of the
        pieces the last events moved (a new piece starts at its first leg's `to`); `exits` {key: Rect} is
        where a piece no longer in `targets` flies before it vanishes. Unplanned moves simply glide."""
        self.finish()
        plan = dict(plan or {})
        exits = exits or {}
        animate = animate and speed > 0
        for key, place in targets.items():
            piece = self.pieces.get(key)
            legs = plan.get(key, [])
            if piece is None:
                if animate and legs and legs[0].to is not None:
                    first = legs[0]
                    piece = Piece(key, first.to, None if first.face == "same" else first.face, place.z)
                    legs = legs[1:]
                else:
                    self.pieces[key] = Piece(key, place.rect, place.face, place.z, place.angle)
                    continue
                self.pieces[key] = piece
            piece.leaving = False
            piece.z = place.z
            if not animate:
                self._snap(piece, place)
            elif legs:
                self._follow(piece, legs, place.rect, place.face, place.angle, speed)
            elif piece.rect != place.rect or piece.shown != place.face or piece.angle != place.angle:
                self._follow(piece, [Leg(0.0, 0.28)], place.rect, place.face, place.angle, speed)
        for key, legs in plan.items():
            # A piece that arrives and leaves within one plan (a card drawn that busts at once).
            if animate and key not in targets and key not in self.pieces and key in exits and legs[0].to:
                first = legs[0]
                self.pieces[key] = Piece(key, first.to, None if first.face == "same" else first.face, 900)
                plan[key] = legs[1:] or [Leg(0.0, 0.3)]
        for key in list(self.pieces):
            if key in targets:
                continue
            piece = self.pieces[key]
            exit_rect = exits.get(key)
            if not animate or exit_rect is None:
                del self.pieces[key]
                continue
            piece.leaving = True
            piece.z += 1000
            legs = plan.get(key) or [Leg(0.0, 0.3)]
            self._follow(piece, legs, exit_rect, legs[-1].face if legs[-1].face != "same" else piece.face,
                         0.0, speed)

    def _snap(self, piece: Piece, place: Placement) -> None:
        r = place.rect
        piece.x, piece.y, piece.w, piece.h, piece.angle = float(r.x), float(r.y), float(r.w), float(r.h), place.angle
        piece.face = piece.shown = place.face
        piece.motions = []

    def _follow(self, piece: Piece, legs: list, final: pygame.Rect, final_face, final_angle, speed) -> None:
        """Queue one motion per leg; a leg without `to` goes to the final place, and a plan that stops short
        of it ends with a glide there."""
        if legs[-1].to is not None:
            legs = [*legs, Leg(0.0, 0.25)]
        box, shown, end = piece._box(), piece.shown, self.clock
        for leg in legs:
            rect = final if leg.to is None else leg.to
            face = final_face if leg.face == "same" else leg.face
            angle = final_angle if leg.to is None else box[4]
            dst = (float(rect.x), float(rect.y), float(rect.w), float(rect.h), angle)
            start = max(end, self.clock + leg.start * speed)
            duration = max(0.01, leg.duration * speed)
            piece.motions.append(Motion(start, duration, box, dst, face, face != shown, leg.spin, leg.arc))
            box, shown, end = dst, face, start + duration
        piece.face = final_face

    def spring(self, key: str, start: pygame.Rect, speed: float = 1.0) -> None:
        """A piece dropped where it may not go flies from `start` back to its place."""
        piece = self.pieces.get(key)
        if piece is None or piece.motions or speed <= 0:
            return
        home = piece.rect
        piece.x, piece.y = float(start.x), float(start.y)
        self._follow(piece, [Leg(0.0, 0.22)], home, piece.face, piece.angle, speed)

    def update(self, dt: float) -> None:
        self.clock += dt
        for key in list(self.pieces):
            piece = self.pieces[key]
            while piece.motions:
                m = piece.motions[0]
                t = (self.clock - m.start) / m.duration
                if t < 0:
                    break
                if t >= 1:
                    piece.x, piece.y, piece.w, piece.h, piece.angle = m.dst
                    piece.shown = m.face
                    piece.motions.pop(0)
                    continue
                e = ease_out_cubic(t)
                sx, sy, sw, sh, sa = m.src
                dx, dy, dw, dh, da = m.dst
                piece.x = sx + (dx - sx) * e
                piece.y = sy + (dy - sy) * e - m.arc * math.sin(math.pi * e)
                piece.w = sw + (dw - sw) * e
                piece.h = sh + (dh - sh) * e
                piece.angle = sa + (da - sa) * e + m.spin * math.sin(math.pi * e)
                if m.flip and t >= 0.5:
                    piece.shown = m.face
                break
            if piece.leaving and not piece.motions:
                del self.pieces[key]

    def squash(self, piece: Piece) -> float:
        """Horizontal squash while a piece flips: 1 → 0 at the midpoint → 1."""
        if not piece.motions:
            return 1.0
        m = piece.motions[0]
        if not m.flip:
            return 1.0
        t = min(1.0, max(0.0, (self.clock - m.start) / m.duration))
        return max(0.06, abs(1 - 2 * t))

    def ordered(self) -> list[Piece]:
        return sorted(self.pieces.values(), key=lambda p: (bool(p.motions), p.z))
