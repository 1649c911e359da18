"""What a seat sees (§8) and a full state consistent with it (determinize).

A seat's view shows a face-down safe's content only when the seat knows it and tracks its slot; the safes
it knows are in a row without knowing where are listed as "also in this row". Determinization re-deals
everything the seat does not know: the other hands, the unrevealed committed cards and the draw pile; the
safes it does not track (the ones it knows untracked are put back into their row, on slots it does not
track); the heist stack and the unseen box; the other seats' sealed safe passes and their untracked
knowledge. It reads only the seat's knowledge and public facts, so it is a function of what the seat knows.
"""

from __future__ import annotations

from ...core.rng import Rng
from . import fights, places
from .deck import capacity, hand_size, normal_rounds, safe_tables, tables
from .state import ACCEPT, ATTACKER, DEFENDER, NO, PASS
from .zones import commit_public, zones


def _seats(mask: int, n: int) -> list:
    return [p for p in range(n) if mask >> p & 1]


def view(s, seat) -> dict:
    n = s.players
    own = isinstance(seat, int) and 0 <= seat < n
    who = seat if own else None
    ids, sids = tables()[0], safe_tables()[0]
    rows = []
    for p in range(n):
        slots = []
        for k, x in enumerate(s.rows[p]):
            up = bool(s.faceup >> x & 1)
            known = up or (own and s.trk[p][k] >> seat & 1)
            slots.append({"safe": sids[x] if known else None, "up": up, "trackers": _seats(s.trk[p][k], n)})
        also = [sids[x] for x in range(len(sids)) if own and s.unk[seat][p] >> x & 1]
        rows.append({"slots": slots, "also": also})
    out = {
        "game": "deadwood", "viewer": who, "players": n, "options": dict(s.options),
        "phase": s.phase, "round": s.round, "first": s.first, "active": s.active, "turns": s.turns,
        "characters": [places.char_ids()[c] if c != NO else None for c in s.chars],
        "establishments": [places.est_ids()[e] if e != NO else None for e in s.est],
        "capacity": capacity(n), "rounds": normal_rounds(n), "hand_size": hand_size(n),
        "hand": [ids[c] for c in s.hands[seat]] if own else [],
        "hand_sizes": [len(h) for h in s.hands],
        # [seat, card]: cards in other hands that everyone saw go there (a returned offer, a shown gun)
        "shown": [[p, ids[c]] for p in range(n) if p != who for c in s.hands[p] if s.shown >> c & 1],
        "my_commit": ids[s.commits[seat]] if own and s.commits[seat] != NO else None,
        "draw": len(s.draw), "discard": [ids[c] for c in s.discard],
        "rows": rows, "heist": len(s.heist), "heist_up": sids[s.up] if s.up != NO else None,
        "gone": [sids[x] for x in s.gone],  # safes out of the game that everyone knows
        "passed": [p for p in range(n) if s.passes[p] != NO],
        "my_pass": (sids[s.rows[seat][s.passes[seat]]] if own and s.phase == PASS and s.passes[seat] != NO
                    else None),
        "fight": _fight(s, seat if own else None),
        "committed": [p for p in range(n) if s.commits[p] != NO],
        "peeked": [[s.peeked[i], s.peeked[i + 1] + 1] for i in range(0, len(s.peeked), 2)],
        "giver": s.giver if s.giver != NO else None,
        "called": s.called, "bonus_used": [b for b in range(1, 7) if s.bonus_used >> b & 1], "queue": list(s.queue),
        "optional": s.optional,
        # [seat, subject, slot, content, turn, round]: the turn marker and round it was made in
        "claims": [s.claims[i:i + 4] + s.claim_times[i // 2:i // 2 + 2] for i in range(0, len(s.claims), 4)],
        "gold": list(s.gold) if s.phase in ("mystery", "volley", "over") else None,
        "alive": list(s.alive), "wounds": list(s.wounds), "used": [[ids[c] for c in u] for u in s.used],
        "winners": list(s.winners),
        "zones": zones(s, who),
        "seating": [[p, p] for p in range(n)],
    }
    return out


def _fight(s, seat) -> dict | None:
    if not s.fight:
        return None
    ids = tables()[0]
    cards = {}
    for side, p in ((ATTACKER, s.attacker), (DEFENDER, s.defender)):
        c = s.commits[p]
        cards[side] = ids[c] if c != NO and (commit_public(s, p) or p == seat) else None
    out = {"kind": s.fight, "attacker": s.attacker, "defender": s.defender,
           "slot": s.slot + 1 if s.slot != NO else None, "revealed": s.revealed,
           "attacker_card": cards[ATTACKER], "defender_card": cards[DEFENDER],
           "offers": [[p, ids[s.offers[p]], s.sides[p]] for p in range(s.players) if s.offers[p] != NO],
           "asked": list(s.asked),
           "holsters": [ids[h] if h >= 0 else None for h in s.holsters],
           "choosing": (ATTACKER if s.holsters[ATTACKER] == fights.UNSET else DEFENDER) if s.phase == ACCEPT
           else None}
    if s.revealed and s.options.get("fight_odds"):
        p = fights.win_probability(fights.side_dice(s, ATTACKER), fights.side_dice(s, DEFENDER))
        out["odds"] = [p.numerator, p.denominator]
    return out


def determinize(s, seat: int, rng: Rng):
    out = s.copy()
    out.rng = Rng(rng.next64())
    _cards(s, out, seat, rng)
    _safes(s, out, seat, rng)
    _others_knowledge(out, seat, rng)
    if s.phase == PASS:  # the other seats' sealed passes: which of their two safes, re-drawn
        out.passes = [s.passes[p] if p == seat or s.passes[p] == NO else rng.below(2) for p in range(s.players)]
    return out


def _cards(s, out, seat: int, rng: Rng) -> None:
    n = s.players
    secret_commits = [p for p in range(n) if p != seat and s.commits[p] != NO and not commit_public(s, p)]
    shown = s.shown
    pool = sorted([c for p in range(n) if p != seat for c in s.hands[p] if not shown >> c & 1] + s.draw
                  + [s.commits[p] for p in secret_commits])
    rng.shuffle(pool)
    for p in range(n):
        if p != seat:
            keep = [c for c in s.hands[p] if shown >> c & 1]
            size = len(s.hands[p]) - len(keep)
            out.hands[p] = sorted(keep + pool[:size])
            del pool[:size]
    for p in secret_commits:
        out.commits[p] = pool.pop()
    out.draw = pool


def _safes(s, out, seat: int, rng: Rng) -> None:
    n = s.players
    fixed = set()
    free = []  # per row: the slots the seat does not track
    for p in range(n):
        slots = []
        for k, x in enumerate(s.rows[p]):
            if s.trk[p][k] >> seat & 1:
                fixed.add(x)
            else:
                slots.append(k)
        free.append(slots)
    placed = [x for p in range(n) for x in _bits(s.unk[seat][p])]
    known = fixed | set(placed) | set(s.gone) | ({s.up} if s.up != NO else set())
    pool = sorted(x for x in range(len(safe_tables()[0])) if x not in known and (x in s.box or x in s.heist
                                                                                   or any(x in r for r in s.rows)))
    rng.shuffle(pool)
    for p in range(n):
        contents = _bits(s.unk[seat][p])
        need = len(free[p]) - len(contents)
        contents += pool[:need]
        del pool[:need]
        rng.shuffle(contents)
        for k, x in zip(free[p], contents, strict=True):
            out.rows[p][k] = x
    h = len(s.heist)
    out.heist = pool[:h]
    out.box = sorted(pool[h:])


def _others_knowledge(out, seat: int, rng: Rng) -> None:
    """Another seat's untracked knowledge of a row: as many safes as it knows there (public), drawn from
    the slots of that row it does not track."""
    n = out.players
    for o in range(n):
        if o == seat:
            continue
        for p in range(n):
            count = bin(out.unk[o][p]).count("1")
            if not count:
                continue
            candidates = sorted(x for k, x in enumerate(out.rows[p]) if not out.trk[p][k] >> o & 1)
            mask = 0
            for x in rng.sample(candidates, count):
                mask |= 1 << x
            out.unk[o][p] = mask


def _bits(mask: int) -> list:
    out = []
    x = 0
    while mask:
        if mask & 1:
            out.append(x)
        mask >>= 1
        x += 1
    return out
