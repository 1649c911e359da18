"""What the cards do: placing a card (R5), the ten suit abilities (§6), busts (R13), collects (R12) and
the traits that bend them. Every function mutates the state and appends events.

Abilities that need a choice either resolve at once (no option: R8; one option: R9) or leave a `Choice`
on the state and return; the player's answer comes back through `rules.apply`, which calls the matching
`resolve_*` here. Work left over after a nested resolution (Double Hook's second pick) waits on the
`state.after` stack, which `rules.settle` unwinds.
"""

from __future__ import annotations

from bisect import insort

from ...core import events as common
from ...core.events import Event
from .cards import SUIT_ORDER, SUIT_VALUES
from .state import (
    ANCHOR,
    CANNON,
    CHEST,
    HOOK,
    KEY,
    KRAKEN,
    MAP,
    MERMAID,
    NO,
    ORACLE,
    OVER,
    PLAY,
    SWORD,
    Choice,
)

VALUE = tuple(v for sid in SUIT_ORDER for v in SUIT_VALUES[sid])
CARD_ID = tuple(f"{SUIT_ORDER[c // 6]}_{VALUE[c]}" for c in range(60))
CARD_INDEX = {cid: c for c, cid in enumerate(CARD_ID)}

# Trait indexes (T01..T17 minus one), fixed by the spec and checked when the YAML is loaded.
(SHEET_ANCHOR, SCAVENGER, DUELIST, TREASURE_HUNTER, KRAKEN_CALLER, DOUBLE_HOOK, MERMAID_CHARMER, VULTURE,
 SABOTEUR, MYSTIC, IRONCLAD, PLUNDERER, KRAKEN_TAMER, MERMAID_COLLECTOR, GRAPNEL, NAVIGATOR,
 MASTER_GUNNER) = range(17)


def ev(kind: str, reveals: bool = False, **args) -> Event:
    # Events are built on every card move, also inside AI search: keep this as cheap as possible.
    return Event(kind, tuple(args.items()), None, (), reveals)


MAX_SEATS = 4
BANK_IDS = tuple(tuple(f"bank/{s}/{suit}" for suit in SUIT_ORDER) for s in range(MAX_SEATS))  # zones.py's ids


def bank_zone(seat: int, card: int) -> str:
    """The id of the zone of `seat`'s Suit Stack for `card`."""
    return BANK_IDS[seat][card // 6]


def moved(state, events, card, src: str, dst: str, why: str = "", reveals: bool = False):
    """A common "moved" event between zone ids; `seat` is the player whose turn moves it. The discard
    pile lies face down (its contents are public)."""
    events.append(common.moved(CARD_ID[card], src, dst, common.DOWN if dst == "discard" else common.UP, why,
                               reveals=reveals, seat=state.current))


# -- small queries ------------------------------------------------------------------------------------


def someone_else_holds(state, trait: int) -> bool:
    cur = state.current
    return any(t == trait for s, t in enumerate(state.traits) if s != cur)


def bank_add(state, seat: int, card: int) -> None:
    insort(state.banks[seat][card // 6], card)


def bank_size(state, seat: int) -> int:
    return sum(len(stack) for stack in state.banks[seat])


def score(state, seat: int) -> int:
    bank = state.banks[seat]
    total = sum(VALUE[stack[-1]] for stack in bank if stack)
    if state.traits[seat] == MERMAID_COLLECTOR:
        total += 5 * len(bank[MERMAID])
    return total


def hook_options(state) -> list[int]:
    return [s for s, stack in enumerate(state.banks[state.current]) if stack]


def cannon_options(state) -> list[tuple]:
    cur = state.current
    return [(o, s) for o in range(state.players) if o != cur
            for s, stack in enumerate(state.banks[o]) if stack]


def sword_options(state) -> list[tuple]:
    """§6.9: another's non-empty stack, not a suit in your Bank (unless Duelist), only a Kraken from an
    Ironclad, and not a suit in play when that option is on."""
    cur = state.current
    mine = state.banks[cur]
    duelist = state.traits[cur] == DUELIST
    in_play = {c // 6 for c in state.play} if state.options["sword_no_play_suit"] else ()
    out = []
    for o in range(state.players):
        if o == cur:
            continue
        ironclad = state.traits[o] == IRONCLAD
        for s, stack in enumerate(state.banks[o]):
            if not stack or (mine[s] and not duelist) or (ironclad and s != KRAKEN) or s in in_play:
                continue
            out.append((o, s))
    return out


def plunder_sources(state) -> list[int]:
    cur = state.current
    return [o for o in range(state.players) if o != cur and bank_size(state, o)]


# -- placing a card (R5) --------------------------------------------------------------------------------


def place(state, card: int, src: str, events, reveals: bool = False) -> None:
    """R5: `card` comes into play from the zone `src`."""
    cur = state.current
    suit = card // 6
    trait = state.traits[cur]
    if (suit == MERMAID and trait == MERMAID_CHARMER) or (suit == KRAKEN and trait == KRAKEN_TAMER):
        bank_add(state, cur, card)  # R5a: straight to the Bank, nothing else happens (H12, H13)
        moved(state, events, card, src, bank_zone(cur, card), "trait", reveals)
        return
    if any(c // 6 == suit for c in state.play):
        moved(state, events, card, src, "play", "bust", reveals)
        bust(state, card, events)
        return
    state.play.append(card)
    moved(state, events, card, src, "play", reveals=reveals)
    if state.owed > 0:
        state.owed -= 1  # H11: counted on entry, before the card's own ability
    ABILITIES[suit](state, card, events)


def offer(state, kind: str, options: list, resolve, card: int, events, cards=()) -> None:
    """R8: nothing to choose does nothing; R9: a single option is taken; otherwise ask the player."""
    if not options:
        events.append(ev("no_effect", card=CARD_ID[card], seat=state.current))
    elif len(options) == 1:
        resolve(state, options[0], events)
    else:
        state.choice = Choice(state.current, kind, list(cards))


# -- the suit abilities (§6) ----------------------------------------------------------------------------


def _nothing(state, card, events):
    pass


def kraken(state, card, events):
    state.owed = 4 if someone_else_holds(state, KRAKEN_CALLER) else 2
    events.append(ev("kraken", seat=state.current, owed=state.owed))


def oracle(state, card, events):
    count = min(3 if state.traits[state.current] == MYSTIC else 1, len(state.draw))
    if not count:
        events.append(ev("no_effect", card=CARD_ID[card], seat=state.current))
        return
    state.known = max(state.known, count)
    shown = [CARD_ID[c] for c in reversed(state.draw[-count:])]
    events.append(common.revealed(shown, "draw", why="oracle", seat=state.current))


def hook(state, card, events):
    options = hook_options(state)
    if options and state.traits[state.current] == DOUBLE_HOOK:
        state.after.append("hook2")
    offer(state, "hook", options, resolve_hook, card, events)


def resolve_hook(state, suit: int, events):
    cur = state.current
    taken = state.banks[cur][suit].pop()
    if state.hooked == NO:
        state.hooked = taken
    place(state, taken, bank_zone(cur, taken), events)


def cannon(state, card, events):
    if someone_else_holds(state, SABOTEUR):
        offer(state, "sabotage", hook_options(state), resolve_sabotage, card, events)
    else:
        offer(state, "cannon", cannon_options(state), resolve_cannon, card, events)


def resolve_cannon(state, target: tuple, events):
    victim, suit = target
    stack = state.banks[victim][suit]
    cur = state.current
    trait = state.traits[cur]
    hit = stack[:] if trait == MASTER_GUNNER else [stack[-1]]
    del stack[len(stack) - len(hit):]
    events.append(ev("cannon", seat=cur, target=victim, suit=SUIT_ORDER[suit]))
    for c in reversed(hit):
        if trait == SCAVENGER:
            bank_add(state, cur, c)  # T02: banked, never placed (H25)
            moved(state, events, c, bank_zone(victim, c), bank_zone(cur, c), "scavenger")
        else:
            state.discard.append(c)
            moved(state, events, c, bank_zone(victim, c), "discard", "cannon")


def resolve_sabotage(state, suit: int, events):
    cur = state.current
    c = state.banks[cur][suit].pop()
    state.discard.append(c)
    events.append(ev("sabotage", seat=cur, suit=SUIT_ORDER[suit]))
    moved(state, events, c, bank_zone(cur, c), "discard", "sabotage")


def sword(state, card, events):
    offer(state, "sword", sword_options(state), resolve_sword, card, events)


def resolve_sword(state, target: tuple, events):
    victim, suit = target
    taken = state.banks[victim][suit].pop()
    events.append(ev("sword", seat=state.current, target=victim, suit=SUIT_ORDER[suit]))
    place(state, taken, bank_zone(victim, taken), events)


def map_(state, card, events):
    if not state.discard:
        events.append(ev("no_effect", card=CARD_ID[card], seat=state.current))
    elif state.traits[state.current] == NAVIGATOR:
        options = sorted(state.discard)  # T16: any card; the contents are public (H35)
        offer(state, "navigate", options, resolve_navigate, card, events, cards=options)
    else:
        count = min(3, len(state.discard))
        shown = [state.discard.pop(state.rng.below(len(state.discard))) for _ in range(count)]
        for c in shown:
            moved(state, events, c, "discard", "reveal", "map", reveals=True)
        if count == 1:
            resolve_map(state, shown[0], events, shown)
        else:
            state.choice = Choice(state.current, "map", shown)


def resolve_map(state, card: int, events, shown: list):
    for c in shown:
        if c != card:
            state.discard.append(c)
            moved(state, events, c, "reveal", "discard", "map_return")
    place(state, card, "reveal", events)


def resolve_navigate(state, card: int, events):
    state.discard.remove(card)
    place(state, card, "discard", events)


ABILITIES = {ANCHOR: _nothing, CANNON: cannon, CHEST: _nothing, HOOK: hook, KEY: _nothing, KRAKEN: kraken,
             MAP: map_, MERMAID: _nothing, ORACLE: oracle, SWORD: sword}


# -- ending a turn ----------------------------------------------------------------------------------------


def kept_on_bust(state, busting: int) -> tuple[list, bool]:
    """R13: the Play Area cards kept (union of Anchor, Sheet Anchor, Grapnel) and whether the busting card
    itself is kept (only Grapnel's hooked card)."""
    play = state.play
    trait = state.traits[state.current]
    keep = set()
    for i, c in enumerate(play):
        if c // 6 == ANCHOR:
            keep.update(range(i))
            if trait == SHEET_ANCHOR:
                keep.update(range(i, min(i + 3, len(play))))
        elif c // 6 == HOOK and trait == GRAPNEL:
            keep.update(range(i))
            if state.hooked in play:
                keep.add(play.index(state.hooked))
    busting_kept = trait == GRAPNEL and state.hooked == busting and any(c // 6 == HOOK for c in play)
    return [play[i] for i in sorted(keep)], busting_kept


def bust(state, busting: int, events):
    cur = state.current
    kept, busting_kept = kept_on_bust(state, busting)
    lost = [c for c in state.play if c not in kept]
    if busting_kept:
        kept.append(busting)
    else:
        lost.append(busting)
    events.append(ev("bust", card=CARD_ID[busting], seat=cur, kept=len(kept), lost=len(lost)))
    for c in kept:
        bank_add(state, cur, c)
        moved(state, events, c, "play", bank_zone(cur, c), "kept")
    vulture = next((s for s, t in enumerate(state.traits) if t == VULTURE and s != cur and state.mark == cur),
                   NO)
    for c in lost:
        if vulture != NO:
            bank_add(state, vulture, c)
            moved(state, events, c, "play", bank_zone(vulture, c), "vulture")
        else:
            state.discard.append(c)
            moved(state, events, c, "play", "discard", "bust")
    state.play = []
    end_turn(state, events)


def collect(state, events):
    cur = state.current
    cards = state.play
    count = len(cards)
    suits = {c // 6 for c in cards}
    for c in cards:
        bank_add(state, cur, c)
        moved(state, events, c, "play", bank_zone(cur, c), "collect")
    events.append(ev("collect", seat=cur, count=count))
    state.play = []
    if KEY in suits and CHEST in suits:
        if state.traits[cur] == PLUNDERER:
            sources = plunder_sources(state)
            if len(sources) > 1:
                state.choice = Choice(cur, "plunder", [count])
                return  # the turn ends once the source is chosen
            if sources:
                plunder(state, sources[0], count, events)
        else:
            bonus_from_discard(state, count, events)
    end_turn(state, events)


def bonus_from_discard(state, count: int, events):
    wanted = count * 3 if state.traits[state.current] == TREASURE_HUNTER else count
    cur = state.current
    taken = 0
    while taken < wanted and state.discard:
        c = state.discard.pop(state.rng.below(len(state.discard)))
        bank_add(state, cur, c)
        moved(state, events, c, "discard", bank_zone(cur, c), "bonus", reveals=True)
        taken += 1
    events.append(ev("bonus", seat=cur, count=taken, source=NO))


def plunder(state, victim: int, count: int, events):
    """T12: N cards at random from all of one other Bank (any depth, H17)."""
    cur = state.current
    taken = 0
    while taken < count and bank_size(state, victim):
        pool = [c for stack in state.banks[victim] for c in stack]
        c = pool[state.rng.below(len(pool))]
        state.banks[victim][c // 6].remove(c)
        bank_add(state, cur, c)
        moved(state, events, c, bank_zone(victim, c), bank_zone(cur, c), "plunder", reveals=True)
        taken += 1
    events.append(ev("bonus", seat=cur, count=taken, source=victim))


def end_turn(state, events):
    """R18: the next seat's turn, or the end of the game when the Draw Pile is empty."""
    state.play, state.owed, state.hooked, state.after, state.choice = [], 0, NO, [], None
    if not state.draw:
        state.phase = OVER
        events.append(ev("game_over", scores=tuple(score(state, s) for s in range(state.players))))
        return
    state.current = (state.current + 1) % state.players
    state.turn += 1
    start_turn(state, events)


def start_turn(state, events):
    state.phase = PLAY
    events.append(common.turn_started(state.current, state.turn))
    state.choice = Choice(state.current, "draw")  # R2: the first Draw cannot be declined
