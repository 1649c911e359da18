"""Deadwood 1876 rules (spec: shared/rules/deadwood-1876.md, 4–9 players): setup with the character choice
(D1) and the secret safe pass (D2), the normal rounds and their turns, the three-safe limit and transfers
(D8, D9), the Heists (D13), the badge round (D14), final scoring with the Mystery Safes (D15) and the Final
Showdowns (D16). Fights are in fights.py, items in items.py, knowledge in knowledge.py, claims in claims.py,
views and determinization in seeing.py.
"""

from __future__ import annotations

from functools import cache, lru_cache

from ...core import events as common
from ...core.actions import Action, decision
from ...core.events import Event
from ...core.rng import Rng
from ...core.rules import GameInfo, IllegalAction, OptionSpec, Result, StateCodec, Team
from . import claims, deck, fights, items, knowledge, places, seeing
from .cards import data
from .deck import (
    COMMIT_IDS,
    HAND_IDS,
    ROW_IDS,
    USED_IDS,
    card_index,
    commit_from_hand,
    discard_from,
    distinct,
    hand_size,
    heist_count,
    normal_rounds,
    refill,
    return_to_hand,
    safe_index,
    safe_tables,
    tables,
)
from .state import (
    ACCEPT,
    ATTACKER,
    CHARACTER,
    DEFEND,
    DEFENDER,
    DESTINATION,
    DUEL,
    DUSTER,
    HEIST,
    MYSTERY,
    NO,
    OFFER,
    OVER,
    PASS,
    PEEK,
    ROB,
    TRANSFER,
    TURN,
    VOLLEY,
    State,
)

INFO = GameInfo(
    id="deadwood",
    names={"en": "Deadwood 1876", "ja": "デッドウッド1876"},
    min_players=4,
    max_players=9,
    play_time=(15, 30),  # spec §1: about 15–30 minutes in the app
    age=14,
    year=2018,
    designers=("Travis Hancock",),
    version="1",
    options=(
        OptionSpec("mystery_safes", False, label="deadwood.option.mystery_safes",
                   help="deadwood.option.mystery_safes_help"),
        OptionSpec("fight_odds", True, label="deadwood.option.fight_odds", help="deadwood.option.fight_odds_help",
                   assist=True),
        OptionSpec("ai_claims", True, label="deadwood.option.ai_claims", help="deadwood.option.ai_claims_help"),
    ),
    house_data={
        "en": "The gun dice, the gun and item pairing on the cards, the safe mix, the name Bella Union, the star "
              "colours and the Mystery Safes are our own design: the real values are not known.",
        "ja": "銃のダイスの目、カードの銃と道具の組み合わせ、金庫の内訳、ベラ・ユニオンという名前、駒の色、"
              "ミステリー金庫は独自のものです(実物の値が不明なため)。",
    },
)

PROMPT = "deadwood.prompt."
TEAM_KEY = "deadwood.team."  # + an establishment id: the text key naming its team
SIDES = ("attacker", "defender")


def bit(p: int) -> int:
    return 1 << p


class Deadwood(StateCodec):
    info = INFO
    State = State

    # -- setup (§4) -------------------------------------------------------------------------------------

    def setup(self, players: int, options: dict, seed: int) -> State:
        options = INFO.resolve_options(options)
        if not INFO.min_players <= players <= INFO.max_players:
            raise ValueError(f"deadwood: {players} players (4–9 only, H1)")
        n = players
        s = State(n, options, Rng(seed))
        s.first = s.active = s.rng.below(n)  # H9
        s.chars, s.est, s.passes = [NO] * n, [NO] * n, [NO] * n
        s.commits, s.offers, s.sides, s.wounds, s.gold = [NO] * n, [NO] * n, [NO] * n, [0] * n, [0] * n
        s.hands, s.rows, s.trk, s.used = [[] for _ in range(n)], [[] for _ in range(n)], \
            [[] for _ in range(n)], [[] for _ in range(n)]
        s.unk = [[0] * n for _ in range(n)]
        s.draw = list(range(len(tables()[0])))
        silver = [i for i, t in enumerate(safe_tables()[1]) if t == "mystery"]
        s.box = [i for i in range(len(safe_tables()[0])) if i not in silver or options["mystery_safes"]]
        s.gone = [] if options["mystery_safes"] else silver
        s.phase = CHARACTER
        return s

    def _choose_character(self, s: State, seat: int, char: int, events: list) -> None:
        """D1, setup step 3: in seat order from the first player."""
        s.chars[seat] = char
        events.append(Event("character", (("seat", seat), ("character", places.char_ids()[char]))))
        s.active = (seat + 1) % s.players
        if NO not in s.chars:
            self._deal(s, events)

    def _deal(self, s: State, events: list) -> None:
        """Setup steps 4–7: stars from the bag, the Deadwood cards, the heist stack, two safes each."""
        n = s.players
        bag = list(range(n))
        s.rng.shuffle(bag)
        cycle = (0, 1) if n == 4 else (0, 1, 2)  # H2: nobody starts at the Grand Central Hotel with 4
        for i, seat in enumerate(bag):
            s.est[seat] = cycle[i % len(cycle)]
            events.append(common.moved(places.char_ids()[s.chars[seat]], "characters", places.zone_of(s.est[seat]),
                                       common.UP, "place", seat=seat))
        s.rng.shuffle(s.draw)
        events.append(common.shuffled("draw", "setup"))
        size = hand_size(n)
        for seat in range(n):
            for _ in range(size):
                card = s.draw.pop()
                s.hands[seat].append(card)
                events.append(common.moved(tables()[0][card], "draw", HAND_IDS[seat], common.DOWN, "deal",
                                           visible_to=(seat,), seat=seat))
            s.hands[seat].sort()
        pool = s.box
        s.rng.shuffle(pool)
        s.heist = pool[:heist_count(n)]
        for seat in range(n):
            start = heist_count(n) + 2 * seat
            s.rows[seat] = pool[start:start + 2]
            s.trk[seat] = [bit(seat), bit(seat)]
            for safe in s.rows[seat]:
                events.append(common.moved(safe_tables()[0][safe], "box", ROW_IDS[seat], common.DOWN, "deal",
                                           visible_to=(seat,), seat=seat))
        s.box = sorted(pool[heist_count(n) + 2 * n:])
        s.phase = PASS

    def _pass_safes(self, s: State, events: list) -> None:
        """Setup steps 7–8: every pass at once; each row (kept + received) shuffled."""
        n = s.players
        passed = [s.rows[p][s.passes[p]] for p in range(n)]
        kept = [s.rows[p][1 - s.passes[p]] for p in range(n)]
        ids = safe_tables()[0]
        for p in range(n):
            q = (p + 1) % n
            events.append(common.moved(ids[passed[p]], ROW_IDS[p], ROW_IDS[q], common.DOWN, "pass",
                                       visible_to=(q,), seat=p))
        for q in range(n):
            p = (q - 1) % n
            s.rows[q] = [kept[q], passed[p]]
            s.rng.shuffle(s.rows[q])
            s.trk[q] = [bit(q), bit(q)]
            s.unk[p][q] |= bit(passed[p])
            events.append(common.shuffled(ROW_IDS[q], "pass", seat=q))
        s.passes = [NO] * n
        s.round = 1
        s.step = 0
        self._next_turn(s, events)

    # -- turns (R2, R3, R11) ----------------------------------------------------------------------------

    def _next_turn(self, s: State, events: list) -> None:
        """The next turn of the normal round, or what follows the round (a Heist or the badge round)."""
        if s.step < s.players:
            seat = (s.first + s.step) % s.players
            s.step += 1
            self._start_turn(s, seat, False, events)
        elif s.round <= heist_count(s.players):
            self._heist(s, events)
        else:
            s.round += 1  # the badge round
            events.append(Event("badge_round", ()))
            self._badge_next(s, events)

    def _start_turn(self, s: State, seat: int, optional: bool, events: list) -> None:
        s.active = seat
        s.turns += 1
        s.claimed = 0
        s.optional = optional
        s.phase = TURN
        events.append(common.turn_started(seat, s.turns, round=s.round, optional=optional))
        if not optional and not self._turn_actions(s, seat):
            events.append(Event("no_action", (("seat", seat),)))  # R11: nothing legal, the turn passes
            self._end_turn(s, events)

    def _end_turn(self, s: State, events: list) -> None:
        if s.round <= normal_rounds(s.players):
            self._next_turn(s, events)
        else:
            self._badge_next(s, events)

    def _after_action(self, s: State, events: list) -> None:
        """R10 then R5: a 4th safe in the normal rounds is transferred first, then the refills, then what
        comes next."""
        if s.round <= normal_rounds(s.players):
            for p in range(s.players):
                if len(s.rows[p]) >= 4:
                    s.giver = p
                    s.phase = TRANSFER
                    return
        for p in s.refills:
            refill(s, p, events)
        s.refills = []
        then, s.then = s.then, ""
        if then == "heist":
            s.round += 1
            s.step = 0
            self._next_turn(s, events)
        else:
            self._end_turn(s, events)

    def _refill_order(self, s: State, seats: list, start: int) -> list:
        """R5: in turn order from `start` (the active player, or the first player after a Heist)."""
        n = s.players
        return sorted(set(seats), key=lambda p: (p - start) % n)

    # -- heists (R18) -----------------------------------------------------------------------------------

    def _heist(self, s: State, events: list) -> None:
        s.up = s.heist.pop()
        events.append(common.moved(safe_tables()[0][s.up], "heist", "heist_up", common.UP, "flip", reveals=True,
                                   round=s.round))
        takers = [p for p in range(s.players) if s.hands[p]]
        if len(takers) >= 2:
            s.phase = HEIST
            return
        if takers:  # one participant wins without rolling (H25)
            self._heist_won(s, takers[0], [], events)
            return
        events.append(common.moved(safe_tables()[0][s.up], "heist_up", "gone", common.UP, "unclaimed"))
        s.gone.append(s.up)
        s.up = NO
        s.then = "heist"
        self._after_action(s, events)

    def _heist_fight(self, s: State, events: list) -> None:
        """All heist cards are in: reveal, roll, reroll the tied top (R18.3)."""
        n = s.players
        order = [(s.first + i) % n for i in range(n)]
        takers = [p for p in order if s.commits[p] != NO]
        ids, gun = tables()[0], tables()[1]
        for p in takers:
            events.append(common.revealed((ids[s.commits[p]],), COMMIT_IDS[p], None, "heist", seat=p))
        contenders = takers
        while len(contenders) > 1:
            got = {p: fights.roll(s, p, (gun[s.commits[p]],), "heist", events) for p in contenders}
            top = max(got.values())
            contenders = [p for p in contenders if got[p] == top]
        for p in takers:  # R7: in seat order from the first player
            discard_from(s, p, s.commits[p], COMMIT_IDS[p], "heist", events)
            s.commits[p] = NO
        self._heist_won(s, contenders[0], takers, events)

    def _heist_won(self, s: State, winner: int, takers: list, events: list) -> None:
        safe, s.up = s.up, NO
        events.append(Event("heist_won", (("seat", winner), ("safe", safe_tables()[0][safe]))))
        events.append(common.moved(safe_tables()[0][safe], "heist_up", ROW_IDS[winner], common.DOWN, "heist",
                                   visible_to=(winner,), seat=winner))
        knowledge.enter_shuffled(s, winner, safe, knowledge.everyone(s))
        events.append(common.shuffled(ROW_IDS[winner], "won", seat=winner))
        s.refills = self._refill_order(s, takers, s.first)
        s.then = "heist"
        self._after_action(s, events)

    # -- the badge round (R19) --------------------------------------------------------------------------

    def _last_badge(self, s: State) -> int:
        return 6 if s.options["mystery_safes"] else 5

    def _badge_next(self, s: State, events: list) -> None:
        if s.queue:
            seat = s.queue.pop(0)
            events.append(Event("bonus_turn", (("seat", seat),)))
            self._start_turn(s, seat, True, events)
            return
        while s.called < self._last_badge(s):
            s.called += 1
            where = self._badge_holder(s, s.called)
            if where is None:
                events.append(Event("badge_called", (("number", s.called), ("seat", None))))
                continue
            p, k = where
            safe = knowledge.turn_up(s, p, k)
            events.append(Event("badge_called", (("number", s.called), ("seat", p))))
            events.append(common.revealed((safe_tables()[0][safe],), ROW_IDS[p], None, "badge", seat=p, slot=k + 1))
            self._start_turn(s, p, True, events)
            return
        self._score(s, events)

    def _badge_holder(self, s: State, number: int):
        for p, row in enumerate(s.rows):
            for k, safe in enumerate(row):
                if badge_number(safe) == number:
                    return p, k
        return None

    def _steal_bonus(self, s: State, safe: int, robber: int, events: list) -> None:
        """R19.3, H27: a badge already called, robbed in the badge round, gives one bonus turn, once."""
        number = badge_number(safe)
        if s.round > normal_rounds(s.players) and number and number <= s.called and not s.bonus_used >> number & 1:
            s.bonus_used |= bit(number)
            s.queue.append(robber)
            events.append(Event("steal_bonus", (("seat", robber), ("number", number))))

    # -- final scoring (R21) ----------------------------------------------------------------------------

    def _score(self, s: State, events: list) -> None:
        ids = safe_tables()[0]
        everyone = knowledge.everyone(s)
        for p in range(s.players):
            for k, safe in enumerate(s.rows[p]):
                s.faceup |= bit(safe)
                s.trk[p][k] = everyone
            if s.rows[p]:
                events.append(common.revealed(tuple(ids[x] for x in s.rows[p]), ROW_IDS[p], None, "scoring", seat=p))
        s.unk = [[0] * s.players for _ in range(s.players)]
        _, types, values, effects = safe_tables()
        s.gold = [sum(values[x] for x in row if types[x] == "gold") for row in s.rows]
        for effect in ("mystery_gold_rush", "mystery_fools_gold"):  # §6.11 before §6.12
            for p in range(s.players):
                for x in s.rows[p]:
                    if effects[x] == effect:
                        s.mysteries += [p, x]
        self._next_mystery(s, events)

    def _next_mystery(self, s: State, events: list) -> None:
        while s.mysteries:
            p = s.mysteries[0]
            if s.hands[p]:
                s.phase = MYSTERY
                return
            self._mystery(s, p, NO, events)
        self._teams(s, events)

    def _mystery(self, s: State, seat: int, card: int, events: list) -> None:
        """D15: the card is shown and stays in hand; its gun die is rolled (an empty hand gives 0)."""
        safe = s.mysteries[1]
        del s.mysteries[:2]
        got = 0
        if card != NO:
            s.shown |= 1 << card  # it stays in hand, seen by all (H32)
            events.append(common.revealed((tables()[0][card],), HAND_IDS[seat], None, "mystery", seat=seat))
            got = fights.roll(s, seat, (tables()[1][card],), "mystery", events)
        fools = safe_tables()[3][safe] == "mystery_fools_gold"
        s.gold[seat] = max(0, s.gold[seat] - got) if fools else s.gold[seat] + got
        events.append(Event("mystery", (("seat", seat), ("safe", safe_tables()[0][safe]), ("roll", got),
                                        ("gold", s.gold[seat]))))

    def _teams(self, s: State, events: list) -> None:
        """R21.3–5, §7: the richest teams, then the smallest of them, win; each yields one winner."""
        teams = team_gold(s)
        events.append(Event("scored", (("gold", tuple(s.gold)), ("teams", tuple(teams.items())))))
        for e in winning_teams(s):
            members = places.occupants(s, e)
            if len(members) == 1:
                s.winners.append(members[0])
            else:
                s.showdowns.append(e)
        self._next_showdown(s, events)

    # -- Final Showdowns (R22) --------------------------------------------------------------------------

    def _next_showdown(self, s: State, events: list) -> None:
        if not s.showdowns:
            s.phase = OVER
            s.winners.sort()
            events.append(Event("game_over", (("winners", tuple(s.winners)),)))
            return
        e = s.showdowns.pop(0)
        s.alive = places.occupants(s, e)
        events.append(Event("showdown", (("establishment", places.est_ids()[e]), ("seats", tuple(s.alive)))))
        self._volley(s, events)

    def _volley(self, s: State, events: list) -> None:
        """R22.2: cards come back when every survivor's hand is empty; then the secret commitments."""
        if all(not s.hands[p] for p in s.alive) and any(s.used[p] for p in s.alive):
            for p in s.alive:
                for card in s.used[p]:
                    return_to_hand(s, p, card, USED_IDS[p], "returned", events)
                s.used[p] = []
        if any(s.hands[p] for p in s.alive):
            s.phase = VOLLEY
            return
        self._volley_fire(s, events)

    def _volley_fire(self, s: State, events: list) -> None:
        ids, gun = tables()[0], tables()[1]
        for p in s.alive:
            if s.commits[p] != NO:
                events.append(common.revealed((ids[s.commits[p]],), COMMIT_IDS[p], None, "volley", seat=p))
        dice = {p: ((gun[s.commits[p]],) if s.commits[p] != NO else ()) + showdown_guns(s, p) for p in s.alive}
        tied = list(s.alive)
        while len(tied) > 1:
            if not any(dice[p] for p in tied):  # H29: nobody rolls anything: chosen at random
                tied = [tied[s.rng.below(len(tied))]]
                break
            got = {p: fights.roll(s, p, dice[p], "volley", events) if dice[p] else 0 for p in tied}
            low = min(got.values())
            tied = [p for p in tied if got[p] == low]
        hit = tied[0]
        for p in s.alive:  # H33: showdown cards stay face up in front of their owner
            if s.commits[p] != NO:
                s.used[p].append(s.commits[p])
                events.append(common.moved(ids[s.commits[p]], COMMIT_IDS[p], USED_IDS[p], common.UP, "volley",
                                           seat=p))
                s.commits[p] = NO
        s.wounds[hit] += 1
        events.append(Event("wounded" if s.wounds[hit] == 1 else "eliminated", (("seat", hit),)))
        if s.wounds[hit] == 2:
            s.alive.remove(hit)
        if len(s.alive) == 1:
            s.winners.append(s.alive[0])
            events.append(Event("showdown_won", (("seat", s.alive[0]),)))
            s.alive = []
            self._next_showdown(s, events)
        else:
            self._volley(s, events)

    # -- decisions ----------------------------------------------------------------------------------------

    def pending(self, s: State) -> list:
        phase = s.phase
        if phase == TURN:
            return [_decision(s.active, TURN, s.optional)]
        if phase == DEFEND:
            return [_decision(s.defender, DEFEND, False, True)]
        if phase == OFFER:
            return [_decision(s.asked[0], OFFER, True)]
        if phase == ACCEPT:
            side = ATTACKER if s.holsters[ATTACKER] == fights.UNSET else DEFENDER
            return [_decision(s.attacker if side == ATTACKER else s.defender, ACCEPT, True)]
        if phase in (HEIST, VOLLEY):
            seats = s.alive if phase == VOLLEY else range(s.players)
            return [_decision(p, phase, False, True) for p in seats if s.hands[p] and s.commits[p] == NO]
        if phase == PASS:
            return [_decision(p, PASS, False, True) for p in range(s.players) if s.passes[p] == NO]
        if phase == CHARACTER:
            return [_decision(s.active, CHARACTER)]
        if phase in (DESTINATION, PEEK, DUSTER):
            return [_decision(s.attacker if phase == DESTINATION else s.active, phase)]
        if phase == TRANSFER:
            return [_decision(s.giver, TRANSFER)]
        if phase == MYSTERY:
            return [_decision(s.mysteries[0], MYSTERY)]
        return []

    def legal_actions(self, s: State, seat: int) -> list[Action]:
        if not isinstance(seat, int) or not 0 <= seat < s.players:
            raise IllegalAction(f"deadwood: no seat {seat!r} at this table")
        if not self._deciding(s, seat):
            return []
        phase = s.phase
        ids = tables()[0]
        if phase == TURN:
            out = self._turn_actions(s, seat)
            if s.optional:
                out.append(_act(seat, "pass"))
            if not s.claimed >> seat & 1:
                out += claims.actions(s, seat)
            return out
        if phase in (DEFEND, HEIST, VOLLEY, MYSTERY):
            out = [_act(seat, phase, ("card", ids[c])) for c in distinct(s.hands[seat])]
            if phase == DEFEND and not s.claimed >> seat & 1:
                out += claims.actions(s, seat)
            return out
        if phase == OFFER:
            return [_act(seat, "no_offer")] + [_act(seat, "offer", ("card", ids[c]), ("side", side))
                                               for c in items.holster_cards(s, seat) for side in SIDES]
        if phase == ACCEPT:
            side = ATTACKER if s.holsters[ATTACKER] == fights.UNSET else DEFENDER
            return [_act(seat, "accept", ("owner", NO))] + [_act(seat, "accept", ("owner", p))
                                                             for p in fights.offers_to(s, side)]
        if phase == PASS:
            return [_act(seat, "pass_safe", ("safe", safe_tables()[0][x])) for x in s.rows[seat]]
        if phase == CHARACTER:
            taken = set(s.chars)
            return [_act(seat, "character", ("character", c)) for i, c in enumerate(places.char_ids())
                    if i not in taken]
        if phase == DESTINATION:
            return [_act(seat, "destination", ("to", places.est_ids()[e])) for e in places.destinations(s, s.defender)]
        if phase == PEEK:
            return [_act(seat, "peek", ("slot", k + 1), ("target", p)) for p, k in items.peek_targets(s, seat)]
        if phase == DUSTER:
            return [_act(seat, "discard", ("cards", tuple(ids[c] for c in combo)))
                    for combo in items.discard_choices(s, seat)]
        if phase == TRANSFER:
            counts = [len(row) if p != seat else 99 for p, row in enumerate(s.rows)]
            fewest = min(counts)
            return [_act(seat, "transfer", ("slot", k + 1), ("to", p)) for k in range(len(s.rows[seat]))
                    for p in range(s.players) if counts[p] == fewest]
        return []

    def _deciding(self, s: State, seat: int) -> bool:
        phase = s.phase
        if phase in (HEIST, VOLLEY, PASS):
            return any(d.seat == seat for d in self.pending(s))
        pending = self.pending(s)
        return bool(pending) and pending[0].seat == seat

    def _turn_actions(self, s: State, seat: int) -> list:
        """D3 (R11): each distinct card for a Robbery of any slot, a Duel, or its usable item. The hottest
        code of the engine: the actions of one card are made once per table shape and shared."""
        hand = distinct(s.hands[seat])
        if not hand:
            return []
        est = s.est
        here = est[seat]
        horses = tuple(places.destinations(s, seat))
        # R15, H20: a same-establishment target can be moved only where the attacker's Horse could go.
        duels = tuple(p for p in range(s.players) if p != seat and (est[p] != here or horses))
        lens = tuple(len(row) if p != seat else 0 for p, row in enumerate(s.rows))
        out: list = []
        for c in hand:
            out += _card_actions(seat, c, lens, duels, horses)
        return out

    # -- advancing --------------------------------------------------------------------------------------

    def apply(self, s: State, act: Action) -> list:
        """`act` is one of `legal_actions` (Match checks it)."""
        events: list = []
        kind, seat = act.kind, act.seat
        handler = getattr(self, "_on_" + kind)
        handler(s, seat, act, events)
        return events

    def _card(self, act: Action) -> int:
        return card_index()[act["card"]]

    def _on_character(self, s, seat, act, events):
        self._choose_character(s, seat, places.char_ids().index(act["character"]), events)

    def _on_pass_safe(self, s, seat, act, events):
        s.passes[seat] = s.rows[seat].index(safe_index()[act["safe"]])
        events.append(Event("sealed", (("seat", seat), ("what", PASS))))
        if NO not in s.passes:
            self._pass_safes(s, events)

    def _on_claim(self, s, seat, act, events):
        claims.make(s, seat, act, events)

    def _on_pass(self, s, seat, act, events):
        events.append(Event("declined_turn", (("seat", seat),)))
        self._end_turn(s, events)

    def _on_rob(self, s, seat, act, events):
        self._declare(s, seat, ROB, act, act["slot"] - 1, events)

    def _on_duel(self, s, seat, act, events):
        self._declare(s, seat, DUEL, act, NO, events)

    def _declare(self, s, seat, kind, act, slot, events):
        if fights.declare(s, seat, kind, self._card(act), act["target"], slot, events):
            self._fight_over(s, ATTACKER, events)

    def _on_defend(self, s, seat, act, events):
        fights.defend(s, seat, self._card(act), events)
        self._next_offer(s, events)

    def _on_offer(self, s, seat, act, events):
        fights.offer(s, seat, self._card(act), SIDES.index(act["side"]), events)
        self._next_offer(s, events)

    def _on_no_offer(self, s, seat, act, events):
        fights.offer(s, seat, NO, NO, events)
        self._next_offer(s, events)

    def _next_offer(self, s, events):
        if s.asked:
            s.phase = OFFER
            return
        self._next_accept(s, events)

    def _on_accept(self, s, seat, act, events):
        side = ATTACKER if s.holsters[ATTACKER] == fights.UNSET else DEFENDER
        fights.accept(s, side, act["owner"], events)
        self._next_accept(s, events)

    def _next_accept(self, s, events):
        if fights.chooser(s) != NO:
            s.phase = ACCEPT
            return
        self._fight_over(s, fights.shoot(s, events), events)

    def _fight_over(self, s: State, winner: int, events: list) -> None:
        """R13.7: discards, the outcome (R14, R15), then transfers and refills."""
        used = fights.clear_table(s, events)
        s.refills = self._refill_order(s, used, s.active)
        s.then = "turn"
        fighter = s.attacker if winner == ATTACKER else s.defender
        events.append(Event("fight_won", (("seat", fighter), ("fight", s.fight))))
        if winner == ATTACKER:
            if s.fight == ROB:
                safe = fights.rob_result(s, events)
                self._steal_bonus(s, safe, s.attacker, events)
            elif fights.duel_result(s, events):
                return  # D7 first
        fights.end_fight(s)
        self._after_action(s, events)

    def _on_destination(self, s, seat, act, events):
        places.move(s, s.defender, places.est_ids().index(act["to"]), "duel", events)
        fights.end_fight(s)
        self._after_action(s, events)

    def _on_transfer(self, s, seat, act, events):
        """D8, D9, R9(b): to the right end of the receiver's row, no shuffle."""
        to, k = act["to"], act["slot"] - 1
        safe, trackers = knowledge.leave(s, seat, k)
        knowers = trackers | bit(to)
        events.append(common.moved(safe_tables()[0][safe], ROW_IDS[seat], ROW_IDS[to], common.DOWN, "transfer",
                                   visible_to=fights._seats(knowers), seat=seat, slot=k + 1, to=to))
        knowledge.append(s, to, safe, trackers)
        s.giver = NO
        self._after_action(s, events)

    def _on_duster_coat(self, s, seat, act, events):
        if not items.duster(s, seat, self._card(act), events):
            self._end_turn(s, events)  # no further refill (§6.4)

    def _on_discard(self, s, seat, act, events):
        items.discard_down(s, seat, tuple(card_index()[c] for c in act["cards"]), events)
        self._end_turn(s, events)

    def _on_horse(self, s, seat, act, events):
        items.horse(s, seat, self._card(act), places.est_ids().index(act["to"]), events)
        s.refills, s.then = [seat], "turn"
        self._after_action(s, events)

    def _on_stetson_hat(self, s, seat, act, events):
        items.stetson(s, seat, self._card(act), events)

    def _on_peek(self, s, seat, act, events):
        if items.peek(s, seat, act["target"], act["slot"] - 1, events):
            s.peeked = []
            s.refills, s.then = [seat], "turn"
            self._after_action(s, events)

    def _on_heist(self, s, seat, act, events):
        self._commit(s, seat, act, events)
        if not self.pending(s):
            self._heist_fight(s, events)

    def _on_volley(self, s, seat, act, events):
        self._commit(s, seat, act, events)
        if not self.pending(s):
            self._volley_fire(s, events)

    def _commit(self, s, seat, act, events):
        commit_from_hand(s, seat, self._card(act), events)

    def _on_mystery(self, s, seat, act, events):
        self._mystery(s, seat, self._card(act), events)
        self._next_mystery(s, events)

    # -- reading ------------------------------------------------------------------------------------------

    def view(self, s: State, seat) -> dict:
        out = seeing.view(s, seat)
        # Once every safe is face up (final scoring), the guns each player's safes add to a Final Showdown,
        # Jammed Gun applied (R22.1), as gun ids.
        guns = data().guns
        out["showdown_guns"] = None if out["gold"] is None else [[guns[g].id for g in showdown_guns(s, p)]
                                                                 for p in range(s.players)]
        return out

    def determinize(self, s: State, seat: int, rng: Rng) -> State:
        return seeing.determinize(s, seat, rng)

    def result(self, s: State) -> Result | None:
        if s.phase != OVER:
            return None
        n = s.players
        teams = team_gold(s)
        won = set(winning_teams(s))
        ids = places.est_ids()
        # A team's name is a text key (Team), its establishment's; the table reads the ids from the details.
        out = [Team(tuple(places.occupants(s, e)), teams[e], e in won, TEAM_KEY + ids[e]) for e in sorted(teams)]
        winners = sorted(s.winners)
        return Result(list(s.gold), winners, [1 if p in winners else 2 for p in range(n)],
                      {"gold": list(s.gold), "wounds": list(s.wounds), "establishments": [ids[e] for e in s.est]},
                      out)

    def turn_marker(self, s: State) -> tuple:
        return (s.turns, s.active)


def badge_number(safe: int) -> int:
    """The number a safe is called at in the badge round (the Deputy Badge is 6), or 0."""
    _, types, values, effects = safe_tables()
    if types[safe] == "badge" or effects[safe] == "mystery_deputy_badge":
        return values[safe]
    return 0


def team_gold(s) -> dict:
    """Establishment -> team gold, for every establishment with a star (empty ones are not teams)."""
    out = {}
    for e in range(3):
        members = places.occupants(s, e)
        if members:
            out[e] = sum(s.gold[p] for p in members)
    return out


def winning_teams(s) -> list:
    """§7: highest team gold, then fewest members; the rest tied all win."""
    teams = team_gold(s)
    top = max(teams.values())
    rich = [e for e, g in teams.items() if g == top]
    fewest = min(len(places.occupants(s, e)) for e in rich)
    return [e for e in rich if len(places.occupants(s, e)) == fewest]


def showdown_guns(s, seat: int) -> tuple:
    """R22.1, §6.13: the gun of every Showdown Gun safe held, minus the best one with a Jammed Gun."""
    _, types, values, effects = safe_tables()
    guns = sorted(values[x] for x in s.rows[seat] if types[x] == "showdown_gun")
    if guns and any(effects[x] == "mystery_jammed_gun" for x in s.rows[seat]):
        guns.pop()
    return tuple(guns)


@cache
def _decision(seat: int, kind: str, declinable: bool = False, secret: bool = False):
    """A seat's decision; a declinable turn (a badge or bonus turn) has its own prompt."""
    prompt = PROMPT + ("turn_optional" if kind == TURN and declinable else kind)
    return decision(seat, kind, prompt, declinable=declinable, secret=secret)


@lru_cache(maxsize=1 << 16)
def _card_actions(seat: int, c: int, lens: tuple, duels: tuple, horses: tuple) -> tuple:
    """One card's turn actions: a Robbery of every other player's every slot (`lens`: row lengths, the
    seat's own as 0), a Duel of each legal target, its item if usable (the hat: any other safe exists)."""
    ids, _, item, _ = tables()
    cid = ids[c]
    out = [_act(seat, ROB, ("card", cid), ("slot", k + 1), ("target", p)) for p, n in enumerate(lens)
           for k in range(n)]
    out += [_act(seat, DUEL, ("card", cid), ("target", p)) for p in duels]
    it = item[c]
    if it == deck.DUSTER:
        out.append(_act(seat, "duster_coat", ("card", cid)))
    elif it == deck.HORSE:
        out += [_act(seat, "horse", ("card", cid), ("to", places.est_ids()[e])) for e in horses]
    elif it == deck.STETSON and any(lens):
        out.append(_act(seat, "stetson_hat", ("card", cid)))
    return tuple(out)


@cache
def _act(seat: int, kind: str, *pairs) -> Action:
    """A shared action from (name, value) pairs already in name order."""
    return Action(seat, kind, pairs)

