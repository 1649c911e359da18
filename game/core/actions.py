"""Actions (what a seat does) and decisions (who must act now, and on what).

Both are small frozen values that become plain JSON: `{"seat": 0, "kind": "draw"}`. Arguments are kept as a
sorted tuple of (name, value) pairs so that actions are hashable and compare by value: legality is simply
`action in rules.legal_actions(state, seat)`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .canon import KeyedArgs, listify, tuplify


def _pairs(args: dict) -> tuple:
    return tuple(sorted((k, tuplify(v)) for k, v in args.items()))


@dataclass(frozen=True, slots=True)
class Action(KeyedArgs):
    seat: int
    kind: str
    args: tuple = ()

    def to_json(self) -> dict:
        out = {"seat": self.seat, "kind": self.kind}
        out.update((k, listify(v)) for k, v in self.args)
        return out

    @staticmethod
    def from_json(data: dict) -> Action:
        # type() rather than isinstance: JSON's true is a bool, which Python would take for seat 1.
        if not isinstance(data, dict) or type(data.get("seat")) is not int or not isinstance(data.get("kind"), str):
            raise ValueError(f"not an action: {data!r}")
        rest = {k: v for k, v in data.items() if k not in ("seat", "kind")}
        return Action(data["seat"], data["kind"], _pairs(rest))

    def __repr__(self) -> str:
        extra = "".join(f", {k}={v!r}" for k, v in self.args)
        return f"Action({self.seat}, {self.kind!r}{extra})"


def action(seat: int, kind: str, **args) -> Action:
    """An action; equal ones are shared (they are immutable), which keeps legal_actions cheap in search."""
    try:
        return _shared_action(seat, kind, tuple(args.items()))
    except TypeError:  # an unhashable argument (a list): build it afresh
        return Action(seat, kind, _pairs(args))


@lru_cache(maxsize=1 << 16)
def _shared_action(seat: int, kind: str, items: tuple) -> Action:
    return Action(seat, kind, _pairs(dict(items)))


@dataclass(frozen=True, slots=True)
class Decision:
    """One seat's pending choice. Several pending decisions at once form a simultaneous secret choice.

    `prompt` is a text key the UI turns into the prompt line; `params` fill it in. `declinable` says a
    "pass"/"decline" action is among the legal ones. `secret` marks a choice others must not see until the
    engine reveals it. `group` names the group a seat speaks for in a group decision (one answer for several
    seats, such as The Shipwreck Arcana's prediction); it is not a team in the scoring sense (`Result.teams`).
    """

    seat: int
    kind: str
    prompt: str
    params: tuple = ()
    declinable: bool = False
    secret: bool = False
    group: str | None = None

    def to_json(self) -> dict:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "prompt": self.prompt,
            "params": {k: listify(v) for k, v in self.params},
            "declinable": self.declinable,
            "secret": self.secret,
            "group": self.group,
        }


def decision(seat: int, kind: str, prompt: str | None = None, *, declinable=False, secret=False, group=None,
             **params) -> Decision:
    try:
        return _shared_decision(seat, kind, prompt or kind, declinable, secret, group, tuple(params.items()))
    except TypeError:
        return Decision(seat, kind, prompt or kind, _pairs(params), declinable, secret, group)


@lru_cache(maxsize=1 << 12)
def _shared_decision(seat, kind, prompt, declinable, secret, group, items) -> Decision:
    return Decision(seat, kind, prompt, _pairs(dict(items)), declinable, secret, group)


def deciding(pending: list[Decision], humans=frozenset()) -> list[Decision]:
    """The decisions to put to seats now. Decisions sharing a `group` are one group decision that any member
    may answer for all: its human members decide if it has any (any one of them), otherwise its first member
    alone. Other decisions are all kept (several at once are a simultaneous secret choice)."""
    out: list[Decision] = []
    groups: dict = {}
    for d in pending:
        if d.group is None:
            out.append(d)
            continue
        groups.setdefault(d.group, []).append(d)
    for members in groups.values():
        people = [d for d in members if d.seat in humans]
        out.extend(people or members[:1])
    return out
