"""The Players... panel of the pause menu, driven by posted events: a player joins between turns, another
leaves, and the table goes on with the new order (The Shipwreck Arcana, R52–R55)."""

from __future__ import annotations

import pygame

from game.core.match import AI, HUMAN, Match, Seat
from game.games import rules as rules_for

from .scenes_harness import click, frames, key, make_app, open_table, top_name, type_text


def test_a_player_joins_and_another_leaves_from_the_pause_menu(tmp_path):
    app = make_app(tmp_path)
    seats = [Seat("Aiko", HUMAN), Seat("Sora", AI, "normal"), Seat("Ben", AI, "hard")]
    match = Match(rules_for("shipwreck_arcana"), seats, {"random_start": False}, seed=4)
    table = open_table(app, match)
    frames(app, 3)
    assert match.state.phase == "draw" and match.state.active == 0  # Aiko's turn, before her draw
    key(app, pygame.K_ESCAPE)
    assert top_name(app) == "PauseMenu"
    pause = app.top
    assert pause.seats_button.enabled
    click(app, pause.seats_button.rect.center)
    assert top_name(app) == "SeatsPanel"
    panel = app.top
    click(app, panel.name_field.rect.center)
    for _ in range(12):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "Dee")
    click(app, panel.kind.rect.center)  # human -> Easy AI
    assert panel.kind.value == "easy"
    click(app, panel.add.rect.center)
    assert [s.name for s in match.seats] == ["Aiko", "Sora", "Ben", "Dee"]
    assert match.seats[3].level == "easy" and match.view(None)["order"] == [0, 1, 2, 3]
    assert "Dee" in " ".join(table.log[-2:])
    # Sora leaves: the turn order closes up and two or more players remain.
    sora = next(b for b in app.top.leave_buttons if b.owner == 1)
    click(app, sora.rect.center)
    assert match.view(None)["order"] == [0, 2, 3] and match.view(None)["left"][1]
    click(app, app.top.close_button.rect.center)
    key(app, pygame.K_ESCAPE)
    assert top_name(app) == "TableScene"
    frames(app, 5)
    assert match.state.active == 0  # still Aiko's turn to draw


def test_the_players_button_waits_for_the_turn_boundary(tmp_path):
    app = make_app(tmp_path)
    seats = [Seat("Aiko", HUMAN), Seat("Sora", AI, "normal")]
    match = Match(rules_for("shipwreck_arcana"), seats, {"random_start": False}, seed=4)
    open_table(app, match)
    match.apply(match.legal_actions(0)[0])  # Aiko draws: no longer between turns
    key(app, pygame.K_ESCAPE)
    assert top_name(app) == "PauseMenu" and not app.top.seats_button.enabled


def test_a_newcomers_name_follows_its_kind_until_one_is_typed(tmp_path):
    app = make_app(tmp_path)
    seats = [Seat("Aiko", HUMAN), Seat("Mary Read", AI, "normal"), Seat("Ben", AI, "hard")]
    match = Match(rules_for("shipwreck_arcana"), seats, {"random_start": False}, seed=4)
    open_table(app, match)
    frames(app, 3)
    key(app, pygame.K_ESCAPE)
    click(app, app.top.seats_button.rect.center)
    panel = app.top
    assert panel.name_field.text == "Player 4"
    click(app, panel.kind.parts()[2].center)  # Human -> Easy AI: a pirate nobody at the table has
    assert panel.kind.value == "easy" and panel.name_field.text == "Anne Bonny"
    click(app, panel.kind.parts()[0].center)  # back to Human
    assert panel.name_field.text == "Player 4"
    click(app, panel.name_field.rect.center)
    type_text(app, "!")
    click(app, panel.kind.parts()[2].center)
    assert panel.name_field.text == "Player 4!"
