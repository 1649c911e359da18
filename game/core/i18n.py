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
# The English of the few texts needed to report broken data when the text files themselves are the broken
# ones; data/i18n/en.yaml holds the same sentences.
FALLBACK = {
    "notice.data_broken_title": "Card Parlor cannot start",
    "notice.data_broken": "A data file is broken: {problem}",
    "title.quit": "Quit",
    "ui.ok": "OK",
}


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


def files(lang: str) -> list:
    """The text files of a language: the app's, then one per game."""
    folder = data_dir() / "i18n"
    return [folder / f"{lang}.yaml", *sorted(folder.glob(f"{lang}.*.yaml"))]


@cache
def _parts(lang: str) -> tuple:
    """(path, {key: text}) for each file of `lang`; CardDataError for a file that cannot be used."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}")
    return tuple((path, _flatten(load_yaml(path), "", {}, path)) for path in files(lang))


@cache
def strings(lang: str) -> dict:
    out: dict = {}
    for path, part in _parts(lang):
        clash = sorted(out.keys() & part.keys())
        if clash:
            raise CardDataError(path, None, clash[0], "this key is also defined in another text file")
        out.update(part)
    return out


@cache
def _usable(lang: str) -> dict:
    """strings(lang), or nothing when its files are broken (the start-up check reports them)."""
    try:
        return strings(lang)
    except (CardDataError, ValueError):
        return {}


def clear_cache() -> None:
    """Read the text files again (tests that change them)."""
    for cached in (_parts, strings, _usable):
        cached.cache_clear()


def placeholders(template: str) -> set:
    return {name for _, name, _, _ in _FORMATTER.parse(template) if name}


def problems() -> list[str]:
    """Everything wrong with the UI texts, each naming its file and key: a file that cannot be read, a key
    in one language only, a text whose {placeholders} differ from the English or do not parse."""
    out, texts, origin = [], {}, {}
    for lang in LANGUAGES:
        try:
            texts[lang] = strings(lang)
        except CardDataError as exc:
            out.append(str(exc))
            continue
        origin.update({(lang, key): path for path, part in _parts(lang) for key in part})
    if len(texts) < len(LANGUAGES):
        return out
    en = texts["en"]
    for lang in LANGUAGES[1:]:
        other = texts[lang]
        out += [f"{origin['en', key]}, field {key!r}: missing in {lang}" for key in sorted(en.keys() - other.keys())]
        out += [f"{origin[lang, key]}, field {key!r}: not in English" for key in sorted(other.keys() - en.keys())]
        for key in sorted(en.keys() & other.keys()):
            try:
                same = placeholders(en[key]) == placeholders(other[key])
            except ValueError as exc:  # an unmatched brace
                out.append(f"{origin[lang, key]}, field {key!r}: not a valid text template ({exc})")
                continue
            if not same:
                out.append(f"{origin[lang, key]}, field {key!r}: placeholders {sorted(placeholders(other[key]))} "
                           f"differ from the English {sorted(placeholders(en[key]))}")
    return out


def text(key: str, lang: str = "en", **params) -> str:
    """The text for `key` in `lang` (English when missing), with {name} placeholders filled in. Never
    raises: with broken text files it falls back to English, then to FALLBACK, then to the key itself."""
    template = _usable(lang).get(key) or _usable("en").get(key) or FALLBACK.get(key)
    if template is None:
        return key
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError, AttributeError, TypeError):
        return template


def pick(texts: dict, lang: str) -> str:
    """One language out of a card's {en, ja} text."""
    return texts.get(lang) or texts["en"]
