"""Dead Man's Draw bots: the Normal heuristic (§13 of the spec), a looser Easy one, the evaluation that
Hard's search scores positions with, and the factories by level.

Everything here reads a determinized state (see game.ai.bot.SeatInfo): the Draw Pile's contents are
public by deduction and its order is a random re-deal, so the heuristics only ever use its composition
and the publicly revealed top cards.
"""

from __future__ import annotations

import math

from ...ai.bot import PolicyBot
from ...ai.ismcts import Ismcts
from . import effects as fx
from .cards import SUIT_ORDER
from .odds import at_risk_suits, bust_odds
from .state import CANNON, CHEST, HOOK, KEY, KRAKEN, MAP, MERMAID, NO, ORACLE, SWORD

SUIT_INDEX = {sid: i for i, sid in enumerate(SUIT_ORDER)}

# Trait preference by player count (§13 "Traits"): higher is better. Index = trait index.
_TRAIT_RANK_2P = (6, 5, 4, 6, 8, 4, 6, 9, 3, 3, 5, 6, 6, 6, 6, 5, 5)
_TRAIT_RANK_MANY = (6, 5, 4, 6, 6, 4, 6, 6, 8, 3, 6, 6, 6, 6, 6, 5, 5)


# -- values ----------------------------------------------------------------------------------------------


def top(state, seat: int, suit: int) -> int:
    stack = state.banks[seat][suit]
    return fx.VALUE[stack[-1]] if stack else 0


def gain(state, seat: int, card: int) -> float:
    """What banking `card` adds to `seat`'s score (§13 "Card value"), plus a little for depth."""
    suit = card // 6
    value = max(0, fx.VALUE[card] - top(state, seat, suit))
    if suit == MERMAID and state.traits[seat] == fx.MERMAID_COLLECTOR:
        value += 5
    return value + 0.15  # a card below the top still softens Cannons and Swords and breaks ties


def loss(state, seat: int, suit: int, whole: bool = False) -> float:
    """What `seat` loses when the top card (or the whole stack) of `suit` leaves its Bank."""
    stack = state.banks[seat][suit]
    if not stack:
        return 0.0
    after = 0 if whole or len(stack) == 1 else fx.VALUE[stack[-2]]
    value = fx.VALUE[stack[-1]] - after
    if suit == MERMAID and state.traits[seat] == fx.MERMAID_COLLECTOR:
        value += 5 * (len(stack) if whole else 1)
    return value + 0.15


def weight(state, seat: int, victim: int) -> float:
    """How much hurting `victim` helps `seat`: most when the victim leads."""
    scores = [fx.score(state, s) for s in range(state.players)]
    best_other = max(scores[o] for o in range(state.players) if o != seat)
    if state.players == 2:
        return 1.0
    return 1.0 if scores[victim] >= best_other else 0.5


def at_risk(state, seat: int) -> float:
    """The value a bust now would lose: the unprotected Play Area cards (after Anchor, T01, T15)."""
    kept, _ = fx.kept_on_bust(state, NO)
    kept = set(kept)
    total = 0.0
    suits = set()
    for c in state.play:
        suits.add(c // 6)
        if c not in kept:
            total += gain(state, seat, c)
    if KEY in suits and CHEST in suits:
        total += bonus_value(state, seat, len(state.play))
    return total


def bonus_value(state, seat: int, count: int) -> float:
    if state.traits[seat] == fx.PLUNDERER:
        sources = fx.plunder_sources(state)
        if not sources:
            return 0.0
        victim = max(sources, key=lambda o: fx.bank_size(state, o))
        cards = [c for stack in state.banks[victim] for c in stack]
        per = sum(gain(state, seat, c) for c in cards) / len(cards)
        return min(count, len(cards)) * (per + 0.3)
    if not state.discard:
        return 0.0
    per = sum(gain(state, seat, c) for c in state.discard) / len(state.discard)
    wanted = count * (3 if state.traits[seat] == fx.TREASURE_HUNTER else 1)
    return min(wanted, len(state.discard)) * per


def ability_value(state, seat: int, card: int) -> float:
    """A rough worth of `card`'s ability if it entered `seat`'s Play Area now."""
    suit = card // 6
    in_play = {c // 6 for c in state.play}
    if suit == SWORD:
        options = fx.sword_options(state)
        safe = [(o, s) for o, s in options if s not in in_play]
        if not safe:
            return -at_risk(state, seat) if options else 0.0
        return max(gain(state, seat, state.banks[o][s][-1]) + weight(state, seat, o) * loss(state, o, s)
                   for o, s in safe)
    if suit == CANNON:
        if fx.someone_else_holds(state, fx.SABOTEUR):
            own = fx.hook_options(state)
            return -min(loss(state, seat, s) for s in own) if own else 0.0
        whole = state.traits[seat] == fx.MASTER_GUNNER
        options = fx.cannon_options(state)
        return max((weight(state, seat, o) * loss(state, o, s, whole) for o, s in options), default=0.0)
    if suit == HOOK:
        options = fx.hook_options(state)
        if not options:
            return 0.0
        safe = [s for s in options if s not in in_play]
        return 0.5 if safe else -at_risk(state, seat)
    if suit == MAP:
        usable = sorted((gain(state, seat, c) for c in state.discard if c // 6 not in in_play), reverse=True)
        return sum(usable[:2]) / 2 if usable else 0.0
    if suit == KRAKEN:
        if state.traits[seat] == fx.KRAKEN_TAMER:
            return 0.0
        odds = bust_odds(state) or 0.0
        return -(at_risk(state, seat) + 2.0) * min(1.0, 2.2 * odds)
    if suit == ORACLE:
        return 0.5
    if suit in (KEY, CHEST):
        other = CHEST if suit == KEY else KEY
        if other in in_play:
            return bonus_value(state, seat, len(state.play) + 1)
    return 0.0


def draw_gain(state, seat: int) -> tuple[float, float]:
    """(bust chance, expected value of a non-busting next card) for a Draw now."""
    pile = state.draw
    danger = at_risk_suits(state)
    candidates = [pile[-1]] if state.known else pile
    safe = [c for c in candidates if c // 6 not in danger]
    odds = 1.0 - len(safe) / len(candidates)
    if not safe:
        return odds, 0.0
    # Group by card so that a pile of 40 costs 40 evaluations at most once per decision.
    total = 0.0
    for c in safe:
        if state.traits[seat] == fx.MERMAID_CHARMER and c // 6 == MERMAID or (
                state.traits[seat] == fx.KRAKEN_TAMER and c // 6 == KRAKEN):
            total += gain(state, seat, c)
        else:
            total += gain(state, seat, c) + ability_value(state, seat, c)
    return odds, total / len(safe)


# -- choices ---------------------------------------------------------------------------------------------


def should_draw(state, seat: int, boldness: float = 1.0) -> bool:
    odds, expected = draw_gain(state, seat)
    risk = at_risk(state, seat)
    # Near the end a card left in the pile is worth nothing to you, so press on a little harder.
    endgame = 1.0 + (0.3 if len(state.draw) <= 4 else 0.0)
    return (1.0 - odds) * expected * boldness * endgame > odds * risk


def _target_choice(state, seat, act) -> float:
    kind = act.kind
    in_play = {c // 6 for c in state.play}
    if kind == "hook":
        s = SUIT_INDEX[act["suit"]]
        card = state.banks[seat][s][-1]
        if s in in_play:
            return -100 - at_risk(state, seat) - gain(state, seat, card)
        return ability_value(state, seat, card) - 0.1 * fx.VALUE[card]
    if kind == "sword":
        o, s = act["target"], SUIT_INDEX[act["suit"]]
        card = state.banks[o][s][-1]
        value = gain(state, seat, card) + weight(state, seat, o) * loss(state, o, s)
        if s in in_play:
            return -100 + value - at_risk(state, seat)
        return value + 0.5 * ability_value(state, seat, card)
    if kind == "cannon":
        o, s = act["target"], SUIT_INDEX[act["suit"]]
        return weight(state, seat, o) * loss(state, o, s, state.traits[seat] == fx.MASTER_GUNNER) + (
            gain(state, seat, state.banks[o][s][-1]) if state.traits[seat] == fx.SCAVENGER else 0.0)
    if kind == "sabotage":
        return -loss(state, seat, SUIT_INDEX[act["suit"]])
    if kind in ("map", "navigate"):
        card = fx.CARD_INDEX[act["card"]]
        if card // 6 in in_play and not _straight_to_bank(state, seat, card):
            return -100 - gain(state, seat, card)
        return gain(state, seat, card) + ability_value(state, seat, card)
    if kind == "plunder":
        o = act["target"]
        return fx.bank_size(state, o) + 0.5 * weight(state, seat, o)
    if kind == "mark":
        return -((act["target"] - seat) % state.players)  # the next player: we see their busts first
    if kind == "keep_trait":
        ranks = _TRAIT_RANK_2P if state.players == 2 else _TRAIT_RANK_MANY
        from .cards import deck

        return ranks[deck().trait(act["trait"]).index]
    return 0.0


def _straight_to_bank(state, seat, card) -> bool:
    trait = state.traits[seat]
    return (trait == fx.MERMAID_CHARMER and card // 6 == MERMAID) or (
        trait == fx.KRAKEN_TAMER and card // 6 == KRAKEN)


def normal_policy(rules, state, seat, legal, rng, boldness: float = 1.0):
    if len(legal) == 1:
        return legal[0]
    kinds = {a.kind for a in legal}
    if kinds == {"draw", "collect"}:
        want = "draw" if should_draw(state, seat, boldness) else "collect"
        return next(a for a in legal if a.kind == want)
    return max(legal, key=lambda a: (_target_choice(state, seat, a), -legal.index(a)))


def easy_policy(rules, state, seat, legal, rng):
    """A casual pirate: draws by feel (bust odds and a greed for three or four cards), aims at random
    half the time."""
    if len(legal) == 1:
        return legal[0]
    kinds = {a.kind for a in legal}
    if kinds == {"draw", "collect"}:
        odds = bust_odds(state) or 0.0
        want = "draw" if odds < 0.3 and len(state.play) < 3 + rng.below(2) else "collect"
        return next(a for a in legal if a.kind == want)
    if rng.random() < 0.5:
        return legal[rng.below(len(legal))]
    return normal_policy(rules, state, seat, legal, rng)


def evaluate(rules, state) -> list[float]:
    """Each seat's chance of winning, estimated: exact when the game is over, otherwise a logistic curve
    of its lead over the best opponent, flatter when many cards are left to change things."""
    n = state.players
    scores = [fx.score(state, s) for s in range(n)]
    if state.phase == "over":
        result = rules.result(state)
        share = 1.0 / len(result.winners)
        return [share if s in result.winners else 0.0 for s in range(n)]
    spread = 3.0 + 0.35 * len(state.draw)
    values = []
    for s in range(n):
        lead = scores[s] - max(scores[o] for o in range(n) if o != s)
        values.append(1.0 / (1.0 + math.exp(-lead / spread)))
    return values


def _hard(budget: float = 1.0, iterations: int | None = None, **_):
    return Ismcts(normal_policy, evaluate, budget=budget, iterations=iterations,
                  search_kinds={"draw_or_collect", "hook", "cannon", "sword", "map", "navigate", "sabotage",
                                "plunder"})


BOTS = {
    "easy": lambda **_: PolicyBot("easy", easy_policy),
    "normal": lambda **_: PolicyBot("normal", normal_policy),
    "hard": _hard,
}
