"""Loading card data from YAML with errors that name the file, the card and the field.

Each game turns its YAML into frozen objects with these helpers; the YAML is read once per process, through
safeio (no duplicate keys, no aliases, no deep nesting, UTF-8 only, size-limited). A reader refuses fields it
was not asked for, so a misspelled key (`efect:`) is an error, not a silently missing field.
"""

from __future__ import annotations

import difflib
from pathlib import Path

from . import safeio

LANGS = ("en", "ja")


class CardDataError(ValueError):
    def __init__(self, path, card: str | None, field: str | None, message: str):
        self.path, self.card, self.field = str(path), card, field
        where = self.path
        if card:
            where += f", card {card!r}"
        if field:
            where += f", field {field!r}"
        super().__init__(f"{where}: {message}")


def load_yaml(path: Path) -> dict:
    try:
        data = safeio.read_yaml(path)
    except safeio.FileProblem as problem:
        raise CardDataError(path, None, None, str(problem)) from None
    if not isinstance(data, dict):
        raise CardDataError(path, None, None, "the top level must be a mapping")
    return data


def unique_ids(path, items, what: str = "card") -> None:
    """Refuse two items with one id (the decks look cards up by id across all their lists)."""
    seen = set()
    for item in items:
        if item.id in seen:
            raise CardDataError(path, item.id, "id", f"duplicate {what} id")
        seen.add(item.id)


class Reader:
    """Reads fields of one record, raising CardDataError with the record's name on any problem."""

    def __init__(self, path, record, card: str | None):
        self.path, self.card = path, card
        if not isinstance(record, dict):
            self.fail(None, f"expected a mapping, found {type(record).__name__}")
        self.record = record
        self.read: set = set()  # the fields asked for, so that done() can refuse any other

    @classmethod
    def record(cls, path, record) -> Reader:
        """A reader for one entry of a list, named by its `id` in error messages."""
        return cls(path, record, record.get("id") if isinstance(record, dict) else None)

    def fail(self, field, message):
        raise CardDataError(self.path, self.card, field, message)

    def done(self) -> None:
        """Refuse any field that was not read: a misspelled or unknown key."""
        unknown = sorted(map(str, set(self.record) - self.read))
        if unknown:
            self.fail(unknown[0], f"unknown field (expected one of {', '.join(sorted(map(str, self.read)))})")

    def _missing(self, field):
        """A required field is absent: name the misspelling if a key not yet read looks like it (`efect`)."""
        unread = [k for k in self.record if isinstance(k, str) and k not in self.read]
        near = difflib.get_close_matches(field, unread, n=1, cutoff=0.75)
        if near:
            self.fail(near[0], f"unknown field (is it {field!r} misspelled?)")
        self.fail(field, "missing")

    def get(self, field, kind, *, optional=False, default=None):
        self.read.add(field)
        if field not in self.record:
            if optional:
                return default
            self._missing(field)
        value = self.record[field]
        if value is None and optional:
            return default
        if kind is int and isinstance(value, bool) or not isinstance(value, kind):
            names = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
            self.fail(field, f"expected {names}, found {value!r}")
        return value

    def choice(self, field, allowed, *, optional=False, default=None):
        self.read.add(field)
        value = self.record.get(field, default) if optional else self.get(field, object)
        if value not in allowed and not (optional and value == default):
            self.fail(field, f"{value!r} is not one of {sorted(map(str, allowed))}")
        return value

    def text(self, field, *, max_len: dict | None = None) -> dict:
        """A {en, ja} text, both non-empty strings."""
        value = self.get(field, dict)
        for lang in LANGS:
            s = value.get(lang)
            if not isinstance(s, str) or not s.strip():
                self.fail(f"{field}.{lang}", "missing or empty text")
            if max_len and len(s) > max_len[lang]:
                self.fail(f"{field}.{lang}", f"longer than {max_len[lang]} characters")
        extra = set(value) - set(LANGS)
        if extra:
            self.fail(field, f"unknown language(s) {sorted(extra)}")
        return {lang: value[lang] for lang in LANGS}

    def records(self, field) -> list:
        value = self.get(field, list)
        if not value:
            self.fail(field, "empty list")
        return value


def game_file(path: Path, game_id: str) -> Reader:
    """A reader over a game's data file (cards or rules), checked to belong to `game_id`."""
    top = Reader(path, load_yaml(path), None)
    if top.get("game", str) != game_id:
        top.fail("game", f"expected {game_id!r}")
    top.get("data_version", int, optional=True)
    return top
