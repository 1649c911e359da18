"""Dead Man's Draw rules (spec: shared/rules/dead-mans-draw.md): setup, decisions, legality, views,
results and determinization. The card effects themselves are in effects.py.

Modelling choice: the first Draw of a turn and the Kraken's forced Draws (R2, R11b) are not choices, but
they are still actions, each the only legal one. That way nothing leaves the draw pile without the
player's own gesture at the table, and a turn's start is visible in the log. Every other single-option
decision is taken automatically (R9).
"""

from __future__ import annotations

from ...core import events as common
from ...core.actions import Action, action, decision
from ...core.rng import Rng
from ...core.rules import GameInfo, OptionSpec, Result, StateCodec
from . import effects as fx
from . import zones
from .cards import SUIT_ORDER, TRAIT_EFFECTS, deck
from .odds import bust_odds
from .state import MARK, NO, OVER, PLAY, TRAITS, Choice, State

INFO = GameInfo(
    id="deadmans_draw",
    names={"en": "Dead Man's Draw", "ja": "デッドマンズ・ドロー"},
    min_players=2,
    max_players=4,
    play_time=(10, 20),
    age=8,
    year=2015,
    designers=("Tom Lehmann", "Bill Rowland"),
    version="1",
    options=(
        OptionSpec("traits", True, label="deadmans_draw.option.traits", help="deadmans_draw.option.traits_help"),
        OptionSpec("sword_no_play_suit", False, label="deadmans_draw.option.sword_no_play_suit",
                   help="deadmans_draw.option.sword_no_play_suit_help"),
        OptionSpec("show_discard", True, label="deadmans_draw.option.show_discard", assist=True,
                   help="deadmans_draw.option.show_discard_help"),
        OptionSpec("show_odds", True, label="deadmans_draw.option.show_odds", assist=True,
                   help="deadmans_draw.option.show_odds_help"),
    ),
    house_data={
        "en": "Trait names and pirate names are our own; the official ones are not known.",
        "ja": "特質カードの名前と海賊の名前は公式名が不明なため、独自のものです。",
    },
)

PROMPT = "deadmans_draw.prompt."
SUIT_INDEX = {sid: i for i, sid in enumerate(SUIT_ORDER)}


class DeadMansDraw(StateCodec):
    info = INFO
    State = State

    def __init__(self):
        # Actions and decisions are made once: legal_actions and pending run in every step of every search.
        seats = range(INFO.max_players)
        self._draw = [Action(s, "draw") for s in seats]
        self._collect = [Action(s, "collect") for s in seats]
        self._suit_acts = {k: [[action(s, k, suit=sid) for sid in SUIT_ORDER] for s in seats]
                           for k in ("hook", "sabotage")}
        self._target_acts = {k: [[[action(s, k, target=o, suit=sid) for sid in SUIT_ORDER] for o in seats]
                                 for s in seats] for k in ("cannon", "sword")}
        kinds = ("draw", "draw_or_collect", "hook", "sabotage", "cannon", "sword", "map", "navigate", "plunder",
                 "mark")
        self._decisions = [{k: decision(s, k, PROMPT + k) for k in kinds} for s in range(INFO.max_players)]

    # -- setup -------------------------------------------------------------------------------------------

    def setup(self, players: int, options: dict, seed: int) -> State:
        options = INFO.resolve_options(options)
        state = State(players, options, Rng(seed))
        state.discard = [c for c in range(60) if c % 6 == 0]  # the lowest card of each suit (§4.1)
        state.draw = [c for c in range(60) if c % 6]
        state.rng.shuffle(state.draw)
        state.banks = [[[] for _ in SUIT_ORDER] for _ in range(players)]
        state.traits = [NO] * players
        state.kept = [NO] * players
        if options["traits"]:
            pool = list(range(len(TRAIT_EFFECTS)))
            state.rng.shuffle(pool)
            state.dealt = [sorted(pool[2 * s:2 * s + 2]) for s in range(players)]
            state.undealt = sorted(pool[2 * players:])
            state.phase = TRAITS
        else:
            state.dealt = [[] for _ in range(players)]
            self._begin(state, [])
        return state

    def _begin(self, state: State, events: list) -> None:
        """After the traits: the random start player (H26), the Vulture's mark (H3), the first turn."""
        state.start = state.current = state.rng.below(state.players)
        events.append(fx.ev("start_player", seat=state.start))
        holder = next((s for s, t in enumerate(state.traits) if t == fx.VULTURE), NO)
        if holder != NO and state.players == 2:
            state.mark = 1 - holder
            events.append(fx.ev("mark", seat=holder, target=state.mark))
        elif holder != NO:
            state.phase = MARK
            state.choice = Choice(holder, "mark")
            return
        state.turn = 1
        fx.start_turn(state, events)

    # -- decisions and legality --------------------------------------------------------------------------

    def pending(self, state: State) -> list:
        if state.phase == TRAITS:
            return [decision(s, "keep_trait", PROMPT + "keep_trait", secret=True)
                    for s in range(state.players) if state.kept[s] == NO]
        if state.phase == OVER:
            return []
        ch = state.choice
        if ch.kind == "draw" and state.owed:
            return [decision(ch.seat, "draw", PROMPT + "forced_draw", owed=state.owed)]
        return [self._decisions[ch.seat][ch.kind]]

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if state.phase == TRAITS:
            if state.kept[seat] != NO:
                return []
            traits = deck().traits
            return [action(seat, "keep_trait", trait=traits[t].id) for t in state.dealt[seat]]
        ch = state.choice
        if ch is None or ch.seat != seat:
            return []
        kind = ch.kind
        if kind == "draw":
            return [self._draw[seat]]
        if kind == "draw_or_collect":
            return [self._draw[seat], self._collect[seat]]
        if kind == "hook" or kind == "sabotage":
            acts = self._suit_acts[kind][seat]
            return [acts[s] for s in fx.hook_options(state)]
        if kind == "cannon" or kind == "sword":
            acts = self._target_acts[kind][seat]
            options = fx.cannon_options(state) if kind == "cannon" else fx.sword_options(state)
            return [acts[o][s] for o, s in options]
        if kind in ("map", "navigate"):
            return [action(seat, kind, card=fx.CARD_ID[c]) for c in sorted(set(ch.cards))]
        if kind == "plunder":
            return [action(seat, kind, target=o) for o in fx.plunder_sources(state)]
        if kind == "mark":
            return [action(seat, kind, target=o) for o in range(state.players) if o != seat]
        raise AssertionError(f"unknown choice {kind}")

    # -- advancing ---------------------------------------------------------------------------------------

    def apply(self, state: State, act: Action) -> list:
        events: list = []
        kind = act.kind
        if kind == "keep_trait":
            self._keep_trait(state, act, events)
            return events
        ch, state.choice = state.choice, None
        if kind == "mark":
            state.mark = act["target"]
            events.append(fx.ev("mark", seat=act.seat, target=state.mark))
            state.phase = PLAY
            state.turn = 1
            fx.start_turn(state, events)
            return events
        if kind == "draw":
            card = state.draw.pop()
            was_known = state.known > 0
            if was_known:
                state.known -= 1
            fx.place(state, card, "draw", events, reveals=not was_known)
        elif kind == "collect":
            fx.collect(state, events)
        elif kind == "hook":
            fx.resolve_hook(state, SUIT_INDEX[act["suit"]], events)
        elif kind == "sabotage":
            fx.resolve_sabotage(state, SUIT_INDEX[act["suit"]], events)
        elif kind == "cannon":
            fx.resolve_cannon(state, (act["target"], SUIT_INDEX[act["suit"]]), events)
        elif kind == "sword":
            fx.resolve_sword(state, (act["target"], SUIT_INDEX[act["suit"]]), events)
        elif kind == "map":
            fx.resolve_map(state, fx.CARD_INDEX[act["card"]], events, ch.cards)
        elif kind == "navigate":
            fx.resolve_navigate(state, fx.CARD_INDEX[act["card"]], events)
        elif kind == "plunder":
            fx.plunder(state, act["target"], ch.cards[0], events)
            fx.end_turn(state, events)
        else:
            raise AssertionError(f"unknown action {kind}")
        self.settle(state, events)
        return events

    def _keep_trait(self, state: State, act: Action, events: list) -> None:
        trait = deck().trait(act["trait"]).index
        state.kept[act.seat] = trait
        events.append(common.moved(act["trait"], zones.DEALT_IDS[act.seat], zones.TRAIT_IDS[act.seat], common.DOWN,
                                   "keep", visible_to=(act.seat,), seat=act.seat))
        if NO in state.kept:
            return
        state.traits = state.kept[:]
        traits = deck().traits
        for seat, t in enumerate(state.traits):  # face up, all at once
            events.append(common.revealed((traits[t].id,), zones.TRAIT_IDS[seat], why="traits", reveals=False,
                                          seat=seat))
        self._begin(state, events)

    @staticmethod
    def settle(state: State, events: list) -> None:
        """Unwind what is left after a resolution, then the decision after the step (R11)."""
        while state.phase == PLAY and state.choice is None:
            if state.after:
                state.after.pop()  # "hook2": Double Hook's second pick, from the Bank as it is now (H23)
                options = fx.hook_options(state)
                if options:
                    fx.offer(state, "hook", options, fx.resolve_hook, NO, events)
                continue
            if not state.draw:
                if state.owed:
                    events.append(fx.ev("kraken", seat=state.current, owed=0))  # R10: it lapses
                    state.owed = 0
                fx.collect(state, events)  # R11a
            elif state.owed:
                state.choice = Choice(state.current, "draw")  # R11b
            else:
                state.choice = Choice(state.current, "draw_or_collect")  # R11c

    # -- reading -----------------------------------------------------------------------------------------

    def view(self, state: State, seat) -> dict:
        traits = deck().traits
        revealed = state.phase != TRAITS
        own = isinstance(seat, int) and 0 <= seat < state.players
        draw_pile = zones.draw_pile(state)  # bottom first
        choice = None
        if state.choice is not None:
            choice = {"seat": state.choice.seat, "kind": state.choice.kind,
                      "cards": [fx.CARD_ID[c] for c in state.choice.cards] if state.choice.kind in (
                          "map", "navigate") else []}
        return {
            "game": INFO.id,
            "viewer": seat if own else None,
            "players": state.players,
            "options": dict(state.options),
            "phase": state.phase,
            "turn": state.turn,
            "current": state.current,
            "start": state.start,
            "draw": draw_pile[::-1],  # top first; unknown cards are handles
            "discard": sorted(fx.CARD_ID[c] for c in state.discard),
            "play": [fx.CARD_ID[c] for c in state.play],
            "banks": [{SUIT_ORDER[s]: [fx.CARD_ID[c] for c in stack] for s, stack in enumerate(bank) if stack}
                      for bank in state.banks],
            "scores": [fx.score(state, s) for s in range(state.players)],
            "card_counts": [fx.bank_size(state, s) for s in range(state.players)],
            "traits": [traits[t].id if revealed and t != NO else None for t in state.traits],
            "trait_chosen": [k != NO for k in state.kept] if state.phase == TRAITS else None,
            # Private to the seat: the two traits while choosing, and after the reveal the one it returned
            # (§8.2: it stays known to that player, though it changes nothing in the rules).
            "dealt": [traits[t].id for t in state.dealt[seat]] if own and state.phase == TRAITS else [],
            "my_pick": traits[state.kept[seat]].id if own and state.phase == TRAITS and state.kept[seat] != NO
            else None,
            "returned": self._returned(state, seat) if own and state.phase != TRAITS else None,
            "mark": state.mark if state.mark != NO else None,
            "owed": state.owed,
            "hooked": fx.CARD_ID[state.hooked] if state.hooked != NO else None,
            "choice": choice,
            "bust_odds": bust_odds(state) if state.phase == PLAY else None,
            "zones": zones.zones(state, seat, own, draw_pile),
            "seating": [[s, s] for s in range(state.players)],
        }

    @staticmethod
    def _returned(state: State, seat: int) -> str | None:
        """The trait `seat` was dealt and did not keep; None in a game without traits."""
        other = [t for t in state.dealt[seat] if t != state.traits[seat]]
        return deck().traits[other[0]].id if other else None

    def result(self, state: State) -> Result | None:
        if state.phase != OVER:
            return None
        n = state.players
        scores = [fx.score(state, s) for s in range(n)]
        cards = [fx.bank_size(state, s) for s in range(n)]
        key = [(scores[s], cards[s]) for s in range(n)]
        best = max(key)
        winners = [s for s in range(n) if key[s] == best]  # H29: score, then card count, then shared
        ranking = [1 + sum(1 for o in range(n) if key[o] > key[s]) for s in range(n)]
        details = {
            "tops": [{SUIT_ORDER[i]: fx.VALUE[stack[-1]] for i, stack in enumerate(bank) if stack}
                     for bank in state.banks],
            "mermaid_bonus": [5 * len(state.banks[s][fx.MERMAID]) if state.traits[s] == fx.MERMAID_COLLECTOR
                              else 0 for s in range(n)],
            "cards": cards,
        }
        return Result(scores, winners, ranking, details)

    def turn_marker(self, state: State) -> tuple:
        return (state.turn, state.current, state.phase)

    # -- state plumbing ----------------------------------------------------------------------------------

    def determinize(self, state: State, seat: int, rng: Rng) -> State:
        """Re-deal everything `seat` cannot know, as a function of what it does know (§8): the draw pile
        below its revealed top, other seats' dealt, kept and returned traits, and the future RNG."""
        s = state.copy()
        s.rng = Rng(rng.next64())
        hidden = sorted(s.draw[:len(s.draw) - s.known])
        rng.shuffle(hidden)
        s.draw[:len(hidden)] = hidden
        s.discard.sort()
        if s.dealt and any(s.dealt):
            public = set(t for t in s.traits if t != NO) if s.phase != TRAITS else set()
            mine = set(s.dealt[seat])
            pool = sorted(set(range(17)) - public - mine)
            rng.shuffle(pool)
            for other in range(s.players):
                if other == seat:
                    continue
                if s.phase == TRAITS:
                    s.dealt[other] = sorted(pool.pop() for _ in range(2))
                    if s.kept[other] != NO:
                        s.kept[other] = s.dealt[other][rng.below(2)]
                else:
                    s.dealt[other] = sorted((s.traits[other], pool.pop()))
            s.undealt = sorted(pool)
        return s
