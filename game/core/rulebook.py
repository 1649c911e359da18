"""The in-app rules text of a game: data/rules/<game_id>.yaml, sections with titles and bodies in both
languages, validated like card data."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .carddata import CardDataError, Reader, game_file
from .paths import data_dir


@dataclass(frozen=True)
class Section:
    id: str
    title: dict
    body: dict


@cache
def sections(game_id: str) -> tuple:
    path = data_dir() / "rules" / f"{game_id}.yaml"
    top = game_file(path, game_id)
    out, seen = [], set()
    for record in top.records("sections"):
        r = Reader.record(path, record)
        sid = r.get("id", str)
        if sid in seen:
            raise CardDataError(path, sid, "id", "duplicate section id")
        seen.add(sid)
        out.append(Section(sid, r.text("title"), r.text("body")))
        r.done()
    top.done()
    return tuple(out)
