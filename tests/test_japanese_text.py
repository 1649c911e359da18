"""Japanese texts are Japanese: no English word inside a Japanese sentence ("Luckカード"), only what must
stay in Latin letters (names of people, companies, files, fonts and licences, keys, the app's own name,
and the Shipwreck Arcana card names, which stay in English as printed)."""

from __future__ import annotations

import re

import yaml

from game.core.paths import data_dir

# Phrases that stay as they are, longest first so a phrase is removed before its parts.
ALLOWED = sorted([
    "Card Parlor",  # the app's name
    "AI", "OK", "Enter", "Esc", "F11", "Tab",  # abbreviations and keys as printed on the keyboard
    "James Ernest", "Rick Fish", "Cheapass Games", "Kevin Bishop", "Meromorph Games",  # designers, publishers
    "Noto Sans JP", "Regular", "Bold", "Google", "Adobe", "SIL Open Font License", "OFL.txt", "JIS",
    "game-icons.net", "https://creativecommons.org/licenses/by/3.0/", "CC0", "pygame-ce", "LGPL", "PyYAML",
    "platformdirs", "Python", "PSF", "MIT", "UTF-8", "YAML", "assets/fonts/", "build/make_sounds.py",
], key=len, reverse=True)
PLACEHOLDER = re.compile(r"\{[a-z_0-9]+\}")
WORD = re.compile(r"[A-Za-z]{2,}")  # a single letter is a variable, a seat (A, B) or a note (ハイC)


def japanese_texts():
    """(where, text) for every Japanese string in data/: ja.yaml, ja.*.yaml and the `ja` fields of the card
    and rules files."""
    root = data_dir()
    for path in sorted((root / "i18n").glob("ja*.yaml")):
        yield from _strings(yaml.safe_load(path.read_text(encoding="utf-8")), path.name, True)
    for folder in ("cards", "rules"):
        for path in sorted((root / folder).glob("*.yaml")):
            yield from _strings(yaml.safe_load(path.read_text(encoding="utf-8")), path.name, False)


def _strings(node, where, everything):
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _strings(v, f"{where}.{k}", everything or k == "ja")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _strings(v, f"{where}.{i}", everything)
    elif isinstance(node, str) and everything:
        yield where, node


def shipwreck_card_names() -> list[str]:
    cards = yaml.safe_load((data_dir() / "cards" / "shipwreck_arcana.yaml").read_text(encoding="utf-8"))
    return [c["name"]["en"] for c in cards["cards"] if c["name"]["en"] == c["name"]["ja"]]


def latin_words(text: str, allowed) -> list[str]:
    text = PLACEHOLDER.sub("", text)
    for phrase in allowed:
        text = text.replace(phrase, " ")
    return WORD.findall(text)


def test_the_scan_finds_english_inside_japanese():
    allowed = ALLOWED + shipwreck_card_names()
    assert latin_words("{player}がLuckカード -3を引きました", allowed) == ["Luck"]
    assert latin_words("{player}がThe Hoursを通ってCard Parlorへ(Esc)", allowed) == []


def test_no_english_words_in_japanese_texts():
    allowed = sorted(ALLOWED + shipwreck_card_names(), key=len, reverse=True)
    texts = list(japanese_texts())
    assert len(texts) > 500, "the scan reads every Japanese text"
    found = [(where, words) for where, text in texts if (words := latin_words(text, allowed))]
    assert not found, found


def test_game_notes_in_japanese_are_japanese():
    """The games' own notes shown in the Credits (house data) are Japanese too, and carry no symbol the
    font lacks (the β of "β版" was a missing glyph)."""
    from game.games import all_ids, rules

    allowed = sorted(ALLOWED + shipwreck_card_names(), key=len, reverse=True)
    for game_id in all_ids():
        note = rules(game_id).info.house_data.get("ja", "") if rules(game_id).info.house_data else ""
        assert not latin_words(note, allowed) and "β" not in note, (game_id, note)
