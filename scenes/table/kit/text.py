"""Fitting a name into a box: the largest bold size at which it reads whole, on as few lines as can be, every
Latin or katakana word kept whole; shortened with "…" only as a last resort. Sizes are in pixels."""

from __future__ import annotations

from functools import lru_cache

from ...ui import fonts, theme
from ...ui.linebreak import fit_lines, wrap

# Put in a name by its caller (from its data) where a katakana word may break if it must: "ダスター" / "コート"
# rather than "ダスターコー" / "ト". Never drawn.
JOINT = "\u200b"


# Seat headers and card names are laid out again every frame: the answer depends only on the arguments (the
# font files never change while the app runs), so it is remembered.
@lru_cache(maxsize=2048)
def name_layout(text: str, width: int, height: int, largest: int, shorten: bool = True,
                smallest: int = theme.MIN_TEXT_PX):
    """(font px, lines) for a name in a width × height box (pixels), bold, from `largest` px down to the
    smallest text (14 px): on one line, shrinking the font a little; else on two lines with every word
    whole, shrinking down to 14 px; else on three (a card with the height for it); else on one line at any
    size; else (when `shorten`) on as many lines as fit at 14 px, the last ending in "…". None when the
    name does not fit and `shorten` is off. A small card face, printed small like a real card and shown large
    on demand, may pass a `smallest` below 14 px. A JOINT in `text` is a place a katakana word may break."""
    plain, joints = _joints(text)
    # A name with joints is wrapped as if each were a space (a place to break), then glued back together.
    spaced = text.replace(JOINT, " ") if joints else plain
    top = max(smallest, largest)
    floor = max(smallest, round(top * 0.8))  # one line may shrink this far before more lines are tried
    sizes = range(top, smallest - 1, -1)
    tries = [(px, 1) for px in sizes if px >= floor] + [(px, n) for n in (2, 3) for px in sizes] + \
            [(px, 1) for px in sizes if px < floor]
    for px, most in tries:
        font = fonts.font(px, True)
        if font.get_linesize() * most > height:
            continue
        lines = wrap(spaced, width, lambda s, f=font: f.size(s.replace(" ", "") if joints else s)[0])
        lines = [line.replace(" ", "") for line in lines] if joints else lines
        if len(lines) <= most and _whole_words(plain, lines, joints):
            return px, tuple(lines)
    if not shorten:
        return None
    text = plain
    font = fonts.font(smallest, True)
    most = max(1, min(3, height // font.get_linesize()))
    measure = lambda s: font.size(s)[0]  # noqa: E731
    lines = fit_lines(text, width, most, measure)
    # A Latin word too long for the line ends in "…" rather than going on, cut, on the next line (Japanese
    # may break between characters, so a katakana word too long for the line still breaks with kinsoku).
    pos = 0
    for i, line in enumerate(lines[:-1]):
        pos = text.find(line, pos) + len(line)
        if 0 < pos < len(text) and _latin(text[pos - 1]) and _latin(text[pos]):
            return smallest, (*lines[:i], fit_lines(line + text[pos:], width, 1, measure)[0])
    return smallest, tuple(lines)


def _joints(text: str) -> tuple[str, frozenset]:
    """(`text` without its JOINTs, the positions of the JOINTs in it). A name with spaces keeps no joints (it
    breaks at its spaces)."""
    parts = text.split(JOINT)
    if len(parts) == 1 or " " in text:
        return "".join(parts), frozenset()
    ends = [len(parts[0])]
    for part in parts[1:-1]:
        ends.append(ends[-1] + len(part))
    return "".join(parts), frozenset(ends)


def _latin(ch: str) -> bool:
    return ch.isascii() and ch.isalnum()


def _whole_words(text: str, lines: list[str], joints: frozenset = frozenset()) -> bool:
    """Whether wrapping `text` into `lines` broke only between words, not inside a Latin or katakana word but
    at one of its `joints` (positions in `text`)."""
    pos = 0
    for line in lines[:-1]:
        pos = text.find(line, pos)
        if pos < 0:
            return True  # not a plain split of the text (an ellipsis): nothing to judge
        pos += len(line)
        if pos < len(text) and pos > 0:
            a, b = text[pos - 1], text[pos]
            latin = a.isascii() and b.isascii() and a.isalnum() and b.isalnum()
            kana = all("\u30a1" <= c <= "\u30fa" or c == "ー" for c in a + b)
            if latin or kana and pos not in joints:
                return False
    return True


def draw_name(surface, text: str, box, largest: int, colour, align: str = "left"):
    """`text` fitted into `box` by name_layout and drawn there, centred upright, each line from the box's left
    (or centred with align="center"); returns the rect the lines cover."""
    return draw_layout(surface, name_layout(text, box.width, box.height, largest), box, colour, align)


def draw_layout(surface, layout: tuple, box, colour, align: str = "left"):
    """A name already laid out, `layout` = (font px, lines) as name_layout gives it, drawn in `box` as draw_name
    draws it (for a caller that chose the layout itself); returns the rect the lines cover."""
    import pygame

    px, lines = layout
    lh = fonts.font(px, True).get_linesize()
    y = box.top + max(0, (box.height - lh * len(lines)) // 2)
    covered = pygame.Rect(box.left, y, 0, lh * len(lines))
    for line in lines:
        img = _line_image(line, px, tuple(colour))
        at = img.get_rect(midtop=(box.centerx, y)) if align == "center" else img.get_rect(topleft=(box.left, y))
        surface.blit(img, at)
        covered.union_ip(at)
        y += lh
    return covered


@lru_cache(maxsize=512)
def _line_image(line: str, px: int, colour: tuple):
    """One bold line of a name, rendered once (a seat's name is drawn every frame)."""
    return fonts.font(px, True).render(line, True, colour)
