"""Text lookup: every string a player reads comes from data/i18n (UI and game messages) or from a game's
card YAML (card names and texts). Keys are dotted paths into the nested YAML.

Each language is `<lang>.yaml` (the app) plus one `<lang>.<part>.yaml` per game, so that a game's texts
live in a file of their own; a key defined in two files is an error.
"""

from __future__ import annotations

import string
from functools import cache

from .carddata import CardDataError, load_yaml
from .paths import data_dir

LANGUAGES = ("en", "ja")
_FORMATTER = string.Formatter()


def _flatten(tree: dict, prefix: str, out: dict, path) -> dict:
    for key, value in tree.items():
        if not isinstance(key, str):  # YAML 1.1 reads a bare on/off/yes/no key as a boolean
            raise CardDataError(path, None, f"{prefix}{key}", "quote this key: it is not read as text")
        full = f"{prefix}{key}"
        if isinstance(value, dict):
            _flatten(value, full + ".", out, path)
        elif isinstance(value, str):
            out[full] = value
        else:
            raise CardDataError(path, None, full, f"expected text, found {value!r}")
    return out


@cache
def strings(lang: str) -> dict:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}")
    folder = data_dir() / "i18n"
    out: dict = {}
    for path in [folder / f"{lang}.yaml", *sorted(folder.glob(f"{lang}.*.yaml"))]:
        part = _flatten(load_yaml(path), "", {}, path)
        clash = sorted(out.keys() & part.keys())
        if clash:
            raise CardDataError(path, None, clash[0], "this key is also defined in another text file")
        out.update(part)
    return out


def placeholders(template: str) -> set:
    return {name for _, name, _, _ in _FORMATTER.parse(template) if name}


def text(key: str, lang: str = "en", **params) -> str:
    """The text for `key` in `lang` (English when missing), with {name} placeholders filled in."""
    template = strings(lang).get(key) or strings("en").get(key)
    if template is None:
        return key
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


def pick(texts: dict, lang: str) -> str:
    """One language out of a card's {en, ja} text."""
    return texts.get(lang) or texts["en"]
