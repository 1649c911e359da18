"""Play-test defects of the generic table (issue 10), each driven headless with posted events: buttons that
never came back after Doctor Lucky's walk, the hot-seat layout left on the previous player, the curtain
(its text, Esc, resumed games), floating words on plates that keep out of each other's way and of the
buttons, undo during animations and across AI replies, and input given while it was not the player's turn."""

from __future__ import annotations

import pygame
import pytest

from game.core import saves
from game.core.match import AI, HUMAN, Match, Seat
from game.core.rng import Rng
from game.games import rules as rules_for
from scenes.tables import playable_ids
from scenes.ui.strings import tr

from .scenes_harness import click, frames, key, make_app, open_table, perform, post, top_name

DMD = rules_for("deadmans_draw")
GL = rules_for("get_lucky")


def settle(app, scene, limit: int = 400) -> None:
    """Frames until nothing on the table moves."""
    for _ in range(limit):
        if not scene.board.busy and not scene.table.busy():
            return
        frames(app, 1, 0.05)
    raise AssertionError("the table never settled")


def random_actions(match: Match, count: int, rng: Rng) -> None:
    for _ in range(count):
        seat = match.pending()[0].seat
        legal = match.legal_actions(seat)
        match.apply(legal[rng.below(len(legal))])


def assert_laid_out_for_the_viewer(app, scene) -> None:
    """The table's zones are the ones a fresh layout gives for the seat now at the screen."""
    zones = {k: pygame.Rect(r) for k, r in scene.table.zones.items()}
    scene.table.layout(*app.screen.get_size())
    assert scene.table.zones == zones


def human_pair(game_id: str) -> list[Seat]:
    """Two people at one screen, and bots to fill the game's minimum."""
    least = rules_for(game_id).info.min_players
    return [Seat("Alice"), Seat("Bob")] + [Seat(f"Bot {i}", AI, "easy") for i in range(max(0, least - 2))]


# -- 1. the attempt buttons after Attract ------------------------------------------------------------------


def test_attempt_buttons_appear_once_doctor_lucky_has_walked(tmp_path):
    """Attract moves Doctor Lucky onto the player's guest: when his walk ends, Attempt and Let him go are
    buttons, with no Tab or Esc needed (the gestures were cached during the walk and never shown)."""
    app = make_app(tmp_path, speed="normal")  # the walk outlasts the card's flight
    try:
        match = Match(GL, [Seat("Aiko", HUMAN), Seat("Flint", AI, "easy"), Seat("Mary", AI, "easy")], None, 0)
        random_actions(match, 2, Rng(0))
        scene = open_table(app, match)
        settle(app, scene)
        attract = next(g for g in scene.gestures() if g.action is not None and g.action.kind == "attract"
                       and g.action["target"] == 4)
        perform(app, scene, attract)
        assert {a.kind for a in match.legal_actions(0)} >= {"attempt", "decline"}
        settle(app, scene)
        frames(app, 1)
        wanted = {g.label for _, g in scene.table.button_gestures(scene.gestures())}
        assert len(wanted) >= 2 and {b.text for b in scene.action_buttons} == wanted
    finally:
        app.shutdown()


# -- 2. the layout follows the viewer ----------------------------------------------------------------------


@pytest.mark.parametrize("game_id", playable_ids())
def test_the_layout_follows_the_viewer_in_hot_seat(app, game_id):
    """After the screen passes to the other person, the table is laid out from their seat (their name and
    their hand at the bottom), not left on the previous player's until the window is resized."""
    match = Match(rules_for(game_id), human_pair(game_id), None, 4)
    scene = open_table(app, match)
    first = scene.viewer
    rng = Rng(1)
    for _ in range(4000):
        if top_name(app) == "Curtain":
            click(app, (5, 5))
            continue
        if scene.viewer not in (None, first) or match.is_over():
            break
        if top_name(app) == "TableScene" and not scene.board.busy and not scene.table.busy() \
                and scene.my_decision() is not None and scene.thinking is None:
            legal = match.legal_actions(scene.my_decision().seat)
            scene.apply(legal[rng.below(len(legal))])
        frames(app, 1, 0.05)
    assert scene.viewer not in (None, first)
    assert_laid_out_for_the_viewer(app, scene)


# -- 3. and 4. the curtain ----------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_curtain_names_the_player(tmp_path, monkeypatch, lang):
    from scenes import curtain

    app = make_app(tmp_path, lang=lang)
    try:
        drawn = []
        real = curtain.fonts.blit_text
        monkeypatch.setattr(curtain.fonts, "blit_text", lambda s, text, *a, **k: drawn.append(text) or real(s, text,
                                                                                                           *a, **k))
        app.push(curtain.Curtain(app, "Bob", lambda: None))
        frames(app, 1)
        assert drawn and all("{" not in text for text in drawn)
        assert sum("Bob" in text for text in drawn) >= 2
    finally:
        app.shutdown()


def _behind_the_curtain(app):
    """Two people at Dead Man's Draw: the first keeps a trait in secret, and the curtain comes down."""
    match = Match(DMD, [Seat("Aiko"), Seat("Ben")], {"traits": True}, 9)
    scene = open_table(app, match)
    frames(app, 2)
    pick = next(g for g in scene.gestures() if g.action.kind == "keep_trait")
    click(app, scene.table.rect_of(pick.click).center)
    frames(app, 2)
    assert top_name(app) == "Curtain"
    return scene


def test_esc_on_the_curtain_opens_the_menu_and_keeps_the_hand_hidden(app):
    scene = _behind_the_curtain(app)
    key(app, pygame.K_ESCAPE)
    assert top_name(app) == "PauseMenu"
    assert type(app.scenes[-2]).__name__ == "Curtain" and scene.viewer is None
    key(app, pygame.K_ESCAPE)  # Resume: back to the curtain, not the table
    assert top_name(app) == "Curtain" and scene.viewer is None
    click(app, (5, 5))
    assert top_name(app) == "TableScene" and scene.viewer is not None


@pytest.mark.parametrize("game_id", playable_ids())
def test_a_resumed_hot_seat_game_starts_behind_the_curtain(app, tmp_path, game_id):
    """Continue or Load of a game with two people: nobody's hand shows until the named player is ready,
    and then the table is laid out from that player's seat."""
    match = Match(rules_for(game_id), human_pair(game_id), None, 6)
    rng = Rng(3)
    while len(match.log) < 3 or not any(match.seats[d.seat].is_human for d in match.pending()):
        random_actions(match, 1, rng)
    path = tmp_path / "resume.json"
    saves.write(match, path)
    loaded, _ = saves.load(path)
    scene = open_table(app, loaded)
    assert scene.viewer is None  # nothing private is drawn before the curtain
    frames(app, 2)
    assert top_name(app) == "Curtain" and scene.viewer is None
    click(app, (5, 5))
    frames(app, 1)
    assert scene.viewer in scene.human_pending()
    assert_laid_out_for_the_viewer(app, scene)


def test_a_new_hot_seat_game_has_no_curtain_at_the_start(app):
    scene = open_table(app, Match(DMD, [Seat("Aiko"), Seat("Ben")], {"traits": False}, 2))
    frames(app, 3)
    assert top_name(app) == "TableScene" and scene.viewer is not None


# -- 5. floating words and toasts ---------------------------------------------------------------------------


def _dmd_human_vs_ai(app, seed=3, traits=False):
    match = Match(DMD, [Seat("Aiko"), Seat("Flint", AI, "easy")], {"traits": traits}, seed)
    scene = open_table(app, match)
    for _ in range(400):
        if scene.my_decision() is not None and not scene.board.busy and not scene.table.busy():
            return scene
        frames(app, 1, 0.05)
    raise AssertionError("the human never had a turn")


def test_words_shown_together_are_stacked_on_plates(app):
    scene = _dmd_human_vs_ai(app)
    table = scene.table
    centre = table.zones["zone:play"].center
    table.float("Strength 4", centre, (200, 40, 40), 1.2)
    table.float("Stopped!", centre, (40, 200, 40), 1.4)
    table.flash_message(tr("table.undone"))
    places = [plate for _, plate in table.words.places(app.screen.get_rect(), table.keep_clear())]
    assert len(places) == 3
    for i, a in enumerate(places):
        assert app.screen.get_rect().contains(a)
        assert not any(a.colliderect(b) for b in places[i + 1:])
    # A plate behind the words: a word the colour of the table still stands out.
    surface = pygame.Surface(app.screen.get_size())
    surface.fill((200, 40, 40))
    table.words.clear()
    table.float("+3", centre, (200, 40, 40), 1.0)
    (_, plate), = table.words.places(surface.get_rect(), ())
    table.words.draw(surface, ())
    assert sum(surface.get_at((plate.left + 4, plate.centery))[:3]) < 200


def test_a_refused_undo_says_why_clear_of_the_buttons(app):
    scene = _dmd_human_vs_ai(app)
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert [w[0] for w in scene.table.words.items] == [tr("table.cannot_undo_nothing")]
    draw = next(g for g in scene.gestures() if g.action.kind == "draw")
    perform(app, scene, draw, prefer_click=True)
    settle(app, scene)
    frames(app, 1)
    scene.table.words.clear()
    assert scene.my_decision() is not None and scene.action_buttons  # no bust: Stop and bank is a button
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert [w[0] for w in scene.table.words.items] == [tr("table.cannot_undo_revealed")]
    for _, plate in scene.table.words.places(app.screen.get_rect(), scene.table.keep_clear()):
        assert not any(plate.colliderect(b.rect) for b in scene.action_buttons)
        assert not plate.colliderect(scene.table.prompt_rect())


def test_a_toast_while_the_menu_is_open_shows_on_the_menu(app):
    """"Saved." after Save game... is shown by the pause menu, on top, not on the dimmed table beneath."""
    scene = _dmd_human_vs_ai(app)
    key(app, pygame.K_ESCAPE)
    menu = app.top
    assert top_name(app) == "PauseMenu"
    scene.toast(tr("save.done"))
    frames(app, 1)
    assert [w[0] for w in menu.words.items] == [tr("save.done")] and not scene.table.words.items
    (_, plate), = menu.words.places(app.screen.get_rect(), [menu.box])
    assert app.screen.get_rect().contains(plate) and not plate.colliderect(menu.box)
    frames(app, 60)
    assert not menu.words.items  # it fades while the menu stays open


# -- 6. undo --------------------------------------------------------------------------------------------------


def test_undo_during_an_animation_finishes_it_and_undoes(app):
    scene = _dmd_human_vs_ai(app, seed=3)
    match = scene.match
    rng = Rng(1)
    for _ in range(2000):  # draw until Stop is a plain collect (no Key and Chest pair to reveal a bonus)
        if scene.my_decision() is not None and not scene.board.busy and not scene.table.busy():
            kinds = {g.action.kind for g in scene.gestures()}
            if "collect" in kinds and not any(x // 6 in (2, 4) for x in match.state.play):
                break
            legal = match.legal_actions(scene.my_decision().seat)
            scene.apply(next((a for a in legal if a.kind == "draw"), legal[rng.below(len(legal))]))
        frames(app, 1, 0.05)
    before = match.state_hash()
    length = len(match.log)
    stop = next(g for g in scene.gestures() if g.action.kind == "collect")
    click(app, next(b for b in scene.action_buttons if b.text == stop.label).rect.center)
    assert len(match.log) == length + 1 and scene.board.busy
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert len(match.log) == length and match.state_hash() == before


def test_undo_crosses_ai_replies_that_revealed_nothing_to_the_player():
    """Get Lucky: the player's move and a bot's reply draw cards only their drawers see, so the player may
    take the move back; a parlour refill everyone sees (or a card the player draws) ends that."""
    match = Match(GL, [Seat("Aiko", HUMAN), Seat("Flint", AI, "easy"), Seat("Mary", AI, "easy")], None, 0)
    rng = Rng(0)
    random_actions(match, 3, rng)  # Flint, Mary, then Aiko (whose move makes Flint draw in secret)
    assert match.log[-1].seat == 0
    assert match.undo_point(0) == 2 and match.undo_refusal(0) is None
    random_actions(match, 1, rng)  # Flint takes a guest and the parlour is refilled in view of all
    assert match.undo_point(0) is None and match.undo_refusal(0) == "revealed"


def test_undo_never_takes_back_another_persons_move():
    match = Match(DMD, [Seat("Aiko"), Seat("Ben")], {"traits": False}, 1)
    assert match.undo_refusal(match.pending()[0].seat) == "nothing"
    rng = Rng(5)
    for _ in range(400):
        seat = match.pending()[0].seat
        legal = match.legal_actions(seat)
        collect = [a for a in legal if a.kind == "collect"]
        if collect and not any(x // 6 in (2, 4) for x in match.state.play):
            match.apply(collect[0])  # reveals nothing: only the other person's move is in the way
            assert match.undo_point(seat) is not None
            assert match.undo_point(1 - seat) is None and match.undo_refusal(1 - seat) == "other_player"
            return
        match.apply(legal[rng.below(len(legal))])
    raise AssertionError("no plain collect happened")


# -- 7. input out of turn -------------------------------------------------------------------------------------


def _end_my_turn(app, scene) -> None:
    """Draw once, then stop (or bust): the turn passes to the AI."""
    match = scene.match
    drew = False
    for _ in range(400):
        if scene.my_decision() is None:
            return
        if not scene.board.busy and not scene.table.busy():
            kinds = {a.kind for a in match.legal_actions(0)}
            kind = "collect" if drew and "collect" in kinds else "draw" if "draw" in kinds else None
            act = next(a for a in match.legal_actions(0) if kind is None or a.kind == kind)
            scene.apply(act)
            drew = True
        frames(app, 1, 0.05)
    raise AssertionError("the turn never ended")


def _wait_for_the_ai(app, scene) -> None:
    for _ in range(400):
        if scene.deciding() and scene.my_decision() is None:
            return
        frames(app, 1, 0.05)
    raise AssertionError("the AI never had a turn")


def test_a_press_during_the_ai_turn_released_in_mine_does_nothing(app):
    scene = _dmd_human_vs_ai(app)
    match = scene.match
    _end_my_turn(app, scene)
    _wait_for_the_ai(app, scene)
    pile = scene.table.rect_of("pile:draw").center
    post(pygame.MOUSEMOTION, pos=pile, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pile, button=1)
    frames(app, 1)
    for _ in range(600):
        if scene.my_decision() is not None and not scene.board.busy and not scene.table.busy():
            break
        frames(app, 1, 0.05)
    count = len(match.log)
    post(pygame.MOUSEBUTTONUP, pos=pile, button=1)
    frames(app, 3)
    assert len(match.log) == count  # the click began before the turn did: it is no draw


def test_keys_pressed_while_doctor_lucky_walks_do_nothing(tmp_path):
    """While anything moves (here Doctor Lucky's walk, after the cards have landed) the keyboard picks no
    gesture and does none, and nothing pressed then is done later."""
    app = make_app(tmp_path, speed="normal")
    try:
        match = Match(GL, [Seat("Aiko", HUMAN), Seat("Flint", AI, "easy"), Seat("Mary", AI, "easy")], None, 0)
        random_actions(match, 2, Rng(0))
        scene = open_table(app, match)
        settle(app, scene)
        perform(app, scene, next(g for g in scene.gestures() if g.action is not None and g.action.kind == "attract"
                                 and g.action["target"] == 4))
        for _ in range(100):
            if not scene.board.busy:
                break
            frames(app, 1, 0.02)
        assert scene.table.busy()  # he is still walking
        count = len(match.log)
        key(app, pygame.K_TAB)
        key(app, pygame.K_RETURN)
        assert len(match.log) == count and not scene.action_buttons and top_name(app) == "TableScene"
        settle(app, scene)
        frames(app, 2)
        assert len(match.log) == count and scene.action_buttons
    finally:
        app.shutdown()


def test_the_prompt_waits_for_the_animation_before_announcing_my_turn(app):
    scene = _dmd_human_vs_ai(app)
    _end_my_turn(app, scene)
    _wait_for_the_ai(app, scene)
    for _ in range(2000):
        decision = scene.my_decision()
        if decision is not None and scene.board.busy:
            break
        frames(app, 1, 0.02)
    else:
        raise AssertionError("the turn never came back while the table moved")
    announced = tr(decision.prompt, **dict(decision.params))
    assert scene.prompt_text(scene.gestures()) != announced
    settle(app, scene)
    frames(app, 1)
    assert scene.prompt_text(scene.gestures()) == announced
