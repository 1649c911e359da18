"""Where data and assets are, from a source checkout, an editable or wheel install, or a frozen build."""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

APP_NAME = "CardParlor"
APP_AUTHOR = "CardParlor"

_PACKAGE = Path(__file__).resolve().parents[1]  # .../game


def _first_existing(*candidates: Path) -> Path:
    for path in candidates:
        if path.is_dir():
            return path
    return candidates[0]


@cache
def data_dir() -> Path:
    frozen = Path(getattr(sys, "_MEIPASS", "")) / "data"
    return _first_existing(_PACKAGE.parent / "data", _PACKAGE / "_data", frozen)


@cache
def assets_dir() -> Path:
    frozen = Path(getattr(sys, "_MEIPASS", "")) / "assets"
    return _first_existing(_PACKAGE.parent / "assets", _PACKAGE / "_assets", frozen)


def cards_file(game_id: str) -> Path:
    return data_dir() / "cards" / f"{game_id}.yaml"


def user_data_dir() -> Path:
    """Saves, settings and play history. Imported lazily so that the engine runs without platformdirs."""
    from platformdirs import user_data_path

    return user_data_path(APP_NAME, APP_AUTHOR)
