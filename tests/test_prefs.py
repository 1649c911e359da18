"""Settings (issue 11, item 1): any settings file, however damaged, gives a working app; a wrong field falls
back to its default, the others are kept; a damaged file is set aside, never deleted; a failed write is
reported once."""

from __future__ import annotations

import json
from dataclasses import fields

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core import safeio
from scenes import prefs

from .scenes_harness import frames

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=10)
# Settings-shaped: the real field names, any values.
FIELD_NAMES = st.sampled_from([f.name for f in fields(prefs.Prefs)])
SETTINGS = st.dictionaries(FIELD_NAMES | st.text(max_size=8), JSON_VALUES, max_size=12)


def start_app(tmp_path):
    from scenes.app import App

    return App(user_dir=tmp_path, size=None, fullscreen=False)


@pytest.mark.parametrize("window", [-5, "1280x720", None, [-1280, 720], [10 ** 9, 720], [True, 720], [1280],
                                    [1280.5, 720], {"w": 1280}])
def test_a_bad_window_value_gives_the_default_size_and_keeps_the_rest(tmp_path, window):
    path = tmp_path / "settings.json"
    text = json.dumps({"window": window, "language": "ja", "volume": 0.25})
    path.write_text(text, encoding="utf-8")
    app = start_app(tmp_path)
    try:
        assert app.prefs.window == [1280, 720] and app.screen.get_size() == (1280, 720)
        assert app.prefs.language == "ja" and app.prefs.volume == 0.25
        assert (tmp_path / "settings.json.damaged").read_text(encoding="utf-8") == text
        title, message = app.pending_notices[0]
        assert "window" in message and "settings.json.damaged" in message
        assert "設定" in message, "in the player's language (the Japanese kept from the file)"
    finally:
        app.shutdown()


@pytest.mark.parametrize("text, word", [
    ("[" * 50_000, "nested"),
    ('{"window": [1280, 720]', "damaged"),
    ("\ufeff\ufeff{}", "damaged"),
    ('"just text"', "does not hold"),
    ("x" * 100_000, "too large"),
])
def test_an_unreadable_settings_file_is_set_aside_with_a_notice_naming_it(tmp_path, text, word):
    (tmp_path / "settings.json").write_text(text, encoding="utf-8")
    app = start_app(tmp_path)
    try:
        frames(app, 1)
        message = app.pending_notices[0][1] if app.pending_notices else app.top.message
        assert "settings.json.damaged" in message and word in message
        assert (tmp_path / "settings.json.damaged").read_text(encoding="utf-8") == text
    finally:
        app.shutdown()


def test_every_field_is_checked():
    data = {"language": 3, "anim_speed": "warp", "fullscreen": "yes", "volume": 7, "muted": 0, "assists": None,
            "names": ["Aiko", 5, "x" * 99], "favourites": "deadmans_draw", "library_sort": ["name"],
            "library_people": 1.0, "window": [1920, 1080], "from_the_future": True}
    loaded, wrong = prefs.from_json(data)
    assert wrong == ["language", "anim_speed", "fullscreen", "muted", "assists", "favourites", "library_sort",
                     "library_people"]
    assert loaded.volume == 1.0 and loaded.window == [1920, 1080]
    assert loaded.names == ["Aiko", "", "x" * 24] + [""] * (prefs.NAME_SLOTS - 3)
    assert loaded == prefs.from_json({**data, **{k: getattr(prefs.Prefs(), k) for k in wrong}})[0]


@settings(max_examples=150, deadline=None)
@given(value=SETTINGS | JSON_VALUES)
def test_any_settings_file_loads_without_raising(tmp_path_factory, value):
    folder = tmp_path_factory.mktemp("prefs")
    path = folder / "settings.json"
    text = json.dumps(value)
    path.write_text(text, encoding="utf-8")
    loaded, notice = prefs.load(path)
    for name, check in prefs.CHECKS.items():
        assert check(getattr(loaded, name)) == getattr(loaded, name), "every field is usable as it is"
    if notice is None:
        assert path.read_text(encoding="utf-8") == text, "a good file is left untouched"
    else:
        assert not path.exists() and (folder / "settings.json.damaged").read_text(encoding="utf-8") == text
        assert notice[1]["file"] == "settings.json.damaged"


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                               HealthCheck.too_slow])
@given(value=SETTINGS)
def test_any_settings_file_starts_the_app(tmp_path_factory, value):
    folder = tmp_path_factory.mktemp("app")
    (folder / "settings.json").write_text(json.dumps(value), encoding="utf-8")
    from scenes.title import TitleScene

    app = start_app(folder)
    try:
        app.push(TitleScene(app))
        frames(app, 2)
    finally:
        app.shutdown()


def test_a_failed_settings_write_is_reported_once(app, monkeypatch):
    def read_only(path, data):
        raise safeio.FileProblem(path, "file.read_only")

    monkeypatch.setattr(safeio, "write_atomic", read_only)
    app.pending_notices.clear()
    app.save_prefs()
    app.save_prefs()
    assert len(app.pending_notices) == 1 and "read-only" in app.pending_notices[0][1]
    assert "settings.json" in app.pending_notices[0][1]
    monkeypatch.undo()
    app.save_prefs()
    assert prefs.load(app.settings_path)[0] == app.prefs
