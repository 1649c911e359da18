"""The Shipwreck Arcana's AI teammates (spec §13; the levels as issue 4 defines them).

Everything a bot uses comes from its own view: the row, the public clues on each held fate, and its own
hand. It never reads another seat's fates.

- The **listener** turns a position's clues into a posterior on its held fate (inference.posterior). Easy
  is literal (λ0: what the card conditions allow). Normal and Hard are pragmatic: λ = ε·λ0 + (1 − ε)·π,
  where π is the policy of a speaker who picks the play that helps a literal group most (§13.3, "S1").
- The **speaker** (the active player) scores each play by what a literal group would then believe:
  Easy by the chance they name its hidden fate; Normal and Hard by the utility U of §13.3, which weighs
  that chance against the doom of fades (a fade is free only when the prediction is right).
- **Hard** also uses the faded powers (Cycle, Discard lower, Old? and the group's questions and Twice),
  reveals a carried fate when that helps the group more than the information it throws away, and
  chooses between predicting and passing by expected value. Easy and Normal predict above a threshold.

By default (H2) a predictor's advice and vote use public information only; its own fates enter only its
reveal decision. The Open AI advice option lets them count its own fates too.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache, lru_cache

from ...ai.bot import SeatInfo
from ...core.rng import Rng
from .cards import QUESTIONS, deck, hours, tables
from .inference import VALUES, literal, normalised, play_step, plays_for, posterior, seen_mask, unknown
from .state import NO

W = 1000.0  # the value of winning (and minus the value of losing), §13.5
W_POWER = 0.15  # the value of a power kept in stock
W_CARRY = 0.3  # the value of the information a pass carries over
EPSILON = 0.3  # the chance a speaker is not reasoning pragmatically
TAU_MODEL = 0.1  # the speaker noise a pragmatic listener assumes
GOAL = 7


@dataclass(frozen=True)
class Level:
    name: str
    pragmatic: bool  # listens as L1 rather than L0
    tau: float  # speaker noise: a softmax temperature over U
    informative_only: bool  # the speaker scores only the chance of a correct prediction
    expert: bool  # powers, reveals and the expected-value choice to predict


LEVELS = {
    "easy": Level("easy", False, 0.1, True, False),
    "normal": Level("normal", True, 0.05, False, False),
    "hard": Level("hard", True, 0.02, False, True),
}


@cache
def card_index() -> dict:
    return {cid: i for i, cid in enumerate(tables()[4])}


def value(ds: int, dd: int, score: int, doom: int) -> float:
    """Val(Δs, Δd) of §13.3: a win or a loss dwarfs everything; otherwise score against weighted doom."""
    if score + ds >= GOAL:
        return W
    if doom + dd >= GOAL:
        return -W
    return ds - (GOAL - score) / (GOAL - doom) * dd


def top(p: list) -> tuple:
    """The most likely value (ties to the lowest, R21) and its probability."""
    best = max(p)
    return p.index(best) + 1, best


def predict_or_pass(p1: float, fades: int, score: int, doom: int) -> tuple:
    """EV of predicting the top value and of passing (§13.4, no powers)."""
    ev_predict = p1 * value(1, 0, score, doom) + (1 - p1) * value(0, 1 + 2 * fades, score, doom)
    ev_pass = value(0, 2 * fades, score, doom) + W_CARRY * p1
    return ev_predict, ev_pass


# -- the speaker model (§13.3) ------------------------------------------------------------------------------


class Speaker:
    """What a speaker at one moment (row, visible counts, loads, score, doom, the listeners' prior on a
    carried fate) expects from each play: the literal group's posterior, the fade it causes, and U."""

    def __init__(self, cards: tuple, counts: tuple, loads: tuple, score: int, doom: int, prior, informative: bool):
        self.cards, self.counts, self.loads = cards, counts, loads
        self.score, self.doom = score, doom
        self.prior = None if prior is None else list(prior)
        self.informative = informative
        self.seen = seen_mask(counts)
        self.c = unknown(counts)
        self._after: dict = {}

    def fades(self, slot: int, p: int) -> int:
        """1 when this play makes a doom-costing card fade at the end of the turn (§13.3's F)."""
        target = slot or next((i + 1 for i, c in enumerate(self.cards) if c != NO), 0)
        if not target:
            return 0
        card = self.cards[target - 1]
        _, moons, _, fade_doom, _ = tables()
        return int(fade_doom[card] > 0 and self.loads[target - 1] + hours(p) >= moons[card])

    def believed(self, slot: int, p: int) -> list:
        """The literal group's normalised posterior after the play (slot, p)."""
        key = (slot, p)
        if key not in self._after:
            clue = ["play", self.cards, self.counts, p, slot]
            a, b = play_step(self.prior, self.c, p, literal(clue))
            beta = a if b is None else [x + y for x, y in zip(a, b, strict=True)]
            self._after[key] = normalised(beta)
        return self._after[key]

    def utility(self, slot: int, p: int, h: int) -> float:
        belief = self.believed(slot, p)
        if self.informative:
            return belief[h - 1]
        return outcome_utility(belief, h, self.fades(slot, p), self.score, self.doom)

    def policy(self, a: int, b: int, tau: float) -> dict:
        """π(play | hand {a, b}): a softmax over U of every play open to the hand (§13.3)."""
        plays = plays_for(self.cards, self.seen, min(a, b), max(a, b))
        scores = [self.utility(slot, p, b if p == a else a) for slot, p in plays]
        return dict(zip(plays, softmax(scores, tau), strict=True))


def outcome_utility(belief: list, h: int, fades: int, score: int, doom: int) -> float:
    """U of §13.3 for a group that predicts its top value when that beats passing."""
    best, p1 = top(belief)
    ev_predict, ev_pass = predict_or_pass(p1, fades, score, doom)
    if ev_predict >= ev_pass:
        ties = sum(1 for x in belief if x == p1)
        q = 1.0 / ties if belief[h - 1] == p1 else 0.0
        return q * value(1, 0, score, doom) + (1 - q) * value(0, 1 + 2 * fades, score, doom)
    return value(0, 2 * fades, score, doom) + W_CARRY * belief[h - 1]


def softmax(scores: list, tau: float) -> list:
    if tau <= 0:
        best = max(scores)
        ties = [s == best for s in scores]
        return [t / sum(ties) for t in ties]
    m = max(scores)
    ex = [math.exp((s - m) / tau) for s in scores]
    total = sum(ex)
    return [e / total for e in ex]


@lru_cache(maxsize=4096)
def _speaker(cards, counts, loads, score, doom, prior, informative) -> Speaker:
    return Speaker(cards, counts, loads, score, doom, prior, informative)


def speaker_for(clue, prior, informative=False) -> Speaker:
    """The speaker model at the moment of a recorded play clue."""
    key = None if prior is None else tuple(round(x, 12) for x in normalised(prior))
    return _speaker(tuple(clue[1]), tuple(clue[2]), tuple(clue[5]), clue[6], clue[7], key, informative)


def pragmatic(clue, prior) -> list:
    """L1's likelihood of a recorded play for each value x of the kept fate."""
    lit = literal(clue)
    model = speaker_for(clue, prior)
    p, slot = clue[3], clue[4]
    return [EPSILON * lit[x - 1] + (1 - EPSILON) * model.policy(p, x, TAU_MODEL).get((slot, p), 0.0)
            for x in VALUES]


def belief(view: dict, position: int, level: Level, own: bool = False) -> list | None:
    """A listener's normalised posterior on a position's held fate; `own` also counts the viewer's own
    held fates (Open AI advice, or a private reveal decision)."""
    clues = view["positions"][position]["clues"]
    values = own_values(view, skip=position) if own else ()
    beta = posterior(clues, pragmatic if level.pragmatic else literal, values, view["visible"])
    return None if beta is None else normalised(beta)


def own_values(view: dict, skip: int = NO) -> tuple:
    return tuple(f["value"] for pos, p in enumerate(view["positions"]) if pos != skip for f in p["hand"])


def pending_fades(view: dict) -> int:
    """Doom-costing fades due at the end of this turn, as the group sees them."""
    fade_doom = tables()[3]
    index = card_index()
    return sum(1 for slot in view["fading"] if fade_doom[index[view["row"][slot - 1]["card"]]] > 0)


def advice(view: dict, level_name: str) -> tuple | None:
    """What an AI predictor shows the group (R43): its top value and that value's probability."""
    level = LEVELS[level_name]
    p = belief(view, view["active"], level, own=view["options"]["open_advice"])
    return None if p is None else top(p)


def advice_reason(view: dict, level_name: str) -> dict | None:
    """Why an AI predictor suggests its value (R43), from the same posterior as `advice`: `possible` are the
    values it still gives a chance, with their probabilities; `because` pairs each piece of public evidence
    on the active position's fate (a clue, §13.2) with the values it was the first to rule out, read from
    the literal posterior after each clue in turn; `own` are the values only the predictor's own fates rule
    out (Open AI advice)."""
    level = LEVELS[level_name]
    own = view["options"]["open_advice"]
    p = belief(view, view["active"], level, own=own)
    if p is None:
        return None
    clues = view["positions"][view["active"]]["clues"]
    out = set()
    because = []
    for i, clue in enumerate(clues):
        beta = posterior(clues[:i + 1])
        now = {v for v, w in zip(VALUES, beta or (1,) * 7, strict=True) if w <= 0} - out
        if now:
            because.append((clue, sorted(now)))
            out |= now
    zero = {v for v, x in zip(VALUES, p, strict=True) if x <= 0}
    value, chance = top(p)
    return {"value": value, "p": chance, "possible": [(v, x) for v, x in zip(VALUES, p, strict=True) if x > 0],
            "because": [(clue, kept) for clue, values in because if (kept := [v for v in values if v in zero])],
            "own": sorted(zero - out)}


# -- the bots -----------------------------------------------------------------------------------------------


class ArcanaBot:
    def __init__(self, level: str):
        self.level = LEVELS[level]
        self.name = level

    def choose(self, info: SeatInfo, rng: Rng):
        legal = info.legal
        if len(legal) == 1:
            return legal[0]
        view = info.view
        phase = view["phase"]
        if phase == "play":
            return self._play(view, legal, rng)
        if phase == "after":
            return self._after(view, legal)
        if phase == "reveal":
            return self._reveal(view, legal)
        return self._predict(view, legal, info.levels)

    # -- as the active player --

    def _row(self, view: dict) -> tuple:
        index = card_index()
        return tuple(index[s["card"]] if s["card"] else NO for s in view["row"])

    def _speaker(self, view: dict, cards: tuple) -> Speaker:
        me = view["active"]
        clues = view["positions"][me]["clues"]
        prior = posterior(clues) if clues else None
        key = None if prior is None else tuple(round(x, 12) for x in normalised(prior))
        return _speaker(cards, tuple(view["visible"]), tuple(view["loads"]), view["score"], view["doom"], key,
                        self.level.informative_only)

    def _play(self, view: dict, legal: list, rng: Rng):
        hand = view["positions"][view["active"]]["hand"]
        values = {f["token"]: f["value"] for f in hand}
        plays = [a for a in legal if a.kind == "play"]
        if len(hand) == 1:  # a one-fate turn: only the fade matters
            model = self._speaker(view, self._row(view))
            return min(plays, key=lambda a: model.fades(a["slot"], values[a["token"]]))
        model = self._speaker(view, self._row(view))
        a, b = (f["value"] for f in hand)
        pi = model.policy(a, b, self.level.tau)
        if self.level.expert:
            cycle = self._cycle(view, legal, model, a, b)
            if cycle is not None:
                return cycle
        options = sorted(pi.items())
        pick = _sample([prob for _, prob in options], rng)
        slot, p = options[pick][0]
        return next(act for act in plays if act["slot"] == slot and values[act["token"]] == p)

    def _best_u(self, model: Speaker, a: int, b: int) -> float:
        plays = plays_for(model.cards, model.seen, min(a, b), max(a, b))
        return max(model.utility(slot, p, b if p == a else a) for slot, p in plays)

    def _cycle(self, view: dict, legal: list, model: Speaker, a: int, b: int):
        """Cycle a card out when the row it leaves lets the group read this hand clearly better."""
        cycles = [act for act in legal if act.kind == "cycle"]
        if not cycles:
            return None
        here = self._best_u(model, a, b)
        top_card = card_index()[view["deck_top"]]
        best, choice = here + W_POWER, None
        for act in cycles:
            cards = list(model.cards)
            cards[act["slot"] - 1] = top_card
            other = _speaker(tuple(cards), model.counts, model.loads, model.score, model.doom,
                             None if model.prior is None else tuple(model.prior), model.informative)
            u = self._best_u(other, a, b)
            if u > best:
                best, choice = u, act
        return choice

    def _after(self, view: dict, legal: list):
        """Hard: Discard lower or Old? when the group's reading (and the fade) gets better by more than the
        power is worth; otherwise keep it."""
        decline = next(a for a in legal if a.kind == "decline")
        if not self.level.expert:
            return decline
        me = view["active"]
        h = view["positions"][me]["hand"][0]["value"]
        clues = view["positions"][me]["clues"]
        fades = pending_fades(view)
        score, doom = view["score"], view["doom"]

        def u(extra: list, fade_count: int) -> float:
            p = normalised(posterior(clues + extra))
            return outcome_utility(p, h, fade_count, score, doom)

        best, choice = u([], fades), decline
        for act in legal:
            if act.kind == "discard":
                slot = next(i + 1 for i, s in enumerate(view["row"]) for f in s["fates"] if f["token"] == act["token"])
                v = next(f["value"] for s in view["row"] for f in s["fates"] if f["token"] == act["token"])
                after = fades - int(slot in view["fading"] and not self._still_fades(view, slot, v))
                score_u = u([["test", "gt", v, True]], after) - W_POWER
            elif act.kind == "old" and view["positions"][me]["carried"]:
                played_old = any(not f["old"] for f in view["positions"][me]["hand"])  # the kept one is new
                score_u = u([["old", played_old]], fades) - W_POWER
            else:
                continue
            if score_u > best:
                best, choice = score_u, act
        return choice

    def _still_fades(self, view: dict, slot: int, removed: int) -> bool:
        index = card_index()
        card = index[view["row"][slot - 1]["card"]]
        fade_doom = tables()[3]
        return fade_doom[card] > 0 and view["loads"][slot - 1] - hours(removed) >= tables()[1][card]

    # -- as a predictor --

    def _reveal(self, view: dict, legal: list):
        """Hard: reveal a carried fate when the group gains more than the information it throws away."""
        keep = next(a for a in legal if a.kind == "keep")
        if not self.level.expert:
            return keep
        pos = keep["position"]
        mine = view["positions"][pos]["hand"][0]["value"]
        active = view["active"]
        p = belief(view, active, self.level)
        if p is None:
            return keep
        fades = pending_fades(view)
        score, doom = view["score"], view["doom"]
        now = max(predict_or_pass(top(p)[1], fades, score, doom))
        clues = view["positions"][active]["clues"] + [["known", mine, 3 - view["visible"][mine - 1]]]
        lam = pragmatic if self.level.pragmatic else literal
        after = normalised(posterior(clues, lam))
        then = max(predict_or_pass(top(after)[1], fades, score, doom))
        own = belief(view, pos, self.level)
        lost = W_CARRY * (max(own) if own else 0.0)
        reveal = next(a for a in legal if a.kind == "reveal")
        return reveal if then - now > lost else keep

    def _consensus(self, view: dict, levels) -> list | None:
        """R21(b): the group's view is the mean of its AI members' posteriors, each at its own level (their
        own held fates are theirs alone; only this seat's may count, with Open AI advice)."""
        me = view["viewer"]
        open_advice = view["options"]["open_advice"]
        members = [p for p in view["predictors"] if levels and p < len(levels) and levels[p] in LEVELS] or [me]
        total = None
        for p in members:
            level = self.level if p == me or not levels else LEVELS[levels[p]]
            b = belief(view, view["active"], level, own=open_advice and p == me)
            if b is None:
                return None
            total = b if total is None else [x + y for x, y in zip(total, b, strict=True)]
        return [x / len(members) for x in total]

    def _predict(self, view: dict, legal: list, levels=None):
        p = self._consensus(view, levels)
        if p is None:
            p = [1 / 7] * 7
        score, doom = view["score"], view["doom"]
        fades = pending_fades(view)
        kinds = {a.kind for a in legal}
        if view["phase"] == "second":
            guess, _ = top([0.0 if v == view["predictions"][0] else x for v, x in zip(VALUES, p, strict=True)])
            return _act(legal, "predict", value=guess)  # a second miss costs nothing more (H3)
        if view["twice"]:
            return _act(legal, "predict", value=top(p)[0])
        guess, p1 = top(p)
        if not self.level.expert:
            threshold = 0.34 if fades else 0.5
            must = value(0, 2 * fades, score, doom) <= -W  # passing would lose now
            return _act(legal, "predict", value=guess) if p1 >= threshold or must else _act(legal, "pass")
        options = [(max(predict_or_pass(p1, fades, score, doom)), None)]
        if "twice" in kinds:
            ordered = sorted(p, reverse=True)
            ev = (ordered[0] + ordered[1]) * value(1, 0, score, doom) + \
                (1 - ordered[0] - ordered[1]) * value(0, 1 + 2 * fades, score, doom) - W_POWER
            options.append((ev, _act(legal, "twice")))
        for act in legal:
            if act.kind == "ask":
                options.append((self._ask_value(p, act, fades, score, doom), act))
        best_ev, best = max(options, key=lambda o: o[0])
        if best is not None:
            return best
        ev_predict, ev_pass = predict_or_pass(p1, fades, score, doom)
        return _act(legal, "predict", value=guess) if ev_predict >= ev_pass else _act(legal, "pass")

    def _ask_value(self, p: list, act, fades: int, score: int, doom: int) -> float:
        """EV of asking a question: each answer's chance times the best of predicting or passing then."""
        power = act["power"]
        inside = (lambda v: v > act["x"]) if power == "higher_than" else (lambda v: v in QUESTIONS[power])
        total = 0.0
        for answer in (True, False):
            part = [x if inside(v) == answer else 0.0 for v, x in zip(VALUES, p, strict=True)]
            mass = sum(part)
            if mass > 0:
                total += mass * max(predict_or_pass(max(part) / mass, fades, score, doom))
        return total - W_POWER


def _act(legal: list, kind: str, **args):
    for act in legal:
        if act.kind == kind and all(act.get(k) == v for k, v in args.items()):
            return act
    raise LookupError(f"no legal {kind} {args}")


def _sample(weights: list, rng: Rng) -> int:
    r = rng.random() * sum(weights)
    for i, w in enumerate(weights):
        r -= w
        if r <= 0:
            return i
    return len(weights) - 1


BOTS = {level: (lambda level=level, **_: ArcanaBot(level)) for level in LEVELS}

__all__ = ["BOTS", "LEVELS", "advice", "advice_reason", "belief", "deck"]
