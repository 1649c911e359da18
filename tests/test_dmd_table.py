"""The Dead Man's Draw table, headless, driven by posted mouse and key events: the Sword dragged either way,
the Saboteur named, the discard assist, text that fits (the Vulture's mark, card faces, the odds meter) and a
visible keyboard focus in the choosers."""

from __future__ import annotations

import pygame
import pytest

from game.core.actions import action
from game.core.match import AI, HUMAN, Match, Seat
from game.games import rules as rules_for
from game.games.deadmans_draw.state import NO

from .dmd import build, trait
from .scenes_harness import drag, frames, key, make_app, open_table

DMD = rules_for("deadmans_draw")


def dmd_match(state, names=("Aiko", "Flint", "Mary")) -> Match:
    """A match in the given position, the human in seat 0 and AI opponents."""
    seats = [Seat(names[0], HUMAN)] + [Seat(n, AI, "easy") for n in names[1:state.players]]
    match = Match(DMD, seats, {"traits": True}, 1)
    match.state = state
    return match


def sword_choice():
    """Aiko draws a Sword with two of Flint's stacks to choose from."""
    state = build(2, draw_top="Sword 4", banks={1: "Anchor 5, Key 6"}, choice="draw")
    match = dmd_match(state)
    match.apply(action(0, "draw"))
    assert match.pending()[0].kind == "sword"
    return match


def settled(app, scene):
    for _ in range(80):
        if not scene.board.busy and not scene.table.busy():
            break
        frames(app, 1, 0.05)


def test_the_sword_card_dragged_onto_the_stack_it_takes(app):
    match = sword_choice()
    scene = open_table(app, match)
    settled(app, scene)
    sword = scene.board.pieces["sword_4"].rect.center
    drag(app, sword, scene.table.rect_of("stack:1:key").center)
    assert match.state_id == 2, "the Sword dropped on Flint's Key stack did nothing"
    assert "key_6" in match.view(0)["play"]


def test_the_stack_dragged_onto_the_play_area_still_steals(app):
    match = sword_choice()
    scene = open_table(app, match)
    settled(app, scene)
    drag(app, scene.table.rect_of("stack:1:anchor").center, scene.table.rect_of("zone:play").center)
    assert "anchor_5" in match.view(0)["play"]


def sabotage_choice():
    """Aiko draws a Cannon while Flint holds the Saboteur: her own Anchor or Map must go."""
    state = build(2, draw_top="Cannon 4", banks={0: "Anchor 5, Map 7", 1: "Sword 6"},
                  traits={1: "others_cannon_backfires"}, choice="draw")
    match = dmd_match(state)
    match.apply(action(0, "draw"))
    assert match.pending()[0].kind == "sabotage"
    return match


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_sabotage_says_who_sabotaged_whom(tmp_path, lang):
    from game.games.deadmans_draw.log import describe

    app = make_app(tmp_path, lang=lang)
    try:
        match = sabotage_choice()
        scene = open_table(app, match)
        settled(app, scene)
        drag(app, scene.table.rect_of("stack:0:anchor").center, scene.table.rect_of("pile:discard").center)
        assert match.state_id == 2
        floating = [f[0] for f in scene.table.floaters]
        assert any("Flint" in text and "Aiko" in text for text in floating), floating
        told = describe(match, match.history[-1], 0, lang)
        assert any("Flint" in s and "Aiko" in s for s in told), told
    finally:
        app.shutdown()


def test_every_log_line_names_its_actors():
    """In whole games (every trait in play over the seeds), no line leaves a name blank."""
    from game.ai.bot import SeatInfo, make_bot
    from game.core.i18n import text
    from game.core.rng import Rng
    from game.games.deadmans_draw.log import describe

    bot = make_bot("deadmans_draw", "easy")
    for seed in range(12):
        match = Match(DMD, [Seat(n, AI, "easy") for n in ("Ann", "Bo", "Cy", "Di")], {"traits": True}, seed)
        rng = Rng(seed)
        while not match.is_over():
            seat = match.pending()[0].seat
            match.apply(bot.choose(SeatInfo(DMD, match.state, seat), rng))
        over = {text("deadmans_draw.log.game_over", lang) for lang in ("en", "ja")}
        for lang in ("en", "ja"):
            for events in match.history:
                for sentence in describe(match, events, None, lang):
                    assert sentence in over or any(n in sentence for n in ("Ann", "Bo", "Cy", "Di")), sentence
                    assert not sentence.startswith(("'s", "の", "が")) and " 's" not in sentence, sentence
