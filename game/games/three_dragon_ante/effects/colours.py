"""The ten standard colour powers (§6.1). Each resolver is also the building block of its Legendary
version (legendary.py): `blue_mode`, `give_or_pay`, `bronze_take`, `strongest_pays`, `draw_per_good_dragon`
and `silver_draws` take the amounts the Legendary card changes."""

from __future__ import annotations

from ..cards import EVIL, GOOD, table
from ..flights import current, good_dragons
from ..moves import (
    HAND_LIMIT,
    ante_to_hand,
    discard_from_flight,
    draw,
    hand_to_hand,
    into_flight,
    pay,
    pop_deck,
    reveal_in_hand,
    take_stakes,
)
from ..state import NO
from . import CARD, OWNER, STEP, answer, ask, in_flight, left, note, opponents, power, push, replacement_trigger, right

GIVE_OR_PAY = 5


@power("black")
def black(s, f, events) -> bool:
    take_stakes(s, f[OWNER], 3, events, "black")
    return True


def blue_mode(s, f, events, unit: int) -> bool:
    """D3: mode "a", each opponent pays you `unit`; mode "b", each pays `unit` per card in your flight into
    the stakes."""
    owner = f[OWNER]
    if f[STEP] == 0:
        f[STEP] = 1
        return ask(s, owner, "blue_mode", ["a", "b"], card=table().ids[f[CARD]], amount=unit,
                   per_card=unit * len(s.flights[owner]))
    mode = answer(s)
    note(events, "blue_mode", seat=owner, mode=mode)
    k = len(s.flights[owner])
    for opp in opponents(s, owner):
        if mode == "a":
            pay(s, opp, unit, owner, events, "blue")
        else:
            pay(s, opp, unit * k, None, events, "blue")
    return True


@power("blue")
def blue(s, f, events) -> bool:
    return blue_mode(s, f, events, 1)


# -- give or pay (Brass, Green and their Legendary versions; D6–D9) -----------------------------------------

def give_or_pay(owner: int, card: int, opponent: int, align: int, threshold: int) -> list:
    """The frame of one opponent's give-or-pay answer: a good dragon stronger than `threshold` (align GOOD)
    or an evil dragon weaker than it (EVIL), or 5 gold. Push it from the power's resolver."""
    return ["give_or_pay", 0, owner, card, opponent, align, threshold]


def eligible(s, opponent: int, align: int, threshold: int) -> list[int]:
    t = table()
    out = []
    for c in s.hands[opponent]:
        if t.dragon[c] and t.align[c] == align and (
                t.strength[c] > threshold if align == GOOD else t.strength[c] < threshold):
            out.append(c)
    return sorted(out)


@power("give_or_pay")
def resolve_give_or_pay(s, f, events) -> bool:
    owner, card, opponent, align, threshold = f[OWNER], f[CARD], f[4], f[5], f[6]
    ids = table().ids
    if f[STEP] == 0:
        f[STEP] = 1
        options = ["pay"] + [ids[c] for c in eligible(s, opponent, align, threshold)]
        # Private (§8, H32): the one-option prompt is still put, so nobody learns whether a gift was possible.
        return ask(s, opponent, "give_or_pay", options, secret=True, card=ids[card], owner=owner,
                   good=align == GOOD, threshold=threshold)
    choice = answer(s)
    if choice == "pay":
        note(events, "paid_instead", seat=opponent, owner=owner)
        pay(s, opponent, GIVE_OR_PAY, owner, events, "give_or_pay")
        return True
    gift = table().index[choice]
    if len(s.hands[owner]) >= HAND_LIMIT:  # H15: revealed, but it stays where it is
        reveal_in_hand(s, opponent, gift, events, "gift_refused")
        note(events, "gift_refused", seat=opponent, owner=owner, card=choice)
    else:
        hand_to_hand(s, opponent, owner, gift, events, "give", public=True)
    return True


@power("brass")
def brass(s, f, events) -> bool:
    """Your right opponent gives a good dragon stronger than this card or pays 5."""
    if f[STEP] == 0:
        f[STEP] = 1
        owner, card = f[OWNER], f[CARD]
        return push(s, give_or_pay(owner, card, right(s, owner), GOOD, table().strength[card]))
    return True


@power("green")
def green(s, f, events) -> bool:
    """Your left opponent gives an evil dragon weaker than this card or pays 5."""
    if f[STEP] == 0:
        f[STEP] = 1
        owner, card = f[OWNER], f[CARD]
        return push(s, give_or_pay(owner, card, left(s, owner), EVIL, table().strength[card]))
    return True


# -- Bronze (D10, D11) --------------------------------------------------------------------------------------

def bronze_take(s, f, events) -> bool:
    """Put the two weakest ante cards into your hand. f[4] holds the cards determined so far; ties for the
    lowest are the owner's pick (D10); with 9 in hand the owner keeps one of the two (D11, H17)."""
    owner = f[OWNER]
    ids, strength = table().ids, table().strength
    if f[STEP] == 0:
        f[STEP] = 1
        f.append([])
        if len(s.hands[owner]) >= HAND_LIMIT:
            return True
    picked = f[4]
    if f[STEP] == 1 and s.answer is not None:
        picked.append(table().index[answer(s)])
    if f[STEP] == 1:
        need = min(2, len(s.ante))
        while len(picked) < need:
            rest = [c for c in s.ante if c not in picked]
            low = min(strength[c] for c in rest)
            tied = [c for c in rest if strength[c] == low]
            if len(tied) > need - len(picked):
                return ask(s, owner, "bronze_pick", [ids[c] for c in tied], card=ids[f[CARD]])
            picked += tied
        f[STEP] = 2
        if len(picked) == 2 and len(s.hands[owner]) == HAND_LIMIT - 1:
            return ask(s, owner, "bronze_keep", [ids[c] for c in picked], card=ids[f[CARD]])
    if s.answer is not None:
        picked[:] = [table().index[answer(s)]]
    for c in picked:
        ante_to_hand(s, owner, c, events, "bronze")
    return True


@power("bronze")
def bronze(s, f, events) -> bool:
    return bronze_take(s, f, events)


# -- Copper -------------------------------------------------------------------------------------------------

@power("copper")
def copper(s, f, events) -> bool:
    """Discard this card, put the deck's top card in its place; that card's power triggers (R22, R23). The
    card is discarded before the draw, so a reshuffle from an empty deck includes it (S15)."""
    owner, card = f[OWNER], f[CARD]
    if f[STEP] == 1 or not in_flight(s, owner, card):
        return True
    f[STEP] = 1
    new = deck_replace(s, owner, card, events)
    return True if new == NO else replacement_trigger(s, owner, new, events)


def deck_replace(s, owner: int, old: int, events: list) -> int:
    """R22 for a deck replacement: `old` is discarded first, then the deck's top card (after a reshuffle
    that may bring `old` back) takes its place and its round-card role (H35). Returns it, or NO."""
    was_round_card = s.round_cards[owner] == old
    pos = discard_from_flight(s, owner, old, events, "replaced")
    new = pop_deck(s, events)
    if new >= 0:
        into_flight(s, owner, new, pos, "deck", events, "replace")
        if was_round_card:
            s.round_cards[owner] = new
    return new


# -- Gold, Silver -------------------------------------------------------------------------------------------

def draw_per_good_dragon(s, owner: int, events) -> None:
    for _ in range(good_dragons(s, owner)):
        if draw(s, owner, events) == NO:
            return


@power("gold")
def gold(s, f, events) -> bool:
    draw_per_good_dragon(s, f[OWNER], events)
    return True


def silver_draws(s, owner: int, events) -> None:
    """Each player with a good dragon in their flight draws one, starting with you (R2)."""
    for i in range(s.players):
        seat = (owner + i) % s.players
        if good_dragons(s, seat):
            draw(s, seat, events)


@power("silver")
def silver(s, f, events) -> bool:
    silver_draws(s, f[OWNER], events)
    return True


# -- Red, White (D4, D5) ------------------------------------------------------------------------------------

def extreme_opponent(s, f, strongest: bool):
    """R27: the opponent with the strongest (weakest) current flight; a tie is the owner's pick (D4/D5).
    Returns the seat, or None after asking."""
    owner = f[OWNER]
    if s.answer is not None:
        return answer(s)
    totals = {opp: current(s, opp) for opp in opponents(s, owner)}
    best = max(totals.values()) if strongest else min(totals.values())
    tied = [opp for opp, v in totals.items() if v == best]
    if len(tied) == 1:
        return tied[0]
    ask(s, owner, "strongest" if strongest else "weakest", tied, card=table().ids[f[CARD]])
    return None


def random_take(s, taker: int, victim: int, events) -> None:
    """§6.0: a card chosen uniformly from the victim's hand, told to the two players only."""
    hand = s.hands[victim]
    if hand and len(s.hands[taker]) < HAND_LIMIT:
        hand_to_hand(s, victim, taker, hand[s.rng.below(len(hand))], events, "random_take", public=False)


def strongest_pays(s, f, events, amount: int) -> bool:
    """Red (1) and Red Destroyer (10): the strongest opponent pays you, then you take a random card."""
    target = extreme_opponent(s, f, True)
    if target is None:
        return False
    owner = f[OWNER]
    note(events, "target", seat=owner, target=target)
    pay(s, target, amount, owner, events, "red")
    random_take(s, owner, target, events)
    return True


@power("red")
def red(s, f, events) -> bool:
    return strongest_pays(s, f, events, 1)


@power("white")
def white(s, f, events) -> bool:
    target = extreme_opponent(s, f, False)
    if target is None:
        return False
    note(events, "target", seat=f[OWNER], target=target)
    pay(s, target, 2, f[OWNER], events, "white")
    return True


@power("tiamat")
def tiamat(s, f, events) -> bool:
    """Tiamat has no power (§6.2): triggering it does nothing."""
    return True


__all__ = ["blue_mode", "give_or_pay", "bronze_take", "strongest_pays", "draw_per_good_dragon",
           "silver_draws", "random_take", "extreme_opponent"]
