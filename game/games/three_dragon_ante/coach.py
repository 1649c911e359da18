"""The coach's words for Three-Dragon Ante (see game/ai/coach.py): whether a play triggers its power (R15) and
what that power does, the strength of the gambit's flight it makes, and the chance it hands the left opponent a
trigger; a warning before a play that more likely than not does.

The left opponent's chance is counted over the cards this seat has not seen (the other hands and the deck
together, which a re-deal does not change) and the size of their hand, which is public.
"""

from __future__ import annotations

from ...ai.coach import Advice
from .cards import deck, table
from .flow import FIRES, trigger_reason

C = "three_dragon_ante.coach."
RISKY = 0.5  # a play that lets the left opponent trigger at least this often is warned of


def advice(rules, state, seat: int, act) -> Advice:
    if act.kind != "play":
        return Advice("table.coach_default", {})
    card = table().index[act["choice"]]
    info = deck().card(act["choice"])
    strength = sum(table().strength[c] for c in state.flights[seat]) + info.strength
    params = {"card": dict(info.name), "power": dict(deck().powers[info.effect]), "flight": strength}
    reason = trigger_reason(state, seat, card)
    key = C + ("triggers" if reason in FIRES else "silent" if reason == "stronger" else "silent_taken")
    more = ()
    odds = left_trigger_odds(state, seat, card)
    if odds is not None:
        more = (Advice(C + "left", {"player": {"seat": (seat + 1) % state.players}, "odds": round(100 * odds),
                                    "strength": info.strength}),)
    return Advice(key, params, more)


def warning(rules, state, seat: int, act) -> Advice | None:
    if act.kind != "play":
        return None
    card = table().index[act["choice"]]
    odds = left_trigger_odds(state, seat, card)
    if odds is None or odds < RISKY:
        return None
    return Advice(C + "warn_left", {"player": {"seat": (seat + 1) % state.players}, "odds": round(100 * odds),
                                    "strength": table().strength[card]})


def left_trigger_odds(state, seat: int, card: int) -> float | None:
    """The chance that the left opponent, playing next this round, can trigger after `card` (R15: a card no
    stronger, or any card with an Archmage effect); None when they do not play after it this round."""
    left = (seat + 1) % state.players
    if state.turns >= state.players - 1 or not state.hands[left]:
        return None
    if state.archmage[left]:
        return 1.0
    strength = table().strength
    unseen = [c for o in range(state.players) if o != seat for c in state.hands[o]] + list(state.deck)
    if not unseen:
        return 0.0
    share = sum(1 for c in unseen if strength[c] <= strength[card]) / len(unseen)
    return 1.0 - (1.0 - share) ** len(state.hands[left])
