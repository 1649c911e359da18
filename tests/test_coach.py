"""The coach (game/ai/coach.py, the games' coach.py, scenes/coach.py): advice and warnings read only what the
seat knows, their numbers are the engine's odds, the table shows the advice from its button through the AI
worker and warns while a risky move is dragged (the drop still works), and the setting's default follows the
player's games of that game."""

from __future__ import annotations

import time

import pygame
import pytest

from game.ai.coach import seat_state, suggest, warn
from game.ai.worker import BotWorker
from game.core.actions import action
from game.core.match import AI, HUMAN, Match, Seat
from game.core.rng import Rng
from game.games import rules as rules_for
from game.games.deadmans_draw import coach
from game.games.deadmans_draw.odds import at_risk_suits, bust_odds
from game.games.deadwood.deck import card_index
from game.games.deadwood.heuristics import gun, win_against_defence
from scenes import prefs as prefs_file
from scenes.coach import FIRST_GAMES, coach_on, settings_row

from .dmd import build
from .scenes_harness import frames, key, make_app, open_table, post, settled
from .test_deadwood_ai import decisions as deadwood_decisions
from .test_deadwood_table import position
from .test_deadwood_table import settled as deadwood_table

DMD = rules_for("deadmans_draw")
DW = rules_for("deadwood")


# -- no peeking ---------------------------------------------------------------------------------------------


def dmd_positions(count: int = 14):
    """Positions of three-player games played at random, mid-game."""
    out = []
    for seed in range(count):
        match = Match(DMD, [Seat("A"), Seat("B"), Seat("C")], None, seed)
        rng = Rng(seed + 77)
        for _ in range(5 + rng.below(60)):
            if match.is_over():
                break
            legal = match.legal_actions(match.pending()[0].seat)
            match.apply(legal[rng.below(len(legal))])
        if not match.is_over():
            out.append(match.state)
    return out


def same_coaching(game_id, rules, state, twin, seat, i) -> int:
    """The advice and every legal move's warning are the same in `state` and in `twin` (the hidden cards
    re-dealt consistently with the seat's view); returns how many warnings were compared."""
    legal = rules.legal_actions(state, seat)
    assert suggest(game_id, rules, state, seat, i, iterations=24) == suggest(game_id, rules, twin, seat, i,
                                                                             iterations=24)
    a, b = seat_state(rules, state, seat), seat_state(rules, twin, seat)
    for act in legal:
        assert warn(game_id, rules, a, seat, act) == warn(game_id, rules, b, seat, act)
    return len(legal)


def test_dead_mans_draw_coaching_never_changes_with_the_hidden_cards():
    checked = 0
    for i, state in enumerate(dmd_positions()):
        for decision in DMD.pending(state):
            twin = DMD.determinize(state, decision.seat, Rng(1000 + i))  # the draw pile's order, others' traits
            assert DMD.to_json(twin) != DMD.to_json(state) or not state.draw
            if len(DMD.legal_actions(state, decision.seat)) > 1:
                checked += same_coaching("deadmans_draw", DMD, state, twin, decision.seat, i)
    assert checked > 10


def test_deadwood_coaching_never_changes_with_unseen_safes_hands_and_deck():
    checked = 0
    for i, (state, seat) in enumerate(deadwood_decisions((3,), 6)):
        if len(DW.legal_actions(state, seat)) < 2:
            continue
        twin = DW.determinize(state, seat, Rng(700 + i))  # unseen safes, others' hands and the deck re-dealt
        checked += same_coaching("deadwood", DW, state, twin, seat, i)
    assert checked > 40


# -- the numbers are the engine's ------------------------------------------------------------------------------


@pytest.mark.parametrize("top", [None, "Chest 6"])
def test_dead_mans_draw_reason_gives_the_bust_odds_and_the_cards_that_bust(top):
    state = build(play="Cannon 3, Kraken 4", draw_top=top or "", known=1 if top else 0)
    seat_view = seat_state(DMD, state, 0)
    for kind in ("draw", "collect"):
        advice = coach.advice(DMD, seat_view, 0, action(0, kind))
        assert advice.params["odds"] == round(100 * bust_odds(state))
        danger = [c for c in state.draw if c // 6 in at_risk_suits(state)]
        assert (advice.params["bad"], advice.params["left"]) == (len(danger), len(state.draw))
        assert advice.params["points"] == 7  # Cannon 3 + Kraken 4, nothing anchored
        if top:
            assert advice.text_key.endswith("known_safe") and advice.params["card"]["en"] == "Chest 6"
        else:
            left = advice.more[0].params["cards"]["en"]
            assert left == "Cannon 4, 5, 6, 7 · Kraken 3, 5, 6, 7"  # each suit's lowest card is in the discard


def test_a_sure_bust_is_warned_of_and_a_hopeful_draw_is_not():
    sure = build(play="Cannon 3, Kraken 4", draw="Cannon 5, Kraken 6")
    hopeful = build(play="Cannon 3, Kraken 4", draw="Cannon 5, Chest 6")
    w = warn("deadmans_draw", DMD, seat_state(DMD, sure, 0), 0, action(0, "draw"))
    assert w.text_key == "deadmans_draw.coach.warn_draw" and w.params == {"points": 7}
    assert warn("deadmans_draw", DMD, seat_state(DMD, hopeful, 0), 0, action(0, "draw")) is None
    assert warn("deadmans_draw", DMD, seat_state(DMD, hopeful, 0), 0, action(0, "collect")) is None


def test_a_sword_onto_a_suit_in_play_is_a_sure_bust():
    state = build(play="Sword 4, Key 3", banks={1: "Key 6, Anchor 5"}, choice="sword")
    base = seat_state(DMD, state, 0)
    assert warn("deadmans_draw", DMD, base, 0, action(0, "sword", target=1, suit="key")).text_key.endswith(
        "warn_suit")
    assert warn("deadmans_draw", DMD, base, 0, action(0, "sword", target=1, suit="anchor")) is None


def test_deadwood_fight_odds_are_the_engines_and_worse_than_even_is_warned():
    from game.games.deadwood import coach as deadwood_coach

    match = position("turn", seed_from=1, tries=60)
    base = seat_state(DW, match.state, 0)
    fights = [a for a in DW.legal_actions(match.state, 0) if a.kind in ("rob", "duel")]
    assert fights
    for act in fights:
        card = card_index()[act["card"]]
        odds = win_against_defence((gun(card),)) if match.state.hands[act["target"]] else 1.0
        assert deadwood_coach.advice(DW, base, 0, act).params["odds"] == round(100 * odds)
        warned = warn("deadwood", DW, base, 0, act)
        assert (warned is not None) == (odds < 0.5)
        if act.kind == "rob":
            safe = deadwood_coach.advice(DW, base, 0, act).more[0]
            assert safe.text_key in ("deadwood.coach.safe_known", "deadwood.coach.safe_guess")


# -- at the table ------------------------------------------------------------------------------------------------


def dmd_match(state) -> Match:
    match = Match(DMD, [Seat("Aiko", HUMAN), Seat("Flint", AI, "easy")], {"traits": True}, 1)
    match.state = state
    return match


def hover_drag(app, scene, gesture):
    """Press on the gesture's source and move onto its target without letting go."""
    start = scene.table.rect_of(gesture.drag_from).center
    end = scene.table.rect_of(gesture.drop_on).center
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    frames(app, 1)
    for i in range(1, 5):
        pos = (start[0] + (end[0] - start[0]) * i // 4, start[1] + (end[1] - start[1]) * i // 4)
        post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        frames(app, 1, 0.016)
    return end


@pytest.mark.parametrize("draw, warned", [("Cannon 5, Kraken 6", True), ("Cannon 5, Chest 6", False)])
def test_dragging_a_sure_bust_warns_before_the_drop_and_the_drop_still_works(app, draw, warned):
    match = dmd_match(build(play="Cannon 3, Kraken 4", draw=draw))
    scene = open_table(app, match)
    settled(app, scene)
    gesture = next(g for g in scene.gestures() if g.action.kind == "draw")
    end = hover_drag(app, scene, gesture)
    assert bool(scene.coach.warning_shown) == warned
    if warned:
        assert "7 points" in scene.coach.warning_shown
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    frames(app, 1)
    assert match.log[-1] == action(0, "draw")  # warned, never forbidden


def test_dragging_a_worse_than_even_robbery_warns_and_a_good_one_does_not(app):
    for seed in range(1, 400, 7):
        match = position("turn", seed_from=seed, tries=60)
        robs = [a for a in match.legal_actions(0) if a.kind == "rob"]
        odds = {a: win_against_defence((gun(card_index()[a["card"]]),)) for a in robs}
        if any(p < 0.5 for p in odds.values()) and any(p >= 0.5 for p in odds.values()):
            break
    else:
        raise AssertionError("no turn offers both a risky and a good robbery")
    scene = deadwood_table(app, match)
    for risky in (True, False):
        gesture = next(g for g in scene.gestures() if g.action is not None and g.action in odds
                       and (odds[g.action] < 0.5) == risky and g.drag_from)
        end = hover_drag(app, scene, gesture)
        assert bool(scene.coach.warning_shown) == risky
        # Let go on the table's edge: nothing takes it, the card flies home, the turn is still to play.
        post(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0), buttons=(1, 0, 0))
        post(pygame.MOUSEBUTTONUP, pos=(2, 2), button=1)
        frames(app, 1)
        settled(app, scene)
        assert scene.coach.warning_shown is None and end


def wait_for_advice(app, scene):
    for _ in range(1500):  # the worker process starts and searches for about a second
        frames(app, 1, 0.02)
        if scene.coach.tip is not None:
            return scene.coach.tip
        time.sleep(0.01)
    raise AssertionError("the coach never answered")


def test_the_button_asks_the_worker_process_and_shows_a_legal_move_with_its_reason(app):
    match = dmd_match(build(play="Cannon 3, Kraken 4"))
    scene = open_table(app, match)
    settled(app, scene)
    assert scene.coach.enabled and scene.coach.button in scene.form.widgets
    post(pygame.MOUSEMOTION, pos=scene.coach.button.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=scene.coach.button.rect.center, button=1)
    post(pygame.MOUSEBUTTONUP, pos=scene.coach.button.rect.center, button=1)
    frames(app, 1)
    assert scene.worker is not None and scene.worker.uses_process  # asked off the UI thread, in the AI's process
    _, gesture, reason = wait_for_advice(app, scene)
    assert gesture in scene.gestures() and gesture.action in match.legal_actions(0)
    assert "of the 48 cards left would bust you (17%)" in reason
    assert scene.gestures()[scene.focus_index] is gesture  # lit as the keyboard's choice: Enter plays it
    assert scene.coach.lit()
    key(app, pygame.K_RETURN)
    assert match.log[-1] == gesture.action
    frames(app, 1)
    assert scene.coach.tip is None  # the advice was for the position before the move


def test_the_h_key_asks_for_a_deadwood_turn(app):
    match = position("turn", seed_from=1, tries=60)
    scene = deadwood_table(app, match)
    scene.worker = BotWorker(use_process=False)  # threads: the same answer without starting a process
    key(app, pygame.K_h)
    _, gesture, reason = wait_for_advice(app, scene)
    assert reason
    if gesture is not None:
        assert gesture.action in match.legal_actions(0)


# -- the setting ---------------------------------------------------------------------------------------------------


def record_games(app, game_id, count):
    seats = [{"name": "Aiko", "kind": "human"}, {"name": "Flint", "kind": "ai", "level": "easy"}]
    for i in range(count):
        app.history.record(game_id, seats, {}, i, [0], [10, 5], 5, 30)


def test_the_coach_is_on_for_a_players_first_games_of_each_game_then_as_set(tmp_path):
    app = make_app(tmp_path)
    try:
        assert app.prefs.coach == "first_games"
        record_games(app, "deadmans_draw", FIRST_GAMES - 1)
        assert coach_on(app, "deadmans_draw") and coach_on(app, "deadwood")
        record_games(app, "deadmans_draw", 1)
        assert not coach_on(app, "deadmans_draw") and coach_on(app, "deadwood")  # counted per game
        row = settings_row(app)
        row.on_change("on")
        assert coach_on(app, "deadmans_draw")
        assert prefs_file.load(app.settings_path)[0].coach == "on"  # saved at once
        row.on_change("off")
        assert not coach_on(app, "deadwood")
    finally:
        app.shutdown()
    again = make_app(tmp_path)
    try:
        assert again.prefs.coach == "off"  # kept across sessions
        match = dmd_match(build(play="Cannon 3"))
        scene = open_table(again, match)
        assert not scene.coach.enabled and scene.coach.button not in scene.form.widgets
    finally:
        again.shutdown()


# -- The Shipwreck Arcana -----------------------------------------------------------------------------------------

SA = rules_for("shipwreck_arcana")


def sa_positions(seeds=range(8), stop=None):
    """Positions of three-player games played at random: every decision, or those where `stop` holds."""
    for seed in seeds:
        match = Match(SA, [Seat("A", HUMAN), Seat("B", AI, "easy"), Seat("C", AI, "easy")], None, seed)
        rng = Rng(seed)
        while not match.is_over():
            decision = match.pending()[0]
            if stop is None or stop(match, decision):
                yield match, decision.seat
            legal = match.legal_actions(decision.seat)
            match.apply(legal[rng.below(len(legal))])


def test_shipwreck_coaching_never_changes_with_the_fates_others_hold():
    checked = 0
    for i, (match, seat) in enumerate(sa_positions(range(3))):
        if len(match.legal_actions(seat)) < 2 or i % 3:
            continue
        twin = SA.determinize(match.state, seat, Rng(500 + i))  # the other positions' fates and the bag re-dealt
        checked += same_coaching("shipwreck_arcana", SA, match.state, twin, seat, i)
    assert checked > 40


def test_shipwreck_predict_reason_is_the_hard_listeners_posterior():
    from game.games.shipwreck_arcana import coach as sa_coach
    from game.games.shipwreck_arcana.ai import LEVELS, belief

    match, seat = next(sa_positions(stop=lambda m, d: d.kind == "predict" and m.view(d.seat)["positions"][
        m.view(d.seat)["active"]]["clues"]))
    view = match.view(seat)
    p = belief(view, view["active"], LEVELS["hard"])
    advice = sa_coach.advice(SA, seat_state(SA, match.state, seat), seat, action(seat, "pass"))
    assert advice.params["odds"] == round(100 * max(p))
    assert advice.params["possible"].count("%") == sum(1 for x in p if x > 0.005)


def doom_play(match, decision) -> bool:
    """Seat 0 must play, and one play fades a card with doom while another fades nothing."""
    if decision.seat != 0 or decision.kind != "play":
        return False
    plays = [a for a in match.legal_actions(0) if a.kind == "play"]
    warned = {warn("shipwreck_arcana", SA, seat_state(SA, match.state, 0), 0, a) is not None for a in plays}
    return warned == {True, False}


def test_dragging_a_fade_with_doom_warns_and_a_safe_play_does_not(app):
    match, _ = next(sa_positions(range(40), doom_play))
    scene = open_table(app, match)
    for _ in range(200):
        frames(app, 1, 0.05)
        if scene.my_decision() is not None and not scene.busy():
            break
    base = seat_state(SA, match.state, 0)
    for risky in (True, False):
        gesture = next(g for g in scene.gestures() if g.action is not None and g.action.kind == "play"
                       and g.drag_from and g.drop_on
                       and (warn("shipwreck_arcana", SA, base, 0, g.action) is not None) == risky)
        hover_drag(app, scene, gesture)
        assert bool(scene.coach.warning_shown) == risky
        if risky:
            assert "doom" in scene.coach.warning_shown
        post(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0), buttons=(1, 0, 0))
        post(pygame.MOUSEBUTTONUP, pos=(2, 2), button=1)
        frames(app, 1)
        settled(app, scene)


def test_the_worker_keeps_the_coachs_answers_apart_from_the_ai_seats():
    """One worker serves the table's AI seats and its coach: each poll takes only its own kind of answer."""
    match = dmd_match(build(play="Cannon 3, Kraken 4"))
    state = DMD.to_json(match.state)
    worker = BotWorker(use_process=False)
    try:
        worker.request("deadmans_draw", "hard", state, 0, 1, ("coach", 1), budget=0.05, coach=True)
        worker.request("deadmans_draw", "normal", state, 0, 1, (7, 0))
        ai = advice = None
        for _ in range(500):
            ai = ai or worker.poll()
            advice = advice or worker.poll_advice()
            if ai and advice:
                break
            time.sleep(0.01)
        assert ai[0] == (7, 0) and ai[1] in DMD.legal_actions(match.state, 0)
        assert advice[0] == ("coach", 1) and advice[1] in DMD.legal_actions(match.state, 0)
        assert advice[2]["key"].startswith("deadmans_draw.coach.")
    finally:
        worker.close()


class OneAnswer:
    """A worker whose answer to the coach is `answer`, given as soon as asked (AI seats are never asked here)."""

    def __init__(self, act, advice):
        self.answer, self.act, self.advice = None, act, advice

    def request(self, *args, token, **kwargs):
        self.answer = (tuple(token), self.act, self.advice)

    def poll(self):
        return None

    def poll_advice(self):
        answer, self.answer = self.answer, None
        return answer

    def close(self):
        pass


def test_an_answer_for_a_position_that_is_gone_is_never_shown(app):
    match = dmd_match(build(play="Cannon 3, Kraken 4", draw="Chest 5, Key 6"))
    scene = open_table(app, match)
    settled(app, scene)
    scene.worker = OneAnswer(action(0, "draw"), {"key": "table.coach_default", "params": {}, "more": []})
    scene.coach.ask()
    scene.apply(action(0, "collect"))  # the player moved before the coach answered
    frames(app, 3)
    assert scene.coach.tip is None and scene.coach.waiting is None


# -- Three-Dragon Ante ----------------------------------------------------------------------------------------------

TDA = rules_for("three_dragon_ante")


def tda_positions(seeds=range(3), stop=None):
    """Decisions of four-player games played at random (every one, or those where `stop` holds)."""
    for seed in seeds:
        match = Match(TDA, [Seat("A", HUMAN)] + [Seat(n, AI, "easy") for n in "BCD"], None, seed)
        rng = Rng(seed)
        for _ in range(200):
            if match.is_over():
                break
            for decision in match.pending():
                if stop is None or stop(match, decision):
                    yield match, decision.seat
            for decision in match.pending():
                legal = match.legal_actions(decision.seat)
                match.apply(legal[rng.below(len(legal))])


def test_three_dragon_ante_coaching_never_changes_with_hands_deck_and_antes_unseen():
    checked = 0
    for i, (match, seat) in enumerate(tda_positions(range(2), lambda m, d: d.kind == "play")):
        if len(match.legal_actions(seat)) < 2 or i % 2:
            continue
        twin = TDA.determinize(match.state, seat, Rng(300 + i))  # the other hands and the deck re-dealt
        checked += same_coaching("three_dragon_ante", TDA, match.state, twin, seat, i)
    assert checked > 20


def left_trigger_play(match, decision) -> bool:
    """Seat 0 must play, and one card hands the left opponent a likely trigger while another does not."""
    if decision.seat != 0 or decision.kind != "play":
        return False
    base = seat_state(TDA, match.state, 0)
    plays = match.legal_actions(0)
    return {warn("three_dragon_ante", TDA, base, 0, a) is not None for a in plays} == {True, False}


def test_dragging_a_play_that_hands_the_left_opponent_a_trigger_warns(app):
    from game.games.three_dragon_ante.cards import table
    from game.games.three_dragon_ante.coach import left_trigger_odds

    match, _ = next(tda_positions(range(30), left_trigger_play))
    base = seat_state(TDA, match.state, 0)
    for act in match.legal_actions(0):
        odds = left_trigger_odds(base, 0, table().index[act["choice"]])
        warned = warn("three_dragon_ante", TDA, base, 0, act)
        assert (warned is not None) == (odds >= 0.5)
        if warned:
            assert warned.params["odds"] == round(100 * odds)
    scene = open_table(app, match)
    for _ in range(200):
        frames(app, 1, 0.05)
        if scene.my_decision() is not None and not scene.busy():
            break
    for risky in (True, False):
        gesture = next(g for g in scene.gestures() if g.action is not None and g.action.kind == "play"
                       and g.drag_from and g.drop_on
                       and (warn("three_dragon_ante", TDA, base, 0, g.action) is not None) == risky)
        hover_drag(app, scene, gesture)
        assert bool(scene.coach.warning_shown) == risky
        post(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0), buttons=(1, 0, 0))
        post(pygame.MOUSEBUTTONUP, pos=(2, 2), button=1)
        frames(app, 1)
        settled(app, scene)


# -- Get Lucky -----------------------------------------------------------------------------------------------------

GL = rules_for("get_lucky")


def gl_positions(seeds=range(4)):
    for seed in seeds:
        match = Match(GL, [Seat("A", HUMAN), Seat("B", AI, "easy"), Seat("C", AI, "easy")], None, seed)
        rng = Rng(seed)
        for _ in range(150):
            if match.is_over():
                break
            seat = match.pending()[0].seat
            yield match, seat
            legal = match.legal_actions(seat)
            match.apply(legal[rng.below(len(legal))])


def test_get_lucky_coaching_never_changes_with_the_other_hands():
    checked = 0
    for i, (match, seat) in enumerate(gl_positions()):
        if len(match.legal_actions(seat)) < 2 or i % 4:
            continue
        twin = GL.determinize(match.state, seat, Rng(900 + i))  # the other hands and the deck re-dealt
        checked += same_coaching("get_lucky", GL, match.state, twin, seat, i)
    assert checked > 40


def test_get_lucky_attempt_reason_counts_the_unseen_luck_and_nothing_is_warned():
    from game.games.get_lucky import coach as gl_coach
    from game.games.get_lucky.ai import unseen_defence
    from game.games.get_lucky.rules import strength

    found = 0
    for match, seat in gl_positions():
        for act in match.legal_actions(seat):
            base = seat_state(GL, match.state, seat)
            assert warn("get_lucky", GL, base, seat, act) is None
            if act.kind == "attempt":
                advice = gl_coach.advice(GL, base, seat, act)
                assert advice.params["strength"] == strength(match.state, match.state.lucky) + sum(act["luck"])
                assert advice.params["defence"] == f"{unseen_defence(match.state, seat):.1f}"
                found += 1
    assert found


def test_a_fade_whose_doom_would_end_the_game_says_so():
    """A fade that would take doom to the limit loses the game unless the group names the fate: the warning
    and the advice say all then rides on the guess (a suggested fade to 7 of 7 read like any other)."""
    from game.games.shipwreck_arcana import coach as sa_coach
    from game.games.shipwreck_arcana.cards import value_of
    from game.games.shipwreck_arcana.rules import GOAL, play_preview

    def fatal(match, decision):
        if decision.seat != 0 or decision.kind != "play":
            return False
        view = match.view(0)
        return any(play_preview(view, a["slot"], value_of(a["token"]))["fades"] and view["doom"] +
                   play_preview(view, a["slot"], value_of(a["token"]))["doom"] >= GOAL
                   for a in match.legal_actions(0) if a.kind == "play")

    match, _ = next(sa_positions(range(200), fatal))
    view, base = match.view(0), seat_state(SA, match.state, 0)
    for act in (a for a in match.legal_actions(0) if a.kind == "play"):
        preview = play_preview(view, act["slot"], value_of(act["token"]))
        lost = preview["fades"] and view["doom"] + preview["doom"] >= GOAL
        warned = warn("shipwreck_arcana", SA, base, 0, act)
        assert (warned is not None and [m.text_key for m in warned.more] == ["shipwreck_arcana.coach.at_stake"]) \
            if lost else (warned is None or not warned.more)
        if lost:
            assert sa_coach.advice(SA, base, 0, act).more[0].text_key.endswith("at_stake")
