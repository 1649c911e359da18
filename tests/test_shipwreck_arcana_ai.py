"""The Shipwreck Arcana AI: the literal posterior of §13.2 against a brute-force count over token identities, bots
that are legal and never peek, the group decision answered by one member, and the advice of R43.

The brute force rebuilds, from the public record alone (a spectator's view before each action and the events as a
spectator sees them), the history of each position's held fate since its hand was last empty: its draws, its plays
(with the row and the visible fates at that moment), the hard evidence on the kept fate, Old? answers, and the
fates that became known elsewhere. It then enumerates every concrete token the position could have drawn: the
unseen tokens at each draw are the three copies of each value minus the visible ones (and minus the one it
carried), every ordered draw equally likely, a play weighed by the spec's literal λ0 (1 / the number of distinct
plays open to the hand, computed from the spec's condition table, not from cards.py) and by 1/2 when the two
fates are equal (which of the two tokens was played matters for Old?). A fate of value v that becomes known
elsewhere is, in §13.2's model, one of the unseen tokens outside the position's hand, so it weighs a world by
their number. The count of each kept value, normalised, must equal `inference.posterior`.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

import pytest

from game.ai.bot import RandomBot, SeatInfo, make_bot
from game.core import canon
from game.core.actions import deciding
from game.core.events import redact_all
from game.core.rng import Rng
from game.games.shipwreck_arcana import RULES
from game.games.shipwreck_arcana.ai import LEVELS, advice, belief
from game.games.shipwreck_arcana.cards import QUESTIONS, tables, value_of
from game.games.shipwreck_arcana.inference import eliminated, normalised, posterior
from game.games.shipwreck_arcana.state import AFTER, DRAW, NO, OVER, PLAY, PREDICT, REVEAL, SECOND

from .test_shipwreck_arcana_rules import conserved, do, play, position, spec_plays, to_group, tok

BOT_LEVELS = ["easy", "normal", "hard"]


# -- the public record ------------------------------------------------------------------------------------------


class Record:
    """Per position holding a fate: the public history of that fate since the hand was last empty."""

    def __init__(self):
        self.chains: dict = {}
        self.checked: dict = {}  # position -> the chain length last compared

    def update(self, before: dict, events: list, after: dict) -> None:
        active = before["active"]
        counts = tuple(before["visible"])
        cards = [slot["card"] for slot in before["row"]]
        seen = redact_all(events, None)
        drawn = [e for e in seen if e.kind == "moved" and e["why"] == "draw"]  # one position's fates
        if drawn:
            self.chains.setdefault(drawn[0]["position"], []).append(("draw", len(drawn), counts))
        for e in seen:
            k = e.kind
            if k == "moved" and e["why"] == "play":
                pos = e["position"]
                self.chains[pos].append(("play", cards, counts, e["slot"], e["value"]))
                self._known(e["value"], counts, pos)
            elif k == "chalice":
                self.chains[active].append(("test", lambda h, p=e["value"], a=e["higher"]: (h > p) == a))
            elif k == "answered":
                power, x, answer = e["power"], e["x"], e["answer"]
                if power == "higher_than":
                    self.chains[active].append(("test", lambda h, x=x, a=answer: (h > x) == a))
                else:
                    self.chains[active].append(("test", lambda h, q=QUESTIONS[power], a=answer: (h in q) == a))
            elif k == "moved" and e["why"] == "discard_lower":
                self.chains[active].append(("test", lambda h, d=e["value"]: h > d))
            elif k == "wrong_once":
                self.chains[active].append(("test", lambda h, g=e["value"]: h != g))
            elif k == "old":
                self.chains[active].append(("old", e["answer"]))
            elif k == "revealed":
                self._known(e["value"], counts, e["position"])
            elif k == "resolved":
                self._known(e["value"], counts, active)
        for pos, p in enumerate(after["positions"]):
            if p["count"] == 0:
                self.chains.pop(pos, None)

    def _known(self, v: int, counts: tuple, source: int) -> None:
        for pos, chain in self.chains.items():
            if pos != source:
                chain.append(("known", v, counts))


def brute_force(chain: list) -> list:
    """The weight of each kept value, counting every concrete draw (see the module docstring)."""
    worlds = None  # (kept value, whether the played token was the carried one) -> weight
    drawn = None
    for step in chain:
        tag = step[0]
        if tag == "draw":
            drawn = step
        elif tag == "play":
            _, cards, counts, slot, p = step
            assert drawn is not None and drawn[2] == counts  # nothing turns face up between a draw and a play
            pool = [v for v in range(1, 8) for _ in range(3 - counts[v - 1])]
            seen = {v for v in range(1, 8) if counts[v - 1]}
            if worlds is None:
                hands = [((pool[i], pool[j]), Fraction(1), False) for i, j in permutations(range(len(pool)), 2)]
            else:
                held_weights: dict = {}
                for (held, _), w in worlds.items():
                    held_weights[held] = held_weights.get(held, 0) + w
                hands = []
                for held, w in held_weights.items():
                    if not w:
                        continue
                    rest = list(pool)
                    rest.remove(held)  # its own carried token is one of the unseen copies
                    hands += [((held, new), w, True) for new in rest]
            worlds = {}
            for hand, w, carried in hands:
                options = spec_plays(cards, seen, min(hand), max(hand))
                if (slot, p) not in options:
                    continue
                for k in (0, 1):
                    if hand[k] == p:
                        share = Fraction(1, 2) if hand[0] == hand[1] else Fraction(1)
                        key = (hand[1 - k], carried and k == 0)
                        worlds[key] = worlds.get(key, 0) + w * share / len(options)
        elif worlds is None:
            continue
        elif tag == "known":
            _, v, counts = step
            worlds = {key: w * ((3 - counts[v - 1]) - (key[0] == v)) for key, w in worlds.items()}
        elif tag == "test":
            worlds = {key: w for key, w in worlds.items() if step[1](key[0])}
        elif tag == "old":
            worlds = {key: w for key, w in worlds.items() if key[1] == step[1]}
    out = [Fraction(0)] * 7
    for (held, _), w in (worlds or {}).items():
        out[held - 1] += w
    return out


# -- games that reach many kinds of evidence ---------------------------------------------------------------------


def stock_every_power(s) -> None:
    """A fixture: one card of each of the nine powers moves from the deck to the stock."""
    powers: dict = {}
    for card in s.deck:
        powers.setdefault(tables()[2][card], card)
    s.stock = list(powers.values())
    s.deck = [c for c in s.deck if c not in s.stock]


def chatty_choice(legal: list, rng: Rng):
    """A random choice that passes often (so fates are carried) and likes powers and reveals."""
    by_kind: dict = {}
    for act in legal:
        by_kind.setdefault(act.kind, []).append(act)
    if "reveal" in by_kind and rng.random() < 0.1:
        return rng.choice(by_kind["reveal"])
    if "keep" in by_kind:
        return by_kind["keep"][0]
    if "pass" in by_kind and rng.random() < 0.45:
        return by_kind["pass"][0]
    liked = [k for k in ("ask", "twice", "old", "discard", "cycle") if k in by_kind]
    if liked and rng.random() < 0.6:
        return rng.choice(by_kind[rng.choice(liked)])
    return rng.choice([a for a in legal if a.kind != "reveal"])


def game_positions(players: int, seed: int, options=None, stock_all=False):
    """Yield (state, record) after every action of a chatty random game with seats joining and leaving."""
    s = RULES.setup(players, {"difficulty": "easy", **(options or {})}, seed)
    if stock_all:  # every power in stock from the start
        stock_every_power(s)
    rng = Rng(seed * 7 + players)
    record = Record()
    for _ in range(600):
        if s.phase == OVER:
            return
        before = RULES.view(s, None)
        side = [a for seat in range(s.players) for a in RULES.side_actions(s, seat) if a.kind in ("join", "leave")]
        if side and rng.below(8) == 0:
            act = rng.choice(side)
        else:
            seat = deciding(RULES.pending(s))[0].seat
            legal = RULES.legal_actions(s, seat)
            if s.carried[s.active] == NO and rng.below(5):  # Old? mostly on carried turns, where it tells
                legal = [a for a in legal if a.kind != "old"]
            act = chatty_choice(legal, rng)
        events = RULES.apply(s, act)
        record.update(before, events, RULES.view(s, None))
        yield s, record


def agree(s, record: Record) -> int:
    """Compare every held fate's posterior with the brute force; return how many were compared."""
    compared = 0
    for pos in range(len(s.owner)):
        clues = s.clues[pos]
        chain = record.chains.get(pos)
        if not s.hand[pos] or not clues or s.phase == PLAY and pos == s.active:
            continue
        assert chain, f"position {pos} holds a fate with clues but the public record has none"
        if record.checked.get(pos) == (id(chain), len(chain)):
            continue  # nothing new on this fate since the last comparison
        record.checked[pos] = (id(chain), len(chain))
        exact = brute_force(chain)
        total = sum(exact)
        assert total > 0
        got = normalised(posterior(clues))
        assert got == pytest.approx([float(w / total) for w in exact], abs=1e-9), chain
        assert eliminated(clues) == [v for v in range(1, 8) if exact[v - 1] == 0]
        compared += 1
    return compared


def test_literal_posterior_equals_brute_force_over_token_identities():
    compared, carried, old_on_carried, longest = 0, 0, 0, 0
    for players, options, stock_all in [(2, {}, False), (3, {}, True), (4, {}, False), (5, {}, True),
                                        (3, {"restless": True}, True), (2, {"challenge": True}, True)]:
        for seed in range(8):
            for s, record in game_positions(players, seed, options, stock_all):
                compared += agree(s, record)
                for chain in record.chains.values():
                    plays = [i for i, step in enumerate(chain) if step[0] == "play"]
                    longest = max(longest, len(plays))
                    carried += len(plays) >= 2
                    old_on_carried += len(plays) >= 2 and any(step[0] == "old" for step in chain[plays[1]:])
    assert compared > 500 and carried > 100 and old_on_carried > 5 and longest >= 3


def test_brute_force_reproduces_scenarios_17_and_26():
    s = position(["leviathan", "the_shore", "dawn", "the_judge"], fates={1: [7], 2: [7]}, hand=(3, 5), held={2: 7})
    counts = (0, 0, 0, 0, 0, 0, 2)
    cards = ["leviathan", "the_shore", "dawn", "the_judge"]
    chain = [("draw", 2, counts), ("play", cards, counts, 4, 3)]
    assert [w / sum(brute_force(chain)) for w in brute_force(chain)] == \
        [Fraction(5, 16), 0, Fraction(5, 16), 0, Fraction(5, 16), 0, Fraction(1, 16)]
    chain.append(("known", 7, counts))
    assert [w / sum(brute_force(chain)) for w in brute_force(chain)] == [Fraction(1, 3), 0] * 2 + [Fraction(1, 3), 0, 0]
    play(s, 4, 3)
    do(s, "reveal", position=2)
    assert normalised(posterior(s.clues[0])) == pytest.approx([1 / 3, 0, 1 / 3, 0, 1 / 3, 0, 0])


# -- bots -------------------------------------------------------------------------------------------------------


def positions(count=40):
    """Mid-game positions of bot games at 2–5 players and in the challenge mode, every decision kind."""
    out = []
    for seed in range(count):
        players = 2 + seed % 4
        options = {"challenge": True} if seed % 7 == 3 else {}
        options["difficulty"] = "easy"
        s = RULES.setup(2 if options.get("challenge") else players, options, seed)
        if seed % 2:  # every power in stock, so that the bots meet every window
            stock_every_power(s)
        rng = Rng(seed + 5)
        bot = RandomBot()
        for _ in range(rng.below(60)):
            if s.phase == OVER:
                break
            seat = deciding(RULES.pending(s))[0].seat
            RULES.apply(s, bot.choose(SeatInfo(RULES, s, seat), rng) if rng.below(2) else
                        chatty_choice(RULES.legal_actions(s, seat), rng))
        if s.phase != OVER:
            out.append(s)
    return out


def test_bots_choose_only_legal_actions_in_whole_games():
    from game.ai.arena import play_game

    for players in (2, 3, 4, 5):
        for seed in range(4):
            levels = [BOT_LEVELS[(seed + i) % 3] for i in range(players)]
            record = play_game("shipwreck_arcana", levels, seed, options={"difficulty": "easy"})
            assert record.error is None, record.error
    record = play_game("shipwreck_arcana", ["hard", "normal"], 3, options={"challenge": True, "restless": True})
    assert record.error is None, record.error


@pytest.mark.parametrize("level", BOT_LEVELS)
def test_bots_choose_only_legal_actions_at_every_decision(level):
    bot = make_bot("shipwreck_arcana", level)
    phases = set()
    for i, state in enumerate(positions()):
        for decision in RULES.pending(state):
            info = SeatInfo(RULES, state, decision.seat)
            assert bot.choose(info, Rng(i)) in info.legal
            phases.add(state.phase)
    assert {PLAY, PREDICT} <= phases and phases & {AFTER, REVEAL, SECOND, DRAW}


@pytest.mark.parametrize("level", BOT_LEVELS)
def test_bots_never_peek(level):
    bot = make_bot("shipwreck_arcana", level)
    checked = 0
    for i, state in enumerate(positions()):
        for decision in RULES.pending(state):
            seat = decision.seat
            for k in range(3):
                twin = RULES.determinize(state, seat, Rng(1000 * i + k))  # other seats' fates re-dealt
                assert [twin.hand[p] for p in range(len(state.owner)) if state.owner[p] == seat] == \
                    [state.hand[p] for p in range(len(state.owner)) if state.owner[p] == seat]
                a, b = SeatInfo(RULES, state, seat), SeatInfo(RULES, twin, seat)
                assert a.view == b.view and a.legal == b.legal
                assert canon.digest(RULES.to_json(a.base)) == canon.digest(RULES.to_json(b.base))
                assert bot.choose(a, Rng(i)) == bot.choose(b, Rng(i))
                checked += 1
    assert checked > 50


def test_two_true_states_a_seat_cannot_tell_apart_give_it_the_same_input():
    """Which of the three tokens of a value lies in the row, in the bag or in another hand is nobody's knowledge:
    the same public row with other tokens of the same values, and other fates in the other hands, give every seat
    the same view, legal actions, determinized base and choice."""
    def world(row_copy: int, hidden: int, held: int):
        s = position(["the_judge", "the_stranger", "dawn", "midnight"], fates={1: [2, 5], 3: [6]}, hand=(hidden, 7),
                     players=3, held={2: held})
        # Move the row's 2 and 5 onto another copy of their value, leaving the first copy in the bag.
        for slot, v in ((0, 2), (0, 5)):
            old, new = tok(v), tok(v, row_copy)
            if old != new:
                s.fates[slot][s.fates[slot].index(old)] = new
                s.handles[new], s.handles[old] = s.handles[old], NO
                s.bag = sorted(x if x != new else old for x in s.bag)
        conserved(s)
        return s

    a, b = world(0, 1, 3), world(2, 4, 4)  # other row tokens, another hidden fate, another fate held by seat 2
    x, y = SeatInfo(RULES, a, 1), SeatInfo(RULES, b, 1)
    assert x.view == y.view and x.legal == y.legal
    assert canon.digest(RULES.to_json(x.base)) == canon.digest(RULES.to_json(y.base))
    # After the same public play (7 on Dawn) seat 1 decides for the group: the same input, the same choice.
    for s in (a, b):
        play(s, 3, 7)
        to_group(s)
    x, y = SeatInfo(RULES, a, 1), SeatInfo(RULES, b, 1)
    assert x.view == y.view and x.legal == y.legal
    assert canon.digest(RULES.to_json(x.base)) == canon.digest(RULES.to_json(y.base))
    for level in BOT_LEVELS:
        bot = make_bot("shipwreck_arcana", level)
        assert bot.choose(x, Rng(3)) == bot.choose(y, Rng(3))
    base = x.base
    assert sorted(base.bag + [t for h in base.hand for t in h] + [t for f in base.fates for t in f]) == list(range(21))
    assert [[value_of(t) for t in f] for f in base.fates] == [[value_of(t) for t in f] for f in a.fates]


def test_whether_the_played_fate_was_old_is_not_in_any_other_seats_input():
    """R13: the same public play, once with the carried fate and once with the new one: other seats' views, legal
    actions and determinized states are the same until Old? answers."""
    def after_play(carried_first: bool):
        s = position(["the_judge", "the_stranger", "dawn", "midnight"], carried=4, hand=(2,), players=3)
        if not carried_first:  # the same values, the other way round: a 2 carried, a 4 drawn
            s.hand[0] = [tok(2), tok(4)]
            s.carried[0] = tok(2)
        conserved(s)
        play(s, 3, 4)  # Dawn: the higher one
        return s

    old, new = after_play(True), after_play(False)
    assert old.played == new.played and old.hidden == new.hidden
    for seat in (1, 2):
        a, b = SeatInfo(RULES, old, seat), SeatInfo(RULES, new, seat)
        assert a.view == b.view and a.legal == b.legal
        assert canon.digest(RULES.to_json(a.base)) == canon.digest(RULES.to_json(b.base))


# -- the group decision and the advice --------------------------------------------------------------------------


def test_with_all_ai_predictors_one_member_answers_for_the_group():
    """R21, H1: every predictor is named in the pending group decision, deciding() puts it to one of them, and
    that member's answer settles it for all."""
    bot = make_bot("shipwreck_arcana", "hard")
    met = 0
    for i, state in enumerate(positions(80)):
        if state.phase not in (PREDICT, SECOND):
            continue
        pending = RULES.pending(state)
        predictors = [p for p in range(state.players) if p != state.owner[state.active] and not state.left[p]]
        assert [d.seat for d in pending] == predictors and {d.group for d in pending} == {"group"}
        chosen = deciding(pending)
        assert [d.seat for d in chosen] == predictors[:1]
        assert [d.seat for d in deciding(pending, humans={predictors[-1]})] == predictors[-1:]
        s = RULES.copy(state)
        while s.phase in (PREDICT, SECOND, REVEAL):
            d = deciding(RULES.pending(s))
            assert len(d) == 1
            RULES.apply(s, bot.choose(SeatInfo(RULES, s, d[0].seat), Rng(i)))
        assert not any(d.group == "group" for d in RULES.pending(s))
        met += 1
    assert met > 5


def test_advice_is_a_value_and_its_probability_for_every_level():
    seen = 0
    for state in positions(60):
        if state.phase not in (PREDICT, SECOND):
            continue
        for seat in range(state.players):
            if seat == state.owner[state.active] or state.left[seat]:
                continue
            view = RULES.view(state, seat)
            for level in LEVELS:
                value, p = advice(view, level)
                assert value in range(1, 8) and 0 < p <= 1
                beliefs = belief(view, state.active, LEVELS[level])
                assert p == max(beliefs) and value == beliefs.index(p) + 1
                assert value not in view["positions"][state.active]["ruled_out"]
            seen += 1
    assert seen > 10


@pytest.mark.parametrize("open_advice", [False, True])
def test_the_advice_reason_lists_exactly_the_values_with_a_chance_and_what_ruled_out_each_other(open_advice):
    """Issue 10: the reason behind the advice is the advice's own posterior: `possible` are exactly the values with
    a non-zero probability, and every other value is ruled out once, by the first clue that excluded it or, with
    Open AI advice, by the predictor's own fates."""
    from game.games.shipwreck_arcana.ai import advice_reason

    seen = 0
    tags = set()
    for state in positions(60):
        if state.phase not in (PREDICT, SECOND):
            continue
        state.options = {**state.options, "open_advice": open_advice}
        for seat in range(state.players):
            if seat == state.owner[state.active] or state.left[seat]:
                continue
            view = RULES.view(state, seat)
            for level in LEVELS:
                reason = advice_reason(view, level)
                p = belief(view, state.active, LEVELS[level], own=open_advice)
                assert [v for v, _ in reason["possible"]] == [v for v in range(1, 8) if p[v - 1] > 0]
                assert [x for _, x in reason["possible"]] == [x for x in p if x > 0]
                assert (reason["value"], reason["p"]) == advice(view, level)
                out = [v for _, values in reason["because"] for v in values] + reason["own"]
                assert sorted(out) == [v for v in range(1, 8) if p[v - 1] == 0]  # each once
                assert all(values for _, values in reason["because"])
                tags |= {clue[0] for clue, _ in reason["because"]}
                assert open_advice or not reason["own"]
            seen += 1
    assert seen > 10 and {"play", "test"} <= tags


def test_the_advice_reason_names_the_play_that_ruled_values_out():
    from game.games.shipwreck_arcana.ai import advice_reason

    s = position(["the_stranger", "the_deep", "the_mirror", "the_noble"], hand=(5, 2), players=3)
    play(s, 1, 5)  # The Stranger (odd): the kept fate is even
    to_group(s)
    reason = advice_reason(RULES.view(s, 1), "easy")
    assert [v for v, _ in reason["possible"]] == [2, 4, 6]
    assert [(clue[0], values) for clue, values in reason["because"]] == [("play", [1, 3, 5, 7])]
    # With Open AI advice, a predictor holding the last unseen 4 says so.
    s = position(["the_blind_man", "the_judge", "dawn", "midnight"], fates={3: [4], 4: [4]}, hand=(2, 6), held={1: 4},
                 players=3, options={"open_advice": True})
    play(s, 1, 2)
    to_group(s)
    reason = advice_reason(RULES.view(s, 1), "easy")
    assert reason["own"] == [4] and 4 not in [v for v, _ in reason["possible"]]


def test_advice_is_none_without_a_play_to_read():
    s = RULES.setup(3, {}, 1)
    assert advice(RULES.view(s, 1), "easy") is None
    s = position(["dawn", "midnight", "the_judge", "the_key"], phase=DRAW)
    assert RULES.view(s, 1)["positions"][0]["clues"] == [] and advice(RULES.view(s, 1), "hard") is None


@pytest.mark.xfail(strict=True, reason="inference.posterior applies the listener's own fates at the end with the "
                   "visible counts of now, which is exact only while the fates seen during the chain are still "
                   "visible; here the played 2 has gone back to the bag (reported, not fixed)")
def test_private_posterior_after_the_played_fate_went_back_to_the_bag():
    row = ["the_blind_man", "the_judge", "the_key", "dawn"]
    s = position(row, hand=(2, 4), held={1: 2})  # seat 1 holds a 2 before the active seat draws
    play(s, 1, 2)
    to_group(s)
    do(s, "pass")  # The Blind Man fades: the played 2 goes back to the bag
    exact = [Fraction(0)] * 7
    pool = [t for t in range(21) if t != tok(2, 1)]  # the seat's pair comes from every token but seat 1's
    for a, b in permutations(pool, 2):
        hand = (value_of(a), value_of(b))
        options = spec_plays(row, set(), min(hand), max(hand))
        if (1, 2) in options and tok(2, 0) in (a, b):  # the public token on The Blind Man
            kept = b if a == tok(2, 0) else a
            exact[value_of(kept) - 1] += Fraction(1, len(options)) / (2 if hand[0] == hand[1] else 1)
    got = belief(RULES.view(s, 1), 0, LEVELS["easy"], own=True)
    assert got == pytest.approx([float(w / sum(exact)) for w in exact], abs=1e-9)


def test_r21b_the_group_of_ais_goes_by_the_summed_posteriors_of_its_members():
    """R21(b): an AI speaking for an all-AI group names the value with the highest summed probability over
    the AI predictors, each at its own level (a tie to the lowest value)."""
    from game.games.shipwreck_arcana.ai import LEVELS, ArcanaBot, belief

    levels = ["hard", "easy", "normal"]
    checked = 0
    for seed in range(40):
        state = RULES.setup(3, {}, seed)
        bots = [ArcanaBot(level) for level in levels]
        rng = Rng(seed)
        while RULES.pending(state) and checked < 15:
            d = deciding(RULES.pending(state))[0]
            info = SeatInfo(RULES, state, d.seat, levels)
            act = bots[d.seat].choose(info, rng)
            if d.kind == "predict" and act.kind == "predict":
                view = info.view
                total = [0.0] * 7
                for p in view["predictors"]:
                    b = belief(view, view["active"], LEVELS[levels[p]])
                    total = [x + y for x, y in zip(total, b, strict=True)]
                assert act["value"] == total.index(max(total)) + 1
                checked += 1
            RULES.apply(state, act)
    assert checked >= 10
