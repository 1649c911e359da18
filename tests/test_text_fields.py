"""Text fields and choosers, driven by posted events on the new-game screen: focus moving from one name
field to another keeps text input on, any text typed (emoji with variation selectors, zero-width and
control characters) never crashes typing, the caret or any way text is drawn, and the ‹ › arrows of a
chooser step the way they point."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scenes.newgame import NewGameScene
from scenes.title import TitleScene
from scenes.ui import fonts, graphemes
from scenes.ui.widgets import Button, Choice, Label, ListView

from .scenes_harness import click, frames, key, make_app, post, type_text


@pytest.fixture
def new_game(app):
    app.reset(TitleScene(app))
    scene = app.push(NewGameScene(app, "deadmans_draw"))
    frames(app, 1)
    return scene


def test_clicking_from_one_name_field_to_another_keeps_text_input_on(app, new_game, monkeypatch):
    calls = []
    start, stop = pygame.key.start_text_input, pygame.key.stop_text_input
    monkeypatch.setattr(pygame.key, "start_text_input", lambda: (calls.append("start"), start()))
    monkeypatch.setattr(pygame.key, "stop_text_input", lambda: (calls.append("stop"), stop()))
    first, second = new_game.seat_names[0], new_game.seat_names[1]
    click(app, second.rect.center)
    type_text(app, "x")
    click(app, first.rect.center)
    assert first.focused and not second.focused
    assert calls[-1] == "start", calls  # SDL stops sending text when the last call was a stop
    type_text(app, "y")
    assert first.text.endswith("y")


def test_an_emoji_with_a_variation_selector_then_left_does_not_crash(app, new_game):
    field = new_game.seat_names[0]
    click(app, field.rect.center)
    key(app, pygame.K_END)
    type_text(app, "\u2764\ufe0f")  # ❤️ as emoji pickers send it
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    frames(app, 2)
    # The variation selector draws nothing alone: it is left out; the heart itself shows as the font's box.
    assert field.text == "Player 1\u2764" and field.cursor == len("Player ")
    key(app, pygame.K_DELETE)
    assert field.text == "Player \u2764"


def test_invisible_and_control_characters_are_not_typed(app, new_game):
    field = new_game.seat_names[0]
    click(app, field.rect.center)
    for _ in range(10):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "A\x00\u034f\u200d\u202e\tb\ufe0e\u3000c")
    frames(app, 1)
    assert field.text == "Ab\u3000c"  # the full-width space is a space, kept


def test_the_caret_steps_over_a_letter_with_its_accent(app, new_game):
    field = new_game.seat_names[0]
    click(app, field.rect.center)
    for _ in range(10):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "a\u0308\u0301b")  # ä (composed) with a second accent that has no composed form
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert field.cursor == 0
    key(app, pygame.K_DELETE)
    assert field.text == "b"


def test_remembered_names_with_nul_or_zero_width_characters_are_cleaned(tmp_path):
    app = make_app(tmp_path)
    app.prefs.names = ["Ai\x00ko\u200d", "\ufe0f", "", "", "", ""]
    app.reset(TitleScene(app))
    scene = app.push(NewGameScene(app, "deadmans_draw"))
    frames(app, 2)
    assert scene.seat_names[0].text == "Aiko"
    app.shutdown()


def test_every_drawing_path_takes_text_that_draws_nothing_or_that_sdl_refuses(app):
    surface = pygame.Surface((400, 200))
    for text in ("\ufe0f", "\u034f", "\u200d", "\x00", "a\x00b", "\ud800", "\U0001f600\ufe0f", ""):
        assert fonts.render(text).get_height() > 0
        fonts.measure()(text)
        fonts.blit_text(surface, text, (10, 10))
        fonts.blit_wrapped(surface, text, pygame.Rect(0, 0, 200, 100), max_lines=2)


def test_the_box_for_a_missing_glyph_is_drawn(app):
    # Decision: a character the font lacks (an emoji) is kept and shows as the font's box, not nothing.
    assert fonts.measure()("\U0001f600") > 0


def test_the_left_arrow_of_a_chooser_steps_back_and_the_right_one_forward(app, new_game):
    count = new_game.count_choice
    assert new_game.players == 3
    back, _, forward = count.parts()
    click(app, back.center)
    assert new_game.players == 2
    click(app, forward.center)
    click(app, forward.center)
    assert new_game.players == 4
    click(app, count.rect.midleft)  # the label: forward, as before
    assert new_game.players == 2  # Dead Man's Draw seats 2-4: round to the first
    click(app, count.rect.center, button=3)  # right click: back
    assert new_game.players == 4


def test_an_unlabelled_chooser_has_its_arrows_around_the_centred_value(app, new_game):
    kind = new_game.seat_kinds[1]
    assert kind.value == "normal"
    back, value, forward = kind.parts()
    assert back.right < value.left < value.right < forward.left
    assert abs(value.centerx - kind.rect.centerx) <= forward.width + 2
    click(app, back.center)
    assert kind.value == "easy"


NASTY = ["\u2764", "\ufe0f", "\u200d", "\u034f", "\u17b4", "\u180b", "\U0001f468", "\U0001f1ef", "\U0001f3fb",
         "e", "\u0301", "\u3000", "あ", "\x00", "\t", "\n", "\x1b", "\u202e", "\U000e0067", "\ue000", "\ud800"]
TYPED = st.text(alphabet=st.one_of(st.sampled_from(NASTY), st.characters()), max_size=6)
KEYS = st.sampled_from([pygame.K_LEFT, pygame.K_RIGHT, pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_HOME,
                        pygame.K_END])
STEPS = st.lists(st.one_of(TYPED, KEYS), min_size=1, max_size=8)


@pytest.fixture(scope="module")
def shared_game(tmp_path_factory):
    app = make_app(tmp_path_factory.mktemp("fields"))
    app.reset(TitleScene(app))
    scene = app.push(NewGameScene(app, "deadmans_draw"))
    frames(app, 1)
    click(app, scene.seat_names[0].rect.center)
    yield app, scene
    app.shutdown()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=STEPS)
def test_any_text_typed_and_any_caret_key_never_raise(shared_game, steps):
    app, scene = shared_game
    field = scene.seat_names[0]
    assert field.focused
    for step in steps:
        if isinstance(step, str):
            post(pygame.TEXTINPUT, text=step)
        else:
            post(pygame.KEYDOWN, key=step, mod=0, unicode="", scancode=0)
        frames(app, 1)  # handles the event and draws the whole screen
        assert field.cursor in graphemes.boundaries(field.text)
        assert field.text == fonts.clean_line(field.text) and len(field.text) <= field.max_len
    # The same text through every other widget that draws text.
    surface = pygame.Surface((600, 300))
    text = field.text + "".join(s for s in steps if isinstance(s, str))
    for widget in (Label(text), Button(text, lambda: None), Choice(text, [(1, text)], 0, lambda _: None),
                   ListView([(text, text)])):
        widget.rect = pygame.Rect(10, 10, 300, 90)
        widget.draw(surface)
    for _ in range(len(field.text) + 1):
        key(app, pygame.K_BACKSPACE)


def test_a_long_name_slides_to_keep_the_caret_in_the_field_and_shows_its_start_at_rest(app, new_game, monkeypatch):
    drawn = []
    blit_text = fonts.blit_text
    monkeypatch.setattr(fonts, "blit_text", lambda s, text, *a, **k: drawn.append((text, blit_text(s, text, *a, **k)))
                        or drawn[-1][1])
    field = new_game.seat_names[0]
    click(app, field.rect.center)
    for _ in range(8):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "寿限無寿限無五劫の擦り切れ海砂利水魚の水行末")
    assert len(field.text) == field.max_len
    drawn.clear()
    field.draw(app.screen)
    before = next(rect for text, rect in drawn if text == field.text)  # the caret is at the end
    assert field.rect.left < before.right <= field.rect.right and before.left < field.rect.left
    click(app, new_game.seat_names[1].rect.center)
    drawn.clear()
    field.draw(app.screen)
    assert next(rect for text, rect in drawn if text == field.text).left > field.rect.left
