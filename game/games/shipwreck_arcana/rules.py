"""The Shipwreck Arcana rules (spec: shared/rules/shipwreck-arcana.md): a cooperative deduction game for
2–5 players. Draw, play, predict, resolve and fade (R1–R32), the faded powers (R33–R36), number lines
(R37–R40), reveals (R41), The Restless Hours (R44–R46), the two-player challenge mode (R47–R51) and
joining or leaving between turns (R52–R55).

Decisions: the active player draws, plays (with Cycle beside the plays) and may use an after-play power.
Then every predictor owning a held fate is offered a reveal in turn (R19), and the predictors make one
group decision (R21): the pending list names every predictor with group "group", and any one of them
answers for all. Number-line marks and joining or leaving are side actions: legal at any time (marks, each
at most MARK_CHANGES times a turn) or between turns (seats), outside the decision flow, so bots never meet them.
"""

from __future__ import annotations

from functools import cache

from ...core import events as common
from ...core.actions import Action, decision
from ...core.events import Event
from ...core.rng import Rng
from ...core.rules import GameInfo, OptionSpec, Result, StateCodec, Team
from .cards import POWERS, QUESTIONS, TOKENS, deck, hours, tables, value_of
from .inference import eliminated, legal_set, seen_mask
from .state import AFTER, DRAW, NO, OVER, PLAY, PREDICT, REVEAL, SECOND, SLOTS, State
from .zones import FATES_IDS, OWN_FATES, ROW_IDS, hand_id, zones

DIFFICULTY = {"easy": 0, "normal": 2, "hard": 4, "doomed": 6}
GOAL = 7  # score to win, doom to lose
MAX_SEATS = 5
HANDLES = 100  # public handles of row fates start here, apart from the token ids (0–20) of one's own hand
# How often one mark of a number line may change in one turn: set, taken back, set again. Marks are memo side
# actions that every save replays, so without a bound a restless clicker makes saves and autosaves grow
# without end; past it the mark stays as it is until the next turn starts.
MARK_CHANGES = 3

INFO = GameInfo(
    id="shipwreck_arcana",
    names={"en": "The Shipwreck Arcana", "ja": "シップレック・アルカナ"},
    min_players=2,
    max_players=MAX_SEATS,
    play_time=(15, 20),
    age=10,
    year=2017,
    designers=("Kevin Bishop",),
    version="2",  # 2: R55's clarified fallback and the bounded marks replay differently from version 1
    cooperative=True,
    options=(
        OptionSpec("difficulty", "normal", tuple(DIFFICULTY), label="shipwreck_arcana.option.difficulty",
                   help="shipwreck_arcana.option.difficulty_help", role="arena_grid"),
        OptionSpec("restless", False, label="shipwreck_arcana.option.restless",
                   help="shipwreck_arcana.option.restless_help"),
        OptionSpec("challenge", False, label="shipwreck_arcana.option.challenge",
                   help="shipwreck_arcana.option.challenge_help", players=(2,)),
        OptionSpec("join_leave", True, label="shipwreck_arcana.option.join_leave",
                   help="shipwreck_arcana.option.join_leave_help", role="joining"),
        OptionSpec("random_start", True, label="shipwreck_arcana.option.random_start",
                   help="shipwreck_arcana.option.random_start_help"),
        OptionSpec("assist", True, label="shipwreck_arcana.option.assist",
                   help="shipwreck_arcana.option.assist_help", assist=True),
        OptionSpec("open_advice", False, label="shipwreck_arcana.option.open_advice",
                   help="shipwreck_arcana.option.open_advice_help", assist=True),
    ),
    house_data={
        "en": "The Japanese keywords and power labels are our own wording; card names stay in English as in "
              "the Japanese edition. The AI teammates and their advice are our own design.",
        "ja": "日本語の配置条件名と力のラベルは独自の表記です(カード名は日本語版と同じく英語のまま)。"
              "AIの仲間とその助言は独自の設計です。",
    },
)

PROMPT = "shipwreck_arcana.prompt."
GROUP = "group"


def ev(kind: str, reveals: bool = False, **args) -> Event:
    return Event(kind, tuple(sorted(args.items())), None, (), reveals)


def visible_counts(s: State) -> list:
    """How many fates of each value 1–7 lie face up in the row (V as counts)."""
    counts = [0] * 7
    for tokens in s.fates:
        for t in tokens:
            counts[t // 3] += 1
    return counts


def loads(s: State) -> list:
    """R2: each slot's load, the hours of the fates in front of it."""
    return [sum(hours(value_of(t)) for t in tokens) for tokens in s.fates]


def predictors(s: State) -> list:
    """The players who predict this turn: everyone present but the active position's owner (R49)."""
    me = s.owner[s.active]
    return [p for p in range(s.players) if p != me and not s.left[p]]


def fading(s: State) -> list:
    """R28: the slots (1–4) whose load has reached their card's moons."""
    moons = tables()[1]
    return [i + 1 for i, (card, load) in enumerate(zip(s.row, loads(s), strict=True))
            if card != NO and load >= moons[card]]


def play_preview(view: dict, slot: int, value: int) -> dict:
    """What playing a fate of `value` on `slot` (0: The Hours) does, read from a view before the play: the slot
    it lands on (R12: through The Hours onto the leftmost card; 0 when it goes back to the bag, H10), that
    card, the load it reaches against the card's moons (R2), whether the card then fades at the end of the
    turn (R28) and the doom that fade adds unless the group names the hidden fate this turn (R29)."""
    row = view["row"]
    target = slot or next((i + 1 for i, place in enumerate(row) if place["card"]), 0)
    if not target:
        return {"slot": 0, "card": None, "load": 0, "moons": 0, "fades": False, "doom": 0}
    card = deck().card(row[target - 1]["card"])
    load = view["loads"][target - 1] + hours(value)
    fades = load >= card.moons
    return {"slot": target, "card": card.id, "load": load, "moons": card.moons, "fades": fades,
            "doom": card.fade_doom if fades else 0}


def in_stock(s: State, power: str) -> int:
    """The stock index of the oldest card with this power, or NO."""
    powers = tables()[2]
    for i, card in enumerate(s.stock):
        if powers[card] == power:
            return i
    return NO


class ShipwreckArcana(StateCodec):
    info = INFO
    State = State

    # -- setup -------------------------------------------------------------------------------------------

    def setup(self, players: int, options: dict, seed: int) -> State:
        options = INFO.resolve_options(options)
        if options["challenge"] and players != 2:
            raise ValueError("the two-player challenge mode needs exactly 2 players")
        s = State(players, options, Rng(seed))
        s.left = [False] * players
        start = s.rng.below(players) if options["random_start"] else 0
        if options["challenge"]:
            # R47, R48: P1:A, P2:A, P1:B, P2:B with P1 the start player.
            s.owner = [start, 1 - start, start, 1 - start]
        else:
            s.owner = list(range(players))
        positions = len(s.owner)
        s.colour = list(range(positions))
        s.hand = [[] for _ in range(positions)]
        s.carried = [NO] * positions
        s.marks = [0] * positions
        s.clues = [[] for _ in range(positions)]
        s.order = list(range(positions))
        s.active = 0 if options["challenge"] else start
        s.last_played = s.order[(s.order.index(s.active) - 1) % positions]
        s.played_order = s.order[:]
        s.doom = DIFFICULTY[options["difficulty"]]
        cards = list(range(20))
        s.rng.shuffle(cards)
        s.deck = list(reversed(cards))  # the first shuffled card is the top
        s.row = [s.deck.pop() for _ in range(SLOTS)]
        s.fates = [[] for _ in range(SLOTS)]
        s.bag = list(range(TOKENS))
        s.handles = [NO] * TOKENS
        return s

    # -- decisions ---------------------------------------------------------------------------------------

    def pending(self, s: State) -> list:
        if s.phase == OVER:
            return []
        me = s.owner[s.active]
        if s.phase in (DRAW, PLAY, AFTER):
            return [_decision(me, s.phase, s.phase == PLAY)]
        if s.phase == REVEAL:
            pos = self._reveal_candidate(s)
            return [decision(s.owner[pos], "reveal", PROMPT + "reveal", declinable=True, position=pos)]
        return [_group_decision(p, s.phase) for p in predictors(s)]

    def _reveal_candidate(self, s: State) -> int:
        """R19, R41, R50: the next predictor-owned position holding a fate that has not kept it since the
        last public event, in turn order from the active one; NO when there is none."""
        me = s.owner[s.active]
        n = len(s.order)
        start = s.order.index(s.active)
        for i in range(1, n):
            pos = s.order[(start + i) % n]
            if s.owner[pos] != me and s.hand[pos] and pos not in s.asked:
                return pos
        return NO

    def legal_actions(self, s: State, seat: int) -> list[Action]:
        phase = s.phase
        if phase == OVER:
            return []
        me = s.owner[s.active]
        if phase in (DRAW, PLAY, AFTER):
            if seat != me:
                return []
            if phase == DRAW:
                return [_act(seat, "draw")]
            return self._plays(s, seat) if phase == PLAY else self._after(s, seat)
        if phase == REVEAL:
            pos = self._reveal_candidate(s)
            if seat != s.owner[pos]:
                return []
            return [_act(seat, "reveal", ("position", pos)), _act(seat, "keep", ("position", pos))]
        if seat == me or s.left[seat]:
            return []
        if phase == SECOND:
            first = s.predictions[0]
            return [_act(seat, "predict", ("value", v)) for v in range(1, 8) if v != first] + [_act(seat, "stop")]
        out = [_act(seat, "predict", ("value", v)) for v in range(1, 8)] + [_act(seat, "pass")]
        if not s.power_used:
            powers = tables()[2]
            held = {powers[c] for c in s.stock}
            if "higher_than" in held:
                out += [_act(seat, "ask", ("power", "higher_than"), ("x", x)) for x in range(1, 7)]
            for power in QUESTIONS:
                if power in held:
                    out.append(_act(seat, "ask", ("power", power)))
            if "twice" in held:
                out.append(_act(seat, "twice"))
        # R41: a predictor may reveal a fate held by a non-active position of theirs before predicting.
        out += [_act(seat, "reveal", ("position", pos)) for pos in s.order if s.owner[pos] == seat and s.hand[pos]]
        return out

    def _plays(self, s: State, seat: int) -> list[Action]:
        hand = s.hand[s.active]
        out = []
        if not s.power_used and s.deck and in_stock(s, "cycle") != NO:  # R9, §6.31
            out += [_act(seat, "cycle", ("slot", i + 1)) for i in range(SLOTS) if s.row[i] != NO and not s.fates[i]]
        values = [value_of(t) for t in hand]
        a, b = (values[0], 0) if len(values) == 1 else (min(values), max(values))
        found = legal_set(tuple(s.row), seen_mask(visible_counts(s)), a, b)
        if found:
            out += [_act(seat, "play", ("slot", slot), ("token", t)) for slot, v in found for t in hand
                    if value_of(t) == v]
        else:  # R12, R16: The Hours, with either token
            out += [_act(seat, "play", ("slot", 0), ("token", t)) for t in hand]
        return out

    def _after(self, s: State, seat: int) -> list[Action]:
        out = [_act(seat, "decline")]
        h = value_of(s.hidden)
        if in_stock(s, "discard_lower") != NO:  # §6.29
            out += [_act(seat, "discard", ("token", s.handles[t]), ("value", value_of(t))) for tokens in s.fates
                    for t in tokens if value_of(t) < h]
        if in_stock(s, "old") != NO:  # §6.30
            out.append(_act(seat, "old"))
        return out

    def side_actions(self, s: State, seat: int) -> list[Action]:
        """Actions outside the decision flow: number-line marks (R38) at any time by a player who does not
        own the position (each at most MARK_CHANGES times a turn), and joining or leaving between turns
        (R52–R54)."""
        if s.phase == OVER or not 0 <= seat < s.players or s.left[seat]:
            return []
        out = [_act(seat, "mark", ("position", pos), ("value", v)) for pos in s.order if s.owner[pos] != seat
               for v in range(1, 8) if s.marked.count(_mark_key(pos, v)) < MARK_CHANGES]
        if s.phase == DRAW and s.options["join_leave"] and not s.options["challenge"]:
            if len(s.order) < MAX_SEATS:
                out += [_act(seat, "join", ("at", i)) for i in range(len(s.order) + 1)]
            if len(s.order) > 2:
                out += [_act(seat, "leave", ("position", pos)) for pos in s.order]
        return out

    # -- advancing ---------------------------------------------------------------------------------------

    def apply(self, s: State, act: Action) -> list:
        events: list = []
        k = act.kind
        if k == "draw":
            self._draw(s, events)
        elif k == "cycle":
            self._cycle(s, act["slot"], events)
        elif k == "play":
            self._play(s, act["slot"], act["token"], events)
        elif k == "decline":
            self._open_prediction(s, events)
        elif k == "discard":
            self._discard_lower(s, s.handles.index(act["token"]), events)
        elif k == "old":
            self._old(s, events)
        elif k == "reveal":
            self._reveal(s, act["position"], events)
        elif k == "keep":
            s.asked.append(act["position"])
            if self._reveal_candidate(s) == NO:
                s.phase = PREDICT
        elif k == "ask":
            self._ask(s, act["power"], act.get("x"), events)
        elif k == "twice":
            self._use_power(s, "twice", events)
            s.twice = True
            events.append(ev("twice", seat=act.seat))
            self._after_public_event(s)
        elif k == "predict":
            self._predict(s, act.seat, act["value"], events)
        elif k == "pass":
            events.append(ev("passed", seat=act.seat, position=s.active))
            s.carried[s.active] = s.hidden  # R23: kept, and carried into this seat's next turn
            self._fade(s, events)
        elif k == "stop":
            events.append(ev("stopped", seat=act.seat))
            self._resolve(s, events)
        elif k == "mark":
            pos, v = act["position"], act["value"]
            s.marks[pos] ^= 1 << (v - 1)
            s.marked.append(_mark_key(pos, v))
            events.append(ev("marked", seat=act.seat, position=pos, value=v, on=bool(s.marks[pos] >> (v - 1) & 1)))
        elif k == "join":
            self._join(s, act["at"], events)
        elif k == "leave":
            self._leave(s, act["position"], events)
        else:
            raise AssertionError(f"unknown action {k}")
        return events

    def _draw(self, s: State, events: list) -> None:
        """R7, R8: draw to two fates; only the owner sees them."""
        pos = s.active
        hand = s.hand[pos]
        s.carried[pos] = hand[0] if hand else NO
        owner = (s.owner[pos],)
        while len(hand) < 2 and s.bag:
            t = s.bag.pop(s.rng.below(len(s.bag)))
            hand.append(t)
            events.append(common.moved(OWN_FATES[t], "bag", hand_id(pos), common.DOWN, "draw", visible_to=owner,
                                       secret=("value",), reveals=True, position=pos, value=value_of(t)))
        if not hand:
            self._fade(s, events)  # R8: nothing to play
        else:
            s.phase = PLAY

    def _use_power(self, s: State, power: str, events: list) -> None:
        """R33, R35, R44: spend the oldest copy; it goes under the deck, or out of the game (Restless)."""
        card = s.stock.pop(in_stock(s, power))
        s.power_used = True
        if s.options["restless"]:
            s.removed.append(card)
            events.append(common.moved(tables()[4][card], "stock", "removed", common.DOWN, "power", power=power))
        else:
            self._to_bottom(s, card)
            events.append(common.moved(tables()[4][card], "stock", "deck", common.UP, "power", power=power))

    def _to_bottom(self, s: State, card: int) -> None:
        s.deck.insert(0, card)
        s.known_bottom += 1

    def _cycle(self, s: State, slot: int, events: list) -> None:
        """§6.31: the deck's top replaces a fate-free card, which goes under the deck, the Cycle card under it."""
        ids = tables()[4]
        old = s.row[slot - 1]
        s.row[slot - 1] = s.deck.pop()
        self._to_bottom(s, old)
        events.append(common.moved(ids[s.row[slot - 1]], "deck", ROW_IDS[slot], common.UP, "cycle", slot=slot,
                                   out=ids[old], position=s.active))
        events.append(common.moved(ids[old], ROW_IDS[slot], "deck", common.UP, "cycled_out", slot=slot))
        self._use_power(s, "cycle", events)
        s.phase = PLAY

    def _play(self, s: State, slot: int, token: int, events: list) -> None:
        pos = s.active
        hand = s.hand[pos]
        counts = visible_counts(s)
        p = value_of(token)
        clue = ["play", list(s.row), counts, p, slot, loads(s), s.score, s.doom]
        hand.remove(token)
        s.played = token
        one = not hand
        target = slot
        if slot == 0:  # R12: moved at once to the leftmost occupied slot, or to the bag without one (H10)
            target = next((i + 1 for i in range(SLOTS) if s.row[i] != NO), 0)
            if target:
                s.via_hours.append(token)
        if target:
            s.fates[target - 1].append(token)
            s.handles[token] = HANDLES + s.placed
            s.placed += 1
        else:
            s.bag.append(token)
            s.bag.sort()
        piece, dst = (f"fate_{p}:{s.handles[token]}", FATES_IDS[target]) if target else (None, "bag")
        events.append(common.moved(piece, hand_id(pos), dst, common.UP if target else common.DOWN, "play",
                                   position=pos, slot=slot, target=target, value=p, token=s.handles[token],
                                   card=tables()[4][s.row[target - 1]] if target else None))
        self._known(s, p, counts, skip=pos)
        if one:  # R16: a one-fate turn has no hidden fate, no announcement and no prediction
            s.hand[pos] = []
            s.clues[pos] = []
            s.marks[pos] = 0
            s.carried[pos] = NO
            self._fade(s, events)
            return
        s.clues[pos].append(clue)
        s.hidden = hand[0]
        h = value_of(s.hidden)
        if target and slot and tables()[0][s.row[target - 1]] == "tell":  # R14
            answer = h > p
            s.clues[pos].append(["test", "gt", p, answer])
            events.append(ev("chalice", value=p, higher=answer))
        if not s.power_used and (in_stock(s, "discard_lower") != NO or in_stock(s, "old") != NO):
            # R15. The window opens whenever such a power is in stock, even with no target below the hidden
            # fate: opening it only then would tell everyone something about that fate (R34).
            s.phase = AFTER
        else:
            self._open_prediction(s, events)

    def _known(self, s: State, v: int, counts: list, skip: int) -> None:
        """E4: a token of value v became known from somewhere other than these positions' hands."""
        c = 3 - counts[v - 1]
        for pos in s.order:
            if pos != skip and s.clues[pos]:
                s.clues[pos].append(["known", v, c])

    def _discard_lower(self, s: State, token: int, events: list) -> None:
        """§6.29: a visible fate below the hidden one goes back to the bag (which may stop a fade)."""
        slot = next(i for i, tokens in enumerate(s.fates) if token in tokens) + 1
        s.fates[slot - 1].remove(token)
        if token in s.via_hours:
            s.via_hours.remove(token)
        s.bag.append(token)
        s.bag.sort()
        self._use_power(s, "discard_lower", events)
        s.clues[s.active].append(["test", "gt", value_of(token), True])
        events.append(common.moved(f"fate_{value_of(token)}:{s.handles[token]}", FATES_IDS[slot], "bag", common.DOWN,
                                   "discard_lower", value=value_of(token), token=s.handles[token]))
        s.handles[token] = NO
        self._open_prediction(s, events)

    def _old(self, s: State, events: list) -> None:
        """§6.30: was the played token the one carried into this turn?"""
        self._use_power(s, "old", events)
        answer = s.played == s.carried[s.active]
        s.clues[s.active].append(["old", answer])
        events.append(ev("old", answer=answer))
        self._open_prediction(s, events)

    def _open_prediction(self, s: State, events: list) -> None:
        """R18, R19: predictors may reveal, then the group decides."""
        s.asked = []
        s.phase = REVEAL if self._reveal_candidate(s) != NO else PREDICT

    def _after_public_event(self, s: State) -> None:
        """R19: after every public event of the step, AI predictors are offered the reveal again."""
        self._open_prediction(s, [])

    def _reveal(self, s: State, pos: int, events: list) -> None:
        """R41: a predictor shows a held fate and returns it to the bag; the position draws two next time."""
        token = s.hand[pos][0]
        v = value_of(token)
        self._known(s, v, visible_counts(s), skip=pos)
        self._empty(s, pos)
        s.bag.append(token)
        s.bag.sort()
        # Only the value is shown: which of its three tokens it is stays secret (R13), so no piece is named.
        events.append(common.revealed((), hand_id(pos), why="reveal", position=pos, value=v))
        events.append(common.moved(None, hand_id(pos), "bag", common.DOWN, "reveal", position=pos))
        self._after_public_event(s)

    def _empty(self, s: State, pos: int) -> None:
        """R39, E5: an empty hand resets the position's number line and its evidence."""
        s.hand[pos] = []
        s.clues[pos] = []
        s.marks[pos] = 0
        s.carried[pos] = NO

    def _ask(self, s: State, power: str, x, events: list) -> None:
        """§6.23–6.27: a question power answered truthfully and publicly."""
        h = value_of(s.hidden)
        self._use_power(s, power, events)
        if power == "higher_than":
            answer = h > x
            s.clues[s.active].append(["test", "gt", x, answer])
        else:
            answer = h in QUESTIONS[power]
            s.clues[s.active].append(["test", "in", list(QUESTIONS[power]), answer])
        events.append(ev("answered", power=power, x=x, answer=answer))
        self._after_public_event(s)

    def _predict(self, s: State, seat: int, v: int, events: list) -> None:
        s.predictions.append(v)
        right = v == value_of(s.hidden)
        events.append(ev("predicted", seat=seat, value=v))
        if not right and s.twice and len(s.predictions) == 1:  # R22: "wrong", nothing more
            s.clues[s.active].append(["test", "ne", v, True])
            events.append(ev("wrong_once", value=v))
            s.phase = SECOND
            return
        self._resolve(s, events)

    def _resolve(self, s: State, events: list) -> None:
        """R24–R27."""
        pos = s.active
        h = value_of(s.hidden)
        s.correct = h in s.predictions
        if s.correct:
            s.score += 1
        else:
            s.doom += 1
        self._known(s, h, visible_counts(s), skip=pos)
        events.append(ev("resolved", correct=s.correct, value=h, score=s.score, doom=s.doom, reveals=True))
        events.append(common.moved(None, hand_id(pos), "bag", common.DOWN, "resolve", position=pos))
        s.bag.append(s.hidden)
        s.bag.sort()
        self._empty(s, pos)
        if s.score >= GOAL:
            self._end(s, "won", events)
        elif s.doom >= GOAL:
            self._end(s, "doom", events)
        else:
            self._fade(s, events)

    def _end(self, s: State, outcome: str, events: list) -> None:
        s.outcome = outcome
        s.phase = OVER
        events.append(ev("game_over", outcome=outcome, score=s.score, doom=s.doom))

    def _fade(self, s: State, events: list) -> None:
        """R28–R31: fade in slot order, each with its doom and refill; then the refill pass."""
        _, _, _, fade_doom, ids = tables()
        for slot in fading(s):
            i = slot - 1
            card = s.row[i]
            fade_moves = [common.moved(f"fate_{value_of(t)}:{s.handles[t]}", FATES_IDS[slot], "bag", common.DOWN,
                                       "fade") for t in s.fates[i]]
            fade_moves.append(common.moved(ids[card], ROW_IDS[slot], "stock", common.DOWN, "fade", slot=slot))
            for t in s.fates[i]:
                s.handles[t] = NO
                if t in s.via_hours:
                    s.via_hours.remove(t)
            s.bag.extend(s.fates[i])
            s.bag.sort()
            s.fates[i] = []
            s.stock.append(card)
            s.row[i] = NO
            cost = 0 if s.correct else fade_doom[card]
            s.doom = min(GOAL, s.doom + cost)
            events.append(ev("faded", slot=slot, card=ids[card], doom=cost))
            events += fade_moves
            if s.doom >= GOAL:
                self._end(s, "doom", events)
                return
            if not self._refill(s, i, events) and s.options["restless"]:
                self._end(s, "deck", events)  # R45
                return
        for i in range(SLOTS):
            if s.row[i] == NO:
                self._refill(s, i, events)  # R30
        self._end_turn(s, events)

    def _refill(self, s: State, i: int, events: list) -> bool:
        if not s.deck:
            return False
        s.row[i] = s.deck.pop()
        s.known_bottom = min(s.known_bottom, len(s.deck))
        events.append(common.moved(tables()[4][s.row[i]], "deck", ROW_IDS[i + 1], common.UP, "refill", slot=i + 1))
        return True

    def _end_turn(self, s: State, events: list) -> None:
        """R32: flags cleared; the next position in turn order."""
        pos = s.active
        if s.hand[pos]:
            s.carried[pos] = s.hand[pos][0]
        s.power_used = s.correct = s.twice = False
        s.played = s.hidden = NO
        s.predictions = []
        s.asked = []
        s.last_played = pos
        s.played_order = s.order[:]
        s.marked = []
        s.active = s.order[(s.order.index(pos) + 1) % len(s.order)]
        s.turn += 1
        s.phase = DRAW
        events.append(common.turn_started(s.owner[s.active], s.turn, position=s.active))

    def _join(self, s: State, at: int, events: list) -> None:
        """R53: a new player with a new position, inserted at `at` in the turn order."""
        player = s.players
        s.players += 1
        s.left.append(False)
        pos = len(s.owner)
        used = {s.colour[p] for p in s.order}
        s.owner.append(player)
        s.colour.append(min(c for c in range(MAX_SEATS) if c not in used))
        s.hand.append([])
        s.carried.append(NO)
        s.marks.append(0)
        s.clues.append([])
        s.order.insert(at, pos)
        s.active = self._next_active(s)
        events.append(ev("joined", player=player, position=pos, at=at, reveals=True))

    def _leave(self, s: State, pos: int, events: list) -> None:
        """R54: the position's fate goes back unseen; the turn passes on as R55 says."""
        events += [common.moved(None, hand_id(pos), "bag", common.DOWN, "leave", position=pos) for _ in s.hand[pos]]
        s.bag.extend(s.hand[pos])
        s.bag.sort()
        self._empty(s, pos)
        s.order.remove(pos)
        s.left[s.owner[pos]] = True
        s.active = self._next_active(s)
        events.append(ev("left", player=s.owner[pos], position=pos))

    def _next_active(self, s: State) -> int:
        """R55 after any joins and leaves: the first position after the one that just played in the new order.
        If that one has left, or nobody has played yet (H14: the start position still starts), the first
        position after it in the order at the end of that turn that still remains, so a position that joined
        since is never chosen this way, whatever the order of the joins and leaves."""
        if s.turn > 1 and s.last_played in s.order:
            return s.order[(s.order.index(s.last_played) + 1) % len(s.order)]
        old = s.played_order
        i = old.index(s.last_played)
        for k in range(1, len(old) + 1):
            if old[(i + k) % len(old)] in s.order:
                return old[(i + k) % len(old)]
        return s.order[0]  # every position of that order has left: the new order starts from its first

    # -- reading -----------------------------------------------------------------------------------------

    def view(self, s: State, seat) -> dict:
        ids = tables()[4]
        own = isinstance(seat, int) and 0 <= seat < s.players
        assist = s.options["assist"]
        counts = visible_counts(s)
        positions = []
        for pos in range(len(s.owner)):
            mine = own and s.owner[pos] == seat
            positions.append({
                "owner": s.owner[pos], "colour": s.colour[pos], "count": len(s.hand[pos]),
                "in_play": pos in s.order,
                "hand": [{"token": t, "value": value_of(t), "old": t == s.carried[pos]} for t in s.hand[pos]]
                if mine else [],
                "carried": s.carried[pos] != NO,
                "marks": [bool(s.marks[pos] >> i & 1) for i in range(7)],
                "clues": [list(c) for c in s.clues[pos]],
                "ruled_out": eliminated(s.clues[pos]) if assist else [],
            })
        return {
            "game": INFO.id, "viewer": seat if own else None, "players": s.players, "options": dict(s.options),
            "phase": s.phase, "turn": s.turn, "active": s.active, "active_owner": s.owner[s.active],
            "order": list(s.order), "left": list(s.left), "positions": positions,
            "predictors": predictors(s) if s.phase != OVER else [],
            "row": [{"card": ids[c] if c != NO else None,
                     "fates": [{"token": s.handles[t], "value": value_of(t), "via_hours": t in s.via_hours}
                               for t in tokens]}
                    for c, tokens in zip(s.row, s.fates, strict=True)],
            "loads": loads(s), "visible": counts, "fading": fading(s) if s.phase not in (DRAW, OVER) else [],
            "deck_top": ids[s.deck[-1]] if s.deck else None, "deck": len(s.deck),
            "deck_bottom": [ids[c] for c in s.deck[:s.known_bottom]],
            "stock": [ids[c] for c in s.stock], "removed": [ids[c] for c in s.removed],
            "bag": len(s.bag), "score": s.score, "doom": s.doom, "power_used": s.power_used,
            "played": value_of(s.played) if s.played != NO else None, "predictions": list(s.predictions),
            "twice": s.twice, "outcome": s.outcome or None, "zones": zones(s, seat, own),
            "seating": [[pos, s.owner[pos]] for pos in s.order],
        }

    def result(self, s: State) -> Result | None:
        if s.phase != OVER:
            return None
        won = s.outcome == "won"
        n = s.players
        return Result([s.score] * n, list(range(n)) if won else [], [1] * n,
                      {"outcome": s.outcome, "score": s.score, "doom": s.doom, "turns": s.turn,
                       "difficulty": s.options["difficulty"]}, teams=[Team(tuple(range(n)), s.score, won)])

    def turn_marker(self, s: State) -> tuple:
        return (s.turn, s.active)

    def determinize(self, s: State, seat: int, rng: Rng) -> State:
        """§8, §13.8: a full state consistent with what `seat` knows, and made from that knowledge alone.

        Only a fate's value is public, never which of the three tokens of that value it is, so the tokens are
        relabelled: the seat's own hands keep theirs (its view names them); each fate it saw become public (row
        fates in the order of their handles, then a played or hidden fate that went back to the bag) takes the
        first free token of its value; the tokens left are the fates it cannot see, shuffled and dealt to the
        other positions' hands and the bag. The deck below its public top is shuffled, except the cards seen
        going to the bottom, and the RNG is fresh."""
        out = s.copy()
        out.rng = Rng(rng.next64())
        mine = [pos for pos in range(len(s.owner)) if s.owner[pos] == seat]
        others = [pos for pos in range(len(s.owner)) if s.owner[pos] != seat]
        relabel = {t: t for pos in mine for t in s.hand[pos]}
        free = [t for t in range(TOKENS) if t not in relabel]

        def known(t: int) -> None:
            if t != NO and t not in relabel:
                relabel[t] = next(x for x in free if value_of(x) == value_of(t))
                free.remove(relabel[t])

        for _, t in sorted((s.handles[t], t) for tokens in s.fates for t in tokens):
            known(t)
        held = {t for pos in others for t in s.hand[pos]}
        public_in_bag = [t for t in (s.played, s.hidden) if t != NO and t not in held and t not in relabel]
        for t in public_in_bag:
            known(t)
        out.fates = [[relabel[t] for t in tokens] for tokens in s.fates]
        out.via_hours = [relabel[t] for t in s.via_hours]
        out.handles = [NO] * TOKENS
        for t, new in relabel.items():
            out.handles[new] = s.handles[t]
        rng.shuffle(free)
        for pos in others:
            n = len(s.hand[pos])
            out.hand[pos] = free[:n]
            del free[:n]
        out.bag = sorted(free + [relabel[t] for t in public_in_bag])
        for pos in mine:
            out.carried[pos] = relabel[s.carried[pos]] if s.carried[pos] != NO else NO
        for pos in others:
            out.carried[pos] = out.hand[pos][0] if s.carried[pos] != NO and out.hand[pos] else NO
        out.played = relabel.get(s.played, NO)
        out.hidden = relabel.get(s.hidden, NO)
        if s.owner[s.active] != seat and s.hand[s.active] and s.hidden != NO:
            out.hidden = out.hand[s.active][0]
        if s.played != NO and s.carried[s.active] != NO and s.owner[s.active] != seat:
            # R13: whether the played fate was the carried one is known only from this turn's Old? answer.
            clues = s.clues[s.active]
            last = max((i for i, c in enumerate(clues) if c[0] == "play"), default=-1)
            told = [c[1] for c in clues[last + 1:] if c[0] == "old"]
            played_old = told[0] if told else rng.below(2) == 0
            if played_old:
                out.carried[s.active] = out.played
        lo, hi = s.known_bottom, len(s.deck) - 1
        if hi - lo > 1:
            middle = sorted(out.deck[lo:hi])
            rng.shuffle(middle)
            out.deck[lo:hi] = middle
        return out


def _mark_key(pos: int, v: int) -> int:
    return pos * 8 + v


@cache
def _decision(seat: int, phase: str, secret: bool):
    return decision(seat, phase, PROMPT + phase, declinable=phase == AFTER, secret=secret)


@cache
def _group_decision(seat: int, phase: str):
    return decision(seat, phase, PROMPT + phase, declinable=True, group=GROUP)


@cache
def _act(seat: int, kind: str, *pairs) -> Action:
    """A shared action from (name, value) pairs already in name order."""
    return Action(seat, kind, pairs)


__all__ = ["INFO", "POWERS", "ShipwreckArcana"]
