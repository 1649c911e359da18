"""The Deadwood 1876 table, headless, driven by posted mouse and key events: a whole 6-player game (a person
against AIs) to the results screen; every kind of decision made through the table; the hot-seat curtain
between two people making the secret safe pass; another player's hand and unknown safes never drawn; the
stage, dice and odds; the results panel."""

from __future__ import annotations

import pygame
import pytest

from game.ai.bot import SeatInfo, make_bot
from game.core.match import AI, HUMAN, Match, Seat
from game.core.rng import Rng
from game.games import rules as rules_for
from scenes.table.kit.areas import Layer
from scenes.tables.deadwood import faces

from .scenes_harness import click, drag, frames, key, make_app, open_table, perform, play_through, top_name

DW = rules_for("deadwood")


def dw_match(players=6, humans=1, options=None, seed=5) -> Match:
    seats = [Seat(f"Human {i}", HUMAN) for i in range(humans)]
    seats += [Seat(f"Bot {i}", AI, "easy") for i in range(humans, players)]
    return Match(DW, seats, options, seed)


def repaint(scene) -> None:
    """The next draw paints the whole table afresh (the table under the pieces is kept while it stays the
    same): a test that watches what is drawn sees all of it."""
    scene.table.still = Layer()


def idle(scene) -> bool:
    return not scene.board.busy and not scene.table.busy() and scene.thinking is None


def direct(scene, gesture) -> bool:
    """Can a person do this gesture with the mouse now: a drag, a click, or a button on screen?"""
    return bool(gesture.drag_from and gesture.drop_on or gesture.click or
                any(b.text == gesture.label for b in scene.action_buttons))


def human_move(app, scene, rng: Rng) -> None:
    """One decision made as a person would: the steps a card choice or a discard needs (a pick, marks),
    then a drag, a click or a button. Claims are left to their own test; passing is rarer than acting."""
    for _ in range(8):
        gestures = scene.gestures()
        acts = [g for g in gestures if g.action is not None and g.action.kind != "claim" and direct(scene, g)]
        doing = [g for g in acts if g.action.kind not in ("pass", "no_offer")]
        if acts:
            pool = doing if doing and rng.below(4) else acts
            perform(app, scene, pool[rng.below(len(pool))])
            return
        steps = [g for g in gestures if g.use is not None and g.click]  # mark a card to discard
        assert steps, f"no gesture acts in phase {scene.view()['phase']}"
        perform(app, scene, steps[rng.below(len(steps))])
    raise AssertionError("no action after the steps")


def test_a_whole_six_player_game_through_the_table(tmp_path):
    """Animations off (the other tests watch them): every decision of the person by drags, clicks and buttons,
    to the results screen."""
    app = make_app(tmp_path, speed="off")
    try:
        match = dw_match(seed=11)
        scene = open_table(app, match)
        play_through(app, scene, human_move, seed=3, limit=20000)
        assert match.is_over()
        assert top_name(app) == "ResultsScene"
        assert app.history.stats("deadwood")["played"] == 1
        frames(app, 2)  # the results panel draws its teams, safes and showdown
    finally:
        app.shutdown()


# -- one decision of each kind, found by letting bots play until seat 0 faces it ------------------------

STEER = {"duster": "duster_coat", "peek": "stetson_hat", "destination": "duel", "transfer": "rob"}


def position(kind: str, players: int = 6, options=None, seed_from: int = 1, tries: int = 120) -> Match:
    """A match where the person (seat 0) must now decide `kind` (a decision kind, or "claim")."""
    bot = make_bot("deadwood", "easy")
    for seed in range(seed_from, seed_from + tries):
        match = dw_match(players, options=options, seed=seed)
        rng = Rng(seed)
        while not match.is_over():
            pending = match.pending()
            mine = [d for d in pending if d.seat == 0]
            # A destination is a question only when there are two to choose from.
            if mine and mine[0].kind == kind and (kind != "destination" or len(match.legal_actions(0)) > 1):
                return match
            d = mine[0] if mine else pending[0]
            # Seat 0 takes the road to the wanted decision when it can (a Duster Coat to its discards).
            road = [a for a in match.legal_actions(d.seat) if a.kind == STEER.get(kind)] if d.seat == 0 else []
            match.apply(road[rng.below(len(road))] if road else
                        bot.choose(SeatInfo(match.rules, match.state, d.seat), rng))
    raise AssertionError(f"no deal gives seat 0 a {kind} decision")


def settled(app, match):
    """The table opened on `match`, once it stands still and waits for seat 0."""
    scene = open_table(app, match)
    for _ in range(400):
        frames(app, 1, 0.05)
        if idle(scene) and scene.my_decision() is not None:
            return scene
    raise AssertionError("the table never waited for seat 0")


def act_once(app, match, rng_seed: int = 0, want=None):
    """Open the table on `match`, let it settle, make seat 0's decision with events; returns the action."""
    scene = settled(app, match)
    before = len(match.log)
    rng = Rng(rng_seed)
    if want is None:
        human_move(app, scene, rng)
    else:
        want(app, scene)
    frames(app, 2)
    mine = [a for a in match.log[before:] if a.seat == 0]
    assert mine, "the gesture did not act"
    return mine[0]


@pytest.mark.parametrize("kind, options", [
    ("character", None), ("pass", None), ("turn", None), ("defend", None), ("offer", None), ("accept", None),
    ("heist", None), ("transfer", None), ("duster", None), ("peek", None), ("volley", None),
    ("mystery", {"mystery_safes": True}),
])
def test_each_decision_is_made_through_the_table(app, kind, options):
    match = position(kind, options=options)
    played = act_once(app, match)
    assert played.seat == 0


def test_the_duel_destination_is_a_button(app):
    match = position("destination", players=4, tries=400)
    played = act_once(app, match)
    assert played.kind == "destination"


def drag_card(app, scene, gesture):
    table = scene.table
    drag(app, table.rect_of(gesture.drag_from).center, table.rect_of(gesture.drop_on).center)


@pytest.mark.parametrize("kind", ["rob", "duel", "duster_coat", "stetson_hat", "horse"])
def test_turn_actions_by_dragging_a_card(app, kind):
    """A card dropped on a safe robs it, on a player's header duels them, on the draw pile puts on the Duster
    Coat, beside a row's safes puts on the Stetson Hat, on an establishment rides there."""
    for seed in range(1, 400, 7):
        match = position("turn", seed_from=seed, tries=60)
        if any(a.kind == kind for a in match.legal_actions(0)):
            break
    else:
        raise AssertionError(f"no turn offers {kind}")
    played = act_once(app, match, want=lambda app, scene: drag_card(
        app, scene, next(g for g in scene.gestures() if g.action is not None and g.action.kind == kind
                         and g.drag_from)))
    assert played.kind == kind


def test_an_item_by_picking_the_card_then_its_button(app):
    """Click a card: its item uses become buttons (with Cancel); the button uses it."""
    for seed in range(1, 400, 7):
        match = position("turn", seed_from=seed, tries=60)
        if any(a.kind in ("duster_coat", "stetson_hat", "horse") for a in match.legal_actions(0)):
            break
    scene = settled(app, match)
    pick = next(g for g in scene.gestures() if g.use is not None and g.click)
    click(app, scene.table.rect_of(pick.click).center)
    frames(app, 2)
    buttons = [b for b in scene.action_buttons if b.text != "Cancel"]
    item = next(b for b in buttons if any(g.label == b.text and g.action is not None and g.action.kind in (
        "duster_coat", "stetson_hat", "horse") for g in scene.gestures()))
    before = len(match.log)
    click(app, item.rect.center)
    frames(app, 2)
    assert match.log[before].kind in ("duster_coat", "stetson_hat", "horse")


def test_a_defence_card_is_picked_then_confirmed_by_keyboard(app):
    match = position("defend")
    scene = settled(app, match)
    gestures = scene.gestures()
    pick = next(i for i, g in enumerate(gestures) if g.use is not None and g.click)
    for _ in range(pick + 1):
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)  # picked: now its Defend button is offered
    frames(app, 2)
    gestures = scene.gestures()
    confirm = next(i for i, g in enumerate(gestures) if g.action is not None and g.drag_from is None)
    scene.focus_index = -1
    for _ in range(confirm + 1):
        key(app, pygame.K_TAB)
    before = len(match.log)
    key(app, pygame.K_RETURN)
    frames(app, 2)
    assert match.log[before].kind == "defend"


def test_a_claim_in_three_clicks(app):
    """Claim…, then about whom, then what: the claim is logged and shown as a bubble on the speaker's seat."""
    match = position("turn")
    scene = settled(app, match)
    for text in ("Claim…", "About me"):
        click(app, next(b for b in scene.action_buttons if b.text == text).rect.center)
        frames(app, 2)
    before = len(match.log)
    button = next(b for b in scene.action_buttons if b.text != "Cancel")
    click(app, button.rect.center)
    frames(app, 2)
    assert match.log[before].kind == "claim" and match.log[before]["subject"] == 0
    assert scene.table.bubbles[0][0] == button.text
    assert any(button.text in line for line in scene.log)


# -- hot-seat: the secret choices, one player at a time behind the curtain ---------------------------------

def shown_faces(scene) -> set:
    return {p.face for p in scene.board.pieces.values() if p.face}


def test_two_people_pass_their_safes_behind_the_curtain_one_at_a_time(app):
    """Setup's safe pass is secret and simultaneous: the first person chooses, the curtain falls, the second
    chooses. Neither sees the other's hand or safes."""
    match = dw_match(players=5, humans=2, seed=4)
    scene = open_table(app, match)
    curtains, passes = 0, []
    for _ in range(3000):
        if len(passes) == 2:
            break
        if top_name(app) == "Curtain":
            curtains += 1
            assert scene.viewer is None and not shown_faces(scene) & set(_all_secret(match))
            click(app, (5, 5))
            frames(app, 2)
            continue
        if top_name(app) == "TableScene" and idle(scene) and scene.my_decision() is not None:
            me = scene.viewer
            _assert_only_mine(scene, match, me)
            decision = scene.my_decision()
            if decision.kind == "pass":
                button = next(b for b in scene.action_buttons)
                click(app, button.rect.center)
                frames(app, 2)
                passes.append(me)
                continue
            human_move(app, scene, Rng(len(match.log)))
        frames(app, 1, 0.05)
    assert sorted(passes) == [0, 1]
    assert curtains >= 2  # before the first secret choice and between the two


def _all_secret(match) -> list:
    """Every card and safe in a hand or a row (what the curtain must hide)."""
    v = match.view(None)
    s = match.state
    from game.games.deadwood.deck import safe_tables, tables

    cards = [tables()[0][c] for hand in s.hands for c in hand]
    safes = [safe_tables()[0][x] for row in s.rows for x in row if not s.faceup >> x & 1]
    del v
    return cards + safes + [faces.KNOWN + x for x in safes]


def _assert_only_mine(scene, match, me: int) -> None:
    """On screen: no card or safe that `me`'s view does not name (another hand, a safe `me` does not know)."""
    view = match.view(me)
    named = {entry for z in view["zones"] for entry in z["cards"]}
    for face in shown_faces(scene):
        bare = face.removeprefix(faces.KNOWN)
        if faces.is_card(bare) or faces.is_safe(bare):
            assert bare in named, (me, face)


def test_another_players_hand_and_safes_are_never_drawn(app):
    """Through a game, the person's screen shows no card of another hand and no safe it does not know."""
    match = dw_match(players=6, seed=21)
    scene = open_table(app, match)
    rng = Rng(9)
    for _ in range(600):
        if top_name(app) != "TableScene" or match.is_over():
            break
        if idle(scene):
            _assert_only_mine(scene, match, 0)
            if scene.my_decision() is not None:
                human_move(app, scene, rng)
        frames(app, 1, 0.05)


# -- the stage: dice, odds, and the tables for every count ----------------------------------------------

def test_a_fight_shows_its_dice_rolling_then_settling_and_the_odds(app):
    match = position("accept")
    scene = settled(app, match)
    fight = scene.view()["fight"]
    assert fight["odds"] and fight["revealed"]
    stage = scene.table._stage_layout()
    assert stage["kind"] == "fight" and stage["odds"].height > 0
    rolls = scene.table.rolls
    tumbling = frozen = False
    settled_on = None
    for _ in range(600):
        if scene.view()["fight"] is None and not rolls.busy and scene.table.frozen is None:
            break
        if idle(scene) and scene.my_decision() is not None:
            click(app, scene.action_buttons[0].rect.center)  # no Holster, or the first offered
        app.frame(0.02)
        tumbling |= rolls.busy and rolls.shown != rolls.faces or rolls.busy and bool(rolls.queue)
        frozen |= scene.table.frozen is not None and scene.view()["fight"] is None
        if not rolls.busy and rolls.faces:
            settled_on = (list(rolls.shown), list(rolls.faces), list(rolls.marks))
    assert tumbling  # the dice were seen rolling (the scene waited for them)
    assert frozen  # the fight stayed on the stage while they rolled, though the fight was over
    shown, faces_, marks = settled_on
    assert shown == faces_  # they settled on the rolled faces
    assert all(mark and mark[1] for mark in marks)  # a letter beside every die's colour
    app.frame(0.02)
    assert scene.table.log_rect().height > scene.table.zones["log"].height  # gone: the log has the column


def test_no_odds_without_the_option(app):
    match = position("accept", options={"fight_odds": False})
    scene = settled(app, match)
    assert scene.view()["fight"].get("odds") is None
    assert scene.table._stage_layout()["odds"].height == 0


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_nine_players_draw_mid_fight(tmp_path, lang, size):
    app = make_app(tmp_path, size=size, lang=lang)
    try:
        match = position("offer", players=9)
        scene = open_table(app, match)
        frames(app, 30)
        for seat in range(9):  # every seat's panel and safes lie inside the window, none over another
            panel = scene.table.kit[f"seat{seat}"].rect
            assert pygame.Rect(0, 0, *size).contains(panel)
            for other in range(seat):
                assert not panel.colliderect(scene.table.kit[f"seat{other}"].rect)
        click(app, (size[0] // 2, size[1] // 2), button=3)
        frames(app, 2)
    finally:
        app.shutdown()


def test_results_breakdown_names_the_team_and_gold(app):
    from scenes.tables.deadwood import breakdown

    match = dw_match(players=4, seed=2)
    bot = make_bot("deadwood", "easy")
    rng = Rng(2)
    while not match.is_over():
        d = match.pending()[0]
        match.apply(bot.choose(SeatInfo(match.rules, match.state, d.seat), rng))
    result = match.result()
    line = breakdown(result, 0)
    assert f"{result.details['gold'][0]} gold" in line
    surface = pygame.Surface((1280, 720))
    from scenes.tables.deadwood.results import draw_results, showdown_lines

    draw_results(surface, pygame.Rect(40, 100, 1200, 480), result, match)
    if any(t.won and len(t.members) > 1 for t in result.teams):
        assert showdown_lines(match)


def test_a_claim_about_another_players_slot(app):
    """Claim…, a player, the slot, then what: the claim names the slot (§6.16)."""
    match = position("turn", seed_from=3)
    scene = settled(app, match)
    target = next(p for p in range(1, 6) if match.view(0)["rows"][p]["slots"])
    for text in ("Claim…", match.seats[target].name, "The safe in slot 1"):
        click(app, next(b for b in scene.action_buttons if b.text == text).rect.center)
        frames(app, 2)
    before = len(match.log)
    click(app, next(b for b in scene.action_buttons if b.text != "Cancel").rect.center)
    frames(app, 2)
    claim = match.log[before]
    assert claim.kind == "claim" and claim["subject"] == target and claim["slot"] == 1


def test_two_people_choose_their_heist_cards_behind_the_curtain(app):
    """A Heist is secret and simultaneous: after the first person's card, the curtain falls before the second
    person chooses, and the second never sees the first one's card."""
    match = dw_match(players=4, humans=2, seed=6)
    scene = open_table(app, match)
    rng = Rng(2)
    curtains, heist = 0, []  # (seat, curtains seen before choosing)
    for _ in range(6000):
        if len(heist) == 2:
            break
        if top_name(app) == "Curtain":
            curtains += 1
            click(app, (5, 5))
            frames(app, 2)
            continue
        if top_name(app) == "TableScene" and idle(scene) and scene.my_decision() is not None:
            me = scene.viewer
            _assert_only_mine(scene, match, me)
            if scene.my_decision().kind == "heist":
                heist.append((me, curtains))
            human_move(app, scene, rng)
        frames(app, 1, 0.05)
    assert sorted(seat for seat, _ in heist) == [0, 1]
    assert heist[1][1] > heist[0][1]  # the curtain fell between the two secret choices


def test_the_showdown_stage_counts_the_guns_as_the_engine_does_with_a_jammed_gun(tmp_path, monkeypatch):
    """§6.13: a Jammed Gun takes the best showdown gun away; the stage lists the guns the view gives, not
    every Showdown Gun safe in the row."""
    from scenes.ui import fonts

    from .test_deadwood_rules import deal, rows, stand, table

    s = table(4, mystery=True)
    deal(s, [[("derringer", "horse")], [("buffalo_rifle", "horse")], [], []], draw=0)
    rows(s, [["showdown_coach_gun", "showdown_repeater", "mystery_jammed_gun"], ["showdown_buffalo_rifle", "gold_5"],
             ["gold_1_a"], ["gold_2_a"]])
    stand(s, [0, 0, 1, 1])
    s.round, s.called = 5, 6
    DW._badge_next(s, [])
    match = dw_match(players=4, options={"mystery_safes": True})
    match.state = s
    app = make_app(tmp_path, size=(1920, 1080))
    try:
        open_table(app, match)
        frames(app, 10)
        drawn: list[str] = []
        real = fonts.render
        monkeypatch.setattr(fonts, "render", lambda text, *a, **k: drawn.append(text) or real(text, *a, **k))
        repaint(app.top)
        app.top.draw(app.screen)
        stage_view = app.top.table._stage_view()
    finally:
        app.shutdown()
    from scenes.tables.deadwood.stage import showdown_guns

    assert [showdown_guns(stage_view, p) for p in (0, 1)] == ["Coach Gun", "Buffalo Rifle"]
    spoken = " ".join(drawn[drawn.index("Final Showdown: the lowest"):])  # the stage's texts, wrapped
    assert "Showdown guns:" in spoken and "Coach Gun" in spoken and "Buffalo Rifle" in spoken, spoken


def test_a_claim_of_this_turn_is_still_spoken_after_a_save_and_load(app, tmp_path):
    from game.core import saves

    match = position("turn", seed_from=3)
    claim = next(a for a in match.legal_actions(0) if a.kind == "claim" and a["content"] == "gold_5")
    match.apply(claim)
    path = tmp_path / "claim.json"
    saves.write(match, path)
    loaded, _ = saves.load(path)
    scene = open_table(app, loaded)
    frames(app, 2)
    assert list(scene.table.bubbles) == [0] and "gold 5" in scene.table.bubbles[0][0]


def test_character_buttons_show_each_characters_star(app, monkeypatch):
    """The choice of character: each button carries the star in the character's colour with its letters."""
    from scenes.ui.strings import pick

    match = position("character", players=9)
    scene = settled(app, match)
    drawn = []
    monkeypatch.setattr(faces, "star", lambda surface, centre, r, char: drawn.append((centre, char)))
    app.top.draw(app.screen)
    names = {b.text: b for b in scene.action_buttons}
    offered = {a["character"]: names[label] for a in match.legal_actions(0) if a.kind == "character"
               for label in [pick(faces.character(a["character"]).name)] if label in names}
    assert offered and all(any(c == char and button.rect.collidepoint(at) for at, c in drawn)
                           for char, button in offered.items())


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_establishment_names_are_whole_at_1280(tmp_path, monkeypatch, lang):
    """"Grand Central…" no more: a name too long for its box gives way to its short form, drawn whole."""
    from scenes.tables.deadwood import table as dw_table

    app = make_app(tmp_path, lang=lang)
    try:
        scene = open_table(app, position("offer", players=9))
        frames(app, 5)
        drawn = []
        real = dw_table.draw_name
        monkeypatch.setattr(dw_table, "draw_name", lambda surface, text, box, largest, *a, **k:
                            drawn.append((text, box.copy(), largest)) or real(surface, text, box, largest, *a, **k))
        repaint(scene)
        scene.draw(app.screen)
        assert len(drawn) == 3
        for text, box, largest in drawn:
            assert "…" not in "".join(dw_table.name_layout(text, box.width, box.height, largest)[1]), text
    finally:
        app.shutdown()


class _CountingFont:
    """A font that notes every line it renders (fonts.font is wrapped with it in a test)."""

    def __init__(self, font, rendered: list):
        self._font, self._rendered = font, rendered

    def render(self, text, *args):
        self._rendered.append(text)
        return self._font.render(text, *args)

    def __getattr__(self, name):
        return getattr(self._font, name)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_second_draw_with_nothing_changed_renders_no_text_and_blends_no_panel(tmp_path, monkeypatch, size):
    """Mid-fight at nine players: what did not change between two frames is not made again. Stars (a dozen on
    the table) were drawn with their initials rendered every frame, and the seats', establishments' and
    stage's panels blended over the backdrop every frame; they are now made once and blitted."""
    from scenes.table.kit import paint
    from scenes.ui import fonts

    app = make_app(tmp_path, size=size)
    try:
        scene = settled(app, position("offer", players=9))
        scene.draw(app.screen)
        rendered, blended = [], []
        real_font, real_panel = fonts.font, paint.panel
        monkeypatch.setattr(fonts, "font", lambda *a, **k: _CountingFont(real_font(*a, **k), rendered))
        monkeypatch.setattr(paint, "panel", lambda surface, rect, *a, **k: blended.append(rect.copy()) or
                            real_panel(surface, rect, *a, **k))
        scene.draw(app.screen)
        assert rendered == []
        kit = scene.table.kit
        panels = [w.rect for key, w in kit.items.items() if key.startswith(("seat", "est/", "stage"))]
        assert len(panels) == 9 + 3 + 1
        assert [r for r in blended if r in panels] == []  # (the question panel lies over the establishments)
    finally:
        app.shutdown()


LONG_NAMES = ("Aiko", "Captain Flint", "Mary Read", "Sora", "Wild Bill", "Calamity Jane", "Seth Bullock",
              "Al Swearengen", "Sol Star")


def _named(match: Match) -> Match:
    """`match` with the players' names of the README's screenshots (some long for a side seat)."""
    from dataclasses import replace

    match.seats[:] = [replace(seat, name=LONG_NAMES[i]) for i, seat in enumerate(match.seats)]
    return match


def _drawn_names(monkeypatch, module) -> list:
    """(text, lines) of every name `module` draws with draw_name from now on."""
    drawn = []
    real = module.draw_name

    def record(surface, text, box, largest, *a, **k):
        drawn.append((text, module.name_layout(text, box.width, box.height, largest)[1]))
        return real(surface, text, box, largest, *a, **k)

    monkeypatch.setattr(module, "draw_name", record)
    return drawn


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_seat_name_is_drawn_whole_at_nine_players_at_1280(tmp_path, monkeypatch, lang):
    """"Al…" no more: a name too long for a side seat's header beside the star and the hand's count takes the
    whole header, and the star and the count stand at the top right of the seat's body."""
    from scenes.table.kit import seats

    app = make_app(tmp_path, lang=lang)
    try:
        scene = open_table(app, _named(position("offer", players=9)))
        frames(app, 5)
        drawn = _drawn_names(monkeypatch, seats)
        repaint(scene)
        scene.draw(app.screen)
        names = {text: " ".join(lines) for text, lines in drawn}
        assert set(names) == set(LONG_NAMES)
        assert all(whole == name for name, whole in names.items()), names
        table = scene.table
        for seat, corner in table.corners.items():  # moved off the header, and clear of the safes
            assert table.kit[f"hand/{seat}"].rect == corner
            assert not corner.colliderect(table.kit[f"row/{seat}"].rect)
            assert table.kit[f"seat{seat}"].rect.contains(corner)
            row = table.kit[f"row/{seat}"]  # the line under the safes keeps the body's width
            assert (row.also_width or row.rect.width) == table.kit[f"seat{seat}"].body.width
        assert table.corners  # (at this size some names need the room)
    finally:
        app.shutdown()


def _card_names(monkeypatch) -> list:
    """The lines of every name laid out on a Deadwood card face drawn from now on (the faces made afresh)."""
    laid = []
    real = faces.name_layout
    monkeypatch.setattr(faces, "name_layout", lambda text, *a, **k: laid.append((text, real(text, *a, **k))) or
                        laid[-1][1])
    faces.card_face.cache_clear()
    return laid


@pytest.mark.parametrize("lang, players, where", [("ja", 6, "hand"), ("ja", 9, "hand"), ("en", 9, "holster"),
                                                  ("ja", 9, "holster")])
def test_card_names_are_whole_on_hand_cards_and_offered_holsters_at_1280(tmp_path, monkeypatch, lang, players,
                                                                         where):
    """Every card's gun and item names read whole at the size the table shows it: the hand's cards at six
    players in Japanese ("デリン…" no more) and a Holster offered on the stage ("Coa…"): a card's names are
    printed small, as on a real card, before they are cut."""
    from game.games.deadwood.cards import data

    app = make_app(tmp_path, lang=lang)
    try:
        scene = open_table(app, position("offer", players=players))
        frames(app, 5)
        table = scene.table
        if where == "hand":
            w, h = table.kit[f"hand/{table._me()}"].card_size
        else:
            w, h = table._stage_layout()["holster/0"].size
        laid = _card_names(monkeypatch)
        for card in {c.id for c in data().cards}:
            faces.card_face(card, w, h, lang)
        assert laid
        assert [(text, lines) for text, (_, lines) in laid if "…" in "".join(lines)] == []
    finally:
        faces.card_face.cache_clear()
        app.shutdown()


def test_the_showdown_names_on_the_stage_are_whole_at_1280(tmp_path, monkeypatch):
    """"Captain…" no more: a survivor's name in the showdown's narrow column takes two lines before "…"."""
    from scenes.tables.deadwood import stage

    app = make_app(tmp_path)
    try:
        from dataclasses import replace

        match = position("volley", players=9)
        long = iter(("Captain Flint", "Al Swearengen", "Calamity Jane", "Seth Bullock", "Wild Bill Hickok",
                     "Charlie Utter", "Aunt Lou Marchbanks", "Jack McCall", "Mary Read"))
        for p in match.view(None)["alive"]:  # the survivors with long names
            match.seats[p] = replace(match.seats[p], name=next(long))
        scene = open_table(app, match)
        frames(app, 5)
        drawn = _drawn_names(monkeypatch, stage)
        repaint(scene)
        scene.draw(app.screen)
        alive = {match.seats[p].name for p in scene.view()["alive"]}
        assert len(alive) >= 2 and alive <= {text for text, _ in drawn}
        assert all(" ".join(lines) == text for text, lines in drawn if text in alive), drawn
    finally:
        app.shutdown()


def test_the_table_under_the_pieces_is_painted_once_while_nothing_changes(tmp_path, monkeypatch):
    """The backdrop, the seats, rows, establishments, stage and piles are painted once and blitted whole while
    nothing they show changes; a move paints them again, and the screen is the same as painted afresh."""
    app = make_app(tmp_path)
    try:
        scene = settled(app, position("offer", players=9))
        table = scene.table
        scene.draw(app.screen)
        painted = []
        real = table._paint_still
        monkeypatch.setattr(table, "_paint_still", lambda view, surface: painted.append(1) or real(view, surface))
        scene.draw(app.screen)
        scene.draw(app.screen)
        assert painted == []
        human_move(app, scene, Rng(1))  # the person offers a Holster or nothing: the view changes
        frames(app, 3)
        assert painted
        for _ in range(30):  # moving or still, the screen is what painting it afresh gives
            frames(app, 1)
            scene.draw(app.screen)
            kept = pygame.image.tobytes(app.screen, "RGB")
            table.still = Layer()
            monkeypatch.setattr(table, "_still_of", lambda view: None)
            scene.draw(app.screen)
            monkeypatch.undo()
            assert pygame.image.tobytes(app.screen, "RGB") == kept
    finally:
        app.shutdown()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_showdown_title_keeps_its_words_whole_in_japanese(tmp_path, monkeypatch, size):
    """Issue 14: the Final Showdown's title broke inside a word, "…負" / "傷する"; each line of it now ends where
    a word does."""
    from scenes.tables.deadwood import stage

    app = make_app(tmp_path, size=size, lang="ja")
    try:
        scene = open_table(app, position("volley", players=9))
        frames(app, 5)
        drawn, blit = [], stage.fonts.blit_text
        monkeypatch.setattr(stage.fonts, "blit_text", lambda s, text, *a, **k: drawn.append(text) or blit(s, text, *a,
                                                                                                        **k))
        repaint(scene)
        scene.draw(app.screen)
        assert [t for t in drawn if t == "最終決戦" or "出目" in t] == ["最終決戦", "出目が最も低い人が負傷する"]
    finally:
        app.shutdown()
