"""Three-Dragon Ante position heuristics (spec §13 "Heuristic evaluation"), shared by the bots of ai.py.

Everything here reads one state, and the bots only ever hand it a determinized one (game.ai.bot.SeatInfo):
other hands and the deck are a re-deal of what the seat has not seen, so a value built from them counts on
nothing but the seat's knowledge. Values are in gold: "what this seat's position is worth after the gambit".

- `power_gain`: what a card's power is worth to its owner if it triggers now (a rough static table, made
  concrete where the state says more: the stakes for Black, the flight for Gold, the opponents for Bahamut).
- `win_chances`: each seat's chance to take the stakes, from its scoring total plus the cards it still plays.
- `seat_values`: gold + chance × stakes + hand value − purchase risk + the trigger the next player is handed.
- `evaluate`: the values turned into chances to win the game; when someone is near 0 gold the game may end
  with this gambit, and then the ranking is what counts, so the curve sharpens.
"""

from __future__ import annotations

import math
from functools import cache

from .cards import table
from .flights import barred, colour_reward, current, good_dragons, mixed, scoring, strength_reward
from .state import ANTE, NO

CARD_VALUE = 2.0  # §13: a card in hand is worth about 2 gold
PURCHASE_COST = 6.0  # §13: a forced purchase costs about 6 gold (the mean standard strength is 5.74)
LEAD_VALUE = 3.0  # leading a round fires its first card for free
STRONG_POWERS = {"red_destroyer": 3.0, "thief": 2.0, "bahamut": 2.5, "black_raider": 2.5, "brass_sultan": 2.0,
                 "green_schemer": 2.0, "blue_overlord": 2.0, "queen": 1.5, "white_hunter": 1.0, "sorcerer": 1.0,
                 "prophet": 1.0, "archmage": 1.5, "princess": 1.0, "silver_seer": 1.0, "gold_monarch": 1.0}


def power_gain(s, seat: int, card: int, extra_strength: int = 0) -> float:
    """Gold-equivalent gain to `seat` when `card`'s power triggers for it now, `card` in its flight (add
    `extra_strength` when the card is not there yet, for the powers that compare flight totals)."""
    t = table()
    key = t.effect[card]
    n = s.players
    opps = n - 1
    if key == "black":
        return float(min(3, s.stakes))
    if key == "thief":
        return float(min(7, s.stakes))
    if key == "blue":
        return float(opps)
    if key == "blue_overlord":
        return 2.0 * opps
    if key in ("brass", "green"):
        return 0.0 if key == "green" and t.strength[card] == 1 else 4.5
    if key in ("brass_sultan", "green_schemer"):
        return 9.0
    if key in ("bronze", "bronze_warlord"):
        return CARD_VALUE * min(2, len(s.ante)) + (1.0 if key == "bronze_warlord" else 0.0)
    if key in ("copper", "copper_trickster"):
        return 2.5
    if key in ("gold", "gold_monarch"):
        goods = good_dragons(s, seat) + (0 if card in s.flights[seat] else 1)
        return CARD_VALUE * goods - (1.5 if key == "gold_monarch" else 0.0)
    if key == "red":
        return 1.0 + CARD_VALUE
    if key == "red_destroyer":
        return 10.0 + CARD_VALUE
    if key == "silver":
        return CARD_VALUE * 0.8
    if key == "silver_seer":
        return CARD_VALUE * 1.8
    if key == "white":
        return 2.0
    if key == "white_hunter":
        mine = current(s, seat) + extra_strength
        return 3.0 * sum(1 for o in range(n) if o != seat and current(s, o) < mine)
    if key == "bahamut":
        return 10.0 * sum(1 for o in range(n) if o != seat and mixed(s, o))
    if key == "queen":
        return (5.0 + CARD_VALUE) * sum(1 for o in range(n) if o != seat and mixed(s, o))
    if key == "black_raider":
        return 1.0 + sum(range(2, n + 1))
    if key == "fool":
        mine = current(s, seat) + extra_strength
        return CARD_VALUE * sum(1 for o in range(n) if o != seat and current(s, o) > mine)
    if key == "princess":
        return 3.0 * good_dragons(s, seat)
    return _OTHER_GAINS.get(key, 1.0)


# The specials whose worth the state says little about, by a rough average.
_OTHER_GAINS = {"tiamat": 0.0, "dracolich": 3.0, "archmage": 4.0, "dragonrider": 0.0, "dragonslayer": 3.0,
                "druid": 0.5, "illusionist": 1.5, "kobold": 1.0, "merchant_prince": 2.0, "priest": 0.5,
                "prophet": 4.0, "sorcerer": 3.5, "wyrmpriest": 2.0, "chromatic_wyrmling": 3.0,
                "metallic_wyrmling": 3.0}


def keep_value(s, seat: int, card: int, counts: list | None = None) -> float:
    """What a card in hand is worth to its holder: about 2 gold, more for strength and strong powers, and for
    building a colour group with the flight and the rest of the hand (`counts`: colour_counts, if known)."""
    value = _static_keep()[card]
    bits = table().colour_bits[card]
    if bits:
        counts = counts or colour_counts(s, seat)
        same = max(counts[b] for b in _bit_list()[bits]) - (1 if card in s.hands[seat] else 0)
        value += 0.6 * min(same, 2)
    return value


def colour_counts(s, seat: int) -> list[int]:
    """How many cards of each colour the seat has in its flight and hand together."""
    bits = table().colour_bits
    counts = [0] * 10
    for c in s.flights[seat] + s.hands[seat]:
        for b in _bit_list()[bits[c]]:
            counts[b] += 1
    return counts


@cache
def _bit_list() -> tuple:
    return tuple(tuple(b for b in range(10) if mask >> b & 1) for mask in range(1 << 10))


@cache
def _static_keep() -> tuple:
    t = table()
    return tuple(CARD_VALUE + 0.35 * max(0, x - 4) + 0.3 * max(0, x - 9)  # high cards win gambits
                 + STRONG_POWERS.get(key, 0.0) for x, key in zip(t.strength, t.effect, strict=True))


def hand_value(s, seat: int) -> float:
    hand = s.hands[seat]
    counts = colour_counts(s, seat)
    values = [keep_value(s, seat, c, counts) for c in hand]
    if len(values) <= 4:
        return sum(values)
    return sum(sorted(values, reverse=True)[:4]) + CARD_VALUE * 0.8 * (len(values) - 4)


def plays_left(s, seat: int) -> int:
    """Cards `seat` still adds to its flight this gambit, counting rounds 1–3 only."""
    if s.phase == ANTE or s.round == 0:
        return 3
    rounds = max(0, 3 - s.round)
    played = s.round_cards[seat] != NO or _turn_passed(s, seat)
    return rounds + (0 if played else 1)


def _turn_passed(s, seat: int) -> bool:
    """This round, has `seat`'s turn come already (its round card may have been removed since)?"""
    order = (seat - s.leader) % s.players
    return order < s.turns or (order == s.turns and s.current == seat and s.round_cards[seat] != NO)


def expected_card(s, seat: int) -> float:
    """The strength `seat` may be expected to add per card: between its hand's mean and its strongest cards."""
    strength = table().strength
    hand = sorted((strength[c] for c in s.hands[seat]), reverse=True)
    if not hand:
        return 5.7
    top = hand[:3]
    return 0.5 * (sum(hand) / len(hand)) + 0.5 * (sum(top) / len(top))


def projected(s, seat: int, bonus: float = 0.0, cards_less: int = 0) -> float:
    """Scoring total now plus the cards still to come (R26); barred flights count as hopeless (R43)."""
    left = max(0, plays_left(s, seat) - cards_less)
    total = scoring(s, seat) + bonus + left * expected_card(s, seat)
    return total


def win_chances(s) -> list[float]:
    """Each seat's chance to take this gambit's stakes: a softmax of projected totals, flatter while many
    cards are still to come; the lowest wins under the Druid; a barred flight (R43) hardly ever wins."""
    totals, spread = _contest(s)
    return _softmax(totals, spread)


def _contest(s) -> tuple[list[float], float]:
    totals = [_adjusted(s, projected(s, p), barred(s, p), plays_left(s, p)) for p in range(s.players)]
    spread = 2.0 + 1.6 * math.sqrt(sum(plays_left(s, p) for p in range(s.players)) / s.players + 0.25)
    return totals, spread


def _adjusted(s, total: float, is_barred: bool, left: int) -> float:
    if s.druid:
        total = -total
    if is_barred:
        total -= 100.0 if left == 0 else 8.0
    return total


def _softmax(totals: list[float], spread: float) -> list[float]:
    top = max(totals)
    exps = [math.exp((x - top) / spread) for x in totals]
    z = sum(exps)
    return [e / z for e in exps]


def next_gift(s) -> tuple[int, float]:
    """The player about to play and what their play's trigger is worth to them (the "trigger gift" of §13):
    the best power among the cards in their hand that would trigger (all of them for a round's leader).
    (NO, 0) when no play is due."""
    if s.phase == ANTE or s.over or s.round == 0:
        return NO, 0.0
    seat = s.current
    if s.round_cards[seat] != NO:
        return NO, 0.0
    strength = table().strength
    prev = s.round_cards[(seat - 1) % s.players]
    if s.archmage[seat] or not s.played_any:
        limit = 99
    elif prev == NO:
        return seat, 0.0
    else:
        limit = strength[prev]
    best = max((power_gain(s, seat, c, strength[c]) for c in s.hands[seat] if strength[c] <= limit), default=0.0)
    return seat, best


def seat_values(s) -> list[float]:
    """§13's value = gold + P(win) × stakes + hand value − expected purchase cost (+ the next trigger)."""
    n = s.players
    chances = win_chances(s)
    values = []
    for p in range(n):
        v = s.gold[p] - s.hole_gold[p] + chances[p] * s.stakes + hand_value(s, p)
        hand = len(s.hands[p])
        if hand <= 1:
            v -= PURCHASE_COST * (1.0 if hand == 0 else 0.7)
        elif hand == 2:
            v -= PURCHASE_COST * 0.3
        v += _flight_prospects(s, p)
        values.append(v)
    seat, gift = next_gift(s)
    if seat != NO:
        values[seat] += 0.8 * gift
    return values


def _flight_prospects(s, p: int) -> float:
    """Two cards of a colour with a play to come may become a colour flight (R28: G × (n−1))."""
    flight = s.flights[p]
    if len(flight) < 2 or s.colour_paid and s.colour_paid[p] or plays_left(s, p) == 0:
        return 0.0
    t = table()
    best = 0.0
    for bit in range(10):
        group = [t.strength[c] for c in flight if t.colour_bits[c] >> bit & 1]
        if len(group) == 2:
            held = sum(1 for c in s.hands[p] if t.colour_bits[c] >> bit & 1)
            if held:
                best = max(best, 0.35 * min(group) * (s.players - 1))
    return best


def evaluate(rules, s) -> list[float]:
    """Chances to win the game, in [0, 1]: exact at the end (a shared win is shared); otherwise a softmax
    of the seat values, sharper when someone is near 0 gold and the game may end with this gambit."""
    n = s.players
    if s.over:
        top = max(s.gold)
        winners = [p for p in range(n) if s.gold[p] == top]
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(n)]
    values = seat_values(s)
    low = max(0.0, min(values))
    spread = 3.0 + 0.45 * low
    top = max(values)
    exps = [math.exp((v - top) / spread) for v in values]
    z = sum(exps)
    return [e / z for e in exps]


def play_scores(s, seat: int, cards: list) -> list[float]:
    """§13's greedy score of playing each card now, without simulating: the power if it triggers, the change
    in the stakes' expected share, colour and strength flights it completes or builds, the lead it may win,
    minus the trigger it hands the left opponent and what the card was worth in hand."""
    totals, spread = _contest(s)
    context = (totals, spread, _softmax(totals, spread)[seat], scoring(s, seat),
               (plays_left(s, seat) - 1) * expected_card(s, seat), _flight_prospects(s, seat),
               colour_counts(s, seat), _GiftOdds(s, seat) if s.turns < s.players - 1 else None)
    return [_play_score(s, seat, card, context) for card in cards]


def _play_score(s, seat: int, card: int, context) -> float:
    totals, spread, chance, score_now, to_come, prospects, counts, gifts = context
    t = table()
    strength = t.strength[card]
    n = s.players
    prev = s.round_cards[(seat - 1) % n]
    fires = not s.played_any or s.archmage[seat] or (prev != NO and strength <= t.strength[prev])
    score = power_gain(s, seat, card, strength) if fires else 0.0
    # The stakes: my chance with this card against my chance with an average card.
    totals = totals[:]
    totals[seat] = _adjusted(s, score_now + strength + to_come, _barred_with(s, seat, card), plays_left(s, seat) - 1)
    score += (_softmax(totals, spread)[seat] - chance) * s.stakes
    # Special flights it completes now (R28, R29) or builds toward.
    flight = s.flights[seat]
    flight.append(card)
    try:
        if not s.colour_paid[seat]:
            score += colour_reward(s, seat) * (n - 1)
        if not s.strength_paid[seat] and strength_reward(s, seat):
            score += min(strength_reward(s, seat), s.stakes) + CARD_VALUE * min(2, len(s.ante))
        score += _flight_prospects(s, seat) - prospects
    finally:
        flight.pop()
    # The left opponent plays next this round: a strong card lets them trigger almost anything.
    if gifts is not None:
        score -= 0.8 * gifts.value(strength)
    else:
        score += _lead_chance(s, seat, strength) * LEAD_VALUE
    return score - 0.5 * keep_value(s, seat, card, counts)


class _GiftOdds:
    """What the left opponent may expect to trigger after a card of strength x: the chance that their hand
    (cards this seat has not seen) holds one of strength ≤ x, times the mean worth of such cards' powers."""

    def __init__(self, s, seat: int):
        t = table()
        left = (seat + 1) % s.players
        self.hand = len(s.hands[left])
        self.always = bool(s.archmage[left])
        pool = [c for o in range(s.players) if o != seat for c in s.hands[o]] + s.deck
        self.size = len(pool)
        self.count = [0] * 15
        self.gain = [0.0] * 15
        gains = _base_gains(s.players)
        for c in pool:
            self.count[t.strength[c]] += 1
            self.gain[t.strength[c]] += gains[c]
        for x in range(1, 15):
            self.count[x] += self.count[x - 1]
            self.gain[x] += self.gain[x - 1]

    def value(self, x: int) -> float:
        x = 14 if self.always else x
        if not self.size or not self.count[x]:
            return 0.0
        share = self.count[x] / self.size
        chance = 1.0 - (1.0 - share) ** self.hand
        return chance * self.gain[x] / self.count[x] * (1.0 + 0.1 * min(self.hand, 5))


_BASE_GAINS = {"black": 3.0, "thief": 7.0, "brass": 4.5, "green": 4.5, "brass_sultan": 9.0, "green_schemer": 9.0,
               "bronze": 4.0, "bronze_warlord": 5.0, "copper": 2.5, "copper_trickster": 2.5, "gold": 3.0,
               "gold_monarch": 3.0, "red": 3.0, "red_destroyer": 12.0, "silver": 1.6, "silver_seer": 3.6,
               "white": 2.0, "white_hunter": 4.0, "bahamut": 5.0, "queen": 4.0, "fool": 2.0, "princess": 3.0}


@cache
def _base_gains(players: int) -> tuple:
    return tuple(base_gain(c, players) for c in range(len(table().ids)))


def base_gain(card: int, players: int) -> float:
    """A power's worth in a typical position (for cards this seat cannot see)."""
    key = table().effect[card]
    if key == "blue":
        return players - 1.0
    if key == "blue_overlord":
        return 2.0 * (players - 1)
    if key == "black_raider":
        return 1.0 + sum(range(2, players + 1))
    if key == "green" and table().strength[card] == 1:
        return 0.0
    return _BASE_GAINS.get(key, _OTHER_GAINS.get(key, 1.0))


def _barred_with(s, seat: int, card: int) -> bool:
    flight = s.flights[seat]
    flight.append(card)
    try:
        return barred(s, seat)
    finally:
        flight.pop()


def _lead_chance(s, seat: int, strength: int) -> float:
    """Would this card, played last in the round, be the unique highest round card (R38)?"""
    values = [table().strength[c] for p, c in enumerate(s.round_cards) if c != NO and p != seat] + [strength]
    unique = [v for v in values if values.count(v) == 1]
    return 1.0 if unique and max(unique) == strength else 0.0


def ante_score(s, seat: int, card: int, others: float) -> float:
    """§13's ante: lose the card (its hand value), raise the stakes everyone pays when it is the highest
    (good when this hand should win the gambit, bad when short of gold), lead when it is the unique highest.
    `others` is the ante expected from the strongest other seat."""
    t = table()
    strength = t.strength[card]
    n = s.players
    hand = [c for c in s.hands[seat] if c != card]
    chance = 0.3 * _hand_chance(s, seat, hand) + 0.7 / n  # a hand's promise is uncertain: shrunk to fair
    raise_by = max(0.0, strength - others)
    score = -1.5 * keep_value(s, seat, card)  # an ante card is lost for good (R11, R45)
    score += raise_by * (chance * n - 1.0)  # each seat pays the raise; I take it back with my chance
    if strength > others:
        best = max((power_gain(s, seat, c, t.strength[c]) for c in hand), default=0.0)
        score += min(1.0, (strength - others) / 3.0) * (0.3 * LEAD_VALUE + 0.2 * best)
    if s.gold[seat] < max(strength, others):
        score -= 2.0 * (max(strength, others) - s.gold[seat])
    # Game end (§13): a raise that may bankrupt someone ends the game; good for the gold leader only.
    poorest = min(s.gold[o] for o in range(n) if o != seat)
    if strength > others and poorest <= strength:
        leading = s.gold[seat] >= max(s.gold[o] for o in range(n) if o != seat)
        score += 4.0 if leading else -4.0
    return score


def _hand_chance(s, seat: int, hand: list) -> float:
    """The chance that this hand wins the coming gambit: its three best cards against an average hand."""
    strength = table().strength
    top = sorted((strength[c] for c in hand), reverse=True)[:3]
    mine = sum(top) + 5.7 * (3 - len(top))
    edge = (mine - 20.0) / 5.0
    share = 1.0 / (1.0 + math.exp(-edge))
    return min(0.9, 2.0 * share / s.players)


def unseen_ante(s, seat: int) -> float:
    """The ante expected from the strongest of the other seats: a middling card of the unseen pool."""
    strength = table().strength
    pool = sorted(strength[c] for o in range(s.players) if o != seat for c in s.hands[o])
    pool += sorted(strength[c] for c in s.deck)
    if not pool:
        return 5.0
    pool.sort()
    # Opponents ante from the lower half of their hands; the highest of n−1 such antes.
    q = min(0.6, 0.15 + 0.08 * (s.players - 1))
    return float(pool[int(q * (len(pool) - 1))])


__all__ = ["power_gain", "keep_value", "hand_value", "win_chances", "seat_values", "evaluate", "play_scores",
           "ante_score", "unseen_ante", "base_gain", "CARD_VALUE"]
