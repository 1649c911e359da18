"""Building Dead Man's Draw positions for rule and scenario tests, in the spec's notation.

`build(...)` makes a state in the middle of P1's turn (seat 0) with exactly the zones given; every card
not named goes to the discard pile (the ten lowest cards, unless named elsewhere) or to the draw pile
below any named top cards, so all 60 cards are always accounted for.
"""

from __future__ import annotations

from game.core.actions import action
from game.core.rng import Rng
from game.games.deadmans_draw import RULES
from game.games.deadmans_draw import effects as fx
from game.games.deadmans_draw.cards import SUIT_ORDER, TRAIT_EFFECTS
from game.games.deadmans_draw.state import NO, PLAY, Choice, State

SUIT = {sid: i for i, sid in enumerate(SUIT_ORDER)}


def c(name: str) -> int:
    """'Key 5' or 'key_5' -> card index."""
    name = name.strip().lower().replace(" ", "_")
    return fx.CARD_INDEX[name]


def cards(text: str) -> list[int]:
    """'Key 5, Chest 4' -> [card, card] (empty string -> [])."""
    return [c(x) for x in text.split(",") if x.strip()]


def trait(effect: str) -> int:
    return TRAIT_EFFECTS.index(effect)


def build(players: int = 2, *, play: str = "", banks: dict | None = None, draw_top: str = "",
          draw: str | None = None, discard: str | None = None, traits: dict | None = None, current: int = 0,
          owed: int = 0, known: int = 0, options: dict | None = None, seed: int = 7, mark: int = NO,
          choice: str = "draw_or_collect", draw_order: str = "spec") -> State:
    opts = RULES.info.resolve_options(options)
    state = State(players, opts, Rng(seed))
    state.phase = PLAY
    state.current, state.start, state.turn = current, current, 1
    state.owed, state.known, state.mark = owed, known, mark
    state.play = cards(play)
    state.banks = [[[] for _ in SUIT_ORDER] for _ in range(players)]
    used = set(state.play)
    for seat, text in (banks or {}).items():
        for card in cards(text):
            fx.bank_add(state, seat, card)
            used.add(card)
    top = cards(draw_top) if draw is None else cards(draw)
    used.update(top)
    if discard is None:
        state.discard = [x for x in range(60) if x % 6 == 0 and x not in used]
    else:
        state.discard = cards(discard)
    used.update(state.discard)
    rest = [x for x in range(60) if x not in used]
    assert len(used) + len(rest) == 60, "a card is named twice"
    if draw is None:
        state.draw = rest + list(reversed(top))  # named cards on top, the first named is the top
    else:
        state.draw = list(reversed(top))
        state.discard += rest  # an exact draw pile: everything else is out of play, in the discard
    state.traits = [NO] * players
    for seat, effect in (traits or {}).items():
        state.traits[seat] = trait(effect)
    state.kept = state.traits[:]
    state.dealt = [[] for _ in range(players)]
    state.choice = Choice(current, choice) if choice else None
    return state


def bank_of(state: State, seat: int) -> list[str]:
    """The spec's notation: stacks in suit order, highest first, e.g. ['Kraken 7', 'Kraken 3']."""
    out = []
    for stack in state.banks[seat]:
        for card in reversed(stack):
            out.append(name(card))
    return out


def name(card: int) -> str:
    return f"{SUIT_ORDER[card // 6].capitalize()} {fx.VALUE[card]}"


def names(cards_: list[int]) -> list[str]:
    return [name(x) for x in cards_]


def do(state: State, kind: str, **args) -> list:
    """Apply an action for the seat whose choice is pending, checking that it is legal."""
    seat = state.choice.seat
    act = action(seat, kind, **args)
    legal = RULES.legal_actions(state, seat)
    assert act in legal, f"{act} not in {legal}"
    return RULES.apply(state, act)


def legal_kinds(state: State) -> set:
    return {a.kind for a in RULES.legal_actions(state, state.choice.seat)}


def legal_targets(state: State) -> set:
    """Sword/Cannon choices as {(seat, 'Suit')} or Hook/Sabotage as {'Suit'}."""
    out = set()
    for a in RULES.legal_actions(state, state.choice.seat):
        if a.get("target") is not None and a.get("suit") is not None:
            out.add((a["target"], a["suit"].capitalize()))
        elif a.get("suit") is not None:
            out.add(a["suit"].capitalize())
        elif a.get("card") is not None:
            out.add(name(fx.CARD_INDEX[a["card"]]))
    return out


def discard_names(state: State) -> list[str]:
    return sorted(names(state.discard))
