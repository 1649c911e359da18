"""Line breaking for English, Japanese and text that mixes them, without pygame.

The caller passes `measure(text) -> pixels` (usually a font's size()[0]), so this module stays pure and
testable without a display. Breaking follows a small subset of the usual rules:

* an explicit "\\n" always breaks, and blank lines survive as empty strings;
* Latin text breaks at spaces, and the spaces at a break are dropped (they would only push the line over);
  a hyphenated word may also break after its hyphen ("Six-" / "Shooter");
* Japanese may break between any two characters, except where kinsoku shori forbids it: some characters
  may not start a line (closing brackets, small kana, 。、ー ...) and opening brackets may not end one. A
  forbidden break glues the characters together, so a character that would start a line pulls its
  neighbour down with it (oidashi);
* a run of Latin letters or digits inside Japanese ("カード60枚") is never split, since it is one word;
* so is a katakana word ("ゼフィリーヌ"): a foreign name breaks at its "・" ("ルチアーノ・" / "ベルカント"),
  or after the double hyphen of a double-barrelled one ("フェンウィック=" / "ハート"), not inside a word,
  unless the word alone is wider than the line;
* a paragraph does not end on a short tail ("た。" alone on its last line): characters come down to it;
* a word wider than the whole line is cut by characters as a last resort, so every input terminates, even
  when not one character fits (then it is one character per line).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

Measure = Callable[[str], int]

NO_LINE_START = frozenset(
    "、。，．・：；？！ー」』）］｝〕〉》】〙〗〟’”ゝゞヽヾぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ々〻‐゠–〜～…‥"
    ")]},.!?:;％"
)
NO_LINE_END = frozenset("「『（［｛〔〈《【〘〖〝‘“([{")
# Spaces a line may break at; they vanish at the break. U+3000 is the ideographic (full-width) space.
BREAKING_SPACES = frozenset(" \u3000")
ELLIPSIS = "…"
# The double hyphens that join the words of a katakana name (゠, and ＝ or = written for it).
KATAKANA_HYPHENS = frozenset("゠＝=")


def wrap(text: str, width: int, measure: Measure) -> list[str]:
    """Lines of `text`, each measuring at most `width` unless a single character is already wider."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        lines.extend(_no_orphan(_fill(_segments(paragraph), width, measure), paragraph, width, measure)
                     if paragraph else [""])
    return lines


# At most this many characters move down to keep company with a short last line.
_MOST_PULLED = 3


def _no_orphan(lines: list[str], paragraph: str, width: int, measure: Measure) -> list[str]:
    """Japanese typesetting avoids a paragraph ending in a short tail: one lone character, or one with
    only closing punctuation after it ("た。", "枚。", "す」。"). The fewest characters (one to three) come
    down from the line above to join it, when that line keeps at least three, the break there is allowed
    (kinsoku, not inside a katakana word), the lines met without a space (a dropped space would be lost)
    and the longer last line still fits."""
    if len(lines) < 2 or not _is_short_tail(lines[-1]):
        return lines
    above, last = lines[-2], lines[-1]
    for pulled in range(1, min(_MOST_PULLED, len(above) - 3) + 1):
        keep, moved = above[:-pulled], above[-pulled:]
        if not all(_is_wide(ch) for ch in moved) or not _may_break_between(keep[-1], moved[0]):
            continue
        if paragraph.rstrip("".join(BREAKING_SPACES)).endswith(moved + last) and measure(moved + last) <= width:
            return [*lines[:-2], keep, moved + last]
        return lines
    return lines


def _is_short_tail(line: str) -> bool:
    """Wide characters of which at most one may start a line: the rest is closing punctuation."""
    return bool(line) and all(_is_wide(ch) for ch in line) and sum(_may_start(ch) for ch in line) <= 1


def fit_lines(text: str, width: int, max_lines: int, measure: Measure) -> list[str]:
    """Like wrap, but at most `max_lines` lines; text that does not fit ends the last line with "…"."""
    lines = wrap(text, width, measure)
    if len(lines) <= max_lines:
        return lines
    if max_lines <= 0:
        return []
    return [*lines[: max_lines - 1], _ellipsize(lines[max_lines - 1], width, measure)]


def _ellipsize(line: str, width: int, measure: Measure) -> str:
    """`line` shortened until it fits with "…" after it; just "…" if nothing else fits."""
    # Spaces before the ellipsis would read as a gap, not as cut text.
    line = _strip_spaces(line)
    while line and measure(line + ELLIPSIS) > width:
        line = _strip_spaces(line[:-1])
    return line + ELLIPSIS


def _strip_spaces(line: str) -> str:
    return line.rstrip("".join(BREAKING_SPACES))


def _may_start(ch: str) -> bool:
    # A combining mark (a decomposed dakuten, an accent) belongs to the character before it.
    return ch not in NO_LINE_START and not unicodedata.category(ch).startswith("M")


def _kinsoku_allows(before: str, after: str) -> bool:
    """Whether a line may end with `before` and the next one start with `after`. The double hyphen of a
    double-barrelled katakana name ("フェンウィック=ハート") stays with the word before it, as "・" does."""
    if after in KATAKANA_HYPHENS and _is_katakana(before):
        return False
    return before not in NO_LINE_END and _may_start(after)


def _is_wide(ch: str) -> bool:
    """Kana, kanji and full-width forms: text written without spaces, breakable between characters."""
    return unicodedata.east_asian_width(ch) in ("W", "F")


def _is_katakana(ch: str) -> bool:
    """A letter of a katakana word, the long-vowel mark included; the "・" between words is not one."""
    return "\u30a1" <= ch <= "\u30fa" or ch in "ーヽヾ"


def _may_break_between(before: str, after: str) -> bool:
    """A break with no space: only next to wide characters, so Latin words and numbers stay whole, and
    not inside a katakana word."""
    if _is_katakana(before) and _is_katakana(after):
        return False
    return (_is_wide(before) or _is_wide(after)) and _kinsoku_allows(before, after)


def _after_hyphen(text: str, ch: str) -> bool:
    """Whether a line may break between `text` and `ch` after a hyphen that joins two Latin words."""
    return len(text) >= 2 and text[-1] == "-" and text[-2].isalpha() and ch.isalpha() and text[-2].isascii()


def cuts_word(text: str, width: int, measure: Measure) -> bool:
    """Whether `wrap` has to cut a word of `text` (a Latin or katakana word, or characters kinsoku keeps
    together) because it alone is wider than `width`: a caller choosing among text sizes prefers one where
    it does not."""
    return any(measure(word) > width for paragraph in text.split("\n") for word, _ in _segments(paragraph))


def _segments(paragraph: str) -> list[tuple[str, str]]:
    """The paragraph as (unbreakable text, spaces after it) pairs: a line may only end after a text.

    Spaces where kinsoku forbids a break, or at the start of the paragraph (indentation), are kept
    inside the text. Concatenating all texts and spaces gives back the paragraph.
    """
    segments: list[tuple[str, str]] = []
    text, i = "", 0
    while i < len(paragraph):
        ch = paragraph[i]
        if ch in BREAKING_SPACES:
            end = i
            while end < len(paragraph) and paragraph[end] in BREAKING_SPACES:
                end += 1
            if text and (end == len(paragraph) or _kinsoku_allows(text[-1], paragraph[end])):
                segments.append((text, paragraph[i:end]))
                text = ""
            else:
                text += paragraph[i:end]
            i = end
            continue
        if text and text[-1] not in BREAKING_SPACES and (_may_break_between(text[-1], ch) or _after_hyphen(text, ch)):
            segments.append((text, ""))
            text = ""
        text += ch
        i += 1
    if text:
        segments.append((text, ""))
    return segments


def _fill(segments: list[tuple[str, str]], width: int, measure: Measure) -> list[str]:
    """Greedy filling: each segment goes on the current line if it fits there, else starts a new one."""
    lines: list[str] = []
    line = gap = ""
    for text, spaces in segments:
        if line and measure(line + gap + text) <= width:
            line += gap + text
        else:
            if line:
                lines.append(line)
            *full, line = _cut(text, width, measure)
            lines.extend(full)
        gap = spaces
    # Trailing spaces stay only if they fit, as if the paragraph's end were one more break.
    if measure(line + gap) <= width:
        line += gap
    lines.append(line)
    return lines


def _cut(text: str, width: int, measure: Measure) -> list[str]:
    """`text` in pieces that fit (one character at least each); just [text] when it fits whole.

    The last resort for a word wider than the line. Each piece is as long as fits, pulled back by a few
    characters if that lets the cut respect kinsoku.
    """
    pieces: list[str] = []
    start = 0
    while start < len(text):
        end = start + 1
        while end < len(text) and measure(text[start : end + 1]) <= width:
            end += 1
        cut = _kinsoku_cut(text, start, end)
        pieces.append(text[start:cut])
        start = cut
    return pieces


def _kinsoku_cut(text: str, start: int, end: int) -> int:
    """The last cut in (start, end] that kinsoku allows, or `end` if there is none (then it has to give)."""
    for cut in range(end, start, -1):
        if cut == len(text) or _kinsoku_allows(text[cut - 1], text[cut]):
            return cut
    return end
