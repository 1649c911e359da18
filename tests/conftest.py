"""Shared fixtures: `app`, the real app headless at 1280×720 in English (tests/scenes_harness.py), and `data`,
a copy of data/ that the app and the checks read instead of the real one."""

import shutil

import pytest

from game.core import i18n, paths, rulebook
from scenes.ui.strings import set_language

from .scenes_harness import make_app

REAL_DATA = paths.data_dir()


def clear_caches():
    """Forget every text and rules file read so far (the next read sees the files as they are now)."""
    i18n.clear_cache()
    rulebook.sections.cache_clear()


@pytest.fixture(autouse=True)
def english_after():
    """Each test starts in English: an app made in Japanese by one test must not leave its language to the
    next (the parlor's reasons were read in Japanese after the statistics' Japanese layouts)."""
    yield
    set_language("en")


@pytest.fixture
def data(tmp_path, monkeypatch):
    copy = tmp_path / "data"
    shutil.copytree(REAL_DATA, copy)
    for module in (paths, i18n, rulebook):
        monkeypatch.setattr(module, "data_dir", lambda: copy)
    clear_caches()
    yield copy
    clear_caches()


@pytest.fixture
def app(tmp_path):
    app = make_app(tmp_path)
    yield app
    app.shutdown()
