"""Zone widgets for zones shown as places rather than laid-out pieces, and marks a player keeps:

- `Place`: a zone drawn by the table (a card with tracks, a box of pieces out of the game): what arrives flies
  to its middle and is gone, what leaves sets off from there;
- `Slot`: a place one card lies on whole, marked with what goes there while empty; `Tally`: a place pieces
  leave the game by, marked with how many went;
- `Bag`: a bag of tokens drawn from by a click: a sack with its count, glowing with an invitation while a
  draw is legal;
- `GroupRow`: a zone's pieces grouped by a key (faded cards by their power): one small stack a group, the
  stack's count on a badge, a group usable now glowing with a tag;
- `MarkRow`: a row of numbered marks (a memo on a line of values) that can be flipped and ruled out.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import pygame

from ...ui import fonts, theme
from ...ui.theme import scale
from ..cardart import mix, shadow, veil
from . import paint
from .hits import Hit
from .motion import never, pulse
from .panels import hatch
from .widget import Widget
from .zones import ZoneWidget


class Place(ZoneWidget):
    """A zone drawn as a place: no pieces of its own; a piece arriving flies to its middle (at the size of a
    `token` in pixels if given, else to the whole rect) and is gone."""

    def __init__(self, zone_id, rect, card_image, token: int | None = None, hit: Hit | None = None):
        super().__init__(zone_id, rect, card_image)
        self.token = token
        self.hit = hit or Hit.of_zone(zone_id)  # what the place answers as

    def placed(self) -> list[str]:
        return []

    def piece_rects(self, count: int) -> list[pygame.Rect]:
        return [self.landing()] * count

    def landing(self) -> pygame.Rect:
        if not self.token:
            return self.rect
        return pygame.Rect(self.rect.centerx - self.token // 2, self.rect.centery - self.token // 2, self.token,
                           self.token)

    def departure(self) -> pygame.Rect:
        return self.landing()

    def hits(self, pos) -> list[Hit]:
        return [self.hit] if self.rect.collidepoint(pos) else []

    def rect_of(self, hit: Hit) -> pygame.Rect | None:
        return self.rect if hit == self.hit else None


class Slot(Place):
    """A place one piece lies on whole (a card in a row of places), answering as its `hit`; while empty, an
    outline with `empty` written in it (what goes there)."""

    def __init__(self, zone_id, rect, card_image, hit: Hit | None = None, empty: str = "", line=paint.LINE,
                 ink=theme.INK_DIM):
        super().__init__(zone_id, rect, card_image, hit=hit)
        self.empty, self.line, self.ink = empty, line, ink

    def placed(self) -> list[str]:
        return self.entries()

    def piece_rects(self, count: int) -> list[pygame.Rect]:
        return [self.rect] * count

    def draw(self, surface) -> None:
        if not self.count:
            paint.marked(surface, self.rect, self.empty, self.line, self.ink)


class Tally(Place):
    """A place pieces go to and leave the table by (powers used up, out of the game): an outline with
    `caption(count)` in it, saying how many went."""

    def __init__(self, zone_id, rect, card_image, caption: Callable[[int], str], hit: Hit | None = None,
                 line=paint.LINE, ink=theme.INK_DIM):
        super().__init__(zone_id, rect, card_image, hit=hit)
        self.caption, self.line, self.ink = caption, line, ink

    def draw(self, surface) -> None:
        paint.marked(surface, self.rect, self.caption(self.count), self.line, self.ink, bold=True, radius=10)


class TrackCard(Place):
    """A card (or a board) with tracks printed on it (a score, a count of doom), lying as a place: its face
    without markers is the table's face `printed`, and `cells(w, h, index)` gives the cells of its `index`-th
    track on that face. Each track of `tracks` (name, colour, ink) shows its cells up to `reached[name]` tinted
    and its `Marker` standing there (`markers[name]`: the table's, so that it glides on across a new layout).
    `preview` is the face the pointer resting on it shows large."""

    def __init__(self, zone_id, rect, card_image, printed: str, cells: Callable, tracks: list, markers: dict,
                 token: int | None = None, hit: Hit | None = None, preview: str | None = None, ring=theme.INK):
        super().__init__(zone_id, rect, card_image, token, hit)
        self.printed, self.cells, self.tracks, self.markers = printed, cells, tracks, markers
        self.preview, self.ring = preview, ring
        self.reached = {name: 0 for name, *_ in tracks}

    def face_at(self, pos) -> str | None:
        return self.preview if self.rect.collidepoint(pos) else None

    def draw(self, surface) -> None:
        rect = self.rect
        shadow(surface, rect, scale(14), scale(5), 90)
        surface.blit(self.card_image(self.printed, rect.width, rect.height), rect)
        for index, (name, colour, ink) in enumerate(self.tracks):
            cells = [cell.move(rect.topleft) for cell in self.cells(rect.width, rect.height, index)]
            for cell in cells[1:self.reached[name] + 1]:
                surface.blit(veil(cell.size, (*colour, 70), max(2, cell.width // 6)), cell)
            self.markers[name].draw(surface, cells, self.reached[name], colour, self.ring, ink)


class Bag(Place):
    """A bag of tokens: a sack with its count and `label` under it. While `can_draw` it glows and the label
    becomes `invite` (pulsing, unless held `still`); it rises a little while `lifted` (the pointer is on it)."""

    def __init__(self, zone_id, rect, card_image, label: str, invite: str, token: int, hit: Hit | None = None,
                 colour=(112, 74, 44), tie=theme.ACCENT, still=never):
        super().__init__(zone_id, rect, card_image, token, hit or Hit("pile", zone=zone_id))
        self.label, self.invite, self.colour, self.tie, self.still = label, invite, colour, tie, still
        self.can_draw = self.lifted = False
        self.clock = 0.0

    def update(self, dt: float) -> None:
        self.clock += dt

    def draw(self, surface) -> None:
        bag, colour = self.rect, self.colour
        lift = scale(6) if self.can_draw and self.lifted else 0
        body = pygame.Rect(bag.left, bag.top + bag.height * 0.28 - lift, bag.width, bag.height * 0.72)
        neck = pygame.Rect(bag.centerx - bag.width * 0.2, bag.top + bag.height * 0.1 - lift, bag.width * 0.4,
                           bag.height * 0.26)
        shadow(surface, body, body.width // 2, scale(6), 90)
        pygame.draw.ellipse(surface, colour, body)
        pygame.draw.ellipse(surface, mix(colour, (0, 0, 0), 0.3), body, max(2, scale(3)))
        taper = neck.width * 0.15
        pygame.draw.polygon(surface, colour, [neck.topleft, neck.topright, (neck.right - taper, neck.bottom),
                                              (neck.left + taper, neck.bottom)])
        pygame.draw.line(surface, self.tie, (neck.left + neck.width * 0.1, neck.bottom - scale(4)),
                         (neck.right - neck.width * 0.1, neck.bottom - scale(4)), max(2, scale(5)))
        fonts.blit_text(surface, str(self.count), body.center, "title", theme.INK, True, anchor="center")
        label, ink = self.label, theme.INK
        if self.can_draw:
            pygame.draw.ellipse(surface, theme.FOCUS, body.inflate(scale(10), scale(10)), max(2, scale(4)))
            label, ink = self.invite, mix(self.tie, theme.INK, pulse(self.clock, 4, self.still()))
        fonts.blit_text(surface, label, (bag.centerx, bag.bottom + scale(20)), "small", ink, True, anchor="midtop")


class GroupRow(ZoneWidget):
    """A zone's pieces grouped by `group_of(entry)`, one small stack a group, side by side from the left after
    a `lead` (pixels, where `label` is written) in the order the groups first appear, each `piece` (w, h) wide;
    the row leaves `trail` pixels free at its right. A stack answers as Hit(`kind`, piece=group); one of several
    carries its count on a badge; a group in `usable` glows with a `tag` (pulsing, unless held `still`). `empty` is
    written while there is nothing. A table whose row lies on its backdrop alone may set `under` to it (see
    paint.Kept)."""

    under: pygame.Surface | None = None

    def __init__(self, zone_id, rect, card_image, group_of: Callable, kind: str, piece: tuple, lead: int,
                 trail: int = 0, label: str = "", empty: str = "", tag: str = "", face_of=None, still=never):
        super().__init__(zone_id, rect, card_image, "", face_of)
        self.still = still
        self.group_of, self.kind, self.piece = group_of, kind, piece
        self.lead, self.trail, self.title, self.empty, self.tag = lead, trail, label, empty, tag
        self.usable: set = set()
        self.clock = 0.0
        self._plate = paint.Kept()

    def groups(self) -> list[tuple[str, list[str]]]:
        """[(group, [entries])] in the order the groups first appear."""
        found: dict = {}
        for entry in self.entries():
            found.setdefault(self.group_of(entry), []).append(entry)
        return list(found.items())

    def group_rects(self) -> dict:
        """group -> (the stack's rect, [rect per piece])."""
        w, h = self.piece
        x0, y = self.rect.left + self.lead + scale(20), self.rect.top + scale(22)
        groups = self.groups()
        right = self.rect.right - self.trail
        step = min(w + scale(14), (right - x0 - w - scale(12)) / (len(groups) - 1)) if len(groups) > 1 else 0
        out = {}
        for i, (group, entries) in enumerate(groups):
            x, rise = round(x0 + i * step), scale(4) * (len(entries) - 1)
            rects = [pygame.Rect(x + j * scale(5), y - j * scale(4), w - scale(10), h) for j in range(len(entries))]
            out[group] = (pygame.Rect(x, y - rise, w, h + rise), rects)
        return out

    def piece_rects(self, count: int) -> list[pygame.Rect]:
        rects = self.group_rects()
        where = {e: r for group, entries in self.groups() for e, r in zip(entries, rects[group][1], strict=True)}
        entries = self.entries()[:count]
        return [where[e] for e in entries] + [self.landing()] * (count - len(entries))

    def landing(self) -> pygame.Rect:
        return pygame.Rect(self.rect.left + self.lead + scale(20), self.rect.top + scale(22), self.piece[0] - scale(10),
                           self.piece[1])

    def departure(self) -> pygame.Rect:
        return self.landing()

    def top_of(self, group: str) -> str | None:
        """The last piece of `group` (the one drawn whole), None if there is none."""
        return dict(self.groups()).get(group, [None])[-1]

    def hits(self, pos) -> list[Hit]:
        return [Hit(self.kind, piece=g) for g, (rect, _) in self.group_rects().items() if rect.collidepoint(pos)]

    def entry_of(self, hit: Hit) -> str | None:
        return self.top_of(hit.piece) if hit.kind == self.kind else None

    def rect_of(self, hit: Hit) -> pygame.Rect | None:
        found = self.group_rects().get(hit.piece) if hit.kind == self.kind else None
        return found[0] if found else None

    def face_at(self, pos) -> str | None:
        hit = next(iter(self.hits(pos)), None)
        return self.face(self.top_of(hit.piece)) if hit else None

    def update(self, dt: float) -> None:
        self.clock += dt

    def draw(self, surface) -> None:
        self._plate.draw(surface, self.under, self.rect, 60)
        lines = fonts.lines(self.title, self.lead - scale(24), "small", True, max_lines=2)
        lh = fonts.get("small", True).get_linesize()
        for i, line in enumerate(lines):
            y = self.rect.centery + (2 * i - len(lines)) * lh // 2
            fonts.blit_text(surface, line, (self.rect.left + scale(14), y), "small", theme.ACCENT_HI, True)
        if not self.count:
            paint.one_line(surface, self.empty, (self.rect.left + self.lead + scale(20), self.rect.centery),
                           self.rect.width - self.lead - self.trail - scale(40), colour=theme.INK_DIM, anchor="midleft")

    def draw_over(self, surface) -> None:
        for group, (_, rects) in self.group_rects().items():
            rect = rects[-1]
            if len(rects) > 1:
                paint.badge(surface, f"×{len(rects)}", (rect.right - scale(6), rect.top + scale(2)))
            if group in self.usable:
                beat = pulse(self.clock, 4, self.still())
                pygame.draw.rect(surface, mix(theme.FOCUS, theme.INK, beat * 0.4), rect.inflate(scale(8), scale(8)),
                                 max(2, scale(3)), border_radius=scale(12))
                paint.badge(surface, self.tag, (rect.right - scale(30), rect.top), colour=theme.FOCUS)


class MarkRow(Widget):
    """Numbered marks 1..`count` in a row along the foot of `rect` (a memo a player keeps on a line of values),
    each hit as Hit(`kind`, owner=`owner`, piece="<value>"). A mark may be flipped (dark with a slash: someone
    marked it) and ruled out (hatched); one that a click would flip (`clickable`) shows the focus ring while the
    pointer is on it (`hover`)."""

    def __init__(self, rect, count: int, colour, kind: str, owner: int, most: int | None = None):
        super().__init__(rect)
        self.count, self.colour, self.kind, self.owner = count, colour, kind, owner
        self.most = most or scale(46)  # the largest mark, pixels
        self.marked: list = [False] * count
        self.ruled: set = set()
        self.hover, self.clickable = None, set()

    def mark(self, value: int) -> Hit:
        return Hit(self.kind, owner=self.owner, piece=str(value))

    def marks(self) -> list[pygame.Rect]:
        gap = scale(6)
        m = min(self.most, (self.rect.width - scale(28) - (self.count - 1) * gap) / self.count)
        x0 = self.rect.left + (self.rect.width - (self.count * m + (self.count - 1) * gap)) / 2
        top = self.rect.bottom - scale(12) - m
        return [pygame.Rect(round(x0 + i * (m + gap)), round(top), round(m), round(m)) for i in range(self.count)]

    def hits(self, pos) -> list[Hit]:
        return [self.mark(v) for v, m in enumerate(self.marks(), 1) if m.collidepoint(pos)]

    def rect_of(self, hit: Hit) -> pygame.Rect | None:
        if hit.kind == self.kind and hit.owner == self.owner:
            return self.marks()[int(hit.piece) - 1]
        return None

    def draw(self, surface) -> None:
        for v, m in enumerate(self.marks(), start=1):
            draw_mark(surface, m, v, self.colour, self.marked[v - 1], v in self.ruled)
            if self.hover == str(self.mark(v)) and self.hover in self.clickable:
                pygame.draw.ellipse(surface, theme.FOCUS, m.inflate(scale(6), scale(6)), max(2, scale(3)))


def draw_mark(surface, m: pygame.Rect, value: int, colour, marked: bool, ruled: bool, dark=(6, 20, 28)) -> None:
    """One mark (value 0: no number, as in a legend): flipped (dark, with a slash) or not, hatched if ruled out."""
    surface.blit(_mark(m.size, value, tuple(colour), marked, ruled, tuple(dark), scale.factor), m)


@lru_cache(maxsize=256)
def _mark(size: tuple, value: int, colour: tuple, marked: bool, ruled: bool, dark: tuple, factor) -> pygame.Surface:
    """A mark drawn once per look and size (a table draws a row of them for every seat, every frame). Shared:
    never draw on it."""
    image = pygame.Surface(size, pygame.SRCALPHA)
    m = image.get_rect()
    text = max(14, int(m.height * 0.46)) / factor if factor else 14
    pygame.draw.ellipse(image, dark if marked else mix(theme.INK, colour, 0.15), m)
    pygame.draw.ellipse(image, colour, m, max(2, scale(3)) if marked else max(1, scale(2)))
    if marked:
        pad = m.width // 6
        pygame.draw.line(image, mix(colour, dark, 0.45), (m.left + pad, m.bottom - pad), (m.right - pad, m.top + pad),
                         max(2, scale(3)))
    if value:
        fonts.blit_text(image, str(value), m.center, text, mix(colour, theme.INK, 0.6) if marked else theme.INK_DARK,
                        True, anchor="center")
    if ruled:
        hatch(image, m, (70, 70, 70, 190), max(4, m.width // 5))
    return image
