"""Trustworthy saves in the app (issues 10 and 11), driven by posted events: one unfinished game per game
(Continue on the title and on each library tile; a new game or a load asks before replacing one); damaged
saves listed and explained, never breaking a screen; Delete and Rename on the Load screen; Save as that
asks before replacing and keeps Enter to its button; writes that fail tell once while play goes on."""

from __future__ import annotations

import errno
import json
import os
import shutil
import stat
import tempfile
from pathlib import Path

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core import saves
from game.core.match import AI, Match, Seat
from game.core.rng import Rng
from game.games import rules as rules_for
from scenes.ui.theme import scale

from .scenes_harness import click, frames, key, make_app, open_table, play_through, top_name, type_text
from .test_saves import FIELD_NAMES, JSON, REAL, REAL_BYTES, played, resealed
from .test_scenes import human_move, table_match

DMD, GL = "deadmans_draw", "get_lucky"


def get_lucky_match(seed=2) -> Match:
    info = rules_for(GL).info
    seats = [Seat("Aiko")] + [Seat(f"Bot {i}", AI, "easy") for i in range(1, info.min_players)]
    match = Match(rules_for(GL), seats, None, seed)
    rng = Rng(seed)
    for _ in range(4):
        legal = match.legal_actions(match.pending()[0].seat)
        match.apply(legal[rng.below(len(legal))])
    return match


def slot(app, game_id):
    return saves.autosave_path(app.saves_dir, game_id)


def play_moves(app, scene, count: int, rng=None) -> None:
    """`count` human moves through the table, closing (and not counting) nothing else."""
    rng = rng or Rng(4)
    target = len(scene.match.log) + count
    for _ in range(800):
        if len(scene.match.log) >= target and not scene.board.busy:
            return
        if app.top is scene and scene.my_decision() is not None and not scene.board.busy and scene.thinking is None:
            human_move(app, scene, rng)
        frames(app, 1)
    raise AssertionError("the table did not get through the moves")


def title(app):
    from scenes.title import TitleScene

    scene = app.reset(TitleScene(app))
    frames(app, 1)
    return scene


def tile(app, game_id):
    return next(t for t in app.top.library.tiles if t.info.id == game_id)


def click_row(app, scene, index: int) -> None:
    rect = scene.list.rect
    click(app, (rect.centerx, rect.top + index * scale(84) + scale(40)))


def row_of(scene, path) -> int:
    return next(i for i, row in enumerate(scene.entries) if row.path == path)


def open_load(app):
    from scenes.load import LoadScene

    scene = app.push(LoadScene(app))
    frames(app, 2)
    return scene


# -- one unfinished game per game ----------------------------------------------------------------------------


def test_each_game_keeps_its_own_slot_and_continue_offers_the_latest(app):
    other = slot(app, GL)
    gl = get_lucky_match()
    saves.write(gl, other)
    kept = other.read_bytes()
    match = table_match(seats=[Seat("Aiko"), Seat("Ben", AI, "normal")], options={"traits": False})
    scene = open_table(app, match)
    play_moves(app, scene, 3)
    assert saves.load(slot(app, DMD))[0].state_hash() == match.state_hash()
    assert other.read_bytes() == kept, "playing one game never touches another game's unfinished one"
    assert not (app.saves_dir / "autosave.json").exists()

    os.utime(other, (1, 1))  # the Dead Man's Draw game is the more recent
    home = title(app)
    click(app, home.continue_button.rect.center)
    assert top_name(app) == "TableScene" and app.top.match.state_hash() == match.state_hash()
    os.utime(slot(app, DMD), (1, 1))
    os.utime(other, None)
    home = title(app)
    click(app, home.continue_button.rect.center)
    assert top_name(app) == "TableScene" and app.top.match.game_id == GL
    assert app.top.match.state_hash() == gl.state_hash()


def test_each_library_tile_continues_its_own_game(app):
    match = played(steps=8)
    saves.write(match, slot(app, DMD))
    title(app)
    assert tile(app, DMD).continue_rect() is not None and tile(app, GL).continue_rect() is None
    frames(app, 2)  # draws with the Continue button on the tile
    click(app, tile(app, DMD).continue_rect().center)
    assert top_name(app) == "TableScene" and app.top.match.state_hash() == match.state_hash()
    title(app)
    click(app, tile(app, GL).rect.center)  # no unfinished game: a click starts a new one
    assert top_name(app) == "NewGameScene"


def test_the_old_shared_autosave_moves_to_its_games_slot_and_continues(app):
    match = played(steps=6)
    app.saves_dir.mkdir(parents=True)
    saves.write(match, app.saves_dir / "autosave.json")
    home = title(app)
    assert slot(app, DMD).exists() and not (app.saves_dir / "autosave.json").exists()
    click(app, home.continue_button.rect.center)
    assert top_name(app) == "TableScene" and app.top.match.state_hash() == match.state_hash()


def start_new_game(app, game_id):
    from scenes.newgame import NewGameScene

    title(app)
    scene = app.push(NewGameScene(app, game_id))
    frames(app, 1)
    click(app, scene.start.rect.center)
    return scene


def test_a_new_game_of_a_game_with_an_unfinished_one_asks_first(app):
    old = played(steps=8)
    saves.write(old, slot(app, DMD))
    saves.write(get_lucky_match(), slot(app, GL))
    before, gl_before = slot(app, DMD).read_bytes(), slot(app, GL).read_bytes()

    start_new_game(app, DMD)
    assert top_name(app) == "Dialog" and len(app.top.buttons) == 3
    key(app, pygame.K_ESCAPE)  # cancel
    assert top_name(app) == "NewGameScene" and slot(app, DMD).read_bytes() == before

    start_new_game(app, DMD)
    click(app, app.top.buttons[0].rect.center)  # continue it
    assert top_name(app) == "TableScene" and app.top.match.state_hash() == old.state_hash()

    start_new_game(app, DMD)
    click(app, app.top.buttons[1].rect.center)  # start a new one, discarding the old
    assert top_name(app) == "TableScene" and app.top.match.seed != old.seed
    assert not slot(app, DMD).exists() or saves.read_document(slot(app, DMD))["seed"] == app.top.match.seed
    assert slot(app, GL).read_bytes() == gl_before, "only this game's unfinished game is discarded"


def test_a_new_game_without_an_unfinished_one_starts_at_once(app):
    start_new_game(app, DMD)
    assert top_name(app) == "TableScene"


def test_a_new_game_over_a_damaged_unfinished_one_sets_it_aside_not_away(app):
    app.saves_dir.mkdir(parents=True)
    slot(app, DMD).write_text("{broken")
    start_new_game(app, DMD)
    assert top_name(app) == "Dialog" and slot(app, DMD).name in app.top.message
    click(app, app.top.buttons[0].rect.center)
    assert (app.saves_dir / (slot(app, DMD).name + ".damaged")).read_text() == "{broken"
    frames(app, 2)
    assert top_name(app) == "Dialog"  # says where it was kept
    click(app, app.top.buttons[0].rect.center)
    assert top_name(app) == "TableScene"


def test_loading_a_save_of_a_game_with_an_unfinished_one_asks_first(app):
    unfinished_match, named = played(steps=8), played(seed=9, steps=4)
    saves.write(unfinished_match, slot(app, DMD))
    saves.write(named, app.saves_dir / "trip.json", "Trip")
    load = open_load(app)
    click_row(app, load, row_of(load, app.saves_dir / "trip.json"))
    click(app, load.open_button.rect.center)
    assert top_name(app) == "Dialog" and len(app.top.buttons) == 3
    click(app, app.top.buttons[0].rect.center)  # continue the unfinished one instead
    assert app.top.match.state_hash() == unfinished_match.state_hash()

    load = open_load(app)
    click_row(app, load, row_of(load, app.saves_dir / "trip.json"))
    click(app, load.open_button.rect.center)
    click(app, app.top.buttons[1].rect.center)  # load this one
    assert app.top.match.state_hash() == named.state_hash() and not slot(app, DMD).exists()


def test_a_finished_game_clears_only_its_own_slot(app):
    saves.write(get_lucky_match(), slot(app, GL))
    kept = slot(app, GL).read_bytes()
    match = table_match(seats=[Seat("Aiko"), Seat("Ben", AI, "easy")], options={"traits": False})
    scene = open_table(app, match)
    play_through(app, scene, human_move, seed=3)
    assert not slot(app, DMD).exists() and slot(app, GL).read_bytes() == kept


# -- damaged saves -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_continue_of_a_damaged_autosave_says_why_and_offers_to_set_it_aside(tmp_path, lang):
    app = make_app(tmp_path, lang=lang)
    try:
        app.saves_dir.mkdir(parents=True)
        path = slot(app, DMD)
        path.write_bytes(b'{"format": "card-parlor-save", "seats": ')
        home = title(app)
        click(app, home.continue_button.rect.center)
        assert top_name(app) == "Dialog"
        message = app.top.message
        assert path.name in message and (lang == "en" or "壊れて" in message)
        key(app, pygame.K_ESCAPE)  # leave it
        assert path.exists()
        click(app, app.top.continue_button.rect.center)
        click(app, app.top.buttons[0].rect.center)  # set it aside
        assert not path.exists() and path.with_name(path.name + ".damaged").exists()
        frames(app, 2)
        click(app, app.top.buttons[0].rect.center)  # the notice saying where it is kept
        assert top_name(app) == "TitleScene" and not app.top.continue_button.enabled
    finally:
        app.shutdown()


def _sparse(path: Path, size: int) -> None:
    with open(path, "wb") as fh:
        fh.truncate(size)  # costs no disk


def _wrong(field, value):
    def make(path: Path) -> None:
        path.write_text(json.dumps(resealed({**saves.to_document(played(steps=4)), field: value})))
    return make


# Every kind of file that once hung, crashed or exhausted Continue or the Load screen.
HOSTILE = {
    "fifo": os.mkfifo,
    "zero": lambda path: os.symlink("/dev/zero", path),
    "dangling": lambda path: os.symlink(path.with_name("gone.x"), path),
    "huge": lambda path: _sparse(path, 100 * 1024 * 1024),
    "deep": lambda path: path.write_text("[" * 5000 + "]" * 5000),
    "bigint": lambda path: path.write_text('{"seed": ' + "9" * 5000 + "}"),
    "surrogate": lambda path: path.write_text('{"label": "\\ud800"}'),
    "binary": lambda path: path.write_bytes(bytes(range(256))),
    "seats": _wrong("seats", {"a": 1}),
    "actions": _wrong("actions", 3),
    "seed": _wrong("seed", "x"),
    "game": _wrong("game", [1]),
}


def hostile_files(folder: Path) -> set:
    """One file of each hostile kind, named after it; their names."""
    folder.mkdir(parents=True, exist_ok=True)
    for kind, make in HOSTILE.items():
        make(folder / f"{kind}.json")
    return {f"{kind}.json" for kind in HOSTILE}


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_continue_of_a_hostile_autosave_is_refused_at_once_and_explained(app, kind):
    app.saves_dir.mkdir(parents=True)
    path = slot(app, DMD)
    HOSTILE[kind](path)
    before = os.lstat(path)
    home = title(app)
    click(app, home.continue_button.rect.center)
    assert top_name(app) == "Dialog" and path.name in app.top.message
    after = os.lstat(path)
    assert (after.st_mode, after.st_size, after.st_mtime_ns) == (before.st_mode, before.st_size, before.st_mtime_ns)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_load_screen_lists_every_damaged_file_and_still_draws(tmp_path, lang):
    app = make_app(tmp_path, lang=lang)
    try:
        damaged = hostile_files(app.saves_dir)
        saves.write(played(steps=5), app.saves_dir / "good.json", "Good one")
        title(app)
        load = open_load(app)
        rows = {row.path.name: row for row in load.entries}
        assert set(rows) == damaged | {"good.json"}
        assert rows["good.json"].ok and rows["good.json"].title == "Good one"
        for name in damaged:
            assert not rows[name].ok and name in rows[name].detail, name
        for _ in range(len(load.entries) + 1):
            key(app, pygame.K_DOWN)  # scroll through them all, drawing each frame
        click_row(app, load, 0)
        frames(app, 2)
        click(app, load.open_button.rect.center)  # a damaged one: explained, left as it was
        assert top_name(app) == "Dialog"
    finally:
        app.shutdown()


def test_temp_files_left_by_a_kill_are_cleaned_when_the_load_screen_opens(app):
    app.saves_dir.mkdir(parents=True)
    leftover = app.saves_dir / ".trip.json.k2j4.tmp"
    leftover.write_text("{")
    open_load(app)
    assert not leftover.exists()
    leftover.write_text("{")
    title(app)
    assert not leftover.exists()


def test_an_unreadable_saves_folder_does_not_stop_the_app(tmp_path, monkeypatch):
    real = os.scandir

    def refuse(path="."):
        if Path(path).name == "saves":
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", refuse)
    app = make_app(tmp_path)
    try:
        saves.write(played(steps=4), slot(app, DMD))
        home = title(app)
        assert not home.continue_button.enabled
        load = open_load(app)
        assert load.entries == [] and not load.open_button.enabled
    finally:
        app.shutdown()


def test_a_file_where_the_saves_folder_should_be_gives_one_notice_and_play_goes_on(app):
    app.saves_dir.write_text("not a folder")
    home = title(app)
    assert not home.continue_button.enabled
    open_load(app)
    assert notices_while_playing(app, moves=5) == 1


# -- writes that fail ---------------------------------------------------------------------------------------


def notices_while_playing(app, moves: int) -> int:
    """Play `moves` human moves at a table, closing every notice that appears; the number of notices."""
    match = table_match(seats=[Seat("Aiko"), Seat("Ben", AI, "normal")], options={"traits": False})
    scene = open_table(app, match)
    rng, notices = Rng(6), 0
    for _ in range(1500):
        if top_name(app) == "Dialog":
            notices += 1
            click(app, app.top.buttons[0].rect.center)
            continue
        if len(match.log) >= moves * 2 and not scene.board.busy and not app.pending_notices:
            break
        if app.top is scene and scene.my_decision() is not None and not scene.board.busy and scene.thinking is None:
            human_move(app, scene, rng)
        frames(app, 1)
    assert len(match.log) >= moves * 2, "the game went on"
    assert not list(app.user_dir.rglob("*.tmp"))
    return notices


def fail_with(code):
    def fail(*args, **kwargs):
        raise OSError(code, os.strerror(code))
    return fail


@pytest.mark.parametrize("target, code", [
    ("replace", errno.EROFS), ("replace", errno.EACCES), ("mkstemp", errno.ENOSPC), ("mkstemp", errno.ENFILE),
    ("mkdir", errno.EACCES), ("mkstemp", errno.EDQUOT),
])
def test_a_saves_folder_that_cannot_be_written_gives_one_notice_and_play_goes_on(app, monkeypatch, target, code):
    if target == "mkdir":
        monkeypatch.setattr(Path, "mkdir", fail_with(code))
    elif target == "mkstemp":
        monkeypatch.setattr(tempfile, "mkstemp", fail_with(code))
    else:
        monkeypatch.setattr(os, target, fail_with(code))
    assert notices_while_playing(app, moves=4) == 1


def test_the_notice_of_a_failed_autosave_is_in_the_players_language(tmp_path, monkeypatch):
    app = make_app(tmp_path, lang="ja")
    try:
        monkeypatch.setattr(os, "replace", fail_with(errno.ENOSPC))
        scene = open_table(app, table_match(seats=[Seat("Aiko"), Seat("Ben", AI, "normal")],
                                            options={"traits": False}))
        for _ in range(200):
            if top_name(app) == "Dialog":
                break
            if app.top is scene and scene.my_decision() is not None and not scene.board.busy:
                human_move(app, scene, Rng(1))
            frames(app, 1)
        assert top_name(app) == "Dialog"
        assert slot(app, DMD).name in app.top.message and "ディスクがいっぱい" in app.top.message
    finally:
        app.shutdown()


def test_a_read_only_save_stays_read_only_through_continue_and_the_next_autosave(app):
    path = slot(app, DMD)
    saves.write(table_match(seats=[Seat("Aiko"), Seat("Ben", AI, "normal")], options={"traits": False}), path)
    os.chmod(path, 0o444)
    before = path.read_bytes()
    home = title(app)
    click(app, home.continue_button.rect.center)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o444 and path.read_bytes() == before
    open_load(app)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o444
    app.pop()
    play_moves(app, app.top, 1)
    assert path.read_bytes() != before and stat.S_IMODE(os.stat(path).st_mode) == 0o444


# -- Delete and Rename on the Load screen --------------------------------------------------------------------


def test_delete_asks_first_then_deletes(app):
    saves.write(played(steps=4), app.saves_dir / "a.json", "A")
    saves.write(played(steps=6), app.saves_dir / "b.json", "B")
    load = open_load(app)
    click_row(app, load, row_of(load, app.saves_dir / "a.json"))
    click(app, load.delete_button.rect.center)
    assert top_name(app) == "Dialog" and "a.json" in app.top.message
    key(app, pygame.K_ESCAPE)
    assert (app.saves_dir / "a.json").exists()
    click(app, load.delete_button.rect.center)
    click(app, app.top.buttons[0].rect.center)
    assert not (app.saves_dir / "a.json").exists() and [r.title for r in load.entries] == ["B"]


def test_a_damaged_save_can_be_deleted_but_not_renamed(app):
    app.saves_dir.mkdir(parents=True)
    (app.saves_dir / "bad.json").write_text("{")
    load = open_load(app)
    assert not load.rename_button.enabled and load.delete_button.enabled
    click(app, load.delete_button.rect.center)
    click(app, app.top.buttons[0].rect.center)
    assert not (app.saves_dir / "bad.json").exists()


def clear_and_type(app, field, text):
    for _ in range(len(field.text)):
        key(app, pygame.K_BACKSPACE)
    type_text(app, text)


def test_rename_changes_the_name_and_asks_before_replacing_another_save(app):
    saves.write(played(steps=4), app.saves_dir / "a.json", "A")
    saves.write(played(steps=6), app.saves_dir / "B.json", "B")
    b_before = (app.saves_dir / "B.json").read_bytes()
    load = open_load(app)
    click_row(app, load, row_of(load, app.saves_dir / "a.json"))
    click(app, load.rename_button.rect.center)
    assert top_name(app) == "NameDialog"
    clear_and_type(app, app.top.field, "Long voyage")
    key(app, pygame.K_RETURN)
    assert top_name(app) == "LoadScene"
    voyage = app.saves_dir / "Long_voyage.json"
    assert not (app.saves_dir / "a.json").exists() and saves.read_document(voyage)["label"] == "Long voyage"
    saves.load(voyage)  # still a whole, verified save

    click_row(app, load, row_of(load, voyage))
    click(app, load.rename_button.rect.center)
    clear_and_type(app, app.top.field, "B")
    key(app, pygame.K_RETURN)
    assert top_name(app) == "Dialog" and "B.json" in app.top.message
    key(app, pygame.K_ESCAPE)  # keep both
    assert top_name(app) == "NameDialog" and voyage.exists() and (app.saves_dir / "B.json").read_bytes() == b_before


# -- Save as ------------------------------------------------------------------------------------------------


def open_save_as(app, match=None):
    scene = open_table(app, match or table_match(seats=[Seat("Aiko"), Seat("Ben", AI, "normal")],
                                                 options={"traits": False}))
    frames(app, 2)
    key(app, pygame.K_ESCAPE)
    click(app, app.top.buttons[1].rect.center)
    assert top_name(app) == "SaveAs"
    return scene, app.top


def named_saves(app):
    return sorted(p.name for p in saves.save_files(app.saves_dir) if not saves.is_autosave(p))


def test_the_default_save_name_is_in_the_players_language(tmp_path):
    app = make_app(tmp_path, lang="ja")
    try:
        _, saveas = open_save_as(app)
        assert saveas.field.text.startswith(rules_for(DMD).info.names["ja"]) and "turn" not in saveas.field.text
    finally:
        app.shutdown()


def test_enter_in_an_empty_name_writes_nothing(app):
    _, saveas = open_save_as(app)
    clear_and_type(app, saveas.field, "   ")
    assert not saveas.ok.enabled
    key(app, pygame.K_RETURN)
    assert top_name(app) == "SaveAs" and named_saves(app) == []


def test_the_name_field_shows_its_limit(app):
    _, saveas = open_save_as(app)
    clear_and_type(app, saveas.field, "x" * 40)
    assert saveas.field.text == "x" * saves.NAME_LIMIT
    assert saveas.limit_note() == ("At most 32 characters.", True)
    clear_and_type(app, saveas.field, "abc")
    assert saveas.limit_note() == ("3/32 characters", False)
    frames(app, 2)


def test_a_save_named_autosave_does_not_take_the_autosave_slot(app):
    _, saveas = open_save_as(app)
    saves.write(played(steps=9), slot(app, DMD))
    kept = slot(app, DMD).read_bytes()
    clear_and_type(app, saveas.field, "autosave-deadmans_draw")
    key(app, pygame.K_RETURN)
    assert slot(app, DMD).read_bytes() == kept
    assert named_saves(app) == ["save_autosave-deadmans_draw.json"]


def test_two_names_for_one_file_ask_before_replacing_even_across_games(app):
    saves.write(get_lucky_match(), app.saves_dir / "My_voyage.json", "My voyage")
    before = (app.saves_dir / "My_voyage.json").read_bytes()
    _, saveas = open_save_as(app)
    clear_and_type(app, saveas.field, "My/voyage")
    click(app, saveas.ok.rect.center)
    assert top_name(app) == "Dialog" and "My voyage" in app.top.message
    key(app, pygame.K_ESCAPE)
    assert top_name(app) == "SaveAs" and (app.saves_dir / "My_voyage.json").read_bytes() == before
    click(app, saveas.ok.rect.center)
    click(app, app.top.buttons[0].rect.center)  # replace
    assert top_name(app) == "PauseMenu"  # saved, back under the menu
    doc = saves.read_document(app.saves_dir / "My_voyage.json")
    assert doc["label"] == "My/voyage" and doc["game"] == DMD


def test_a_save_that_cannot_be_written_says_so_in_the_players_language(tmp_path, monkeypatch):
    app = make_app(tmp_path, lang="ja")
    try:
        _, saveas = open_save_as(app)
        monkeypatch.setattr(os, "replace", fail_with(errno.EROFS))
        click(app, saveas.ok.rect.center)
        frames(app, 2)
        assert top_name(app) == "Dialog" and "読み取り専用" in app.top.message
        click(app, app.top.buttons[0].rect.center)
        assert top_name(app) == "SaveAs"
    finally:
        app.shutdown()


def test_setting_aside_in_a_folder_that_cannot_be_looked_into_does_not_crash(app, monkeypatch):
    app.saves_dir.mkdir(parents=True)
    path = slot(app, DMD)
    path.write_text("{")
    home = title(app)

    def no_look(real):
        def look(target, *args, **kwargs):
            if str(target).endswith(".damaged"):
                raise PermissionError(errno.EACCES, "Permission denied", str(target))
            return real(target, *args, **kwargs)
        return look

    monkeypatch.setattr(os, "lstat", no_look(os.lstat))
    monkeypatch.setattr(os, "stat", no_look(os.stat))
    monkeypatch.setattr(os, "rename", fail_with(errno.EACCES))
    click(app, home.continue_button.rect.center)
    click(app, app.top.buttons[0].rect.center)  # set it aside: it cannot be, and we say so
    frames(app, 2)
    assert top_name(app) == "Dialog" and path.name in app.top.message and path.read_text() == "{"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(docs=st.lists(st.tuples(st.dictionaries(st.sampled_from(FIELD_NAMES), JSON, max_size=3), st.booleans(),
                               st.integers(0, len(REAL_BYTES))), min_size=1, max_size=4))
def test_the_load_screen_draws_whatever_damaged_saves_it_finds(app, docs):
    """Random values in random fields (resealed or not) and truncated real saves: every file is a row, every
    damaged row names its file, and the screen draws."""
    shutil.rmtree(app.saves_dir, ignore_errors=True)
    app.saves_dir.mkdir(parents=True)
    for n, (changes, reseal, cut) in enumerate(docs):
        doc = {**REAL, **changes}
        (app.saves_dir / f"r{n}.json").write_text(json.dumps(resealed(doc) if reseal else doc, ensure_ascii=False))
        (app.saves_dir / f"t{n}.json").write_bytes(REAL_BYTES[:cut])
    load = open_load(app)
    assert len(load.entries) == 2 * len(docs)
    assert all(row.ok or row.path.name in row.detail for row in load.entries)
    key(app, pygame.K_DOWN)
    app.pop(load)
