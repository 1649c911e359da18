"""The Dead Man's Draw table, headless, driven by posted mouse and key events: the Sword dragged either way,
the Saboteur named, the discard assist, text that fits (the Vulture's mark, card faces, the odds meter) and a
visible keyboard focus in the choosers."""

from __future__ import annotations

import pygame
import pytest

from game.core.actions import action
from game.core.i18n import text
from game.core.match import AI, HUMAN, Match, Seat
from game.games import rules as rules_for
from scenes.ui import fonts, theme
from scenes.ui.strings import tr
from scenes.ui.theme import scale

from .dmd import build
from .scenes_harness import drag, key, make_app, open_table, settled

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
        floating = [item[0] for item in scene.table.words.items]
        assert any("Flint" in text and "Aiko" in text for text in floating), floating
        told = describe(match, match.history[-1], 0, lang)
        assert any("Flint" in s and "Aiko" in s for s in told), told
    finally:
        app.shutdown()


def test_every_log_line_names_its_actors():
    """In whole games (every trait in play over the seeds), no line leaves a name blank."""
    from game.ai.bot import SeatInfo, make_bot
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


def test_the_vultures_line_names_whose_bust_it_takes_from():
    """The Vulture takes a card from the busting player's play area: the line read "takes Kraken 5 from 's
    bust" (a move from the play area names no bank owner). Whole games with the Vulture preying until it
    feeds."""
    from game.ai.bot import SeatInfo, make_bot
    from game.core.rng import Rng
    from game.games.deadmans_draw.log import describe

    bot, checked = make_bot("deadmans_draw", "normal"), 0
    for seed in range(60):
        match = Match(DMD, [Seat(n, AI, "normal") for n in ("Ann", "Bo", "Cy")], {"traits": True}, seed)
        rng = Rng(seed)
        while not match.is_over():
            seat = match.pending()[0].seat
            match.apply(bot.choose(SeatInfo(DMD, match.state, seat), rng))
        for events in match.history:
            fed = [ev for ev in events if ev.kind == "moved" and ev["why"] == "vulture"]
            if fed:
                names = ("Ann", "Bo", "Cy")
                told = [s for s in describe(match, events, None, "en") if "Vulture" in s]
                assert told and all(f"from {names[fed[0]['seat']]}'s bust" in s for s in told), told
                checked += 1
        if checked >= 3:
            break
    assert checked


def test_keyboard_focus_shows_in_the_map_chooser(app):
    state = build(2, draw_top="Map 4", banks={1: "Anchor 5"}, choice="draw")
    match = dmd_match(state)
    match.apply(action(0, "draw"))
    assert match.pending()[0].kind == "map"
    scene = open_table(app, match)
    settled(app, scene)
    key(app, pygame.K_TAB)
    focused = scene.gestures()[scene.focus_index].click
    assert focused.startswith("reveal:")
    ring = scene.table.rect_of(focused).inflate(scale(14), scale(14))
    for point in (ring.midleft, ring.midtop, ring.midright):
        x, y = point
        inward = (x + (1 if point == ring.midleft else -1 if point == ring.midright else 0),
                  y + (1 if point == ring.midtop else 0))
        assert tuple(app.screen.get_at(inward))[:3] == theme.FOCUS, point


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_odds_meter_stays_inside_its_border(tmp_path, size, lang):
    app = make_app(tmp_path, size=size, lang=lang)
    try:
        scene = open_table(app, sword_choice())
        lines, bar, value = scene.table.kit["odds"].layout()
        inside = scene.table.kit["odds"].rect.inflate(-2, -2)
        assert lines, "the meter says what it is"
        for rect in [r for _, r in lines] + [bar, value]:
            assert inside.contains(rect), (rect, inside)
        width = fonts.measure("body", True)
        assert width("100%") <= value.width
    finally:
        app.shutdown()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_card_faces_show_their_whole_keyword_or_text(tmp_path, lang):
    """At the sizes the table uses (the play area and Map cards at 1280×720 and 1920×1080, the preview, the
    trait chooser), every suit's and every pirate's words fit on the card, with room left for its emblem."""
    from game.games.deadmans_draw.cards import deck
    from scenes.tables.deadmans_draw import face_text, trait_text

    app = make_app(tmp_path, lang=lang)
    try:
        for factor in (720 / 1080, 1.0):
            for w, h in ((150, 210), (170, 238), (380, 532)):
                pw, ph = round(w * factor), round(h * factor)
                if pw < 100:
                    continue  # the small face carries no words
                for suit in deck().suits:
                    size, lines, lh, _, _ = face_text(suit, pw, ph)
                    assert not any(line.endswith("…") for line in lines), (suit.id, pw, lines)
                    assert lh * len(lines) <= ph * 0.5
            tw, th = round(330 * factor), round(460 * factor)  # a pirate in the trait chooser
            for trait in deck().traits:
                size, lines, lh = trait_text(trait, tw, th)
                assert not any(line.endswith("…") for line in lines), (trait.id, lines)
    finally:
        app.shutdown()


def test_the_vultures_mark_is_written_out_in_a_narrow_header(app, monkeypatch):
    from scenes.ui import fonts as ui_fonts

    state = build(3, banks={1: "Anchor 5"}, traits={1: "receive_marked_busts"}, mark=2, choice="draw")
    match = dmd_match(state, names=("Aiko", "Captain Flint", "Mary Read"))
    scene = open_table(app, match)
    settled(app, scene)
    drawn = []
    real = ui_fonts.blit_text
    monkeypatch.setattr(ui_fonts, "blit_text", lambda surface, text, *a, **k: drawn.append(text) or
                        real(surface, text, *a, **k))
    scene.draw(app.screen)
    assert tr("deadmans_draw.table.marks", player="Mary Read") in drawn, drawn


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_discard_assist_lists_values_not_counts(tmp_path, lang, monkeypatch):
    from scenes.tables.deadmans_draw import discard_values
    from scenes.ui import fonts as ui_fonts

    app = make_app(tmp_path, lang=lang)
    try:
        state = build(2, discard="Anchor 2, Anchor 5, Key 7, Kraken 3, Kraken 4, Kraken 6", choice="draw",
                      draw_top="Chest 3")
        scene = open_table(app, dmd_match(state))
        settled(app, scene)
        view = scene.view()
        assert discard_values(view)[0] == [2, 5]
        drawn = []
        real = ui_fonts.blit_text
        monkeypatch.setattr(ui_fonts, "blit_text", lambda surface, text, *a, **k: drawn.append(text) or
                            real(surface, text, *a, **k))
        scene.draw(app.screen)
        assert "2, 5" in drawn and "7" in drawn and "3, 4, 6" in drawn, drawn
        assert view["options"]["show_discard"]
    finally:
        app.shutdown()


def test_tab_meets_each_sword_target_once_per_round(app):
    match = sword_choice()
    scene = open_table(app, match)
    settled(app, scene)
    targets = len(match.legal_actions(0))
    seen = []
    for _ in range(targets):
        key(app, pygame.K_TAB)
        seen.append(scene.gestures()[scene.focus_index].action)
    assert len(set(seen)) == targets
