"""Three-Dragon Ante: Legendary Edition rules (spec: shared/rules/three-dragon-ante.md, 2–6 players).

Setup (§4), the engine that runs the stack of frames (the gambit's flow in flow.py, the powers in effects/),
the sealed ante (D1), every other decision as the one open question `state.ask`, views and determinization
(§8) and the result (§7).
"""

from __future__ import annotations

from functools import cache

from ...core.actions import Action, decision
from ...core.rng import Rng
from ...core.rules import GameInfo, IllegalAction, OptionSpec, Result, StateCodec
from . import flights
from .cards import SPECIALS_IN_GAME, deck, table
from .effects import RESOLVERS, missing
from .flow import FLOW, stop_rounds
from .moves import public_bits
from .state import ANTE, NO, State
from .zones import known_in_hand, zones

SPECIAL_IDS = tuple(c.id for c in deck().specials)
CLASSIC_IDS = deck().classic

INFO = GameInfo(
    id="three_dragon_ante",
    names={"en": "Three-Dragon Ante: Legendary Edition", "ja": "スリードラゴン・アンティ:レジェンダリー・エディション"},
    min_players=2,
    max_players=6,
    play_time=(30, 30),
    age=12,
    year=2019,
    designers=("Rob Heinsoo",),
    version="1",
    options=(
        OptionSpec("specials", "random", ("random", "classic", "choose"), label="three_dragon_ante.option.specials",
                   help="three_dragon_ante.option.specials_help"),
        OptionSpec("chosen", CLASSIC_IDS, (), label="three_dragon_ante.option.chosen",
                   help="three_dragon_ante.option.chosen_help", pick=SPECIALS_IN_GAME, pick_from=SPECIAL_IDS,
                   shown_when=("specials", "choose")),
    ),
    house_data={
        "en": "The colours of Bahamut, the Dracolich and both Wyrmlings (colourless) are our decision, and so are "
              "the Japanese card names.",
        "ja": "バハムート、ドラコリッチ、2種のワームリングを無色とする扱いと、カードの日本語名は独自のものです。",
    },
)

PROMPT = "three_dragon_ante.prompt."
RESOLVERS.update(FLOW)  # the flow's frames run like powers' (one lookup in the engine's loop)
HAND_SIZE = 6
ANTE_KIND = "ante"


class ThreeDragonAnte(StateCodec):
    info = INFO
    State = State

    # -- setup (§4) --------------------------------------------------------------------------------------

    def setup(self, players: int, options: dict, seed: int) -> State:
        options = INFO.resolve_options(options)
        options["chosen"] = list(options["chosen"])  # JSON holds lists: the state's options round-trip
        n = players
        s = State(n, options, Rng(seed))
        t = table()
        specials = self._specials(s, options)
        s.out = sorted(c for c in t.specials if c not in specials)
        s.deck = list(t.standard) + sorted(specials)
        s.rng.shuffle(s.deck)
        s.gold = [10 * n] * n
        s.hole_gold = [0] * n
        s.hands = [[] for _ in range(n)]
        s.flights = [[] for _ in range(n)]
        s.seen = [0] * len(t.ids)
        if options["specials"] != "random":
            for c in s.out:
                s.seen[c] = public_bits(s)  # the unused set is public knowledge (§8)
        s.start = s.rng.below(n)
        for _ in range(HAND_SIZE):
            for i in range(n):
                seat = (s.start + i) % n
                card = s.deck.pop()
                s.hands[seat].append(card)
                s.seen[card] |= 1 << seat
        s.stack = [["gambit", 0, NO, NO]]
        run(s, [])
        return s

    @staticmethod
    def _specials(s: State, options: dict) -> list[int]:
        t = table()
        if options["specials"] == "classic":
            return list(t.classic)
        if options["specials"] == "choose":
            return [t.index[c] for c in options["chosen"]]
        return s.rng.sample(t.specials, SPECIALS_IN_GAME)

    # -- decisions ---------------------------------------------------------------------------------------

    def pending(self, s: State) -> list:
        if s.over:
            return []
        if s.phase == ANTE:
            return [_ante_decision(seat) for seat in range(s.players) if s.sealed[seat] == NO]
        seat, kind, _, params, secret = s.ask
        if not params:  # a play (the commonest question): shared decisions
            return [_plain_decision(seat, kind, secret)]
        return [decision(seat, kind, PROMPT + kind, secret=secret, **dict(params))]

    def legal_actions(self, s: State, seat: int) -> list[Action]:
        if s.over:
            return []
        if s.phase == ANTE:
            if 0 <= seat < s.players and s.sealed[seat] == NO:
                ids = table().ids
                return [_act(seat, ANTE_KIND, card) for card in sorted({ids[c] for c in s.hands[seat]})]
            return []
        if s.ask[0] != seat:
            return []
        kind = s.ask[1]
        return [_act(seat, kind, option) for option in s.ask[2]]

    def apply(self, s: State, act: Action) -> list:
        events: list = []
        choice = act["choice"] if act.args else None
        if s.phase == ANTE:
            seat = act.seat
            if act.kind != ANTE_KIND or not (0 <= seat < s.players) or s.sealed[seat] != NO \
                    or table().index.get(choice, NO) not in s.hands[seat]:
                raise IllegalAction(f"{act!r} is not legal now")
            s.sealed[seat] = table().index[choice]
            events.append(_sealed_event(seat, choice))
            if NO in s.sealed:
                return events
            s.ask = []
        else:
            if s.over or not s.ask or s.ask[0] != act.seat or s.ask[1] != act.kind or choice not in s.ask[2]:
                raise IllegalAction(f"{act!r} is not legal now")
            s.ask = []
            s.answer = choice
        run(s, events)
        return events

    # -- reading -----------------------------------------------------------------------------------------

    def view(self, s: State, seat) -> dict:
        ids = table().ids
        own = isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < s.players
        ask = None
        if s.ask and s.phase != ANTE:
            ask = {"seat": s.ask[0], "kind": s.ask[1], "params": {k: v for k, v in s.ask[3]},
                   "options": list(s.ask[2]) if own and seat == s.ask[0] else None}
        return {
            "game": INFO.id, "viewer": seat if own else None, "players": s.players, "options": _options(s),
            "phase": s.phase, "gambit": s.gambit, "round": s.round, "leader": s.leader, "start": s.start,
            "current": s.current, "gold": list(s.gold), "hole_gold": list(s.hole_gold), "stakes": s.stakes,
            "hole": s.hole, "hand": [ids[c] for c in s.hands[seat]] if own else [],
            "hand_sizes": [len(h) for h in s.hands], "deck": len(s.deck), "discard": [ids[c] for c in s.discard],
            "ante": [ids[c] for c in s.ante],
            "reveal": [ids[c] for c in s.reveal] if s.reveal_owner in (NO, seat) else len(s.reveal),
            "reveal_owner": s.reveal_owner if s.reveal_owner != NO else None,
            "flights": [[ids[c] for c in f] for f in s.flights],
            "strengths": [flights.current(s, p) for p in range(s.players)],
            "round_cards": [ids[c] if c >= 0 else None for c in s.round_cards],
            "sealed": [c != NO for c in s.sealed] if s.phase == ANTE else [],
            "my_ante": ids[s.sealed[seat]] if own and s.phase == ANTE and s.sealed[seat] >= 0 else None,
            "effects": {"archmage": list(s.archmage), "bronze_warlord": list(s.warlord),
                        "gold_monarch": list(s.monarch), "dracolich": list(s.dracolich), "druid": s.druid,
                        "priest": s.priest, "merchant_prince": s.payee if s.payee != NO else None,
                        "marks": [ids[c] for c in s.marks]},
            "colour_paid": list(s.colour_paid), "strength_paid": list(s.strength_paid),
            "known": [[holder, ids[c]] for holder in range(s.players) if not (own and holder == seat)
                      for c in known_in_hand(s, seat if own else None, holder)],
            "deck_top": ids[s.deck_known[1]] if own and s.deck_known and s.deck_known[0] == seat else None,
            "specials": _specials_seen(s, seat if own else None),
            "out": len(s.out) if s.options["specials"] == "random" else [ids[c] for c in s.out],
            "ask": ask, "winner": s.winner if s.winner != NO else None, "over": s.over,
            "zones": zones(s, seat, own, ids),
            "seating": [[p, p] for p in range(s.players)],
        }

    def result(self, s: State) -> Result | None:
        if not s.over:
            return None
        top = max(s.gold)
        winners = [p for p in range(s.players) if s.gold[p] == top]
        ranking = [1 + sum(1 for g in s.gold if g > s.gold[p]) for p in range(s.players)]
        return Result(list(s.gold), winners, ranking, {"gold": list(s.gold), "hole": s.hole, "gambits": s.gambit})

    def turn_marker(self, s: State) -> tuple:
        return (s.turn_serial,)

    def determinize(self, s: State, seat: int, rng: Rng) -> State:
        return determinize(s, seat, rng)


def run(s: State, events: list) -> None:
    """Run the top frame until a question is open or the game is over; a frame that returns True is done.
    The moment the stakes empty during the rounds (R42), every frame above the gambit is cancelled."""
    stack = s.stack
    get = RESOLVERS.get
    while not s.ask and not s.over:
        frame = stack[-1]
        done = get(frame[0], missing)(s, frame, events)
        if s.stopped and len(stack) > 1:
            stop_rounds(s, events)
            stack = s.stack
        elif done:
            stack.pop()


def determinize(s: State, seat: int, rng: Rng) -> State:
    """§8: everything `seat` has not seen is re-dealt: other hands (but for the cards it knows there), the
    deck (but for a top card it knows), another seat's private reveal, other seats' sealed ante cards, and
    under Random 10 which unseen specials are in the game. What other seats alone know is forgotten.
    Meant for a seat that is deciding or not being asked: a question open to another seat keeps its options
    (a hand's cards), as no search ever samples for a seat while another one is answering."""
    out = s.copy()
    out.rng = Rng(rng.next64())
    me = 1 << seat
    public = 1 << s.players
    t = table()
    known = {c for who, c in s.known if who in (NO, seat)}
    slots = []  # (zone list, position) of every card the seat cannot name
    for holder in range(s.players):
        if holder != seat:
            slots += [(out.hands[holder], i) for i, c in enumerate(s.hands[holder]) if c not in known]
    top_known = bool(s.deck_known) and s.deck_known[0] == seat and s.deck and s.deck[-1] == s.deck_known[1]
    slots += [(out.deck, i) for i in range(len(s.deck) - (1 if top_known else 0))]
    if s.reveal_owner not in (NO, seat):
        slots += [(out.reveal, i) for i in range(len(s.reveal))]
    pool = sorted(lst[i] for lst, i in slots)
    if s.options["specials"] == "random":
        unseen = [c for c in t.specials if not s.seen[c] & (me | public)]
        hidden_specials = [c for c in pool if c in unseen]
        pool = [c for c in pool if c not in unseen]
        rng.shuffle(unseen)
        pool += unseen[:len(hidden_specials)]
        out.out = sorted(unseen[len(hidden_specials):])
        pool.sort()
    rng.shuffle(pool)
    for (lst, i), card in zip(slots, pool, strict=True):
        lst[i] = card
    if s.phase == ANTE:
        for holder in range(s.players):
            if holder != seat and s.sealed[holder] >= 0:
                out.sealed[holder] = out.hands[holder][rng.below(len(out.hands[holder]))]
    out.known = [k for k in out.known if k[0] in (NO, seat)]
    if not top_known:
        out.deck_known = []
    out.seen = [bits & (me | public) for bits in s.seen]
    return out


def _options(s: State) -> dict:
    out = dict(s.options)
    out["chosen"] = list(out["chosen"])
    return out


def _specials_seen(s: State, seat) -> list:
    """The specials `seat` knows to be in the game (all ten unless Random 10, §8)."""
    t = table()
    if s.options["specials"] != "random":
        return sorted(t.ids[c] for c in t.specials if c not in s.out)
    mask = (1 << s.players) | ((1 << seat) if seat is not None else 0)
    return sorted(t.ids[c] for c in t.specials if s.seen[c] & mask)


@cache
def _act(seat: int, kind: str, choice) -> Action:
    return Action(seat, kind, (("choice", choice),))


@cache
def _plain_decision(seat: int, kind: str, secret: bool) -> list:
    return decision(seat, kind, PROMPT + kind, secret=secret)


@cache
def _ante_decision(seat: int):
    return decision(seat, ANTE_KIND, PROMPT + ANTE_KIND, secret=True)


def _sealed_event(seat: int, card_id: str):
    from ...core.events import Event
    return Event("ante_sealed", (("seat", seat), ("card", card_id)), frozenset((seat,)), ("card",))


__all__ = ["ThreeDragonAnte", "INFO", "run", "determinize"]
