"""Widgets for what is counted rather than laid out: a counter, a stack of coins (gold and platinum), a
tray of dice and a score track. Each can read a zone (its `count`) or be set by the table from its own view
keys; none decides a rule."""

from __future__ import annotations

import math
import random

import pygame

from ...ui import fonts, theme
from ...ui.strings import tr
from ...ui.theme import scale
from ..cardart import icon, mix, shadow
from . import paint
from .hits import Hit
from .motion import never
from .widget import Widget

GOLD = (226, 178, 64)
PLATINUM = (214, 222, 232)
PLATINUM_VALUE = 10  # one platinum coin is worth ten gold
PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)], 4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
        5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)], 6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


class Counter(Widget):
    """A number with what it counts: a letter disc (the sign, besides its colour) and a short label."""

    def __init__(self, key: str, rect, label: str, letter: str, colour=theme.ACCENT, value: int = 0):
        super().__init__(rect)
        self.key, self.label, self.letter, self.colour, self.value = key, label, letter, colour, value

    def hit(self) -> Hit:
        return Hit.of_zone(self.key)

    def hits(self, pos) -> list[Hit]:
        return [self.hit()] if self.rect.collidepoint(pos) else []

    def rect_of(self, hit):
        return self.rect if hit == self.hit() else None

    def tooltip(self, hit):
        return f"{self.label}: {self.value}" if hit == self.hit() else None

    def draw(self, surface) -> None:
        paint.panel(surface, self.rect, 120, self.colour, radius=10)
        r = self.rect.height * 3 // 8
        centre = (self.rect.left + scale(8) + r, self.rect.centery)
        paint.letter_disc(surface, centre, r, self.colour, self.letter)
        fonts.blit_text(surface, str(self.value), (self.rect.right - scale(10), self.rect.centery), "large", theme.INK,
                        True, anchor="midright")
        number_w = fonts.get("large", True).size(str(self.value))[0]
        left = centre[0] + r + scale(8)
        paint.one_line(surface, self.label, (left, self.rect.centery), self.rect.right - scale(18) - number_w - left,
                       colour=theme.INK_DIM, anchor="midleft")


class Meter(Widget):
    """A labelled gauge (a chance, a progress): a bar filled to a fraction, its value in words under it. It
    shows only while it has a value (`set`); the label takes two lines, then one, then none, before anything
    would cross the border at a small window."""

    def __init__(self, rect, label: str):
        super().__init__(rect)
        self.label = label
        self.fraction: float | None = None
        self.text, self.colour = "", theme.GOOD

    def set(self, fraction: float | None, text: str = "", colour=theme.GOOD) -> None:
        """`fraction` from 0 to 1, or None to hide the meter."""
        self.fraction, self.text, self.colour = fraction, text, colour

    def layout(self) -> tuple:
        """(label lines with their rects, the bar, the value's rect), stacked inside the border."""
        inner = self.rect.inflate(-scale(12), -scale(8))
        lh = fonts.get("small").get_linesize()
        value_h = fonts.get("body", True).get_linesize()
        bar_h = max(4, scale(14))
        for count in (2, 1, 0):
            label = fonts.lines(self.label, inner.width, "small", max_lines=count) if count else []
            if len(label) * lh + scale(6) + bar_h + value_h <= inner.height:
                break
        top = inner.top + (inner.height - (len(label) * lh + scale(6) + bar_h + value_h)) // 2
        lines = [(line, pygame.Rect(inner.left, top + i * lh, inner.width, lh)) for i, line in enumerate(label)]
        bar = pygame.Rect(inner.left + scale(8), top + len(label) * lh + scale(6), inner.width - scale(16), bar_h)
        return lines, bar, pygame.Rect(inner.left, bar.bottom, inner.width, value_h)

    def draw(self, surface) -> None:
        if self.fraction is None:
            return
        pygame.draw.rect(surface, (12, 20, 18), self.rect, border_radius=scale(10))
        pygame.draw.rect(surface, (70, 110, 96), self.rect, max(1, scale(2)), border_radius=scale(10))
        lines, bar, value = self.layout()
        for line, where in lines:
            fonts.blit_text(surface, line, where.midtop, "small", theme.INK_DIM, anchor="midtop")
        pygame.draw.rect(surface, (40, 50, 46), bar, border_radius=bar.height // 2)
        filled = pygame.Rect(bar.left, bar.top, max(0, int(bar.width * min(1.0, self.fraction))), bar.height)
        pygame.draw.rect(surface, self.colour, filled, border_radius=bar.height // 2)
        fonts.blit_text(surface, self.text, value.center, "body", theme.INK, True, anchor="center")


def make_change(amount: int) -> tuple[int, int]:
    """(platinum, gold) for `amount` gold, in as few coins as can be."""
    return divmod(max(0, amount), PLATINUM_VALUE)


class CoinStack(Widget):
    """A seat's (or the pot's) coins: platinum and gold side by side, each a stack of discs with its letter on
    the top coin and the number of coins under it. Ten gold make one platinum."""

    MAX_DISCS = 8  # drawn per stack; the number says how many there really are

    def __init__(self, key: str, rect, owner: int | None = None):
        super().__init__(rect)
        self.key, self.owner = key, owner
        self.platinum = self.gold = 0

    def set_amount(self, amount: int) -> None:
        """Shows `amount` gold in as few coins as can be."""
        self.platinum, self.gold = make_change(amount)

    def set_coins(self, platinum: int, gold: int) -> None:
        """Shows exactly these coins (a game that keeps coins, not a sum)."""
        self.platinum, self.gold = platinum, gold

    @property
    def total(self) -> int:
        return self.platinum * PLATINUM_VALUE + self.gold

    def hit(self) -> Hit:
        return Hit.of_zone(self.key)

    def hits(self, pos):
        return [self.hit()] if self.rect.collidepoint(pos) else []

    def rect_of(self, hit):
        return self.rect if hit == self.hit() else None

    def tooltip(self, hit):
        if hit != self.hit():
            return None
        return tr("table.kit_coins", total=self.total, platinum=self.platinum, gold=self.gold)

    def columns(self) -> list[tuple]:
        """(letter, colour, coins, column rect) for each kind of coin shown, platinum first."""
        kinds = [(tr("table.kit_platinum_letter"), PLATINUM, self.platinum), (tr("table.kit_gold_letter"), GOLD,
                                                                               self.gold)]
        half = self.rect.width // 2
        return [(letter, colour, coins, pygame.Rect(self.rect.left + i * half, self.rect.top, half, self.rect.height))
                for i, (letter, colour, coins) in enumerate(kinds)]

    def draw(self, surface) -> None:
        label_h = fonts.get("small", True).get_linesize()
        for letter, colour, coins, col in self.columns():
            w = min(col.width - scale(10), (col.height - label_h) * 2)
            disc_h = max(4, w // 2)
            edge = max(2, (col.height - label_h - disc_h) // (self.MAX_DISCS + 1))
            shown = min(coins, self.MAX_DISCS)
            base = col.bottom - label_h - disc_h
            x = col.centerx - w // 2
            if not coins:
                pygame.draw.ellipse(surface, paint.LINE, (x, base, w, disc_h), max(1, scale(2)))
            for i in range(shown):
                disc = pygame.Rect(x, base - i * edge, w, disc_h)
                pygame.draw.ellipse(surface, tuple(c * 3 // 5 for c in colour), disc.move(0, max(1, edge // 2)))
                pygame.draw.ellipse(surface, colour, disc)
                pygame.draw.ellipse(surface, (60, 44, 20), disc, 1)
            top = pygame.Rect(x, base - max(0, shown - 1) * edge, w, disc_h)
            if coins:
                fonts.blit_text(surface, letter, top.center, "small", (40, 30, 16), True, anchor="center")
            fonts.blit_text(surface, f"×{coins}", (col.centerx, col.bottom), "small", theme.INK, True,
                            anchor="midbottom")


class DiceTray(Widget):
    """Dice in a row. `roll(faces)` tumbles them a moment (driven by `update(dt)`) and settles on `faces`;
    a face of 1–6 is drawn as pips, any other face (a number, a letter) as its text. A die may have a colour,
    and then a letter too, so no die is told from another by colour alone. Held `still` (reduced motion), a roll
    shows its faces at once, unmoving, and is busy as long as it would have tumbled: the roll is read as long."""

    ROLL_SECONDS = 0.9
    TICK = 0.08  # how often a tumbling die shows another face

    def __init__(self, key: str, rect, sides: int = 6, seed: int = 0, still=never):
        super().__init__(rect)
        self.key, self.sides, self.still = key, sides, still
        self.faces: list = []  # where the dice settle
        self.shown: list = []  # what they show now
        self.marks: list = []  # (colour, letter) per die, or None
        self.left = 0.0  # seconds of rolling left
        self._tick = 0.0
        self._random = random.Random(seed)

    def set(self, faces: list, marks: list | None = None) -> None:
        """The dice lie showing `faces`, with no roll."""
        self.faces, self.shown, self.left = list(faces), list(faces), 0.0
        self.marks = list(marks) if marks else [None] * len(faces)

    def roll(self, faces: list, marks: list | None = None, seconds: float | None = None) -> None:
        self.set(faces, marks)
        self.left = self.ROLL_SECONDS if seconds is None else seconds
        self._tumble()

    def _tumble(self) -> None:
        if self.still():
            self.shown = list(self.faces)
        else:
            self.shown = [self._random.randint(1, self.sides) for _ in self.faces]

    @property
    def busy(self) -> bool:
        return self.left > 0

    def update(self, dt: float) -> None:
        if self.left <= 0:
            return
        self.left -= dt
        self._tick += dt
        if self.left <= 0:
            self.left, self.shown = 0.0, list(self.faces)
        elif self._tick >= self.TICK:
            self._tick = 0.0
            self._tumble()

    def die_rects(self) -> list[pygame.Rect]:
        n = max(1, len(self.faces))
        gap = scale(12)
        label = fonts.get("small", True).get_linesize() if any(self.marks) else 0  # room for the letters
        side = min(self.rect.height - scale(12) - label, (self.rect.width - gap * (n + 1)) // n)
        left = self.rect.centerx - (n * side + (n - 1) * gap) // 2
        out = []
        for i in range(len(self.faces)):
            rect = pygame.Rect(left + i * (side + gap), self.rect.centery - (side + label) // 2, side, side)
            if self.left > 0 and not self.still():  # a tumbling die hops about a little
                phase = self.left * 23 + i * 1.7
                rect.move_ip(round(math.sin(phase) * scale(6)), round(-abs(math.cos(phase * 1.3)) * scale(10)))
            out.append(rect)
        return out

    def hits(self, pos):
        out = [Hit.of_piece(self.key, str(i)) for i, r in enumerate(self.die_rects()) if r.collidepoint(pos)]
        return out + ([Hit.of_zone(self.key)] if self.rect.collidepoint(pos) else [])

    def rect_of(self, hit):
        if hit.zone != self.key:
            return None
        if hit.kind == "piece":
            return self.die_rects()[int(hit.piece)]
        return self.rect if hit.kind == "zone" else None

    def tooltip(self, hit):
        if hit.zone != self.key or self.busy or not self.faces:
            return None
        return tr("table.kit_dice", faces=", ".join(str(f) for f in self.faces))

    def draw(self, surface) -> None:
        paint.panel(surface, self.rect, 70, radius=14)
        for i, rect in enumerate(self.die_rects()):
            mark = self.marks[i] if i < len(self.marks) else None
            self._draw_die(surface, rect, self.shown[i], mark)

    def _draw_die(self, surface, rect: pygame.Rect, face, mark) -> None:
        body = mark[0] if mark else (244, 240, 230)
        ink = (30, 24, 20) if sum(body) > 380 else (250, 248, 240)
        radius = rect.width // 6
        pygame.draw.rect(surface, (0, 0, 0), rect.move(scale(3), scale(4)), border_radius=radius)
        pygame.draw.rect(surface, body, rect, border_radius=radius)
        pygame.draw.rect(surface, (40, 32, 24), rect, max(1, scale(2)), border_radius=radius)
        if isinstance(face, int) and face in PIPS:
            r = max(2, rect.width // 11)
            step = rect.width * 0.27
            for dx, dy in PIPS[face]:
                pygame.draw.circle(surface, ink, (round(rect.centerx + dx * step), round(rect.centery + dy * step)), r)
        else:
            fonts.blit_text(surface, str(face), rect.center, "large", ink, True, anchor="center")
        if mark and mark[1]:  # under the die, where no pip is
            fonts.blit_text(surface, mark[1], (rect.centerx, rect.bottom + scale(4)), "small", theme.INK, True,
                            anchor="midtop")


class Marker:
    """A marker on a track of cells (a score, a count of doom) that glides toward the value it stands for,
    `rate` cells a second, so that a change is seen happening; `held` seconds keep it still (until what caused
    the change has been shown). The table calls `update(value, dt, speed)` every frame and `draw` where the
    track's cells are. Held `still` (reduced motion), it jumps to the value when it would have set off."""

    def __init__(self, rate: float = 2.5, still=never):
        self.rate, self.shown, self.held, self.still = rate, None, 0.0, still

    def update(self, value: float, dt: float, speed: float = 1.0) -> None:
        """Glides toward `value` (faster at a faster animation `speed`; there at once when animations are off)."""
        if self.held > 0:
            self.held -= dt
            return
        step = dt * self.rate / max(0.3, speed)
        if self.shown is None or speed == 0 or self.still() or abs(value - self.shown) <= step:
            self.shown = float(value)
        else:
            self.shown += math.copysign(step, value - self.shown)

    def draw(self, surface, cells: list[pygame.Rect], value: float, colour, ring=theme.INK, ink=theme.INK_DARK) -> None:
        """A disc with the number it shows, between the two cells it is gliding between (at `value` before it
        has moved)."""
        shown = value if self.shown is None else self.shown
        lo = max(0, min(len(cells) - 2, int(shown)))
        a, b = cells[lo], cells[lo + 1]
        centre = (int(a.centerx + (b.centerx - a.centerx) * (shown - lo)), a.centery)
        r = max(scale(8), int(min(a.width, a.height) * 0.42))
        pygame.draw.circle(surface, (0, 0, 0), (centre[0] + 2, centre[1] + 2), r)
        pygame.draw.circle(surface, colour, centre, r)
        pygame.draw.circle(surface, ring, centre, r, max(1, scale(2)))
        fonts.blit_text(surface, str(round(shown)), centre, 14, ink, True, anchor="center")


def paint_track(surface, cells: list[pygame.Rect], colour, back, ink, goal: pygame.Surface | None = None,
                edge: int = 1) -> None:
    """A track's cells, numbered from 0 (painted once on a card or a board; a `Marker` stands on them): rounded
    boxes in `colour` over `back` with the numbers in `ink`, the last showing `goal` instead if given (an icon:
    what reaching it means)."""
    for i, cell in enumerate(cells):
        radius = max(2, cell.width // 6)
        pygame.draw.rect(surface, mix(colour, back, 0.78), cell, border_radius=radius)
        pygame.draw.rect(surface, mix(colour, back, 0.45), cell, edge, border_radius=radius)
        if goal is not None and i == len(cells) - 1:
            surface.blit(goal, goal.get_rect(center=cell.center))
        else:
            fonts.blit_text(surface, str(i), cell.center, max(14, int(cell.height * 0.5)), ink, anchor="center")


class ScoreTrack(Widget):
    """Scores as markers on a numbered track: each seat a disc with its initial (or number) in its colour;
    markers sharing a space stand one above the other."""

    def __init__(self, key: str, rect, high: int):
        super().__init__(rect)
        self.key, self.high = key, high
        self.markers: list[tuple] = []  # (seat, name, letter, colour, score)

    def set(self, markers: list[tuple]) -> None:
        self.markers = list(markers)

    def cell(self, score: int) -> pygame.Rect:
        cells = self.high + 1
        w = self.rect.width / cells
        i = min(max(score, 0), self.high)
        half = self.rect.height // 2  # the upper half is where markers stand
        left = round(self.rect.left + i * w)
        return pygame.Rect(left, self.rect.top + half, max(1, round(w)), self.rect.height - half)

    def marker_rects(self) -> list[tuple]:
        """(seat, rect) for every marker; a later marker on the same space stands higher, and a crowd on one
        space closes up so that it stays within the track's upper half."""
        r = max(scale(10), min(self.rect.height // 4, round(self.rect.width / (self.high + 1) / 2)))
        crowd: dict = {}
        for *_, score in self.markers:
            crowd[self.cell(score).x] = crowd.get(self.cell(score).x, 0) + 1
        room = self.cell(0).top - self.rect.top - 2 * r
        out, taken = [], {}
        for seat, _, _, _, score in self.markers:
            cell = self.cell(score)
            level = taken.get(cell.x, 0)
            taken[cell.x] = level + 1
            step = min(2 * r - scale(6), room / max(1, crowd[cell.x] - 1))
            rect = pygame.Rect(0, 0, 2 * r, 2 * r)
            rect.midbottom = (cell.centerx, round(cell.top - level * step))
            out.append((seat, rect.clamp(self.rect)))  # the end spaces' markers stay over the track
        return out

    def hits(self, pos):
        for seat, rect in reversed(self.marker_rects()):
            if rect.collidepoint(pos):
                return [Hit.of_seat(seat), Hit.of_zone(self.key)]
        return [Hit.of_zone(self.key)] if self.rect.collidepoint(pos) else []

    def rect_of(self, hit):
        if hit.kind == "seat":
            return next((r for s, r in self.marker_rects() if s == hit.owner), None)
        return self.rect if hit == Hit.of_zone(self.key) else None

    def tooltip(self, hit):
        for seat, name, _, _, score in self.markers:
            if hit == Hit.of_seat(seat):
                return tr("table.kit_score", player=name, score=score)
        return None

    def draw(self, surface) -> None:
        for score in range(self.high + 1):
            pygame.draw.rect(surface, (58, 72, 64) if score % 2 else (44, 56, 50), self.cell(score))
        pygame.draw.rect(surface, paint.LINE, self.cell(0).union(self.cell(self.high)), max(1, scale(2)))
        # Numbers as often as they fit without touching: every space, every 2nd, 5th or 10th.
        room = fonts.get("small").size(str(self.high))[0] + scale(8)
        every = next((n for n in (1, 2, 5, 10) if n * self.rect.width / (self.high + 1) >= room), 10)
        for score in range(0, self.high + 1, every):
            fonts.blit_text(surface, str(score), self.cell(score).center, "small", theme.INK_DIM, anchor="center")

    def draw_over(self, surface) -> None:
        found = dict(self.marker_rects())
        for seat, _, letter, colour, _ in self.markers:
            rect = found[seat]
            paint.letter_disc(surface, rect.center, rect.width // 2, colour, letter)


class Pawn(Widget):
    """A marker standing on a board piece (a pawn on a card). The table says where it stands with `on` (a
    piece key) and makes it walk with `walk(src, dst, seconds)`: it hops from one piece to the other, driven
    by `update(dt)`, and is `busy` until it arrives. `rect_of(key)` is where a piece is now (None when it is
    not on the board); it stands at `spot` (fractions of the piece's width from its top left corner), a disc
    of radius `size` × that width with `icon` on it (`letter` if the icon is missing). Held `still` (reduced
    motion), it stands on the piece it walks to from the first moment, and is busy as long as the walk."""

    HOP = 40  # design units: how high it hops on its way

    def __init__(self, rect_of, colour, ring, icon: str, letter: str, spot=(0.5, 0.5), size: float = 0.2,
                 still=never):
        super().__init__(pygame.Rect(0, 0, 0, 0))
        self.rect_of, self.colour, self.ring, self.icon, self.letter = rect_of, colour, ring, icon, letter
        self.still = still
        self.spot, self.size = spot, size
        self.on: str | None = None
        self.source: str | None = None
        self.left = self.total = 0.0

    def walk(self, src: str, dst: str, seconds: float) -> None:
        self.on = dst
        self.source, self.left, self.total = (src, seconds, seconds) if seconds > 0 else (None, 0.0, 0.0)

    @property
    def busy(self) -> bool:
        return self.left > 0

    def update(self, dt: float) -> None:
        self.left = max(0.0, self.left - dt)

    def _stand(self, key):
        rect = self.rect_of(key) if key is not None else None
        if rect is None:
            return None
        return (rect.left + rect.width * self.spot[0], rect.top + rect.width * self.spot[1]), rect.width

    def position(self):
        """((x, y), piece width) where it stands now, or None; mid-walk, eased along a hop."""
        target = self._stand(self.on)
        source = self._stand(self.source) if self.busy and not self.still() else None
        if target is None or source is None:
            return target
        e = 1 - (self.left / self.total) ** 3  # fast away, slow to arrive
        (sx, sy), _ = source
        (tx, ty), w = target
        return (sx + (tx - sx) * e, sy + (ty - sy) * e - scale(self.HOP) * math.sin(math.pi * e)), w

    def draw_over(self, surface) -> None:
        found = self.position()
        if found is None:
            return
        (x, y), w = found
        r = max(scale(18), int(w * self.size))
        centre = (round(x), round(y))
        shadow(surface, pygame.Rect(centre[0] - r, centre[1] - r, 2 * r, 2 * r), r, scale(3), 90)
        pygame.draw.circle(surface, self.colour, centre, r)
        pygame.draw.circle(surface, self.ring, centre, r, max(2, scale(3)))
        mark = icon(self.icon, int(r * 1.4), self.ring)
        if mark:
            surface.blit(mark, mark.get_rect(center=centre))
        else:
            fonts.blit_text(surface, self.letter, centre, max(14, r), self.ring, True, anchor="center")
