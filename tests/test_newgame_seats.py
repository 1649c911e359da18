"""The new-game screen's game and seat names, driven by posted events: it opens on the game chosen, else
the one played last, else the library's first; human seats take remembered player names, AI seats pirate
names, and changing a seat's kind changes an automatic name with it (never one the player typed)."""

from __future__ import annotations

import pygame

from scenes.title import TitleScene

from .scenes_harness import click, frames, key, make_app, top_name, type_text

PIRATES = ["Captain Flint", "Mary Read", "Long Ben", "Anne Bonny", "Calico Jack", "Grace O'Malley"]


def open_new_game(app):
    title = app.reset(TitleScene(app))
    frames(app, 1)
    click(app, title.buttons[1].rect.center)  # New game
    assert top_name(app) == "NewGameScene"
    return app.top


def names(scene):
    return [f.text for f in scene.seat_names[:scene.players]]


def test_new_game_opens_on_the_librarys_first_game_then_on_the_last_one_played(app):
    app.prefs.favourites = ["shipwreck_arcana"]  # pinned first in the library
    assert open_new_game(app).game_id == "shipwreck_arcana"
    app.history.record("get_lucky", [{"name": "Aiko", "kind": "human", "level": None},
                                     {"name": "Ben", "kind": "ai", "level": "normal"}], {}, 1, [0], [3, 1], 20, 90)
    assert open_new_game(app).game_id == "get_lucky"


def test_remembered_names_go_to_human_seats_and_pirates_to_ai_seats(app):
    app.prefs.names = ["Aiko", "Ben", "Cleo", "", "", ""]
    scene = open_new_game(app)
    click(app, scene.game_choice.parts()[0].center)  # any game: the names do not depend on it
    assert [c.value for c in scene.seat_kinds[:scene.players]] == ["human", "normal", "normal"]
    assert names(scene) == ["Aiko", "Mary Read", "Long Ben"]
    kind = scene.seat_kinds[1]
    click(app, kind.parts()[0].center)  # Normal AI -> Easy AI: still a pirate
    assert names(scene)[1] == "Mary Read"
    click(app, kind.parts()[0].center)  # Easy AI -> Human: a remembered name nobody has
    assert kind.value == "human" and names(scene)[1] == "Ben"
    click(app, kind.parts()[2].center)  # Human -> Easy AI: the pirate again
    assert names(scene)[1] == "Mary Read"


def test_a_typed_name_is_remembered_for_human_seats_and_kept_on_a_kind_change(app):
    scene = open_new_game(app)
    assert names(scene)[0] == "Player 1"
    click(app, scene.seat_names[0].rect.center)
    for _ in range(8):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "Zed")
    assert app.prefs.names[0] == "Zed"
    click(app, scene.seat_names[2].rect.center)
    key(app, pygame.K_END)
    type_text(app, "!")
    click(app, scene.seat_kinds[2].parts()[2].center)  # Normal -> Hard AI
    assert names(scene)[2] == "Long Ben!"
    assert "Long Ben!" not in app.prefs.names  # an AI seat's name is not a player's name


def test_names_come_back_on_their_kind_in_a_new_session(tmp_path):
    app = make_app(tmp_path)
    scene = open_new_game(app)
    click(app, scene.seat_names[0].rect.center)
    for _ in range(8):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "Zed")
    app.shutdown()
    app = make_app(tmp_path)
    scene = open_new_game(app)
    assert names(scene)[:2] == ["Zed", "Mary Read"]
    app.shutdown()
