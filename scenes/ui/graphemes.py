"""Grapheme-ish clusters: what the caret steps over and Backspace deletes as one character, so that the
caret never sits between a letter and its accent, inside an emoji sequence (❤ + variation selector,
family emoji joined by zero-width joiners, skin tones) or between the two halves of a flag.

A simplification of Unicode's extended grapheme clusters (UAX #29) that is enough for one-line names:
no Hangul syllable rules and no prepended marks.
"""

from __future__ import annotations

import unicodedata

ZWJ = "\u200d"


def _regional(ch: str) -> bool:
    return "\U0001f1e6" <= ch <= "\U0001f1ff"


def _extends(ch: str) -> bool:
    """Characters that belong to the character before them."""
    return (unicodedata.category(ch) in ("Mn", "Me", "Mc") or ch == ZWJ
            or "\ufe00" <= ch <= "\ufe0f"  # variation selectors
            or "\U0001f3fb" <= ch <= "\U0001f3ff"  # skin tone modifiers
            or "\U000e0020" <= ch <= "\U000e007f")  # tag characters (subdivision flags)


def boundaries(text: str) -> list[int]:
    """The offsets the caret may stand at, from 0 to len(text)."""
    stops = [0]
    regional_run = 0  # regional indicators since the last other character: flags are pairs of them
    for i in range(1, len(text)):
        before, ch = text[i - 1], text[i]
        regional_run = regional_run + 1 if _regional(before) else 0
        joined = _extends(ch) or before == ZWJ or (_regional(ch) and regional_run % 2 == 1)
        if not joined:
            stops.append(i)
    if text:
        stops.append(len(text))
    return stops


def previous(text: str, index: int) -> int:
    """The last caret stop before `index` (0 at the start)."""
    return max((s for s in boundaries(text) if s < index), default=0)


def following(text: str, index: int) -> int:
    """The first caret stop after `index` (the end at the end)."""
    return min((s for s in boundaries(text) if s > index), default=len(text))


def snap(text: str, index: int) -> int:
    """`index` moved forward to a caret stop if it fell inside a cluster."""
    return min(s for s in boundaries(text) if s >= min(index, len(text)))
