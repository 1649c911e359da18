"""The Three-Dragon Ante table, headless: a whole game played by posted mouse events (cards dragged into the
flight and onto the ante, questions answered on their buttons or on the cards themselves), every kind of
question the engine asks answered by mouse and by keyboard, the drag hint, the hot-seat ante with two
humans behind the curtain (each antes in turn, the reveal is simultaneous, neither sees the other's hand),
and the results screen's breakdown."""

from __future__ import annotations

import copy
import time

import pygame
import pytest

from game.core.match import AI, HUMAN, Match, Seat
from game.core.rng import Rng
from game.games import rules as rules_for
from game.games.three_dragon_ante.cards import deck
from scenes.table.kit import Hit
from scenes.table.kit.text import name_layout
from scenes.tables.three_dragon_ante import breakdown, prompts
from scenes.tables.three_dragon_ante.faces import card_label
from scenes.ui.strings import set_language, tr
from scenes.ui.theme import scale

from . import tda
from .scenes_harness import click, frames, key, make_app, open_table, perform, play_through, post, top_name
from .test_three_dragon_ante_powers import with_specials

TDA = rules_for("three_dragon_ante")
QUESTIONS = ("give_or_pay", "strongest", "blue_mode", "weakest", "bronze_pick", "ante_pick", "wyrmling", "seer_keep",
             "trickster_target", "trickster_trigger", "sorcerer", "dragonslayer", "prophet", "kobold", "illusionist")
# The questions whose answers are cards or seats on the table (clicked there as well as on a button).
ON_TABLE = ("strongest", "weakest", "bronze_pick", "ante_pick", "seer_keep", "trickster_target", "sorcerer",
            "dragonslayer")


def tda_match(seats=None, seed=5) -> Match:
    seats = seats or [Seat("Aiko", HUMAN), Seat("Flint", AI, "easy"), Seat("Mary", AI, "easy")]
    return Match(TDA, seats, None, seed)


def idle(scene) -> bool:
    return not scene.board.busy and not scene.table.busy() and scene.thinking is None


def human_move(app, scene, rng: Rng) -> None:
    gestures = [g for g in scene.gestures() if g.action is not None]
    assert gestures, "the human has a decision but no gesture"
    perform(app, scene, gestures[rng.below(len(gestures))], prefer_click=bool(rng.below(2)))


def test_whole_game_through_the_table_with_mouse_events(app):
    match = tda_match(seed=3)
    scene = open_table(app, match)
    play_through(app, scene, human_move, seed=1, limit=60000)
    assert match.is_over()
    assert top_name(app) == "ResultsScene"
    assert app.history.stats("three_dragon_ante")["played"] == 1


def _position(kind: str):
    """(seed, actions) of a 3-player game whose seat 0 is asked `kind` after those actions (random play)."""
    for seed in range(300):
        match = tda_match(seed=seed)
        rng = Rng(seed)
        actions = []
        for _ in range(400):
            if match.is_over():
                break
            d = match.pending()[0]
            if d.seat == 0 and d.kind == kind:
                return seed, actions
            legal = match.legal_actions(d.seat)
            actions.append(legal[rng.below(len(legal))])
            match.apply(actions[-1])
    raise AssertionError(f"no position asks {kind}")


def _open_at(app, kind: str):
    seed, actions = _position(kind)
    match = tda_match(seed=seed)
    for act in actions:
        match.apply(act)
    scene = open_table(app, match)
    # Until the bots' sealed antes are in: each would lay the choices out again under the keyboard's focus. They
    # think in another process, so on a busy machine this takes a while in frames; a short pause lets them.
    for _ in range(3000):
        frames(app, 1)
        if len(match.pending()) == 1 and idle(scene):
            break
        time.sleep(0.01)
    else:
        raise AssertionError("the bots never answered")
    assert scene.my_decision() is not None and scene.my_decision().kind == kind
    return match, scene


def _keyboard(app, scene, gesture) -> None:
    """Focus `gesture` with the arrow key, then Enter."""
    index = scene.gestures().index(gesture)
    for _ in range(index + 1):
        key(app, pygame.K_RIGHT)
    assert scene.gestures()[scene.focus_index] == gesture  # equal: the list is rebuilt when a bot answers
    key(app, pygame.K_RETURN)


@pytest.mark.parametrize("kind", ["play", "ante", *QUESTIONS])
@pytest.mark.parametrize("way", ["mouse", "keyboard"])
def test_every_question_is_answered_by_mouse_and_by_keyboard(app, kind, way):
    match, scene = _open_at(app, kind)
    gestures = [g for g in scene.gestures() if g.action is not None]
    assert {g.action for g in gestures} == set(match.legal_actions(0))
    for g in gestures:  # readable labels: names, never an id or a raw seat number
        assert g.label and "_" not in g.label and not g.label.isdigit()
    gesture = gestures[-1]
    before = match.state_id
    if way == "mouse":
        perform(app, scene, gesture, prefer_click=True)
    else:
        _keyboard(app, scene, gesture)
    assert match.state_id > before
    assert match.log[-1] == gesture.action


@pytest.mark.parametrize("kind", QUESTIONS)
def test_a_question_takes_the_logs_place_and_its_cards_or_seats_can_be_clicked(app, kind):
    match, scene = _open_at(app, kind)
    assert scene.table.log_rect() is None and scene.table.choice.shown
    ask = scene.view()["ask"]
    if "card" in ask["params"]:  # the prompt line names the card, never its id
        assert card_label(ask["params"]["card"]) in scene.prompt_text(scene.gestures())
    buttons = {b.text for b in scene.action_buttons}
    gestures = [g for g in scene.gestures() if g.action is not None]
    assert {g.label for g in gestures} <= buttons
    on_table = [g for g in gestures if g.click]
    for g in on_table:  # the card or seat named by an answer is where the click lands
        assert g.click in scene.table.hits(scene.table.rect_of(g.click).center)
    if kind in ON_TABLE:
        assert on_table
        before = match.state_id
        click(app, scene.table.rect_of(on_table[0].click).center)
        assert match.state_id > before and match.log[-1] == on_table[0].action


def test_the_kobolds_discards_are_chosen_card_by_card_on_the_hand_then_done(app):
    match, scene = _open_at(app, "kobold")
    hand = scene.view()["hand"]
    picks = [g for g in scene.gestures() if g.click and g.click.startswith("piece:hand/")]
    assert len(picks) == len(hand) >= 1
    click(app, scene.table.rect_of(picks[0].click).center)
    frames(app, 5)
    chosen = picks[0].action["choice"]
    assert scene.my_decision().kind == "kobold"  # still choosing: the chosen card is marked, no longer offered
    assert prompts.kobold_chosen(scene.view()) == [chosen]
    assert chosen not in {g.action["choice"] for g in scene.gestures()}
    done = next(g for g in scene.gestures() if g.action["choice"] == "done")
    perform(app, scene, done)
    assert chosen in match.view(0)["discard"]


def test_the_drag_hint_says_whether_the_power_triggers(app):
    match, scene = _open_at(app, "play")
    view = scene.view()
    me = scene.viewer
    for card_id in view["hand"]:
        fires, _ = prompts.trigger_hint(view, me, card_id)
        lines = [text for text, _ in prompts.drag_hint(view, me, card_id)]
        trial = copy.deepcopy(match.state)
        assert fires == ("triggers" in tda.kinds(tda.play(trial, me, card_id))), card_id
        assert ("Power triggers" if fires else "No power: stronger than the last card") == lines[0]
    # While a card is carried the hint is drawn beside it.
    gesture = next(g for g in scene.gestures() if g.action is not None and g.action.kind == "play")
    start = scene.table.rect_of(gesture.drag_from).center
    frames(app, 1)
    plain = app.screen.copy()
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    frames(app, 1)
    spot = (start[0] - 200, start[1] - 260)
    post(pygame.MOUSEMOTION, pos=spot, rel=(0, 0), buttons=(1, 0, 0))
    frames(app, 1)
    assert scene.drag and scene.drag["moved"]
    screen = app.screen
    hint_area = pygame.Rect(spot[0] + 60, spot[1] - 20, 200, 40)
    assert any(screen.get_at((x, y)) != plain.get_at((x, y)) for x in range(hint_area.left, hint_area.right, 7)
               for y in range(hint_area.top, hint_area.bottom, 5))
    post(pygame.MOUSEBUTTONUP, pos=scene.table.rect_of(gesture.drop_on).center, button=1)
    frames(app, 1)
    assert match.log[-1] == gesture.action


def test_the_keyboards_place_in_the_ante_stays_when_a_bots_sealed_ante_arrives(app, monkeypatch):
    """Aiko steps through her hand with the arrow keys to choose her ante; the bots' sealed antes come in
    meanwhile (they change nothing she is offered), and Enter antes the card she had reached."""
    match = tda_match(seed=3)
    scene = open_table(app, match)
    monkeypatch.setattr(scene, "_ask_ai", lambda seats: None)  # the bots' antes are brought in below, in turn
    for _ in range(100):
        if scene.my_decision() is not None and not scene.busy():
            break
        frames(app, 1)
    assert match.state.phase == "ante"
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    chosen = scene.gestures()[scene.focus_index].action
    for bot in (1, 2):
        scene.apply(match.legal_actions(bot)[0])
        for _ in range(100):
            frames(app, 1)
            if not scene.busy():
                break
        assert scene.focus_index == 1 and scene.gestures()[scene.focus_index].action == chosen
    key(app, pygame.K_RETURN)
    assert match.log[-1] == chosen


def _open_state(app, state):
    """The table opened on a position built card by card (tests/tda.py), Aiko (seat 0) human, the others bots."""
    seats = [Seat("Aiko", HUMAN)] + [Seat(n, AI, "easy") for n in ("Flint", "Mary", "Ben", "Cleo", "Dov")]
    match = Match(TDA, seats[:state.players], None, 1)
    match.state = state
    scene = open_table(app, match)
    for _ in range(100):
        if idle(scene):
            break
        frames(app, 1)
    return match, scene


def test_the_drag_hint_after_the_only_round_card_was_taken_away(app):
    """Flint played this round, then his round card was taken away (a Dragonslayer's): Aiko's card is not the
    first of the round (R15), so with no card before hers nothing she plays triggers; the hint agrees with the
    engine card by card."""
    s = tda.arrange(3, hands=[["red_3", "blue_9"], ["green_4"], ["white_6"]], flights=[[], ["black_2"], []])
    tda.start_turn(s, 0, turns=2, leader=1, round_cards=[None, None, None])
    match, scene = _open_state(app, s)
    view = scene.view()
    assert not any(view["round_cards"])
    for card_id in view["hand"]:
        fires, why = prompts.trigger_hint(view, 0, card_id)
        trial = copy.deepcopy(match.state)
        events = tda.play(trial, 0, card_id)
        assert fires == ("triggers" in tda.kinds(events)), card_id
        assert why == tr("three_dragon_ante.table.hint_no_card_before")


def _princess_asked():
    """`princess` (D20): Aiko's Princess triggers with Gold 2 and Brass 1 in her flight; she orders them."""
    s = with_specials(3, hands=[["princess"], ["copper_10", "brass_7"], ["silver_3", "red_5"]],
                      flights=[["gold_2", "brass_1"], [], ["black_6"]])
    s.hands[0] += s.deck[:9]
    del s.deck[:9]
    tda.start_turn(s, 0, turns=2, leader=1, round_cards=[None, "copper_10", "black_6"])
    tda.play(s, 0, "princess")
    return s


def _bronze_keep_asked():
    """`bronze_keep` (D11): Aiko's Bronze takes the two weakest ante cards with 9 in hand: she keeps one."""
    s = tda.arrange(3, hands=[["bronze_3"], [], []], ante=["red_8", "black_2", "blue_4"], fill_hands=10)
    tda.start_turn(s, 0)
    tda.play(s, 0, "bronze_3")
    return s


@pytest.mark.parametrize("kind, position", [("princess", _princess_asked), ("bronze_keep", _bronze_keep_asked)])
@pytest.mark.parametrize("way", ["mouse", "keyboard"])
def test_the_princess_order_and_the_bronze_keep_are_answered_through_the_table(app, kind, position, way):
    """Questions random play never reached, built card by card: each option is a button named by its card, the
    card itself can be clicked where it lies (Aiko's flight, the ante), and the keyboard reaches every one."""
    match, scene = _open_state(app, position())
    assert scene.my_decision() is not None and scene.my_decision().kind == kind
    gestures = [g for g in scene.gestures() if g.action is not None]
    assert {g.action for g in gestures} == set(match.legal_actions(0)) and len(gestures) == 2
    assert [g.label for g in gestures] == [card_label(g.action["choice"]) for g in gestures]
    assert {g.label for g in gestures} <= {b.text for b in scene.action_buttons}
    assert card_label(scene.view()["ask"]["params"]["card"]) in scene.prompt_text(scene.gestures())
    gesture = gestures[-1]
    if way == "mouse":
        assert gesture.click in scene.table.hits(scene.table.rect_of(gesture.click).center)
        click(app, scene.table.rect_of(gesture.click).center)
    else:
        _keyboard(app, scene, gesture)
    assert match.log[-1] == gesture.action


def _faces_on_board(scene) -> set:
    return {p.shown for p in scene.board.pieces.values() if p.shown}


def test_hot_seat_ante_two_humans_behind_the_curtain(app):
    match = tda_match(seats=[Seat("Aiko", HUMAN), Seat("Ben", HUMAN), Seat("Mary", AI, "easy")], seed=7)
    scene = open_table(app, match)
    frames(app, 20)
    assert match.state.phase == "ante"
    hands = [set(deck().cards[c].id for c in h) for h in match.state.hands]
    seen = {}
    for _ in range(2):
        for _ in range(40):
            if top_name(app) == "Curtain":
                assert scene.viewer is None
                click(app, (640, 360))
            if scene.viewer is not None and scene.my_decision() is not None and idle(scene):
                break
            frames(app, 1)
        me = scene.viewer
        other = 1 - me
        assert _faces_on_board(scene) & hands[other] == set(), "the other human's hand is on the screen"
        assert set(scene.view()["hand"]) == hands[me]
        gesture = next(g for g in scene.gestures() if g.action.kind == "ante")
        assert gesture.drop_on == str(Hit.of_zone("ante"))
        perform(app, scene, gesture)
        seen[me] = gesture.action["choice"]
        frames(app, 2)
        if len(seen) == 1:  # the ante is still sealed: nothing of it shows, and the screen passes behind the curtain
            assert match.state.phase == "ante" and not match.state.ante
            frames(app, 20)
            assert top_name(app) == "Curtain"
    assert set(seen) == {0, 1}

    def revealed():
        return next((events for events in match.history if any(ev.kind in ("ante_stands", "ante_failed")
                                                                for ev in events)), None)

    for _ in range(3000):  # the bot's sealed ante comes from another process: on a busy machine, a while
        if revealed():
            break
        frames(app, 1)
        time.sleep(0.01)
    # Revealed together: one step of the game puts every player's ante card face up (the bot's too).
    reveal = revealed()
    assert reveal, "the bot never anted"
    anted = {ev["seat"]: ev["piece"] for ev in reveal if ev.kind == "moved" and ev["why"] == "ante"}
    assert set(anted) == {0, 1, 2} and anted[0] == seen[0] and anted[1] == seen[1]


def test_a_question_for_the_other_human_in_my_turn_is_asked_of_them_behind_the_curtain(app):
    """Aiko's Brass (or Green) asks Ben, the other human, to give a dragon or pay: the screen passes to Ben
    behind the curtain, who answers on his own screen; Aiko's hand is never shown to him."""
    seats = [Seat("Aiko", HUMAN), Seat("Ben", HUMAN), Seat("Mary", AI, "easy")]
    for seed in range(300):
        match = Match(TDA, seats, None, seed)
        rng = Rng(seed)
        actions = []
        while not match.is_over() and len(actions) < 400:
            d = match.pending()[0]
            if d.seat == 1 and d.kind == "give_or_pay" and match.view(None)["current"] == 0:
                break
            actions.append(match.legal_actions(d.seat)[rng.below(len(match.legal_actions(d.seat)))])
            match.apply(actions[-1])
        else:
            continue
        break
    match = Match(TDA, seats, None, seed)
    for act in actions[:-1]:  # up to Aiko's play
        match.apply(act)
    scene = open_table(app, match)
    for _ in range(60):
        if top_name(app) == "Curtain":
            click(app, (640, 360))
        frames(app, 1)
        if scene.viewer == 0 and scene.my_decision() is not None and idle(scene):
            break
    play = next(g for g in scene.gestures() if g.action == actions[-1])
    perform(app, scene, play)
    frames(app, 30)
    assert top_name(app) == "Curtain" and scene.viewer is None
    click(app, (640, 360))
    frames(app, 5)
    assert scene.viewer == 1 and scene.my_decision().kind == "give_or_pay"
    aiko = {deck().cards[c].id for c in match.state.hands[0]}
    assert _faces_on_board(scene) & aiko == set()
    labels = {b.text for b in scene.action_buttons}
    assert tr("three_dragon_ante.action.pay") in labels
    perform(app, scene, next(g for g in scene.gestures() if g.action["choice"] == "pay"))
    assert match.log[-1].seat == 1


def test_the_curtain_hides_each_humans_hand_through_a_game(app):
    match = tda_match(seats=[Seat("Aiko", HUMAN), Seat("Ben", HUMAN), Seat("Mary", AI, "easy")], seed=9)
    scene = open_table(app, match)
    rng = Rng(4)
    curtains = 0
    for _ in range(3000):
        if match.is_over() or top_name(app) == "ResultsScene" or len(match.log) > 80:
            break
        if top_name(app) == "Curtain":
            curtains += 1
            click(app, (640, 360))
            continue
        viewer = scene.viewer
        if viewer is not None:
            other_hand = {deck().cards[c].id for c in match.state.hands[1 - viewer]}
            known = {cid for holder, cid in scene.view()["known"] if holder == 1 - viewer}
            assert _faces_on_board(scene) & (other_hand - known) == set()
        if scene.my_decision() is not None and idle(scene):
            human_move(app, scene, rng)
        frames(app, 1)
    assert curtains >= 2


def test_gambit_effects_and_dragon_god_bars_are_badges_in_words(app):
    _, scene = _open_at(app, "play")
    view = dict(scene.view())
    view["effects"] = {**view["effects"], "druid": True, "priest": True, "merchant_prince": 2,
                       "archmage": [0, 1, 0], "gold_monarch": [2, 0, 0]}
    view["flights"] = [["bahamut", "red_5"], [], []]
    names = scene.table._names()
    texts = [text for text, _ in scene.table._badges(view, names)]
    assert texts == ["Druid: the weakest flight wins", "Priest: the winner shares the stakes",
                     f"Merchant Prince: purchases pay {names[2]}", f"Archmage: {names[1]}'s cards all trigger",
                     f"Gold Monarch ×2: {names[0]} gives gold if they win", f"{names[0]} cannot win (Bahamut)"]


def test_coins_fly_from_a_hoard_to_the_stakes_and_the_amount_floats_where_they_land(app):
    from game.core.events import coins_moved

    _, scene = _open_at(app, "play")
    table = scene.table
    view = scene.view()
    table.on_events([coins_moved(7, "gold/1", "stakes", "ante", seat=1)], view, view)
    (src, dst, _, amount, coins), = table.coins.items
    assert src == table.kit["gold/1"].rect.center and dst == table.kit["stakes"].rect.center and amount == 7
    table.update(2.0)
    assert not table.coins.items and any(item[0] == "+7" for item in table.words.items)


def test_a_card_in_flight_is_drawn_from_its_face_at_rest_not_laid_out_at_new_sizes(tmp_path, monkeypatch):
    """A face takes milliseconds to lay out (more at a size whose fonts are new): a card changing size as it
    flies from the hand to the flight is drawn from its face at the size it has in the hand or in the flight,
    scaled, never laid out at the sizes in between."""
    from scenes.tables.three_dragon_ante import faces

    app = make_app(tmp_path, speed="slow")
    try:
        match, scene = _open_at(app, "play")
        gesture = next(g for g in scene.gestures() if g.action is not None)
        card = gesture.action["choice"]
        sizes = set()
        face = faces.face
        def flying() -> bool:
            piece = scene.board.pieces.get(card)
            return piece is not None and bool(piece.motions)

        monkeypatch.setattr(faces, "face", lambda cid, w, h, lang: (cid == card and flying() and sizes.add((w, h)),
                                                                     face(cid, w, h, lang))[1])
        at_rest = {scene.table.rect_of(gesture.drag_from).size, scene.table.kit[f"flight/{scene.viewer}"].card_size}
        perform(app, scene, gesture)
        for _ in range(90):  # the card flies to the flight, drawn every 1/60 s
            frames(app, 1, 1 / 60)
        assert match.log[-1] == gesture.action and not scene.board.busy
        assert sizes and sizes <= at_rest, (sorted(sizes), at_rest)
    finally:
        app.shutdown()


def test_a_flying_card_is_drawn_from_the_size_it_rests_at_with_the_face_it_shows():
    """Where it lands; where it set off while the face it had there has not turned over yet, or when it leaves
    the table where it lands (a card swept under the discard's top); never from a place that is not
    card-shaped (a hand's count in a seat's header)."""
    from scenes.table.board import Motion, Piece
    from scenes.tables.three_dragon_ante.table import flying_size

    flight, discard, count = (20, 30, 81, 113), (300, 200, 121, 170), (40, 10, 306, 45)

    def flying(src, dst, shown, face, flip=False, leaving=False):
        piece = Piece("red_5", pygame.Rect(src[:4]), shown)
        piece.motions = [Motion(0.0, 0.3, (*src, 0.0), (*dst, 0.0), face, flip, 0.0, 0.0)]
        piece.leaving = leaving
        return flying_size(piece)

    assert flying(flight, discard, "red_5", "red_5") == (121, 170)
    assert flying(flight, discard, "red_5", "red_5", leaving=True) == (81, 113)
    assert flying(discard, flight, None, "red_5", flip=True) == (121, 170)  # a back until halfway
    assert flying(discard, flight, "red_5", "red_5", flip=True) == (81, 113)
    assert flying(count, flight, "red_5", "red_5", flip=True) == (81, 113)
    assert flying(flight, count, None, None, leaving=True) == (81, 113)


@pytest.mark.usefixtures("app")
def test_faces_drawn_at_many_sizes_are_not_all_kept():
    """A card drawn at hundreds of sizes (windows resized, cards flying) leaves a bounded number of faces."""
    from scenes.tables.three_dragon_ante import faces

    for w in range(40, 340):
        faces.face("red_5", w, round(w * 1.4), "en")
        faces.back(w, round(w * 1.4))
    assert faces.face.cache_info().currsize < 300 and faces.back.cache_info().currsize < 300


# -- what the table keeps between frames ---------------------------------------------------------------------

SIX = [Seat("Aiko", HUMAN), Seat("Captain Flint", AI, "normal"), Seat("Mary Read", AI, "hard"),
       Seat("Sora", AI, "easy"), Seat("Wilhelmina", AI, "normal"), Seat("Dov", AI, "easy")]


def _quiet_table(app, monkeypatch, seed=4):
    """A six-player table whose bots are never asked (the test moves for them, as the scene would)."""
    from scenes.table.scene import TableScene

    monkeypatch.setattr(TableScene, "_ask_ai", lambda scene, seats: None)
    scene = open_table(app, tda_match(seats=SIX, seed=seed))
    frames(app, 5)
    return scene


def _bot_move(scene, rng: Rng) -> None:
    from game.ai.bot import SeatInfo, make_bot

    seat = scene.match.pending()[0].seat
    scene.apply(make_bot("three_dragon_ante", "easy").choose(SeatInfo(TDA, scene.match.state, seat), rng))


def _drawn(scene) -> bytes:
    surface = pygame.Surface(scene.app.screen.get_size())
    scene.draw(surface)
    return pygame.image.tobytes(surface, "RGB")


def _drawn_plainly(scene) -> bytes:
    """The table drawn as before it kept a layer: the backdrop, then every part of the layer painted straight
    on the window (unclipped, nothing kept), every card drawn by itself."""
    from collections import defaultdict

    from scenes.table.kit.areas import Layer

    def plain(layer, surface, backdrop, parts):
        surface.blit(backdrop, (0, 0))
        for _, _, _, paint in parts:
            paint(surface)

    table = scene.table
    layered, draw = table._layered, Layer.draw
    table._layered = lambda over, hover: (table.in_layer.clear(), defaultdict(list))[1]
    Layer.draw, table._bound_to = plain, None  # the widgets set anew too
    try:
        return _drawn(scene)
    finally:
        table._layered, Layer.draw = layered, draw


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_table_drawn_from_its_layer_looks_as_drawn_plainly_through_a_game(tmp_path, monkeypatch, size):
    """The seats, the middle and the info panel are drawn once and kept (areas.Layer): after every move (gold,
    stakes, turn, flights, hands, the leader, the badges changed), while the cards fly, while a bot thinks and
    after a change of language, the table looks exactly as when everything is drawn straight on the window
    every frame."""
    app = make_app(tmp_path, size=size)
    try:
        scene = _quiet_table(app, monkeypatch)
        rng = Rng(2)
        for move in range(40):
            if scene.match.is_over():
                break
            _bot_move(scene, rng)
            frames(app, 2, 1 / 60)  # the cards are on their way
            assert _drawn(scene) == _drawn_plainly(scene), move
            frames(app, 30)
            assert _drawn(scene) == _drawn_plainly(scene), move
            if move == 20:
                app.set_language("ja")
                assert _drawn(scene) == _drawn_plainly(scene)
        seat = scene.match.pending()[0].seat
        scene.asked[seat] = 1  # a bot thinking: its dots count up
        for _ in range(4):
            frames(app, 1, 0.35)
            assert _drawn(scene) == _drawn_plainly(scene)
    finally:
        app.shutdown()
        set_language("en")


@pytest.mark.parametrize("players", [3, 6])
def test_pieces_at_rest_in_the_layer_look_as_drawn_each_by_itself(app, monkeypatch, players):
    """The cards at rest are painted in the layer, in the order the scene draws them; a card under the pointer
    (which rises), a dragged one, a card under a glow or over a lit place and the cards over those are drawn
    every frame: the table looks the same as when each card is drawn by itself, in every case."""
    from scenes.table.kit import Hit

    scene = _quiet_table(app, monkeypatch) if players == 6 else open_table(app, tda_match(seed=4))
    frames(app, 30)
    rng = Rng(3)
    while scene.my_decision() is None or scene.my_decision().kind != "play":
        _bot_move(scene, rng)
        frames(app, 30)
    table = scene.table
    assert table.in_layer  # the cards at rest are in the layer
    assert _drawn(scene) == _drawn_plainly(scene)
    hand = table.kit[f"hand/{scene.viewer}"]
    second = hand.rect_of(Hit.of_piece(hand.zone_id, hand.placed()[1]))
    post(pygame.MOUSEMOTION, pos=second.center, rel=(0, 0), buttons=(0, 0, 0))
    frames(app, 3)
    assert scene.hover_key and not table.in_layer & {hand.placed()[1]}
    assert _drawn(scene) == _drawn_plainly(scene)  # the card rises over its neighbours
    scene.focus_index = 2
    frames(app, 1)
    assert _drawn(scene) == _drawn_plainly(scene)  # the keyboard's card glows
    scene.focus_index = -1
    post(pygame.MOUSEBUTTONDOWN, pos=second.center, button=1)
    post(pygame.MOUSEMOTION, pos=(second.centerx, second.top - 80), rel=(0, -80), buttons=(1, 0, 0))
    frames(app, 2)
    assert scene.drag and scene.drag["moved"]
    assert _drawn(scene) == _drawn_plainly(scene)  # the flight glows where the card may go


def test_a_still_table_draws_no_seat_and_renders_no_text_again(app, monkeypatch):
    """Between moves the layer is blitted whole: no seat, coin stack or panel is drawn and no text is laid out
    or rendered; a bot's thinking dots counting up draw its seat alone again."""
    from scenes.table.kit import CoinStack, SeatPanel
    from scenes.ui import fonts

    scene = _quiet_table(app, monkeypatch)
    table, view = scene.table, scene.view()
    drawn = []
    for cls in (SeatPanel, CoinStack):
        draw = cls.draw
        monkeypatch.setattr(cls, "draw", lambda self, surface, draw=draw: (drawn.append(self), draw(self, surface)))
    for name in ("render", "lines"):
        counted = getattr(fonts, name)
        monkeypatch.setattr(fonts, name, lambda *a, counted=counted, **k: (drawn.append(a[0]), counted(*a, **k))[1])
    surface = pygame.Surface(app.screen.get_size())
    table.draw_table(surface, view)
    assert drawn == []
    seat = next(s for s in range(1, 6) if s != scene.match.pending()[0].seat)
    scene.asked[seat] = 1
    table.draw_table(surface, view)  # the seat shows its dots
    table.update(0.34)
    drawn.clear()
    table.draw_table(surface, view)
    assert [w for w in drawn if isinstance(w, (SeatPanel, CoinStack))] == [table.kit[f"seat{seat}"],
                                                                            table.kit[f"gold/{seat}"]]


LONG_NAMES = {"en": ["Aiko", "Bartholomew", "Margaret", "Flint", "Wilhelmina", "Dov"],
              "ja": ["あいこ", "バーソロミュー", "マーガレット", "フリント", "ウィルヘルミナ", "ドヴ"]}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_six_players_long_names_are_drawn_whole(tmp_path, monkeypatch, lang, size):
    """A narrow side panel's header holds the whole name: the flight's strength moves to a line of its own
    rather than the name ending in "…"."""
    from scenes.table.kit import paint
    from scenes.table.kit import seats as seat_kit
    from scenes.table.kit.text import name_layout

    app = make_app(tmp_path, size=size, lang=lang)
    try:
        names = LONG_NAMES[lang]
        seats = [Seat(names[0], HUMAN)] + [Seat(n, AI, "easy") for n in names[1:]]
        scene = open_table(app, tda_match(seats=seats, seed=4))
        frames(app, 5)
        room, boxes = {}, {}
        one_line, draw_name = paint.one_line, seat_kit.draw_name
        monkeypatch.setattr(paint, "one_line", lambda surface, text, pos, width, *a, **k: (
            room.setdefault(text, width), one_line(surface, text, pos, width, *a, **k))[1])
        monkeypatch.setattr(seat_kit, "draw_name", lambda surface, text, box, largest, *a, **k: (
            boxes.setdefault(text, (box.width, box.height, largest)), draw_name(surface, text, box, largest, *a,
                                                                                **k))[1])
        _drawn_plainly(scene)  # the seats are drawn again, not taken from the layer
        for name in names:
            _, lines = name_layout(name, *boxes[name])
            assert "".join(lines).replace(" ", "") == name.replace(" ", ""), name  # whole, no "…"
        strengths = [tr("three_dragon_ante.table.strength", strength=s) for s in scene.view()["strengths"]]
        assert set(strengths) <= set(room)  # each flight's strength still shows, in the header or under it
    finally:
        app.shutdown()
        set_language("en")  # the tests after this one read English


# One word wider than the smallest flight card even in its smallest print: these alone end in "…" there.
TOO_LONG = {"en": {"dragonrider", "dragonslayer", "wyrmpriest"}, "ja": {"chromatic_wyrmling", "metallic_wyrmling"}}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_special_names_on_the_smallest_flight_cards_read_whole(tmp_path, monkeypatch, lang):
    """Another player's flight card at 1280×720 with six players prints a long name smaller, over the whole
    card under the band, before ending it in "…" (the large preview shows it at full size)."""
    from scenes.tables.three_dragon_ante import faces

    app = make_app(tmp_path, size=(1280, 720), lang=lang)
    try:
        seats = [Seat("Aiko", HUMAN)] + [Seat(f"Bot {i}", AI, "easy") for i in range(1, 6)]
        scene = open_table(app, tda_match(seats=seats, seed=4))
        frames(app, 5)
        w, h = min(scene.table.kit[f"flight/{s}"].card_size for s in range(1, 6))
        laid = {}
        name_layout = faces.name_layout
        monkeypatch.setattr(faces, "name_layout", lambda text, *a, **k: laid.__setitem__(text, name_layout(
            text, *a, **k)) or laid[text])
        faces.face.cache_clear()
        cut = set()
        for c in deck().cards:
            if c.kind != "standard":
                faces.face(c.id, w, h, lang)
                px, lines = laid[faces.card_name(c.id)]
                if any(line.endswith("…") for line in lines):
                    cut.add(c.id)
        assert cut == TOO_LONG[lang], (w, h)
    finally:
        faces.face.cache_clear()
        app.shutdown()
        set_language("en")


def test_breakdown_says_the_gold_against_the_start():
    from game.core.rules import Result

    result = Result([40, 5, 45], [2], [2, 3, 1], {"gold": [40, 5, 45], "hole": 3, "gambits": 6})
    assert breakdown(result, 2) == "45 gold (started with 30, +15)"
    assert breakdown(result, 1) == "5 gold (started with 30, -25)"


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_table_lays_out_every_seat_inside_the_window(tmp_path, lang, size, players):
    app = make_app(tmp_path, size=size, lang=lang)
    try:
        seats = [Seat("Aiko", HUMAN)] + [Seat(f"Bot {i}", AI, "easy") for i in range(1, players)]
        scene = open_table(app, tda_match(seats=seats, seed=4))
        frames(app, 5)
        table = scene.table
        window = pygame.Rect(0, 0, *size)
        panels = [table.kit[f"seat{s}"].rect for s in range(players)]
        for i, a in enumerate(panels):
            assert window.contains(a)
            assert not any(a.colliderect(b) for b in panels[i + 1:])
        for s in range(players):  # each flight and hoard inside its own panel
            assert panels[s].contains(table.kit[f"flight/{s}"].rect)
            assert panels[s].contains(table.kit[f"gold/{s}"].rect)
        for zone in ("deck", "discard", "ante", "reveal", "stakes"):
            assert table.zones["centre"].contains(table.kit[zone].rect)
    finally:
        app.shutdown()


def test_the_names_under_the_sealed_ante_do_not_overlap_at_six_players(tmp_path, monkeypatch):
    """Issue 14: with five backs sealed in the ante row at 1280×720, their players' names were drawn over each
    other; each is now whole and clear of the others."""
    from scenes.tables.three_dragon_ante import table as tda_table

    names = ["Aiko", "Captain Flint", "Mary Read", "Sora", "Wild Bill", "Calamity Jane"]
    seats = [Seat(names[0], HUMAN)] + [Seat(name, AI, "easy") for name in names[1:]]
    match = tda_match(seats, seed=3)
    app = make_app(tmp_path, size=(1280, 720))
    try:
        scene = open_table(app, match)
        monkeypatch.setattr(scene, "_ask_ai", lambda seats: None)  # the antes are brought in below
        for seat in range(5):
            scene.apply(match.legal_actions(seat)[0])
        frames(app, 20)
        assert match.state.phase == "ante"
        drawn, real = [], getattr(tda_table, "draw_name", None)
        monkeypatch.setattr(tda_table, "draw_name", lambda s, text, box, *a, **k: drawn.append(
            (text, box, real(s, text, box, *a, **k))) or drawn[-1][2], raising=False)
        scene.draw(app.screen)
        assert [text for text, _, _ in drawn] == names[:5]
        covered = [rect for _, _, rect in drawn]
        assert all(not a.colliderect(b) for i, a in enumerate(covered) for b in covered[i + 1:]), covered
        assert all(name_layout(text, box.width, box.height, scale.text_px("small"))[1] == (text,)
                   for text, box, _ in drawn)
    finally:
        app.shutdown()


@pytest.mark.parametrize("count", range(1, 7))
def test_sealed_spots_keep_the_names_apart_and_the_backs_in_their_area(count):
    area = pygame.Rect(460, 180, 180, 160)
    spots = prompts.sealed_spots(area, count, 80, 112, 20, 6)
    names = [name for _, name in spots]
    assert all(not a.colliderect(b) for i, a in enumerate(names) for b in names[i + 1:])
    assert all(area.contains(card) and name.width >= min(80, card.width) for card, name in spots)
    assert all(name.bottom <= area.bottom + 1 for name in names)
