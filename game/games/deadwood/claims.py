"""Claims (§6.16, R23, H31): canned public statements, talk only. A seat may make one claim during any one
turn, when it holds the focus (its turn's action, or its defence); it is logged and never verified.

A claim has a speaker, a subject (the speaker or another player), an optional slot of the subject's row
(about another player only; 0 for none) and a content. "Nothing" is said of oneself only; a mystery safe
only with the Mystery Safes option.
"""

from __future__ import annotations

from functools import lru_cache

from ...core.actions import Action
from ...core.events import Event

CONTENTS = ("badge", "gold_1", "gold_2", "gold_3", "gold_4", "gold_5", "showdown_gun", "nothing", "mystery")


def contents(mystery: bool) -> tuple:
    return CONTENTS if mystery else CONTENTS[:-1]


@lru_cache(maxsize=1 << 12)
def _actions(seat: int, mystery: bool, lens: tuple) -> tuple:
    """`lens`: the length of every seat's row."""
    out = []
    for subject, length in enumerate(lens):
        for content in contents(mystery):
            if subject == seat:
                out.append(Action(seat, "claim", (("content", content), ("slot", 0), ("subject", subject))))
            elif content != "nothing":
                out += [Action(seat, "claim", (("content", content), ("slot", k), ("subject", subject)))
                        for k in range(length + 1)]
    return tuple(out)


def actions(s, seat: int) -> tuple:
    return _actions(seat, bool(s.options["mystery_safes"]), tuple(len(row) for row in s.rows))


def make(s, seat: int, act: Action, events: list) -> None:
    s.claimed |= 1 << seat
    s.claims += [seat, act["subject"], act["slot"], act["content"]]
    s.claim_times += [s.turns, s.round]
    events.append(Event("claim", (("seat", seat), ("subject", act["subject"]), ("slot", act["slot"]),
                                  ("content", act["content"]))))
