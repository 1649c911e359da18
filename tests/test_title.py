"""The title screen asks before Esc closes the app, driven by posted key and mouse events."""

from __future__ import annotations

import pygame

from scenes.title import TitleScene

from .scenes_harness import click, frames, key, top_name


def test_esc_on_the_title_asks_first_and_esc_again_stays(app):
    app.reset(TitleScene(app))
    frames(app, 1)
    key(app, pygame.K_ESCAPE)
    assert app.running and top_name(app) == "Dialog"
    key(app, pygame.K_ESCAPE)  # Esc again: stay
    assert app.running and top_name(app) == "TitleScene"
    key(app, pygame.K_ESCAPE)
    click(app, app.top.buttons[-1].rect.center)  # Cancel
    assert app.running and top_name(app) == "TitleScene"
    key(app, pygame.K_ESCAPE)
    click(app, app.top.buttons[0].rect.center)  # Quit
    assert not app.running
