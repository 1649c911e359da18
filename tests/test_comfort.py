"""Comfort (issue 15): the AI speed apart from the animation speed, Skip to my turn, asking before the app
quits, and reduced motion. Each setting is kept and falls back when damaged; each is shown to work on a real
app driven by posted events."""

from __future__ import annotations

import json
import time

import pygame
import pytest

from game.core import saves
from game.core.match import AI, HUMAN, Match, Seat
from game.core.rng import Rng
from game.games import rules as rules_for
from scenes import prefs as prefs_io
from scenes.table.board import Leg
from scenes.table.kit.motion import BLINK, still
from scenes.table.scene import AI_PACE, SPEED
from scenes.title import TitleScene
from scenes.ui.strings import tr

from .scenes_harness import click, frames, key, make_app, open_table, perform, post, top_name

DMD = rules_for("deadmans_draw")
GL = rules_for("get_lucky")


# -- the settings: kept, checked, shown -----------------------------------------------------------------------


def test_ai_speed_and_reduced_motion_are_kept(tmp_path):
    path = tmp_path / "settings.json"
    assert prefs_io.save(prefs_io.Prefs(ai_speed="instant", reduced_motion=True, anim_speed="slow"), path) is None
    loaded, notice = prefs_io.load(path)
    assert (loaded.ai_speed, loaded.reduced_motion, loaded.anim_speed) == ("instant", True, "slow")
    assert notice is None


def test_damaged_ai_speed_and_reduced_motion_fall_back_and_the_rest_is_kept(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"ai_speed": "warp", "reduced_motion": "yes", "anim_speed": "fast"}))
    loaded, notice = prefs_io.load(path)
    assert (loaded.ai_speed, loaded.reduced_motion) == ("normal", False)
    assert loaded.anim_speed == "fast"
    assert notice[0] == "notice.settings_fixed" and notice[1]["fields"] == "ai_speed, reduced_motion"
    assert not path.exists() and list(tmp_path.glob("settings.json*")), "the damaged file is set aside, not deleted"


def test_the_settings_screen_changes_and_saves_both(app):
    app.prefs.ai_speed = "normal"
    app.nav.settings()
    frames(app, 1)
    screen = app.top
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    assert screen.form.focused is screen.rows[2]  # the AI speed, under the animation speed
    key(app, pygame.K_RIGHT)  # AI speed: normal -> fast
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)  # reduced motion on
    saved = json.loads(app.settings_path.read_text())
    assert (saved["ai_speed"], saved["reduced_motion"]) == ("fast", True)
    assert saved["anim_speed"] == "fast", "the animation speed is a setting of its own"


def _rows_fit(screen, width, height):
    bottom = screen.content_bottom(height)
    rects = [row.rect for row in screen.rows]
    assert all(pygame.Rect(0, 0, width, bottom).contains(r) for r in rects), rects
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_settings_row_fits_at_1280x720_even_with_more_rows(tmp_path, lang):
    from scenes.ui.widgets import Toggle

    app = make_app(tmp_path, lang=lang)
    try:
        app.nav.settings()
        frames(app, 1)
        screen = app.top
        _rows_fit(screen, 1280, 720)
        for n in range(4):  # rows other settings may add: two columns then
            screen.rows.append(screen.form.add(Toggle(f"more {n}", False, lambda v: None)))
        screen.layout(1280, 720)
        _rows_fit(screen, 1280, 720)
    finally:
        app.shutdown()


# -- the AI speed ------------------------------------------------------------------------------------------


def dmd_table(app, seats=None):
    """A Dead Man's Draw table without traits (no secret choice to open with), by default one where an AI
    (seat 0, who begins) is to move first and a person sits in seat 1."""
    seats = seats or [Seat("Flint", AI, "easy"), Seat("Aiko", HUMAN)]
    return open_table(app, Match(DMD, seats, {"traits": False}, 3))


def seconds_until_asked(app, scene, limit=5.0, dt=0.1) -> float:
    waited = 0.0
    while scene.thinking is None and waited < limit:
        frames(app, 1, dt)
        waited += dt
    return waited


@pytest.mark.parametrize("anim", ["slow", "off"])
def test_ai_pacing_follows_the_ai_speed_not_the_animation_speed(app, anim):
    app.prefs.anim_speed = anim
    app.prefs.ai_speed = "slow"
    scene = dmd_table(app)
    assert scene.speed == SPEED[anim]  # the cards keep the animation speed
    waited = seconds_until_asked(app, scene)
    assert AI_PACE["slow"] <= waited < AI_PACE["slow"] + 0.25, waited


def test_an_instant_ai_is_asked_at_once_even_with_slow_animations(app):
    app.prefs.anim_speed = "slow"
    app.prefs.ai_speed = "instant"
    scene = dmd_table(app)
    frames(app, 1, 0.0)  # no time passes at all
    assert scene.thinking == 0


# -- Skip to my turn ----------------------------------------------------------------------------------------


def act_as_person(app, scene, rng) -> None:
    """One legal thing done by the person whose decision it is, as a player would (a stop when offered)."""
    gestures = [g for g in scene.gestures() if g.action is not None]
    stop = [g for g in gestures if g.action.kind in ("collect", "pass")]
    perform(app, scene, stop[0] if stop and rng.below(2) else gestures[rng.below(len(gestures))])


def until_skip_offered(app, scene, rng, limit=3000):
    """Play as the people (behind curtains too) until only AI seats are to act."""
    for _ in range(limit):
        if top_name(app) == "Curtain":
            key(app, pygame.K_RETURN)
        elif scene.skip_button.visible:
            return
        elif top_name(app) == "TableScene" and not scene.busy() and scene.my_decision() is not None:
            act_as_person(app, scene, rng)
        frames(app, 1, 0.05)
    raise AssertionError("the AI seats never came to act")


def skip_frames(app, scene, limit=120.0):
    """Frames in which no time passes (dt 0: neither an animation nor the AI pause could end on its own)
    until the skip stops; every frame of it shows nothing moving. `limit`: wall-clock seconds, only a guard
    against a hang (the AI seats' process thinks in real time meanwhile)."""
    give_up = time.monotonic() + limit
    while time.monotonic() < give_up:
        if not scene.skipping:
            return
        frames(app, 1, 0.0)
        if scene.skipping:
            assert not scene.board.busy and not scene.table.busy()
        time.sleep(0.005)
    raise AssertionError("the skip never stopped")


def test_skip_plays_the_ais_out_to_the_persons_next_decision(app):
    app.prefs.anim_speed = "slow"
    app.prefs.ai_speed = "slow"
    seats = [Seat("Aiko", HUMAN), Seat("Flint", AI, "easy"), Seat("Mary", AI, "easy")]
    scene = open_table(app, Match(DMD, seats, None, 4))
    rng = Rng(1)
    assert not scene.skip_button.visible  # Aiko's decision: nothing to skip
    for _ in range(3):
        until_skip_offered(app, scene, rng)
        assert scene.skip_button.rect.colliderect(scene.table.prompt_rect())
        start = len(scene.match.log)
        key(app, pygame.K_TAB)
        assert scene.skipping
        skip_frames(app, scene)
        if scene.match.is_over():
            return
        assert len(scene.match.log) - start >= 2, "both AI seats moved"
        assert scene.my_decision() is not None and not scene.busy(), "stopped at Aiko's decision, shown"
        assert not scene.skip_button.visible
        decided = scene.match.state_id
        frames(app, 20, 0.0)
        assert scene.match.state_id == decided, "the person's decision is never taken for her"


def test_skip_goes_on_through_a_decision_the_table_answers_for_the_person(app):
    """The Shipwreck Arcana's reveal offer is answered 'keep' by the table for a person (who reveals from the
    prediction panel instead): a skip does not stop there, it goes on to the person's real decision."""
    app.prefs.ai_speed = "slow"
    seats = [Seat("Aiko", HUMAN), Seat("Flint", AI, "easy"), Seat("Mary", AI, "easy")]
    scene = open_table(app, Match(rules_for("shipwreck_arcana"), seats, None, 3))
    rng = Rng(2)
    for _ in range(3):
        until_skip_offered(app, scene, rng)
        key(app, pygame.K_TAB)
        skip_frames(app, scene)
        if scene.match.is_over():
            break
        assert scene.my_decision() is not None, scene.deciding()


def test_the_skip_button_is_clicked_too(app):
    seats = [Seat("Flint", AI, "easy"), Seat("Aiko", HUMAN)]
    app.prefs.ai_speed = "slow"
    scene = dmd_table(app, seats)
    frames(app, 1, 0.0)
    assert scene.skip_button.visible
    click(app, scene.skip_button.rect.center)
    assert scene.skipping
    skip_frames(app, scene)
    assert scene.my_decision() is not None or scene.match.is_over()


def test_skip_stops_at_the_curtain_of_the_other_person(app):
    """Hot seat: Aiko, an AI, then Ben, whose hand Aiko must not see. The skip ends with the curtain up and
    Ben's decision still his."""
    app.prefs.ai_speed = "slow"
    seats = [Seat("Aiko", HUMAN), Seat("Flint", AI, "easy"), Seat("Ben", HUMAN)]
    scene = open_table(app, Match(GL, seats, None, 7))
    rng = Rng(3)
    for _ in range(20):
        until_skip_offered(app, scene, rng)
        start = len(scene.match.log)
        key(app, pygame.K_TAB)
        skip_frames(app, scene)
        frames(app, 1, 0.0)
        if top_name(app) == "Curtain":
            assert len(scene.match.log) > start, "the AI moved in the skip"
            break
    else:
        raise AssertionError("no skip ever ended at a curtain")
    waiting = scene.human_pending()
    assert waiting and scene.viewer is None
    decided = scene.match.state_id
    frames(app, 20, 0.0)
    assert top_name(app) == "Curtain" and scene.match.state_id == decided


def test_skip_waits_for_a_secret_choice_a_person_has_to_make(app):
    """Three-Dragon Ante opens with a secret ante everyone answers at once: while the person's is due there is
    nothing to skip (the AI seats' answers come in behind it)."""
    seats = [Seat("Aiko", HUMAN), Seat("Flint", AI, "easy"), Seat("Mary", AI, "easy")]
    scene = open_table(app, Match(rules_for("three_dragon_ante"), seats, None, 2))
    frames(app, 2, 0.05)
    assert any(d.secret and d.seat == 0 for d in scene.deciding())
    assert not scene.can_skip() and not scene.skip_button.visible
    key(app, pygame.K_TAB)
    assert not scene.skipping


# -- asking before the app quits ----------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_closing_the_window_during_a_game_asks_first_and_keeps_the_game(tmp_path, lang):
    app = make_app(tmp_path, lang=lang)
    try:
        scene = dmd_table(app, [Seat("Aiko", HUMAN), Seat("Flint", AI, "easy")])
        frames(app, 1)
        post(pygame.QUIT)
        frames(app, 1)
        assert app.running, "the first close during a game only asks"
        assert top_name(app) == "Dialog" and app.top.message == tr("title.quit_saved")
        key(app, pygame.K_ESCAPE)
        assert app.running and app.top is scene
        post(pygame.QUIT)
        frames(app, 1)
        assert app.running
        key(app, pygame.K_RETURN)  # Quit is the focused button
        assert not app.running
        # Nobody had moved yet: the game is kept all the same, as the dialog said.
        assert [p.name for p in saves.unfinished(app.saves_dir)] == [saves.autosave_path(app.saves_dir,
                                                                                        "deadmans_draw").name]
    finally:
        app.shutdown()


def test_a_second_close_while_asked_quits(app):
    dmd_table(app, [Seat("Aiko", HUMAN), Seat("Flint", AI, "easy")])
    post(pygame.QUIT)
    frames(app, 1)
    assert app.running
    post(pygame.QUIT)
    frames(app, 1)
    assert not app.running


def test_closing_the_window_with_no_game_quits_at_once(app):
    app.reset(TitleScene(app))
    post(pygame.QUIT)
    frames(app, 1)
    assert not app.running


def test_the_title_quit_button_asks_first(app):
    title = app.reset(TitleScene(app))
    frames(app, 1)
    quit_button = title.buttons[-1]
    click(app, quit_button.rect.center)
    assert app.running and top_name(app) == "Dialog" and app.top.message == tr("title.quit_note")
    key(app, pygame.K_ESCAPE)
    assert app.running and app.top is title
    click(app, quit_button.rect.center)
    key(app, pygame.K_RETURN)
    assert not app.running


def test_a_game_whose_autosave_failed_is_not_called_saved(tmp_path):
    (tmp_path / "saves").write_text("a file where the saves folder should be")
    app = make_app(tmp_path)
    try:
        scene = dmd_table(app, [Seat("Aiko", HUMAN), Seat("Flint", AI, "easy")])
        frames(app, 1)
        perform(app, scene, next(g for g in scene.gestures() if g.action is not None))
        frames(app, 3)
        while top_name(app) == "Dialog":  # the notice that the autosave failed
            key(app, pygame.K_RETURN)
        post(pygame.QUIT)
        frames(app, 1)
        assert app.running and app.top.message == tr("title.quit_unsaved")
    finally:
        app.shutdown()


# -- reduced motion -----------------------------------------------------------------------------------------


def test_still_puts_each_piece_in_place_at_its_moment():
    stop = pygame.Rect(10, 10, 50, 70)
    plan = {"a": [Leg(0.2, 0.32, stop, "x", spin=35.0, arc=40.0)], "b": [Leg(0.5, 0.3, spin=10.0)]}
    out = still(plan, {"a": None, "c": None}, {"b": pygame.Rect(0, 0, 5, 5), "d": pygame.Rect(0, 0, 5, 5)})
    assert set(out) == {"a", "b", "c", "d"}, "the pieces a plan leaves out are placed too, not glided"
    legs = [leg for legs in out.values() for leg in legs]
    assert all(leg.duration == BLINK and leg.spin == 0 and leg.arc == 0 for leg in legs)
    # The moments stay: a at its stop from 0.2, then in its place when the flight there would have ended.
    assert [(leg.start, leg.to) for leg in out["a"]] == [(0.2, stop), (0.2 + 0.32, None)]
    assert out["b"][0].start == 0.5


def draw_on_a_table(app):
    """Aiko draws a card on a Dead Man's Draw table: it comes from the pile to the play area."""
    scene = dmd_table(app, [Seat("Aiko", HUMAN), Seat("Flint", AI, "easy")])
    frames(app, 1)
    draw = next(g for g in scene.gestures() if g.action is not None and g.action.kind == "draw")
    scene.do(draw)
    return [m for piece in scene.board.pieces.values() for m in piece.motions]


@pytest.mark.parametrize("reduced", [False, True])
def test_reduced_motion_places_the_drawn_card_instead_of_flying_it(app, reduced):
    app.prefs.anim_speed = "normal"
    app.prefs.reduced_motion = reduced
    motions = draw_on_a_table(app)
    assert motions, "the draw is shown in both cases"
    flights = [m for m in motions if m.duration > BLINK or m.arc or m.spin]
    assert bool(flights) != reduced



# -- reduced motion for every motion on the tables: each kind, held still from its first frame ----------------


def flights_on(scene) -> list:
    """The board's motions that travel (longer than a blink, or along an arc, or spinning)."""
    return [m for piece in scene.board.pieces.values() for m in piece.motions if m.duration > BLINK or m.arc or m.spin]


@pytest.mark.parametrize("reduced", [False, True])
def test_reduced_motion_places_a_staged_luck_card_instead_of_gliding_it(app, reduced):
    """Get Lucky: a Luck card staged on the attempt panel goes there through the scene (Widgets.resettle)."""
    from .test_get_lucky_table import _luck_decision

    app.prefs.anim_speed = "normal"
    app.prefs.reduced_motion = reduced
    match, luck = _luck_decision()
    scene = open_table(app, match)
    frames(app, 40)
    assert not scene.busy()
    stage = next(g for g in scene.gestures() if g.use is not None and g.drag_from == f"piece:hand/0:{luck[0]}")
    scene.do(stage)
    assert scene.table.staged == [luck[0]]
    moving = [m for piece in scene.board.pieces.values() for m in piece.motions]
    assert moving, "the staged card is shown going to the panel in both cases"
    assert bool(flights_on(scene)) != reduced


def plate_centres(table, seconds: float, steps: int = 4) -> list:
    """Where the table's one floating word is over `seconds`, frame by frame."""
    bounds = pygame.Rect(0, 0, *table.size)
    out = []
    for _ in range(steps):
        out.append(table.words.places(bounds)[0][1].center)
        table.words.update(seconds / steps)
    return out


@pytest.mark.parametrize("reduced", [False, True])
def test_reduced_motion_shows_floating_words_in_place(app, reduced):
    """Words a table floats (a score change, "Bust!", Three-Dragon Ante's banners with their own rise) appear
    where they are said and fade there; without reduced motion they rise."""
    app.prefs.reduced_motion = reduced
    for game, say in (("deadmans_draw", lambda t: t.float("+3", t.zones["prompt"].center, (255, 255, 255), 1.0)),
                      ("three_dragon_ante", lambda t: t.float_small("Power!", t.zones["centre"].center,
                                                                     (255, 255, 255), 1.0))):
        seats = [Seat("Aiko", HUMAN), Seat("Flint", AI, "easy"), Seat("Mary", AI, "easy")]
        scene = open_table(app, Match(rules_for(game), seats, None, 3))
        frames(app, 1, 0.0)
        table = scene.table
        table.words.clear()
        say(table)
        centres = plate_centres(table, 0.9)
        assert (len(set(centres)) == 1) == reduced, (game, centres)
        assert len(table.words.items) == 1, "the word is still there, fading"


@pytest.mark.parametrize("reduced", [False, True])
def test_reduced_motion_puts_a_track_marker_on_its_value_at_once(app, reduced):
    """The Shipwreck Arcana: a marker left behind its track's value (the score just rose by three) is on the
    value from the first frame with reduced motion; otherwise it glides there."""
    app.prefs.reduced_motion = reduced
    seats = [Seat("Aiko", HUMAN), Seat("Flint", AI, "easy"), Seat("Mary", AI, "easy")]
    scene = open_table(app, Match(rules_for("shipwreck_arcana"), seats, None, 3))
    frames(app, 1, 0.0)
    marker, value = scene.table.markers["score"], scene.view()["score"]
    marker.shown, marker.held = value + 3.0, 0.0
    frames(app, 1, 0.05)
    assert (marker.shown == value) == reduced, marker.shown
    frames(app, 40, 0.05)
    assert marker.shown == value, "it gets there either way"


@pytest.mark.parametrize("reduced", [False, True])
def test_reduced_motion_puts_doctor_lucky_in_his_new_room_at_once(tmp_path, reduced):
    """Get Lucky: after a player's turn Doctor Lucky moves on. With reduced motion he stands in the room he goes
    to from the walk's first frame (the scene still gives the walk its time); otherwise he is seen on his way."""
    from .test_get_lucky_table import gl_match

    app = make_app(tmp_path, speed="normal")
    app.prefs.reduced_motion = reduced
    try:
        match = gl_match(seed=5)
        while match.pending()[0].seat != 2:  # on to the turn of the player before the person
            seat = match.pending()[0].seat
            match.apply(next(a for a in match.legal_actions(seat) if a.kind in ("pass", "decline", "defend")))
        scene = open_table(app, match)
        frames(app, 10)
        scene.asked[2] = -1  # seat 2 counts as asked, so the AI worker stays out: the test moves for it
        pawn = scene.table.kit["pawn"]
        start = pawn.on
        scene.apply(next(a for a in match.legal_actions(2) if a.kind == "pass"))
        assert pawn.on != start and pawn.busy, "he walks on"
        on_the_way = []
        while pawn.busy:
            on_the_way.append(pawn.position() != pawn._stand(pawn.on))
            frames(app, 1, 0.016)
        assert any(on_the_way) != reduced
    finally:
        app.shutdown()


@pytest.mark.parametrize("reduced", [False, True])
def test_reduced_motion_shows_the_dice_faces_at_once_and_for_as_long(app, reduced):
    """Deadwood: with reduced motion a roll shows its final faces, unmoving, from its first frame, and stays
    as long as the tumble would have (the stage stays frozen meanwhile); without it the dice tumble."""
    from scenes.tables.deadwood.table import ROLL

    from .test_deadwood_table import position, settled

    app.prefs.anim_speed = "normal"
    app.prefs.reduced_motion = reduced
    scene = settled(app, position("accept"))
    rolls = scene.table.rolls
    tumbling = hopping = frozen = False
    rolled = 0.0  # seconds a roll was on show before it settled
    for _ in range(600):
        if scene.view()["fight"] is None and not rolls.busy and scene.table.frozen is None:
            break
        if not scene.busy() and scene.my_decision() is not None:
            click(app, scene.action_buttons[0].rect.center)  # no Holster, or the first offered
        app.frame(0.02)
        if rolls.left > 0:
            rolled += 0.02
            tumbling |= rolls.shown != rolls.faces
            resting, rolls.left = rolls.left, 0.0
            rest = rolls.die_rects()
            rolls.left = resting
            hopping |= rolls.die_rects() != rest
        frozen |= scene.table.frozen is not None and scene.view()["fight"] is None
    assert tumbling != reduced and hopping != reduced
    assert rolled >= ROLL * scene.speed - 0.05, "the roll is on show as long either way"
    assert frozen, "the fight stays on the stage while the roll is read"


@pytest.mark.parametrize("reduced", [False, True])
def test_reduced_motion_lays_paid_coins_where_they_land(app, reduced):
    """Three-Dragon Ante: coins paid from one hoard to another lie where they land, without flying, for as long
    as they would have flown; otherwise they are seen on their way."""
    app.prefs.reduced_motion = reduced
    seats = [Seat("Aiko", HUMAN), Seat("Flint", AI, "easy"), Seat("Mary", AI, "easy")]
    scene = open_table(app, Match(rules_for("three_dragon_ante"), seats, None, 2))
    frames(app, 1, 0.0)
    coins = scene.table.coins
    coins.clear()
    src, dst = (100, 500), (900, 200)
    coins.add(src, dst, 3, 0.0)
    seen = []
    for _ in range(40):
        scene.table.update(0.02)
        seen += coins.points()
    assert seen, "the payment is shown in both cases"
    assert all(p == pytest.approx(dst) for p in seen) == reduced, seen[:3]


@pytest.mark.parametrize("reduced", [False, True])
def test_reduced_motion_holds_a_glow_steady(app, reduced):
    """The Shipwreck Arcana's bag, inviting a draw, glows steady with reduced motion; otherwise it pulses."""
    from scenes.table.kit.motion import pulse

    assert pulse(0.0, 4, True) == pulse(0.4, 4, True) and pulse(0.0, 4) != pulse(0.4, 4)
    app.prefs.reduced_motion = reduced
    seats = [Seat("Aiko", HUMAN), Seat("Flint", AI, "easy"), Seat("Mary", AI, "easy")]
    scene = open_table(app, Match(rules_for("shipwreck_arcana"), seats, None, 3))
    frames(app, 1, 0.0)
    bag = scene.table.kit["bag"]
    bag.can_draw = True
    shots = []
    for clock in (0.0, 0.4):
        bag.clock = clock
        surface = pygame.Surface(scene.table.size)
        bag.draw(surface)
        shots.append(pygame.image.tobytes(surface, "RGB"))
    assert (shots[0] == shots[1]) == reduced


@pytest.mark.parametrize("reduced", [False, True])
def test_reduced_motion_holds_in_a_replay_too(app, reduced):
    """A replay's step forward moves the cards as play did: placed, not flown, with reduced motion."""
    from scenes.replay import open_match

    app.prefs.anim_speed = "normal"
    app.prefs.reduced_motion = reduced
    match = Match(DMD, [Seat("Aiko", HUMAN), Seat("Flint", HUMAN)], {"traits": False}, 3)
    match.apply(next(a for a in match.legal_actions(0) if a.kind == "draw"))
    scene = open_match(app, match, at_end=False)
    frames(app, 1, 0.0)
    scene.go(1)
    assert [m for piece in scene.board.pieces.values() for m in piece.motions], "the draw is shown in both cases"
    assert bool(flights_on(scene)) != reduced
