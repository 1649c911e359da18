"""Save files: written atomically, loaded by replay and verified; every broken case refused untouched."""

from __future__ import annotations

import json
import os

import pytest

from game.core import saves
from game.core.match import AI, Match, Seat
from game.core.rng import Rng
from game.games.deadmans_draw import RULES


def played(seed=5, steps=30) -> Match:
    match = Match(RULES, [Seat("Aiko"), Seat("Ben", AI, "normal")], {"traits": True}, seed)
    rng = Rng(seed)
    for _ in range(steps):
        pending = match.pending()
        legal = match.legal_actions(pending[0].seat)
        match.apply(legal[rng.below(len(legal))])
    return match


def test_save_and_load_restore_the_same_state(tmp_path):
    match = played()
    path = tmp_path / "slot.json"
    saves.write(match, path, label="my game")
    loaded, doc = saves.load(path)
    assert loaded.state_hash() == match.state_hash()
    assert loaded.log == match.log and loaded.seats == match.seats and loaded.options == match.options
    assert doc["label"] == "my game" and doc["game"] == "deadmans_draw" and doc["format_version"] == 1
    assert not list(tmp_path.glob("*.tmp")), "no temp file is left behind"


def _refused(path, message):
    before = path.read_bytes() if path.exists() else None
    with pytest.raises(saves.SaveError, match=message):
        saves.load(path)
    after = path.read_bytes() if path.exists() else None
    assert before == after, "a refused save is never modified"


def test_missing_file_is_refused(tmp_path):
    _refused(tmp_path / "nope.json", "does not exist")


def test_truncated_file_is_refused(tmp_path):
    path = tmp_path / "s.json"
    saves.write(played(), path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    _refused(path, "damaged or incomplete")


def test_edited_file_is_refused(tmp_path):
    path = tmp_path / "s.json"
    saves.write(played(), path)
    doc = json.loads(path.read_text())
    doc["seed"] += 1
    path.write_text(json.dumps(doc))
    _refused(path, "edited or damaged")


def test_edit_with_a_recomputed_checksum_still_fails_the_replay(tmp_path):
    path = tmp_path / "s.json"
    match = played()
    doc = saves.to_document(match)
    doc["seed"] += 1
    del doc["checksum"]
    doc["checksum"] = saves.canon.digest(doc)
    path.write_text(json.dumps(doc))
    _refused(path, "cannot be replayed|does not replay")


def test_unknown_version_is_refused(tmp_path):
    path = tmp_path / "s.json"
    doc = saves.to_document(played())
    doc["format_version"] = 99
    path.write_text(json.dumps(doc))
    _refused(path, "format version 99")


def test_other_json_is_refused(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"hello": "world"}))
    _refused(path, "not a Card Parlor save")


def test_binary_garbage_is_refused(tmp_path):
    path = tmp_path / "s.json"
    path.write_bytes(b"\x80\x81\xfe\xff" * 10)
    _refused(path, "cannot be read|damaged")


def test_failed_write_keeps_the_previous_save(tmp_path, monkeypatch):
    path = tmp_path / "s.json"
    first = played(steps=10)
    saves.write(first, path)
    before = path.read_bytes()

    def full_disk(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(saves.SaveError, match="No space left"):
        saves.write(played(steps=20), path)
    assert path.read_bytes() == before
    assert not list(tmp_path.glob("*.tmp"))


def test_finished_game_round_trips(tmp_path):
    match = played(steps=0)
    rng = Rng(1)
    while not match.is_over():
        legal = match.legal_actions(match.pending()[0].seat)
        match.apply(legal[rng.below(len(legal))])
    path = tmp_path / "done.json"
    saves.write(match, path)
    loaded, doc = saves.load(path)
    assert doc["over"] and loaded.result().scores == match.result().scores
