"""Readable log lines for Deadwood events, in the player's language."""

from __future__ import annotations

from ...core.events import redact_all


def describe(match, events, viewer, lang: str = "en") -> list[str]:
    return [ev.kind for ev in redact_all(events, viewer)]
