"""The language the app speaks now, and the lookup every scene uses for what the player reads."""

from __future__ import annotations

import locale
import os

from game.core.i18n import LANGUAGES, text

_current = {"lang": "en"}


def system_language() -> str:
    """Japanese when the system locale says so, English otherwise."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(var, "")
        if value:
            return "ja" if value.lower().startswith("ja") else "en"
    try:
        code = locale.getlocale()[0] or ""
    except ValueError:
        code = ""
    return "ja" if code.lower().startswith("ja") else "en"


def set_language(setting: str) -> None:
    """`setting` is 'system', 'en' or 'ja'."""
    _current["lang"] = system_language() if setting == "system" else setting if setting in LANGUAGES else "en"


def lang() -> str:
    return _current["lang"]


def span(low, high) -> str:
    """A range as the current language writes it ("2–4", "2〜4"), or one number when both ends agree."""
    return str(low) if low == high else f"{low}{'〜' if lang() == 'ja' else '–'}{high}"


def tr(key: str, **params) -> str:
    return text(key, _current["lang"], **params)


def pick(texts: dict) -> str:
    """A card's {en, ja} text in the current language."""
    return texts.get(_current["lang"]) or texts["en"]
