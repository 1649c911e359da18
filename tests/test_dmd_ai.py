"""Dead Man's Draw bots: always legal, never peeking, and ordered in strength."""

from __future__ import annotations

import pytest

from game.ai.arena import play_game, run_deals, summarize
from game.ai.bot import SeatInfo, make_bot
from game.core import canon
from game.core.match import Match, Seat
from game.core.rng import Rng
from game.games.deadmans_draw import RULES

LEVELS = ["random", "easy", "normal", "hard"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_level_plays_whole_games_legally(players):
    for seed in range(3):
        levels = [LEVELS[(seed + s) % 4] for s in range(players)]
        record = play_game("deadmans_draw", levels, seed, iterations=40)
        assert record.error is None, record.error
        assert record.winners


def positions(count=25):
    """Mid-game positions from random play, at many different moments."""
    out = []
    for seed in range(count):
        match = Match(RULES, [Seat("A"), Seat("B"), Seat("C")], None, seed)
        rng = Rng(seed + 77)
        for _ in range(rng.below(70)):
            if match.is_over():
                break
            pending = match.pending()
            legal = match.legal_actions(pending[0].seat)
            match.apply(legal[rng.below(len(legal))])
        if not match.is_over():
            out.append(match.state)
    return out


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_input_does_not_change_when_hidden_cards_are_redealt(level):
    bot = make_bot("deadmans_draw", level, iterations=30)
    for i, state in enumerate(positions()):
        for decision in RULES.pending(state):
            seat = decision.seat
            twin = RULES.determinize(state, seat, Rng(1000 + i))  # other hidden cards, same knowledge
            a, b = SeatInfo(RULES, state, seat), SeatInfo(RULES, twin, seat)
            assert a.view == b.view and a.legal == b.legal
            assert canon.digest(RULES.to_json(a.base)) == canon.digest(RULES.to_json(b.base))
            assert bot.choose(a, Rng(i)) == bot.choose(b, Rng(i))


def test_bots_only_choose_legal_actions():
    for level in ["easy", "normal", "hard"]:
        bot = make_bot("deadmans_draw", level, iterations=20)
        for i, state in enumerate(positions(15)):
            for decision in RULES.pending(state):
                info = SeatInfo(RULES, state, decision.seat)
                assert bot.choose(info, Rng(i)) in info.legal


def test_hard_search_is_reproducible_with_an_iteration_budget():
    bot = make_bot("deadmans_draw", "hard", iterations=60)
    for i, state in enumerate(positions(10)):
        seat = RULES.pending(state)[0].seat
        info = SeatInfo(RULES, state, seat)
        assert bot.choose(info, Rng(i)) == bot.choose(info, Rng(i))


def test_normal_clearly_beats_random():
    deals = run_deals("deadmans_draw", ["normal", "random"], 40, seed=11)
    summary = summarize(["normal", "random"], deals)
    assert not summary["errors"]
    assert summary["bots"]["normal"]["win_rate"] > 0.75


def test_unknown_level_is_refused():
    with pytest.raises(ValueError, match="no 'genius' bot"):
        make_bot("deadmans_draw", "genius")
