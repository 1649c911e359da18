"""Deadwood 1876's AI opponents (spec §13): Easy, Normal and Hard.

Every bot reads only its seat's determinized state (game.ai.bot.SeatInfo) through its knowledge flags:
belief.py turns them (and, weakly, the claims) into an expected content per slot; heuristics.py turns that
into a team picture and a utility, P(team wins) × P(survive the showdown). Each decision is scored by how
it changes that utility:

- **Turn** (D3): a Robbery or Duel by its exact win odds against a defender's likely gun (fights.py) times
  the swing (gold moved between teams, stars swapped, with the R10 transfer counted), a Horse by the team it
  joins, a Duster Coat by a better hand, a Stetson Hat by what it would learn; every use costs the card,
  which counts more the later it is (strong guns are kept for the showdown). A badge turn is declined when
  nothing beats keeping the hand.
- **Secret cards** (defence, Heist, volley): a mixed strategy, a softmax over each card's value drawn with
  the bot's own rng; the opponents' cards are never read, only the odds against their likely guns (Heist:
  against the deck's mix; volley: the survivors' known Showdown Guns plus a card from the mix).
- **Holsters**: offered to the side whose win raises the seat's utility, when that gain beats the card;
  accepted by the die that helps most. Duel destinations, transfers, discards, passes and peeks likewise.
- **Claims** (only with the AI claims option): the bluff of §13, "nothing" over a badge or rich gold, gold
  when modest, now and then.

Easy plays a random legal action a third of the time and otherwise the Normal scores with much noise,
without the claims or the keeping of strong guns; it defends with its best gun. Hard doubts its team
picture as much as the safes it has not seen make it uncertain (Normal takes expected gold as nearly
certain late in the game), and searches the turns of the last normal round and the badge round: over
determinized safes, hands and deck, each of its best few turn actions is rolled out with Normal (Holster
offers by a quick rule, rollout_policy) to the reveal of the safes and scored by the true team gold and the
showdown dice (HardBot); it keeps its heuristic choice unless the search finds another clearly better. Its
secret cards are Normal's mixed ones.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from functools import cache

from ...ai.bot import PolicyBot, SeatInfo
from . import belief, places
from .deck import HORSE, card_index, normal_rounds, safe_index, safe_tables, tables
from .fights import volley_hit, win_probability
from .heuristics import (
    AVERAGE_GUN,
    SHOWDOWN_SLOPE,
    Picture,
    fewest_receiver,
    full_rows,
    gun,
    hand_after,
    heist_odds,
    mean,
    others_with_cards,
    picture,
    win_against_defence,
)
from .rules import showdown_guns
from .state import ATTACKER, DEFENDER, MYSTERY, NO, OFFER, OVER, TURN, VOLLEY

STETSON_INFO = 0.004  # utility per unknown rival slot a hat could look at (at most two)
DUSTER_GAIN = 0.6  # how much better the average card kept after a Duster Coat is


@dataclass(frozen=True)
class Level:
    name: str
    tau: float  # softmax temperature over utilities (noise)
    random_share: float  # chance of a uniformly random action
    careful: bool  # keeps strong guns, reads claims, bluffs, plays secret cards by the mixed strategy
    talks: bool = True  # makes and reads claims (Hard's rollouts do without: talk cannot change their end)
    doubt: bool = False  # team gold as uncertain as the unseen safes make it (heuristics.doubtful_sigma)


EASY = Level("easy", 0.03, 0.33, False)
NORMAL = Level("normal", 0.004, 0.0, True)
ROLLOUT = Level("normal", 0.004, 0.0, True, talks=False)
HARD = Level("hard", 0.004, 0.0, True, doubt=True)


# -- choosing ---------------------------------------------------------------------------------------------

def _softmax_pick(scored: list, tau: float, rng):
    """Draw one of `scored` [(value, action)] with weights exp(value / tau): a mixed strategy."""
    top = max(v for v, _ in scored)
    weights = [math.exp((v - top) / tau) for v, _ in scored]
    r = rng.random() * sum(weights)
    for w, (_, act) in zip(weights, scored, strict=True):
        r -= w
        if r <= 0:
            return act
    return scored[-1][1]


def policy_for(level: Level):
    def policy(rules, state, seat, legal, rng):
        return choose(level, state, seat, legal, rng)
    return policy


def choose(level: Level, s, seat: int, legal: list, rng):
    """One decision of a seat at `level`: a claim now and then, the secret cards by a mixed strategy, every
    other choice by the best change of utility (Easy: noisy, and now and then at random)."""
    if len(legal) == 1:
        return legal[0]
    if any(a.kind == "claim" for a in legal):
        talk = claim(s, seat, legal, rng) if level.careful and level.talks else None
        if talk is not None:
            return talk
        legal = [a for a in legal if a.kind != "claim"]
    kind = legal[0].kind
    secret = kind in ("defend", "heist", "volley")
    if kind == "character":
        return legal[rng.below(len(legal))]
    if secret and not level.careful:
        return _naive_card(kind, legal, rng)
    if level.random_share and s.phase == TURN and rng.random() < level.random_share:
        return legal[rng.below(len(legal))]
    if kind == "accept":  # a Holster is taken by its die alone: no team picture to build
        scored = [(_accept_value(s, a), a) for a in legal]
    else:
        pic = picture(s, seat, claims=level.careful and level.talks, doubt=level.doubt)
        if not level.careful:
            pic.persist = 0.0  # Easy spends its strong guns as readily as its weak ones
        scored = score(s, seat, pic, legal)
    if secret or not level.careful:
        return _softmax_pick(scored, level.tau, rng)
    best = max(v for v, _ in scored)
    return next(a for v, a in scored if v == best)


def _naive_card(kind: str, legal: list, rng):
    """Easy: defend and shoot in the showdown with the best gun, a Heist with any card."""
    if kind == "heist":
        return legal[rng.below(len(legal))]
    return max(legal, key=lambda a: mean(card_index()[a["card"]]))


def score(s, seat: int, pic: Picture, legal: list) -> list:
    """[(value, action)] for one decision's actions; the value is a change of the seat's utility."""
    base = pic.utility()
    kind = legal[0].kind
    memo = {}  # what several actions of this decision share: the picture after a fight won, a kept utility
    if kind in ("defend", "heist", "volley"):
        card_value = {"defend": _defend_value, "heist": _heist_value, "volley": _volley_value}[kind]
        return [(card_value(s, seat, pic, card_index()[a["card"]], memo) - base, a) for a in legal]
    return [(_value(s, seat, pic, base, a, memo), a) for a in legal]


def _value(s, seat: int, pic: Picture, base: float, act, memo: dict) -> float:
    k = act.kind
    if k in ("rob", "duel", "horse", "duster_coat", "stetson_hat"):
        return _turn_value(s, seat, pic, act, memo) - base
    if k in ("pass", "no_offer"):
        return 0.0
    if k == "offer":
        return _offer_value(s, seat, pic, act, memo) - base
    if k == "accept":
        return _accept_value(s, act)
    if k == "destination":
        moved = pic.copy()
        moved.est[s.defender] = places.est_ids().index(act["to"])
        return moved.utility() - base
    if k == "transfer":
        moved = pic.copy()
        moved.move_safe(seat, act["slot"] - 1, act["to"])
        return moved.utility() - base
    if k == "pass_safe":
        moved = pic.copy()
        moved.move_safe(seat, s.rows[seat].index(safe_index()[act["safe"]]), (seat + 1) % s.players)
        return moved.utility() - base
    if k == "discard":
        return -sum(_keep_value(s, card_index()[c]) for c in act["cards"])
    if k == "peek":
        return _peek_value(s, seat, pic, act["target"], act["slot"] - 1)
    if k == "mystery":
        fools = safe_tables()[3][s.mysteries[1]] == "mystery_fools_gold"
        return -mean(card_index()[act["card"]]) if fools else mean(card_index()[act["card"]])
    return 0.0


# -- turn actions (D3) ------------------------------------------------------------------------------------

def _won(s, seat: int, pic: Picture, f: tuple) -> Picture:
    """The picture after the seat gains a safe with features `f`, giving its poorest safe away if R10 asks."""
    after = pic.copy()
    after.gold[seat] += f[0]
    after.badges[seat] += f[1]
    after.dice[seat] += f[2]
    if full_rows(s) and len(s.rows[seat]) >= 3:
        worst = min(pic.rows[seat] + [f], key=lambda x: x[0] + 2 * x[1] + x[2])
        after.move_features(worst, seat, fewest_receiver(s, seat))
    return after


def _robbed(s, seat: int, pic: Picture, target: int, k: int) -> Picture:
    after = _won(s, seat, pic, pic.rows[target][k])
    f = pic.rows[target][k]
    after.gold[target] -= f[0]
    after.badges[target] -= f[1]
    after.dice[target] -= f[2]
    return after


def _dueled(s, attacker: int, pic: Picture, target: int) -> Picture:
    """The picture after `attacker` wins a duel against `target` (a swap, or the best place for the
    picture's own seat when both stand together)."""
    after = pic.copy()
    if s.est[attacker] != s.est[target]:
        after.est[attacker], after.est[target] = s.est[target], s.est[attacker]
        return after
    options = []
    for e in places.destinations(s, attacker):
        moved = after.copy()
        moved.est[target] = e
        options.append(moved)
    return max(options, key=lambda x: x.utility()) if options else after


def _fight_won(s, attacker: int, pic: Picture, target: int, slot: int | None, memo: dict) -> Picture:
    """The picture after `attacker` wins a Robbery of `slot` (None: a Duel) against `target`, computed once
    per decision in `memo` (every card and side of the same fight leads to it). Not to be changed."""
    key = (attacker, target, slot)
    if key not in memo:
        memo[key] = _dueled(s, attacker, pic, target) if slot is None else _robbed(s, attacker, pic, target, slot)
    return memo[key]


def _kept(pic: Picture, strength: float, memo: dict) -> float:
    """The utility of the decision's picture itself at a hand strength, once per decision and strength."""
    key = ("kept", strength)
    if key not in memo:
        memo[key] = pic.utility(hand_strength=strength)
    return memo[key]


def _odds(s, target: int, mine: tuple) -> float:
    return win_against_defence(mine) if s.hands[target] else 1.0


def _turn_value(s, seat: int, pic: Picture, act, memo: dict) -> float:
    card = card_index()[act["card"]]
    strength = hand_after(pic, [mean(card)])
    k = act.kind
    if k in ("rob", "duel"):
        target = act["target"]
        p = _odds(s, target, (gun(card),))
        won = _fight_won(s, seat, pic, target, act["slot"] - 1 if k == "rob" else None, memo)
        return p * won.utility(hand_strength=strength) + (1 - p) * _kept(pic, strength, memo)
    if k == "horse":
        moved = pic.copy()
        moved.est[seat] = places.est_ids().index(act["to"])
        return moved.utility(hand_strength=strength)
    if k == "duster_coat":
        hand = list(pic.hand)
        hand.remove(mean(card))
        better = [min(4.0, m + DUSTER_GAIN) for m in hand] + [AVERAGE_GUN + DUSTER_GAIN]
        return pic.utility(hand_strength=pic.hand_strength(better))
    # stetson_hat: the value of looking at rival rows' unknown slots
    unknown = sum(1 for p in range(s.players) if s.est[p] != s.est[seat]
                  for k2 in range(len(s.rows[p])) if not s.trk[p][k2] >> seat & 1)
    return pic.utility(hand_strength=strength) + STETSON_INFO * min(2, unknown) * (1 - pic.persist)


def _keep_value(s, card: int) -> float:
    """How much a card in hand is worth keeping (Duster Coat discards): its gun, and late a Horse."""
    late = s.round >= normal_rounds(s.players)
    return mean(card) + (0.5 if late and tables()[2][card] == HORSE else 0.0)


def _peek_value(s, seat: int, pic: Picture, target: int, k: int) -> float:
    rival = s.est[target] != s.est[seat]
    return (1.0 if rival else 0.3) + 0.1 * pic.rows[target][k][0]


# -- fights -----------------------------------------------------------------------------------------------

def _defend_value(s, seat: int, pic: Picture, card: int, memo: dict) -> float:
    strength = hand_after(pic, [mean(card)])
    keep = win_against_defence((gun(card),))  # the attacker's likely gun: the better of two, like a defender's
    lost = _fight_won(s, s.attacker, pic, seat, s.slot if s.fight == "rob" else None, memo)
    return keep * pic.utility(hand_strength=strength) + (1 - keep) * lost.utility(hand_strength=strength)


def _heist_value(s, seat: int, pic: Picture, card: int, memo: dict) -> float:
    strength = hand_after(pic, [mean(card)])
    p = heist_odds(gun(card), others_with_cards(s, seat))
    won = _won(s, seat, pic, belief.features(s.up))
    return p * won.utility(hand_strength=strength) + (1 - p) * pic.utility(hand_strength=strength)


def _volley_value(s, seat: int, pic: Picture, card: int, memo: dict) -> float:
    """Minus the exact chance of being hit, against the other survivors' Showdown Guns and a card each
    drawn from the deck's mix (against two or more, a Six-Shooter each as in §13's figure: the whole mix
    would take up to a second per decision once Showdown Guns add dice)."""
    mine = tuple(sorted((gun(card),) + showdown_guns(s, seat)))
    others = [showdown_guns(s, p) for p in s.alive if p != seat]
    mix = _deck_mix()
    guns = range(5) if len(others) == 1 else (1,)
    total = weight = 0.0
    for picks in _products(guns, len(others)):
        w = 1.0
        for g in picks:
            w *= mix[g]
        dice = tuple(sorted(tuple(sorted(o + (g,))) for o, g in zip(others, picks, strict=True)))
        total += w * volley_hit(mine, dice)
        weight += w
    return pic.utility() - total / weight


def _products(guns, k: int):
    if k == 0:
        yield ()
        return
    for g in guns:
        for rest in _products(guns, k - 1):
            yield (g,) + rest


def _deck_mix() -> tuple:
    guns = tables()[1]
    return tuple(guns.count(g) / len(guns) for g in range(5))


def _fight_dice(s, side: int, extra: int = NO) -> tuple:
    """A fighter's dice: its revealed card, and the best Holster offered to it (or `extra`)."""
    fighter = s.attacker if side == ATTACKER else s.defender
    dice = [gun(s.commits[fighter])] if s.commits[fighter] != NO else []
    offered = [s.offers[p] for p in range(s.players) if s.offers[p] != NO and s.sides[p] == side]
    if extra != NO:
        offered.append(extra)
    if offered:
        dice.append(gun(max(offered, key=mean)))
    return tuple(sorted(dice))


@cache
def _attacker_odds(attacker_dice: tuple, defender_dice: tuple) -> float:
    if not defender_dice:
        return 1.0
    return float(win_probability(attacker_dice, defender_dice))


def _offer_value(s, seat: int, pic: Picture, act, memo: dict) -> float:
    """A Holster offer: the change in the fight's odds times what its outcome means to the seat, minus the
    card if it is taken (it is: a fighter takes the best die offered)."""
    card = card_index()[act["card"]]
    side = 0 if act["side"] == "attacker" else 1
    before = _attacker_odds(_fight_dice(s, 0), _fight_dice(s, 1))
    after = _attacker_odds(_fight_dice(s, 0, card if side == 0 else NO), _fight_dice(s, 1, card if side else NO))
    won = _fight_won(s, s.attacker, pic, s.defender, s.slot if s.fight == "rob" else None, memo)
    strength = hand_after(pic, [mean(card)])
    gain = (after - before) * (won.utility(hand_strength=strength) - pic.utility(hand_strength=strength))
    if gain <= 0:
        return -1.0  # never help a side whose win does not help the seat's team, whatever the card
    return pic.utility(hand_strength=strength) + gain


def _accept_value(s, act) -> float:
    owner = act["owner"]
    return -1.0 if owner == NO else mean(s.offers[owner])


# -- claims (§6.16) -------------------------------------------------------------------------------------

def claim(s, seat: int, legal: list, rng):
    """§13 bluff, only with the AI claims option: now and then, "nothing" when holding a badge or rich
    gold (fewer robberies), its gold when modest (to attract teammates)."""
    if not s.options.get("ai_claims") or rng.random() >= 0.2:
        return None
    _, types, values, _ = safe_tables()
    row = s.rows[seat]
    gold = [values[x] for x in row if types[x] == "gold"]
    if any(types[x] == "badge" for x in row) or max(gold, default=0) >= 3:
        content = "nothing"
    elif gold:
        content = f"gold_{max(gold)}"
    else:
        return None
    wanted = [a for a in legal if a.kind == "claim" and a["subject"] == seat and a["content"] == content]
    return wanted[0] if wanted else None


# -- Hard -------------------------------------------------------------------------------------------------

SCORING = (MYSTERY, VOLLEY, OVER)  # the safes are revealed: the teams' gold is final


def final_values(s) -> list:
    """Every seat's chance to win once the badge round is over, in a sampled (fully known) state: its team
    wins the scoring by the true gold (§7, the small team on a tie), then a lone member wins outright and
    a showdown is shared by each member's dice (Showdown Guns and the hand it will shoot with)."""
    gold = [sum(belief.features(x)[0] for x in row) for row in s.rows]
    teams = {}
    for p, e in enumerate(s.est):
        teams.setdefault(e, []).append(p)
    richest = max(sum(gold[p] for p in m) for m in teams.values())
    rich = [m for m in teams.values() if sum(gold[p] for p in m) == richest]
    fewest = min(len(m) for m in rich)
    values = [0.0] * s.players
    for members in rich:
        if len(members) == fewest:
            for p, share in zip(members, _showdown_shares(s, members), strict=True):
                values[p] = share
    return values


def _showdown_shares(s, members: list) -> list:
    """Each member's chance to survive its team's showdown: a softmax of its dice means (every Showdown Gun
    plus the average card of its hand), as in heuristics.Picture.showdown_share."""
    means = belief.gun_means()
    power = [sum(means[g] for g in showdown_guns(s, p))
             + (sum(mean(c) for c in s.hands[p]) / len(s.hands[p]) if s.hands[p] else 0.0) for p in members]
    top = max(power)
    weights = [math.exp(SHOWDOWN_SLOPE * (x - top)) for x in power]
    total = sum(weights)
    return [w / total for w in weights]


ROLLOUT_SAMPLE = 12  # turn actions a rollout scores (of up to ~190): Normal's choice among a random few


def rollout_policy(rules, s, seat: int, legal: list, rng):
    """Normal without talk, a turn chosen among a random dozen of its actions, and Holster offers by a quick
    rule (quick_offer): scoring every turn action, or building each bystander's team picture for every
    offer, would make a rollout to the end of the game too slow for more than a handful per decision."""
    if s.phase == OFFER:
        return quick_offer(s, seat, legal)
    if s.phase == TURN:
        acts = [a for a in legal if a.kind != "claim"]
        if len(acts) > ROLLOUT_SAMPLE:
            picked = set()
            while len(picked) < ROLLOUT_SAMPLE:
                picked.add(rng.below(len(acts)))
            legal = [acts[i] for i in sorted(picked)]
    return choose(ROLLOUT, s, seat, legal, rng)


def quick_offer(s, seat: int, legal: list):
    """A rollout's Holster offer, like Normal's in kind but without a team picture (the rollout's state is a
    sample, its safes all dealt: the team gold read here is that sample's, never the real game's). The side
    helped is a teammate fighting a rival, else, when no teammate fights, the fighter of the poorer team; the
    card is the weakest Holster that raises that side's best die, and in the badge round never the seat's
    best gun (its hand is then the showdown arsenal)."""
    mine, att, dfd = s.est[seat], s.est[s.attacker], s.est[s.defender]
    if (att == mine) == (dfd == mine):
        if att == mine:
            return legal[0]  # teammates on both sides: no help changes the team's gold
        gold = [0.0, 0.0, 0.0]
        for p in range(s.players):
            gold[s.est[p]] += sum(belief.features(x)[0] for x in s.rows[p])
        if gold[att] == gold[dfd]:
            return legal[0]
        side = ATTACKER if gold[att] < gold[dfd] else DEFENDER
    else:
        side = ATTACKER if att == mine else DEFENDER
    best_offered = max((mean(s.offers[p]) for p in range(s.players)
                        if s.offers[p] != NO and s.sides[p] == side), default=0.0)
    strongest = max(mean(c) for c in s.hands[seat]) if s.round > normal_rounds(s.players) else math.inf
    name = "attacker" if side == ATTACKER else "defender"
    useful = [(mean(card_index()[a["card"]]), a) for a in legal[1:] if a["side"] == name]
    useful = [(m, a) for m, a in useful if best_offered < m < strongest]
    return min(useful, key=lambda x: x[0])[1] if useful else legal[0]


def paired_gain(values: list, i: int, j: int) -> tuple:
    """The mean of action i's value minus action j's over the samples where both were played, and its
    standard error (the samples are paired: the same deal, the same random numbers)."""
    gains = [row[i] - row[j] for row in values if row[i] is not None and row[j] is not None]
    n = len(gains)
    if n == 0:
        return 0.0, math.inf
    avg = sum(gains) / n
    var = sum((g - avg) ** 2 for g in gains) / (n - 1) if n > 1 else math.inf
    return avg, math.sqrt(var / n)


class HardBot:
    """Determinized search of the turns that decide the teams: those of the last normal round and the badge
    round (§13: the last moves cannot be answered; the hand then held is the showdown arsenal). Each sample
    deals the hidden safes, hands and deck anew from what the seat knows; every one of the `keep` best turn
    actions by the seat's heuristic (`level`: Normal's scores on a doubting team picture) still in contention
    is played on a copy of the same sample (common random numbers) and the game is rolled out with
    `rollout_policy` (every seat: Normal's choices, with Holster offers by a quick rule, which keeps a rollout
    near 10 ms) to the reveal of the safes, where the true team gold and the showdown dice give the seat's
    chance to win (`final_values`), not a heuristic estimate of it. An action clearly behind the leader is
    dropped, so the samples go to the actions still in contention. The heuristic's choice stands unless
    another beats it on the paired samples by `margin` standard errors of the difference (a short search must
    not overrule a good heuristic by chance); among actions the heuristic values the same (the slots of one
    row it knows nothing of, two rivals to duel) the search's best is taken, whatever its margin. Earlier
    turns (a rollout would be long and its end far from the decision) and every other decision (secret cards
    included, so they stay a mixed strategy) are the heuristic's."""

    name = "hard"
    DROP = 2.5  # standard errors behind the leader at which an action leaves the search
    WARM = 6  # samples of every action before any is dropped

    def __init__(self, budget: float = 1.0, iterations: int | None = None, keep: int = 6, margin: float = 1.5,
                 max_rollout: int = 400, level: Level = HARD):
        self.level = level
        self.budget = budget * 0.8
        self.iterations = iterations
        self.keep = keep
        self.margin = margin
        self.max_rollout = max_rollout
        self.last_iterations = 0
        self.last_stats: dict = {}  # action -> (mean gain over the heuristic's choice, its standard error)

    def choose(self, info: SeatInfo, rng):
        s, seat, legal = info.base, info.seat, info.legal
        if len(legal) == 1 or s.phase != TURN or s.round < normal_rounds(s.players):
            return choose(self.level, s, seat, legal, rng)
        talk = claim(s, seat, legal, rng) if any(a.kind == "claim" for a in legal) else None
        if talk is not None:
            return talk
        acts = [a for a in legal if a.kind != "claim"]
        scored = sorted(score(s, seat, picture(s, seat, doubt=self.level.doubt), acts), key=lambda x: -x[0])
        scored = scored[:self.keep]
        if len(scored) == 1:
            return scored[0][1]
        ranked = [a for _, a in scored]
        values = self.search(info, ranked, rng)
        tied = {a for v, a in scored if v >= scored[0][0] - 1e-9}
        return self.confident(ranked, values, tied)

    def search(self, info: SeatInfo, acts: list, rng) -> list:
        """Per sample, the seat's value after each action in `acts` still in contention (None for one dropped),
        all played on the same sample."""
        rules, seat = info.rules, info.seat
        deadline = time.perf_counter() + self.budget
        values = []
        alive = list(range(len(acts)))
        spent = 0
        while len(alive) > 1:
            if self.iterations is not None:
                if spent + len(alive) > self.iterations and len(values) >= 2:
                    break
            elif len(values) >= 2 and time.perf_counter() >= deadline:  # two samples: a paired error
                break
            sample = info.sample(rng)
            stream = rng.fork()  # every action's rollout draws the same numbers: only the action differs
            row = [None] * len(acts)
            for i in alive:
                state = rules.copy(sample)
                rules.apply(state, acts[i])
                self._rollout(rules, state, stream.copy())
                row[i] = final_values(state)[seat]
            spent += len(alive)
            values.append(row)
            if len(values) >= self.WARM:
                alive = self._contenders(values, alive)
        self.last_iterations = spent
        return values

    def _contenders(self, values: list, alive: list) -> list:
        """The actions not clearly behind the leader (the best mean so far); the heuristic's choice stays."""
        lead = max(alive, key=lambda i: sum(row[i] for row in values if row[i] is not None))
        out = []
        for i in alive:
            gain, err = paired_gain(values, i, lead)
            if i == 0 or i == lead or gain + self.DROP * err >= 0:
                out.append(i)
        return out

    def _rollout(self, rules, s, rng) -> None:
        for _ in range(self.max_rollout):
            if s.phase in SCORING:
                return
            pending = rules.pending(s)
            decision = pending[rng.below(len(pending))] if len(pending) > 1 else pending[0]
            legal = rules.legal_actions(s, decision.seat)
            rules.apply(s, legal[0] if len(legal) == 1 else rollout_policy(rules, s, decision.seat, legal, rng))

    def confident(self, acts: list, values: list, tied=()):
        """The action with the best mean gain over the heuristic's choice `acts[0]`, if that gain is more
        than `margin` standard errors of the paired difference (or, for an action in `tied`, which the
        heuristic values as much as its choice, if it gains at all); else the heuristic's choice."""
        self.last_stats = {act: paired_gain(values, i, 0) for i, act in enumerate(acts)}
        searched = [a for i, a in enumerate(acts) if all(row[i] is not None for row in values)]  # not dropped
        best = max(searched, key=lambda a: self.last_stats[a][0])
        gain, err = self.last_stats[best]
        needed = 0.0 if best in tied else self.margin * err
        return best if gain > 0 and gain > needed else acts[0]


normal_policy = policy_for(NORMAL)
easy_policy = policy_for(EASY)

BOTS = {
    "easy": lambda **_: PolicyBot("easy", easy_policy),
    "normal": lambda **_: PolicyBot("normal", normal_policy),
    "hard": lambda budget=1.0, iterations=None, **_: HardBot(budget, iterations),
}
