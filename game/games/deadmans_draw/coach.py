"""The coach's words for Dead Man's Draw (see game/ai/coach.py): why the Hard AI's move is good, and a warning
before a move that busts for sure.

Everything is read from the seat's determinized state: the Draw Pile's contents are public by deduction (odds.py)
and only its publicly revealed top card is read for its place, so the numbers are the ones the odds assist shows.
"""

from __future__ import annotations

from ...ai.coach import Advice
from . import effects as fx
from .cards import SUIT_ORDER, deck
from .odds import at_risk_suits, bust_odds

C = "deadmans_draw.coach."
LANGS = ("en", "ja")
SUIT_INDEX = {sid: i for i, sid in enumerate(SUIT_ORDER)}


def advice(rules, state, seat: int, act) -> Advice:
    kind = act.kind
    if kind in ("draw", "collect") and state.choice is not None and state.choice.kind == "draw_or_collect":
        return _draw_or_stop(state, kind)
    if kind in ("hook", "sabotage"):
        suit = SUIT_INDEX[act["suit"]]
        card = state.banks[seat][suit][-1]
        if kind == "sabotage":
            return Advice(C + "sabotage", {"suit": _suit(suit), "points": _loss(state, seat, suit)})
        return Advice(C + "hook", {"card": _card(card), "power": _power(suit)})
    if kind in ("cannon", "sword"):
        target, suit = act["target"], SUIT_INDEX[act["suit"]]
        card = state.banks[target][suit][-1]
        params = {"player": {"seat": target}, "card": _card(card), "points": _loss(state, target, suit)}
        if kind == "sword":
            params["gain"] = _gain(state, seat, card)
        return Advice(C + kind, params)
    if kind in ("map", "navigate"):
        card = fx.CARD_INDEX[act["card"]]
        return Advice(C + "take", {"card": _card(card), "gain": _gain(state, seat, card), "power": _power(card // 6)})
    if kind == "plunder":
        return Advice(C + "plunder", {"player": {"seat": act["target"]}, "cards": fx.bank_size(state, act["target"])})
    return Advice("table.coach_default", {})


def warning(rules, state, seat: int, act) -> Advice | None:
    """A move that busts for sure: a Draw when every card the pile can give matches a suit in play, or a card
    brought into play (Hook, Sword, Map) whose suit is already there."""
    if act.kind == "draw" and state.choice is not None and state.choice.kind == "draw_or_collect":
        if bust_odds(state) == 1.0:
            return Advice(C + "warn_draw", {"points": _at_stake(state)})
        return None
    card = _entering(state, seat, act)
    if card is not None and card // 6 in at_risk_suits(state):
        return Advice(C + "warn_suit", {"card": _card(card), "points": _at_stake(state)})
    return None


# -- the reasons ----------------------------------------------------------------------------------------------


def _draw_or_stop(state, kind: str) -> Advice:
    danger = at_risk_suits(state)
    pile = state.draw
    bad = [c for c in pile if c // 6 in danger]
    odds = bust_odds(state) or 0.0
    params = {"odds": round(100 * odds), "bad": len(bad), "left": len(pile), "points": _at_stake(state)}
    more = ()
    if state.known:
        key = C + ("known_bust" if odds else "known_safe")
        params["card"] = _card(pile[-1])
    else:
        key = C + ("draw" if kind == "draw" else "stop")
        if bad:
            more = (Advice(C + "left", {"cards": _values_left(bad)}),)
    return Advice(key, params, more)


def _at_stake(state) -> int:
    """The points of loot in the Play Area that a bust would lose (after Anchor and the traits that keep)."""
    kept, _ = fx.kept_on_bust(state, fx.NO)
    return sum(fx.VALUE[c] for c in state.play if c not in kept)


def _gain(state, seat: int, card: int) -> int:
    """What banking `card` adds to `seat`'s score: its value over the top of that suit's stack."""
    stack = state.banks[seat][card // 6]
    return max(0, fx.VALUE[card] - (fx.VALUE[stack[-1]] if stack else 0))


def _loss(state, seat: int, suit: int) -> int:
    """What `seat`'s score loses when the top card of its `suit` stack goes."""
    stack = state.banks[seat][suit]
    return fx.VALUE[stack[-1]] - (fx.VALUE[stack[-2]] if len(stack) > 1 else 0)


def _entering(state, seat: int, act) -> int | None:
    """The card a Hook, Sword or Map move brings into the Play Area (None for other moves)."""
    if act.kind == "hook":
        return state.banks[seat][SUIT_INDEX[act["suit"]]][-1]
    if act.kind == "sword":
        return state.banks[act["target"]][SUIT_INDEX[act["suit"]]][-1]
    if act.kind in ("map", "navigate"):
        return fx.CARD_INDEX[act["card"]]
    return None


# -- names, in both languages (the reader's is picked when the advice is shown) -----------------------------


def _suit(suit: int) -> dict:
    return dict(deck().suits[suit].name)


def _card(card: int) -> dict:
    name = deck().suits[card // 6].name
    return {lang: f"{name[lang]} {fx.VALUE[card]}" for lang in LANGS}


def _power(suit: int) -> dict:
    return dict(deck().suits[suit].keyword)


def _values_left(cards: list) -> dict:
    """The busting cards still in the pile by suit: "Cannon 2, 5 · Kraken 4"."""
    by_suit: dict = {}
    for c in sorted(cards):
        by_suit.setdefault(c // 6, []).append(str(fx.VALUE[c]))
    out = {}
    for lang in LANGS:
        sep, join = (", ", " · ") if lang == "en" else ("・", "／")
        out[lang] = join.join(f"{deck().suits[s].name[lang]} {sep.join(v)}" for s, v in by_suit.items())
    return out
