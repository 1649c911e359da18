"""The Get Lucky table, headless: a whole game played by posted mouse events only (drags for cards and guests,
button clicks for Pass and the murder-attempt choices), the table drawn at both sizes in both languages, and
the hot-seat curtain between two humans (hands are private)."""

from __future__ import annotations

import pygame
import pytest

from game.core.match import AI, HUMAN, Match, Seat
from game.core.rng import Rng
from game.games import rules as rules_for

from .scenes_harness import click, drag, frames, make_app, open_table, perform, play_through, top_name

GL = rules_for("get_lucky")


def gl_match(seats=None, options=None, seed=5) -> Match:
    seats = seats or [Seat("Aiko", HUMAN), Seat("Flint", AI, "normal"), Seat("Mary", AI, "normal")]
    return Match(GL, seats, options, seed)


def human_move(app, scene, rng: Rng) -> None:
    """One legal thing done as a player would: a drag for a card or a guest, a click on a button otherwise."""
    gestures = scene.gestures()
    assert gestures, "the human has a decision but no gesture"
    # Prefer doing something over passing, so games move on; attempts take the most Luck offered.
    active = [g for g in gestures if g.action.kind not in ("pass", "decline")]
    if active and rng.below(5):
        if all(g.action.kind == "attempt" for g in active):
            gesture = active[-1]
        else:
            gesture = active[rng.below(len(active))]
    else:
        gesture = gestures[rng.below(len(gestures))]
    perform(app, scene, gesture)


@pytest.fixture
def app(tmp_path):
    app = make_app(tmp_path)
    yield app
    app.shutdown()


def test_whole_game_through_the_table_with_mouse_events(app):
    match = gl_match()
    scene = open_table(app, match)
    play_through(app, scene, human_move, seed=1)
    assert match.is_over()
    assert top_name(app) == "ResultsScene"
    assert app.history.stats("get_lucky")["played"] == 1


def test_every_kind_of_gesture_acts(app):
    """Attaching, attracting and inviting by drag, Pass by its button: each changes the game."""
    match = gl_match(seed=11)
    scene = open_table(app, match)
    seen = set()
    rng = Rng(4)
    for _ in range(6000):
        if {"wmo", "take", "pass"} <= seen:
            break
        if match.is_over() or top_name(app) != "TableScene":  # another deal until every kind was seen
            match = gl_match(seed=match.seed + 1)
            scene = open_table(app, match)
        if not scene.board.busy and not scene.table.busy() and scene.my_decision() is not None \
                and scene.thinking is None:
            gestures = scene.gestures()
            kinds = {g.action.kind for g in gestures} - seen
            pick = [g for g in gestures if g.action.kind in kinds] or gestures
            gesture = pick[rng.below(len(pick))]
            before = match.state_id
            if gesture.drag_from:
                drag(app, scene.table.rect_of(gesture.drag_from).center, scene.table.rect_of(gesture.drop_on).center)
            else:
                click(app, next(b for b in scene.action_buttons if b.text == gesture.label).rect.center)
            frames(app, 1)
            assert match.state_id > before
            seen.add(gesture.action.kind)
        else:
            frames(app, 1, 0.05)
    assert {"wmo", "take", "pass"} <= seen


def test_luck_choices_are_few_and_labelled():
    from scenes.tables.get_lucky import MAX_VECTORS, pick_vectors

    held = (3, 3, 2, 2)
    vectors = [(a, b, c, d) for a in range(4) for b in range(4) for c in range(3) for d in range(3)]
    defend = pick_vectors("defend", vectors, 7)
    assert defend[0] == (0, 0, 0, 0) and defend[-1] == held and len(defend) <= MAX_VECTORS
    assert (0, 0, 1, 1) in defend  # the cheapest stop: 3 + 4
    attack = pick_vectors("attempt", vectors, 3)
    assert attack[0] == (0, 0, 0, 0) and len(attack) <= MAX_VECTORS
    assert attack[1] == (1, 0, 0, 0)  # the lowest Luck is spent first in an attack


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_table_draws(tmp_path, lang, size):
    app = make_app(tmp_path, size=size, lang=lang)
    try:
        match = gl_match(seats=[Seat("Aiko", HUMAN)] + [Seat(f"Bot {i}", AI, "easy") for i in range(5)], seed=2)
        scene = open_table(app, match)
        rng = Rng(3)
        for step in range(120):
            if top_name(app) != "TableScene":
                break
            if not scene.board.busy and not scene.table.busy() and scene.my_decision() is not None:
                human_move(app, scene, rng)
            x = (step * 97) % size[0]
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, (step * 53) % size[1]), rel=(0, 0),
                                                 buttons=(0, 0, 0)))
            frames(app, 1, 0.2)
        click(app, (size[0] // 2, size[1] // 2), button=3)  # a preview, if a card is there
        frames(app, 2)
    finally:
        app.shutdown()


def test_curtain_between_two_humans(app):
    match = gl_match(seats=[Seat("Aiko", HUMAN), Seat("Ben", HUMAN), Seat("Mary", AI, "easy")], seed=7)
    scene = open_table(app, match)
    rng = Rng(5)
    for _ in range(2000):
        if top_name(app) == "Curtain":
            break
        if top_name(app) == "TableScene" and not scene.board.busy and not scene.table.busy() \
                and scene.my_decision() is not None and scene.thinking is None:
            human_move(app, scene, rng)
        frames(app, 1, 0.05)
    assert top_name(app) == "Curtain" and scene.viewer is None
    waiting = scene.human_pending()[0]
    click(app, (5, 5))
    frames(app, 2)
    assert scene.viewer == waiting


def test_quick_defence_passes_for_a_lone_human_with_no_luck(app):
    """§10 Quick defence: alone at the table and holding no Luck, the defence passes by itself; with two
    humans, or with the option off, the prompt always appears."""
    from game.core.actions import action

    scene = open_table(app, gl_match())
    frames(app, 2)
    view = scene.match.view(0)
    only_pass = [action(0, "defend", luck=(0, 0, 0, 0))]
    assert scene.table.auto_action(view, only_pass, solo=True) == only_pass[0]
    assert scene.table.auto_action(view, only_pass, solo=False) is None
    with_luck = only_pass + [action(0, "defend", luck=(1, 0, 0, 0))]
    assert scene.table.auto_action(view, with_luck, solo=True) is None
    view = dict(view, options=dict(view["options"], quick_defence=False))
    assert scene.table.auto_action(view, only_pass, solo=True) is None


def test_a_luck_card_dragged_onto_the_attempt_is_played(app):
    from game.ai.bot import SeatInfo, make_bot

    bot = make_bot("get_lucky", "normal")
    for seed in range(60):  # a deal where the human must answer an attempt with Luck in hand
        match = gl_match(seats=[Seat("Aiko", HUMAN), Seat("Flint", AI, "normal"), Seat("Mary", AI, "normal")],
                         seed=seed)
        rng = Rng(seed)
        while not match.is_over():
            pending = match.pending()[0]
            if pending.seat == 0 and pending.kind == "defend" and len(match.legal_actions(0)) > 1:
                break
            match.apply(bot.choose(SeatInfo(match.rules, match.state, pending.seat), rng))
        if not match.is_over():
            break
    scene = open_table(app, match)
    frames(app, 3)
    drags = [g for g in scene.gestures() if g.drop_on == "panel"]
    assert drags, "each Luck card in hand can be dragged onto the attempt"
    gesture = drags[0]
    before = len(match.log)
    drag(app, scene.table.rect_of(gesture.drag_from).center, scene.table.rect_of("panel").center)
    assert match.log[before] == gesture.action and sum(gesture.action["luck"]) == 1
