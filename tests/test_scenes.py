"""The app, headless: every scene draws in both languages at both sizes, a whole game of Dead Man's Draw is
played through the table with posted mouse events, saves and Continue restore the game, and the hot-seat
curtain appears exactly when hidden information would change hands."""

from __future__ import annotations

import pygame
import pytest

from game.core import saves
from game.core.match import AI, HUMAN, Match, Seat
from game.core.rng import Rng
from game.games import rules as rules_for

from .scenes_harness import click, drag, frames, key, make_app, open_table, perform, play_through, top_name, type_text

DMD = rules_for("deadmans_draw")


def table_match(seats=None, options=None, seed=3) -> Match:
    seats = seats or [Seat("Aiko", HUMAN), Seat("Flint", AI, "normal"), Seat("Mary", AI, "normal")]
    return Match(DMD, seats, options, seed)


def human_move(app, scene, rng: Rng) -> None:
    """Do one legal thing the way a player would: drag it or click it, never by calling the engine."""
    gestures = scene.gestures()
    assert gestures, "the human has a decision but no gesture"
    kinds = {g.action.kind for g in gestures}
    if kinds == {"draw", "collect"}:
        want = "collect" if len(scene.match.state.play) >= 2 + rng.below(3) else "draw"
        gesture = next(g for g in gestures if g.action.kind == want)
    else:
        gesture = gestures[rng.below(len(gestures))]
    perform(app, scene, gesture, prefer_click=bool(rng.below(2)))


def test_whole_game_through_the_table_with_mouse_events(app):
    match = table_match(options={"traits": True})
    scene = open_table(app, match)
    play_through(app, scene, human_move, seed=1)
    assert match.is_over()
    assert top_name(app) == "ResultsScene"
    stats = app.history.stats("deadmans_draw")
    assert stats["played"] == 1
    frames(app, 2)


def test_keyboard_alone_can_play(app):
    match = table_match(seats=[Seat("Aiko"), Seat("Flint", AI, "easy")], options={"traits": False})
    scene = open_table(app, match)
    for _ in range(3000):
        if match.is_over():
            break
        if scene.my_decision() is not None and not scene.board.busy and scene.thinking is None:
            before = match.state_id
            key(app, pygame.K_TAB)
            key(app, pygame.K_RETURN)
            assert match.state_id > before
        frames(app, 1)
    assert match.is_over()


def test_save_quit_and_continue_restore_the_same_state(app):
    match = table_match(seats=[Seat("Aiko"), Seat("Ben", AI, "normal")], options={"traits": False})
    scene = open_table(app, match)
    rng = Rng(4)
    for _ in range(400):
        if len(match.log) >= 12 and scene.my_decision() is not None and not scene.board.busy:
            break
        if scene.my_decision() is not None and not scene.board.busy and scene.thinking is None:
            human_move(app, scene, rng)
        frames(app, 1)
    expected = match.state_hash()
    key(app, pygame.K_ESCAPE)
    assert top_name(app) == "PauseMenu"
    quit_button = app.top.buttons[-1]
    click(app, quit_button.rect.center)
    assert top_name(app) == "TitleScene"
    title = app.top
    assert title.continue_button.enabled
    click(app, title.continue_button.rect.center)
    assert top_name(app) == "TableScene"
    assert app.top.match.state_hash() == expected


def test_named_save_and_load_list(app, tmp_path):
    match = table_match(seats=[Seat("Aiko"), Seat("Ben", AI, "normal")], options={"traits": False})
    open_table(app, match)
    frames(app, 3)
    key(app, pygame.K_ESCAPE)
    click(app, app.top.buttons[1].rect.center)  # Save game...
    assert top_name(app) == "SaveAs"
    saveas = app.top
    assert saveas.form.focused is saveas.field
    for _ in range(len(saveas.field.text)):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "My voyage")
    click(app, saveas.ok.rect.center)
    assert (app.saves_dir / "My_voyage.json").exists()
    from scenes.load import LoadScene

    load = app.push(LoadScene(app))
    labels = [row[1] for row in load.entries]
    assert "My voyage" in labels


def test_broken_save_is_reported_and_left_untouched(app):
    app.saves_dir.mkdir(parents=True, exist_ok=True)
    broken = app.saves_dir / "broken.json"
    broken.write_bytes(b'{"format": "card-parlor-save", "format_')
    before = broken.read_bytes()
    from scenes.load import LoadScene

    load = app.push(LoadScene(app))
    index = next(i for i, row in enumerate(load.entries) if row[0] == broken)
    load.open(index)
    frames(app, 2)
    assert top_name(app) == "Dialog"
    assert broken.read_bytes() == before
    with pytest.raises(saves.SaveError):
        saves.load(broken)


def test_curtain_appears_for_the_secret_trait_pick_and_only_then(app):
    match = table_match(seats=[Seat("Aiko"), Seat("Ben")], options={"traits": True}, seed=9)
    scene = open_table(app, match)
    curtains = []
    rng = Rng(2)
    for _ in range(3000):
        if match.is_over() or top_name(app) == "ResultsScene":
            break
        if top_name(app) == "Curtain":
            curtains.append((match.state.phase, len(match.log)))
            click(app, (10, 10))
            continue
        if scene.my_decision() is not None and not scene.board.busy:
            human_move(app, scene, rng)
        frames(app, 1)
    # Exactly one hand-over: after the first player's secret pick, before the second's. Never during play,
    # where both players see the same table.
    assert curtains == [("traits", 1)]


def test_curtain_hides_the_table(app):
    match = table_match(seats=[Seat("Aiko"), Seat("Ben")], options={"traits": True}, seed=9)
    scene = open_table(app, match)
    frames(app, 2)
    first = scene.viewer
    picks = [g for g in scene.gestures() if g.action.kind == "keep_trait"]
    click(app, scene.table.rect_of(picks[0].click).center)
    frames(app, 2)
    assert top_name(app) == "Curtain" and scene.viewer is None
    click(app, (5, 5))
    frames(app, 1)
    assert scene.viewer == 1 - first


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_every_scene_draws(tmp_path, lang, size):
    """Every screen (the self-test's list: title, new game, load, settings, rules, credits, curtain, dialog,
    and per game the table, pause menu, save-as and results) draws, with the pointer wandering over it."""
    from scenes.selftest import scenes_to_draw

    app = make_app(tmp_path, size=size, lang=lang)
    try:
        drawn = set()
        for stack in scenes_to_draw(app):
            app.reset(stack[0])
            for scene in stack[1:]:
                app.push(scene)
            frames(app, 3)
            assert app.top is stack[-1]
            drawn.add(type(app.top).__name__)
            for x in range(0, size[0], size[0] // 8):
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, size[1] // 2), rel=(0, 0),
                                                     buttons=(0, 0, 0)))
                frames(app, 1, 0.4)
        assert {"TitleScene", "NewGameScene", "LoadScene", "SettingsScene", "RulesScene", "CreditsScene",
                "TableScene", "PauseMenu", "ResultsScene", "Curtain", "Dialog", "SaveAs"} <= drawn
    finally:
        app.shutdown()


def test_selftest_passes(capsys):
    from scenes.__main__ import main

    assert main(["--selftest"]) == 0
    assert "selftest: ok" in capsys.readouterr().out


def test_broken_data_stops_start_up_with_a_message(tmp_path, monkeypatch, capsys):
    import scenes.__main__ as entry
    from scenes.app import App

    monkeypatch.setattr(entry, "data_problem", lambda: "deadmans_draw.yaml, card 'anchor_3', field 'value': bad")
    seen = []

    def run(self):
        frames(self, 2)
        seen.append((type(self.top).__name__, self.top.message))
        self.shutdown()

    monkeypatch.setattr(App, "run", run)
    assert entry.main(["--user-dir", str(tmp_path), "--size", "1280x720"]) == 2
    assert seen[0][0] == "Dialog" and "anchor_3" in seen[0][1]
    assert "anchor_3" in capsys.readouterr().err


@pytest.mark.parametrize("lang, words", [("en", "kept as history.sqlite.damaged-1"),
                                         ("ja", "history.sqlite.damaged-1として残し")])
def test_damaged_history_is_reported_and_set_aside(tmp_path, lang, words):
    (tmp_path / "history.sqlite").write_bytes(b"this is not a database" * 100)
    (tmp_path / "settings.json").write_text(f'{{"language": "{lang}"}}', encoding="utf-8")  # as saved last time
    app = make_app(tmp_path, lang=lang)
    try:
        from scenes.title import TitleScene

        app.push(TitleScene(app))
        frames(app, 2)
        assert top_name(app) == "Dialog" and words in app.top.message
        assert (tmp_path / "history.sqlite.damaged-1").read_bytes().startswith(b"this is not a database")
    finally:
        app.shutdown()


def test_damaged_settings_are_reported_and_set_aside(tmp_path):
    (tmp_path / "settings.json").write_text("{not json", encoding="utf-8")
    app = make_app(tmp_path)
    try:
        from scenes.title import TitleScene

        app.push(TitleScene(app))
        frames(app, 2)
        assert top_name(app) == "Dialog" and "settings.json.damaged" in app.top.message
        assert (tmp_path / "settings.json.damaged").read_text(encoding="utf-8") == "{not json"
    finally:
        app.shutdown()


def test_a_drop_where_nothing_takes_it_springs_home(app):
    match = table_match(seats=[Seat("Aiko"), Seat("Ben", AI, "normal")], options={"traits": False}, seed=21)
    scene = open_table(app, match)
    for _ in range(2000):  # play until Aiko has loot in play and may Draw or Stop
        decision = scene.my_decision()
        if decision is not None and decision.kind == "draw_or_collect" and not scene.board.busy:
            break
        if decision is not None and not scene.board.busy and scene.thinking is None:
            gesture = next((g for g in scene.gestures() if g.action.kind == "draw"), scene.gestures()[0])
            click(app, scene.table.rect_of(gesture.click or gesture.drag_from).center)
        frames(app, 1)
    before = match.state_id
    play = scene.table.rect_of("zone:play")
    drag(app, scene.board.pieces[match.view(0)["play"][0]].rect.center, scene.table.rect_of("pile:discard").center)
    assert match.state_id == before  # the discard pile takes nothing now
    assert scene.board.busy  # the cards fly back into the play area
    frames(app, 20)
    for card in match.view(0)["play"]:
        assert play.contains(scene.board.pieces[card].rect)


def test_resizing_the_window_relays_out_the_table(app):
    from scenes.ui.theme import scale

    match = table_match(options={"traits": False})
    scene = open_table(app, match)
    frames(app, 3)
    before = scene.table.rect_of("pile:draw").size
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080)))
    frames(app, 2)
    assert app.screen.get_size() == (1920, 1080) and scale.factor == 1.0
    after = scene.table.rect_of("pile:draw").size
    assert after[0] > before[0] and after[1] > before[1]
    assert app.prefs.window == [1920, 1080]


def test_f11_toggles_fullscreen_and_remembers_it(app):
    key(app, pygame.K_F11)
    assert app.fullscreen and app.prefs.fullscreen
    key(app, pygame.K_F11)
    assert not app.fullscreen and not app.prefs.fullscreen


def test_finished_game_clears_the_autosave_and_is_recorded_once(app):
    match = table_match(seats=[Seat("Aiko"), Seat("Ben", AI, "easy")], options={"traits": False})
    scene = open_table(app, match)
    from game.core.saves import autosave_path

    slot = autosave_path(app.saves_dir, "deadmans_draw")
    play_through(app, scene, human_move, seed=3)
    assert scene.match.log and not slot.exists() and not (app.saves_dir / "autosave.json").exists()
    assert app.history.stats("deadmans_draw")["played"] == 1
    # Loading the finished game again shows the result without counting it twice.
    from scenes.table.scene import TableScene

    app.push(TableScene(app, match))
    frames(app, 3)
    assert top_name(app) == "ResultsScene" and app.history.stats("deadmans_draw")["played"] == 1


def test_a_dead_ai_process_does_not_hang_the_table(app):
    match = table_match(seats=[Seat("Aiko"), Seat("Ben", AI, "normal")], options={"traits": False}, seed=11)
    scene = open_table(app, match)
    rng = Rng(5)
    for _ in range(2000):
        if scene.worker is not None and scene.worker.uses_process and scene.thinking is not None:
            killed = scene.worker.pid
            scene.worker._process.kill()
            break
        if scene.my_decision() is not None and not scene.board.busy:
            human_move(app, scene, rng)
        frames(app, 1)
    before = len(match.log)
    for _ in range(400):
        if len(match.log) > before + 2:
            break
        if scene.my_decision() is not None and not scene.board.busy:
            human_move(app, scene, rng)
        frames(app, 1)
    assert len(match.log) > before + 2 and scene.worker.uses_process and scene.worker.pid != killed  # replaced
