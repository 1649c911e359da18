"""The fifteen Legendary Dragons' powers (§6.2). Most are a standard power with other amounts (colours.py
gives the building blocks); the Wyrmlings, the Copper Trickster and the Silver Seer have decisions of
their own. Tiamat has no power (its empty resolver is in colours.py); Bahamut's and Tiamat's Dragon God
text is not a power at all and is read by flights.barred (R17, R43).

"This card" is f[CARD]: when the Prophet copies one of these powers it is the Prophet (strength 10), which
is how the Brass Sultan's and Green Schemer's thresholds become 10 (§6.3) and how a copied Wyrmling or
Trickster works around the Prophet."""

from __future__ import annotations

from ....core import events as common
from ..cards import EVIL, GOOD, table
from ..flights import current, mixed
from ..moves import (
    HAND_LIMIT,
    pay,
    reveal_from_deck,
    take_from_hand,
    take_stakes,
    to_discard,
)
from ..state import NO
from ..zones import HAND_IDS
from . import (
    CARD,
    OWNER,
    STEP,
    answer,
    ask,
    in_flight,
    left,
    note,
    opponents,
    power,
    push,
    replace_in_flight,
    replacement_trigger,
    right,
)
from .colours import (
    blue_mode,
    bronze_take,
    deck_replace,
    draw_per_good_dragon,
    give_or_pay,
    silver_draws,
    strongest_pays,
)

DECLINE = "decline"
SEER_LOOK = 3
RAIDER_FIRST = 2  # the Black Raider's left opponent pays 2, the next 3, and so on


@power("bahamut")
def bahamut(s, f, events) -> bool:
    """Each opponent whose flight holds a good and an evil dragon pays you 10 (R2 order)."""
    owner = f[OWNER]
    for opp in opponents(s, owner):
        if mixed(s, opp):
            pay(s, opp, 10, owner, events, "bahamut")
    return True


@power("black_raider")
def black_raider(s, f, events) -> bool:
    """Take 1 from the stakes (if that empties them, R42: nobody pays); then the k-th opponent pays k+1."""
    owner = f[OWNER]
    if take_stakes(s, owner, 1, events, "black_raider"):
        return True
    for k, opp in enumerate(opponents(s, owner)):
        pay(s, opp, RAIDER_FIRST + k, owner, events, "black_raider")
    return True


@power("blue_overlord")
def blue_overlord(s, f, events) -> bool:
    return blue_mode(s, f, events, 2)


def neighbours_give_or_pay(s, f, align: int) -> bool:
    """D7/D9: the left opponent, then the right one (the same opponent twice with 2 players), each gives a
    dragon past this card's strength or pays 5."""
    owner, card = f[OWNER], f[CARD]
    askers = (left(s, owner), right(s, owner))
    if f[STEP] < len(askers):
        opponent = askers[f[STEP]]
        f[STEP] += 1
        return push(s, give_or_pay(owner, card, opponent, align, table().strength[card]))
    return True


@power("brass_sultan")
def brass_sultan(s, f, events) -> bool:
    return neighbours_give_or_pay(s, f, GOOD)


@power("green_schemer")
def green_schemer(s, f, events) -> bool:
    return neighbours_give_or_pay(s, f, EVIL)


@power("bronze_warlord")
def bronze_warlord(s, f, events) -> bool:
    """As Bronze (D10, D11), then the demand for a round 4 (R41), recorded even when nothing was taken."""
    if not bronze_take(s, f, events):
        return False
    s.warlord[f[OWNER]] = 1
    note(events, "effect_recorded", seat=f[OWNER], effect="bronze_warlord")
    return True


@power("dracolich")
def dracolich(s, f, events) -> bool:
    """+2 per evil dragon at scoring, per trigger (R26, H25); flights.scoring reads s.dracolich."""
    s.dracolich[f[OWNER]] += 1
    note(events, "effect_recorded", seat=f[OWNER], effect="dracolich")
    return True


@power("gold_monarch")
def gold_monarch(s, f, events) -> bool:
    """As Gold; then 3 gold to each opponent if you win, per trigger (R44, read by flow._winner)."""
    draw_per_good_dragon(s, f[OWNER], events)
    s.monarch[f[OWNER]] += 1
    note(events, "effect_recorded", seat=f[OWNER], effect="gold_monarch")
    return True


@power("red_destroyer")
def red_destroyer(s, f, events) -> bool:
    return strongest_pays(s, f, events, 10)


@power("white_hunter")
def white_hunter(s, f, events) -> bool:
    """Each opponent whose current flight is weaker than yours pays you 3 (ties do not pay)."""
    owner = f[OWNER]
    mine = current(s, owner)
    for opp in opponents(s, owner):
        if current(s, opp) < mine:
            pay(s, opp, 3, owner, events, "white_hunter")
    return True


# -- the Wyrmlings (D14, D15) -------------------------------------------------------------------------------

def wyrmling(s, f, events, align: int) -> bool:
    """You may put a dragon of `align` from your hand in this card's place; its power triggers (R22, R23).
    Tiamat triggers like any other card, with no power (§6.2): nothing happens."""
    owner, card = f[OWNER], f[CARD]
    t = table()
    if f[STEP] == 0:
        f[STEP] = 1
        options = sorted({t.ids[c] for c in s.hands[owner] if t.dragon[c] and t.align[c] == align})
        if not options or not in_flight(s, owner, card):
            return True
        return ask(s, owner, "wyrmling", [DECLINE] + options, card=t.ids[card])
    choice = answer(s)
    if choice == DECLINE or not in_flight(s, owner, card):
        return True
    new = take_from_hand(s, owner, t.index[choice])
    replace_in_flight(s, owner, card, new, HAND_IDS[owner], events, "replace")
    return replacement_trigger(s, owner, new, events)


@power("chromatic_wyrmling")
def chromatic_wyrmling(s, f, events) -> bool:
    return wyrmling(s, f, events, EVIL)


@power("metallic_wyrmling")
def metallic_wyrmling(s, f, events) -> bool:
    return wyrmling(s, f, events, GOOD)


# -- Copper Trickster (D12, D13) ----------------------------------------------------------------------------

TRIGGER, SKIP = "trigger", "skip"


@power("copper_trickster")
def copper_trickster(s, f, events) -> bool:
    """D12: another card of your flight (mandatory) is replaced from the deck; D13: you may trigger the new
    card (mandatory under your Archmage effect, H18). f[4] holds the new card."""
    owner, card = f[OWNER], f[CARD]
    ids = table().ids
    if f[STEP] == 0:
        f[STEP] = 1
        targets = [c for c in s.flights[owner] if c != card]
        if len(targets) > 1:
            return ask(s, owner, "trickster_target", [ids[c] for c in targets], card=ids[card])
        if not targets:
            return True
        s.answer = ids[targets[0]]
    if f[STEP] == 1:
        f[STEP] = 2
        new = deck_replace(s, owner, table().index[answer(s)], events)
        f.append(new)
        if new < 0:
            return True
        if not s.archmage[owner]:
            return ask(s, owner, "trickster_trigger", [TRIGGER, SKIP], card=ids[card], new=ids[new])
        s.answer = TRIGGER
    if f[STEP] == 2:
        f[STEP] = 3
        if answer(s) == TRIGGER:
            return replacement_trigger(s, owner, f[4], events)
    return True


# -- Silver Seer (D16, H16) ---------------------------------------------------------------------------------

@power("silver_seer")
def silver_seer(s, f, events) -> bool:
    """As Silver; then look at the deck's top 3 in secret (the reveal zone, shown to you alone), keep one and
    discard the others. With a full hand the kept card goes back on top of the deck, and only you know it.
    f[4] holds the cards looked at (the reveal zone may also hold a Sorcerer's leftovers, §6.3)."""
    owner, card = f[OWNER], f[CARD]
    ids = table().ids
    if f[STEP] == 0:
        f[STEP] = 1
        silver_draws(s, owner, events)
        looked = look_at_top(s, owner, events)
        f.append(looked)
        if not looked:
            return True
        return ask(s, owner, "seer_keep", [ids[c] for c in looked], secret=True, card=ids[card])
    looked = f[4]
    kept = table().index[answer(s)]
    for c in looked:
        s.reveal.remove(c)
    s.reveal_owner = NO
    if len(s.hands[owner]) < HAND_LIMIT:
        s.hands[owner].append(kept)
        events.append(common.moved(ids[kept], "reveal", HAND_IDS[owner], common.DOWN, "seer_keep",
                                   visible_to=(owner,), seat=owner))
    else:  # H16
        s.deck.append(kept)
        s.deck_known = [owner, kept]
        events.append(common.moved(ids[kept], "reveal", "deck", common.DOWN, "seer_back", visible_to=(owner,),
                                   seat=owner))
    for c in looked:
        if c != kept:
            to_discard(s, c, "reveal", events, "seer_discard", seat=owner)
    return True


def look_at_top(s, owner: int, events: list) -> list:
    """Up to 3 cards from the deck into the reveal zone, seen by `owner` only (R35 reshuffles on the way).
    A Sorcerer's public leftovers there are hidden from the others meanwhile: nothing leaks, and they are
    public knowledge already."""
    looked = []
    for _ in range(SEER_LOOK):
        c = reveal_from_deck(s, owner, events)
        if c < 0:
            break
        looked.append(c)
    return looked


__all__ = ["DECLINE", "TRIGGER", "SKIP", "wyrmling", "neighbours_give_or_pay"]
