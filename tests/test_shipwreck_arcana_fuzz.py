"""The Shipwreck Arcana fuzz: random games at every player count (2–5), the two-player challenge mode, with and
without The Restless Hours, played by the random and the Easy/Normal/Hard bots, with number-line marks and
seats joining and leaving sprinkled in. After every action: every fate and every arcana card in exactly one
place (R1), no view shows another seat's held fates (§8), and a view does not change when the fates it cannot
see are re-dealt. A JSON round trip mid-game changes nothing, and seed plus log rebuild the match.
"""

from __future__ import annotations

import json

import pytest

from game.ai.bot import SeatInfo, make_bot
from game.core import canon
from game.core.actions import deciding
from game.core.match import AI, Match, Seat
from game.core.rng import Rng
from game.games.shipwreck_arcana import RULES
from game.games.shipwreck_arcana.cards import tables
from game.games.shipwreck_arcana.state import DRAW, NO, OVER

LEVELS = ["random", "easy", "normal", "hard"]
DIFFICULTIES = ["easy", "normal", "easy", "hard", "easy", "doomed"]
CONFIGS = [(players, {"restless": restless}) for players in (2, 3, 4, 5) for restless in (False, True)] + \
    [(2, {"challenge": True, "restless": restless}) for restless in (False, True)]
GAMES = 12


def check(state) -> None:
    # R1: 21 fates, each in the bag, one hand or in front of one card; the 20 arcana in one place each.
    tokens = state.bag + [t for h in state.hand for t in h] + [t for f in state.fates for t in f]
    assert sorted(tokens) == list(range(21))
    cards = [c for c in state.row if c != NO] + state.deck + state.stock + state.removed
    assert sorted(cards) == list(range(20))
    assert all(len(state.hand[pos]) <= 2 for pos in range(len(state.owner)))
    assert all(not state.hand[pos] for pos in range(len(state.owner)) if pos not in state.order)
    assert 0 <= state.score <= 7 and 0 <= state.doom <= 7
    assert (not RULES.pending(state)) == (state.phase == OVER)
    if state.phase == DRAW:
        assert len(state.bag) >= 7  # H11
        assert not state.options["restless"] or NO not in state.row  # R46


def views_hide_hands(state, rng: Rng) -> None:
    """§8: a seat's view holds only its own positions' fates, and re-dealing the others changes nothing."""
    for seat in [None, *range(state.players)]:
        view = RULES.view(state, seat)
        for pos, p in enumerate(view["positions"]):
            if seat is None or state.owner[pos] != seat:
                assert p["hand"] == []
            else:
                assert [f["token"] for f in p["hand"]] == state.hand[pos]
        if seat is not None and not state.left[seat]:
            twin = RULES.determinize(state, seat, rng)
            assert canon.dumps(RULES.view(twin, seat)) == canon.dumps(view)


def side_action(match: Match, rng: Rng, joined: list) -> None:
    """Between turns (and marks at any time): a random number-line mark, join or leave."""
    state = match.state
    present = [p for p in range(state.players) if not state.left[p]]
    seat = present[rng.below(len(present))]
    side = match.side_actions(seat)
    if not side:
        return
    by_kind: dict = {}
    for act in side:
        by_kind.setdefault(act.kind, []).append(act)
    kind = rng.choice(sorted(by_kind))
    act = rng.choice(by_kind[kind])
    if kind == "join":
        level = rng.choice(LEVELS)
        match.join(Seat(f"J{len(joined)}", AI, level), act)
        joined.append(level)
    else:
        match.apply(act)


def bot_turns(match: Match, bots: dict, rng: Rng, joined: list, steps: int = 4000, turns: int = 400) -> None:
    """Play to the end: bots answer the decisions (a group's by one member), side actions now and then."""
    for _ in range(steps):
        state = match.state
        check(state)
        views_hide_hands(state, rng)
        if match.is_over() or state.turn > turns or state.row == [NO] * 4:
            return
        if rng.below(6) == 0:
            side_action(match, rng, joined)
            continue
        for decision in deciding(match.pending()):
            seat = decision.seat
            bot = bots.setdefault(seat, make_bot("shipwreck_arcana", match.seats[seat].level))
            info = SeatInfo(RULES, match.state, seat)
            act = bot.choose(info, rng)
            assert act in info.legal
            match.apply(act)
        assert match.state.turn <= 400


def play_one(players: int, options: dict, seed: int) -> Match:
    rng = Rng(seed * 31 + players)
    levels = [LEVELS[(seed + i) % 4] for i in range(players)]
    options = {**options, "difficulty": DIFFICULTIES[seed % len(DIFFICULTIES)]}
    match = Match(RULES, [Seat(f"P{i}", AI, lv) for i, lv in enumerate(levels)], options, seed)
    bots: dict = {}
    joined: list = []
    bot_turns(match, bots, rng, joined, steps=5 + rng.below(40))
    # A JSON round trip (a save) changes nothing, and play goes on from the copy.
    data = json.loads(json.dumps(RULES.to_json(match.state)))
    copy = RULES.from_json(data)
    assert canon.digest(RULES.to_json(copy)) == match.state_hash()
    assert canon.dumps(RULES.view(copy, 0)) == canon.dumps(RULES.view(match.state, 0))
    match.state = copy
    bot_turns(match, bots, rng, joined)
    assert match.is_over(), "a game that does not end"
    result = match.result()
    assert result.team_won == (match.state.outcome == "won") and result.details["outcome"] in ("won", "doom", "deck")
    assert match.state.outcome != "deck" or options.get("restless")  # R45
    # Seed plus log rebuild the match, at its end and at its middle (undo is a replay of a prefix).
    again = Match(RULES, match.seats, match.options, match.seed, initial=match.initial)
    again.replay(match.log)
    assert again.state_hash() == match.state_hash()
    middle = len(match.log) // 2
    again.truncate(middle)
    prefix = Match(RULES, match.seats, match.options, match.seed, initial=match.initial)
    prefix.replay(match.log[:middle])
    assert prefix.state_hash() == again.state_hash()
    return match


@pytest.mark.parametrize("players,options", CONFIGS,
                         ids=[f"{p}p-{'challenge' if o.get('challenge') else 'normal'}"
                              f"{'-restless' if o['restless'] else ''}" for p, o in CONFIGS])
def test_random_games_keep_every_invariant(players, options):
    for game in range(GAMES):
        play_one(players, options, 1000 * players + 10 * game + len(options))


@pytest.mark.parametrize("players,options", CONFIGS,
                         ids=[f"{p}p-{'challenge' if o.get('challenge') else 'normal'}"
                              f"{'-restless' if o['restless'] else ''}" for p, o in CONFIGS])
def test_games_with_a_stocked_power_row_and_a_thin_deck_keep_every_invariant(players, options):
    """Fixtures (no replay): every power in stock from the first turn, and a deck of 0–7 cards, so that Cycle,
    Old?, Discard lower, the empty deck (R29, H10) and the Restless deck loss (R45) all come up."""
    outcomes = set()
    for game in range(GAMES):
        seed = 7000 + 100 * players + game
        rng = Rng(seed)
        levels = [LEVELS[(game + i) % 4] for i in range(players)]
        match = Match(RULES, [Seat(f"P{i}", AI, lv) for i, lv in enumerate(levels)],
                      {**options, "difficulty": "easy"}, seed)
        s = match.state
        powers = {}
        for card in s.deck:
            powers.setdefault(tables()[2][card], card)
        stock = list(powers.values())
        rest = [c for c in s.deck if c not in stock]
        rng.shuffle(rest)
        keep = rng.below(8)
        s.stock = stock + rest[keep:]
        s.deck = rest[:keep]
        check(s)
        bot_turns(match, {}, rng, [])
        # With every card faded and the deck empty (H10) the row is empty, plays go back to the bag and a
        # group that keeps passing never ends the game: a fixture only, as 20 fades cannot happen in play.
        assert match.is_over() or match.state.row == [NO] * 4
        outcomes.add(match.state.outcome or "empty row")
    assert outcomes


