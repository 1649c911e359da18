"""Small drawing pieces the kit's widgets share: a shaded panel, a number badge, a disc with a letter, one
line of text cut to fit. Sizes are in window pixels; callers scale design units with `scale`."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from ...ui import fonts, theme
from ...ui.theme import scale
from ..cardart import blit_rotated, gradient, ink_on, shadow, veil

LINE = (88, 104, 96)  # the outline of an empty place on the table


def panel(surface, rect: pygame.Rect, alpha: int = 90, border=LINE, width: int = 2, radius: int = 12,
          shade=(0, 0, 0)) -> None:
    """A dark see-through panel (black, or a table's own `shade`) with a rounded border."""
    surface.blit(_panel(*_look(rect, alpha, border, width, radius, shade)), rect)


def panel_over(under: pygame.Surface, rect: pygame.Rect, alpha: int = 90, border=LINE, width: int = 2,
               radius: int = 12, shade=(0, 0, 0)) -> pygame.Surface | None:
    """The panel over the part of `under` (a table's backdrop, drawn at the origin) at `rect`, as one opaque
    piece to blit at `rect` where nothing but the backdrop lies beneath: blitting it costs a fraction of
    blending a panel as large as a seat, which a table does every frame. The caller keeps it (see SeatPanel).
    None when `rect` is not inside `under`."""
    if not under.get_rect().contains(rect):
        return None
    image = under.subsurface(rect).copy()
    image.blit(_panel(*_look(rect, alpha, border, width, radius, shade)), (0, 0))
    return image


class Kept:
    """A panel over a backdrop made once and kept by its owner (a widget, a table): `draw` blits it as one opaque
    piece (see panel_over), made again only when the backdrop, the place or the look changes; without a backdrop
    (or where the rect leaves it) it is the blended `panel`. Kept by the owner, not in a module cache, so that an
    old backdrop is not kept alive."""

    def __init__(self):
        self._made = None  # (what it was made of, the panel over the backdrop or None)

    def draw(self, surface, under: pygame.Surface | None, rect: pygame.Rect, alpha: int = 90, border=LINE,
             width: int = 2, radius: int = 12, shade=(0, 0, 0)) -> None:
        if under is None:
            panel(surface, rect, alpha, border, width, radius, shade)
            return
        made_of = (under, tuple(rect), alpha, tuple(border), width, radius, tuple(shade), scale.factor)
        if self._made is None or self._made[0] != made_of:
            self._made = made_of, panel_over(under, rect, alpha, border, width, radius, shade)
        if self._made[1] is None:
            panel(surface, rect, alpha, border, width, radius, shade)
        else:
            surface.blit(self._made[1], rect)


def _look(rect, alpha, border, width, radius, shade) -> tuple:
    return tuple(rect.size), (*shade[:3], alpha), tuple(border), max(1, scale(width)) if width else 0, scale(radius)


@lru_cache(maxsize=64)
def _panel(size: tuple, rgba: tuple, border: tuple, width: int, radius: int) -> pygame.Surface:
    """A panel made once per look and size (a table draws every panel every frame): the shade, and the border
    drawn opaque on it, which blits exactly as if drawn on the table. Shared: never draw on it."""
    image = veil(size, rgba, radius).copy()
    if width:
        pygame.draw.rect(image, border, image.get_rect(), width, border_radius=radius)
    return image


def outline(surface, rect: pygame.Rect, colour=LINE, radius: int = 10) -> None:
    """A dashed outline: a place on the table with nothing in it."""
    dashes = (max(4, scale(14)), max(2, scale(8)), max(1, scale(2)))
    pad = dashes[2]  # a thick line reaches a little past the rect
    surface.blit(_outline(rect.size, tuple(colour), scale(radius), dashes), rect.move(-pad, -pad))


@lru_cache(maxsize=64)
def _outline(size: tuple, colour: tuple, radius: int, dashes: tuple) -> pygame.Surface:
    """The dashes (step, length, width) of an outline, drawn once per size on a clear surface with a margin of
    one line width: dozens of lines each, every frame, for every empty place on the table. Shared: never draw
    on it."""
    step, dash, width = dashes
    image = pygame.Surface((size[0] + 2 * width, size[1] + 2 * width), pygame.SRCALPHA)
    r = pygame.Rect((width, width), size).inflate(-width, -width)
    for x in range(r.left + radius, r.right - radius, step):
        pygame.draw.line(image, colour, (x, r.top), (min(x + dash, r.right), r.top), width)
        pygame.draw.line(image, colour, (x, r.bottom), (min(x + dash, r.right), r.bottom), width)
    for y in range(r.top + radius, r.bottom - radius, step):
        pygame.draw.line(image, colour, (r.left, y), (r.left, min(y + dash, r.bottom)), width)
        pygame.draw.line(image, colour, (r.right, y), (r.right, min(y + dash, r.bottom)), width)
    return image


def marked(surface, rect: pygame.Rect, text: str = "", line=LINE, ink=theme.INK_DIM, bold: bool = False,
           radius: int = 12) -> None:
    """A place drawn by its edge alone, with `text` in its middle (what goes there, how many went): a quiet
    solid line, where `outline`'s dashes would say "nothing here yet"."""
    pygame.draw.rect(surface, line, rect, max(1, scale(2)), border_radius=scale(radius))
    if text:
        one_line(surface, text, rect.center, rect.width - scale(8), "small", ink, bold, anchor="center")


def ring(surface, rect: pygame.Rect, colour, width: int = 4, oval: bool = False, grow: int = 14,
         radius: int = 14) -> None:
    """An edge round a target (a legal drop, a piece a click takes, what the keyboard focus is on, a pick already
    made), `grow` design units larger: an oval round a round piece (a token, a mark), a rounded rect round a card
    or a place."""
    out, thick = rect.inflate(scale(grow), scale(grow)), max(2, scale(width))
    if oval:
        pygame.draw.ellipse(surface, colour, out, thick)
    else:
        pygame.draw.rect(surface, colour, out, thick, border_radius=scale(radius))


def disc(d: int, fill, rim, rim_width: int, inner=None) -> pygame.Surface:
    """A round token's blank, `d` pixels across on a clear surface: `fill`, a smaller `inner` disc if given (the
    token's face), and a rim; the caller caches it with what it paints on it."""
    surf = pygame.Surface((d, d), pygame.SRCALPHA)
    r = d // 2
    pygame.draw.circle(surf, fill, (r, r), r - 1)
    if inner is not None:
        pygame.draw.circle(surf, inner, (r, r), int(r * 0.78))
    pygame.draw.circle(surf, rim, (r, r), r - 1, rim_width)
    return surf


def blit_at(surface, image: pygame.Surface | None, pos, anchor: str = "center") -> pygame.Rect | None:
    """`image` with its `anchor` at `pos`, for an image that may be missing (an icon not bundled: None draws
    nothing); returns where it went."""
    if image is None:
        return None
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def spaced(count: int, centre: int, step: int) -> list[int]:
    """Where `count` marks `step` pixels apart stand along a line, centred on `centre` (pips in a row)."""
    first = centre - (count - 1) * step // 2
    return [first + i * step for i in range(count)]


def badge(surface, text: str, pos, anchor: str = "center", colour=theme.INK, size="small") -> pygame.Rect:
    """`text` (a count) on a dark rounded plate at `pos`; returns the plate."""
    img = fonts.render(text, size, colour, True)
    plate = pygame.Rect(0, 0, img.get_width() + scale(16), img.get_height() + scale(2))
    setattr(plate, anchor, pos)
    pygame.draw.rect(surface, (16, 14, 12), plate, border_radius=plate.height // 2)
    pygame.draw.rect(surface, theme.ACCENT, plate, max(1, scale(2)), border_radius=plate.height // 2)
    surface.blit(img, img.get_rect(center=plate.center))
    return plate


def letter_disc(surface, centre, radius: int, colour, letter: str, size="small", rim=(20, 16, 12),
                ink=None) -> None:
    """A coloured disc with a letter (or a number) on it, edged in `rim`, in `ink` (by default dark or white,
    whichever reads): colour is never the only sign of whose or what it is."""
    pygame.draw.circle(surface, colour, centre, radius)
    pygame.draw.circle(surface, rim, centre, radius, max(1, scale(2)))
    if letter:
        fonts.blit_text(surface, letter, centre, size, ink or ink_on(colour), True, anchor="center")


def label_box(surface, rect: pygame.Rect, text: str, fill, edge, size="large", ink=theme.INK, radius: int = 10) -> None:
    """`text` centred, bold, on a box filled with `fill` and edged in `edge` (a strength, a score shown large)."""
    pygame.draw.rect(surface, fill, rect, border_radius=scale(radius))
    pygame.draw.rect(surface, edge, rect, max(1, scale(2)), border_radius=scale(radius))
    fonts.blit_text(surface, text, rect.center, size, ink, True, anchor="center")


def one_line(surface, text: str, pos, width: int, size="small", colour=theme.INK, bold=False,
             anchor="topleft") -> pygame.Rect:
    """`text` on one line, ending in "…" when it is wider than `width`."""
    line = (fonts.lines(text, max(1, width), size, bold, max_lines=1) or [""])[0]
    return fonts.blit_text(surface, line, pos, size, colour, bold, anchor=anchor)


def felt(w: int, h: int, top, bottom, rim) -> pygame.Surface:
    """A table's cloth: a gradient from `top` to `bottom` with a faint weave, so it does not look flat, and
    a rim of `rim` round the edge."""
    cloth = gradient((w, h), top, bottom)
    weave = pygame.Surface((w, h), pygame.SRCALPHA)
    step = max(3, scale(6))
    for x in range(0, w, step):
        pygame.draw.line(weave, (255, 255, 255, 7), (x, 0), (x, h))
    for y in range(0, h, step):
        pygame.draw.line(weave, (0, 0, 0, 9), (0, y), (w, y))
    cloth.blit(weave, (0, 0))
    pygame.draw.rect(cloth, rim, (0, 0, w, h), max(6, scale(12)))
    return cloth


def waves(w: int, h: int, top, bottom, rim) -> pygame.Surface:
    """A table of water: a gradient from `top` to `bottom` crossed by faint wavy lines, and a rim of `rim` round
    the edge."""
    sea = gradient((w, h), top, bottom)
    tide = pygame.Surface((w, h), pygame.SRCALPHA)
    for y in range(0, h, max(10, scale(36))):
        points = [(x, y + math.sin(x / max(1, scale(90)) + y) * scale(6)) for x in range(0, w + 20, 20)]
        pygame.draw.lines(tide, (255, 255, 255, 8), False, points, max(1, scale(2)))
    sea.blit(tide, (0, 0))
    pygame.draw.rect(sea, rim, (0, 0, w, h), max(6, scale(10)))
    return sea

def wallpaper(w: int, h: int, top, bottom, rim, stripe=(255, 220, 160, 10)) -> pygame.Surface:
    """A papered wall: a gradient from `top` to `bottom` with faint upright stripes (`stripe`, RGBA), and a rim
    of `rim` round the edge."""
    wall = gradient((w, h), top, bottom)
    stripes = pygame.Surface((w, h), pygame.SRCALPHA)
    step = max(8, scale(28))
    for x in range(0, w, step):
        pygame.draw.line(stripes, stripe, (x, 0), (x, h), max(1, scale(3)))
    wall.blit(stripes, (0, 0))
    pygame.draw.rect(wall, rim, (0, 0, w, h), max(6, scale(12)))
    return wall


def carried(surface, images: list, pos) -> None:
    """Cards being dragged: fanned to the right from the pointer, tilted, with a deep shadow."""
    for i, image in enumerate(images):
        rect = image.get_rect(center=(pos[0] + i * scale(30), pos[1] - scale(10)))
        shadow(surface, rect, scale(12), scale(10), 90)
        blit_rotated(surface, image, rect, -4.0)
