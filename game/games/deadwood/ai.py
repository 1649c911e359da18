"""Deadwood bots: a simple heuristic for every level for now (the real AI comes later; spec §13).

They read only a determinized state (game.ai.bot.SeatInfo): safes the seat does not know are a random
re-deal, so the heuristic counts only on what is public or its own. Preferences: rob gold the seat knows
sits in a rival team's row, else an unknown safe of the richest-looking rival; spend weak guns on items and
Heists; defend with a strong gun; offer Holsters to the side of one's own team; keep strong cards late.
"""

from __future__ import annotations

from ...ai.bot import PolicyBot
from .deck import card_index, safe_index, safe_tables, tables
from .fights import heist_win_against_deck

MEAN = (11 / 6, 5 / 2, 17 / 6, 19 / 6, 11 / 3)
UNSEEN = 1.3  # §13: a random unseen safe is worth about 1.48 gold, a little less counting badges as tempo


def _gun(card_id: str) -> int:
    return tables()[1][card_index()[card_id]]


def _safe_value(safe: int) -> float:
    _, types, values, _ = safe_tables()
    if types[safe] == "gold":
        return float(values[safe])
    if types[safe] == "badge":
        return 1.0
    if types[safe] == "showdown_gun":
        return 1.2
    return 0.5


def _unknown_slot(state, seat: int, target: int) -> float:
    """What an untracked slot of a row is worth on average: the safes the seat knows are somewhere in that
    row ("also in this row"), the rest at the value of an unseen safe."""
    slots = sum(1 for t in state.trk[target] if not t >> seat & 1)
    known = [x for x in state.rows[target] if state.unk[seat][target] >> x & 1]
    return (sum(_safe_value(x) for x in known) + (slots - len(known)) * UNSEEN) / max(1, slots)


def _score(state, seat: int, act, rng) -> float:
    k = act.kind
    if k == "claim":
        return -1.0 if not state.options.get("ai_claims") else -0.5
    if k in ("defend", "volley"):
        return MEAN[_gun(act["card"])]
    if k == "mystery":
        return MEAN[_gun(act["card"])]
    if k == "heist":
        gun = _gun(act["card"])
        rivals = sum(1 for p, hand in enumerate(state.hands) if hand and p != seat)
        return heist_win_against_deck(gun, rivals) * _safe_value(state.up) - MEAN[gun] * 0.3
    if k == "rob":
        target, slot = act["target"], act["slot"] - 1
        same = state.est[target] == state.est[seat]
        trk = state.trk[target][slot]
        value = _safe_value(state.rows[target][slot]) if trk >> seat & 1 else _unknown_slot(state, seat, target)
        value *= -0.5 if same else 1.0
        return value + MEAN[_gun(act["card"])] * 0.3 - 1.0
    if k == "duel":
        return 0.2 * MEAN[_gun(act["card"])] - 1.2
    if k in ("duster_coat", "stetson_hat", "horse"):
        return 0.9 - MEAN[_gun(act["card"])] * 0.4
    if k == "pass":
        return 0.0
    if k == "offer":
        owner_team = state.est[seat]
        side = state.attacker if act["side"] == "attacker" else state.defender
        return 0.5 if state.est[side] == owner_team else -1.0
    if k == "accept":
        return 1.0 if act["owner"] >= 0 else 0.0
    if k == "discard":
        return -sum(MEAN[_gun(c)] for c in act["cards"])
    if k == "transfer":
        x = state.rows[seat][act["slot"] - 1]
        same = state.est[act["to"]] == state.est[seat]
        return -_safe_value(x) + (1.0 if same else 0.0)
    if k == "pass_safe":
        x = safe_index()[act["safe"]]
        return -_safe_value(x)
    return 0.0


def claim(state, seat: int, legal: list, rng):
    """§6.16, §13: now and then, at the start of its turn or when just attacked, an AI talks: "nothing"
    when it holds a badge or rich gold (fewer robberies), its gold when modest (to attract teammates)."""
    if not state.options.get("ai_claims") or rng.random() >= 0.2:
        return None
    _, types, values, _ = safe_tables()
    row = state.rows[seat]
    gold = [values[x] for x in row if types[x] == "gold"]
    if any(types[x] == "badge" for x in row) or max(gold, default=0) >= 3:
        content = "nothing"
    elif gold:
        content = f"gold_{max(gold)}"
    else:
        return None
    wanted = [a for a in legal if a.kind == "claim" and a["subject"] == seat and a["content"] == content]
    return wanted[0] if wanted else None


def policy(rules, state, seat: int, legal: list, rng):
    talk = claim(state, seat, legal, rng) if any(a.kind == "claim" for a in legal) else None
    if talk is not None:
        return talk
    best, best_score = legal[0], None
    for act in legal:
        score = _score(state, seat, act, rng) + rng.random() * 0.05
        if best_score is None or score > best_score:
            best, best_score = act, score
    return best


def _factory(name: str):
    def make(**_kwargs):
        return PolicyBot(name, policy)
    return make


BOTS = {"easy": _factory("easy"), "normal": _factory("normal"), "hard": _factory("hard")}
