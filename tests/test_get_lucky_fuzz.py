"""Get Lucky fuzz: random games at 3–6 players keep every invariant of R22–R24; bots are legal and never
peek; seed plus log rebuilds the match."""

from __future__ import annotations

import json

import pytest

from game.ai.arena import play_game
from game.ai.bot import SeatInfo, make_bot
from game.core import canon
from game.core.match import Match, Seat
from game.core.rng import Rng
from game.games.get_lucky import RULES
from game.games.get_lucky.rules import in_play, tables
from game.games.get_lucky.state import NO, OVER

GAMES_PER_COUNT = 150


def check(state) -> None:
    # R22: every character and every action card in exactly one place.
    chars = [n for a in state.areas for n in a] + state.parlor + state.char_deck
    assert sorted(chars) == list(range(1, 16))
    attached = [c for a in state.areas for n in a for c in state.attached[n] if c != NO]
    cards = state.deck + state.discard + attached + [c for h in state.hands for c in h]
    assert sorted(cards) == list(range(66))
    # R23: 1 or 2 characters each; bare characters outside the areas; at most one card per slot kind.
    assert all(1 <= len(a) <= 2 for a in state.areas)
    for n in state.parlor + state.char_deck:
        assert state.attached[n] == [NO, NO, NO]
    kind = tables()[0]
    for a in state.areas:
        for n in a:
            assert all(c == NO or kind[c] == slot for slot, c in enumerate(state.attached[n]))
    assert state.lucky in in_play(state)
    assert len(in_play(state)) >= 2 * state.players and state.parlor
    assert (not RULES.pending(state)) == (state.phase == OVER)


def views_hide_hands(state) -> None:
    ids = tables()[3]
    for seat in range(state.players):
        text = json.dumps(RULES.view(state, seat))
        for other in range(state.players):
            if other != seat:
                for c in state.hands[other]:
                    if c not in state.hands[seat]:
                        assert f'"{ids[c]}"' not in text


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_games_keep_every_invariant(players):
    for i in range(GAMES_PER_COUNT):
        match = Match(RULES, [Seat(f"P{s}") for s in range(players)], None, 100 * players + i)
        rng = Rng(i)
        while not match.is_over():
            seat = match.pending()[0].seat
            legal = match.legal_actions(seat)
            match.apply(legal[rng.below(len(legal))])
            check(match.state)
            if i < 20:
                views_hide_hands(match.state)
            assert match.state.turn <= 500  # R24's bound
        again = Match(RULES, match.seats, match.options, match.seed)
        again.replay(match.log)
        assert again.state_hash() == match.state_hash()
        data = json.loads(json.dumps(RULES.to_json(match.state)))
        assert RULES.to_json(RULES.from_json(data)) == RULES.to_json(match.state)


def positions(players=4, count=20):
    out = []
    for seed in range(count):
        match = Match(RULES, [Seat(f"P{s}") for s in range(players)], None, seed)
        rng = Rng(seed + 9)
        for _ in range(rng.below(40)):
            if match.is_over():
                break
            legal = match.legal_actions(match.pending()[0].seat)
            match.apply(legal[rng.below(len(legal))])
        if not match.is_over():
            out.append(match.state)
    return out


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_are_legal_and_never_peek(level):
    bot = make_bot("get_lucky", level, iterations=24)
    for i, state in enumerate(positions()):
        seat = RULES.pending(state)[0].seat
        twin = RULES.determinize(state, seat, Rng(500 + i))  # other hands and deck re-dealt
        a, b = SeatInfo(RULES, state, seat), SeatInfo(RULES, twin, seat)
        assert a.view == b.view and a.legal == b.legal
        assert canon.digest(RULES.to_json(a.base)) == canon.digest(RULES.to_json(b.base))
        choice = bot.choose(a, Rng(i))
        assert choice in a.legal and choice == bot.choose(b, Rng(i))


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_level_finishes_games(players):
    levels = ["normal", "easy", "hard", "random", "normal", "easy"][:players]
    record = play_game("get_lucky", levels, seed=players, iterations=24)
    assert record.error is None, record.error
