"""The Get Lucky table, headless: a whole game played by posted mouse events only (drags for cards and guests,
button clicks for Pass and the murder-attempt choices), the table drawn at both sizes in both languages, and
the hot-seat curtain between two humans (hands are private)."""

from __future__ import annotations

import pygame
import pytest

from game.core.match import AI, HUMAN, Match, Seat
from game.core.rng import Rng
from game.games import rules as rules_for
from scenes.ui.strings import tr

from .scenes_harness import check_kept_layer, click, drag, frames, make_app, open_table, perform, play_through, top_name

GL = rules_for("get_lucky")


def gl_match(seats=None, options=None, seed=5) -> Match:
    seats = seats or [Seat("Aiko", HUMAN), Seat("Flint", AI, "normal"), Seat("Mary", AI, "normal")]
    return Match(GL, seats, options, seed)


def human_move(app, scene, rng: Rng) -> None:
    """One legal thing done as a player would: a drag for a card or a guest, a click on a button otherwise."""
    gestures = [g for g in scene.gestures() if g.action is not None]  # staging has its own test
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
            gestures = [g for g in scene.gestures() if g.action is not None]
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
    from scenes.tables.get_lucky.table import MAX_VECTORS, pick_vectors

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
    assert not any("#" in key for key in scene.table.placements(scene.view()))  # no one's hand lies there
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


def _luck_decision(seed_from: int = 1):
    """A match where the human (seat 0) must attempt or defend holding two or more Luck cards."""
    from game.ai.bot import SeatInfo, make_bot
    from game.games.get_lucky.cards import deck

    bot = make_bot("get_lucky", "normal")
    for seed in range(seed_from, seed_from + 200):
        match = gl_match(seed=seed)
        rng = Rng(seed)
        while not match.is_over():
            d = match.pending()[0]
            luck = [c for c in match.view(0)["hand"] if deck().card(c).kind == "luck"]
            if d.seat == 0 and d.kind in ("attempt", "defend") and len(luck) >= 2:
                return match, luck
            match.apply(bot.choose(SeatInfo(match.rules, match.state, d.seat), rng))
    raise AssertionError("no such deal")


def test_several_luck_cards_are_staged_by_dragging_then_confirmed(app):
    """Every combination of Luck cards can be played by hand: drag each onto the attempt panel (they wait
    there), take one back by a click or a drag, then Confirm plays exactly the staged cards."""
    from game.games.get_lucky.cards import deck

    match, luck = _luck_decision()
    scene = open_table(app, match)
    frames(app, 20)
    table = scene.table
    kind = match.pending()[0].kind
    for card in luck[:2]:
        drag(app, table.rect_of(f"piece:hand/0:{card}").center, table.rect_of("panel").center)
        frames(app, 10)
    assert table.staged == luck[:2] and match.log == match.log  # nothing played yet
    before = match.state_id
    click(app, table.rect_of(f"piece:staged:{luck[0]}").center)  # a click takes a card back
    frames(app, 10)
    assert table.staged == [luck[1]] and match.state_id == before
    drag(app, table.rect_of(f"piece:staged:{luck[1]}").center, table.rect_of("zone:hand/0").center)  # so does a drag
    frames(app, 10)
    assert table.staged == []
    for card in luck[:2]:
        drag(app, table.rect_of(f"piece:hand/0:{card}").center, table.rect_of("panel").center)
        frames(app, 10)
    confirm = next(b for b in scene.action_buttons if b.text.startswith("Confirm"))
    click(app, confirm.rect.center)
    frames(app, 2)
    played = match.log[-1]
    assert played.seat == 0 and played.kind == kind
    expected = [0, 0, 0, 0]
    for card in luck[:2]:
        expected[deck().card(card).defence - 1] += 1
    assert played["luck"] == tuple(expected)
    assert table.staged == []


def test_pass_stays_at_hand_while_luck_is_staged(app):
    """With Luck staged on a defence, Pass is still a button beside Confirm and Clear."""
    from game.core.actions import action

    for seed in range(1, 200):
        match, luck = _luck_decision(seed)
        if match.pending()[0].kind == "defend":
            break
    scene = open_table(app, match)
    frames(app, 20)
    drag(app, scene.table.rect_of(f"piece:hand/0:{luck[0]}").center, scene.table.rect_of("panel").center)
    frames(app, 10)
    assert scene.table.staged == [luck[0]]
    acts = [b.text for b in scene.action_buttons]
    assert any(t.startswith("Confirm") for t in acts) and "Clear" in acts
    pass_button = next(b for b in scene.action_buttons if b.text.startswith("Pass"))
    click(app, pass_button.rect.center)
    frames(app, 2)
    assert match.log[-1] == action(0, "defend", luck=(0, 0, 0, 0))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_guest_name_fits_its_card_without_a_cut_word(tmp_path, lang):
    """Names on the smallest character cards (5–6 players at 1280×720) and the player's own: the font
    shrinks to no less than 14 px, then the name wraps, then "…" ends it; a Latin word is never split."""
    from game.games.get_lucky.cards import deck
    from scenes.tables.get_lucky.faces import name_layout
    from scenes.ui import fonts

    app = make_app(tmp_path, lang=lang)
    try:
        for width, height in ((65, 63), (97, 55), (106, 91), (156, 120)):  # text boxes in px
            shortened = 0
            for character in deck().characters:
                name = character.name[lang]
                px, lines = name_layout(name, width, height, 18)
                font = fonts.font(px, True)
                assert px >= 14 and lines and len(lines) * font.get_linesize() <= height
                assert all(font.size(line)[0] <= width for line in lines), (name, lines)
                shortened += lines[-1].endswith("…")
                pos = 0
                for line in lines[:-1]:  # every break falls between words (Latin) or characters (Japanese)
                    pos = name.index(line, pos) + len(line)
                    assert not (name[pos - 1].isascii() and name[pos - 1].isalnum() and name[pos].isascii()
                                and name[pos].isalnum()), (name, lines)
            if width >= 106:  # from 5–6 player cards at 1920×1080 up: whole names, but for the Duchess's 23
                # characters in Japanese on the smaller card (four lines; the preview shows her name whole)
                assert shortened <= (1 if lang == "ja" and width < 156 else 0), (width, height)
    finally:
        app.shutdown()


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_hand_cards_show_whole_kinds_and_names(tmp_path, lang, size):
    """A hand of up to 8 cards (3 players: 7 dealt and 1 drawn) lies in a grid of landscape cards on which
    every kind and every card name reads whole, at 14 px at least."""
    from game.games.get_lucky.cards import deck
    from scenes.tables.get_lucky.faces import hand_face_layout
    from scenes.ui import fonts

    app = make_app(tmp_path, size=size, lang=lang)
    try:
        scene = open_table(app, gl_match())
        for count in range(1, 9):
            hand = scene.table.kit["hand/0"]
            rects = hand.piece_rects(count)
            assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
            assert all(hand.rect.contains(r) for r in rects)
            w, h = rects[0].size
            for card in deck().actions:
                lay = hand_face_layout(card, w, h)
                font = lay["band_font"]
                assert font.get_height() >= 14 and font.size(lay["kind"])[0] <= w - 2 * lay["pad"], lay["kind"]
                px, lines = lay["name"]
                name = card.name[lang]
                assert px >= 14 and "".join(lines).replace(" ", "") == name.replace(" ", ""), (count, lines)
                assert all(fonts.font(px, True).size(line)[0] <= w - 2 * lay["pad"] for line in lines)
    finally:
        app.shutdown()


def test_log_lines_name_who_did_what_to_whom():
    """A defence, played or stopping the attempt, names the attacker it answers (whole games, both
    languages); no line leaves a placeholder unfilled."""
    from game.ai.bot import SeatInfo, make_bot
    from game.core.i18n import text
    from game.games.get_lucky.log import describe

    names = ("Ann", "Bo", "Cy", "Di")
    bot = make_bot("get_lucky", "easy")
    checked = 0
    for seed in range(6):
        match = Match(GL, [Seat(n, AI, "easy") for n in names], None, seed)
        rng = Rng(seed)
        while not match.is_over():
            seat = match.pending()[0].seat
            match.apply(bot.choose(SeatInfo(GL, match.state, seat), rng))
        attacker = None
        for events in match.history:
            for ev in events:
                a = ev.params()
                if ev.kind == "attempt":
                    attacker = names[a["seat"]]
                told = ev.kind == "stopped" or ev.kind == "defended" and a["value"]  # a pass names no one
                for lang in ("en", "ja") if told else ():
                    expected = text("get_lucky.log." + ev.kind, lang, player=names[a["seat"]], attacker=attacker,
                                    value=a.get("value"), strength=a.get("strength"))
                    assert attacker in expected and expected in describe(match, events, None, lang)
                    checked += 1
            assert not any("{" in s for s in describe(match, events, None, "ja"))
    assert checked, "some defences were played"


def test_pass_button_appears_after_doctor_lucky_walks(tmp_path):
    """An opponent's turn ends and Doctor Lucky walks on after the cards have settled: once he stops, the
    human's Pass button is there (the buttons were never built while the walk kept the table busy)."""
    app = make_app(tmp_path, speed="normal")
    try:
        match = gl_match(seed=5)
        while match.pending()[0].seat != 2:  # on to the turn of the player before the human
            seat = match.pending()[0].seat
            match.apply(next(a for a in match.legal_actions(seat) if a.kind in ("pass", "decline", "defend")))
        scene = open_table(app, match)
        frames(app, 10)
        scene.asked[2] = -1  # seat 2 counts as asked, so the AI worker stays out: the test moves for it
        scene.apply(next(a for a in match.legal_actions(2) if a.kind == "pass"))
        walked = False
        for _ in range(120):
            frames(app, 1, 0.016)
            walked |= not scene.board.busy and scene.table.busy()
            if not scene.board.busy and not scene.table.busy() and walked:
                break
        assert walked, "Doctor Lucky walked after the cards had settled"
        frames(app, 1, 0.016)
        assert scene.my_decision() is not None
        assert any(b.text == tr("get_lucky.table.do_pass") for b in scene.action_buttons)
    finally:
        app.shutdown()


def test_tooltips_name_the_pile_or_the_player_under_the_pointer(app):
    """The piles say what they are and how many cards they hold; a seat says how many cards its player holds."""
    scene = open_table(app, gl_match())
    frames(app, 5)
    table, view = scene.table, scene.view()
    for zone_id, key, count in (("deck", "deck_tip", view["deck"]), ("characters", "chars_tip", view["character_deck"]),
                                ("discard", "discard_tip", len(view["discard"]))):
        assert f"pile:{zone_id}" in table.hits(table.rect_of(f"pile:{zone_id}").center)
        assert table.tooltip(f"pile:{zone_id}", view) == tr("get_lucky.table." + key, count=count)
    for seat, name in ((1, "Flint"), (2, "Mary")):
        text = tr("get_lucky.table.hand_tip", player=name, count=view["hand_sizes"][seat])
        assert table.tooltip(f"seat:{seat}", view) == text and table.tooltip(f"zone:hand/{seat}", view) == text


def test_the_luck_cards_of_one_play_go_down_together(app):
    """Two Luck cards played at once fly to the discard pile together, as one play (the murder attempt's
    own moment in the otherwise generic motion)."""
    from game.games.get_lucky.cards import deck

    match, luck = _luck_decision()
    scene = open_table(app, match)
    frames(app, 20)
    vector = [0, 0, 0, 0]
    for card in luck[:2]:
        vector[deck().card(card).defence - 1] += 1
    kind = match.pending()[0].kind
    act = next(a for a in match.legal_actions(0) if a.kind == kind and a["luck"] == tuple(vector))
    before = scene.view()
    events = match.apply(act)
    plan, _ = scene.table.plan(events, before, scene.view())
    assert all(card in plan for card in luck[:2])
    assert plan[luck[0]][0].start == plan[luck[1]][0].start


def test_the_still_panels_on_the_layer_show_what_painting_them_afresh_shows(app):
    """The seat and info panels are kept painted on the kit's Layer between moves: move after move, moving or
    still, the screen is what painting the layer afresh gives (a panel is painted again when what it shows
    changes), and it was painted again at least once."""
    match = gl_match()
    scene = open_table(app, match)
    repainted = check_kept_layer(app, scene, match, Rng(2))
    assert len(match.log) >= 5 and len({str(p) for p in repainted}) > 1
