"""Deadwood 1876 rules by number (R1–R24), the house rulings (H1–H33), the odds tables of §3.3, the
information model of §8 (checked against a brute-force tracker over random games) and the scenario checks
(SC1–SC22) of shared/rules/deadwood-1876.md.

Positions are built from a real setup (`table`: characters chosen, safes passed, seat 0 first) and then
given hands (`deal`, cards named by gun and item) and safe rows (`rows`, safe ids, each seat knowing only
its own). Dice are scripted: `dice(s, ...)` lists the faces the next rolls show, die by die. Every action
goes through `do`, which checks legality first.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from game.core.actions import action
from game.core.events import ALL, redact_all
from game.core.rng import Rng
from game.core.zones import check_views, views_of
from game.games.deadwood import RULES, describe, knowledge
from game.games.deadwood.cards import data
from game.games.deadwood.deck import card_index, kind_of, safe_index, tables
from game.games.deadwood.fights import (
    counts,
    heist_win_against_deck,
    volley_hit,
    volley_hit_against_deck,
    win_probability,
)
from game.games.deadwood.rules import showdown_guns, team_gold, winning_teams
from game.games.deadwood.state import NO

D = data()
GUNS = [g.id for g in D.guns]
GEM, BELLA, GRAND = 0, 1, 2


class Scripted(Rng):
    """An Rng whose die rolls (below(6)) come from a list of faces first."""

    def __init__(self, faces, seed=5):
        super().__init__(seed)
        self.faces = list(faces)

    def below(self, n):
        if n == 6 and self.faces:
            return self.faces.pop(0)
        return super().below(n)

    def copy(self):
        out = Scripted(self.faces, 0)
        out.state = self.state
        return out


def table(players: int, mystery: bool = False, seed: int = 1):
    """A game set up with seat 0 first, every character chosen and every pass made (slot 1 passed)."""
    s = RULES.setup(players, {"mystery_safes": mystery}, seed)
    s.first = s.active = 0
    while s.phase == "character":
        do(s, RULES.legal_actions(s, s.active)[0])
    while s.phase == "pass":
        seat = RULES.pending(s)[0].seat
        do(s, RULES.legal_actions(s, seat)[0])
    return s


def do(s, act):
    assert act in RULES.legal_actions(s, act.seat), f"{act} is not legal: {RULES.legal_actions(s, act.seat)[:6]}"
    return RULES.apply(s, act)


def card_of(gun: str, item: str, used: set) -> int:
    for i, c in enumerate(D.cards):
        if D.guns[c.gun].id == gun and D.cards[i].id.startswith(f"{gun}_{item}_") and i not in used:
            used.add(i)
            return i
    raise AssertionError(f"no {gun} {item} left")


def deal(s, hands: list, draw: int | None = None):
    """Hands as lists of (gun, item), or None for any card not named elsewhere; the other cards go to the
    draw pile (or `draw` of them, the rest to the discard pile)."""
    used: set = set()
    named = [[card_of(*entry, used) if entry else None for entry in hand] for hand in hands]
    spare = [c for c in range(50) if c not in used]
    s.hands = [sorted(c if c is not None else spare.pop() for c in hand) for hand in named]
    rest = [c for c in range(50) if all(c not in h for h in s.hands)]
    if draw is None:
        s.draw, s.discard = rest, []
    else:
        s.draw, s.discard = rest[:draw], rest[draw:]
    s.shown = 0


def rows(s, safe_rows: list, heist: list | None = None):
    """Rows of safe ids, each known only to its owner; the other safes in play go to the box."""
    idx = safe_index()
    s.rows = [[idx[x] for x in row] for row in safe_rows]
    s.trk = [[1 << p] * len(row) for p, row in enumerate(s.rows)]
    s.unk = [[0] * s.players for _ in range(s.players)]
    placed = {x for row in s.rows for x in row}
    s.heist = [idx[x] for x in heist] if heist is not None else []
    placed |= set(s.heist)
    s.box = sorted(x for x in range(len(D.safes)) if x not in placed and x not in s.gone)
    s.faceup = 0


def stand(s, places: list):
    s.est = list(places)


def cid(s, seat: int, gun: str, item: str) -> str:
    ids = tables()[0]
    for c in s.hands[seat]:
        if ids[c].startswith(f"{gun}_{item}_"):
            return ids[c]
    raise AssertionError(f"seat {seat} holds no {gun} {item}")


def face(gun: str, value: int) -> int:
    return D.guns[GUNS.index(gun)].faces.index(value)


def dice(s, *pairs):
    """The next dice show these (gun, value) pairs, in rolling order."""
    s.rng = Scripted([face(g, v) for g, v in pairs])


def row_ids(s, p: int) -> list:
    ids = [x.id for x in D.safes]
    return [ids[x] for x in s.rows[p]]


def hand_kinds(s, p: int) -> list:
    ids = tables()[0]
    return sorted(ids[c].rsplit("_", 1)[0] for c in s.hands[p])


def no_offers(s):
    while s.phase == "offer":
        do(s, action(s.asked[0], "no_offer"))
    while s.phase == "accept":
        seat = RULES.pending(s)[0].seat
        do(s, action(seat, "accept", owner=NO))


def safe(x: str) -> int:
    return safe_index()[x]


# -- §3.3 odds ---------------------------------------------------------------------------------------------

SINGLE_ROLL = {  # row vs column, win–tie–loss out of 36
    "derringer": ["14-8-14", "9-7-20", "12-4-20", "6-5-25", "5-5-26"],
    "six_shooter": ["20-7-9", "13-10-13", "15-3-18", "8-9-19", "7-6-23"],
    "coach_gun": ["20-4-12", "18-3-15", "14-8-14", "15-4-17", "13-3-20"],
    "repeater": ["25-5-6", "19-9-8", "17-4-15", "13-10-13", "11-6-19"],
    "buffalo_rifle": ["26-5-5", "23-6-7", "20-3-13", "19-6-11", "14-8-14"],
}
BEATS = {
    "derringer": ["1/2", "9/29", "3/8", "6/31", "5/31"],
    "six_shooter": ["20/29", "1/2", "5/11", "8/27", "7/30"],
    "coach_gun": ["5/8", "6/11", "1/2", "15/32", "13/33"],
    "repeater": ["25/31", "19/27", "17/32", "1/2", "11/30"],
    "buffalo_rifle": ["26/31", "23/30", "20/33", "19/30", "1/2"],
}


@pytest.mark.parametrize("row", GUNS)
def test_odds_3_3_single_roll_counts(row):
    """§3.3: single-roll win–tie–loss counts of every gun pair, by enumerating the faces."""
    got = ["-".join(map(str, counts((GUNS.index(row),), (GUNS.index(col),)))) for col in GUNS]
    assert got == SINGLE_ROLL[row]


@pytest.mark.parametrize("row", GUNS)
def test_odds_3_3_exact_win_probabilities_with_rerolled_ties(row):
    got = [win_probability((GUNS.index(row),), (GUNS.index(col),)) for col in GUNS]
    assert got == [Fraction(x) for x in BEATS[row]]


HEIST_TABLE = {  # §13: win chance against k opponents with guns drawn from the deck's mix, k = 1, 3, 5, 8
    "derringer": (0.34, 0.11, 0.05, 0.02), "six_shooter": (0.48, 0.16, 0.07, 0.03),
    "coach_gun": (0.53, 0.37, 0.30, 0.24), "repeater": (0.62, 0.31, 0.19, 0.11),
    "buffalo_rifle": (0.70, 0.46, 0.35, 0.27),
}


@pytest.mark.parametrize("gun", GUNS)
def test_odds_13_heist_table_r18_ties_at_the_top_rerolled(gun):
    got = tuple(round(heist_win_against_deck(GUNS.index(gun), k), 2) for k in (1, 3, 5, 8))
    assert got == HEIST_TABLE[gun]


def test_odds_13_coach_gun_draws_level_with_the_repeater_at_two_opponents():
    coach, repeater = (heist_win_against_deck(GUNS.index(g), 2) for g in ("coach_gun", "repeater"))
    assert (round(coach, 3), round(repeater, 3)) == (0.425, 0.427)


@pytest.mark.parametrize("gun, hit", [("derringer", 0.589), ("six_shooter", 0.333), ("coach_gun", 0.410),
                                      ("repeater", 0.148), ("buffalo_rifle", 0.151)])
def test_odds_13_volley_against_two_six_shooters_r22_lowest_rerolled(gun, hit):
    six = (GUNS.index("six_shooter"),)
    assert round(volley_hit((GUNS.index(gun),), (six, six)), 3) == hit


def test_odds_13_repeater_and_buffalo_rifle_in_volleys_against_random_guns():
    """§3.3: at exactly 3 the Repeater is hit slightly more often (0.177 vs 0.152); a two-member showdown
    is a plain duel (Buffalo Rifle beats Repeater 19/30); H29: nobody rolling anything is a random pick."""
    repeater, buffalo = GUNS.index("repeater"), GUNS.index("buffalo_rifle")
    assert (round(volley_hit_against_deck(repeater, 2), 3), round(volley_hit_against_deck(buffalo, 2), 3)) == (
        0.177, 0.152)
    assert volley_hit((buffalo,), ((repeater,),)) == pytest.approx(11 / 30)
    assert volley_hit((), ((), ())) == pytest.approx(1 / 3)


def test_odds_with_several_dice_sum_every_die():
    """§3.3: a side with a Holster rolls the sum of its dice; 6^k combinations are enumerated."""
    w, t, lose = counts((GUNS.index("coach_gun"),), (GUNS.index("six_shooter"), GUNS.index("buffalo_rifle")))
    assert w + t + lose == 6 ** 3


# -- setup (§4, R1) ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players, hand, draw, heist, cap, start, out_normal, out_mystery", [
    (4, 4, 34, 3, 2, [2, 2, 0], 10, 14), (5, 4, 30, 3, 2, [2, 2, 1], 8, 12), (6, 4, 26, 3, 3, [2, 2, 2], 6, 10),
    (7, 4, 22, 3, 3, [3, 2, 2], 4, 8), (8, 3, 26, 2, 3, [3, 3, 2], 3, 7), (9, 3, 23, 2, 4, [3, 3, 3], 1, 5)])
def test_r1_setup_table_sc1_sc2(players, hand, draw, heist, cap, start, out_normal, out_mystery):
    """R1, §4 table, SC1 (4 players), SC2 (8 and 9 players), H2 (nobody at the Grand Central with 4), H3
    (placement order Gem Theater, Bella Union, Grand Central Hotel)."""
    for mystery, out in ((False, out_normal), (True, out_mystery)):
        s = table(players, mystery)
        assert [len(h) for h in s.hands] == [hand] * players
        assert len(s.draw) == draw and len(s.heist) == heist
        assert [s.est.count(e) for e in range(3)] == start
        assert RULES.view(s, 0)["capacity"] == cap
        assert all(len(r) == 2 for r in s.rows)
        assert len(s.box) == out and len(s.gone) == (0 if mystery else 4)
        assert s.round == 1 and s.phase == "turn" and s.active == 0


def test_r2_r3_rounds_heists_badge_round_sequence():
    """R2 and H9 (the first player starts every round), R3 (Heists after rounds 1..H only), SC1 (4 rounds,
    3 Heists)."""
    s = table(4)
    starts, heists = [(s.round, s.active)], 0  # round 1's first turn has begun
    rng = Rng(3)
    while s.phase != "over":
        pending = RULES.pending(s)
        seat = pending[0].seat
        legal = [a for a in RULES.legal_actions(s, seat) if a.kind != "claim"]
        events = do(s, legal[rng.below(len(legal))])
        for ev in events:
            if ev.kind == "turn_started" and not ev["optional"]:
                starts.append((ev["round"], ev["seat"]))
            if ev.kind == "moved" and ev["why"] == "flip":
                heists += 1
                assert ev["round"] in (1, 2, 3)
    firsts = {}
    for rnd, seat in starts:
        firsts.setdefault(rnd, seat)
    assert firsts == {1: 0, 2: 0, 3: 0, 4: 0}
    assert heists == 3


def test_d1_characters_in_seat_order_from_the_first_player():
    """D1, setup step 3, H4: each player picks any untaken character (none has an ability), in seat order
    from the first player."""
    s = RULES.setup(5, {}, 4)
    s.first = s.active = 3
    order = []
    while s.phase == "character":
        seat = RULES.pending(s)[0].seat
        order.append(seat)
        legal = RULES.legal_actions(s, seat)
        assert len(legal) == 9 - len(order) + 1
        do(s, legal[-1])
    assert order == [3, 4, 0, 1, 2]
    assert len(set(s.chars)) == 5


def test_d2_pass_is_secret_and_simultaneous_sc22():
    """D2, setup steps 7–8, SC22: everyone passes at once; rows are shuffled; the passer knows the
    passed safe's content in the receiver's row, slot unknown; the receiver knows both."""
    s = RULES.setup(4, {}, 9)
    while s.phase == "character":
        do(s, RULES.legal_actions(s, s.active)[0])
    assert len(RULES.pending(s)) == 4 and all(d.secret for d in RULES.pending(s))
    dealt = [list(r) for r in s.rows]
    do(s, RULES.legal_actions(s, 0)[0])  # seat 0 passes its first safe
    assert RULES.view(s, 1)["passed"] == [0] and RULES.view(s, 1)["rows"] == RULES.view(s, 1)["rows"]
    for seat in (1, 2, 3):
        do(s, RULES.legal_actions(s, seat)[1])
    passed = dealt[0][0]
    assert passed in s.rows[1] and dealt[0][1] in s.rows[0]
    assert knowledge.content_known(s, 0, passed) and not knowledge.slot_tracked(s, 0, passed)
    assert all(knowledge.slot_tracked(s, 1, x) for x in s.rows[1])
    assert not knowledge.content_known(s, 2, passed)
    assert RULES.view(s, 0)["rows"][1]["also"] == [D.safes[passed].id]


# -- turns and fights ----------------------------------------------------------------------------------------

def four():
    """A 4-player table with known hands and rows."""
    s = table(4)
    deal(s, [[("repeater", "holster"), ("derringer", "horse"), ("derringer", "duster_coat"),
              ("derringer", "stetson_hat")]] * 2
         + [[("coach_gun", "holster"), ("derringer", "horse"), ("derringer", "duster_coat"),
             ("derringer", "stetson_hat")],
            [("coach_gun", "holster"), ("six_shooter", "horse"), ("derringer", "holster"),
             ("derringer", "stetson_hat")]])
    rows(s, [["gold_1_a", "gold_2_a"], ["badge_1", "gold_5", "gold_3_a"], ["gold_4_a"], ["badge_2"]],
         heist=["gold_1_b"])
    return s


def test_sc3_r13_robbery_tie_then_defender_wins_r7_discard_order_r5_refills():
    """SC3, R13.6 (ties rerolled), R7 (attacker's card first), R5 and H17 (A draws, then B)."""
    s = four()
    stand(s, [GEM, BELLA, BELLA, GEM])
    dice(s, ("repeater", 3), ("derringer", 3), ("repeater", 2), ("derringer", 4))
    do(s, action(0, "rob", card=cid(s, 0, "repeater", "holster"), target=1, slot=2))
    assert RULES.pending(s)[0].seat == 1 and RULES.pending(s)[0].secret
    do(s, action(1, "defend", card=cid(s, 1, "derringer", "horse")))
    no_offers(s)
    assert row_ids(s, 1) == ["badge_1", "gold_5", "gold_3_a"]
    ids = tables()[0]
    assert [ids[c].rsplit("_", 1)[0] for c in s.discard] == ["repeater_holster", "derringer_horse"]
    assert len(s.hands[0]) == 4 and len(s.hands[1]) == 4 and s.active == 1


def test_sc4_r9a_robbery_win_shuffles_the_robbers_row_and_others_lose_the_slot():
    """SC4, R9(a), H23, R14, §8: the robber sees the safe; the row is shuffled; C, who had peeked at it, now
    knows it is in A's row, slot unknown; B's row closes up (R8)."""
    s = four()
    stand(s, [GEM, BELLA, BELLA, GEM])
    knowledge.peek(s, 2, 1, 1)  # C looked at B's slot 2 (gold_5)
    dice(s, ("repeater", 5), ("derringer", 3))
    do(s, action(0, "rob", card=cid(s, 0, "repeater", "holster"), target=1, slot=2))
    do(s, action(1, "defend", card=cid(s, 1, "derringer", "horse")))
    no_offers(s)
    assert sorted(row_ids(s, 0)) == ["gold_1_a", "gold_2_a", "gold_5"]
    assert row_ids(s, 1) == ["badge_1", "gold_3_a"]
    g5 = safe("gold_5")
    assert knowledge.slot_tracked(s, 0, g5)
    assert knowledge.content_known(s, 2, g5) and not knowledge.slot_tracked(s, 2, g5)
    assert knowledge.content_known(s, 1, g5) and not knowledge.slot_tracked(s, 1, g5)  # the defender knew it
    assert not knowledge.content_known(s, 3, g5)
    assert RULES.view(s, 2)["rows"][0]["also"] == ["gold_5"]


def test_sc5_r10_transfer_to_a_player_tied_for_fewest_r9b_right_end():
    """SC5, R10, D8, D9, R9(b), H24: A gains a 4th safe, picks one and one of the players tied for fewest; it
    goes to the right end of their row unshuffled; refills follow the transfer."""
    s = table(5)
    deal(s, [[("repeater", "holster"), None, None, None], [("derringer", "horse"), None, None, None]]
         + [[None] * 4] * 3)
    rows(s, [["gold_1_a", "gold_2_a", "gold_3_a"], ["badge_1", "gold_5"], ["gold_4_a"], ["badge_2", "gold_2_b"],
             ["badge_3", "gold_3_b", "gold_1_b"]])
    stand(s, [GEM, BELLA, BELLA, GEM, GRAND])
    dice(s, ("repeater", 5), ("derringer", 0))
    do(s, action(0, "rob", card=cid(s, 0, "repeater", "holster"), target=1, slot=2))
    do(s, action(1, "defend", card=cid(s, 1, "derringer", "horse")))
    no_offers(s)
    assert s.phase == "transfer" and RULES.pending(s)[0].seat == 0
    assert len(s.hands[0]) == 3, "the refill waits for the transfer"
    targets = {a["to"] for a in RULES.legal_actions(s, 0)}
    assert targets == {1, 2}
    k = row_ids(s, 0).index("gold_1_a") + 1
    do(s, action(0, "transfer", slot=k, to=2))
    assert row_ids(s, 2) == ["gold_4_a", "gold_1_a"]
    assert len(s.rows[0]) == 3 and len(s.hands[0]) == 4
    assert knowledge.slot_tracked(s, 0, safe("gold_1_a")) and knowledge.slot_tracked(s, 2, safe("gold_1_a"))
    assert not knowledge.content_known(s, 3, safe("gold_1_a"))


def test_sc6_r10_no_limit_in_the_badge_round():
    s = four()
    stand(s, [GEM, BELLA, BELLA, GEM])
    rows(s, [["gold_1_a", "gold_2_a", "gold_3_a"], ["gold_5"], ["gold_4_a"], ["gold_2_b"]])
    s.round = 5  # the badge round with 4 players
    s.optional = True
    dice(s, ("repeater", 5), ("derringer", 0))
    do(s, action(0, "rob", card=cid(s, 0, "repeater", "holster"), target=1, slot=1))
    do(s, action(1, "defend", card=cid(s, 1, "derringer", "horse")))
    no_offers(s)
    assert len(s.rows[0]) == 4 and s.phase != "transfer"


def test_sc7_r16_holster_offers_choice_tie_and_reroll():
    """SC7, R16, H14, H15: offers from the attacker's left skipping fighters; B takes C's; E's returns to
    E's hand, now public; the Holster die rerolls on the tie; discards A, B, C; refills A, B, C."""
    s = table(5)
    deal(s, [[("coach_gun", "horse"), ("derringer", "horse"), ("derringer", "duster_coat")],
             [("six_shooter", "horse"), ("derringer", "duster_coat"), ("derringer", "stetson_hat")],
             [("buffalo_rifle", "holster"), ("derringer", "horse"), ("six_shooter", "duster_coat")],
             [("repeater", "holster"), ("derringer", "horse"), ("six_shooter", "stetson_hat")],
             [("derringer", "holster"), ("six_shooter", "horse"), ("six_shooter", "duster_coat")]])
    rows(s, [["gold_1_a"], ["gold_5", "gold_2_a"], ["gold_4_a"], ["badge_2"], ["badge_1"]])
    stand(s, [GEM, BELLA, BELLA, GEM, GRAND])
    dice(s, ("coach_gun", 5), ("six_shooter", 1), ("buffalo_rifle", 4), ("coach_gun", 0), ("six_shooter", 2),
         ("buffalo_rifle", 3))
    do(s, action(0, "rob", card=cid(s, 0, "coach_gun", "horse"), target=1, slot=1))
    do(s, action(1, "defend", card=cid(s, 1, "six_shooter", "horse")))
    assert s.asked == [2, 3, 4]  # SC8(b): neither fighter is asked
    c_card, e_card = cid(s, 2, "buffalo_rifle", "holster"), cid(s, 4, "derringer", "holster")
    do(s, action(2, "offer", card=c_card, side="defender"))
    assert RULES.view(s, 3)["fight"]["offers"] == [[2, c_card, 1]]  # later offerers see earlier offers
    do(s, action(3, "no_offer"))
    do(s, action(4, "offer", card=e_card, side="defender"))
    assert RULES.pending(s)[0].seat == 1, "A has no offers, so B chooses"
    events = do(s, action(1, "accept", owner=2))
    assert row_ids(s, 1) == ["gold_5", "gold_2_a"]
    assert [e["faces"] for e in events if e.kind == "dice_rolled"] == [(5,), (1, 4), (0,), (2, 3)]
    ids = tables()[0]
    assert [ids[c].rsplit("_", 1)[0] for c in s.discard] == ["coach_gun_horse", "six_shooter_horse",
                                                              "buffalo_rifle_holster"]
    assert e_card in RULES.view(s, 0)["zones"][[z["id"] for z in RULES.view(s, 0)["zones"]].index("hand/4")]["cards"]
    draws = [e["seat"] for e in events if e.kind == "moved" and e["why"] == "draw"]
    assert sorted(set(draws), key=draws.index) == [0, 1, 2] and draws == sorted(draws)
    assert [len(h) for h in s.hands] == [4, 4, 4, 3, 3]


def test_sc8_holster_restrictions_r11_h16():
    """SC8(a), R12, H16: a Holster card starts a fight with its gun but is no item on one's own turn; (c) no
    offer after the first roll (the window closes before rolling); (d) no Holster window in a Heist."""
    s = four()
    stand(s, [GEM, BELLA, BELLA, GEM])
    legal = RULES.legal_actions(s, 0)
    holster = cid(s, 0, "repeater", "holster")
    assert any(a.kind == "rob" and a["card"] == holster for a in legal)
    assert any(a.kind == "duel" and a["card"] == holster for a in legal)
    assert not any(a.kind not in ("rob", "duel", "claim") and a.get("card") == holster for a in legal)
    # (d): a Heist goes straight from the cards to the dice.
    s.step = 4
    s.phase = "turn"
    s.active = 3
    RULES._end_turn(s, [])
    assert s.phase == "heist"
    for seat in range(4):
        do(s, action(seat, "heist", card=tables()[0][s.hands[seat][0]]))
    assert s.phase != "offer"


def test_sc9_r15_duel_swap():
    s = table(6)
    deal(s, [[("repeater", "holster"), None, None]] + [[None] * 3] * 3 + [[("derringer", "horse"), None, None]]
         + [[None] * 3])
    stand(s, [GEM, GEM, BELLA, BELLA, BELLA, GRAND])
    dice(s, ("repeater", 5), ("derringer", 0))
    do(s, action(0, "duel", card=cid(s, 0, "repeater", "holster"), target=4))
    do(s, action(4, "defend", card=cid(s, 4, "derringer", "horse")))
    no_offers(s)
    assert s.est == [BELLA, GEM, BELLA, BELLA, GEM, GRAND]


def test_sc10_r15_same_establishment_duel_forced_destination():
    s = four()
    stand(s, [GEM, GEM, BELLA, BELLA])
    dice(s, ("repeater", 5), ("derringer", 0))
    do(s, action(0, "duel", card=cid(s, 0, "repeater", "holster"), target=1))
    do(s, action(1, "defend", card=cid(s, 1, "derringer", "horse")))
    no_offers(s)
    assert s.est == [GEM, GRAND, BELLA, BELLA]


def test_d7_h21_attacker_chooses_the_destination_when_two_have_room():
    s = table(6)
    deal(s, [[("repeater", "holster"), None, None], [("derringer", "horse"), None, None]] + [[None] * 3] * 4)
    stand(s, [GEM, GEM, BELLA, BELLA, GRAND, GEM])
    dice(s, ("repeater", 5), ("derringer", 0))
    do(s, action(0, "duel", card=cid(s, 0, "repeater", "holster"), target=1))
    do(s, action(1, "defend", card=cid(s, 1, "derringer", "horse")))
    no_offers(s)
    assert s.phase == "destination"
    assert {a["to"] for a in RULES.legal_actions(s, 0)} == {"bella_union", "grand_central_hotel"}
    do(s, action(0, "destination", to="grand_central_hotel"))
    assert s.est[1] == GRAND and s.est[0] == GEM


def test_sc11_h20_illegal_duel_and_horse():
    s = table(8)
    deal(s, [[("repeater", "holster"), ("derringer", "horse"), ("derringer", "duster_coat")]]
         + [[None] * 3] * 4 + [[("six_shooter", "horse"), None, None]] + [[None] * 3] * 2)
    stand(s, [GEM, GEM, BELLA, BELLA, BELLA, GRAND, GRAND, GRAND])
    legal = RULES.legal_actions(s, 0)
    duels = {a["target"] for a in legal if a.kind == "duel"}
    assert duels == {2, 3, 4, 5, 6, 7}
    assert not any(a.kind == "horse" for a in legal)
    s.active = 5
    assert {a["to"] for a in RULES._turn_actions(s, 5) if a.kind == "horse"} == {"gem_theater"}


def test_sc12_duster_coat_reshuffle_at_8_players_r6_h18():
    """SC12: the coat is discarded (11 in the pile), 2 drawn, the 11 reshuffled, 2 more: 6 in hand;
    3 discards of A's choice; no further refill."""
    s = table(8)
    # The other players hold 5 cards each so that exactly 2 are left to draw and 10 lie in the discard pile.
    deal(s, [[("derringer", "duster_coat"), ("six_shooter", "horse"), ("coach_gun", "horse")]]
             + [[None] * 5] * 7, draw=2)
    assert len(s.discard) == 10
    events = do(s, action(0, "duster_coat", card=cid(s, 0, "derringer", "duster_coat")))
    assert any(e.kind == "shuffled" and e["zone"] == "draw" for e in events)
    assert len(s.hands[0]) == 6 and s.phase == "duster"
    assert all(len(a["cards"]) == 3 for a in RULES.legal_actions(s, 0))
    do(s, RULES.legal_actions(s, 0)[0])
    assert len(s.hands[0]) == 3 and s.active == 1 and len(s.discard) == 3


def test_sc13_h19_stetson_hat_two_distinct_safes_of_others():
    s = four()
    stand(s, [GEM, BELLA, BELLA, GEM])
    rows(s, [["gold_1_a"], ["badge_1", "gold_5", "gold_3_a"], [], ["badge_2"]])
    do(s, action(0, "stetson_hat", card=cid(s, 0, "derringer", "stetson_hat")))
    targets = {(a["target"], a["slot"]) for a in RULES.legal_actions(s, 0)}
    assert targets == {(1, 1), (1, 2), (1, 3), (3, 1)}
    events = do(s, action(0, "peek", target=1, slot=3))
    events += do(s, action(0, "peek", target=3, slot=1))
    public = [e for e in redact_all(events, 2) if e.kind == "revealed"]
    assert [(e["owner"], e["slot"], e["pieces"]) for e in public] == [(1, 3, None), (3, 1, None)]
    assert knowledge.slot_tracked(s, 0, safe("gold_3_a")) and knowledge.slot_tracked(s, 0, safe("badge_2"))
    assert row_ids(s, 1) == ["badge_1", "gold_5", "gold_3_a"] and s.active == 1
    # Only one other safe in play: the hat looks at it alone.
    s2 = four()
    rows(s2, [["gold_1_a"], [], [], ["badge_2"]])
    do(s2, action(0, "stetson_hat", card=cid(s2, 0, "derringer", "stetson_hat")))
    do(s2, action(0, "peek", target=3, slot=1))
    assert s2.active == 1


def test_sc14_r18_heist_tie_at_the_top_then_transfer():
    s = table(5)
    deal(s, [[("coach_gun", "horse")], [("coach_gun", "duster_coat")], [("repeater", "horse")],
             [("derringer", "horse")], [("six_shooter", "horse")]])
    rows(s, [["gold_1_a"], ["badge_1", "gold_5", "gold_3_a"], ["gold_2_a"], ["badge_2", "gold_2_b"], ["badge_3"]],
         heist=["gold_1_b", "gold_4_a"])
    stand(s, [GEM, GEM, BELLA, BELLA, GRAND])
    s.step, s.active = 5, 4
    dice(s, ("coach_gun", 6), ("coach_gun", 6), ("repeater", 5), ("derringer", 4), ("six_shooter", 3),
         ("coach_gun", 0), ("coach_gun", 2))
    RULES._end_turn(s, [])
    assert s.up == safe("gold_4_a") and len(RULES.pending(s)) == 5
    for seat in range(5):
        do(s, action(seat, "heist", card=tables()[0][s.hands[seat][0]]))
    assert safe("gold_4_a") in s.rows[1] and s.phase == "transfer" and RULES.pending(s)[0].seat == 1
    assert len(s.discard) == 5
    assert all(knowledge.content_known(s, p, safe("gold_4_a")) for p in range(5))
    assert not knowledge.slot_tracked(s, 0, safe("gold_4_a"))
    do(s, action(1, "transfer", slot=1, to=0))
    assert s.round == 2 and s.active == 0 and all(len(h) == 4 for h in s.hands)


def test_h25_heist_with_one_or_no_participant():
    s = four()
    deal(s, [[("derringer", "horse")], [], [], []], draw=0)
    rows(s, [["gold_1_a"], ["gold_2_a"], ["gold_3_a"], ["gold_4_a"]], heist=["gold_5"])
    s.step, s.active = 4, 3
    RULES._end_turn(s, [])
    assert safe("gold_5") in s.rows[0] and len(s.hands[0]) == 1
    s = four()
    deal(s, [[], [], [], []], draw=0)
    s.discard = []  # both piles empty: nobody can ever take part again (the other cards stay unseen)
    rows(s, [["gold_1_a"], ["gold_2_a"], ["gold_3_a"], ["gold_4_a"]], heist=["gold_1_b", "gold_2_b", "gold_5"])
    s.step, s.active = 4, 3
    events = []
    RULES._end_turn(s, events)
    assert s.gone[-3:] == [safe("gold_5"), safe("gold_2_b"), safe("gold_1_b")]
    assert any(e.kind == "moved" and e["why"] == "unclaimed" for e in events)


def test_sc19_h12_defender_without_cards_loses_at_once():
    s = four()
    deal(s, [[("derringer", "horse")], [], [("derringer", "duster_coat")], [("six_shooter", "horse")]], draw=0)
    stand(s, [GEM, BELLA, BELLA, GEM])
    card = cid(s, 0, "derringer", "horse")
    events = do(s, action(0, "rob", card=card, target=1, slot=1))
    assert not any(e.kind == "dice_rolled" for e in events)
    assert safe("badge_1") in s.rows[0]
    assert [(e["piece"], e["dst"]) for e in events if e.kind == "moved" and e["src"] == "commit/0"] == [
        (card, "discard")]


def test_r11_turn_with_nothing_to_use_passes():
    s = four()
    deal(s, [[], [("derringer", "horse")], [("derringer", "horse")], [("derringer", "horse")]], draw=0)
    s.step, s.active = 0, 3
    RULES._next_turn(s, [])
    assert s.active == 1


def test_r14_h22_any_target_any_slot_teammates_and_face_up_included():
    s = four()
    stand(s, [GEM, GEM, BELLA, BELLA])
    s.faceup |= 1 << safe("badge_1")
    s.trk[1][0] = knowledge.everyone(s)
    rob = {(a["target"], a["slot"]) for a in RULES.legal_actions(s, 0) if a.kind == "rob"}
    assert rob == {(1, 1), (1, 2), (1, 3), (2, 1), (3, 1)}


def test_r16_no_window_offer_needs_a_holster_and_one_per_player():
    s = four()
    stand(s, [GEM, BELLA, BELLA, GEM])
    do(s, action(0, "rob", card=cid(s, 0, "derringer", "horse"), target=1, slot=1))
    do(s, action(1, "defend", card=cid(s, 1, "derringer", "horse")))
    legal = RULES.legal_actions(s, 2)
    assert {a.kind for a in legal} == {"offer", "no_offer"} and len(legal) == 3
    do(s, legal[1])
    assert s.asked == [3]


def test_sc15_sc16_r19_badge_round_calls_steal_bonus_and_declining():
    """SC15, H26, H27: calls in order, each called badge turned face up; a badge robbed before its call
    gives no bonus; after its call, once; SC16 and H10: a called turn may be declined, the hand unchanged."""
    s = table(4)
    deal(s, [[("repeater", "holster"), ("derringer", "horse"), None, None], [("derringer", "horse"), None, None, None],
             [("buffalo_rifle", "holster"), ("buffalo_rifle", "horse"), ("derringer", "duster_coat"),
              ("repeater", "horse")], [("buffalo_rifle", "duster_coat"), ("derringer", "stetson_hat"),
                                       ("six_shooter", "horse"), ("six_shooter", "duster_coat")]])
    rows(s, [["badge_3", "badge_4"], ["gold_1_a"], ["badge_1"], ["badge_5"]])
    stand(s, [GEM, GEM, BELLA, BELLA])
    s.round, s.step, s.active = 4, 4, 3
    RULES._end_turn(s, [])
    assert s.round == 5 and s.called == 1 and s.active == 2 and s.optional
    assert s.faceup >> safe("badge_1") & 1
    # Call 1: C robs A's slot holding badge 3 (not yet called): no bonus.
    dice(s, ("buffalo_rifle", 6), ("derringer", 0))
    slot = 1 + row_ids(s, 0).index("badge_3")
    do(s, action(2, "rob", card=cid(s, 2, "buffalo_rifle", "holster"), target=0, slot=slot))
    do(s, action(0, "defend", card=cid(s, 0, "derringer", "horse")))
    no_offers(s)
    assert not s.queue
    # Call 2 nobody; call 3 is C's.
    assert s.called == 3 and s.active == 2
    do(s, action(2, "pass"))
    assert s.called == 4 and s.active == 0
    # A robs C's face-up 1st Badge: a bonus turn right after.
    slot = 1 + row_ids(s, 2).index("badge_1")
    dice(s, ("repeater", 5), ("derringer", 0))
    do(s, action(0, "rob", card=cid(s, 0, "repeater", "holster"), target=2, slot=slot))
    do(s, action(2, "defend", card=cid(s, 2, "derringer", "duster_coat")))
    no_offers(s)
    assert s.active == 0 and s.called == 4 and s.bonus_used >> 1 & 1
    hand = list(s.hands[0])
    do(s, action(0, "pass"))  # SC16: declined, hand unchanged
    assert s.hands[0] == hand
    assert s.called == 5 and s.active == 3
    # D robs the 1st Badge from A: no bonus, already used.
    slot = 1 + row_ids(s, 0).index("badge_1")
    dice(s, ("buffalo_rifle", 6), ("derringer", 0))
    do(s, action(3, "rob", card=cid(s, 3, "buffalo_rifle", "duster_coat"), target=0, slot=slot))
    do(s, action(0, "defend", card=tables()[0][s.hands[0][0]]))
    no_offers(s)
    assert s.phase in ("volley", "over", "mystery")


def test_r20_a_robbed_face_up_badge_stays_face_up():
    s = four()
    stand(s, [GEM, BELLA, BELLA, GEM])
    s.round = 5
    s.optional = True
    s.faceup |= 1 << safe("badge_1")
    s.trk[1][0] = knowledge.everyone(s)
    dice(s, ("repeater", 5), ("derringer", 0))
    do(s, action(0, "rob", card=cid(s, 0, "repeater", "holster"), target=1, slot=1))
    do(s, action(1, "defend", card=cid(s, 1, "derringer", "horse")))
    no_offers(s)
    assert all(knowledge.slot_tracked(s, p, safe("badge_1")) for p in range(4))
    assert "badge_1" in RULES.view(s, 3)["zones"][[z["id"] for z in RULES.view(s, 3)["zones"]].index("row/0")]["cards"]


@pytest.mark.parametrize("gold, members, winners", [
    ({GEM: 9, BELLA: 9, GRAND: 6}, {GEM: 2, BELLA: 3, GRAND: 2}, [GEM]),  # SC17(a)
    ({GEM: 9, BELLA: 4, GRAND: 9}, {GEM: 2, BELLA: 3, GRAND: 2}, [GEM, GRAND]),  # SC17(b)
    ({GEM: 0, BELLA: 0, GRAND: 0}, {GEM: 2, BELLA: 2, GRAND: 1}, [GRAND]),  # SC17(c)
])
def test_sc17_r21_team_scoring_ties(gold, members, winners):
    """SC17, R21.4, H28: highest gold, then fewest members; still tied, all win."""
    n = sum(members.values())
    s = table(n)
    places = [e for e in (GEM, BELLA, GRAND) for _ in range(members[e])]
    stand(s, places)
    s.gold = [0] * n
    for e in (GEM, BELLA, GRAND):
        first = places.index(e)
        s.gold[first] = gold[e]
    assert team_gold(s) == gold and winning_teams(s) == winners


def test_sc17_empty_establishments_are_not_teams_and_result_teams():
    s = table(4)
    rows(s, [["gold_5"], ["gold_1_a"], ["gold_4_a"], ["gold_2_a"]])
    deal(s, [[], [], [], []], draw=0)
    stand(s, [GEM, GEM, BELLA, BELLA])
    s.round, s.called = 5, 5
    s.phase = "turn"
    RULES._badge_next(s, [])
    result = RULES.result(s)
    assert [(t.name, t.members, t.score, t.won) for t in result.teams] == [
        ("deadwood.team.gem_theater", (0, 1), 6, True), ("deadwood.team.bella_union", (2, 3), 6, True)]
    assert result.details["establishments"] == ["gem_theater", "gem_theater", "bella_union", "bella_union"]
    assert len(result.winners) == 2  # two showdowns, one winner each (shared victory)


def test_sc18_r22_final_showdown_volleys_wounds_and_card_return():
    """SC18: showdown guns add dice; the lowest is wounded, the tied lowest reroll; when every hand is
    empty the used cards come back; a second wound eliminates."""
    s = table(9)
    deal(s, [[("six_shooter", "horse"), ("derringer", "horse"), ("derringer", "duster_coat")],
             [("buffalo_rifle", "horse"), ("derringer", "stetson_hat"), ("coach_gun", "holster")],
             [("derringer", "duster_coat"), ("repeater", "horse"), ("six_shooter", "duster_coat")]]
             + [[] for _ in range(6)], draw=0)
    rows(s, [["showdown_repeater", "gold_5"], ["gold_4_a"], ["showdown_coach_gun", "showdown_buffalo_rifle"]]
         + [[] for _ in range(6)])
    stand(s, [GEM, GEM, GEM, BELLA, BELLA, BELLA, GRAND, GRAND, GRAND])
    assert showdown_guns(s, 2) == (GUNS.index("coach_gun"), GUNS.index("buffalo_rifle"))
    s.round, s.called = 4, 5
    RULES._badge_next(s, [])
    assert s.phase == "volley" and s.alive == [0, 1, 2]
    # Volley 1: A 2 + 3 = 5, B 6, C 0 + 0 + 1 = 1: C is wounded.
    dice(s, ("six_shooter", 2), ("repeater", 3), ("buffalo_rifle", 6), ("derringer", 0), ("coach_gun", 0),
         ("buffalo_rifle", 1))
    do(s, action(0, "volley", card=cid(s, 0, "six_shooter", "horse")))
    do(s, action(1, "volley", card=cid(s, 1, "buffalo_rifle", "horse")))
    do(s, action(2, "volley", card=cid(s, 2, "derringer", "duster_coat")))
    assert s.wounds[:3] == [0, 0, 1]
    # Volley 2: A 1 + 2 = 3, B 3, C 2 + 6 + 5: A and B reroll, A 4 + 2, B 1: B is wounded.
    dice(s, ("derringer", 1), ("repeater", 2), ("derringer", 3), ("repeater", 2), ("coach_gun", 6),
         ("buffalo_rifle", 5), ("derringer", 4), ("repeater", 2), ("derringer", 1))
    do(s, action(0, "volley", card=cid(s, 0, "derringer", "horse")))
    do(s, action(1, "volley", card=cid(s, 1, "derringer", "stetson_hat")))
    do(s, action(2, "volley", card=cid(s, 2, "repeater", "horse")))
    assert s.wounds[:3] == [0, 1, 1]
    # Volley 3: A 4, B 6, C 9: A is wounded; every hand is now empty and the cards come back.
    dice(s, ("derringer", 2), ("repeater", 2), ("coach_gun", 6), ("six_shooter", 4), ("coach_gun", 4),
         ("buffalo_rifle", 1))
    do(s, action(0, "volley", card=cid(s, 0, "derringer", "duster_coat")))
    do(s, action(1, "volley", card=cid(s, 1, "coach_gun", "holster")))
    do(s, action(2, "volley", card=cid(s, 2, "six_shooter", "duster_coat")))
    assert s.wounds[:3] == [1, 1, 1]
    assert [len(s.hands[p]) for p in range(3)] == [3, 3, 3] and not any(s.used[:3])
    # Volley 4: B is lowest and eliminated.
    dice(s, ("six_shooter", 4), ("repeater", 4), ("derringer", 2), ("derringer", 0), ("coach_gun", 2),
         ("buffalo_rifle", 3))
    do(s, action(0, "volley", card=cid(s, 0, "six_shooter", "horse")))
    do(s, action(1, "volley", card=cid(s, 1, "derringer", "stetson_hat")))
    do(s, action(2, "volley", card=cid(s, 2, "derringer", "duster_coat")))
    assert s.alive == [0, 2] and s.wounds[1] == 2
    rng = Rng(1)
    while s.phase == "volley":
        seat = RULES.pending(s)[0].seat
        legal = RULES.legal_actions(s, seat)
        do(s, legal[rng.below(len(legal))])
    assert s.phase == "over" and len(s.winners) == 1 and s.winners[0] in (0, 2)
    assert RULES.result(s).winners == s.winners


def test_h29_tied_lowest_without_dice_is_chosen_at_random():
    s = table(4)
    deal(s, [[], [], [], []], draw=0)
    rows(s, [["gold_5"], ["gold_4_a"], ["gold_1_a"], ["gold_1_b"]])
    stand(s, [GEM, GEM, BELLA, BELLA])
    s.round, s.called = 5, 5
    RULES._badge_next(s, [])
    assert s.phase == "over" and len(s.winners) == 1 and s.winners[0] in (0, 1)


def test_sc20_mystery_safes_jammed_gun_fools_gold_gold_rush_deputy_badge():
    """SC20, §6.11–6.14, H32: Gold Rush before Fool's Gold, never below 0, the shown cards stay in hand."""
    # (a) Jammed Gun blocks the best showdown gun.
    s = table(4, mystery=True)
    rows(s, [["showdown_coach_gun", "showdown_repeater", "mystery_jammed_gun"], [], [], []])
    assert showdown_guns(s, 0) == (GUNS.index("coach_gun"),)
    # (b), (c): Fool's Gold takes off, never below 0; Gold Rush adds; cards stay in hand.
    s = table(4, mystery=True)
    deal(s, [[("derringer", "horse")], [("buffalo_rifle", "horse")], [], []], draw=0)
    rows(s, [["gold_1_a", "gold_2_a", "mystery_fools_gold"], ["mystery_gold_rush"], ["gold_5"], ["gold_4_a"]])
    stand(s, [GEM, GEM, BELLA, BELLA])
    s.round, s.called = 5, 6
    RULES._badge_next(s, [])
    assert s.phase == "mystery" and RULES.pending(s)[0].seat == 1, "Gold Rush first"
    dice(s, ("buffalo_rifle", 6), ("derringer", 4))
    do(s, action(1, "mystery", card=cid(s, 1, "buffalo_rifle", "horse")))
    assert RULES.pending(s)[0].seat == 0
    do(s, action(0, "mystery", card=cid(s, 0, "derringer", "horse")))
    assert s.gold[:2] == [0, 6] and len(s.hands[1]) == 1
    # (d) the Deputy Badge is called sixth.
    s = table(4, mystery=True)
    rows(s, [["mystery_deputy_badge"], ["badge_5"], [], []])
    s.round, s.called = 5, 4
    RULES._badge_next(s, [])
    assert s.called == 5 and s.active == 1
    do(s, action(1, "pass"))
    assert s.called == 6 and s.active == 0


def test_the_view_tells_the_table_rounds_hand_size_and_showdown_guns_with_the_jammed_gun():
    """What the table draws comes from the view: the round count and hand size (H), and at the Final
    Showdown the guns each survivor's safes add, minus the best one with a Jammed Gun (§6.13)."""
    s = table(4, mystery=True)
    view = RULES.view(s, 0)
    assert (view["rounds"], view["hand_size"], view["showdown_guns"]) == (4, 4, None)
    assert (RULES.view(table(9), 0)["rounds"], RULES.view(table(9), 0)["hand_size"]) == (3, 3)
    deal(s, [[("derringer", "horse")], [("buffalo_rifle", "horse")], [], []], draw=0)
    rows(s, [["showdown_coach_gun", "showdown_repeater", "mystery_jammed_gun"], ["showdown_buffalo_rifle", "gold_5"],
             ["gold_1_a"], ["gold_2_a"]])
    stand(s, [GEM, GEM, BELLA, BELLA])
    s.round, s.called = 5, 6
    RULES._badge_next(s, [])
    assert s.phase == "volley" and s.alive == [0, 1]
    assert RULES.view(s, 2)["showdown_guns"] == [["coach_gun"], ["buffalo_rifle"], [], []]


def test_sc21_knowledge_follows_shifts_then_loses_slots_on_shuffle():
    s = table(4)
    deal(s, [[None] * 4, [("derringer", "horse"), None, None, None], [("repeater", "horse"), None, None, None],
             [None] * 4])
    rows(s, [["gold_1_a"], ["gold_2_a", "gold_3_a", "gold_5"], ["gold_4_a"], ["badge_1"]], heist=["gold_1_b"])
    stand(s, [GEM, BELLA, BELLA, GEM])
    knowledge.peek(s, 0, 1, 2)  # A peeked at B's slot 3: gold 5
    s.active = 2
    dice(s, ("repeater", 5), ("derringer", 0))
    do(s, action(2, "rob", card=cid(s, 2, "repeater", "horse"), target=1, slot=1))
    do(s, action(1, "defend", card=cid(s, 1, "derringer", "horse")))
    no_offers(s)
    assert row_ids(s, 1).index("gold_5") == 1 and knowledge.slot_tracked(s, 0, safe("gold_5"))
    knowledge.enter_shuffled(s, 1, safe("gold_1_b"), knowledge.everyone(s))  # B wins a heist
    assert knowledge.content_known(s, 0, safe("gold_5")) and not knowledge.slot_tracked(s, 0, safe("gold_5"))


def test_s8_no_leak_through_untracked_moves():
    """§8: an observer who does not track the slot that leaves forgets what it knew untracked in that row,
    the leaving safe included; one who tracks it keeps both flags in its new place (a transfer)."""
    s = table(4)
    rows(s, [["gold_1_a"], ["gold_2_a", "gold_3_a", "gold_5"], ["gold_4_a"], ["badge_1"]])
    s.unk[0][1] = 1 << safe("gold_5") | 1 << safe("gold_2_a")  # A knows both, slots unknown
    knowledge.peek(s, 2, 1, 2)  # C tracks slot 3 (gold 5)
    got, trackers = knowledge.leave(s, 1, 2)
    assert got == safe("gold_5") and s.unk[0][1] == 0
    knowledge.append(s, 3, got, trackers)
    assert knowledge.slot_tracked(s, 2, got) and knowledge.slot_tracked(s, 3, got)
    assert not knowledge.content_known(s, 0, got)


# -- the view and determinization (§8) ----------------------------------------------------------------------

def test_s8_view_shows_content_only_with_both_flags_and_lists_also_in_this_row():
    s = table(4)
    rows(s, [["gold_1_a"], ["gold_2_a", "gold_5"], ["gold_4_a"], ["badge_1"]])
    s.unk[0][1] = 1 << safe("gold_5")
    knowledge.peek(s, 0, 3, 0)
    v = RULES.view(s, 0)
    assert [x["safe"] for x in v["rows"][1]["slots"]] == [None, None] and v["rows"][1]["also"] == ["gold_5"]
    assert v["rows"][3]["slots"][0]["safe"] == "badge_1" and v["rows"][3]["slots"][0]["trackers"] == [0, 3]
    assert RULES.view(s, 2)["rows"][3]["slots"][0]["safe"] is None


def test_s8_determinize_keeps_what_the_seat_knows_and_redeals_the_rest():
    s = table(5, seed=8)
    s.unk[0][2] = 1 << s.rows[2][1]
    knowledge.peek(s, 0, 3, 0)
    seen = set()
    for i in range(30):
        d = RULES.determinize(s, 0, Rng(i))
        assert RULES.view(d, 0) == RULES.view(s, 0)
        assert d.rows[3][0] == s.rows[3][0] and s.rows[2][1] in d.rows[2]
        assert sorted(x for r in d.rows for x in r) + sorted(d.heist + d.box) != []
        assert len({x for r in d.rows for x in r} | set(d.heist) | set(d.box) | set(d.gone)) == 25
        seen.add(tuple(d.rows[1]))
    assert len(seen) > 1, "safes the seat does not know are re-dealt"


# -- claims (§6.16, R23) ---------------------------------------------------------------------------------

def test_r23_claims_are_logged_never_verified_one_per_turn():
    """R23, §6.16, H31: a fixed list of statements, talk only: nothing but the claim log changes."""
    s = table(4)
    claims = [a for a in RULES.legal_actions(s, 0) if a.kind == "claim"]
    assert action(0, "claim", content="gold_5", slot=0, subject=0) in claims
    assert not any(a["subject"] == 0 and a["slot"] for a in claims)
    assert {a["slot"] for a in claims if a["subject"] == 2} == {0, 1, 2}  # an optional slot of that row
    assert not any(a["subject"] != 0 and a["content"] == "nothing" for a in claims)
    before = json.loads(json.dumps(RULES.to_json(s)))
    events = do(s, action(0, "claim", content="gold_5", slot=2, subject=2))
    assert [e.kind for e in events] == ["claim"]
    after = json.loads(json.dumps(RULES.to_json(s)))
    assert {k for k in after if after[k] != before[k]} == {"claimed", "claims", "claim_times"}
    assert not any(a.kind == "claim" for a in RULES.legal_actions(s, 0))
    assert RULES.view(s, 3)["claims"] == [[0, 2, 2, "gold_5", s.turns, s.round]]  # when: redrawn after a load
    from game.core.match import Match, Seat
    match = Match(RULES, [Seat(n) for n in "ABCD"], None, 1)
    assert describe(match, events, 1, "en") == ["A: “C's slot 2 is gold 5.”"]
    assert describe(match, events, 1, "ja") == ["Aの宣言:「Cの2枚目は金5だ。」"]


# -- the information model against a brute-force tracker (§8) -------------------------------------------------

class Tracker:
    """The spec's per-observer flags kept literally, one (content_known, slot_tracked) pair per safe and
    observer, updated from the omniscient event stream and the rows before each step."""

    def __init__(self, s):
        n = s.players
        self.known = [[False] * 25 for _ in range(n)]
        self.tracked = [[False] * 25 for _ in range(n)]
        for p, row in enumerate(s.rows):
            for x in row:
                self.known[p][x] = self.tracked[p][x] = True

    def step(self, before, s, events):
        n = s.players
        where = {x: (p, k) for p, row in enumerate(before.rows) for k, x in enumerate(row)}
        idx = safe_index()
        for ev in events:
            if ev.kind == "moved" and ev["why"] in ("rob", "transfer", "pass") and ev["dst"].startswith("row/"):
                x = idx[ev["piece"]]
                src = int(ev["src"].split("/")[1])
                dst = int(ev["dst"].split("/")[1])
                for o in range(n):
                    if o == src:
                        continue
                    if not self.tracked[o][x]:  # no leak: forget every untracked safe of the source row
                        for y in before.rows[src]:
                            if self.known[o][y] and not self.tracked[o][y]:
                                self.known[o][y] = False
                self.known[src][x] = True
                self.known[dst][x] = self.tracked[dst][x] = True
                if ev["why"] == "pass":
                    self.tracked[src][x] = False
            elif ev.kind == "moved" and ev["why"] == "heist" and ev["dst"].startswith("row/"):
                x = idx[ev["piece"]]
                for o in range(n):
                    self.known[o][x] = True
                    self.tracked[o][x] = True
            elif ev.kind == "shuffled" and ev["zone"].startswith("row/"):
                p = int(ev["zone"].split("/")[1])
                for o in range(n):
                    if o == p:
                        continue
                    for y in s.rows[p]:
                        if not s.faceup >> y & 1:
                            self.tracked[o][y] = False
            elif ev.kind == "revealed" and ev["why"] == "peek":
                x = idx[ev["pieces"][0]]
                self.known[ev["seat"]][x] = self.tracked[ev["seat"]][x] = True
            elif ev.kind == "revealed" and ev["why"] in ("badge", "scoring"):
                for sid in ev["pieces"]:
                    for o in range(n):
                        self.known[o][idx[sid]] = self.tracked[o][idx[sid]] = True
        del where

    def check(self, s):
        for o in range(s.players):
            for row in s.rows:
                for x in row:
                    assert knowledge.content_known(s, o, x) == self.known[o][x], (o, D.safes[x].id, "known")
                    assert knowledge.slot_tracked(s, o, x) == self.tracked[o][x], (o, D.safes[x].id, "tracked")


@pytest.mark.parametrize("players", [4, 5, 6, 7, 8, 9])
def test_s8_knowledge_flags_match_a_brute_force_tracker_over_random_games(players):
    for seed in range(3):
        s = RULES.setup(players, {"mystery_safes": seed == 1}, 100 * players + seed)
        rng = Rng(seed)
        tracker = None
        while s.phase != "over":
            pending = RULES.pending(s)
            seat = pending[rng.below(len(pending))].seat
            legal = RULES.legal_actions(s, seat)
            before = RULES.copy(s)
            events = RULES.apply(s, legal[rng.below(len(legal))])
            if tracker is None:
                if s.phase != "pass" and s.round >= 1:
                    tracker = Tracker(before) if before.phase == "pass" else None
                    if tracker is not None:
                        tracker.step(before, s, redact_all(events, ALL))
                        tracker.check(s)
                continue
            tracker.step(before, s, redact_all(events, ALL))
            tracker.check(s)
        assert tracker is not None


# -- whole games --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [4, 5, 6, 7, 8, 9])
@pytest.mark.parametrize("mystery", [False, True])
def test_random_games_end_without_error_and_keep_every_piece(players, mystery):
    """Fuzz over 4–9 players with and without Mystery Safes; R17 and H30: every die shows one of its gun's
    faces, as many dice as a Heist needs."""
    faces = {g.id: set(g.faces) for g in D.guns}
    for seed in range(3):
        s = RULES.setup(players, {"mystery_safes": mystery}, seed * 31 + players)
        rng = Rng(seed)
        steps = 0
        while s.phase != "over":
            pending = RULES.pending(s)
            seat = pending[rng.below(len(pending))].seat
            legal = RULES.legal_actions(s, seat)
            for ev in do(s, legal[rng.below(len(legal))]):
                if ev.kind == "dice_rolled":
                    assert all(f in faces[g] for g, f in zip(ev["dice"], ev["faces"], strict=True))
            steps += 1
            assert steps < 4000
            if steps % 25 == 0:
                assert check_views(views_of(RULES, s)) == 84
                assert sorted(c for h in s.hands for c in h) + sorted(s.draw + s.discard) != []
        result = RULES.result(s)
        assert result.winners and all(t.members for t in result.teams)
        assert {p for t in result.teams for p in t.members} == set(range(players))


def test_describe_names_every_event_in_both_languages():
    from game.core.match import Match, Seat
    m = Match(RULES, [Seat(f"P{i}") for i in range(5)], {"mystery_safes": True}, 12)
    rng = Rng(2)
    from game.core.actions import deciding
    while not m.is_over():
        seat = deciding(m.pending())[0].seat
        legal = m.legal_actions(seat)
        m.apply(legal[rng.below(len(legal))])
        for lang in ("en", "ja"):
            for line in describe(m, m.history[-1], seat, lang):
                assert "deadwood." not in line and "{" not in line


def test_identical_cards_are_one_choice():
    s = table(4)
    deal(s, [[("derringer", "horse")] * 3 + [("repeater", "horse")]] + [[None] * 4] * 3)
    cards = {a["card"] for a in RULES.legal_actions(s, 0) if a.kind == "duel"}
    assert len({kind_of()[card_index()[c]] for c in cards}) == len(cards) == 2


def test_d3_d4_h11_the_defender_cannot_read_the_attackers_committed_card():
    """H11: the attacker's card is face down until the defender has committed: the defender's view, legal
    actions and bot input are the same whichever card the attacker chose."""
    from game.ai.bot import SeatInfo
    from game.core import canon

    states = []
    for gun, item in (("repeater", "holster"), ("derringer", "horse")):
        s = four()
        stand(s, [GEM, BELLA, BELLA, GEM])
        do(s, action(0, "rob", card=cid(s, 0, gun, item), target=1, slot=1))
        states.append(s)
    a, b = (SeatInfo(RULES, s, 1) for s in states)
    assert a.view == b.view and a.legal == b.legal
    assert canon.digest(RULES.to_json(a.base)) == canon.digest(RULES.to_json(b.base))
    assert a.view["fight"]["attacker_card"] is None


def test_s10_fight_odds_assist_after_the_reveal_and_after_holsters():
    """§10 Show fight odds: exact chances from the revealed dice, again once a Holster is chosen; off, none."""
    s = four()
    stand(s, [GEM, BELLA, BELLA, GEM])
    do(s, action(0, "rob", card=cid(s, 0, "repeater", "holster"), target=1, slot=1))
    assert "odds" not in RULES.view(s, 2)["fight"]
    do(s, action(1, "defend", card=cid(s, 1, "derringer", "horse")))
    assert RULES.view(s, 2)["fight"]["odds"] == [25, 31]
    do(s, action(2, "offer", card=cid(s, 2, "coach_gun", "holster"), side="attacker"))
    do(s, action(3, "offer", card=cid(s, 3, "derringer", "holster"), side="defender"))
    do(s, action(0, "accept", owner=2))
    assert s.phase == "accept" and RULES.pending(s)[0].seat == 1
    odds = win_probability((GUNS.index("repeater"), GUNS.index("coach_gun")), (GUNS.index("derringer"),))
    assert RULES.view(s, 1)["fight"]["odds"] == [odds.numerator, odds.denominator] != [25, 31]
    s.options = dict(s.options, fight_odds=False)
    assert "odds" not in RULES.view(s, 1)["fight"]


def test_h1_four_to_nine_players_only():
    for players in (3, 10):
        with pytest.raises(ValueError):
            RULES.setup(players, {}, 1)


def test_h10_h13_a_normal_turn_and_a_defence_cannot_be_declined():
    """H10: using a card is mandatory in a normal round (no pass); H13: a defender with cards must defend."""
    s = four()
    stand(s, [GEM, BELLA, BELLA, GEM])
    assert not any(a.kind == "pass" for a in RULES.legal_actions(s, 0))
    assert not RULES.pending(s)[0].declinable
    do(s, action(0, "duel", card=cid(s, 0, "derringer", "horse"), target=1))
    assert {a.kind for a in RULES.legal_actions(s, 1)} <= {"defend", "claim"}


def test_r4_capacity_is_never_exceeded_and_r24_a_seed_and_the_actions_rebuild_the_game():
    from game.core import canon
    for players in (4, 6, 9):
        s = RULES.setup(players, {}, players)
        again = RULES.setup(players, {}, players)
        rng = Rng(players)
        cap = RULES.view(s, None)["capacity"]
        while s.phase != "over":
            pending = RULES.pending(s)
            seat = pending[rng.below(len(pending))].seat
            legal = RULES.legal_actions(s, seat)
            act = legal[rng.below(len(legal))]
            RULES.apply(s, act)
            RULES.apply(again, act)
            assert all(s.est.count(e) <= cap for e in range(3))
        assert canon.digest(RULES.to_json(s)) == canon.digest(RULES.to_json(again))


def test_h5_h6_h7_h8_the_engine_reads_the_house_data():
    """H5 (faces are data), H6 (14/12/10/8/6 guns; 12/10/13/15 items), H7 (5 badges, a Showdown Gun for
    every gun but the Derringer, 12 Gold worth 31), H8 (4 Mystery Safes, used only with the option)."""
    _, gun, item, faces = tables()
    assert [gun.count(g) for g in range(5)] == [14, 12, 10, 8, 6]
    assert [item.count(i) for i in range(4)] == [12, 10, 13, 15]
    assert faces[0] == (0, 1, 1, 2, 3, 4)
    normal = D.safes[:21]
    assert sorted(x.value for x in normal if x.type == "badge") == [1, 2, 3, 4, 5]
    assert sorted(D.guns[x.value].id for x in normal if x.type == "showdown_gun") == sorted(GUNS[1:])
    assert sum(x.value for x in normal if x.type == "gold") == 31
    assert [x.type for x in D.safes[21:]] == ["mystery"] * 4
    assert len(table(4).gone) == 4 and not table(4, mystery=True).gone
