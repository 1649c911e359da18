"""The flow of a gambit (§5.2–§5.11) as frames on the state's stack, run by the same engine as the powers
(effects/__init__.py): the gambit itself (bottom frame), a turn (R13), the special-flight check (R28–R31)
and the strength flight's ante picks (D23)."""

from __future__ import annotations

from functools import cache

from ...core import events as common
from ...core.events import Event
from .cards import table
from .effects import STEP, answer, ask, note, opponents, push, trigger
from .flights import candidates, colour_reward, next_leader, strength_reward
from .moves import ante_to_hand, draw, forget, into_flight, pay, purchase, show, take_stakes, to_discard
from .state import ANTE, NO, OVER, PLAY
from .zones import HAND_IDS

MAX_GAMBITS = 200  # H33
ANTE_FAILS_STAND = 10  # H14: the 10th consecutive failure stands
# The gambit frame's steps.
START, ANTE_ASK, ANTE_REVEAL, ROUND_START, TURN_DONE, SCORED, WINNER = range(7)


def gambit(s, f, events) -> bool:
    while True:
        step = f[STEP]
        if step == START:
            _reset_gambit(s, events)
            f[STEP] = ANTE_ASK
        elif step == ANTE_ASK:
            f[STEP] = ANTE_REVEAL
            return _ask_ante(s, events)
        elif step == ANTE_REVEAL:
            f[STEP] = ROUND_START if _reveal_ante(s, events) else ANTE_ASK
        elif step == ROUND_START:
            _start_round(s, events)
            f[STEP] = TURN_DONE
            return push(s, ["turn", 0, s.current, NO])
        elif step == TURN_DONE:
            s.turns += 1
            if s.turns < s.players:
                s.current = (s.current + 1) % s.players
                return push(s, ["turn", 0, s.current, NO])
            if s.round < 3:
                f[STEP] = ROUND_START
                continue
            f[STEP] = SCORED  # R39: strength flights at scoring strengths, from this round's leader
            return push(s, ["flights", 0, s.leader, NO, 0, True])
        elif step == SCORED:
            f[STEP] = _scoring_check(s, events)
        else:
            _winner(s, events)
            _clean_up(s, events)
            if _settle(s, events):
                return True
            _draw_step(s, events)
            f[STEP] = START


def stop_rounds(s, events) -> None:
    """R42: the stakes are empty; every frame above the gambit is cancelled, the Sorcerer's leftovers are
    discarded, and the gambit goes to Step 3."""
    del s.stack[1:]
    s.ask = []
    s.answer = None
    _reveal_to_discard(s, events)
    s.stack[0][STEP] = WINNER


def _reset_gambit(s, events) -> None:
    """R6."""
    n = s.players
    s.stakes = 0
    s.round = 0
    s.fails = 0
    s.stopped = s.split = False
    s.winner = NO
    s.round_cards = [NO] * n
    s.archmage, s.warlord, s.monarch, s.dracolich = [0] * n, [0] * n, [0] * n, [0] * n
    s.colour_paid, s.strength_paid = [0] * n, [0] * n
    s.checked = [[] for _ in range(n)]
    s.druid = s.priest = False
    s.payee = NO
    s.marks = []
    note(events, "gambit", number=s.gambit, start=s.start)


def _clockwise(s, first: int) -> tuple:
    return _CLOCKWISE[s.players][first]


# Every seat in turn order from a first seat, by player count: _CLOCKWISE[n][first].
_CLOCKWISE = [[tuple((first + i) % n for i in range(n)) for first in range(max(n, 1))] for n in range(7)]


def _ask_ante(s, events) -> bool:
    """R7, H9: a player with no card buys first; then every player with a card seals one (D1)."""
    for seat in _clockwise(s, s.start):
        if not s.hands[seat]:
            purchase(s, seat, events)
    s.sealed = [NO if hand else -2 for hand in s.hands]
    s.phase = ANTE
    s.turn_serial += 1
    s.ask = [NO, "ante", [], [], True]
    return False


def _reveal_ante(s, events) -> bool:
    """R7–R10: reveal; an all-tied ante fails (R8) unless it is the 10th in a row (H14); else stakes and
    leader. Returns whether the ante stood."""
    s.phase = PLAY
    strength, ids = table().strength, table().ids
    anted = {}
    for seat in range(s.players):
        card = s.sealed[seat]
        if card >= 0:
            s.hands[seat].remove(card)
            forget(s, card)
            s.ante.append(card)
            show(s, card)
            anted[seat] = card
            events.append(common.moved(ids[card], HAND_IDS[seat], "ante", common.UP, "ante", seat=seat))
    s.sealed = []
    values = [strength[c] for c in anted.values()]
    unique = [v for v in values if values.count(v) == 1]
    if not unique and values and s.fails < ANTE_FAILS_STAND - 1:
        s.fails += 1
        note(events, "ante_failed", count=s.fails)
        for card in list(s.ante):
            s.ante.remove(card)
            to_discard(s, card, "ante", events, "ante_failed")
        for seat in _clockwise(s, s.start):
            draw(s, seat, events)
        return False
    top = max(values, default=0)
    order = _clockwise(s, s.start)
    if unique:
        leader = next(seat for seat, c in anted.items() if strength[c] == max(unique))
    else:  # H14 (or nobody could ante at all): the first clockwise from the start player who anted the top
        leader = next((seat for seat in order if seat in anted and strength[anted[seat]] == top), s.start)
    note(events, "ante_stands", stakes=top, leader=leader)
    for seat in order:
        pay(s, seat, top, None, events, "ante")  # R9
    s.leader = leader
    return True


def _start_round(s, events) -> None:
    if s.round:
        s.leader = next_leader(s)  # R38, from the round cards of the round that ended
    s.round += 1
    s.round_cards = [NO] * s.players
    s.turns = 0
    s.played_any = False
    s.current = s.leader
    note(events, "round", number=s.round, leader=s.leader)


def turn(s, f, events) -> bool:
    """R13: a. start-of-turn purchase; b. play (D2); c. trigger (R15); d. special flights; e. purchases."""
    seat = f[2]
    step = f[STEP]
    if step == 0:
        s.turn_serial += 1
        s.chain = 0
        events.append(common.turn_started(seat, s.turn_serial))
        if len(s.hands[seat]) <= 1:
            purchase(s, seat, events)
        if not s.hands[seat]:
            note(events, "turn_skipped", seat=seat)  # H12
            return True
        f[STEP] = 1
    if f[STEP] == 1:
        f[STEP] = 2
        return ask(s, seat, "play", _hand_options(s, seat))
    if f[STEP] == 2:
        card = table().index[answer(s)]
        f[STEP] = 3
        if _play(s, seat, card, events):
            return trigger(s, seat, card)
    if f[STEP] == 3:
        f[STEP] = 4
        if max(map(len, s.flights)) >= 3:  # no special flight has fewer cards (R28, R29)
            check = ["flights", 0, seat, NO, 0, False]
            if not special_flights(s, check, events):  # paused for ante picks: the check resumes after them
                s.stack.insert(-1, check)
                return False
            if s.stopped:
                return True
    for other in _clockwise(s, seat):  # e. (H10: after the rewards)
        if not s.hands[other]:
            purchase(s, other, events)
    return True


def _hand_options(s, seat: int) -> list:
    ids = table().ids
    return sorted([ids[c] for c in s.hands[seat]])


def _play(s, seat: int, card: int, events) -> bool:
    """R13b and R15: the card goes to the right end of the flight; returns whether it triggers."""
    strength = table().strength
    s.hands[seat].remove(card)
    forget(s, card)
    into_flight(s, seat, card, len(s.flights[seat]), HAND_IDS[seat], events, "play")
    first = not s.played_any
    s.played_any = True
    s.round_cards[seat] = card
    previous = s.round_cards[(seat - 1) % s.players]
    fires = first or bool(s.archmage[seat]) or (previous >= 0 and strength[card] <= strength[previous])
    events.append(_trigger_event(fires, seat, card))
    return fires


@cache
def _trigger_event(fires: bool, seat: int, card: int):
    return Event("triggers" if fires else "no_trigger", (("seat", seat), ("card", table().ids[card])))


def special_flights(s, f, events) -> bool:
    """R30: for each player clockwise from f[2]: the colour reward, then the strength reward (R31); at a
    scoring check (f[5]) strength flights only, at scoring strengths. f[4] counts the players done."""
    active, at_scoring = f[2], f[5]
    while f[4] < s.players:
        seat = (active + f[4]) % s.players
        f[4] += 1
        if not at_scoring:
            # During play a flight unchanged since its last check cannot earn anything new (its marks only
            # change when a card enters it).
            flight = s.flights[seat]
            if s.checked[seat] == flight:
                continue
            s.checked[seat] = flight[:]
        if not at_scoring and not s.colour_paid[seat]:
            g = colour_reward(s, seat)
            if g:
                s.colour_paid[seat] = 1
                note(events, "colour_flight", seat=seat, amount=g)
                for opp in opponents(s, seat):
                    pay(s, opp, g, seat, events, "colour_flight")
        if not s.strength_paid[seat]:
            value = strength_reward(s, seat, at_scoring)
            if value:
                s.strength_paid[seat] = 1
                note(events, "strength_flight", seat=seat, strength=value)
                if take_stakes(s, seat, value, events, "strength_flight"):
                    return True
                if s.ante:
                    return push(s, ["ante_pick", 0, seat, NO, 2])
    return True


def ante_pick(s, f, events) -> bool:
    """R29 step 3 (D23): up to 2 ante cards of the player's choice, one at a time (not into a full hand)."""
    seat = f[2]
    if s.answer is not None:
        ante_to_hand(s, seat, table().index[answer(s)], events, "strength_flight")
        f[4] -= 1
    while f[4] > 0 and s.ante and len(s.hands[seat]) < 10:
        if len(s.ante) > 1:
            return ask(s, seat, "ante_pick", [table().ids[c] for c in s.ante])
        ante_to_hand(s, seat, s.ante[0], events, "strength_flight")
        f[4] -= 1
    return True


def _scoring_check(s, events) -> int:
    """R39–R41 and H12: the gambit frame's next step."""
    cands = candidates(s)
    if len(cands) == 1:
        demand = s.round == 3 and any(s.warlord[seat] for seat in range(s.players) if seat != cands[0])
        if not demand:
            return WINNER
        note(events, "warlord_demand")
    elif not s.played_any:  # H12: a whole round without a card and still tied
        note(events, "no_cards_split", seats=tuple(cands))
        _split(s, cands, events)
        return WINNER
    note(events, "extra_round", seats=tuple(cands))
    return ROUND_START


def _split(s, cands: list, events) -> None:
    """H12: the tied candidates split the stakes evenly; the remainder goes to the first of them clockwise
    from the start player."""
    share, rest = divmod(s.stakes, len(cands))
    first = next(seat for seat in _clockwise(s, s.start) if seat in cands)
    for seat in cands:
        _from_stakes(s, seat, share + (rest if seat == first else 0), events)
    s.winner = NO
    s.split = True


def _from_stakes(s, seat: int, amount: int, events) -> None:
    if amount > 0:
        s.stakes -= amount
        s.gold[seat] += amount
        events.append(common.coins_moved(amount, "stakes", f"gold/{seat}", "win", seat=seat))


def _winner(s, events) -> None:
    """R44 (and R42/H6 when the stakes emptied): the single candidate takes the stakes (the Priest's split),
    then pays the Gold Monarch's gifts round by round."""
    if s.split:
        s.split = False
        return
    cands = candidates(s)
    if len(cands) != 1:
        s.winner = NO
        note(events, "no_winner", seats=tuple(cands))
        return
    winner = s.winner = cands[0]
    note(events, "gambit_won", seat=winner, stakes=s.stakes)
    if s.priest:
        half = s.stakes // 2
        _from_stakes(s, winner, s.stakes - half, events)
        _from_stakes(s, (winner + 1) % s.players, half, events)
    else:
        _from_stakes(s, winner, s.stakes, events)
    for _ in range(s.monarch[winner]):
        for opp in opponents(s, winner):
            pay(s, winner, 3, opp, events, "gold_monarch")


def _reveal_to_discard(s, events) -> None:
    for card in s.reveal:
        to_discard(s, card, "reveal", events, "clean_up")
    s.reveal = []
    s.reveal_owner = NO


def _clean_up(s, events) -> None:
    """R45: ante, flights and the reveal zone to the discard pile; gambit effects end."""
    from .zones import FLIGHT_IDS

    for card in s.ante:
        to_discard(s, card, "ante", events, "clean_up")
    s.ante = []
    for seat, flight in enumerate(s.flights):
        for card in flight:
            to_discard(s, card, FLIGHT_IDS[seat], events, "clean_up", seat=seat)
        s.flights[seat] = []
    _reveal_to_discard(s, events)
    s.marks = []
    s.round_cards = [NO] * s.players


def _settle(s, events) -> bool:
    """R46, R47, H33: hole gold into the hole, clockwise from the winner (or the last leader); returns
    whether the game is over."""
    first = s.winner if s.winner != NO else s.leader
    for seat in _clockwise(s, first):
        owed = min(s.hole_gold[seat], s.gold[seat])
        if owed:
            s.gold[seat] -= owed
            s.hole += owed
            events.append(common.coins_moved(owed, f"gold/{seat}", "hole", "settlement", seat=seat))
    s.hole_gold = [0] * s.players
    if min(s.gold) == 0 or s.gambit >= MAX_GAMBITS:
        s.over = True
        s.phase = OVER
        note(events, "game_over", gambits=s.gambit)
        return True
    return False


def _draw_step(s, events) -> None:
    """R48, R49: two cards each, from the winner (or the last leader) clockwise; that player starts next."""
    first = s.winner if s.winner != NO else s.leader
    for seat in _clockwise(s, first):
        draw(s, seat, events)
        draw(s, seat, events)
    s.start = first
    s.gambit += 1


FLOW = {"gambit": gambit, "turn": turn, "flights": special_flights, "ante_pick": ante_pick}
__all__ = ["FLOW", "stop_rounds"]
