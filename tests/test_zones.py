"""Zones (game/core/zones.py): every game's view says what is where in one shared shape.

In random games of every game, at every player count and with each rules option, for every seat and the
spectator, after every action: the zones keep the schema; every piece of the game is in exactly one zone, so
the total is the game's piece count from setup to the end; the zones list exactly what the game's own keys of
the same view show (a hand the viewer may not see is a count, a card it does not know is a handle), and no
seat's zones change when what it cannot see is re-dealt. The checker itself refuses each kind of broken zone
with a message naming it.
"""

from __future__ import annotations

import pytest

from game.core import zones
from game.core.actions import deciding
from game.core.match import JOIN, Match, Seat
from game.core.rng import Rng
from game.games import rules as rules_for
from game.games.deadwood import places as deadwood_places
from game.games.deadwood.deck import safe_tables
from game.games.get_lucky.zones import character_ids
from tests.test_contract import cells as contract_cells

PIECES = {"deadmans_draw": 60 + 17, "get_lucky": 15 + 66, "shipwreck_arcana": 21 + 21, "three_dragon_ante": 100,
          "deadwood": 9 + 50 + 25}
GAMES_PER_CELL = 2
# Deadwood has 18 cells (4–9 players × its options) and long games: one game each covers it as well.
GAMES_PER_CELL_OF = {"deadwood": 1}


# -- what each game's own keys show, zone by zone: a list of entries, or a count for a zone named by count --

def dmd_expected(view: dict) -> dict:
    viewer, n = view["viewer"], view["players"]
    choice = view["choice"]
    out = {"draw": view["draw"][::-1], "discard": view["discard"],
           "reveal": choice["cards"] if choice and choice["kind"] == "map" else [], "play": view["play"]}
    for s, bank in enumerate(view["banks"]):
        out.update((f"bank/{s}/{suit}", stack) for suit, stack in bank.items())
    traits_on = view["options"]["traits"]
    for s in range(n):
        if view["phase"] == "traits":
            chosen = view["trait_chosen"][s]
            if s == viewer:
                out[f"trait/{s}"] = [view["my_pick"]] if chosen else []
                out[f"dealt/{s}"] = [t for t in view["dealt"] if t != view["my_pick"]]
            else:
                out[f"trait/{s}"] = 1 if chosen else []
                out[f"dealt/{s}"] = 1 if chosen else 2
        else:
            out[f"trait/{s}"] = [view["traits"][s]] if traits_on else []
            out[f"dealt/{s}"] = int(traits_on)  # the returned trait: remembered by its holder, never shown
    out["box"] = 17 - 2 * n if traits_on else 17
    return out


def gl_expected(view: dict) -> dict:
    chars = character_ids()
    out = {}
    for s, area in enumerate(view["areas"]):
        out[f"area/{s}"] = [chars[n] for n in area]
        for n in area:
            out[f"attached/{n}"] = [c for c in view["attached"][n] if c is not None]
        out[f"hand/{s}"] = view["hand"] if s == view["viewer"] else view["hand_sizes"][s]
    out["parlor"] = [chars[n] for n in view["parlor"]]
    out["characters"] = [chars[n] for n in view["character_deck_set"]]
    out["deck"] = view["deck"]
    out["discard"] = view["discard"]
    return out


def sa_expected(view: dict) -> dict:
    def fates(listed):
        return [f"fate_{f['value']}:{f['token']}" for f in listed]

    out = {"row/0": ["the_hours"]}
    for i, place in enumerate(view["row"], start=1):
        out[f"row/{i}"] = [place["card"]] if place["card"] else []
        out[f"fates/{i}"] = fates(place["fates"])
    bottom, size = view["deck_bottom"], view["deck"]
    # The deck's top and its seen bottom are named; the cards between them are handles by position.
    out["deck"] = bottom + [f"deck#{i}" for i in range(len(bottom), size - 1)] + (
        [view["deck_top"]] if size > len(bottom) else [])
    out["stock"] = view["stock"]
    out["removed"] = view["removed"]
    for pos, place in enumerate(view["positions"]):
        out[f"hand/{pos}"] = fates(place["hand"]) if place["owner"] == view["viewer"] else place["count"]
    out["bag"] = view["bag"]
    return out


def tda_expected(view: dict) -> dict:
    out = {"deck": view["deck"], "discard": view["discard"], "ante": view["ante"], "reveal": view["reveal"]}
    for s, flight in enumerate(view["flights"]):
        out[f"flight/{s}"] = flight
        known = [card for holder, card in view["known"] if holder == s]
        size = view["hand_sizes"][s]
        if s == view["viewer"]:
            out[f"hand/{s}"] = view["hand"]
        else:  # the cards the viewer knows to be there (a refused gift, a card taken from it), handles for the rest
            out[f"hand/{s}"] = known + [f"hand/{s}#{i}" for i in range(size - len(known))] if known else size
    out["out"] = view["out"] if isinstance(view["out"], list) else [f"out#{i}" for i in range(view["out"])]
    return out


def dw_expected(view: dict) -> dict:
    viewer, n, fight = view["viewer"], view["players"], view["fight"]
    stars, places = view["characters"], view["establishments"]
    out = {"characters": [c for c in deadwood_places.char_ids() if c not in stars]}
    unplaced = [stars[p] for p in range(n) if stars[p] and not places[p]]
    if unplaced:
        out["chosen"] = unplaced
    for est in deadwood_places.est_ids():
        out[f"est/{est}"] = [stars[p] for p in range(n) if places[p] == est]
    out.update(draw=view["draw"], discard=view["discard"], heist=view["heist"], gone=view["gone"],
               heist_up=[view["heist_up"]] if view["heist_up"] else [])
    revealed = {}  # a fight's two cards once turned over
    if fight and fight["revealed"]:
        revealed = {fight["attacker"]: fight["attacker_card"], fight["defender"]: fight["defender_card"]}
    offers = {p: card for p, card, _side in fight["offers"]} if fight else {}
    in_rows = 0
    for p in range(n):
        if p == viewer:
            out[f"hand/{p}"] = view["hand"]
        else:  # the cards everyone saw go into the hand by name, handles for the rest
            shown = [card for holder, card in view["shown"] if holder == p]
            size = view["hand_sizes"][p]
            out[f"hand/{p}"] = shown + [f"hand/{p}#{i + 1}" for i in range(size - len(shown))] if shown else size
        if p not in view["committed"]:
            out[f"commit/{p}"] = []
        elif p == viewer:
            out[f"commit/{p}"] = [view["my_commit"]]
        else:
            out[f"commit/{p}"] = [revealed[p]] if p in revealed else 1
        out[f"offer/{p}"] = [offers[p]] if p in offers else []
        out[f"used/{p}"] = view["used"][p]
        slots = view["rows"][p]["slots"]
        out[f"row/{p}"] = [slot["safe"] or f"row/{p}#{k + 1}" for k, slot in enumerate(slots)]
        in_rows += len(slots)
    # The box is what is left: every safe not in a row, the heist stack, the flipped heist or out of the game.
    out["box"] = len(safe_tables()[0]) - in_rows - view["heist"] - len(out["heist_up"]) - len(view["gone"])
    return out


EXPECTED = {"deadmans_draw": dmd_expected, "get_lucky": gl_expected, "shipwreck_arcana": sa_expected,
            "three_dragon_ante": tda_expected, "deadwood": dw_expected}


def check_against_keys(game_id: str, view: dict) -> None:
    """The zones list exactly what the game's own keys of the same view show, and nothing more."""
    expected = EXPECTED[game_id](view)
    found = {z["id"]: z for z in view["zones"]}
    assert list(found) == list(dict.fromkeys(found)) and set(found) == set(expected), \
        f"zone ids {sorted(set(found) ^ set(expected))} differ from the game's keys"
    for zone_id, want in expected.items():
        z = found[zone_id]
        if isinstance(want, int):  # hidden from this viewer: a count, no entry at all
            assert (z["cards"], z["count"], z["face"]) == ([], want, "down"), f"{zone_id}: {z}"
        else:
            assert z["cards"] == want and z["count"] == len(want), f"{zone_id}: {z['cards']} != {want}"


# -- random games ------------------------------------------------------------------------------------------

def cells():
    return contract_cells(sorted(EXPECTED))


def side_action(match: Match, rng: Rng) -> None:
    """Now and then an action outside the decisions (a memo mark, a player joining or leaving), if any."""
    seat = rng.below(match.seated())
    try:
        side = match.side_actions(seat)
    except ValueError:
        return
    kinds = sorted({act.kind for act in side})  # a kind first: marks would crowd out joins and leaves
    if kinds:
        kind = kinds[rng.below(len(kinds))]
        acts = [act for act in side if act.kind == kind]
        act = acts[rng.below(len(acts))]
        if kind == JOIN:
            match.join(Seat(f"J{match.seated()}"), act)
        else:
            match.apply(act)


def check_position(game_id: str, rules, state, rng: Rng) -> int:
    views = zones.views_of(rules, state)
    count = zones.check_views(views)
    for view in views:
        check_against_keys(game_id, view)
    for seat in range(len(views) - 1):
        if getattr(state, "left", None) and state.left[seat]:
            continue  # a player who left knows nothing more to re-deal
        twin = rules.determinize(state, seat, Rng(rng.below(1 << 30)))
        assert rules.view(twin, seat)["zones"] == views[seat]["zones"], \
            f"seat {seat}'s zones changed when what it cannot see was re-dealt"
    return count


@pytest.mark.parametrize("game_id, players, options", list(cells()))
def test_zones_place_every_piece_once_and_show_only_what_the_view_shows(game_id, players, options):
    rules = rules_for(game_id)
    for game in range(GAMES_PER_CELL_OF.get(game_id, GAMES_PER_CELL)):
        seed = 31 * players + 1009 * game + len(options)
        match = Match(rules, [Seat(f"P{i}") for i in range(players)], options, seed)
        rng = Rng(seed)
        steps = 0
        while True:
            assert check_position(game_id, rules, match.state, rng) == PIECES[game_id]
            if match.is_over():
                break
            assert steps < 3000, "the game did not end"
            steps += 1
            if rng.below(6) == 0:
                side_action(match, rng)
                continue
            decision = deciding(match.pending())
            seat = decision[rng.below(len(decision))].seat
            legal = match.legal_actions(seat)
            match.apply(legal[rng.below(len(legal))])


def test_once_traits_are_revealed_every_seat_sees_the_same_dead_mans_draw_zones():
    """What a seat merely remembers (the trait it gave back) is not on the table: a hot-seat table compares
    the views of two players to decide whether a hand-over curtain is needed."""
    rules = rules_for("deadmans_draw")
    for players in (2, 3, 4):
        state = rules.setup(players, {"traits": True}, players)
        while state.phase == "traits":
            rules.apply(state, rules.legal_actions(state, rules.pending(state)[0].seat)[0])
        spectator = rules.view(state, None)["zones"]
        for seat in range(players):
            view = rules.view(state, seat)
            assert view["returned"] and view["zones"] == spectator


# -- the checker -------------------------------------------------------------------------------------------

def good() -> list:
    return [zones.zone("draw", None, "pile", ["a#0", "card_1"], "down"),
            zones.zone("hand/0", 0, "hand", ["card_2"], ordered=False),
            zones.hidden("hand/1", 1, "hand", 3)]


def test_the_checker_accepts_good_zones_and_counts_their_pieces():
    zones.check(good())
    assert zones.total(good()) == 6
    assert zones.is_handle("draw#3") and not zones.is_handle("anchor_2")


@pytest.mark.parametrize("change, message", [
    (lambda zs: zs.append(zones.zone("draw", None, "pile", [])), "'draw' is used twice"),
    (lambda zs: zs[1].update(cards=["card_1"]), "'card_1' is in both zone 'draw' and zone 'hand/0'"),
    (lambda zs: zs[1].update(count=4), "zone 'hand/0': 1 cards listed but count 4"),
    (lambda zs: zs[2].update(face="up"), "zone 'hand/1': 3 pieces listed by count alone must lie face down"),
    (lambda zs: zs[0].update(face="sideways"), "zone 'draw': face 'sideways'"),
    (lambda zs: zs[0].update(kind="heap"), "zone 'draw': kind 'heap'"),
    (lambda zs: zs[1].update(owner=-1), "zone 'hand/0': owner -1"),
    (lambda zs: zs[1].update(owner=True), "zone 'hand/0': owner True"),
    (lambda zs: zs[0].update(ordered=1), "zone 'draw': ordered 1"),
    (lambda zs: zs[2].update(count=-1), "zone 'hand/1': count -1"),
    (lambda zs: zs[0].update(cards=["a#0", 7]), "zone 'draw': entry 7"),
    (lambda zs: zs[0].pop("face"), "exactly the keys"),
    (lambda zs: zs[0].update(id=""), "zone id ''"),
])
def test_the_checker_names_the_broken_zone(change, message):
    broken = good()
    change(broken)
    with pytest.raises(zones.ZoneError, match=message.replace("(", r"\(")):
        zones.check(broken)


def test_views_of_one_position_must_count_the_same_pieces():
    one, other = {"viewer": 0, "zones": good()}, {"viewer": None, "zones": good()[:2]}
    assert zones.check_views([one, dict(one, viewer=1)]) == 6
    with pytest.raises(zones.ZoneError, match=r"different numbers of pieces: \[3, 6\]"):
        zones.check_views([one, other])
    with pytest.raises(zones.ZoneError, match="viewer None: zones must be a list"):
        zones.check_views([{"viewer": None}])
