"""Three-Dragon Ante bots (spec §13): a naive Easy, the greedy Normal, and Hard's search.

Every policy reads a determinized state (game.ai.bot.SeatInfo): other hands, the deck order, the hidden set
of specials under Random 10 and other seats' sealed antes are a re-deal of what the seat has not seen, so
the heuristics (heuristics.py) count only on what is public or the seat's own.

- Easy antes a random card of the lower half of its hand, plays the strongest card that triggers (else its
  weakest; now and then any card), gives a dragon below 9 rather than pay 5, and answers power choices half
  at random.
- Normal is §13's greedy policy: the ante weighs the card's worth in hand (a lost card; breaking up a colour)
  against the lead and the stakes (low unless leading is cheap, careful when short of gold or when a raise
  could end the game); a play scores its trigger, the stakes' share, special flights and the trigger it
  hands the left opponent; give-or-pay weighs the dragon against 5 gold from the answering seat's side; and
  every choice of its own power (§9), including kinds it has no rule for, is a one-turn lookahead.
- Hard is the shared ISMCTS with the same rules as its rollout policy (`static_policy`, no lookahead) and
  the evaluation of heuristics.py, searching to the end of the round (the ante: through round 1), so that
  the left opponent's answer to a play is part of what it sees.
"""

from __future__ import annotations

from ...ai.bot import PolicyBot, SeatInfo
from ...ai.ismcts import Ismcts
from .cards import table
from .flights import barred
from .heuristics import CARD_VALUE, ante_score, evaluate, keep_value, play_scores, power_gain, unseen_ante, win_chances
from .state import ANTE, NO

GIVE_OR_PAY = 5
LOOKAHEAD_SAMPLES = 2
# Decision kinds with a rule of their own; any other kind (a special's power choice) is looked ahead.
STATIC_KINDS = {"ante", "play", "give_or_pay", "bronze_pick", "bronze_keep", "ante_pick", "strongest", "weakest"}
DECLINE, DONE = "decline", "done"  # the engine's words for declining a power's option, ending the Kobold's picks


def _card(act) -> int:
    return table().index[act["choice"]]


# -- Normal ------------------------------------------------------------------------------------------------


def normal_policy(rules, state, seat: int, legal: list, rng):
    if len(legal) == 1:
        return legal[0]
    kind = legal[0].kind
    if kind in STATIC_KINDS:
        return _STATIC[kind](state, seat, legal)
    return lookahead(rules, state, seat, legal, rng)  # a power's own choice (§13 "normal"), any kind


def _ante(state, seat, legal):
    others = unseen_ante(state, seat)
    scores = [ante_score(state, seat, _card(a), others) for a in legal]
    return legal[max(range(len(legal)), key=scores.__getitem__)]


def _play(state, seat, legal):
    scores = play_scores(state, seat, [_card(a) for a in legal])
    return legal[max(range(len(legal)), key=scores.__getitem__)]


def give_cost(state, seat: int, card: int, owner: int) -> float:
    """What giving `card` to `owner` costs the answering seat: the card's worth to it, plus what the owner
    gains, weighed by how much the owner's gain hurts (fully with two players or against the gold leader)."""
    return keep_value(state, seat, card) * (1.0 + _rival_weight(state, seat, owner))


def pay_cost(state, seat: int, owner: int) -> float:
    """What paying 5 costs: the gold (dearer when little is left) and what the owner gains; a payment that
    leaves the seat at 0 gold may end the game with it in last place (§13)."""
    paid = min(GIVE_OR_PAY, state.gold[seat])
    left = state.gold[seat] - state.hole_gold[seat] - GIVE_OR_PAY
    scarcity = 1.0 + max(0.0, (12.0 - left) / 12.0)
    cost = paid * scarcity + paid * _rival_weight(state, seat, owner)
    if left <= 0:
        cost += 12.0
    return cost


def _rival_weight(state, seat: int, other: int) -> float:
    if state.players == 2:
        return 1.0
    richest = max(state.gold[o] for o in range(state.players) if o != seat)
    return 0.8 if state.gold[other] >= richest else 0.4


def _give_or_pay(state, seat, legal):
    owner = dict(state.ask[3]).get("owner", (seat + 1) % state.players) if state.ask else (seat + 1) % state.players
    best, best_cost = None, pay_cost(state, seat, owner)
    for a in legal:
        if a["choice"] != "pay":
            cost = give_cost(state, seat, _card(a), owner)
            if cost < best_cost:
                best, best_cost = a, cost
    return best or next(a for a in legal if a["choice"] == "pay")


def _best_card(state, seat, legal):
    """Bronze's tie pick and keep-one, a strength flight's ante pick: the card worth most in hand."""
    return max(legal, key=lambda a: keep_value(state, seat, _card(a)))


def _target(state, seat, legal):
    """Red's and White's tied opponents: the one whose loss helps most (the richest), then the one with the
    fuller hand (Red takes a card from it)."""
    return max(legal, key=lambda a: (state.gold[a["choice"]], len(state.hands[a["choice"]])))


def _power_pick(state, seat, legal):
    """A card whose power triggers for the seat (Wyrmling, Prophet, Sorcerer, Illusionist, Princess): the best
    power; declining is worth nothing, and a Wyrmling's dragon leaves the hand."""
    strength = table().strength

    def worth(a):
        if a["choice"] == DECLINE:
            return 0.0
        card = _card(a)
        value = power_gain(state, seat, card, strength[card])
        return value - 0.3 * keep_value(state, seat, card) if a.kind == "wyrmling" else value
    return max(legal, key=worth)


def _weakest_own(state, seat, legal):
    """Copper Trickster's target: the weakest card of the flight."""
    return min(legal, key=lambda a: table().strength[_card(a)])


def _dragonslayer(state, seat, legal):
    """The strongest dragon in an opponent's flight, the leader's first; one of our own only to lift a bar."""
    chances = win_chances(state)
    t = table()

    def worth(a):
        card = _card(a)
        owner = next(p for p in range(state.players) if card in state.flights[p])
        if owner == seat:
            return 50.0 if barred(state, seat) and _lifts_bar(state, seat, card) else -t.strength[card]
        return t.strength[card] * (0.5 + chances[owner])
    return max(legal, key=worth)


def _lifts_bar(state, seat, card) -> bool:
    flight = state.flights[seat]
    pos = flight.index(card)
    del flight[pos]
    try:
        return not barred(state, seat)
    finally:
        flight.insert(pos, card)


def _kobold(state, seat, legal):
    """Discard, one at a time, the cards worth less than an average draw; then stop."""
    cards = [a for a in legal if a["choice"] != DONE]
    if cards:
        worst = min(cards, key=lambda a: keep_value(state, seat, _card(a)))
        if keep_value(state, seat, _card(worst)) < CARD_VALUE + 0.5:
            return worst
    return next(a for a in legal if a["choice"] == DONE)


def _first(state, seat, legal):
    return legal[0]


_STATIC = {"ante": _ante, "play": _play, "give_or_pay": _give_or_pay, "bronze_pick": _best_card,
           "bronze_keep": _best_card, "ante_pick": _best_card, "seer_keep": _best_card, "strongest": _target,
           "weakest": _target, "wyrmling": _power_pick, "prophet": _power_pick, "sorcerer": _power_pick,
           "illusionist": _power_pick, "princess": _power_pick, "trickster_target": _weakest_own,
           "trickster_trigger": _first, "dragonslayer": _dragonslayer, "kobold": _kobold}


def static_policy(rules, state, seat: int, legal: list, rng):
    """Every decision by its rule, without looking ahead (Hard's rollouts, the rest of a lookahead's turn);
    a kind with no rule takes the first option, which the engine makes the safe one (decline, pay, done)."""
    if len(legal) == 1:
        return legal[0]
    if legal[0].kind == "blue_mode":
        return _blue_mode(state, seat, legal)
    return _STATIC.get(legal[0].kind, _first)(state, seat, legal)


def _blue_mode(state, seat, legal):
    """D3 by what it does to the seat's lead over an average opponent: mode A moves unit gold from each
    opponent to the seat; mode B puts unit × k from each into stakes the seat takes with its chance."""
    unit = dict(state.ask[3]).get("amount", 1) if state.ask else 1
    n = state.players
    paid = unit * len(state.flights[seat])
    stakes = paid * (n - 1)
    chance = win_chances(state)[seat]
    lead_a = unit * n
    lead_b = chance * stakes + paid - (1.0 - chance) * stakes / (n - 1)
    return next(a for a in legal if a["choice"] == ("b" if lead_b > lead_a else "a"))


def lookahead(rules, state, seat: int, legal: list, rng):
    """A one-turn lookahead over the seat's own choice (§13 "normal"): each option is applied to a few
    determinizations and the turn played out by the static rules; the option with the best mean evaluation
    wins."""
    marker = state.turn_serial  # the engine's turn, whatever horizon a search around this uses
    totals = [0.0] * len(legal)
    for _ in range(LOOKAHEAD_SAMPLES):
        sample = rules.determinize(state, seat, rng)
        for i, act in enumerate(legal):
            world = rules.copy(sample)
            rules.apply(world, act)
            _finish_turn(rules, world, marker, rng)
            totals[i] += evaluate(rules, world)[seat]
    return legal[max(range(len(legal)), key=totals.__getitem__)]


def _finish_turn(rules, state, marker, rng, limit: int = 60) -> None:
    for _ in range(limit):
        pending = rules.pending(state)
        if not pending or state.turn_serial != marker:
            return
        decision = pending[0]
        legal = rules.legal_actions(state, decision.seat)
        rules.apply(state, legal[0] if len(legal) == 1 else static_policy(rules, state, decision.seat, legal, rng))


# -- Easy --------------------------------------------------------------------------------------------------


def easy_policy(rules, state, seat: int, legal: list, rng):
    """Plausible but naive: no planning beyond "does it trigger"."""
    if len(legal) == 1:
        return legal[0]
    kind = legal[0].kind
    strength = table().strength
    if kind == "ante":  # a random card of the lower half, never the very strongest
        ranked = sorted(legal, key=lambda a: strength[_card(a)])
        lower = ranked[:max(1, (len(ranked) + 1) // 2)]
        return lower[rng.below(len(lower))]
    if kind == "play":  # the strongest card that triggers, else the weakest; now and then any card
        if rng.random() < 0.2:
            return legal[rng.below(len(legal))]
        firing = [a for a in legal if _fires(state, seat, strength[_card(a)])]
        if firing:
            return max(firing, key=lambda a: strength[_card(a)])
        return min(legal, key=lambda a: strength[_card(a)])
    if kind == "give_or_pay":  # a card is cheaper than 5 gold, unless it is a big one
        gifts = [a for a in legal if a["choice"] != "pay" and strength[_card(a)] < 9]
        if gifts:
            return min(gifts, key=lambda a: strength[_card(a)])
        return next(a for a in legal if a["choice"] == "pay")
    if kind == "blue_mode":
        return next(a for a in legal if a["choice"] == "a")
    if rng.random() < 0.5:
        return legal[rng.below(len(legal))]
    return static_policy(rules, state, seat, legal, rng)


def _fires(state, seat: int, strength: int) -> bool:
    """R15 as the seat sees it before playing."""
    prev = state.round_cards[(seat - 1) % state.players]
    return not state.played_any or bool(state.archmage[seat]) or (
        prev != NO and strength <= table().strength[prev])


# -- Hard --------------------------------------------------------------------------------------------------


class _RoundHorizon:
    """The rules as Hard's search sees them: its horizon is the end of the round (the ante's: the end of
    round 1) instead of the end of the turn, so that the left opponent's answer to a play is searched."""

    def __init__(self, rules):
        self._rules = rules

    def __getattr__(self, name):
        return getattr(self._rules, name)

    @staticmethod
    def turn_marker(s) -> tuple:
        return (s.gambit, max(s.round, 1), s.over)

    def determinize(self, s, seat: int, rng):
        """As the engine's, and then other seats' sealed antes (which it re-sampled at random) are unsealed:
        in the search they choose again by the rollout policy, a better model of a player than chance."""
        out = self._rules.determinize(s, seat, rng)
        if out.phase == ANTE:
            for other in range(out.players):
                if other != seat and out.sealed[other] >= 0:
                    out.sealed[other] = NO
        return out


class HardBot(Ismcts):
    def choose(self, info: SeatInfo, rng):
        if len(info.legal) == 1:
            return info.legal[0]
        seen = SeatInfo.__new__(SeatInfo)
        seen.rules = _RoundHorizon(info.rules)
        seen.seat, seen.view, seen.legal, seen.base, seen.levels = \
            info.seat, info.view, info.legal, info.base, info.levels
        return super().choose(seen, rng)


def _hard(budget: float = 1.0, iterations: int | None = None, **_):
    return HardBot(static_policy, evaluate, budget=budget, iterations=iterations, expand_after=8)


BOTS = {
    "easy": lambda **_: PolicyBot("easy", easy_policy),
    "normal": lambda **_: PolicyBot("normal", normal_policy),
    "hard": _hard,
}

__all__ = ["BOTS", "normal_policy", "easy_policy", "lookahead", "give_cost", "pay_cost", "evaluate",
           "win_chances", "CARD_VALUE"]
