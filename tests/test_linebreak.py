"""Line breaking: English at spaces, Japanese anywhere but against kinsoku, never losing a character."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from scenes.ui.linebreak import BREAKING_SPACES, NO_LINE_END, NO_LINE_START, cuts_word, fit_lines, wrap

CELL = 8  # pixels of a narrow character; wide (CJK) characters take two cells


def measure(text: str) -> int:
    return sum(2 if ord(ch) > 0x2E7F else 1 for ch in text) * CELL


def cells(n: int) -> int:
    return n * CELL


def assert_kinsoku(lines: list[str]) -> None:
    for before, after in zip(lines, lines[1:], strict=False):
        assert after[0] not in NO_LINE_START, f"{after!r} starts a line"
        assert before[-1] not in NO_LINE_END, f"{before!r} ends a line"


def rebuilds(text: str, lines: list[str]) -> bool:
    """Whether `lines` are `text` with only breaking spaces removed and line breaks inserted."""
    spaces = "[" + "".join(BREAKING_SPACES) + "]*"
    pattern = (spaces + "\n?").join(re.escape(line) for line in lines) + spaces
    return re.fullmatch(pattern, text) is not None


def test_english_breaks_at_spaces_and_drops_them():
    lines = wrap("The quick brown fox jumps over the lazy dog", cells(10), measure)
    assert lines == ["The quick", "brown fox", "jumps over", "the lazy", "dog"]


def test_text_that_fits_is_one_line():
    assert wrap("Short.", cells(40), measure) == ["Short."]


def test_several_spaces_at_a_break_all_vanish():
    assert wrap("aaaa    bbbb", cells(6), measure) == ["aaaa", "bbbb"]


def test_a_word_longer_than_the_line_is_cut_by_characters():
    lines = wrap("a supercalifragilistic word", cells(8), measure)
    assert lines == ["a", "supercal", "ifragili", "stic", "word"]


def test_japanese_breaks_between_characters():
    assert wrap("あいうえおかきくけこ", cells(8), measure) == ["あいうえ", "おかきく", "けこ"]


def test_full_stop_never_starts_a_line():
    # Four wide characters fit; 。 would be fifth on the first line, so お goes down with it (oidashi).
    lines = wrap("あいうえ。かきくけこ", cells(8), measure)
    assert lines == ["あいう", "え。かき", "くけこ"]


def test_closing_bracket_and_small_kana_never_start_a_line():
    assert wrap("「あいう」と言った", cells(8), measure) == ["「あい", "う」と", "言った"]
    assert wrap("ちょっと待って", cells(6), measure) == ["ちょっ", "と待っ", "て"]


def test_opening_bracket_never_ends_a_line():
    lines = wrap("あいう「えお」", cells(8), measure)
    assert lines == ["あいう", "「えお」"]


def test_prolonged_sound_mark_stays_with_its_kana():
    assert wrap("カードゲーム", cells(6), measure) == ["カード", "ゲーム"]


def test_latin_run_inside_japanese_is_not_split():
    # "ルートカード6" would just fit in 13 cells, but the number stays whole.
    assert wrap("ルートカード60枚", cells(13), measure) == ["ルートカード", "60枚"]


def test_mixed_english_in_japanese_and_japanese_in_english():
    assert wrap("Card Parlorへようこそ。", cells(14), measure) == ["Card Parlorへ", "ようこそ。"]
    assert wrap("Play ババ抜き tonight", cells(12), measure) == ["Play ババ抜", "き tonight"]


def test_ascii_brackets_and_punctuation_follow_kinsoku_too():
    assert wrap("one two (three)", cells(8), measure) == ["one two", "(three)"]
    assert wrap("Wait! Stop.", cells(5), measure) == ["Wait!", "Stop."]


def test_explicit_newlines_always_break_and_blank_lines_survive():
    assert wrap("one\ntwo\n\nthree", cells(40), measure) == ["one", "two", "", "three"]
    assert wrap("", cells(40), measure) == [""]
    assert wrap("\n", cells(40), measure) == ["", ""]


def test_width_below_one_character_gives_one_character_per_line():
    assert wrap("ab cd", 1, measure) == ["a", "b", "c", "d"]
    assert wrap("あ。", 0, measure) == ["あ", "。"]


def test_fit_lines_ends_a_cut_text_with_an_ellipsis_within_the_width():
    width = cells(10)
    lines = fit_lines("The quick brown fox jumps over the lazy dog", width, 2, measure)
    assert lines == ["The quick", "brown fox…"]
    lines = fit_lines("あいうえおかきくけこさしすせそ", width, 2, measure)
    assert lines == ["あいうえお", "かきくけ…"]
    assert all(measure(line) <= width for line in lines)


def test_fit_lines_leaves_text_that_fits_alone():
    assert fit_lines("one two", cells(10), 3, measure) == ["one two"]
    assert fit_lines("one two three", cells(3), 0, measure) == []


WORDS = st.sampled_from(["a", "word", "longerword", "60", "x1", "Parlor", "(yes)", "end.", "why?", "  "])
KANA = st.sampled_from(list("あいうえおかカード漢字枚") + list(NO_LINE_START) + list(NO_LINE_END))
TEXT = st.lists(st.one_of(WORDS, KANA, st.sampled_from([" ", "\u3000", "\n", "…"])), max_size=40).map("".join)


@given(TEXT, st.integers(min_value=2, max_value=30))
def test_lines_rebuild_the_text_and_fit(text, width_cells):
    width = cells(width_cells)  # at least as wide as any single character
    lines = wrap(text, width, measure)
    assert rebuilds(text, lines)
    assert all(measure(line) <= width for line in lines)
    assert sum(not line for line in lines) == sum(not paragraph for paragraph in text.split("\n"))


@given(TEXT, st.integers(min_value=-1, max_value=3))
def test_any_width_terminates_without_losing_characters(text, width):
    assert rebuilds(text, wrap(text, width, measure))


JAPANESE_UNITS = st.sampled_from(
    ["あ", "漢字", "あ。", "「あ", "う」", "きゃ", "カー", "あ、", "（注）", "60枚", "あ…"]
)


@given(st.lists(JAPANESE_UNITS, max_size=30).map("".join), st.integers(min_value=8, max_value=30))
def test_kinsoku_holds_whenever_the_line_has_room(text, width_cells):
    assert_kinsoku(wrap(text, cells(width_cells), measure))


@given(TEXT, st.integers(min_value=2, max_value=30), st.integers(min_value=1, max_value=4))
def test_fit_lines_respects_the_limits(text, width_cells, max_lines):
    width = cells(width_cells)
    lines = fit_lines(text, width, max_lines, measure)
    assert len(lines) <= max_lines
    assert all(measure(line) <= width for line in lines)
    if len(wrap(text, width, measure)) > max_lines:
        assert lines[-1].endswith("…")


def test_the_rebuild_check_itself_notices_lost_or_moved_characters():
    assert rebuilds("a b\nc", ["a", "b", "c"])
    assert not rebuilds("a b", ["ab"]) and not rebuilds("abc", ["ab"]) and not rebuilds("ab", ["a", "a", "b"])


def test_no_lone_japanese_character_on_the_last_line():
    def measure(s):
        return 16 * len(s)

    assert wrap("前のカードを守る", 7 * 16, measure) == ["前のカードを", "守る"]
    # English is left alone.
    assert wrap("ab cd e", 5 * 16, measure)[-1] == "e"


def test_a_katakana_name_breaks_at_its_middle_dot_not_inside_a_word():
    # 2 cells per wide character: a line of 14 cells holds 7.
    assert wrap("ルチアーノ・ベルカント氏", cells(14), measure) == ["ルチアーノ・", "ベルカント氏"]
    assert wrap("ゼフィリーヌ・モス夫人", cells(14), measure) == ["ゼフィリーヌ・", "モス夫人"]


def test_a_katakana_word_wider_than_the_line_is_still_cut():
    lines = wrap("イグネイシャス", cells(8), measure)
    assert "".join(lines) == "イグネイシャス" and all(measure(line) <= cells(8) for line in lines)


def test_katakana_next_to_kanji_may_still_break():
    assert wrap("カード山札", cells(6), measure) == ["カード", "山札"]


def test_a_katakana_name_breaks_only_between_its_words():
    # ー belongs to the word: "カードゲーム" is one.
    assert wrap("大きなカードゲーム", cells(14), measure) == ["大きな", "カードゲーム"]
    assert wrap("プルーデンス・フィンチリー嬢", cells(14), measure) == ["プルーデンス・", "フィンチリー嬢"]
    assert wrap("オットー・フォン・クレンプ男爵", cells(12), measure) == ["オットー・", "フォン・", "クレンプ男爵"]


def test_a_double_barrelled_katakana_name_breaks_after_its_double_hyphen():
    assert wrap("フェンウィック=ハート公爵夫人", cells(15), measure) == ["フェンウィック=", "ハート公爵夫人"]
    # No room for the hyphen: it is not left to start a line, it takes the word's last letter with it.
    assert wrap("フェンウィック=ハート", cells(14), measure) == ["フェンウィッ", "ク=ハート"]
    assert wrap("フェンウィック＝ハート", cells(14), measure) == ["フェンウィッ", "ク＝ハート"]


def test_a_katakana_word_longer_than_the_line_still_breaks_with_kinsoku():
    lines = wrap("プルーデンス・フィンチリー", cells(8), measure)
    assert lines == ["プルーデ", "ンス・", "フィンチ", "リー"]
    assert_kinsoku(lines)


KATAKANA_UNITS = st.sampled_from(["カ", "ード", "・", "ー", "ッ", "ジャ", "=", "あ", "漢", "。", " ", "(", ")"])


@given(st.lists(KATAKANA_UNITS, max_size=40).map("".join), st.integers(min_value=2, max_value=30))
def test_katakana_runs_keep_the_rebuild_and_width_promises(text, width_cells):
    lines = wrap(text, cells(width_cells), measure)
    assert rebuilds(text, lines)
    assert all(measure(line) <= cells(width_cells) for line in lines)


def test_the_orphan_rule_never_swallows_a_space_or_splits_a_katakana_word():
    # Found by the property test above: the lone last character must not pull its neighbour across a space.
    assert wrap("カカカカ カ", cells(8), measure) == ["カカカカ", "カ"]
    assert wrap("カカカカカ", cells(8), measure) == ["カカカカ", "カ"]  # inside a word: left alone


def test_no_short_tail_of_one_character_and_its_full_stop_on_the_last_line():
    # 2 cells per wide character.
    assert wrap("あいうえおかきくけこした。", cells(22), measure) == ["あいうえおかきくけこ", "した。"]
    assert wrap("手札をすべて捨てて七枚。", cells(20), measure) == ["手札をすべて捨てて", "七枚。"]
    assert wrap("あいうえおかきくけす」。", cells(20), measure) == ["あいうえおかきく", "けす」。"]
    # The character above cannot start a line (a small kana): two come down.
    assert wrap("あいうえおかきくしょう。", cells(20), measure) == ["あいうえおかきく", "しょう。"]
    # The line above would keep fewer than three characters: left alone.
    assert wrap("あいうた。", cells(6), measure) == ["あいう", "た。"]
    # A longer tail is fine as it is, and so is English.
    assert wrap("あいうえおかきくけこさした。", cells(22), measure) == ["あいうえおかきくけこさ", "した。"]
    assert wrap("It is the end.", cells(10), measure) == ["It is the", "end."]


@given(st.lists(JAPANESE_UNITS, min_size=1, max_size=30).map("".join), st.integers(min_value=8, max_value=30))
def test_the_short_tail_rule_keeps_kinsoku_the_width_and_every_character(text, width_cells):
    lines = wrap(text, cells(width_cells), measure)
    assert rebuilds(text, lines) and all(measure(line) <= cells(width_cells) for line in lines)
    assert_kinsoku(lines)


def test_a_hyphenated_word_may_break_after_its_hyphen():
    assert wrap("Six-Shooter", cells(8), measure) == ["Six-", "Shooter"]
    assert wrap("Six-Shooter", cells(11), measure) == ["Six-Shooter"]
    # A hyphen with no word before it (a minus sign) or a number after it does not offer a break.
    assert wrap("-5 to 3-4", cells(6), measure) == ["-5 to", "3-4"]


def test_cuts_word_tells_whether_a_word_is_wider_than_the_line():
    assert cuts_word("ダスターコート", cells(12), measure)
    assert not cuts_word("ダスターコート", cells(14), measure)
    assert not cuts_word("Six-Shooter", cells(7), measure)  # "Six-" / "Shooter": no word cut
    assert cuts_word("Six-Shooter", cells(6), measure)
