"""Where the players sit and how each seat introduces itself.

`seat_ring(count, area)` lays out 2–9 seats round a table: the viewer at the bottom, the others from the
viewer's left round the top to the right (the order `GameTable._seat_order` gives), with no two seats
overlapping and the middle left free for the shared zones. `SeatPanel` draws one seat's header: name, AI
level, a turn marker, a thinking indicator and a team (colour and letter).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...ui import fonts, theme
from ...ui.strings import tr
from ...ui.theme import scale
from . import paint
from .hits import Hit
from .panels import text_lines
from .text import draw_name, name_layout
from .widget import Widget, attributes

SIDES = ("bottom", "left", "top", "right")


@dataclass
class Ring:
    areas: list[pygame.Rect]  # by place round the table: 0 is the viewer, then round to the viewer's left
    sides: list[str]  # which edge of the table each place is on: one of SIDES
    centre: pygame.Rect  # the middle of the table, free of seats


def ring_order(seating: list, viewer: int | None) -> list[int]:
    """The seats at the table (a view's "seating": [position, seat] pairs in turn order) from the viewer
    round in turn order, which is round to the viewer's left: place i of `seat_ring` is the i-th seat here.
    A spectator, or a seat that is not at the table, sees the table from the first seat's place."""
    seats = [seat for _, seat in seating]
    start = seats.index(viewer) if viewer in seats else 0
    return seats[start:] + seats[:start]


def _split(count: int) -> tuple[int, int]:
    """(seats on each side, seats along the top) for `count` players other than the viewer."""
    side = 0 if count <= 4 else 1 if count <= 6 else 2
    return side, count - 2 * side


def seat_ring(count: int, area: pygame.Rect, viewer_height: int | None = None, top_height: int | None = None,
              columns: bool = True) -> Ring:
    """Places for `count` seats (2–9) in `area` (window pixels). The viewer gets the bottom band (taller: its
    hand lies there), the others share the top band and, from five others on, columns down both sides.
    `top_height` fixes the top band's height; `columns=False` keeps every other seat in the top band (a table
    whose middle needs the full width)."""
    if not 1 <= count <= 9:
        raise ValueError(f"a table seats 1 to 9 players, not {count}")
    gap = scale(12)
    own_h = viewer_height if viewer_height is not None else area.height * 30 // 100
    viewer = pygame.Rect(area.left, area.bottom - own_h, area.width, own_h)
    others = count - 1
    side, top = _split(others) if columns else (0, others)
    band = pygame.Rect(area.left, area.top, area.width, viewer.top - gap - area.top)
    top_h = band.height * 40 // 100 if side else min(band.height * 45 // 100, scale(320))
    top_h = top_h if top_height is None else min(top_height, band.height)
    areas, sides = [viewer], ["bottom"]
    col_w = min(scale(330), (band.width - 2 * gap) // 4)
    col_top = band.top + top_h + gap
    col_h = (band.bottom - col_top - gap * (side - 1)) // side if side else 0
    # The viewer's left: up the left column (nearest the viewer first), along the top, down the right.
    for i in range(side):
        areas.append(pygame.Rect(band.left, band.bottom - (i + 1) * col_h - i * gap, col_w, col_h))
        sides.append("left")
    if top:
        w = (band.width - gap * (top - 1)) // top
        for i in range(top):
            areas.append(pygame.Rect(band.left + i * (w + gap), band.top, w, top_h))
            sides.append("top")
    for i in range(side):
        areas.append(pygame.Rect(band.right - col_w, col_top + i * (col_h + gap), col_w, col_h))
        sides.append("right")
    inner_left = band.left + (col_w + gap if side else 0)
    inner_right = band.right - (col_w + gap if side else 0)
    centre_top = band.top + (top_h + gap if top else 0)
    centre = pygame.Rect(inner_left, centre_top, inner_right - inner_left, band.bottom - centre_top)
    return Ring(areas, sides, centre)


class SeatPanel(Widget):
    """One seat's header. The table sets what it shows each frame with `set`; `body` is the rect under the
    header where the table lays out that seat's zones. A table may set `line` and `accent` (the border and the
    turn colour) to its own palette, and `reserve` (pixels) to keep the header's right end for its own marks
    (a hidden hand's count). A table whose seats lie on its backdrop alone may set `under` to that backdrop: the
    panel is then drawn faster (see paint.panel_over), made again only when its look or place changes."""

    line, accent, reserve = paint.LINE, theme.ACCENT_HI, 0
    under: pygame.Surface | None = None

    def __init__(self, seat: int, rect, header_height: int | None = None):
        super().__init__(rect)
        self.seat = seat
        self.header_h = header_height or max(scale(44), fonts.get("body", True).get_linesize() + scale(10))
        self.name, self.level, self.lines, self.score = "", None, [], ""
        self.turn = self.thinking = False
        self.team = None  # (letter or short name, colour)
        self.clock = 0.0
        self._plate = paint.Kept()  # the panel over `under`

    def set(self, name: str, level: str | None = None, turn: bool = False, thinking: bool = False,
            team: tuple | None = None, lines: list | None = None, score: str = "") -> None:
        """`level` is an AI seat's level id ("easy"...), None for a person; `score` is shown in the header,
        at its right, before the name is cut short; `lines` are short texts shown
        under the name (a score, coins) when the panel has room. A line is a string, a part
        (text, colour) or (text, colour, icon) with an icon Surface drawn in front of the words, or a list of
        parts side by side (each cut short only if the line runs out)."""
        self.name, self.level, self.turn, self.thinking = name, level, turn, thinking
        self.team, self.lines, self.score = team, list(lines or []), score

    @property
    def header(self) -> pygame.Rect:
        return pygame.Rect(self.rect.left, self.rect.top, self.rect.width, min(self.header_h, self.rect.height))

    @property
    def body(self) -> pygame.Rect:
        lines = len(self.lines) * fonts.get("small").get_linesize()
        top = self.header.bottom + lines + scale(4)
        return pygame.Rect(self.rect.left + scale(8), top, self.rect.width - scale(16),
                           max(0, self.rect.bottom - top - scale(8)))

    def update(self, dt: float) -> None:
        self.clock += dt

    def hits(self, pos):
        return [Hit.of_seat(self.seat)] if self.rect.collidepoint(pos) else []

    def rect_of(self, hit):
        return self.rect if hit == Hit.of_seat(self.seat) else None

    def tooltip(self, hit):
        if hit != Hit.of_seat(self.seat):
            return None
        parts = [self.name] + ([tr(f"level.{self.level}")] if self.level else [])
        if self.team:
            parts.append(tr("table.kit_team", team=self.team[0]))
        lines = [" ".join(p[0] for p in _parts(line)) for line in self.lines]
        return " · ".join(parts + ([self.score] if self.score else []) + lines)

    def shown_level(self, room: int) -> str:
        """The AI level beside the name when both fit whole in `room` pixels; else none (the name goes first,
        and the tooltip still says the level)."""
        level = tr(f"level.{self.level}") if self.level else ""
        need = fonts.get("body", True).size(self.name)[0] + scale(10) + fonts.get("small").size(level)[0]
        return level if level and need <= room else ""

    def look(self) -> tuple:
        """Everything the panel's drawing depends on: its attributes but the clock, which runs every frame and
        shows only as the thinking dots it gives (see Widget.look)."""
        dots = 1 + int(self.clock * 3) % 3 if self.thinking else 0
        return (type(self), attributes(self, ("clock",)), dots, scale.factor,
                tr(f"level.{self.level}") if self.level else "", fonts.get("body", True), fonts.get("small"))

    def draw(self, surface) -> None:
        border = self.accent if self.turn else self.line
        self._plate.draw(surface, self.under, self.rect, 80, border, 4 if self.turn else 2)
        head = self.header
        x = head.left + scale(12)
        if self.team:  # a stripe in the team's colour, and its letter so colour is not the only sign
            letter, colour = self.team
            pygame.draw.rect(surface, colour, (head.left, head.top + scale(6), scale(8), self.rect.height - scale(12)),
                             border_radius=scale(3))
            r = head.height * 3 // 8
            paint.letter_disc(surface, (x + scale(6) + r, head.centery), r, colour, letter)
            x += scale(12) + 2 * r
        if self.turn:  # a marker that says "now" by its shape, not only by the bright border
            cy = head.centery
            arrow = [(x, cy - scale(10)), (x, cy + scale(10)), (x + scale(16), cy)]
            pygame.draw.polygon(surface, self.accent, arrow)
            x += scale(24)
        right = head.right - scale(12) - self.reserve
        if self.thinking:
            dots = "●" * (1 + int(self.clock * 3) % 3)
            slot = fonts.get("small", True).size("●●●")[0]
            # Beside the name when both fit; else just under the header's right end, so the name stays whole.
            if name_layout(self.name, right - x - slot - scale(8), head.height - scale(4), scale.text_px("body"),
                           shorten=False):
                at = (right - slot, head.centery)
                right -= slot + scale(8)
            else:
                at = (head.right - scale(12) - slot, head.bottom + fonts.get("small", True).get_linesize() // 2)
            fonts.blit_text(surface, dots, at, "small", self.accent, True, anchor="midleft")
        if self.score:
            score = paint.one_line(surface, self.score, (right, head.centery), (right - x) // 2, "body",
                                   theme.ACCENT_HI, True, anchor="midright")
            right = score.left - scale(14)
        level = self.shown_level(right - x)
        level_w = fonts.get("small").size(level)[0] if level else 0
        # The name shrinks, then takes two lines, before it is cut short with "…".
        box = pygame.Rect(x, head.top + scale(2), max(1, right - x - level_w - scale(10)), head.height - scale(4))
        name_rect = draw_name(surface, self.name, box, scale.text_px("body"), self.accent if self.turn else theme.INK)
        if level:
            left = name_rect.right + scale(10)
            paint.one_line(surface, level, (left, head.centery), right - left, "small", theme.INK_DIM, anchor="midleft")
        y = head.bottom
        lh = fonts.get("small").get_linesize()
        for line in self.lines:
            if y + lh > self.rect.bottom:
                break
            x, right = head.left + scale(14), head.right - scale(14)
            for text, colour, image in _parts(line):
                if image is not None and x + image.get_width() < right:
                    surface.blit(image, image.get_rect(midleft=(x, y + lh // 2)))
                    x += image.get_width() + scale(6)
                if right - x < scale(30):
                    break
                x = paint.one_line(surface, text, (x, y), right - x, "small", colour).right + scale(12)
            y += lh


class NotedSeat(SeatPanel):
    """A seat's panel with short notes in its body beside what the seat holds ("Carried a fate over"), each on
    up to two lines from `note_left` (pixels: the table sets it right of the pieces) to the panel's right. A
    panel that stands for something other than a seat (one of a player's two positions) answers as its own
    `hit`."""

    def __init__(self, seat: int, rect, hit: Hit | None = None, ink=theme.INK_DIM):
        super().__init__(seat, rect)
        self.hit, self.ink = hit or Hit.of_seat(seat), ink
        self.note_left = self.body.left
        self.notes: list[str] = []

    def hits(self, pos):
        return [self.hit] if self.rect.collidepoint(pos) else []

    def rect_of(self, hit):
        return self.rect if hit == self.hit else None

    def draw(self, surface) -> None:
        super().draw(surface)
        x = self.note_left
        width = self.rect.right - scale(10) - x
        y = self.header.bottom + scale(12)
        for note in self.notes if width >= scale(40) else []:
            y = text_lines(surface, note, (x, y), width, "small", self.ink, max_lines=2)


def _parts(line) -> list[tuple]:
    """[(text, colour, icon or None)] of one of a panel's lines (see SeatPanel.set)."""
    parts = line if isinstance(line, list) else [line]
    out = []
    for part in parts:
        text, colour, *image = (part, theme.INK) if isinstance(part, str) else part
        out.append((text, colour, image[0] if image else None))
    return out
