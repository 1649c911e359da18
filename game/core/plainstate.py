"""JSON for a game state that is a dataclass of ints, strings and lists plus its Rng and options."""

from __future__ import annotations

from .rng import Rng


class PlainState:
    """to_json and from_json for such a state. `LISTS` name its list fields and `NESTED` its lists of lists,
    which are rebuilt as fresh lists on loading (JSON may hand back tuples, and loads must not share)."""

    LISTS: tuple = ()
    NESTED: tuple = ()

    def to_json(self) -> dict:
        return {k: (v.state if isinstance(v, Rng) else v) for k, v in self.__dict__.items()}

    @classmethod
    def from_json(cls, d: dict):
        d = dict(d)
        d["rng"] = Rng(d["rng"])
        d["options"] = dict(d["options"])
        for key in cls.LISTS:
            d[key] = list(d[key])
        for key in cls.NESTED:
            d[key] = [list(x) for x in d[key]]
        return cls(**d)
