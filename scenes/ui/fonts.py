"""The bundled font (Noto Sans JP, Regular and Bold) and cached text rendering.

Rendering text is the most expensive thing a frame does, so rendered lines are cached by
(text, weight, size, colour); the cache is bounded and cleared when the window is resized.
"""

from __future__ import annotations

from collections import OrderedDict
from functools import cache

import pygame

from game.core.paths import assets_dir

from .linebreak import fit_lines, wrap
from .theme import scale

FILES = {"regular": "NotoSansJP-Regular.subset.ttf", "bold": "NotoSansJP-Bold.subset.ttf"}
_CACHE_LIMIT = 1500
_rendered: OrderedDict = OrderedDict()


@cache
def font(px: int, bold: bool = False) -> pygame.font.Font:
    path = assets_dir() / "fonts" / FILES["bold" if bold else "regular"]
    return pygame.font.Font(str(path) if path.exists() else None, px)


def get(size="body", bold: bool = False) -> pygame.font.Font:
    return font(scale.text_px(size), bold)


def render(text: str, size="body", color=(255, 255, 255), bold: bool = False) -> pygame.Surface:
    key = (text, scale.text_px(size), bold, tuple(color))
    surf = _rendered.get(key)
    if surf is None:
        surf = font(key[1], bold).render(text, True, color)
        _rendered[key] = surf
        if len(_rendered) > _CACHE_LIMIT:
            _rendered.popitem(last=False)
    else:
        _rendered.move_to_end(key)
    return surf


def measure(size="body", bold: bool = False):
    f = font(scale.text_px(size), bold)
    return lambda s: f.size(s)[0]


def lines(text: str, width: int, size="body", bold: bool = False, max_lines: int | None = None) -> list[str]:
    if max_lines:
        return fit_lines(text, width, max_lines, measure(size, bold))
    return wrap(text, width, measure(size, bold))


def blit_text(surface, text: str, pos, size="body", color=(255, 255, 255), bold=False, anchor="topleft"):
    surf = render(text, size, color, bold)
    rect = surf.get_rect(**{anchor: pos})
    surface.blit(surf, rect)
    return rect


def blit_wrapped(surface, text: str, rect: pygame.Rect, size="body", color=(255, 255, 255), bold=False,
                 max_lines: int | None = None, align="left", line_gap: float = 1.25) -> int:
    """Draws wrapped text inside rect; returns the height used."""
    f = font(scale.text_px(size), bold)
    step = int(f.get_linesize() * line_gap / 1.25) + 1
    y = rect.top
    for line in lines(text, rect.width, size, bold, max_lines):
        surf = render(line, size, color, bold)
        x = {"left": rect.left, "center": rect.centerx - surf.get_width() // 2,
             "right": rect.right - surf.get_width()}[align]
        surface.blit(surf, (x, y))
        y += step
    return y - rect.top


def clear_cache() -> None:
    _rendered.clear()
    font.cache_clear()


def missing_glyphs(text: str) -> set[str]:
    """Characters the bundled regular font has no glyph for (checked by the tests for every string)."""
    f = font(24)
    out = set()
    for ch in set(text):
        if ch.isspace():
            continue
        metrics = f.metrics(ch)
        if not metrics or metrics[0] is None:
            out.add(ch)
    return out
