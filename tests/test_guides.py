"""The guided first games (scenes/guide.py, data/guides/): each script is legal in the rules engine alone, each
guide can be played to its end by real mouse events and then to the game's end with the bots, in English and
Japanese; a wrong move is refused with a hint; Skip hands over at once; the first-start offer comes once."""

import pygame
import pytest

from game.core.rng import Rng
from game.core.safeio import read_json
from scenes import guide_script as guides
from scenes.guide import GuidedTable
from scenes.guide_script import scripted
from scenes.ui.strings import tr

from .scenes_harness import click, frames, key, make_app, perform, top_name

GUIDED = ["shipwreck_arcana", "deadmans_draw", "get_lucky", "three_dragon_ante", "deadwood"]
GUIDED = [g for g in GUIDED if guides.has_guide(g)]


def open_guide(app, game_id: str) -> GuidedTable:
    app.nav.guide(game_id)
    return app.top


@pytest.mark.parametrize("game_id", GUIDED)
def test_each_script_is_legal_and_reaches_its_end_in_the_engine(game_id):
    guide = guides.load(game_id)
    match = guide.match("You", lambda seat: f"Bot {seat}")
    for i, step in enumerate(guide.steps):
        if step.pattern is None:
            continue
        # A sealed choice (an ante, a defence card) is pending for several seats at once: the step's seat is one.
        assert step.seat in {d.seat for d in match.pending()}, f"step {i}: {step.seat} is not one to act"
        found = scripted(match, step)
        assert len(found) == 1, f"step {i} of {game_id} fits {found}, not exactly one legal action"
        match.apply(found[0])
    assert not match.is_over(), "the game goes on after the guide: the player finishes it"


@pytest.mark.parametrize("game_id", GUIDED)
def test_every_text_of_a_guide_is_in_both_languages(game_id):
    for step in guides.load(game_id).steps:
        for lang in ("en", "ja"):
            from game.core.i18n import text

            assert step.say is None or text(f"{game_id}.guide.{step.say}", lang) != f"{game_id}.guide.{step.say}"


def quiet(scene) -> bool:
    return not scene.board.busy and not scene.table.busy() and scene.thinking is None


def follow_guide(app, scene, limit=2000) -> int:
    """Play the guide as a player would: press Next on notes, make each step's move by mouse. Returns the
    clicks and moves it took."""
    acts = 0
    for _ in range(limit):
        step = scene.step
        if step is None:
            return acts
        if quiet(scene) and top_name(app) == "GuidedTable":
            if step.waits_for_next:
                frames(app, 1)  # the callout (and its Next button) is laid out when drawn
                click(app, scene.next_button.rect.center)
                acts += 1
                continue
            if step.do is not None and scene.my_decision() is not None:
                gesture = scene._expected()
                assert gesture is not None, f"step {scene.index}: the table offers no gesture for {step.do}"
                before = scene.index
                perform(app, scene, gesture)
                assert scene.index == before + 1, f"step {scene.index}: the move was not taken"
                acts += 1
                continue
        frames(app, 1, 0.05)
    raise AssertionError(f"the guide stopped at step {scene.index}")


def finish_game(app, scene, limit=8000) -> None:
    """After the guide, any legal move for the player until the results (the bots play their own)."""
    rng = Rng(4)
    for _ in range(limit):
        if top_name(app) == "ResultsScene":
            return
        if top_name(app) == "Dialog":  # a gesture with several moves asks which one
            click(app, app.top.buttons[0].rect.center)
        elif top_name(app) == "GuidedTable" and quiet(scene) and scene.my_decision() is not None:
            gestures = [g for g in scene.gestures() if g.action is not None and g.action.kind != "mark"]
            if gestures:
                perform(app, scene, gestures[rng.below(len(gestures))])
        frames(app, 1, 0.05)
    raise AssertionError("the game did not finish after the guide")


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game_id", GUIDED)
def test_a_guide_played_by_mouse_to_its_end_then_the_bots_take_over(tmp_path, game_id, lang):
    app = make_app(tmp_path, lang=lang)
    try:
        scene = open_guide(app, game_id)
        frames(app, 2)
        assert scene.worker is None
        follow_guide(app, scene)
        assert game_id in app.prefs.guided
        finish_game(app, scene)
        assert scene.match.is_over()
    finally:
        app.shutdown()


def first_move_step(scene):
    """Play on to the first step where the player has a move to make."""
    for _ in range(500):
        step = scene.step
        if step.do is not None and quiet(scene) and scene.my_decision() is not None:
            return step
        if step.waits_for_next and quiet(scene):
            frames(app_of(scene), 1)
            click(app_of(scene), scene.next_button.rect.center)
        frames(app_of(scene), 1, 0.05)
    raise AssertionError("no move to make")


def app_of(scene):
    return scene.app


@pytest.mark.parametrize("game_id", GUIDED)
def test_a_wrong_move_is_refused_with_a_hint_and_changes_nothing(app, game_id):
    scene = open_guide(app, game_id)
    frames(app, 2)
    # A move made while a note waits is refused too.
    step = scene.step
    if step.waits_for_next and scene.gestures():
        perform(app, scene, scene.gestures()[0])
        assert scene.hint == tr("table.guide_read") and scene.match.state_id == 0
    # Find a step with a wrong move on offer.
    for _ in range(20):
        first_move_step(scene)
        wrong = [g for g in scene.gestures() if g.action is not None and g.use is None
                 and not guides.matches(scene.step.do, g.action)]
        if wrong:
            break
        perform(app, scene, scene._expected())
    else:
        raise AssertionError("no step offers a wrong move")
    state, index = scene.match.state_id, scene.index
    perform(app, scene, wrong[0], prefer_click=True)
    frames(app, 1)
    assert scene.match.state_id == state and scene.index == index
    assert scene.hint == tr("table.guide_try", move=scene._expected().label)
    # The hint is drawn in the callout; the expected move is still taken.
    perform(app, scene, scene._expected())
    assert scene.index == index + 1


@pytest.mark.parametrize("game_id", GUIDED)
def test_skip_hands_over_to_a_normal_game(app, game_id):
    scene = open_guide(app, game_id)
    frames(app, 2)
    click(app, scene.end_guide_button.rect.center)
    assert scene.step is None
    # Any legal move is taken now, and the bots answer through the worker.
    first = next(g for g in scene.gestures() if g.action is not None)
    before = scene.match.state_id
    perform(app, scene, first, prefer_click=True)
    frames(app, 1)
    assert scene.match.state_id > before
    rng = Rng(2)
    for _ in range(400):
        if scene.worker is not None:
            break
        if top_name(app) == "GuidedTable" and quiet(scene) and scene.my_decision() is not None:
            gestures = [g for g in scene.gestures() if g.action is not None and g.action.kind != "mark"]
            perform(app, scene, gestures[rng.below(len(gestures))])
        frames(app, 1, 0.05)
    assert scene.worker is not None, "the bots were never asked"


def test_esc_opens_the_pause_menu_which_offers_the_guide(app):
    game_id = GUIDED[0]
    scene = open_guide(app, game_id)
    frames(app, 2)
    key(app, pygame.K_ESCAPE)
    assert top_name(app) == "PauseMenu"
    menu = app.top
    button = next(b for b in menu.buttons if b.text() == tr("pause.guide"))
    frames(app, 1)
    click(app, button.rect.center)
    assert isinstance(app.top, GuidedTable) and app.top is not scene and app.top.index == 0


def test_the_first_start_offer_appears_once_and_is_remembered(tmp_path):
    from scenes.app import App

    game_id = GUIDED[0]
    app = make_app(tmp_path)
    app.prefs.guided = []  # a first start
    try:
        app.nav.new_game(game_id)
        frames(app, 1)
        assert top_name(app) == "Dialog"
        assert game_id in read_json(app.settings_path, 1 << 16)["guided"]  # on disk at once
        click(app, app.top.buttons[1].rect.center)  # Play now
        assert top_name(app) == "NewGameScene"
        app.nav.new_game(game_id)
        frames(app, 1)
        assert top_name(app) == "NewGameScene", "asked a second time"
        other = next(g for g in GUIDED if g != game_id)
        app.nav.new_game(other)  # each game is offered on its own first start
        frames(app, 1)
        assert top_name(app) == "Dialog"
    finally:
        app.shutdown()
    again = App(user_dir=tmp_path, size=(1280, 720), fullscreen=False)  # remembered across a restart
    try:
        again.nav.new_game(game_id)
        frames(again, 1)
        assert top_name(again) == "NewGameScene"
    finally:
        again.shutdown()


def test_learn_by_playing_from_the_offer_and_from_the_new_game_screen(app):
    game_id = GUIDED[0]
    app.prefs.guided = []
    app.nav.new_game(game_id)
    frames(app, 1)
    click(app, app.top.buttons[0].rect.center)
    assert isinstance(app.top, GuidedTable) and app.top.match.game_id == game_id
    app.nav.new_game(game_id)
    frames(app, 1)
    newgame = app.top
    assert top_name(app) == "NewGameScene"
    click(app, newgame.learn.rect.center)
    assert isinstance(app.top, GuidedTable)


def test_a_game_without_a_guide_offers_none(app, monkeypatch, tmp_path):
    # Every game has a guide now: one is taken away (its file missing) to see that nothing offers it.
    real = guides.guide_path
    monkeypatch.setattr(guides, "guide_path", lambda g: tmp_path / "missing.yaml" if g == "deadwood" else real(g))
    app.prefs.guided = []  # a first start: no offer either
    app.nav.new_game("deadwood")
    frames(app, 1)
    assert top_name(app) == "NewGameScene" and app.top.learn not in app.top.form.widgets


def test_undo_waits_for_the_end_of_the_guide(app):
    game_id = GUIDED[0]
    scene = open_guide(app, game_id)
    frames(app, 2)
    step = first_move_step(scene)
    perform(app, scene, scene._expected())
    assert scene.step is not step
    state, index = scene.match.state_id, scene.index
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert (scene.match.state_id, scene.index) == (state, index)  # the script stays in step
    assert scene.table.words.items[-1][0] == tr("table.guide_no_undo")
    click(app, scene.end_guide_button.rect.center)
    scene.table.words.clear()
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # after the guide, undo is the table's own again
    said = [item[0] for item in scene.table.words.items]
    assert tr("table.guide_no_undo") not in said and (said or scene.match.state_id > state)


def test_the_coach_waits_for_the_end_of_the_guide(app):
    """The guide asks for one move; the coach's hint (the Hard AI's move, perhaps another) would be refused
    by it, and its button would sit where the guide's Skip does: it comes back when the guide ends."""
    app.prefs.coach = "on"
    scene = open_guide(app, "deadmans_draw")
    frames(app, 2)
    assert scene.coach.button not in scene.form.widgets
    assert not scene.end_guide_button.rect.colliderect(scene.skip_button.rect)
    click(app, scene.end_guide_button.rect.center)
    frames(app, 1)
    assert scene.coach.enabled and scene.coach.button in scene.form.widgets


@pytest.mark.parametrize("broken", ["steps: [do: {kind: draw\n", "seed: 3\nplayers: two\nsteps: []\n",
                                    "seed: 3\nplayers: 2\nsteps: [{do: draw}]\n"])
def test_a_broken_guide_file_is_told_and_the_game_goes_on(app, tmp_path, monkeypatch, broken):
    """A guide file edited into something that is no guide (bad YAML, a wrong field, a move with no kind):
    the player is told which file and why, in their language, and stays on the screen they were on."""
    guide_file = tmp_path / "deadmans_draw.yaml"
    guide_file.write_text(broken, encoding="utf-8")
    monkeypatch.setattr(guides, "guide_path", lambda game_id: guide_file)
    from scenes.title import TitleScene

    app.set_language("ja")
    app.reset(TitleScene(app))
    app.nav.guide("deadmans_draw")
    frames(app, 2)
    assert top_name(app) == "Dialog"
    assert app.top.heading == tr("newgame.guide_broken_title") and "deadmans_draw.yaml" in app.top.message
    key(app, pygame.K_RETURN)
    assert top_name(app) == "TitleScene"
