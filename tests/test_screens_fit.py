"""Text stays where it belongs on the menu screens, at 1280×720 and 1920×1080, in English and Japanese:
nothing is drawn across the wainscot line above the footer (Rules, Credits), the Rules sidebar shows every
section title whole, and the new-game screen's warning stays inside the window."""

from __future__ import annotations

import pytest

from game.games import all_ids
from scenes.credits import CreditsScene
from scenes.menu import WAINSCOT
from scenes.newgame import NewGameScene
from scenes.rules_screen import RulesScene
from scenes.title import TitleScene
from scenes.ui import fonts

from .scenes_harness import frames, make_app

SIZES = [(1280, 720), (1920, 1080)]
LINE = (92, 66, 44)  # the wainscot's colour (title.draw_backdrop)


@pytest.fixture(params=[(lang, size) for lang in ("en", "ja") for size in SIZES], ids=lambda p: f"{p[0]}-{p[1][0]}")
def screen_app(request, tmp_path):
    lang, size = request.param
    app = make_app(tmp_path, size=size, lang=lang)
    app.reset(TitleScene(app))
    yield app
    app.shutdown()


@pytest.fixture
def drawn(monkeypatch):
    """Every (text, rect) fonts.blit_text draws."""
    texts = []
    blit_text = fonts.blit_text

    def recording(surface, text, *args, **kwargs):
        rect = blit_text(surface, text, *args, **kwargs)
        texts.append((text, rect))
        return rect

    monkeypatch.setattr(fonts, "blit_text", recording)
    return texts


def wainscot_is_clear(app) -> bool:
    w, h = app.screen.get_size()
    y = int(h * WAINSCOT)
    return all(tuple(app.screen.get_at((x, y)))[:3] == LINE for x in range(w))


@pytest.mark.parametrize("game_id", all_ids())
def test_the_rules_screen_stays_above_the_footer_and_shows_whole_section_titles(screen_app, drawn, game_id):
    scene = screen_app.push(RulesScene(screen_app, game_id))
    frames(screen_app, 1)
    assert wainscot_is_clear(screen_app)
    titles = [text for text, rect in drawn if scene.list.rect.contains(rect)]
    assert titles and not any(text.endswith("…") for text in titles), titles


def test_the_credits_stay_above_the_footer(screen_app):
    screen_app.push(CreditsScene(screen_app))
    frames(screen_app, 1)
    assert wainscot_is_clear(screen_app)


def test_the_new_game_warning_stays_inside_the_window(screen_app, drawn):
    from scenes.ui.strings import tr

    scene = screen_app.push(NewGameScene(screen_app, "shipwreck_arcana"))
    scene.seat_names[0].set_text("")
    scene._refresh()
    frames(screen_app, 1)
    assert not scene.start.enabled
    warning = [rect for text, rect in drawn if text and text in tr("newgame.missing")]
    assert warning and all(screen_app.screen.get_rect().contains(rect) for rect in warning)
    assert wainscot_is_clear(screen_app)


def test_an_empty_load_screen_says_so_once(screen_app, drawn):
    """With no saves, the list and the Load screen each said so, one sentence over the other."""
    from scenes.load import LoadScene
    from scenes.ui.strings import tr

    scene = screen_app.push(LoadScene(screen_app))
    frames(screen_app, 1)
    inside = [text for text, rect in drawn if scene.list.rect.colliderect(rect)]
    assert inside == [tr("load.none")]
