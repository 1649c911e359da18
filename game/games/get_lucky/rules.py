"""Get Lucky rules (spec: shared/rules/get-lucky.md, the 2012 beta for 3–6 players): setup, the turn's
draw, action, murder attempt and defence, Doctor Lucky's walk, the stall guard, views and determinization.
"""

from __future__ import annotations

from bisect import bisect_right, insort
from functools import cache
from itertools import product

from ...core import events as common
from ...core.actions import Action, decision
from ...core.events import Event
from ...core.rng import Rng
from ...core.rules import GameInfo, OptionSpec, Result, StateCodec
from .cards import KINDS, LUCK_VALUES, deck
from .state import ACTION, ATTEMPT, DEFENCE, NO, OVER, SLOTS, State
from .zones import AREA_IDS, ATTACHED_IDS, HAND_IDS, character_ids, zones

INFO = GameInfo(
    id="get_lucky",
    names={"en": "Get Lucky", "ja": "ゲット・ラッキー"},
    min_players=3,
    max_players=6,
    play_time=(20, 20),  # the seed: "プレイ時間:20分"
    age=12,
    year=2012,
    designers=("James Ernest", "Rick Fish"),
    version="1",
    options=(
        OptionSpec("quick_defence", True, label="get_lucky.option.quick_defence",
                   help="get_lucky.option.quick_defence_help", assist=True),
        OptionSpec("luck_tracker", False, label="get_lucky.option.luck_tracker",
                   help="get_lucky.option.luck_tracker_help", assist=True),
    ),
    house_data={
        "en": "The characters, the action cards, their names and texts, the card split and the Luck values are "
              "our own design: the 2012 beta's card list is not known.",
        "ja": "キャラクター、アクションカードの名前と文章、カードの内訳と幸運カードの値は独自のものです"
              "(2012年のベータ版のカード一覧は不明なため)。",
    },
)

PROMPT = "get_lucky.prompt."
HAND_SIZE = {3: 7, 4: 6, 5: 6, 6: 6}


@cache
def tables() -> tuple:
    """Per action card: its kind's slot (0–2 for W/M/O, 3 Attract, 4 Luck), the character it names, and
    its defence value. Built once from the YAML."""
    cards = deck().actions
    return (tuple(KINDS.index(c.kind) for c in cards), tuple(c.names for c in cards),
            tuple(c.defence for c in cards), tuple(c.id for c in cards))


@cache
def luck_values() -> tuple:
    """Per action card: its Luck defence value minus 1 (the index into a Luck vector), or -1."""
    kind, _, defence, _ = tables()
    return tuple(defence[c] - 1 if kind[c] == 4 else -1 for c in range(len(kind)))


@cache
def _kinds() -> tuple:
    """Per action card its kind's slot (as in tables()), and the set of Attract cards."""
    kind = tables()[0]
    return kind, frozenset(c for c, k in enumerate(kind) if k == 3)


@cache
def card_index() -> dict:
    """Action card id -> its index."""
    return {card_id: i for i, card_id in enumerate(tables()[3])}


def ev(kind: str, reveals: bool = False, **args) -> Event:
    """An event with its arguments in the order given. The hot paths build theirs as Event(kind, ((name,
    value), ...)) directly, in the same order (replays, hashes and logs depend on it), and share the frequent
    ones (the tables at the end of the module): events, like actions, are never changed once made."""
    return Event(kind, tuple(args.items()), None, (), reveals)


def in_play(state: State) -> list[int]:
    chars = state.parlor[:]
    for area in state.areas:  # a plain loop: comprehensions cost more than this in the hot path
        chars += area
    chars.sort()
    return chars


def next_step(state: State, number: int) -> int:
    """R19: the next higher character in play, wrapping to the lowest."""
    chars = in_play(state)
    i = bisect_right(chars, number)
    return chars[i] if i < len(chars) else chars[0]


def _walk(state: State, number: int, steps: int) -> list[int]:
    """Doctor Lucky's next `steps` stops from `number` (R19 repeated)."""
    chars = in_play(state)
    out = []
    for _ in range(steps):
        i = bisect_right(chars, number)
        number = chars[i] if i < len(chars) else chars[0]
        out.append(number)
    return out


def strength(state: State, number: int) -> int:
    """R11 without Luck: 1 + each attached card (+2 when it names its host)."""
    names = tables()[1]
    total = 1
    for c in state.attached[number]:
        if c != NO:
            total += 2 if names[c] == number else 1
    return total


def strength_with_luck(kind: str, strength: int, vector) -> int:
    """S after Luck cards (counts per defence value 1–4) are added to an attempt (R12: +1 each, whatever
    the value) or played by a defender (R14: minus the sum of their values). For previews."""
    if kind == "attempt":
        return strength + sum(vector)
    return strength - sum(n * value for n, value in zip(vector, LUCK_VALUES, strict=True))


def luck_held(state: State, seat: int) -> list[int]:
    """How many Luck cards of each defence value (1–4) `seat` holds."""
    values = luck_values()
    counts = [0, 0, 0, 0]
    for c in state.hands[seat]:
        v = values[c]
        if v >= 0:
            counts[v] += 1
    return counts


class GetLucky(StateCodec):
    info = INFO
    State = State

    # -- setup -------------------------------------------------------------------------------------------

    def setup(self, players: int, options: dict, seed: int) -> State:
        options = INFO.resolve_options(options)
        s = State(players, options, Rng(seed))
        chars = list(range(1, 16))
        s.rng.shuffle(chars)
        s.areas = [[chars[i]] for i in range(players)]
        s.parlor = sorted(chars[players:2 * players])
        s.char_deck = list(reversed(chars[2 * players:]))  # the first remaining card is the top
        s.attached = [[NO] * SLOTS for _ in range(16)]
        cards = list(range(66))
        s.rng.shuffle(cards)
        size = HAND_SIZE[players]
        s.hands = [sorted(cards[i * size:(i + 1) * size]) for i in range(players)]
        s.deck = list(reversed(cards[players * size:]))
        s.lucky = in_play(s)[0]
        s.current = max(range(players), key=lambda seat: s.areas[seat][0])
        self._start_turn(s, [])
        return s

    def _draw(self, s: State, seat: int, events: list) -> None:
        if not s.deck:
            return
        card = s.deck.pop()
        insort(s.hands[seat], card)
        events.append(_DREW[seat][card])

    def _start_turn(self, s: State, events: list) -> None:
        events.append(_TURN_STARTED[s.current][s.turn])
        s.deck_was_empty = not s.deck
        s.quiet_action = s.attempted = False
        s.stopper = NO
        self._draw(s, s.current, events)  # R3
        s.phase = ACTION

    # -- decisions ---------------------------------------------------------------------------------------

    def pending(self, s: State) -> list:
        if s.phase == OVER:
            return []
        if s.phase == DEFENCE:
            return [_defend_decision(s.defenders[0], s.strength)]
        return [_decision(s.current, s.phase)]

    def legal_actions(self, s: State, seat: int) -> list[Action]:
        phase = s.phase
        if phase == ACTION:
            return self._actions(s, seat) if seat == s.current else []
        if phase == DEFENCE:
            return list(_luck_acts(seat, "defend", tuple(luck_held(s, seat)))) if seat == s.defenders[0] else []
        if phase == ATTEMPT and seat == s.current:
            return list(_luck_acts(seat, "attempt", tuple(luck_held(s, seat))))
        return []

    def _actions(self, s: State, seat: int) -> list[Action]:
        """W/M/O by card, then hosts in the area's order (each pair its own action, §6.1); Attract by target;
        Take by Parlor character, then the character given back; Pass. The hottest code of the engine (every
        search step): plain loops over shared actions (see the tables at the end of the module)."""
        kind, attracts = _kinds()
        area = s.areas[seat]
        hand = s.hands[seat]
        attached = s.attached
        by_host = _WMO_ACTS[seat]
        out: list = []
        # `free` tells by card kind (0-4) whether the host's slot for it is empty (Attract and Luck: never).
        if len(area) == 1:
            host = area[0]
            row, slots = by_host[host], attached[host]
            free = (slots[0] == NO, slots[1] == NO, slots[2] == NO, False, False)
            for c in hand:
                if free[kind[c]]:
                    out.append(row[c])
        elif len(area) == 2:
            a, b = area
            row_a, row_b, slots_a, slots_b = by_host[a], by_host[b], attached[a], attached[b]
            free_a = (slots_a[0] == NO, slots_a[1] == NO, slots_a[2] == NO, False, False)
            free_b = (slots_b[0] == NO, slots_b[1] == NO, slots_b[2] == NO, False, False)
            for c in hand:
                k = kind[c]
                if free_a[k]:
                    out.append(row_a[c])
                if free_b[k]:
                    out.append(row_b[c])
        else:  # never in play (R23), but the engine stays total for hand-made states
            out += [by_host[host][c] for c in hand if kind[c] < 3 for host in area if attached[host][kind[c]] == NO]
        if not attracts.isdisjoint(hand):
            targets = _ATTRACT_ACTS[seat]
            for n in area:
                if n != s.lucky:
                    out.append(targets[n])
        takes = _TAKE_ACTS[seat]
        if len(area) == 1:
            for x in s.parlor:
                out.append(takes[x][0])
        else:
            for x in s.parlor:
                row = takes[x]
                for y in area:
                    out.append(row[y])
        out.append(_PASS_ACTS[seat])
        return out

    # -- advancing ---------------------------------------------------------------------------------------

    def apply(self, s: State, act: Action) -> list:
        events: list = []
        kind = act.kind
        if kind in _ACTION_KINDS:
            self._action(s, act, events)
            if s.lucky in s.areas[s.current]:
                s.phase = ATTEMPT  # R10
            else:
                self._end_turn(s, events)
        elif kind == "decline":
            events.append(_DECLINED[act.seat])
            self._end_turn(s, events)
        elif kind == "attempt":
            self._attempt(s, act["luck"], events)
        elif kind == "defend":
            self._defend(s, act.seat, act["luck"], events)
        else:
            raise AssertionError(f"unknown action {kind}")
        return events

    def _action(self, s: State, act: Action, events: list) -> None:
        seat, kind = act.seat, act.kind
        k_of, _, _, ids = tables()
        if kind == "wmo":
            card_id, host = act["card"], act["host"]
            card = card_index()[card_id]
            s.hands[seat].remove(card)
            s.attached[host][k_of[card]] = card
            events.append(_ATTACHED[seat][host][card_id])  # a shared, prebuilt "moved"
        elif kind == "attract":
            card = next(c for c in s.hands[seat] if k_of[c] == 3)  # the lowest-id Attract card (§6.2)
            s.hands[seat].remove(card)
            s.discard.append(card)
            target = act["target"]
            events.append(common.moved(ids[card], HAND_IDS[seat], "discard", common.UP, "attract", seat=seat))
            events.append(Event("attracted", (("seat", seat), ("source", s.lucky), ("target", target))))
            s.lucky = target
        elif kind == "take":
            self._take(s, seat, act["take"], act.get("give"), events)
            s.quiet_action = True
        else:
            events.append(_PASSED[seat])
            s.quiet_action = True

    def _take(self, s: State, seat: int, x: int, y: int | None, events: list) -> None:
        """R7: X joins the area; with two characters Y goes back bare to the Parlor; else the Parlor refills."""
        s.parlor.remove(x)
        area = s.areas[seat]
        events.append(_TAKEN[seat][x])
        if y is None:
            area.append(x)
            if s.char_deck:
                refill = s.char_deck.pop()
                insort(s.parlor, refill)
                events.append(_REFILLED[refill])
            return
        area[area.index(y)] = x
        insort(s.parlor, y)
        events.append(_GIVEN[seat][y])
        slots = s.attached[y]
        if slots != _BARE:
            ids = tables()[3]
            for card in slots:  # in the order Weapon, Motive, Opportunity
                if card != NO:
                    s.discard.append(card)
                    events.append(common.moved(ids[card], ATTACHED_IDS[y], "discard", common.UP, "discard",
                                               host=y))
            s.attached[y] = [NO] * SLOTS

    def _spend_luck(self, s: State, seat: int, vector: tuple, events: list) -> list[int]:
        """The lowest-id Luck cards of each value, moved from the hand to the discard pile; by value, then
        by id."""
        if len(vector) != len(LUCK_VALUES):
            raise ValueError(f"a Luck vector has {len(LUCK_VALUES)} counts: {vector!r}")
        if not any(vector):
            return []
        values = luck_values()
        hand = s.hands[seat]
        picked: list[list[int]] = [[], [], [], []]
        for c in hand:  # sorted, so each value's lowest ids come first
            v = values[c]
            if v >= 0 and len(picked[v]) < vector[v]:
                picked[v].append(c)
        spent = picked[0] + picked[1] + picked[2] + picked[3]
        for c in spent:
            hand.remove(c)
        s.discard += spent
        ids = tables()[3]
        for c in spent:  # the order of the discard pile
            events.append(common.moved(ids[c], HAND_IDS[seat], "discard", common.UP, "luck", seat=seat))
        return spent

    def _attempt(self, s: State, vector: tuple, events: list) -> None:
        seat = s.current
        spent = self._spend_luck(s, seat, vector, events)
        s.attempted = True
        s.attempts += 1
        s.attacker_char = s.lucky
        base = strength(s, s.lucky)
        s.strength = s.declared = base + len(spent)  # R11, R12: each Luck adds 1 in attack
        events.append(Event("attempt", (("seat", seat), ("character", s.lucky), ("base", base),
                                        ("luck", len(spent)), ("strength", s.strength))))
        s.defenders = list(_defender_order(seat, s.players))  # R13
        s.phase = DEFENCE

    def _defend(self, s: State, seat: int, vector: tuple, events: list) -> None:
        defence = tables()[2]
        spent = self._spend_luck(s, seat, vector, events)
        if spent:
            value = sum(defence[c] for c in spent)
            s.strength -= value
            events.append(Event("defended", (("seat", seat), ("value", value), ("strength", s.strength))))
        else:
            events.append(_DEFENCE_PASSED[seat][s.strength])
        s.defenders.pop(0)
        if s.strength <= 0:  # R15
            s.stopper = seat
            events.append(_STOPPED[seat])
            self._end_turn(s, events)
        elif not s.defenders:  # R17
            s.winner = s.current
            s.phase = OVER
            events.append(Event("murder", (("seat", s.current), ("character", s.attacker_char),
                                           ("strength", s.strength))))
        else:  # R16
            self._draw(s, seat, events)

    def _end_turn(self, s: State, events: list) -> None:
        before = s.lucky
        s.lucky = next_step(s, s.lucky)  # R19
        events.append(_LUCKY_MOVED[before][s.lucky])
        quiet = s.deck_was_empty and s.quiet_action and not s.attempted  # R24
        s.quiet = s.quiet + 1 if quiet else 0
        if s.quiet >= s.players:
            s.drawn = True
            s.phase = OVER
            events.append(ev("drawn_game", turn=s.turn))
            return
        s.current = s.stopper if s.stopper != NO else (s.current + 1) % s.players  # R20
        s.turn += 1
        s.defenders = []
        s.strength = 0
        self._start_turn(s, events)

    # -- reading -----------------------------------------------------------------------------------------

    def view(self, s: State, seat) -> dict:
        ids = tables()[3]
        own = isinstance(seat, int) and 0 <= seat < s.players
        path = _walk(s, s.lucky, min(8, len(in_play(s))))
        return {
            "game": INFO.id, "viewer": seat if own else None, "players": s.players, "options": dict(s.options),
            "phase": s.phase, "turn": s.turn, "current": s.current, "quiet": s.quiet,
            "areas": [list(a) for a in s.areas],
            "attached": {n: [ids[c] if c != NO else None for c in s.attached[n]] for a in s.areas for n in a},
            "strengths": {n: strength(s, n) for a in s.areas for n in a},
            "parlor": list(s.parlor), "character_deck": len(s.char_deck),
            "character_deck_set": sorted(s.char_deck),  # deducible: the 15 minus those in play
            "lucky": s.lucky, "path": path,
            "hand": [ids[c] for c in s.hands[seat]] if own else [],
            "hand_sizes": [len(h) for h in s.hands],
            "deck": len(s.deck), "discard": [ids[c] for c in s.discard],
            "attempt": {"strength": s.strength, "character": s.attacker_char, "defenders": list(s.defenders)}
            if s.phase == DEFENCE else None,
            "winner": s.winner if s.winner != NO else None, "drawn": s.drawn,
            "zones": zones(s, seat, own, ids),
            "seating": [[p, p] for p in range(s.players)],
        }

    def result(self, s: State) -> Result | None:
        if s.phase != OVER:
            return None
        n = s.players
        if s.drawn:
            return Result([0] * n, [], [1] * n, {"drawn": True, "turns": s.turn, "attempts": s.attempts})
        scores = [1 if seat == s.winner else 0 for seat in range(n)]
        return Result(scores, [s.winner], [1 if seat == s.winner else 2 for seat in range(n)],
                      {"drawn": False, "turns": s.turn, "attempts": s.attempts, "character": s.attacker_char,
                       "strength": s.declared, "left_after_defence": s.strength})

    def turn_marker(self, s: State) -> tuple:
        return (s.turn, s.current)

    def determinize(self, s: State, seat: int, rng: Rng) -> State:
        """§8: re-deal the unseen pool (66 minus own hand, attached cards and discard) into the other hands at
        their sizes and the deck; shuffle the character deck; a fresh RNG."""
        out = s.copy()
        out.rng = Rng(rng.next64())
        pool = sorted(c for other in range(s.players) if other != seat for c in s.hands[other]) + sorted(s.deck)
        pool.sort()
        rng.shuffle(pool)
        for other in range(s.players):
            if other != seat:
                size = len(s.hands[other])
                out.hands[other] = sorted(pool[:size])
                del pool[:size]
        out.deck = pool
        chars = sorted(s.char_deck)
        rng.shuffle(chars)
        out.char_deck = chars
        return out


class _Table(dict):
    """Actions (or events) made on first use and shared after, e.g. [seat][host][card] -> Action."""

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, key):
        value = self[key] = self.make(key)
        return value


_WMO_ACTS = _Table(lambda seat: _Table(lambda host: _Table(
    lambda card: _act(seat, "wmo", ("card", tables()[3][card]), ("host", host)))))
_TAKE_ACTS = _Table(lambda seat: _Table(lambda x: _Table(
    lambda y: _act(seat, "take", ("take", x)) if y == 0 else _act(seat, "take", ("give", y), ("take", x)))))
_ATTRACT_ACTS = _Table(lambda seat: _Table(lambda n: _act(seat, "attract", ("target", n))))
_PASS_ACTS = _Table(lambda seat: _act(seat, "pass"))
_ACTION_KINDS = frozenset(("wmo", "attract", "take", "pass"))

# Shared events, [a][b]... -> Event, made on first use.
_TURN_STARTED = _Table(lambda seat: _Table(lambda turn: common.turn_started(seat, turn)))
_DREW = _Table(lambda seat: _Table(lambda card: common.moved(tables()[3][card], "deck", HAND_IDS[seat], common.DOWN,
                                                             "draw", visible_to=(seat,), reveals=True, seat=seat)))
_LUCKY_MOVED = _Table(lambda source: _Table(lambda target: Event("lucky_moved", (("source", source),
                                                                                ("target", target)))))
_PASSED = _Table(lambda seat: Event("passed", (("seat", seat),)))
_DECLINED = _Table(lambda seat: Event("declined", (("seat", seat),)))
_STOPPED = _Table(lambda seat: Event("stopped", (("seat", seat),)))
_ATTACHED = _Table(lambda seat: _Table(lambda host: _Table(
    lambda card_id: common.moved(card_id, HAND_IDS[seat], ATTACHED_IDS[host], common.UP, "attach", seat=seat,
                                 host=host))))
_TAKEN = _Table(lambda seat: _Table(lambda x: common.moved(character_ids()[x], "parlor", AREA_IDS[seat], common.UP,
                                                          "take", seat=seat, number=x)))
_GIVEN = _Table(lambda seat: _Table(lambda y: common.moved(character_ids()[y], AREA_IDS[seat], "parlor", common.UP,
                                                          "give", seat=seat, number=y)))
_REFILLED = _Table(lambda n: common.moved(character_ids()[n], "characters", "parlor", common.UP, "refill",
                                          reveals=True, number=n))
_DEFENCE_PASSED = _Table(lambda seat: _Table(lambda left: Event(
    "defended", (("seat", seat), ("value", 0), ("strength", left)))))
_BARE = [NO] * SLOTS


@cache
def _defend_decision(seat: int, strength: int):
    """A defender's decision at a strength (made once per pair)."""
    return decision(seat, "defend", PROMPT + "defend", declinable=True, strength=strength)


@cache
def _defender_order(seat: int, players: int) -> tuple:
    """R13: the other seats clockwise from the attacker's left."""
    return tuple((seat + i) % players for i in range(1, players))


@cache
def _luck_acts(seat: int, kind: str, held: tuple) -> tuple:
    """The legal attempt (Decline first) or defence actions of a seat holding `held` Luck cards by value."""
    acts = tuple(_act(seat, kind, ("luck", vector)) for vector in _vectors(held))
    return ((_act(seat, "decline"),) + acts) if kind == "attempt" else acts


@cache
def _decision(seat: int, phase: str):
    """The action or attempt decision of a seat (they have no parameters: made once)."""
    return decision(seat, phase, PROMPT + phase, declinable=True)


@cache
def _act(seat: int, kind: str, *pairs) -> Action:
    """A shared action from (name, value) pairs already in name order: legal_actions runs in every search
    step, so its actions are made once."""
    return Action(seat, kind, pairs)


@cache
def _vectors(held: tuple) -> list[tuple]:
    """Every choice of Luck cards as counts per defence value (0..held each), the empty choice first."""
    return [tuple(v) for v in product(*(range(h + 1) for h in held))]
