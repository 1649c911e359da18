"""Fixtures for Three-Dragon Ante rule tests: a table arranged card by card, a turn started at any point."""

from __future__ import annotations

from game.core.actions import Action
from game.games.three_dragon_ante import RULES
from game.games.three_dragon_ante.cards import table
from game.games.three_dragon_ante.flow import TURN_DONE
from game.games.three_dragon_ante.rules import run
from game.games.three_dragon_ante.state import NO, PLAY


def C(card_id: str) -> int:
    return table().index[card_id]


def ids(cards) -> list:
    return [table().ids[c] for c in cards]


def arrange(players: int, *, hands=None, flights=None, ante=(), deck_top=(), discard=(), gold=None, stakes=0,
            specials="classic", chosen=None, fill_hands=0):
    """A state with the named cards where they are said to be; every other card of the game goes into the deck
    under `deck_top` (its first card on top). `fill_hands` tops every hand up to that size from the deck's
    bottom (cards nobody named)."""
    options = {"specials": specials}
    if chosen:
        options["chosen"] = tuple(chosen)
    s = RULES.setup(players, options, 1)
    in_game = set(range(len(table().ids))) - set(s.out)
    s.hands = [[C(x) for x in h] for h in (hands or [[] for _ in range(players)])]
    s.flights = [[C(x) for x in f] for f in (flights or [[] for _ in range(players)])]
    s.ante = [C(x) for x in ante]
    s.discard = [C(x) for x in discard]
    top = [C(x) for x in deck_top]
    named = top + s.ante + s.discard + sum(s.hands, []) + sum(s.flights, [])
    placed = set(named)
    assert len(placed) == len(named) and placed <= in_game, "a card named twice, or not in this game"
    rest = sorted(in_game - placed)
    for hand in s.hands:
        while len(hand) < fill_hands:
            hand.append(rest.pop(0))
    s.deck = rest + top[::-1]
    s.gold = list(gold) if gold else [10 * players] * players
    s.hole_gold = [0] * players
    s.stakes = stakes
    s.phase = PLAY
    s.sealed = []
    s.ask = []
    s.stack = []
    s.known = []
    s.round_cards = [NO] * players
    return s


def start_turn(s, seat: int, *, round_no: int = 1, leader=None, turns: int = 0, round_cards=None) -> list:
    """The gambit in round `round_no` with `turns` turns taken, and `seat`'s turn starting now."""
    s.round = round_no
    s.leader = seat if leader is None else leader
    s.turns = turns
    s.current = seat
    if round_cards is not None:
        s.round_cards = [C(x) if x else NO for x in round_cards]
    s.played_any = turns > 0
    s.stack = [["gambit", TURN_DONE, NO, NO], ["turn", 0, seat, NO]]
    events: list = []
    run(s, events)
    return events


def act(s, seat: int, kind: str, choice) -> list:
    return RULES.apply(s, Action(seat, kind, (("choice", choice),)))


def play(s, seat: int, card_id: str) -> list:
    return act(s, seat, "play", card_id)


def kinds(events) -> list:
    return [ev.kind for ev in events]
