"""The bundled font (Noto Sans JP, Regular and Bold) and cached text rendering.

Rendering text is the most expensive thing a frame does, so rendered lines are cached by
(text, weight, size, colour), and so is the wrapping of a text into lines (measuring every break takes
longer than drawing); both caches are bounded and cleared when the window is resized.

Any text may reach these functions, typed or read from a file, so every path here takes all of it:
SDL_ttf refuses NUL, text that draws nothing (a variation selector alone) and lone surrogates, so NUL is
left out, lone surrogates become "?", and text that draws nothing renders to an empty surface. A character
the font has no glyph for (an emoji) is drawn as the font's box: a name typed with one keeps it.
"""

from __future__ import annotations

import unicodedata
from collections import OrderedDict
from functools import cache

import pygame

from game.core.paths import assets_dir

from .linebreak import cuts_word, fit_lines, wrap
from .theme import scale

FILES = {"regular": "NotoSansJP-Regular.subset.ttf", "bold": "NotoSansJP-Bold.subset.ttf"}
_CACHE_LIMIT = 1500
_rendered: OrderedDict = OrderedDict()
_wrapped: OrderedDict = OrderedDict()


@cache
def font(px: int, bold: bool = False) -> pygame.font.Font:
    path = assets_dir() / "fonts" / FILES["bold" if bold else "regular"]
    return pygame.font.Font(str(path) if path.exists() else None, px)


def get(size="body", bold: bool = False) -> pygame.font.Font:
    return font(scale.text_px(size), bold)


def _drawable(text: str) -> str:
    """`text` as SDL_ttf takes it: without NUL, and with lone surrogates (only a damaged file has them,
    and they cannot be encoded) as "?"."""
    if "\x00" in text:
        text = text.replace("\x00", "")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = text.encode("utf-8", "replace").decode("utf-8")
    return text


def render(text: str, size="body", color=(255, 255, 255), bold: bool = False) -> pygame.Surface:
    key = (text, scale.text_px(size), bold, tuple(color))
    surf = _rendered.get(key)
    if surf is None:
        f, text = font(key[1], bold), _drawable(text)
        width, height = f.size(text)
        # SDL_ttf raises on text of zero width rather than drawing nothing.
        surf = f.render(text, True, color) if width else pygame.Surface((0, height), pygame.SRCALPHA)
        _rendered[key] = surf
        if len(_rendered) > _CACHE_LIMIT:
            _rendered.popitem(last=False)
    else:
        _rendered.move_to_end(key)
    return surf


def measure(size="body", bold: bool = False):
    f = font(scale.text_px(size), bold)
    return lambda s: f.size(_drawable(s))[0]


def lines(text: str, width: int, size="body", bold: bool = False, max_lines: int | None = None) -> list[str]:
    """`text` wrapped to `width` pixels (at most `max_lines`, the last ending in "…" if cut). Tables wrap
    the same texts every frame, so the lines are remembered by everything they depend on."""
    key = (text, width, scale.text_px(size), bold, max_lines or None)
    found = _wrapped.get(key)
    if found is None:
        found = fit_lines(text, width, max_lines, measure(size, bold)) if max_lines else \
            wrap(text, width, measure(size, bold))
        _wrapped[key] = found = tuple(found)
        if len(_wrapped) > _CACHE_LIMIT:
            _wrapped.popitem(last=False)
    else:
        _wrapped.move_to_end(key)
    return list(found)  # the caller's own list: changing it leaves the cache alone


def whole_words(text: str, width: int, size="body", bold: bool = False) -> bool:
    """Whether `text` wraps to `width` pixels without a word cut (no word alone is wider than the line): a
    text fitted into a box takes the largest size at which this holds. Remembered like the lines."""
    key = ("whole", text, width, scale.text_px(size), bold)
    found = _wrapped.get(key)
    if found is None:
        found = _wrapped[key] = not cuts_word(text, width, measure(size, bold))
        if len(_wrapped) > _CACHE_LIMIT:
            _wrapped.popitem(last=False)
    return found


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
    _wrapped.clear()
    font.cache_clear()


# Characters a text field never keeps: controls (NUL, tab, escape), format characters (zero-width
# joiners, direction marks, tags), lone surrogates, private-use and unassigned code points, line and
# paragraph separators.
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


@cache
def _draws_nothing(ch: str) -> bool:
    return font(24).size(ch)[0] == 0


def clean_line(text: str) -> str:
    """What a one-line text field keeps of typed, pasted or remembered text, composed (NFC) so that an
    accent typed as a separate mark joins its letter. Left out: the refused categories above and every
    character that draws nothing on its own (variation selectors such as the one in "❤️", the combining
    grapheme joiner): invisible characters would let two names look alike and leave the caret where
    nothing shows. Kept: spaces (the full-width one too), and characters the font lacks, shown as a box."""
    text = unicodedata.normalize("NFC", text)
    return "".join(ch for ch in text if unicodedata.category(ch) not in _REFUSED_CATEGORIES and not _draws_nothing(ch))
