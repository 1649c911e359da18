"""Dead Man's Draw views: what each seat may see of the traits (spec §8.2)."""

from __future__ import annotations

import json

from game.core.match import Match, Seat
from game.games import rules as rules_for
from game.games.deadmans_draw.cards import deck


def picked(options=None) -> Match:
    """Three players past the trait pick (or a game without traits)."""
    match = Match(rules_for("deadmans_draw"), [Seat("Aiko"), Seat("Ben"), Seat("Cy")], options, 3)
    for seat in range(3):
        if match.legal_actions(seat):
            match.apply(match.legal_actions(seat)[seat % 2])
    return match


def test_after_the_reveal_a_player_still_sees_the_trait_they_returned_and_nobody_else_does():
    match = picked()
    state = match.state
    assert state.phase != "traits"
    for seat in range(3):
        (other,) = set(state.dealt[seat]) - {state.traits[seat]}
        returned = deck().traits[other].id
        assert match.view(seat)["returned"] == returned
        for viewer in [None] + [v for v in range(3) if v != seat]:
            assert returned not in json.dumps(match.view(viewer))


def test_no_returned_trait_while_choosing_or_without_traits():
    match = Match(rules_for("deadmans_draw"), [Seat("Aiko"), Seat("Ben")], None, 3)
    assert match.view(0)["returned"] is None and match.view(0)["dealt"]
    assert picked({"traits": False}).view(0)["returned"] is None
