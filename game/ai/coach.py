"""The coach: the Hard AI's choice for a person's seat and the reason for it in words, and a warning before a
risky move. Only the seat's own knowledge is used, exactly as a bot gets it (`SeatInfo`): the suggestion
comes from the seat's `SeatInfo`, the reasons and warnings from its canonical determinization (`SeatInfo.base`,
hidden cards re-dealt as a function of what the seat knows), never from the true state.

A game takes part by exporting `COACH`, a module with
    advice(rules, seat_state, seat, action) -> Advice   (why `action` is a good move)
    warning(rules, seat_state, seat, action) -> Advice | None   (the risk of `action`, if any worth saying)
where `seat_state` is the seat's determinized state. An `Advice` is a text key and its parameters, plain JSON
so that it crosses the worker's pipe: a parameter that is {"en": ..., "ja": ...} is said in the reader's
language, one that is {"seat": n} is that seat's player's name (the engine knows no names). `more` holds
further sentences.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.actions import Action
from ..core.rng import Rng
from .bot import SeatInfo, make_bot

BUDGET = 0.8  # seconds of search: the coach answers within about a second


@dataclass(frozen=True)
class Advice:
    text_key: str
    params: dict
    more: tuple = ()  # further Advice, one sentence each

    def to_json(self) -> dict:
        return {"key": self.text_key, "params": self.params, "more": [m.to_json() for m in self.more]}

    @staticmethod
    def from_json(data: dict) -> Advice:
        return Advice(data["key"], dict(data["params"]), tuple(Advice.from_json(m) for m in data.get("more", ())))


def coach_of(game_id: str):
    """The game's coach module, or None for a game without one."""
    from ..games import module

    return getattr(module(game_id), "COACH", None)


def seat_state(rules, state, seat: int):
    """What the coach reasons on: the seat's canonical determinization (the same one a bot gets)."""
    return SeatInfo(rules, state, seat).base


def suggest(game_id: str, rules, state, seat: int, seed: int, budget: float = BUDGET,
            iterations: int | None = None) -> tuple[Action, Advice]:
    """The Hard bot's action for `seat` and the game's reason for it (a fixed `iterations` makes the search
    repeatable, for tests)."""
    info = SeatInfo(rules, state, seat)
    extra = {"iterations": iterations} if iterations is not None else {}
    bot = make_bot(game_id, "hard", budget=budget, **extra)
    act = bot.choose(info, Rng(seed))
    return act, coach_of(game_id).advice(rules, info.base, seat, act)


def warn(game_id: str, rules, base, seat: int, act: Action) -> Advice | None:
    """The game's warning for `act`, read from `base` (the seat's determinization: see seat_state)."""
    coach = coach_of(game_id)
    return coach.warning(rules, base, seat, act) if coach is not None else None
