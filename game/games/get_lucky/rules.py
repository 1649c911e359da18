"""Get Lucky rules (spec: shared/rules/get-lucky.md, the 2012 beta for 3–6 players): setup, the turn's
draw, action, murder attempt and defence, Doctor Lucky's walk, the stall guard, views and determinization.
"""

from __future__ import annotations

from bisect import bisect_right
from functools import cache
from itertools import product

from ...core.actions import Action, decision
from ...core.events import Event
from ...core.rng import Rng
from ...core.rules import GameInfo, OptionSpec, Result
from .cards import KINDS, LUCK_VALUES, deck
from .state import ACTION, ATTEMPT, DEFENCE, NO, OVER, SLOTS, State

INFO = GameInfo(
    id="get_lucky",
    names={"en": "Get Lucky", "ja": "ゲット・ラッキー"},
    min_players=3,
    max_players=6,
    play_time=(20, 40),
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
        "ja": "キャラクター、アクションカードの名前と文章、カードの内訳とLuckの値は独自のものです"
              "(2012年β版のカード一覧は不明なため)。",
    },
)

PROMPT = "get_lucky.prompt."
_ONLY = [frozenset((seat,)) for seat in range(6)]  # who sees a drawn card: its drawer
HAND_SIZE = {3: 7, 4: 6, 5: 6, 6: 6}


@cache
def tables() -> tuple:
    """Per action card: its kind's slot (0–2 for W/M/O, 3 Attract, 4 Luck), the character it names, and
    its defence value. Built once from the YAML."""
    cards = deck().actions
    return (tuple(KINDS.index(c.kind) for c in cards), tuple(c.names for c in cards),
            tuple(c.defence for c in cards), tuple(c.id for c in cards))


def ev(kind: str, reveals: bool = False, **args) -> Event:
    return Event(kind, tuple(args.items()), None, (), reveals)


def owner_of(state: State, number: int) -> int:
    for seat, area in enumerate(state.areas):
        if number in area:
            return seat
    return NO


def in_play(state: State) -> list[int]:
    return sorted([n for area in state.areas for n in area] + state.parlor)


def next_step(state: State, number: int) -> int:
    """R19: the next higher character in play, wrapping to the lowest."""
    chars = in_play(state)
    i = bisect_right(chars, number)
    return chars[i] if i < len(chars) else chars[0]


def strength(state: State, number: int) -> int:
    """R11 without Luck: 1 + each attached card (+2 when it names its host)."""
    _, names, _, _ = tables()
    return 1 + sum(2 if names[c] == number else 1 for c in state.attached[number] if c != NO)


def luck_held(state: State, seat: int) -> list[int]:
    """How many Luck cards of each defence value (1–4) `seat` holds."""
    kind, _, defence, _ = tables()
    counts = [0, 0, 0, 0]
    for c in state.hands[seat]:
        if kind[c] == 4:
            counts[defence[c] - 1] += 1
    return counts


class GetLucky:
    info = INFO

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
        s.hands[seat].append(card)
        s.hands[seat].sort()
        events.append(Event("drew", (("seat", seat), ("card", tables()[3][card])), _ONLY[seat], ("card",), True))

    def _start_turn(self, s: State, events: list) -> None:
        events.append(ev("turn_started", seat=s.current, turn=s.turn))
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
            return [decision(s.defenders[0], "defend", PROMPT + "defend", declinable=True, strength=s.strength)]
        return [_decision(s.current, s.phase)]

    def legal_actions(self, s: State, seat: int) -> list[Action]:
        if s.phase == OVER or seat != (s.defenders[0] if s.phase == DEFENCE else s.current):
            return []
        if s.phase == DEFENCE:
            return [_act(seat, "defend", ("luck", vector)) for vector in _vectors(tuple(luck_held(s, seat)))]
        if s.phase == ATTEMPT:
            return [_act(seat, "decline")] + [_act(seat, "attempt", ("luck", vector))
                                               for vector in _vectors(tuple(luck_held(s, seat)))]
        return self._actions(s, seat)

    def _actions(self, s: State, seat: int) -> list[Action]:
        kind = tables()[0]
        area = s.areas[seat]
        attached = s.attached
        wmo = _WMO_ACTS[seat]
        out = []
        attract = False
        for c in s.hands[seat]:
            k = kind[c]
            if k < 3:
                # Each (card, host) pair is its own action (§6.1).
                for host in area:
                    if attached[host][k] == NO:
                        out.append(wmo[c][host])
            elif k == 3:
                attract = True
        if attract:
            out += [_act(seat, "attract", ("target", n)) for n in area if n != s.lucky]
        takes = _TAKE_ACTS[seat]
        if len(area) == 1:
            out += [takes[x][0] for x in s.parlor]
        else:
            out += [takes[x][y] for x in s.parlor for y in area]
        out.append(_act(seat, "pass"))
        return out

    # -- advancing ---------------------------------------------------------------------------------------

    def apply(self, s: State, act: Action) -> list:
        events: list = []
        kind = act.kind
        if kind in ("wmo", "attract", "take", "pass"):
            self._action(s, act, events)
            if owner_of(s, s.lucky) == s.current:
                s.phase = ATTEMPT  # R10
            else:
                self._end_turn(s, events)
        elif kind == "decline":
            events.append(ev("declined", seat=act.seat))
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
            card = deck().card(act["card"]).index
            s.hands[seat].remove(card)
            s.attached[act["host"]][k_of[card]] = card
            events.append(ev("attached", seat=seat, card=act["card"], host=act["host"]))
        elif kind == "attract":
            card = next(c for c in s.hands[seat] if k_of[c] == 3)  # the lowest-id Attract card (§6.2)
            s.hands[seat].remove(card)
            s.discard.append(card)
            events.append(ev("attracted", seat=seat, card=ids[card], source=s.lucky, target=act["target"]))
            s.lucky = act["target"]
        elif kind == "take":
            self._take(s, seat, act["take"], act.get("give"), events)
            s.quiet_action = True
        else:
            events.append(ev("passed", seat=seat))
            s.quiet_action = True

    def _take(self, s: State, seat: int, x: int, y: int | None, events: list) -> None:
        """R7: X joins the area; with two characters Y goes back bare to the Parlor; else the Parlor refills."""
        s.parlor.remove(x)
        area = s.areas[seat]
        if y is None:
            area.append(x)
            events.append(ev("took", seat=seat, take=x, give=0))
            if s.char_deck:
                refill = s.char_deck.pop()
                s.parlor.append(refill)
                s.parlor.sort()
                events.append(ev("parlor_refilled", number=refill, reveals=True))
            return
        area[area.index(y)] = x
        s.parlor.append(y)
        s.parlor.sort()
        events.append(ev("took", seat=seat, take=x, give=y))
        for card in s.attached[y]:  # in the order Weapon, Motive, Opportunity
            if card != NO:
                s.discard.append(card)
                events.append(ev("discarded", card=tables()[3][card], host=y))
        s.attached[y] = [NO] * SLOTS

    def _spend_luck(self, s: State, seat: int, vector: tuple) -> list[int]:
        """The lowest-id Luck cards of each value, moved from the hand to the discard pile."""
        kind, _, defence, _ = tables()
        spent = []
        for value, count in zip(LUCK_VALUES, vector, strict=True):
            cards = [c for c in s.hands[seat] if kind[c] == 4 and defence[c] == value][:count]
            spent += cards
        for c in spent:
            s.hands[seat].remove(c)
            s.discard.append(c)
        return spent

    def _attempt(self, s: State, vector: tuple, events: list) -> None:
        seat = s.current
        spent = self._spend_luck(s, seat, vector)
        s.attempted = True
        s.attempts += 1
        s.attacker_char = s.lucky
        s.strength = s.declared = strength(s, s.lucky) + len(spent)  # R11, R12: each Luck adds 1 in attack
        ids = tables()[3]
        events.append(ev("attempt", seat=seat, character=s.lucky, base=strength(s, s.lucky), luck=len(spent),
                         strength=s.strength, cards=tuple(ids[c] for c in spent)))
        s.defenders = [(seat + i) % s.players for i in range(1, s.players)]  # R13
        s.phase = DEFENCE

    def _defend(self, s: State, seat: int, vector: tuple, events: list) -> None:
        _, _, defence, ids = tables()
        spent = self._spend_luck(s, seat, vector)
        value = sum(defence[c] for c in spent)
        s.strength -= value
        s.defenders.pop(0)
        events.append(ev("defended", seat=seat, value=value, strength=s.strength, cards=tuple(ids[c] for c in spent)))
        if s.strength <= 0:  # R15
            s.stopper = seat
            events.append(ev("stopped", seat=seat))
            self._end_turn(s, events)
        elif not s.defenders:  # R17
            s.winner = s.current
            s.phase = OVER
            events.append(ev("murder", seat=s.current, character=s.attacker_char, strength=s.strength))
        else:  # R16
            self._draw(s, seat, events)

    def _end_turn(self, s: State, events: list) -> None:
        before = s.lucky
        s.lucky = next_step(s, s.lucky)  # R19
        events.append(ev("lucky_moved", source=before, target=s.lucky))
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
        path, here = [], s.lucky
        for _ in range(min(8, len(in_play(s)))):
            here = next_step(s, here)
            path.append(here)
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

    def to_json(self, s: State) -> dict:
        return s.to_json()

    def from_json(self, data: dict) -> State:
        return State.from_json(data)

    def copy(self, s: State) -> State:
        return s.copy()

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
    """Actions made on first use and shared after: [seat][a][b] -> Action."""

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, key):
        value = self[key] = self.make(key)
        return value


_WMO_ACTS = _Table(lambda seat: _Table(lambda card: _Table(
    lambda host: _act(seat, "wmo", ("card", tables()[3][card]), ("host", host)))))
_TAKE_ACTS = _Table(lambda seat: _Table(lambda x: _Table(
    lambda y: _act(seat, "take", ("take", x)) if y == 0 else _act(seat, "take", ("give", y), ("take", x)))))


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
