"""Shared fixtures: `app`, the real app headless at 1280×720 in English (tests/scenes_harness.py)."""

import pytest

from .scenes_harness import make_app


@pytest.fixture
def app(tmp_path):
    app = make_app(tmp_path)
    yield app
    app.shutdown()
