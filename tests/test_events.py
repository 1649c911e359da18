"""The common event kinds (game/core/events.py) over every registered game: in random games, a "moved"
event's zones are the view's zone ids, the piece lands where the spectator then sees it, and an event
redacted for a viewer names no piece that viewer's view does not show."""

from __future__ import annotations

import pytest

from game.core import events as common
from game.core.actions import deciding
from game.core.events import ALL, redact, redact_all
from game.core.match import Match, Seat
from game.core.rng import Rng
from game.core.zones import is_handle
from game.games import all_ids
from game.games import rules as rules_for

GAMES = 3
MAX_ACTIONS = 600


def test_constructors_make_the_documented_arguments():
    ev = common.moved("key_6", "draw", "play", why="", seat=1)
    assert ev.kind == "moved" and ev.visible_to is None
    assert ev.params() == {"piece": "key_6", "src": "draw", "dst": "play", "face": "up", "why": "", "seat": 1}
    shown = common.revealed(["oracle_7"], "draw", to={2}, why="oracle")
    assert shown.params()["pieces"] == ("oracle_7",) and shown.params()["to"] == (2,) and shown.reveals
    assert common.shuffled("draw").params() == {"zone": "draw", "why": ""}
    assert common.dice_rolled(0, ["d6", "d6"], [3, 5]).params()["faces"] == (3, 5)
    coins = common.coins_moved(3, "purse/0", None, why="tax")
    assert coins.kind == "tokens_moved" and coins.params()["token"] == "coin" and coins.params()["dst"] is None
    assert common.turn_started(2, 7).params() == {"seat": 2, "turn": 7}
    assert {ev.kind, shown.kind, coins.kind, "shuffled", "dice_rolled", "turn_started"} == common.COMMON


def test_a_private_move_is_a_count_move_to_everyone_else():
    ev = common.moved("luck_1a", "deck", "hand/2", common.DOWN, "draw", visible_to=(2,), secret=("value",),
                      value=1)
    assert redact(ev, 2) is ev and redact(ev, ALL) is ev
    for viewer in (0, 1, None):
        seen = redact(ev, viewer).params()
        assert seen["piece"] is None and seen["value"] is None
        assert (seen["src"], seen["dst"], seen["why"]) == ("deck", "hand/2", "draw")  # what moved where, unnamed
    hidden = common.revealed(["fate_3:4"], "hand/1", to={1})
    assert redact(hidden, 0).params()["pieces"] is None and redact(hidden, 1) is hidden


def random_steps(game_id: str, players: int, seed: int):
    """(views before by viewer, the action's events, views after by viewer) through one random game."""
    rules = rules_for(game_id)
    match = Match(rules, [Seat(f"P{i}") for i in range(players)], None, seed)
    rng = Rng(seed)
    viewers = list(range(players)) + [None]
    before = {v: match.view(v) for v in viewers}
    while not match.is_over() and len(match.log) < MAX_ACTIONS:
        decision = deciding(match.pending())
        seat = decision[rng.below(len(decision))].seat
        legal = match.legal_actions(seat)
        events = match.apply(legal[rng.below(len(legal))])
        viewers = list(range(match.view(None)["players"])) + [None]  # a player may have joined
        after = {v: match.view(v) for v in viewers}
        yield before, events, after
        before = after


def cases():
    for game_id in all_ids():
        info = rules_for(game_id).info
        for players in sorted({info.min_players, info.max_players}):
            yield pytest.param(game_id, players, id=f"{game_id}-{players}p")


def zones_by_id(view) -> dict:
    return {z["id"]: z for z in view["zones"]}


def listed(zone: dict) -> bool:
    """Whether the viewer can name the zone's pieces (not a count alone)."""
    return len(zone["cards"]) == zone["count"]


def names_in(*views) -> set:
    return {entry for view in views for z in view["zones"] for entry in z["cards"]}


@pytest.mark.parametrize("game_id, players", list(cases()))
def test_moves_name_the_views_zones_and_land_where_the_spectator_sees_them(game_id, players):
    moves = 0
    for seed in range(GAMES):
        for before, events, after in random_steps(game_id, players, 31 + seed):
            old, new = zones_by_id(before[None]), zones_by_id(after[None])
            landed = {}
            for ev in redact_all(events, None):
                if ev.kind != "moved":
                    continue
                moves += 1
                a = ev.params()
                assert a["face"] in (common.UP, common.DOWN)
                for zone_id in (a["src"], a["dst"]):
                    assert zone_id in old or zone_id in new, f"{ev}: no zone {zone_id!r} before or after"
                if a["piece"] is not None:
                    landed[a["piece"]] = a["dst"]  # its last move in the step counts
            for piece, zone_id in landed.items():
                zone = new.get(zone_id)
                if zone is not None and listed(zone):
                    assert piece in zone["cards"], f"{piece} is not in {zone_id} after moving there: {zone}"
    assert moves, "a game moves pieces without a common 'moved' event"


@pytest.mark.parametrize("game_id, players", list(cases()))
def test_redacted_common_events_name_only_what_the_viewer_sees(game_id, players):
    for seed in range(GAMES):
        for before, events, after in random_steps(game_id, players, 71 + seed):
            for viewer in after:
                seen_before = before.get(viewer, before[None])
                known = names_in(seen_before, after[viewer])
                new = zones_by_id(after[viewer])
                seen = redact_all(events, viewer)
                # A piece seen arriving in a public zone during the step is known, even if it moves on before the
                # step ends (a fight card discarded, then reshuffled into the draw pile by the refills).
                known |= {ev["piece"] for ev in seen if ev.kind == "moved" and ev["piece"] is not None
                          and ev["dst"] in new and listed(new[ev["dst"]]) and new[ev["dst"]]["face"] == "up"}
                for ev in seen:
                    if ev.kind == "moved":
                        piece, dst = ev["piece"], new.get(ev["dst"])
                        public_there = dst is not None and listed(dst)  # it arrives where this viewer names it
                        assert piece is None or is_handle(piece) or piece in known or public_there, (
                            f"viewer {viewer}: {ev} names a piece its view does not show")
                    elif ev.kind == "revealed" and ev["pieces"] is not None:
                        assert set(ev["pieces"]) <= known, f"viewer {viewer}: {ev} shows what its view does not"
