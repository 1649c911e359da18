"""Room for nine seats (issue 12): the new-game screen lays out 9 seats (name, kind, AI level) without
overlap at both window sizes and in both languages, and nine seats get nine different names."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.games import rules as real_rules_for
from scenes import newgame as newgame_module
from scenes.newgame import NewGameScene
from tests.scenes_harness import click, frames, make_app


@pytest.fixture
def nine_seats(monkeypatch):
    """Dead Man's Draw's rules dressed as a 2–9 player game: the screen reads only its GameInfo."""
    rules = real_rules_for("deadmans_draw")
    fake = type("Nine", (), {"info": dataclasses.replace(rules.info, max_players=9)})()
    monkeypatch.setattr(newgame_module, "rules_for", lambda game_id: fake if game_id == "deadmans_draw"
                        else real_rules_for(game_id))


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "ja"])
def test_nine_seats_fit_without_overlap(tmp_path, nine_seats, size, language):
    app = make_app(tmp_path, size=size, lang=language)
    scene = app.push(NewGameScene(app, "deadmans_draw"))
    frames(app, 1)
    while scene.players < 9:  # the player count's › arrow, clicked as a player would
        before = scene.players
        click(app, (scene.count_choice.rect.right - 10, scene.count_choice.rect.centery))
        assert scene.players == before + 1
    frames(app, 2)
    width, height = app.screen.get_size()
    rects = [w.rect for pair in zip(scene.seat_names, scene.seat_kinds, strict=True) for w in pair][:18]
    assert all(w.visible for w in scene.seat_names + scene.seat_kinds)
    for i, a in enumerate(rects):
        assert pygame.Rect(0, 0, width, height).contains(a)
        assert a.bottom <= scene.note_top(height), "a seat runs into the line about the game"
        assert a.height >= 44 * height / 1080, "a seat row too small to read"
        for b in rects[i + 1:]:
            assert not a.colliderect(b)
    names = [f.text for f in scene.seat_names[:9]]
    for kind in scene.seat_kinds[1:9]:
        assert kind.value != "human"
    assert len(set(names)) == 9, names
    app.shutdown()


def test_nine_player_names_are_remembered(tmp_path):
    from scenes import prefs

    names = [f"Player {chr(65 + i)}" for i in range(9)]
    saved = prefs.Prefs(names=names)
    assert prefs.save(saved, tmp_path / "settings.json") is None
    loaded, problem = prefs.load(tmp_path / "settings.json")
    assert problem is None and loaded.names == names
