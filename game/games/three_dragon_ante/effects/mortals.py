"""The fifteen Mortals' powers (§6.3). The gambit-long ones only record an effect (R24) that the flow reads:
the Archmage (flow._play), the Druid (flights.candidates), the Priest (flow._winner), the Merchant Prince
(moves.payee), and the Dragonrider's and Wyrmpriest's marks (flights.scoring, flights.card_colours)."""

from __future__ import annotations

from ....core import events as common
from ..cards import GOOD, table
from ..flights import current, mixed
from ..moves import discard_from_flight, discard_from_hand, draw, pay, reveal_from_deck, reveal_in_hand, take_stakes
from ..state import NO
from ..zones import FLIGHT_IDS
from . import (
    CARD,
    OWNER,
    STEP,
    answer,
    ask,
    in_flight,
    note,
    opponents,
    power,
    replace_in_flight,
    replacement_trigger,
    trigger,
)
from .colours import random_take
from .legendary import DECLINE

DONE = "done"
SORCERER_REVEAL = 3


# -- gambit effects and marks (R24) -------------------------------------------------------------------------

@power("archmage")
def archmage(s, f, events) -> bool:
    """Every card you play from now on triggers (R15 condition 2); the effect stays yours (H18)."""
    s.archmage[f[OWNER]] = 1
    note(events, "effect_recorded", seat=f[OWNER], effect="archmage")
    return True


@power("druid")
def druid(s, f, events) -> bool:
    s.druid = True
    note(events, "effect_recorded", seat=f[OWNER], effect="druid")
    return True


@power("priest")
def priest(s, f, events) -> bool:
    s.priest = True
    note(events, "effect_recorded", seat=f[OWNER], effect="priest")
    return True


@power("merchant_prince")
def merchant_prince(s, f, events) -> bool:
    """Purchases pay the payee: the player whose flight holds this card (moves.payee follows it, H19)."""
    s.payee = f[OWNER]
    note(events, "effect_recorded", seat=f[OWNER], effect="merchant_prince")
    return True


def mark(s, f, events) -> bool:
    """The Dragonrider (R26) and the Wyrmpriest (R28): this card is marked while it stays in a flight."""
    card = f[CARD]
    if in_flight(s, f[OWNER], card) and card not in s.marks:
        s.marks.append(card)
        note(events, "marked", seat=f[OWNER], card=table().ids[card])
    return True


power("dragonrider")(mark)
power("wyrmpriest")(mark)


# -- gold and cards -----------------------------------------------------------------------------------------

@power("thief")
def thief(s, f, events) -> bool:
    take_stakes(s, f[OWNER], 7, events, "thief")
    return True


@power("fool")
def fool(s, f, events) -> bool:
    """Draw one card per opponent whose current flight is stronger than yours (ties do not count)."""
    owner = f[OWNER]
    mine = current(s, owner)
    for _ in range(sum(1 for opp in opponents(s, owner) if current(s, opp) > mine)):
        if draw(s, owner, events) < 0:
            break
    return True


@power("queen")
def queen(s, f, events) -> bool:
    """Each opponent with a good and an evil dragon pays you 5, then you take a random card from them."""
    owner = f[OWNER]
    for opp in opponents(s, owner):
        if mixed(s, opp):
            pay(s, opp, 5, owner, events, "queen")
            random_take(s, owner, opp, events)
    return True


@power("kobold")
def kobold(s, f, events) -> bool:
    """D19, asked one card at a time in secret ("done" ends it): the chosen cards are discarded face up
    together, then as many are drawn. f[4] holds the cards chosen so far."""
    owner = f[OWNER]
    ids = table().ids
    if f[STEP] == 0:
        f[STEP] = 1
        f.append([])
        if not s.hands[owner]:
            return True
    else:
        choice = answer(s)
        if choice == DONE:
            chosen = f[4]
            for c in chosen:
                discard_from_hand(s, owner, c, events, "kobold")
            for _ in chosen:
                if draw(s, owner, events) < 0:
                    break
            return True
        f[4].append(table().index[choice])
    rest = sorted({ids[c] for c in s.hands[owner] if c not in f[4]})
    return ask(s, owner, "kobold", [DONE] + rest, secret=True, card=ids[f[CARD]])


# -- the flights --------------------------------------------------------------------------------------------

@power("dragonslayer")
def dragonslayer(s, f, events) -> bool:
    """D17 (H30): discard a dragon weaker than this card (8) from any flight, yours included; mandatory."""
    t = table()
    if f[STEP] == 0:
        f[STEP] = 1
        limit = t.strength[f[CARD]]
        targets = [c for flight in s.flights for c in flight if t.dragon[c] and t.strength[c] < limit]
        if len(targets) > 1:
            return ask(s, f[OWNER], "dragonslayer", [t.ids[c] for c in targets], card=t.ids[f[CARD]])
        if not targets:
            return True
        s.answer = t.ids[targets[0]]
    victim = t.index[answer(s)]
    holder = next(seat for seat, flight in enumerate(s.flights) if victim in flight)
    discard_from_flight(s, holder, victim, events, "dragonslayer")
    return True


@power("illusionist")
def illusionist(s, f, events) -> bool:
    """D18: you may swap this card with a Mortal in an opponent's flight; the Mortal you receive triggers for
    you (R23). Round cards follow the positions (R14); marks and the Merchant Prince's payee follow the
    cards; gambit effects stay with their owners."""
    owner, card = f[OWNER], f[CARD]
    t = table()
    if f[STEP] == 0:
        f[STEP] = 1
        options = [t.ids[c] for opp in opponents(s, owner) for c in s.flights[opp] if t.mortal[c]]
        if not options or not in_flight(s, owner, card):
            return True
        return ask(s, owner, "illusionist", [DECLINE] + options, card=t.ids[card])
    choice = answer(s)
    if choice == DECLINE or not in_flight(s, owner, card):
        return True
    mortal = t.index[choice]
    opp = next(seat for seat, flight in enumerate(s.flights) if mortal in flight)
    swap(s, owner, card, opp, mortal, events)
    return replacement_trigger(s, owner, mortal, events)


def swap(s, a: int, card_a: int, b: int, card_b: int, events: list) -> None:
    """Two cards trade places between flights a and b; each position keeps its round-card role (R14)."""
    ids = table().ids
    fa, fb = s.flights[a], s.flights[b]
    i, j = fa.index(card_a), fb.index(card_b)
    fa[i], fb[j] = card_b, card_a
    if s.round_cards[a] == card_a:
        s.round_cards[a] = card_b
    if s.round_cards[b] == card_b:
        s.round_cards[b] = card_a
    events.append(common.moved(ids[card_a], FLIGHT_IDS[a], FLIGHT_IDS[b], common.UP, "swap", seat=b, giver=a))
    events.append(common.moved(ids[card_b], FLIGHT_IDS[b], FLIGHT_IDS[a], common.UP, "swap", seat=a, giver=b))


@power("princess")
def princess(s, f, events) -> bool:
    """D20: the good dragons in your flight now trigger one at a time, in the order you choose; one that has
    left your flight meanwhile is skipped, one that joined is not added. f[4]: the list, f[5]: used."""
    owner = f[OWNER]
    t = table()
    if f[STEP] == 0:
        f[STEP] = 1
        f.append([c for c in s.flights[owner] if t.dragon[c] and t.align[c] == GOOD])
        f.append([])
    if f[STEP] == 2:
        f[STEP] = 1
        return fire(s, f, t.index[answer(s)])
    waiting = [c for c in f[4] if c not in f[5] and in_flight(s, owner, c)]
    if not waiting:
        return True
    if len(waiting) == 1:
        return fire(s, f, waiting[0])
    f[STEP] = 2
    return ask(s, owner, "princess", [t.ids[c] for c in waiting], card=t.ids[f[CARD]])


def fire(s, f, dragon: int) -> bool:
    f[5].append(dragon)
    return trigger(s, f[OWNER], dragon)


@power("prophet")
def prophet(s, f, events) -> bool:
    """D21 (H24): you may reveal a dragon from your hand other than Tiamat and resolve its power as this
    card's; the dragon stays in your hand, publicly known to be there."""
    owner, card = f[OWNER], f[CARD]
    t = table()
    if f[STEP] == 0:
        f[STEP] = 1
        options = sorted({t.ids[c] for c in s.hands[owner] if t.dragon[c] and t.effect[c] != "tiamat"})
        if not options:
            return True
        return ask(s, owner, "prophet", [DECLINE] + options, card=t.ids[card])
    if f[STEP] == 2:
        return True
    f[STEP] = 2
    choice = answer(s)
    if choice == DECLINE:
        return True
    dragon = t.index[choice]
    reveal_in_hand(s, owner, dragon, events, "prophet")
    note(events, "copies", seat=owner, card=choice)
    return trigger(s, owner, card, t.effect[dragon])


@power("sorcerer")
def sorcerer(s, f, events) -> bool:
    """D22: reveal the deck's top 3 to everyone; the chosen one replaces this card and triggers (R23); only
    when everything that caused has resolved do the others join the ante (S26). f[4]: the leftovers."""
    owner, card = f[OWNER], f[CARD]
    ids = table().ids
    if f[STEP] == 0:
        f[STEP] = 1
        revealed = []
        for _ in range(SORCERER_REVEAL):
            c = reveal_from_deck(s, NO, events)
            if c < 0:
                break
            revealed.append(c)
        f.append(revealed)
        if not revealed:
            return True
        if len(revealed) > 1:
            return ask(s, owner, "sorcerer", [ids[c] for c in revealed], card=ids[card])
        s.answer = ids[revealed[0]]
    if f[STEP] == 1:
        f[STEP] = 2
        chosen = table().index[answer(s)]
        f[4].remove(chosen)
        s.reveal.remove(chosen)
        replace_in_flight(s, owner, card, chosen, "reveal", events, "replace")  # the chosen one: the round card
        return replacement_trigger(s, owner, chosen, events)
    for c in f[4]:
        s.reveal.remove(c)
        s.ante.append(c)
        events.append(common.moved(ids[c], "reveal", "ante", common.UP, "sorcerer_ante", seat=owner))
    return True


__all__ = ["DONE", "swap", "mark"]
