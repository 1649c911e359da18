"""Three-Dragon Ante's card reference for the Rules screen, built from the card data: the ten colours' powers
with each colour's strengths, the Legendary Dragons and the Mortals (name, strength, alignment and colours,
power), and the Classic 10; in English and Japanese, and drawn whole at 1280×720 and 1920×1080."""

from __future__ import annotations

import re

import pygame
import pytest

from game.core.i18n import text
from game.games.three_dragon_ante import reference
from game.games.three_dragon_ante.cards import load_deck
from scenes.rules_screen import RulesScene
from scenes.title import TitleScene
from scenes.ui import fonts

from .scenes_harness import click, frames, key, make_app

DECK = load_deck()
SECTIONS = dict(reference())
KEYS = [f"three_dragon_ante.rules.{name}" for name in ("colours", "legendary", "mortals", "classic")]


def bullets(body: str) -> list[str]:
    return [line for line in body.split("\n") if line.startswith("- ")]


def test_the_sections_and_their_titles_in_both_languages():
    assert list(SECTIONS) == KEYS
    for key_ in KEYS:
        assert text(key_, "en") != key_ and text(key_, "ja") != key_
        assert set(SECTIONS[key_]) == {"en", "ja"}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_each_colour_has_one_line_with_its_strengths_and_power(lang):
    lines = bullets(SECTIONS[KEYS[0]][lang])
    assert len(lines) == 10
    for line, (colour, name) in zip(lines, DECK.colours.items(), strict=True):
        strengths = [c.strength for c in DECK.cards if c.kind == "standard" and c.effect == colour]
        assert line.startswith(f"- {name[lang]}") and DECK.powers[colour][lang] in line
        assert [int(n) for n in re.findall(r"\d+", line.split(DECK.powers[colour][lang])[0])] == strengths


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("kind, section", [("legendary", 1), ("mortal", 2)])
def test_each_special_card_has_its_strength_alignment_colours_and_power(lang, kind, section):
    lines = bullets(SECTIONS[KEYS[section]][lang])
    cards = [c for c in DECK.specials if c.kind == kind]
    assert len(lines) == len(cards) == 15
    for line, card in zip(lines, cards, strict=True):
        facts, power = line.split(DECK.powers[card.effect][lang])[0], DECK.powers[card.effect][lang]
        assert line.startswith(f"- {card.name[lang]}") and line.endswith(power)
        assert re.findall(r"\d+", facts) == [str(card.strength)]
        if card.dragon:
            assert DECK.alignments[card.alignment][lang] in facts
            names = [DECK.colours[c][lang] for c in card.colours] or [text("three_dragon_ante.rules.colourless",
                                                                          lang)]
            assert all(name in facts for name in names)
        else:
            assert DECK.kinds["mortal"][lang] in facts


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_classic_ten_are_named(lang):
    body = SECTIONS[KEYS[3]][lang]
    assert bullets(body) == [f"- {DECK.card(i).name[lang]}" for i in DECK.classic] and len(DECK.classic) == 10
    assert not body.startswith("- ")  # a sentence says what the set is


def test_the_japanese_reference_has_no_english_words():
    for body in SECTIONS.values():
        assert not re.search(r"[A-Za-z]", body["ja"]), body["ja"][:200]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_rules_screen_draws_each_section_whole(tmp_path, lang, size, monkeypatch):
    """Every line inside the text panel's width, and paging down reaches the section's last line."""
    app = make_app(tmp_path, size=size, lang=lang)
    app.reset(TitleScene(app))
    scene = app.push(RulesScene(app))
    offered = [value for value, _ in scene.game_choice.options]
    if "three_dragon_ante" not in offered:
        app.shutdown()
        pytest.skip("the Rules screen does not offer Three-Dragon Ante (no table yet)")
    while scene.game_choice.value != "three_dragon_ante":
        click(app, scene.game_choice.rect.center)
    drawn = []
    real = fonts.blit_text
    monkeypatch.setattr(fonts, "blit_text", lambda surface, t, *a, **k: drawn.append((t, real(surface, t, *a, **k)))
                        or drawn[-1][1])
    titles = [title[lang] for title, _ in scene.pages]
    scene.form.focus_widget(scene.list)
    for key_ in KEYS:
        while scene.list.selected < titles.index(text(key_, lang)):
            key(app, pygame.K_DOWN)
        assert scene.current == titles.index(text(key_, lang))
        inner = scene.text_rect.inflate(-24, -20)
        last = bullets(SECTIONS[key_][lang])[-1]
        for _ in range(20):  # page down until the end is in view
            drawn.clear()
            frames(app, 1)
            body = [(t, r) for t, r in drawn if scene.text_rect.colliderect(r) and t != "•"]
            runs_off = [t for t, r in body if not (inner.left <= r.left and r.right <= inner.right)]
            assert not runs_off, runs_off  # neither a line of the text nor the game's name beside it
            if scene.scroll >= scene.max_scroll:
                break
            key(app, pygame.K_PAGEDOWN)
        seen = [t for t, r in body if scene.text_rect.contains(r)]
        assert seen and len(seen[-1]) > 1 and last.endswith(seen[-1])  # the section's last line, in view
    app.shutdown()
