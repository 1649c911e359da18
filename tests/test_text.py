"""Every string a player can read exists in both languages and renders with the bundled font: no tofu."""

from __future__ import annotations

from functools import cache

import pygame
import pytest
import yaml
from fontTools.ttLib import TTFont

from game.core.paths import assets_dir, data_dir
from scenes.ui.fonts import FILES


@cache
def covered(weight: str) -> set[int]:
    font = TTFont(assets_dir() / "fonts" / FILES[weight])
    return set(font.getBestCmap())


def strings_in(node):
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for value in node.values():
            yield from strings_in(value)
    elif isinstance(node, list):
        for value in node:
            yield from strings_in(value)

def assert_in_both_languages(node, where: str) -> None:
    """Every name, text, title and body in a data file's tree is {en, ja}, both non-empty (the data tests of
    each game use it)."""
    if isinstance(node, dict):
        for key in ("name", "text", "title", "body"):
            if key in node:
                value = node[key]
                assert isinstance(value, dict) and set(value) == {"en", "ja"}, f"{where}.{key}"
                assert all(isinstance(s, str) and s.strip() for s in value.values()), f"{where}.{key}"
        for key, value in node.items():
            assert_in_both_languages(value, f"{where}.{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            assert_in_both_languages(value, f"{where}.{i}")



DATA_FILES = sorted(p for p in data_dir().rglob("*.yaml"))


@pytest.mark.parametrize("path", DATA_FILES, ids=lambda p: str(p.relative_to(data_dir())))
@pytest.mark.parametrize("weight", ["regular", "bold"])
def test_every_data_string_has_glyphs(path, weight):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    missing = {ch for s in strings_in(data) for ch in s if not ch.isspace() and ord(ch) not in covered(weight)}
    assert not missing, f"{path.name}: no glyph for {sorted(missing)}"


def test_symbols_drawn_by_the_code_have_glyphs():
    # Characters the scenes put on screen themselves.
    for ch in "‹›●•·—…×%→日本語":
        assert ord(ch) in covered("regular") and ord(ch) in covered("bold"), ch


def test_every_text_key_used_by_the_app_exists():
    """Literal keys passed to tr() in scenes/ and the game-specific keys built from T + '...'."""
    import re

    from game.core.i18n import strings
    from game.core.paths import data_dir

    root = data_dir().parent
    en = strings("en")
    used = set()
    for path in (root / "scenes").rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        used |= set(re.findall(r'\btr\("([a-z_.]+)"', source))
        prefix = re.search(r'^T = "([a-z_.]+)"', source, re.M)
        if prefix:
            used |= {prefix.group(1) + k for k in re.findall(r'\bT \+ "([a-z_]+)"', source)}
    missing = sorted(k for k in used if k not in en)
    assert not missing, missing


@pytest.mark.parametrize("text", ["ダスターコート", "バッファローライフル"])
def test_fitted_text_takes_a_smaller_size_rather_than_cut_a_word(app, monkeypatch, text):
    """A word a little too wide for the box at the largest size is drawn whole at the next size, not cut."""
    from scenes.table.cardart import wrapped
    from scenes.table.kit import panels
    from scenes.ui import fonts

    width = fonts.measure(21, True)(text) + 1
    assert fonts.measure(24, True)(text) > width
    assert wrapped(text, width, 500, sizes=(24, 21), bold=True)[:2] == (21, [text])
    drawn, render = [], fonts.render
    monkeypatch.setattr(fonts, "render", lambda line, size, *a: drawn.append((line, size)) or render(line, size, *a))
    panels.fit_middle(pygame.Surface((width, 500)), text, pygame.Rect(0, 0, width, 500), (0, 0, 0), (24, 21), True)
    assert drawn == [(text, 21)]
    # Only at the smallest size is a word too wide cut.
    assert wrapped(text, width - 30, 500, sizes=(24, 21), bold=True)[0] == 21


def test_a_hyphenated_name_breaks_after_its_hyphen_rather_than_shrink_to_small_print(app):
    """A small Deadwood card: "Six-Shooter" reads "Six-" / "Shooter" at 14 px, not on one line in 9 px print."""
    from scenes.table.kit.text import name_layout
    from scenes.ui import fonts

    width = fonts.font(14, True).size("Shooter")[0] + 2
    assert name_layout("Six-Shooter", width, 60, 14, smallest=9) == (14, ("Six-", "Shooter"))
