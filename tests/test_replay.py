"""Replays (game/core/replay.py, scenes/replay.py): a save of every registered game, made by bots with a
seed, stepped forward and back visits exactly the states of a fresh rebuild; a turn can be jumped to; a
seat's replay never shows another seat's hidden cards; all face up names every piece some player could
name; the scene is driven with real key and mouse events from the Load screen and from the results screen;
a finished game leaves a record that the play history's row finds, and a damaged one is set aside."""

from __future__ import annotations

from datetime import datetime

import pygame
import pytest

from game.ai.bot import SeatInfo, make_bot
from game.cli import replay_steps
from game.core import replay as engine
from game.core import saves, zones
from game.core.actions import deciding
from game.core.events import ALL
from game.core.match import AI, Match, Seat
from game.core.rng import Rng
from game.games import all_ids
from game.games import rules as rules_for
from tests.scenes_harness import click, frames, key, make_app, open_table, top_name

SEED = 11


def bot_match(game_id: str, seed: int = SEED) -> Match:
    """A whole game between Random bots (the first seat is marked human, as in a game against the AI), at the
    game's smallest table of at least three."""
    rules = rules_for(game_id)
    players = max(rules.info.min_players, 3)
    seats = [Seat("P0"), *(Seat(f"Bot{i}", AI, "random") for i in range(1, players))]
    match = Match(rules, seats, None, seed)
    bot, rng = make_bot(game_id, "random"), Rng(seed)
    while not match.is_over():
        seat = deciding(match.pending())[0].seat
        match.apply(bot.choose(SeatInfo(rules, match.state, seat), rng))
    return match


@pytest.fixture(scope="module")
def matches() -> dict:
    return {game_id: bot_match(game_id) for game_id in all_ids()}


def fresh_hashes(match: Match) -> list[str]:
    """The state hash after each number of actions, rebuilt from the seed alone."""
    again = Match(match.rules, match.seats, match.options, match.seed, match.initial)
    out = [again.state_hash()]
    for act in match.log:
        again.apply(act)
        out.append(again.state_hash())
    return out


def named(zone_list) -> set:
    return {c for z in zone_list for c in z["cards"] if not zones.is_handle(c)}


def strings(value) -> set:
    """Every string in a JSON-like value."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings(v) for v in value.values()), *(strings(k) for k in value)) if value else set()
    if isinstance(value, list | tuple):
        return set().union(*(strings(v) for v in value)) if value else set()
    return set()


# -- the engine ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", all_ids())
def test_stepping_through_a_save_visits_the_states_of_a_fresh_rebuild(game_id, matches, tmp_path):
    match = matches[game_id]
    saves.write(match, tmp_path / "game.json")
    replay, doc = engine.load(tmp_path / "game.json")
    expected = fresh_hashes(match)
    assert replay.length == len(match.log) > 0 and replay.finished
    seen = [replay.match.state_hash()]
    while replay.step < replay.length:
        replay.forward()
        seen.append(replay.match.state_hash())
    assert seen == expected
    assert seen[-1] == doc["state_hash"] == replay.final_hash
    back = [replay.match.state_hash()]
    while replay.step > 0:
        replay.back()
        back.append(replay.match.state_hash())
    assert back == expected[::-1]
    # Jumps both ways land on the same states, with the log and the history cut where they should be.
    rng = Rng(3)
    for _ in range(20):
        step = rng.below(replay.length + 1)
        replay.seek(step)
        assert replay.match.state_hash() == expected[step]
        assert replay.match.log == match.log[:step] and len(replay.match.history) == step
        assert replay.last_events() == (match.history[step - 1] if step else [])


@pytest.mark.parametrize("game_id", all_ids())
def test_jump_to_a_turn_lands_on_its_first_step(game_id, matches):
    match = matches[game_id]
    replay = engine.Replay.of(match)
    starts = replay.turn_starts()
    assert len(starts) >= 2 and starts[0][1] == 0
    turns = [turn for turn, _ in starts]
    again = Match(match.rules, match.seats, match.options, match.seed, match.initial)
    marker = [match.rules.turn_marker(again.state)[0]]
    for act in match.log:
        again.apply(act)
        marker.append(match.rules.turn_marker(again.state)[0])
    for turn, step in reversed(starts):
        replay.jump_to_turn(turn)
        assert replay.step == step and replay.turn_at() == turn
        assert marker[step] == turn and (step == 0 or marker[step - 1] != turn)
    replay.jump_to_turn(max(turns) + 5)  # a turn that never came: the last one there was
    assert replay.step == starts[-1][1]


@pytest.mark.parametrize("game_id", all_ids())
def test_secret_answers_are_the_ones_the_command_line_replay_hides(game_id, matches):
    match = matches[game_id]
    assert engine.Replay.of(match).secret == [secret for _, _, secret in replay_steps(match)]


@pytest.mark.parametrize("game_id", all_ids())
def test_all_face_up_names_whatever_any_view_names_and_keeps_the_zone_schema(game_id, matches):
    """The contract of `everything` over every registered game, at every tenth step and the end."""
    match = matches[game_id]
    replay = engine.Replay.of(match)
    revealed = 0
    for step in [*range(0, replay.length, 10), replay.length]:
        replay.seek(step)
        rules, state = match.rules, replay.match.state
        views = zones.views_of(rules, state)
        face_up = engine.everything(rules, state)
        zones.check(face_up["zones"])
        assert zones.total(face_up["zones"]) == zones.total(views[-1]["zones"])
        assert named(face_up["zones"]) == set().union(*(named(v["zones"]) for v in views))
        revealed += len(named(face_up["zones"]) - named(views[-1]["zones"]))
    assert revealed, "all face up showed nothing the spectator could not see"


# -- finished games' records --------------------------------------------------------------------------------


def test_a_record_is_found_by_the_history_row_and_only_the_newest_are_kept(matches, tmp_path):
    from datetime import UTC, timedelta

    folder = tmp_path / "replays"
    manual = tmp_path / "saves" / "mine.json"
    manual.parent.mkdir()
    saves.write(matches["deadmans_draw"], manual)
    start = datetime(2026, 5, 1, 12, 0, 0, tzinfo=UTC)
    for i in range(5):
        engine.keep_record(folder, matches["deadmans_draw"], start + timedelta(minutes=i), keep=3)
    kept = engine.records(folder)
    assert [p.name[:15] for p in kept] == ["20260501T120400", "20260501T120300", "20260501T120200"]
    assert manual.exists()  # a player's own save is never pruned
    # The history keeps the time as ISO text in UTC: that finds the record.
    when = (start + timedelta(minutes=4)).isoformat(timespec="seconds")
    found = engine.find_replay(folder, "deadmans_draw", SEED, when)
    assert found == kept[0]
    replay, doc = engine.load(found)
    assert doc["result"]["winners"] == matches["deadmans_draw"].result().winners
    assert replay.final_hash == matches["deadmans_draw"].state_hash()
    assert engine.find_replay(folder, "deadmans_draw", SEED, start.isoformat()) is None  # pruned
    assert engine.find_replay(folder, "deadmans_draw", SEED, "not a time") is None


def test_the_play_history_opens_a_kept_game_at_its_final_table(matches, tmp_path):
    from scenes.title import TitleScene

    app = make_app(tmp_path)
    app.reset(TitleScene(app))
    when = "2026-05-01T12:00:00+00:00"
    engine.keep_record(engine.folder_of(app.user_dir), matches["shipwreck_arcana"], datetime.fromisoformat(when))
    app.nav.replay_finished("shipwreck_arcana", SEED, when)
    scene = app.top
    assert top_name(app) == "ReplayScene" and scene.replay.step == scene.replay.length
    assert scene.match.state_hash() == matches["shipwreck_arcana"].state_hash()
    key(app, pygame.K_ESCAPE)
    app.nav.replay_finished("shipwreck_arcana", SEED, "2026-05-01T12:00:01+00:00")  # never kept
    frames(app)
    assert top_name(app) == "Dialog" and "no longer kept" in app.top.message


def test_a_recent_game_on_the_statistics_screen_opens_its_replay(matches, tmp_path):
    """Issue 15: the statistics' list of recent games opens their replays (a click on a row)."""
    from scenes.title import TitleScene

    app = make_app(tmp_path)
    try:
        app.reset(TitleScene(app))
        match = matches["deadmans_draw"]
        when = datetime.fromisoformat("2026-05-01T12:00:00+00:00")
        result = match.result()
        seats = [{"name": s.name, "kind": s.kind, "level": s.level} for s in match.seats]
        assert app.history.record(match.game_id, seats, {}, match.seed, result.winners, result.scores, 10,
                                  len(match.log), when)
        app.history.settle()
        engine.keep_record(engine.folder_of(app.user_dir), match, when)
        app.nav.statistics()
        frames(app)
        rows = app.top.recent
        click(app, (rows.rect.centerx, rows.body().top + rows.row_height() // 2))
        frames(app)
        assert top_name(app) == "ReplayScene" and app.top.match.state_hash() == match.state_hash()
    finally:
        app.shutdown()


def test_an_unfinished_hot_seat_game_shows_each_hand_behind_the_curtain(tmp_path):
    """A save of a hot-seat game still being played: seen by one of its players, that hand is theirs alone,
    so the replay hands the screen over behind the curtain, as the table does (no peeking at a rival's hand
    through the replay); all face up is not offered."""
    from scenes.replay import ReplayScene
    from scenes.title import TitleScene

    rules = rules_for("deadmans_draw")
    match = Match(rules, [Seat("Aiko"), Seat("Ben"), Seat("Bot", AI, "random")], None, SEED)
    bot, rng = make_bot("deadmans_draw", "random"), Rng(SEED)
    for _ in range(12):
        match.apply(bot.choose(SeatInfo(rules, match.state, deciding(match.pending())[0].seat), rng))
    app = make_app(tmp_path)
    try:
        app.reset(TitleScene(app))
        scene = app.push(ReplayScene(app, engine.Replay.of(match)))
        frames(app)
        assert top_name(app) == "Curtain" and app.top.player == "Aiko"
        click(app, (10, 10))
        assert app.top is scene and scene.seen_by == 0
        scene.see_as(2)  # an AI's seat: nobody's secret at this table
        assert app.top is scene
        scene.see_as(1)
        assert top_name(app) == "Curtain" and app.top.player == "Ben"
        key(app, pygame.K_RETURN)
        assert app.top is scene and scene.seen_by == 1
        assert engine.ALL not in [value for value, _ in scene._seat_options()]
    finally:
        app.shutdown()


# -- the scene ----------------------------------------------------------------------------------------------


def seat_choice_click(app, scene) -> None:
    """A click on the seat selector's › (the next seat)."""
    click(app, scene.seat_choice.parts()[2].center)


@pytest.mark.parametrize("game_id", all_ids())
def test_a_seat_replay_never_shows_another_seats_hidden_cards(game_id, matches, tmp_path):
    """At every step, seen by seat 1: the table is given seat 1's own view, and nothing it draws names a piece
    that only other seats could name at that moment (all face up names some of them)."""
    from scenes.replay import ReplayScene
    from scenes.title import TitleScene

    match = matches[game_id]
    app = make_app(tmp_path)
    app.reset(TitleScene(app))
    scene = app.push(ReplayScene(app, engine.Replay.of(match), seat=1))
    frames(app)
    hidden_somewhere = 0
    for step in range(scene.replay.length + 1):
        scene.go(step)
        scene.board.finish()
        own = scene.view()
        assert own == match.rules.view(scene.match.state, 1)
        # What seat 1 may know is whatever its own view names anywhere (a slot it peeked at, say).
        secret = named(engine.everything(match.rules, scene.match.state)["zones"]) - strings(own)
        hidden_somewhere += bool(secret)
        shown = {piece.shown for piece in scene.board.pieces.values()} | set(scene.board.pieces)
        assert not secret & shown, f"step {step}: seat 1 is shown {sorted(secret & shown)}"
    assert hidden_somewhere, "no step had a card hidden from seat 1: the test proved nothing"


def write_save(app, match, name="voyage") -> None:
    app.saves_dir.mkdir(parents=True, exist_ok=True)
    saves.write(match, app.saves_dir / f"{name}.json", name)


def test_replay_from_the_load_screen_steps_switches_seat_plays_and_leaves(matches, tmp_path):
    from scenes.title import TitleScene

    match = matches["three_dragon_ante"]
    app = make_app(tmp_path)
    write_save(app, match)
    before = (app.saves_dir / "voyage.json").read_bytes()
    app.reset(TitleScene(app))
    app.nav.load()
    frames(app)
    load = app.top
    assert load.replay_button.enabled
    click(app, load.replay_button.rect.center)
    assert top_name(app) == "ReplayScene"
    scene = app.top
    expected = fresh_hashes(match)
    assert scene.replay.step == 0 and scene.viewer == 0  # the first human's eyes
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert scene.replay.step == 2 and scene.match.state_hash() == expected[2]
    key(app, pygame.K_LEFT)
    assert scene.replay.step == 1 and scene.match.state_hash() == expected[1]
    assert len(scene.log) > 0
    key(app, pygame.K_END)
    assert scene.replay.step == scene.replay.length and scene.match.state_hash() == expected[-1]
    key(app, pygame.K_HOME)
    assert scene.replay.step == 0
    click(app, scene.buttons["forward"].rect.center)
    assert scene.replay.step == 1
    click(app, scene.buttons["back"].rect.center)
    assert scene.replay.step == 0
    # The turn selector's › jumps to the next turn's first step, ‹ back to this one's.
    starts = scene.replay.turn_starts()
    click(app, scene.turn_choice.parts()[2].center)
    assert scene.replay.step == starts[1][1] and scene.replay.turn_at() == starts[1][0]
    click(app, scene.turn_choice.parts()[0].center)
    assert scene.replay.step == 0
    # Seen by the next seat, then (past the last seat) all face up: a finished game may show everything.
    seat_choice_click(app, scene)
    assert scene.seen_by == 1 and scene.viewer == 1
    for _ in range(len(match.seats) - 1):
        seat_choice_click(app, scene)
    assert scene.seen_by == ALL and scene.viewer is None
    # Play runs the steps on the clock, Space pauses it.
    key(app, pygame.K_SPACE)
    assert scene.playing
    frames(app, 60, 0.1)
    reached = scene.replay.step
    assert reached > 2
    key(app, pygame.K_SPACE)
    frames(app, 30, 0.1)
    assert not scene.playing and scene.replay.step == reached
    # The timeline: a click at its right end goes to the last step.
    click(app, (scene.timeline.rect.right - 2, scene.timeline.rect.centery))
    assert scene.replay.step == scene.replay.length
    # Nothing was played, asked of a bot or saved: the save is as it was and no autosave appeared.
    assert scene.worker is None and scene.match.state_hash() == expected[-1]
    assert (app.saves_dir / "voyage.json").read_bytes() == before
    assert saves.unfinished(app.saves_dir) == []
    key(app, pygame.K_ESCAPE)
    assert top_name(app) == "LoadScene"


def test_a_replay_takes_no_gesture_that_would_play(matches, tmp_path):
    """An unfinished save replayed at a human's decision: clicks and keys on the table play nothing."""
    from scenes.replay import ReplayScene
    from scenes.title import TitleScene

    match = matches["deadmans_draw"]
    app = make_app(tmp_path)
    app.reset(TitleScene(app))
    replay = engine.Replay.of(match)
    step = next(i for i in range(1, replay.length) if match.log[i].seat == 0)  # seat 0 decides here
    scene = app.push(ReplayScene(app, replay, seat=0))
    scene.go(step)
    frames(app, 20)
    assert scene.gestures() == () and scene.action_buttons == []
    assert scene.replay.seats[0].is_human and scene.match.pending()[0].seat == 0
    controls = [scene.table.prompt_rect(), scene.table.menu_rect()]  # the control bar and Leave
    for rect in scene.table.zones.values():
        if rect.collidelist(controls) == -1:
            click(app, rect.center)
    assert top_name(app) == "ReplayScene"
    key(app, pygame.K_RETURN)
    key(app, pygame.K_TAB)
    assert scene.replay.step == step and len(scene.match.log) == step


def test_an_unfinished_game_is_seen_only_through_a_seats_eyes(matches, tmp_path):
    """All face up is offered once the game is over, never for a game still being played."""
    from scenes.replay import ReplayScene
    from scenes.title import TitleScene

    match = matches["three_dragon_ante"]
    unfinished = Match(match.rules, match.seats, match.options, match.seed, match.initial)
    unfinished.replay(match.log[:20])
    app = make_app(tmp_path)
    app.reset(TitleScene(app))
    scene = app.push(ReplayScene(app, engine.Replay.of(unfinished)))
    frames(app)
    assert [value for value, _ in scene.seat_choice.options] == list(range(len(match.seats)))
    for _ in range(len(match.seats)):
        seat_choice_click(app, scene)
        assert scene.seen_by != ALL and scene.viewer == scene.seen_by


def test_a_player_who_joined_later_is_seen_from_the_spectator_place_until_they_join(tmp_path):
    """Shipwreck lets players join between turns: seen by the one who joined, the steps before their join
    show the spectator's table (they had no seat yet), the steps after show theirs."""
    from scenes.replay import ReplayScene
    from scenes.title import TitleScene

    rules = rules_for("shipwreck_arcana")
    match = Match(rules, [Seat("A"), Seat("B")], {"join_leave": True}, 4)
    rng = Rng(1)
    while not match.is_over():
        joins = [a for a in match.side_actions(0) if a.kind == "join"] if len(match.seats) == 2 else []
        if joins and len(match.log) >= 3:
            match.join(Seat("C"), joins[0])
            continue
        seat = deciding(match.pending())[0].seat
        legal = match.legal_actions(seat)
        match.apply(legal[rng.below(len(legal))])
    joined_at = next(i for i, act in enumerate(match.log) if act.kind == "join") + 1
    app = make_app(tmp_path)
    app.reset(TitleScene(app))
    scene = app.push(ReplayScene(app, engine.Replay.of(match), seat=2))
    frames(app)
    for step in range(len(match.log) + 1):
        if step:
            key(app, pygame.K_RIGHT)
        assert scene.replay.step == step
        assert scene.viewer == (2 if step >= joined_at else None)
        assert scene.view() == rules.view(scene.match.state, scene.viewer)


def finish_on_a_table(app, match):
    """The match's last move made on a table, so that the table ends the game as in play."""
    again = Match(match.rules, match.seats, match.options, match.seed, match.initial)
    again.replay(match.log[:-1])
    table = open_table(app, again)
    frames(app, 2)  # too short for a bot to be asked (the table paces them)
    table.apply(match.log[-1])
    for _ in range(200):
        if top_name(app) == "ResultsScene":
            return table
        frames(app, 1, 0.1)
    raise AssertionError("the results did not open")


def test_a_finished_game_is_kept_and_replayed_from_the_results_screen(matches, tmp_path):
    match = matches["deadmans_draw"]
    app = make_app(tmp_path)
    finish_on_a_table(app, match)
    results = app.top
    kept = engine.records(engine.folder_of(app.user_dir))
    assert len(kept) == 1
    row = app.history.recent(1)[0]
    assert engine.find_replay(engine.folder_of(app.user_dir), row["game"], row["seed"], row["finished_at"]) == kept[0]
    button = next(b for b in results.buttons if b.text() == "Replay")
    click(app, button.rect.center)
    assert top_name(app) == "ReplayScene"
    scene = app.top
    assert scene.replay.step == scene.replay.length  # the final table first
    assert scene.match.state_hash() == match.state_hash()
    key(app, pygame.K_LEFT)
    assert scene.replay.step == scene.replay.length - 1
    key(app, pygame.K_ESCAPE)
    assert top_name(app) == "ResultsScene"
    assert len(engine.records(engine.folder_of(app.user_dir))) == 1  # the replay recorded nothing again


def test_a_record_that_cannot_be_written_is_told_and_the_game_still_counts(matches, tmp_path):
    app = make_app(tmp_path)
    engine.folder_of(app.user_dir).write_text("in the way")  # a file where the folder should be
    finish_on_a_table(app, matches["deadmans_draw"])
    frames(app)
    assert top_name(app) == "Dialog" and "could not be kept" in app.top.message
    assert len(app.history.recent(5)) == 1


def test_a_damaged_record_is_set_aside_with_a_message(matches, tmp_path):
    from scenes.title import TitleScene

    app = make_app(tmp_path)
    app.reset(TitleScene(app))
    folder = engine.folder_of(app.user_dir)
    when = "2026-05-01T12:00:00+00:00"  # as the play history keeps it
    path = engine.keep_record(folder, matches["get_lucky"], datetime.fromisoformat(when))
    path.write_text(path.read_text()[:200])  # cut short, as by a crash
    app.nav.replay_finished("get_lucky", SEED, when)
    frames(app)
    assert top_name(app) == "Dialog"
    assert not path.exists() and (folder / (path.name + ".damaged")).exists()
    assert app.top.heading == "This replay cannot be shown"
    assert "damaged" in app.top.message and path.name + ".damaged" in app.top.message


def test_a_save_that_does_not_replay_is_explained_from_the_load_screen(matches, tmp_path):
    """A save whose checksum holds but whose moves lead elsewhere: Replay says so and offers to set it aside,
    as Load does, and leaves the file as it is."""
    from game.core import canon
    from scenes.title import TitleScene

    app = make_app(tmp_path)
    write_save(app, matches["deadmans_draw"])
    path = app.saves_dir / "voyage.json"
    doc = saves.read_document(path)
    doc["state_hash"] = "0" * 64
    doc["checksum"] = canon.digest({k: v for k, v in doc.items() if k != "checksum"})
    saves.write_document(doc, path)
    app.reset(TitleScene(app))
    app.nav.load()
    frames(app)
    click(app, app.top.replay_button.rect.center)
    assert top_name(app) == "Dialog"
    assert app.top.heading == "This save cannot be loaded" and "does not replay" in app.top.message
    assert path.exists()
