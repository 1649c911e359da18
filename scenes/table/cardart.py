"""Drawing cards that look printed: a rounded paper face with a subtle gradient and border, values in two
corners, a tinted game-icons emblem, a name and, when there is room, the effect text. Backs are drawn per
game. Every surface is cached by what it shows and its size.
"""

from __future__ import annotations

from functools import cache, lru_cache

import pygame

from game.core.paths import assets_dir

from ..ui import fonts

# How many faces of one kind a table keeps (an lru_cache's maxsize): every card at each size it is shown at, with
# room to spare. Bounded, since a card flying between zones of two sizes passes through many sizes on its way.
FACES = 256


def hex_rgb(value: str) -> tuple:
    value = value.lstrip("#")
    return tuple(int(value[i:i + 2], 16) for i in (0, 2, 4))


def ink_on(rgb) -> tuple:
    """Dark or white text, whichever reads better on `rgb` (relative luminance, WCAG)."""
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    lum = 0.2126 * channel(rgb[0]) + 0.7152 * channel(rgb[1]) + 0.0722 * channel(rgb[2])
    return (34, 26, 20) if lum > 0.33 else (255, 255, 255)


def mix(a, b, t: float) -> tuple:
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))


@cache
def icon(name: str, size: int, color: tuple) -> pygame.Surface | None:
    """A game-icons SVG rendered at `size` px, tinted; None if the icon is not bundled."""
    path = assets_dir() / "icons" / f"{name}.svg"
    if not path.exists() or size <= 0:
        return None
    try:
        surf = pygame.image.load_sized_svg(str(path), (size, size))
    except (pygame.error, AttributeError):
        try:
            surf = pygame.transform.smoothscale(pygame.image.load(str(path)), (size, size))
        except pygame.error:
            return None
    surf = surf.convert_alpha() if pygame.display.get_surface() else surf
    tinted = surf.copy()
    tinted.fill((*color, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return tinted


def paper(w: int, h: int, top: tuple, bottom: tuple, border: tuple, radius: int) -> pygame.Surface:
    """A rounded card blank with a vertical gradient and a thin border."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    steps = max(1, h // 3)
    for i in range(steps):
        y0 = i * h // steps
        y1 = (i + 1) * h // steps
        pygame.draw.rect(surf, mix(top, bottom, i / max(1, steps - 1)), (0, y0, w, y1 - y0))
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, w, h), border_radius=radius)
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.rect(surf, border, (0, 0, w, h), max(1, w // 60), border_radius=radius)
    return surf


def wrapped(text: str, width: int, height: int, sizes=(24, 21), bold=False) -> tuple:
    """(size, lines, line height): `text` wrapped in the largest of `sizes` (logical sizes) whose lines fit
    `height` with every word whole; only at the smallest size may a word wider than the line be cut, and
    there as many lines as fit, the last ending in "…" if some text is left."""
    for size in sizes:
        lines = fonts.lines(text, width, size, bold)
        lh = fonts.get(size, bold).get_linesize()
        if lh * len(lines) <= height and (size == sizes[-1] or fonts.whole_words(text, width, size, bold)):
            return size, lines, lh
    return size, fonts.lines(text, width, size, bold, max_lines=max(1, height // lh)), lh


def blit_lines(surface, lines: list, size, top: int, rect: pygame.Rect, color, bold=False, align="center") -> None:
    y = top
    for line in lines:
        img = fonts.render(line, size, color, bold)
        x = rect.centerx - img.get_width() // 2 if align == "center" else rect.left
        surface.blit(img, (x, y))
        y += fonts.get(size, bold).get_linesize()


def text_fit(surface, text: str, rect: pygame.Rect, color, sizes=(24, 21), bold=False, align="center"):
    """Wrapped text in the largest of `sizes` (logical sizes) that fits the rect's height."""
    size, lines, _ = wrapped(text, rect.width, rect.height, sizes, bold)
    blit_lines(surface, lines, size, rect.top, rect, color, bold, align)


@lru_cache(maxsize=64)
def veil(size: tuple, rgba: tuple, radius: int = 0) -> pygame.Surface:
    """A see-through (rounded) rectangle of `size` in `rgba`, to blit over what is drawn: a panel's shade, a
    card's shadow. Tables lay the same ones every frame, and making a fresh alpha surface each time costs
    more than blitting one made before, so each is made once. Shared: never draw on it."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    if radius:
        pygame.draw.rect(surf, rgba, surf.get_rect(), border_radius=radius)
    else:
        surf.fill(rgba)
    return surf


def shadow(surface, rect: pygame.Rect, radius: int, offset: int = 4, alpha: int = 90) -> None:
    surface.blit(veil(rect.size, (0, 0, 0, alpha), radius), (rect.x + offset, rect.y + offset))


def blit_rotated(surface, image: pygame.Surface, rect: pygame.Rect, angle: float, squash: float = 1.0) -> None:
    if squash < 0.999:
        image = pygame.transform.smoothscale(image, (max(1, int(image.get_width() * squash)), image.get_height()))
    if abs(angle) > 0.5:
        image = pygame.transform.rotate(image, angle)
    surface.blit(image, image.get_rect(center=rect.center))


def gradient(size: tuple, top, bottom, steps: int = 48) -> pygame.Surface:
    """A surface shading from `top` to `bottom` colour in horizontal bands: a table's backdrop."""
    w, h = size
    surf = pygame.Surface((w, h))
    for i in range(steps):
        pygame.draw.rect(surf, mix(top, bottom, i / (steps - 1)), (0, i * h // steps, w, h // steps + 1))
    return surf
