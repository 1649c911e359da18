"""Canonical JSON: one byte-exact encoding per value, so that hashes of states and saves are stable."""

from __future__ import annotations

import hashlib
import json


def dumps(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(value) -> str:
    return hashlib.sha256(dumps(value).encode("utf-8")).hexdigest()


def tuplify(value):
    """JSON lists back into tuples (actions and events hold tuples so that they stay hashable)."""
    if isinstance(value, list):
        return tuple(tuplify(v) for v in value)
    if isinstance(value, dict):
        return {k: tuplify(v) for k, v in value.items()}
    return value


def listify(value):
    if isinstance(value, tuple | list):
        return [listify(v) for v in value]
    if isinstance(value, dict):
        return {k: listify(v) for k, v in value.items()}
    return value


class KeyedArgs:
    """Lookup by name in an `args` tuple of (name, value) pairs (actions and events share it)."""

    __slots__ = ()

    def get(self, key, default=None):
        for k, v in self.args:
            if k == key:
                return v
        return default

    def __getitem__(self, key):
        for k, v in self.args:
            if k == key:
                return v
        raise KeyError(key)

    def params(self) -> dict:
        return dict(self.args)
