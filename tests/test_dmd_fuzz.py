"""Fuzz: hundreds of random games per player count, checking the invariants of R20 and the contract."""

from __future__ import annotations

import json
import random

import pytest

from game.core import canon
from game.core.match import Match, Seat
from game.core.rng import Rng
from game.games.deadmans_draw import RULES
from game.games.deadmans_draw import effects as fx
from game.games.deadmans_draw.cards import deck
from game.games.deadmans_draw.state import KRAKEN, MERMAID, NO, OVER, TRAITS

GAMES_PER_COUNT = 300


def zones(state) -> list[int]:
    out = state.draw + state.discard + state.play
    out += [c for bank in state.banks for stack in bank for c in stack]
    if state.choice is not None and state.choice.kind == "map":
        out += state.choice.cards  # revealed by a Map, waiting for the pick
    return out


def check_invariants(state) -> None:
    # R20: every loot card in exactly one zone.
    assert sorted(zones(state)) == list(range(60))
    # R20: never two cards of a suit in the Play Area; T07/T13 holders never hold their suit there.
    suits = [c // 6 for c in state.play]
    assert len(suits) == len(set(suits))
    trait = state.traits[state.current] if state.phase != TRAITS else NO
    if trait == fx.MERMAID_CHARMER:
        assert MERMAID not in suits
    if trait == fx.KRAKEN_TAMER:
        assert KRAKEN not in suits
    # R20: between turns the Play Area is empty and no Kraken draw is owed.
    if state.choice is not None and state.choice.kind == "draw" and not state.play and state.owed == 0:
        assert state.hooked == NO and not state.after
    # R14: stacks sorted, unique values.
    for bank in state.banks:
        for suit, stack in enumerate(bank):
            assert stack == sorted(set(stack)) and all(c // 6 == suit for c in stack)
    # The game is over exactly when nothing is pending.
    assert (not RULES.pending(state)) == (state.phase == OVER)
    assert (RULES.result(state) is not None) == (state.phase == OVER)


def check_views(state) -> None:
    traits = deck().traits
    for seat in range(state.players):
        view = RULES.view(state, seat)
        text = json.dumps(view)
        # The draw pile shows only its publicly revealed top cards.
        shown = [x for x in view["draw"] if not x.startswith("draw#")]
        assert shown == [fx.CARD_ID[c] for c in reversed(state.draw)][:state.known]
        # No other seat's dealt, kept or returned trait unless public (the kept ones after the reveal).
        mine = set(state.dealt[seat]) if state.dealt else set()
        public = set(state.traits) if state.phase != TRAITS else set()
        for other in range(state.players):
            if other == seat or not state.dealt:
                continue
            for t in state.dealt[other]:
                if t not in mine and t not in public:
                    assert f'"{traits[t].id}"' not in text, (seat, traits[t].id)


def random_game(players: int, seed: int, options=None, check_every: int = 1):
    match = Match(RULES, [Seat(f"P{i}") for i in range(players)], options, seed)
    rng = Rng(seed * 31 + players)
    steps = 0
    roundtrip_at = rng.below(60) + 1
    while not match.is_over():
        pending = match.pending()
        seat = pending[rng.below(len(pending))].seat
        legal = match.legal_actions(seat)
        assert legal, "a pending seat always has a legal action"
        match.apply(legal[rng.below(len(legal))])
        steps += 1
        if steps % check_every == 0:
            check_invariants(match.state)
            check_views(match.state)
        if steps == roundtrip_at:
            # JSON round trip mid-game: the copy is indistinguishable and plays on identically.
            data = json.loads(json.dumps(RULES.to_json(match.state)))
            assert RULES.to_json(RULES.from_json(data)) == RULES.to_json(match.state)
            match.state = RULES.from_json(data)
    check_invariants(match.state)
    return match


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant(players):
    for i in range(GAMES_PER_COUNT):
        options = {"traits": i % 5 != 4, "sword_no_play_suit": i % 7 == 3}
        match = random_game(players, 1000 * players + i, options, check_every=1 if i < 60 else 5)
        # The seed plus the action log rebuilds the match exactly.
        again = Match(RULES, match.seats, match.options, match.seed)
        again.replay(match.log)
        assert again.state_hash() == match.state_hash()
        result = match.result()
        assert result.winners and len(result.scores) == players


def test_determinism_with_the_global_rng_disturbed():
    hashes = []
    for disturb in (False, True):
        match = Match(RULES, [Seat("A"), Seat("B"), Seat("C")], None, 99)
        rng = Rng(3)
        while not match.is_over():
            if disturb:  # the engine must not read the global RNG: stir it between every step
                random.seed(len(match.log) * 7919)
                random.random()
            pending = match.pending()
            legal = match.legal_actions(pending[0].seat)
            match.apply(legal[rng.below(len(legal))])
        hashes.append(match.state_hash())
    assert hashes[0] == hashes[1]


def test_determinize_depends_only_on_the_seats_knowledge():
    """Two states that differ only in what seat 0 cannot see give the same determinization."""
    for seed in range(40):
        match = random_game(3, seed)
        # Walk a fresh game part-way and compare it with a re-dealt twin.
        match = Match(RULES, [Seat("A"), Seat("B"), Seat("C")], None, seed)
        rng = Rng(seed)
        for _ in range(rng.below(40)):
            if match.is_over():
                break
            pending = match.pending()
            legal = match.legal_actions(pending[0].seat)
            match.apply(legal[rng.below(len(legal))])
        state = match.state
        for seat in range(3):
            twin = RULES.determinize(state, seat, Rng(seed + 500))
            assert RULES.view(twin, seat) == RULES.view(state, seat)
            a = RULES.determinize(state, seat, Rng(1))
            b = RULES.determinize(twin, seat, Rng(1))
            assert canon.digest(RULES.to_json(a)) == canon.digest(RULES.to_json(b))
