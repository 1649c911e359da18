"""Claims (§6.16, R23, H31): canned public statements, talk only. A seat may make one claim during any one
turn, when it holds the focus (its turn's action, or its defence); it is logged and never verified."""

from __future__ import annotations

from functools import cache

from ...core.actions import Action
from ...core.events import Event

CONTENTS = ("badge", "gold_1", "gold_2", "gold_3", "gold_4", "gold_5", "showdown_gun", "nothing", "mystery")


def contents(mystery: bool) -> tuple:
    return CONTENTS if mystery else CONTENTS[:-1]


@cache
def _actions(seat: int, players: int, mystery: bool) -> tuple:
    """About oneself or another player; "nothing" is only said of oneself."""
    out = []
    for subject in range(players):
        for content in contents(mystery):
            if content == "nothing" and subject != seat:
                continue
            out.append(Action(seat, "claim", (("content", content), ("subject", subject))))
    return tuple(out)


def actions(s, seat: int) -> list:
    return list(_actions(seat, s.players, bool(s.options["mystery_safes"])))


def make(s, seat: int, act: Action, events: list) -> None:
    s.claimed |= 1 << seat
    s.claims += [seat, act["subject"], 0, act["content"]]
    events.append(Event("claim", (("seat", seat), ("subject", act["subject"]), ("content", act["content"]))))
