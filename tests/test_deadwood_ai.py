"""Deadwood 1876's AI (spec §13): bots never read what their seat cannot know, answer every decision kind
legally at every level, and play a few §13 behaviours (exact odds in a Heist, Holsters for the own team,
team moves by Horse)."""

from __future__ import annotations

import pytest

from game.ai.arena import play_game
from game.ai.bot import SeatInfo, make_bot
from game.core.actions import deciding
from game.core.rng import Rng
from game.games.deadwood import RULES, belief
from game.games.deadwood.deck import card_index, safe_index
from game.games.deadwood.fights import heist_win_against_deck
from game.games.deadwood.heuristics import heist_odds

LEVELS = ("easy", "normal", "hard")
GEM, BELLA, GRAND = 0, 1, 2


def bot(level: str):
    return make_bot("deadwood", level, iterations=24, budget=0.05)


def play_until(seed: int, players: int, stop, options=None):
    """A game played by Normal bots until `stop(state)` holds at a decision; returns the state."""
    s = RULES.setup(players, RULES.info.resolve_options(options), seed)
    normal = make_bot("deadwood", "normal")
    rng = Rng(seed)
    while RULES.pending(s):
        if stop(s):
            return s
        for d in deciding(RULES.pending(s)):
            RULES.apply(s, normal.choose(SeatInfo(RULES, s, d.seat), rng))
    raise AssertionError("the game ended before the position was reached")


def give(s, seat: int, card_ids: list) -> None:
    """The seat's hand becomes exactly these cards (each taken from wherever it is; the seat's old cards
    go where those came from)."""
    idx = card_index()
    wanted = [idx[c] for c in card_ids]
    old = [c for c in s.hands[seat] if c not in wanted]
    for c in wanted:
        if c in s.hands[seat]:
            continue
        for pile in [h for p, h in enumerate(s.hands) if p != seat] + [s.draw, s.discard]:
            if c in pile:
                pile[pile.index(c)] = old.pop()
                break
    s.hands[seat] = sorted(wanted)
    s.hands = [sorted(h) for h in s.hands]
    s.shown = 0


def decisions(seeds, players: int):
    """Every (state, seat) a Normal game meets, for the never-peeks check."""
    for seed in seeds:
        s = RULES.setup(players, RULES.info.resolve_options({"ai_claims": True}), seed)
        normal = make_bot("deadwood", "normal")
        rng = Rng(seed)
        step = 0
        while RULES.pending(s):
            for d in deciding(RULES.pending(s)):
                if step % 11 == 0:
                    yield s.copy(), d.seat
                step += 1
                RULES.apply(s, normal.choose(SeatInfo(RULES, s, d.seat), rng))


# -- never peeks ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("level", LEVELS)
def test_never_peeks_changing_unseen_safes_hands_and_deck_changes_no_choice(level):
    b = bot(level)
    checked = 0
    for i, (s, seat) in enumerate(decisions((3, 4), 6)):
        twin = RULES.determinize(s, seat, Rng(700 + i))  # unseen safes, others' hands and the deck re-dealt
        a, t = SeatInfo(RULES, s, seat), SeatInfo(RULES, twin, seat)
        if len(a.legal) < 2:
            continue
        assert b.choose(a, Rng(i)) == b.choose(t, Rng(i))
        checked += 1
    assert checked > 20


# -- every decision kind, legally -------------------------------------------------------------------------

@pytest.mark.parametrize("level", LEVELS)
def test_every_decision_kind_is_answered_legally(level):
    kinds = set()
    for seed, players, options in ((1, 6, {"ai_claims": True}), (2, 9, {"mystery_safes": True}), (3, 4, None)):
        record = play_game("deadwood", [level] * players, seed, budget=0.02, iterations=12, options=options)
        assert record.error is None, record.error  # play_game checks every action against the legal list
        assert record.winners
    b = bot(level)
    rng = Rng(5)
    for seed in (5, 6):  # and which kinds those games met, to be sure they covered them
        s = RULES.setup(7, RULES.info.resolve_options({"mystery_safes": True, "ai_claims": True}), seed)
        while RULES.pending(s):
            for d in deciding(RULES.pending(s)):
                info = SeatInfo(RULES, s, d.seat)
                act = b.choose(info, rng)
                assert act in info.legal
                kinds.add(d.kind)
                RULES.apply(s, act)
    assert {"character", "pass", "turn", "defend", "offer", "accept", "heist", "volley", "transfer"} <= kinds


# -- §13 behaviours ---------------------------------------------------------------------------------------

def _heist_position(players: int):
    s = play_until(11, players, lambda s: s.phase == "heist")
    gold_5 = safe_index()["gold_5"]
    for row in s.rows:  # the flipped safe is the Gold 5
        if gold_5 in row:
            row[row.index(gold_5)] = s.up
    if gold_5 in s.heist:
        s.heist[s.heist.index(gold_5)] = s.up
    if gold_5 in s.box:
        s.box.remove(gold_5)
        s.box = sorted(s.box + [s.up])
    s.up = gold_5
    return s


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_heist_gun_by_exact_odds_coach_gun_over_repeater_against_five(level):
    """§13: against 5 opponents the Coach Gun wins a Heist 0.30 of the time, the Repeater 0.19."""
    s = _heist_position(6)
    seat = next(d.seat for d in RULES.pending(s))
    give(s, seat, ["repeater_horse_1", "coach_gun_horse_1", "derringer_holster_1", "derringer_holster_2"])
    b = bot(level)
    picks = [b.choose(SeatInfo(RULES, s, seat), Rng(i))["card"] for i in range(40)]
    assert picks.count("coach_gun_horse_1") > 2 * picks.count("repeater_horse_1")


def test_heist_odds_table_is_the_engines_exact_odds():
    for g in range(5):
        for k in range(1, 9):
            assert heist_odds(g, k) == pytest.approx(heist_win_against_deck(g, k), abs=5e-5)


def _offer_position(attacker_team_rich: bool):
    """6 players: seat 2 (Grand Central, alone with seat 5) is asked for a Holster offer in a Robbery by
    seat 0 (Gem) of seat 1 (Bella). Gem is the richest team when `attacker_team_rich`."""
    s = play_until(21, 6, lambda s: s.phase == "turn" and s.round == 1 and s.step == 1)
    s.est = [GEM, BELLA, GRAND, GEM, BELLA, GRAND]
    idx = safe_index()
    rich, poor = ["gold_5", "gold_4_a"], ["gold_1_a", "gold_1_b"]
    layout = [rich, poor, ["gold_2_a"], ["gold_4_b"], ["gold_1_c"], ["gold_2_b"]]
    if not attacker_team_rich:
        layout[0], layout[1], layout[3], layout[4] = poor[:1], rich, ["gold_1_c"], ["gold_4_b"]
    everyone = (1 << 6) - 1
    s.rows = [[idx[x] for x in row] for row in layout]
    s.trk = [[everyone] * len(row) for row in s.rows]  # every content public: the team picture is certain
    s.unk = [[0] * 6 for _ in range(6)]
    placed = {x for row in s.rows for x in row}
    s.box = sorted(x for x in s.box + s.heist + [x for r in s.rows for x in r] if x not in placed)
    s.box = sorted(set(s.box) - placed - set(s.heist))
    s.active = 0
    give(s, 0, ["six_shooter_duster_coat_1", "derringer_duster_coat_1", "derringer_horse_1",
                "derringer_stetson_hat_1"])
    give(s, 1, ["six_shooter_duster_coat_2", "derringer_duster_coat_2", "derringer_horse_2",
                "derringer_stetson_hat_2"])
    give(s, 2, ["buffalo_rifle_holster_1", "derringer_horse_3", "derringer_stetson_hat_3",
                "derringer_stetson_hat_4"])
    RULES.apply(s, next(a for a in RULES.legal_actions(s, 0)
                        if a.kind == "rob" and a["card"] == "six_shooter_duster_coat_1" and a["target"] == 1
                        and a["slot"] == 1))
    RULES.apply(s, next(a for a in RULES.legal_actions(s, 1)
                        if a.kind == "defend" and a["card"] == "six_shooter_duster_coat_2"))
    while s.phase == "offer" and s.asked[0] != 2:
        RULES.apply(s, next(a for a in RULES.legal_actions(s, s.asked[0]) if a.kind == "no_offer"))
    assert s.phase == "offer" and s.asked[0] == 2
    return s


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_holster_offered_against_the_leading_team_not_for_it(level):
    """§13: support the side whose victory hurts the leading team. Gem (the attacker's team) leads: help
    the defender; Bella leads: help the attacker, who robs it."""
    b = bot(level)
    for rich, side in ((True, "defender"), (False, "attacker")):
        s = _offer_position(rich)
        act = b.choose(SeatInfo(RULES, s, 2), Rng(1))
        assert act.kind == "offer" and act["side"] == side, (rich, act)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_holster_offered_to_a_teammate_never_against_it(level):
    s = _offer_position(True)
    s.est = [GEM, BELLA, BELLA, GEM, GRAND, GRAND]  # seat 2 now stands with the defender
    act = bot(level).choose(SeatInfo(RULES, s, 2), Rng(1))
    assert act.kind == "offer" and act["side"] == "defender"
    s.est = [GEM, BELLA, GEM, GRAND, BELLA, GRAND]  # ... and now with the attacker
    act = bot(level).choose(SeatInfo(RULES, s, 2), Rng(1))
    assert act.kind == "offer" and act["side"] == "attacker"


def _badge_turn(seat_team_rich: bool):
    """6 players, the badge round: seat 0 takes a badge turn holding only Horses."""
    s = play_until(31, 6, lambda s: s.phase == "turn" and s.round == 5)
    s.est = [BELLA, GEM, GEM, BELLA, GRAND, GRAND]
    idx = safe_index()
    layout = [["badge_1"], ["gold_5", "gold_4_a"], ["gold_4_b"], ["gold_1_a"], ["gold_1_b"], ["gold_2_a"]]
    if seat_team_rich:
        layout[0], layout[1] = ["badge_1", "gold_5", "gold_4_a"], ["gold_1_c"]
    everyone = (1 << 6) - 1
    s.rows = [[idx[x] for x in row] for row in layout]
    s.trk = [[everyone] * len(row) for row in s.rows]
    s.unk = [[0] * 6 for _ in range(6)]
    placed = {x for row in s.rows for x in row}
    s.box = sorted(x for x in set(s.box + s.heist + [x for r in s.rows for x in r]) - placed)
    s.heist = []
    s.active, s.optional, s.claimed = 0, True, 0
    s.queue = []
    give(s, 0, ["derringer_horse_1", "derringer_horse_2", "six_shooter_horse_1", "derringer_horse_3"])
    return s


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_late_horse_joins_the_richest_team_and_never_leaves_it(level):
    """§13: badge turns decide teams. Poor Bella, rich Gem with room: ride to Gem. On the rich team: stay."""
    s = _badge_turn(False)
    s.est = [BELLA, GEM, GRAND, BELLA, GRAND, GRAND]  # Gem has room
    act = bot(level).choose(SeatInfo(RULES, s, 0), Rng(2))
    assert act.kind == "horse" and act["to"] == "gem_theater", act
    s = _badge_turn(True)
    s.est = [BELLA, GEM, GRAND, BELLA, GRAND, GEM]
    for i in range(5):
        act = bot(level).choose(SeatInfo(RULES, s, 0), Rng(i))
        assert act.kind != "horse", act
        assert not (act.kind == "duel" and s.est[act["target"]] != BELLA), act


def test_claims_only_with_the_ai_claims_option():
    s = play_until(41, 6, lambda s: s.phase == "turn" and s.round == 2)
    seat = s.active
    for on in (True, False):
        s.options = {**s.options, "ai_claims": on}
        said = [make_bot("deadwood", "normal").choose(SeatInfo(RULES, s, seat), Rng(i)).kind == "claim"
                for i in range(60)]
        assert any(said) == on


def test_hard_decision_uses_its_budget_only():
    s = play_until(51, 6, lambda s: s.phase == "turn" and s.round == 4)
    info = SeatInfo(RULES, s, s.active)
    hard = make_bot("deadwood", "hard", iterations=24)
    act = hard.choose(info, Rng(1))
    assert act in info.legal
    assert 0 < hard.last_iterations <= 24 + len(info.legal)


def test_showdown_volley_prefers_the_steadier_gun_against_weak_dice():
    """§13: in a volley, steady dice are safest: against two survivors the Repeater is hit less often than
    the Derringer, so it is played far more often."""
    s = play_until(61, 6, lambda s: s.phase == "volley")
    seat = next(d.seat for d in RULES.pending(s))
    give(s, seat, ["repeater_horse_1", "derringer_horse_1"])
    picks = [make_bot("deadwood", "normal").choose(SeatInfo(RULES, s, seat), Rng(i))["card"] for i in range(30)]
    assert picks.count("repeater_horse_1") > 24


# -- belief -----------------------------------------------------------------------------------------------

def test_belief_counts_what_the_seat_saw_and_weighs_claims_lightly():
    """§13: condition on everything known (own safes, the safe passed left), treat claims as weak evidence,
    never over an observation."""
    s = play_until(71, 6, lambda s: s.phase == "turn" and s.round == 1 and s.step == 1)
    seat, left = 0, 1
    passed = belief._bits(s.unk[seat][left])
    assert len(passed) == 1  # the seat knows the safe it passed is somewhere in its neighbour's row
    slots = belief.slots(s, seat, use_claims=False)
    assert slots[seat] == [belief.features(x) for x in s.rows[seat]]
    known = {x for p in range(6) for k, x in enumerate(s.rows[p]) if s.trk[p][k] >> seat & 1} | set(passed)
    pool = [x for x in s.box + s.heist + [x for row in s.rows for x in row] if x not in known]
    unseen = sum(belief.features(x)[0] for x in pool) / len(pool)
    row_gold = sum(f[0] for f in slots[left])
    assert row_gold == pytest.approx(belief.features(passed[0])[0] + (len(s.rows[left]) - 1) * unseen)
    s.claims += [2, 3, 1, "gold_5", seat, 3, 1, "gold_5"]  # another's claim counts, the seat's own does not
    moved = belief.slots(s, seat)[3][0][0]
    plain = belief.slots(s, seat, use_claims=False)[3][0][0]
    assert plain < moved < plain + 0.2 * (5 - plain)
    s.claims += [2, seat, 1, "gold_5"]  # about the seat's own (tracked) safe: ignored
    assert belief.slots(s, seat)[seat] == slots[seat]


def test_hard_keeps_normals_choice_unless_the_search_is_clearly_better():
    """A short search is noisy: Hard overrules Normal's choice (the first action) only when another's gain
    over it, on the same samples, is more than `margin` standard errors."""
    from game.games.deadwood.ai import HardBot
    hard = HardBot(iterations=24, margin=2.0)
    normal, other = "normal's", "other"
    noisy = [[0.2, 0.9], [0.6, 0.1], [0.3, 0.5], [0.5, 0.3]]  # other gains 0.05 on average, with much noise
    assert hard.confident([normal, other], noisy) == normal
    steady = [[0.2, 0.4], [0.6, 0.7], [0.3, 0.5], [0.5, 0.6]]  # other gains on every sample
    assert hard.confident([normal, other], steady) == other
    assert hard.confident([normal, other], [[0.5, 0.2], [0.4, 0.1]]) == normal


def test_hard_takes_the_searchs_best_among_actions_its_heuristic_values_alike():
    """Robbing one unknown slot of a row or another is the same to the heuristic (it knows nothing of either):
    there the search's best mean is taken even below the margin (it overruled Normal in none of 26 searched
    turns when ties needed two standard errors too); an action the heuristic values less still needs them."""
    from game.games.deadwood.ai import HardBot
    hard = HardBot(iterations=24, margin=2.0)
    normal, twin = "slot 1", "slot 2"
    noisy = [[0.2, 0.9], [0.6, 0.1], [0.3, 0.5], [0.5, 0.3]]  # the twin gains 0.05 on average, with much noise
    assert hard.confident([normal, twin], noisy) == normal
    assert hard.confident([normal, twin], noisy, tied={normal, twin}) == twin
    losing = [[0.9, 0.2], [0.6, 0.5], [0.5, 0.3], [0.5, 0.5]]
    assert hard.confident([normal, twin], losing, tied={normal, twin}) == normal


def test_hard_drops_the_actions_clearly_behind_and_keeps_the_heuristics_choice():
    """The samples go to the actions still in contention: one clearly behind the leader on the paired samples
    leaves the search; the heuristic's own choice (the first) always stays, to be compared with."""
    from game.games.deadwood.ai import HardBot
    hard = HardBot(iterations=200)
    deals = (0.0, 0.1, -0.05, 0.2, 0.05, -0.1, 0.15)
    luck = (0.2, -0.2, 0.1, -0.1, 0.2, -0.2, 0.0)  # action 3 is as good as the leader, give or take its luck
    values = [[0.30 + d, 0.35 + d, 0.0 + d, 0.35 + d + e] for d, e in zip(deals, luck, strict=True)]
    assert hard._contenders(values, [0, 1, 2, 3]) == [0, 1, 3]
    behind = [[0.0 + d, 0.5 + d, 0.45 + d] for d in (0.0, 0.1, -0.05, 0.2, 0.05, -0.1)]
    assert hard._contenders(behind, [0, 1, 2]) == [0, 1]  # the heuristic's choice stays, however far behind


def test_hard_plays_its_heuristic_before_the_last_round_and_never_searches_there():
    from game.games.deadwood.ai import HARD, HardBot, choose
    s = play_until(51, 6, lambda s: s.phase == "turn" and s.round == 2)
    info = SeatInfo(RULES, s, s.active)
    for i in range(3):
        hard = HardBot(iterations=24)
        assert hard.choose(info, Rng(i)) == choose(HARD, info.base, s.active, info.legal, Rng(i))
        assert hard.last_iterations == 0


def test_hard_with_an_endless_margin_plays_its_heuristic_best_turn_action():
    from game.games.deadwood.ai import HardBot, score
    from game.games.deadwood.heuristics import picture
    s = play_until(51, 6, lambda s: s.phase == "turn" and s.round == 4)
    seat = s.active
    legal = [a for a in RULES.legal_actions(s, seat) if a.kind != "claim"]
    info = SeatInfo(RULES, s, seat)
    top = max(score(info.base, seat, picture(info.base, seat, doubt=True), legal), key=lambda x: x[0])[1]
    for i in range(3):
        assert HardBot(iterations=24, margin=float("inf")).choose(info, Rng(i)) == top


def test_hard_rolls_out_to_the_reveal_of_the_safes():
    """Hard's late rollouts go past the round and the badge round, to the final scoring, where the true
    team gold is known."""
    from game.games.deadwood import ai
    s = play_until(51, 6, lambda s: s.phase == "turn" and s.round == 4 and s.step == 1)
    reached = []
    final = ai.final_values
    ai.final_values = lambda state: reached.append(state.phase) or final(state)
    try:
        ai.HardBot(iterations=24).choose(SeatInfo(RULES, s, s.active), Rng(2))
    finally:
        ai.final_values = final
    assert reached and set(reached) <= {"mystery", "volley", "over"}


def test_final_values_richest_team_then_the_smaller_then_the_showdown_dice():
    """The search's leaf (§7): the richest team wins, the smaller on equal gold; a lone member wins
    outright, a showdown is shared by the members' dice (more to the one with a Showdown Gun)."""
    from game.games.deadwood.ai import final_values
    s = play_until(31, 6, lambda s: s.phase == "turn" and s.round == 5)
    idx = safe_index()
    gun = next(x for x in safe_index() if x.startswith("showdown"))
    s.est = [GEM, GEM, BELLA, BELLA, BELLA, GRAND]
    s.rows = [[idx["gold_4_a"]], [idx[gun]], [idx["gold_1_a"]], [idx["gold_1_b"]], [idx["gold_2_a"]],
              [idx["gold_3_a"]]]
    give(s, 0, ["six_shooter_duster_coat_1"])
    give(s, 1, ["six_shooter_duster_coat_2"])
    v = final_values(s)  # Gem 4 = Bella 4 > Grand 3: Gem (2 members) wins on the tie-break
    assert v[2:] == [0.0] * 4
    assert v[0] + v[1] == pytest.approx(1.0) and v[1] > v[0]
    s.rows[5] = [idx["gold_5"]]  # Grand Central 5: its lone member wins outright
    assert final_values(s) == [0.0] * 5 + [1.0]


def test_hard_doubts_a_team_picture_built_on_unseen_safes():
    """Expected gold is only an estimate while safes are unseen: Normal takes a 4-gold lead of another team
    as nearly decided; Hard's picture widens the race by the variance of the unseen safes (a trailing team
    keeps a fair chance, so robbing it gold still counts), and agrees with Normal once every safe is
    known."""
    from game.games.deadwood.heuristics import picture
    s = play_until(31, 6, lambda s: s.phase == "turn" and s.round == 4)
    idx = safe_index()
    s.est = [GEM, GEM, BELLA, BELLA, GRAND, GRAND]
    s.rows = [[idx["gold_4_a"], idx["gold_4_b"]], [idx["gold_1_a"]], [idx["gold_1_b"], idx["gold_2_a"]],
              [idx["gold_1_c"]], [idx["badge_1"], idx["gold_2_b"]], [idx["gold_2_c"]]]
    s.trk = [[1 << p] * len(row) for p, row in enumerate(s.rows)]  # each seat knows its own row ...
    s.trk[0] = [1 | 1 << 2] * 2  # ... and seat 2 has seen Gem's two Gold 4s
    s.unk = [[0] * 6 for _ in range(6)]
    placed = {x for row in s.rows for x in row}
    s.box = sorted(x for x in set(s.box + s.heist + [x for r in s.rows for x in r]) - placed)
    s.heist = []
    sure, doubting = picture(s, 2), picture(s, 2, doubt=True)
    assert sure.team_chances()[BELLA] < 0.05 and doubting.team_chances()[BELLA] > 2 * sure.team_chances()[BELLA]
    everyone = (1 << 6) - 1
    s.trk = [[everyone] * len(row) for row in s.rows]
    assert picture(s, 2, doubt=True).team_chances() == picture(s, 2).team_chances()


def test_rollout_holster_offers_follow_section_13_without_a_team_picture():
    """Hard's rollouts offer Holsters by a quick rule, in the direction Normal's picture gives: against the
    leading team when no teammate fights, always for a teammate, the weakest card that raises the die."""
    from game.games.deadwood.ai import quick_offer, rollout_policy
    for rich, side in ((True, "defender"), (False, "attacker")):
        s = _offer_position(rich)
        act = rollout_policy(RULES, s, 2, RULES.legal_actions(s, 2), Rng(1))
        assert act.kind == "offer" and act["side"] == side and act["card"] == "buffalo_rifle_holster_1", rich
    s = _offer_position(True)
    for est, side in (([GEM, BELLA, BELLA, GEM, GRAND, GRAND], "defender"),
                      ([GEM, BELLA, GEM, GRAND, BELLA, GRAND], "attacker")):
        s.est = est
        assert quick_offer(s, 2, RULES.legal_actions(s, 2))["side"] == side
    s.est = [GEM, GEM, GEM, BELLA, BELLA, GRAND]  # a fight inside seat 2's own team: no help moves its gold
    assert quick_offer(s, 2, RULES.legal_actions(s, 2)).kind == "no_offer"


def test_team_chances_are_kept_only_while_the_stars_and_gold_they_came_from_are():
    """A decision asks a picture's team chances many times, so they are kept; a move of gold or stars, or a
    copy so changed, computes them again (else every action would be scored on the first one's odds)."""
    from game.games.deadwood.heuristics import Picture, picture
    s = play_until(31, 6, lambda s: s.phase == "turn" and s.round == 4)
    pic = picture(s, 2)

    def fresh(p):
        q = Picture.__new__(Picture)
        for k in Picture.__slots__:
            setattr(q, k, getattr(p, k))
        q._chances = None
        return q.team_chances()

    before = pic.team_chances()
    moved = pic.copy()
    rich = max(range(6), key=lambda p: moved.gold[p])
    poor = next(p for p in range(6) if moved.est[p] != moved.est[rich])
    moved.gold[poor] += 10
    assert moved.team_chances() == fresh(moved) != before
    pic.move_safe(rich, 0, poor)
    assert pic.team_chances() == fresh(pic) != before
    pic.est[poor] = pic.est[rich]
    assert pic.team_chances() == fresh(pic)
