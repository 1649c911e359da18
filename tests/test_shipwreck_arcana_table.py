"""The Shipwreck Arcana table, headless: a whole game played through by posted mouse events only (a click on
the bag to draw, fates dragged onto lit cards, the prediction panel's value buttons, Pass and the powers),
number-line marks toggled by clicks, only legal cards lit while a fate is dragged, the hot-seat curtain and
the public prediction screen between two people (H21), and the table drawn at both sizes in both languages."""

from __future__ import annotations

import pygame
import pytest

from game.core.match import AI, HUMAN, Match, Seat
from game.core.rng import Rng
from game.games import rules as rules_for
from game.games.shipwreck_arcana.log import describe

from .scenes_harness import check_kept_layer, click, frames, make_app, open_table, perform, play_through, post, top_name

SA = rules_for("shipwreck_arcana")


def sa_match(seats=None, options=None, seed=3) -> Match:
    seats = seats or [Seat("Aiko", HUMAN), Seat("Sora", AI, "normal"), Seat("Ben", AI, "hard")]
    return Match(SA, seats, options, seed)


def human_move(app, scene, rng: Rng) -> None:
    """One legal thing done as a player would: click the bag, drag a fate onto a lit card, click a value
    button or Pass, now and then a power. Marks (side actions) are left to their own test."""
    gestures = [g for g in scene.gestures() if g.action.kind != "mark"]
    assert gestures, "the human has a decision but no gesture"
    kinds = {g.action.kind for g in gestures}
    if "predict" in kinds:
        powers = [g for g in gestures if g.action.kind in ("ask", "twice")]
        if powers and rng.below(3) == 0:
            gesture = powers[rng.below(len(powers))]
        elif rng.below(4) == 0:
            gesture = next(g for g in gestures if g.action.kind in ("pass", "stop"))
        else:
            values = [g for g in gestures if g.action.kind == "predict"]
            gesture = values[rng.below(len(values))]
    else:
        useful = [g for g in gestures if g.action.kind not in ("decline",)]
        gesture = useful[rng.below(len(useful))] if useful and rng.below(4) else gestures[rng.below(len(gestures))]
    perform(app, scene, gesture)


def wait_for(app, scene, test, limit=3000) -> None:
    """Play on (the human by human_move) until `test()` holds at a quiet moment."""
    rng = Rng(9)
    for _ in range(limit):
        if top_name(app) == "TableScene" and not scene.board.busy and scene.thinking is None:
            if test():
                return
            if scene.my_decision() is not None:
                human_move(app, scene, rng)
        frames(app, 1, 0.05)
    raise AssertionError("the table never got there")


def test_whole_game_through_the_table_with_mouse_events(app):
    match = sa_match()
    scene = open_table(app, match)
    play_through(app, scene, human_move, seed=1)
    assert match.is_over()
    assert top_name(app) == "ResultsScene"
    assert app.history.stats("shipwreck_arcana")["played"] == 1
    kinds = {act.kind for act in match.log if act.seat == 0}
    assert {"draw", "play"} <= kinds and kinds & {"predict", "pass"}


def test_several_whole_games_use_every_kind_of_gesture(app):
    """Powers (Cycle, Discard lower, Old?, the questions, Twice) come and go with the deal: play a few games
    and check that what the human did covers the usual gestures."""
    seen: set = set()
    for seed in range(4, 8):
        match = sa_match(seed=seed, options={"difficulty": "easy"})
        scene = open_table(app, match)
        play_through(app, scene, human_move, seed=seed)
        seen |= {act.kind for act in match.log if act.seat == 0}
    assert {"draw", "play", "predict", "pass"} <= seen


def test_only_legal_cards_light_while_a_fate_is_dragged(app):
    match = sa_match(seed=5)
    scene = open_table(app, match)
    wait_for(app, scene, lambda: scene.my_decision() is not None and scene.my_decision().kind == "play")
    view = match.view(0)
    legal = match.legal_actions(0)
    hand = view["positions"][view["active"]]["hand"]
    assert len(hand) == 2
    for fate in hand:
        token = fate["token"]
        expected = {f"slot:{a['slot']}" for a in legal if a.kind == "play" and a["token"] == token}
        assert expected
        start = scene.table.rect_of(f"hand:{token}").center
        post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
        post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
        frames(app, 1)
        moved = (start[0], start[1] - 200)
        post(pygame.MOUSEMOTION, pos=moved, rel=(0, -200), buttons=(1, 0, 0))
        frames(app, 1)
        assert {g.drop_on for g in scene.drag["gestures"]} == expected
        assert scene.table._lit == expected  # what the table glows round is exactly that
        before = match.state_id
        post(pygame.MOUSEBUTTONUP, pos=moved, button=1)  # dropped on nothing: springs home, nothing happens
        frames(app, 3)
        assert match.state_id == before
    # The Hours lights only when no arcana card allows a play.
    hours = [a for a in legal if a.kind == "play" and a["slot"] == 0]
    assert not hours or all(a["slot"] == 0 for a in legal if a.kind == "play")


def test_a_dragged_fate_is_played_where_it_is_dropped(app):
    match = sa_match(seed=6)
    scene = open_table(app, match)
    wait_for(app, scene, lambda: scene.my_decision() is not None and scene.my_decision().kind == "play")
    gesture = next(g for g in scene.gestures() if g.action.kind == "play")
    perform(app, scene, gesture)
    assert match.log[-1] == gesture.action or gesture.action in match.log


def test_marks_toggle_by_clicking_a_number_line(app):
    match = sa_match(seed=7)
    scene = open_table(app, match)
    frames(app, 3)
    marks = [g for g in scene.gestures() if g.action.kind == "mark"]
    assert marks, "a player may mark the lines of positions they do not own"
    assert all(g.action["position"] != 0 for g in marks)  # never one's own line (R38)
    g = marks[3]
    pos, value = g.action["position"], g.action["value"]
    click(app, scene.table.rect_of(g.click).center)
    assert match.view(0)["positions"][pos]["marks"][value - 1]
    frames(app, 2)
    click(app, scene.table.rect_of(f"line:{pos}:{value}").center)
    assert not match.view(0)["positions"][pos]["marks"][value - 1]
    # A third change is the last one this turn: a fourth click does nothing, and the tooltip says why.
    click(app, scene.table.rect_of(f"line:{pos}:{value}").center)
    assert match.view(0)["positions"][pos]["marks"][value - 1]
    before = match.state_id
    click(app, scene.table.rect_of(f"line:{pos}:{value}").center)
    assert match.state_id == before and match.view(0)["positions"][pos]["marks"][value - 1]
    assert "three times this turn" in scene.table.tooltip(f"line:{pos}:{value}", scene.view())
    assert "click to flip" in scene.table.tooltip(f"line:{pos}:{value % 7 + 1}", scene.view())
    # One's own line takes no clicks.
    own = scene.table.rect_of("line:0:1")
    before = match.state_id
    click(app, own.center)
    assert match.state_id == before


def test_predict_buttons_and_ai_advice(app):
    """The prediction panel: seven value buttons (ruled-out ones warned, not blocked), Pass, and each AI
    teammate's advice from public information."""
    from game.games.shipwreck_arcana.ai import advice

    match = sa_match(seed=2)
    scene = open_table(app, match)
    wait_for(app, scene, lambda: scene.my_decision() is not None and scene.my_decision().kind == "predict")
    view = match.view(0)
    values = [g for g in scene.gestures() if g.action.kind == "predict"]
    assert sorted(g.action["value"] for g in values) == list(range(1, 8))  # ruled-out values stay allowed (H18)
    shown = scene.table.advisor.advice(view)
    expected = [(match.seats[p].name, *advice(match.view(p), match.seats[p].level)) for p in view["predictors"]
                if not match.seats[p].is_human]
    assert shown == expected and shown
    ruled = view["positions"][view["active"]]["ruled_out"]
    if ruled:
        assert scene.table.tooltip(f"predict:{ruled[0]}", view)
    g = next(g for g in values if g.action["value"] == 4)
    click(app, scene.table.rect_of(g.click).center)
    assert match.log[-1] == g.action


def test_reveal_offer_is_kept_for_people_and_reveal_is_a_panel_button(app):
    from game.core.actions import action

    scene = open_table(app, sa_match())
    frames(app, 2)
    view = dict(match_view := scene.match.view(0), phase="reveal")
    offer = [action(0, "reveal", position=0), action(0, "keep", position=0)]
    assert scene.table.auto_action(view, offer, solo=True) == offer[1]
    assert scene.table.auto_action(view, offer, solo=False) == offer[1]
    assert scene.table.auto_action(match_view, [action(0, "draw")], solo=True) is None
    # In the predict phase a carried fate is revealed by a button of the panel.
    gestures = scene.table.gestures(dict(match_view, phase="predict"), [action(0, "reveal", position=0)])
    buttons = scene.table.button_gestures(gestures)
    assert [g.action.kind for _, g in buttons] == ["reveal"]


def test_curtain_between_two_people_and_a_public_prediction_screen(app):
    match = sa_match(seats=[Seat("Aiko", HUMAN), Seat("Ben", HUMAN), Seat("Mary", AI, "easy")], seed=7)
    scene = open_table(app, match)
    rng = Rng(5)
    saw_curtain = saw_public = False
    for _ in range(4000):
        if top_name(app) == "ResultsScene" or (saw_curtain and saw_public):
            break
        if top_name(app) == "Curtain":
            saw_curtain = True
            assert scene.viewer is None  # nothing private is drawn while the curtain is up
            waiting = scene.human_pending()[0]
            click(app, (5, 5))
            frames(app, 2)
            assert scene.viewer == waiting
            continue
        if top_name(app) == "TableScene" and not scene.board.busy and scene.my_decision() is not None \
                and scene.thinking is None:
            view = scene.view()
            if view["phase"] in ("predict", "second"):
                # H21: the prediction screen is public: nobody's own fates are face up.
                own = [f for p in view["positions"] for f in p["hand"]]
                places = scene.table.placements(view)
                assert all(places[f"fate_{f['value']}:{f['token']}"].face is None for f in own)
                assert all(scene.table.tooltip(f"hand:{f['token']}", view) is None for f in own)
                saw_public = saw_public or bool(own)
                # The log on screen is the public one: nobody's drawn values are written in it.
                assert scene.log == [line for events in match.history for line in describe(match, events, None, "en")]
            human_move(app, scene, rng)
        frames(app, 1, 0.05)
    assert saw_curtain and saw_public


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_table_draws(tmp_path, lang, size):
    app = make_app(tmp_path, size=size, lang=lang)
    try:
        seats = [Seat("Aiko", HUMAN)] + [Seat(f"Bot {i}", AI, "easy") for i in range(4)]
        match = sa_match(seats=seats, options={"restless": True, "difficulty": "easy"}, seed=2)
        scene = open_table(app, match)
        rng = Rng(3)
        for step in range(160):
            if top_name(app) != "TableScene":
                break
            if not scene.board.busy and scene.my_decision() is not None and scene.thinking is None:
                human_move(app, scene, rng)
            x = (step * 97) % size[0]
            post(pygame.MOUSEMOTION, pos=(x, (step * 53) % size[1]), rel=(0, 0), buttons=(0, 0, 0))
            frames(app, 1, 0.2)
        for pos in ((size[0] // 4, size[1] // 6), (size[0] // 10, size[1] // 2)):
            click(app, pos, button=3)  # a card shown large, if one is there
            frames(app, 2)
    finally:
        app.shutdown()


def test_challenge_mode_draws_four_positions(tmp_path):
    app = make_app(tmp_path)
    try:
        match = sa_match(seats=[Seat("Aiko", HUMAN), Seat("Sora", AI, "normal")], options={"challenge": True})
        scene = open_table(app, match)
        rng = Rng(1)
        for _ in range(300):
            if top_name(app) != "TableScene":
                break
            if not scene.board.busy and scene.my_decision() is not None and scene.thinking is None:
                human_move(app, scene, rng)
            frames(app, 1, 0.05)
        names = scene.table.advisor.names()
        assert names == ["Aiko A", "Sora A", "Aiko B", "Sora B"] or names == ["Sora A", "Aiko A", "Sora B", "Aiko B"]
    finally:
        app.shutdown()


def test_breakdown_names_the_outcome():
    from scenes.tables.shipwreck_arcana import breakdown

    match = sa_match()
    from game.ai.bot import SeatInfo, make_bot

    bot = make_bot("shipwreck_arcana", "normal")
    rng = Rng(1)
    while not match.is_over():
        seat = match.pending()[0].seat
        match.apply(bot.choose(SeatInfo(match.rules, match.state, seat), rng))
    text = breakdown(match.result(), 0)
    assert str(match.result().details["score"]) in text and "result_" not in text


# -- the first minute: what a play does, before it is made (issue 10) ----------------------------------------------


def rider_match(app, lang="en"):
    """The play-test's first move: Aiko holds 3 and 6 with The Rider (2 moons), Dawn (3) and The Blind Man (1) open
    to the 6. Only the state is a fixture; everything after it is posted mouse events."""
    from .test_shipwreck_arcana_rules import position

    app.set_language(lang)
    match = sa_match()
    match.state = position(["the_rider", "the_judge", "dawn", "the_blind_man"], fates={2: [2]}, hand=(3, 6),
                           players=3, active=0, turn=1)
    scene = open_table(app, match)
    frames(app, 5)
    return match, scene


def press_and_hold(app, scene, key):
    start = scene.table.rect_of(key).center
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    frames(app, 1)
    moved = (start[0] + 300, start[1] - 220)
    post(pygame.MOUSEMOTION, pos=moved, rel=(300, -220), buttons=(1, 0, 0))
    frames(app, 2)
    return moved


def test_while_a_fate_is_dragged_every_lit_card_says_whether_it_fades_and_the_doom(app):
    match, scene = rider_match(app)
    six = next(f["token"] for f in match.view(0)["positions"][0]["hand"] if f["value"] == 6)
    moved = press_and_hold(app, scene, f"hand:{six}")
    labels = scene.table.drawn_labels
    assert set(labels) == scene.table._lit == {"slot:1", "slot:3", "slot:4"}  # every lit card, and only those
    assert labels["slot:1"] == ["Fades!", "+2 doom", "2/2 moons"]  # The Rider: the play-test's surprise
    assert labels["slot:3"] == ["Safe", "2/3 moons"]  # Dawn
    assert labels["slot:4"] == ["Fades", "no doom", "2/1 moons"]  # The Blind Man
    post(pygame.MOUSEBUTTONUP, pos=moved, button=1)
    frames(app, 3)
    assert scene.table.drawn_labels == {}  # gone with the drag
    app.set_language("ja")
    press_and_hold(app, scene, f"hand:{six}")
    assert scene.table.drawn_labels["slot:1"] == ["消失!", "災厄+2", "月 2/2"]


def test_a_fate_forced_through_the_hours_says_where_it_lands(app):
    from .test_shipwreck_arcana_rules import position

    match = sa_match()
    match.state = position(["the_mirror", "the_beast", "the_huntress", "the_lord"], hand=(1, 4), players=3, turn=1)
    scene = open_table(app, match)
    frames(app, 5)
    one = match.view(0)["positions"][0]["hand"][0]["token"]
    press_and_hold(app, scene, f"hand:{one}")
    assert scene.table.drawn_labels == {"slot:0": ["Goes to The Mirror", "Fades!", "+2 doom", "1/1 moons"]}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_ai_advice_says_which_values_remain_and_why(app, lang):
    from .test_shipwreck_arcana_rules import play, position, to_group

    app.set_language(lang)
    match = sa_match()
    s = position(["the_stranger", "the_deep", "the_mirror", "the_noble"], hand=(5, 2), players=3, active=1)
    play(s, 1, 5)
    to_group(s)
    match.state = s
    scene = open_table(app, match)
    frames(app, 5)
    assert scene.my_decision() is not None and scene.my_decision().kind == "predict"
    reason = scene.table.advisor.reason(scene.view())
    expected = {"en": ["Public clues leave 2, 4, 6.", "The Stranger (odd) took a 5: not 1, 3, 5, 7."],
                "ja": ["公開情報での候補: 2・4・6。", "The Stranger(和が奇数)に5: 1・3・5・7はない。"]}[lang]
    assert reason == ("" if lang == "ja" else " ").join(expected)
    area = scene.table.panel_parts(scene.view())["advice"]
    post(pygame.MOUSEMOTION, pos=area.center, rel=(0, 0), buttons=(0, 0, 0))
    frames(app, 20)  # the tooltip's delay
    assert scene.hover_key == "advice" and reason in scene.table.tooltip("advice", scene.view())


def test_the_still_panels_on_the_layer_show_what_painting_them_afresh_shows(app):
    """The positions, the stock and the info panel are kept painted on the kit's Layer between moves: move after
    move, moving or still, the screen is what painting the layer afresh gives (a panel is painted again when
    what it shows changes)."""
    match = sa_match()
    scene = open_table(app, match)
    check_kept_layer(app, scene, match, Rng(2))
    assert len(match.log) >= 5
