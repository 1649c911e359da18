"""Save files: written atomically, loaded by replay and verified; every broken case refused untouched with a
SaveError naming the file in both languages; one autosave slot per game; writes that fail say so."""

from __future__ import annotations

import errno
import json
import os
import stat
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core import canon, saves
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


def resealed(doc: dict) -> dict:
    """The document with a checksum that fits it again, as someone editing a save by hand would make it."""
    body = {k: v for k, v in doc.items() if k != "checksum"}
    return {**body, "checksum": canon.digest(body)}


def snapshot(path: Path):
    """What reading must not change: the bytes, the mode and the time of the file."""
    if not os.path.lexists(path):
        return None
    info = os.lstat(path)
    data = path.read_bytes() if stat.S_ISREG(info.st_mode) else None
    return data, info.st_mode, info.st_mtime_ns


def refused(path, key: str) -> saves.SaveError:
    """Both load and read_document refuse `path` with `key`, name it in both languages and leave it as it was."""
    before = snapshot(path)
    for read in (saves.load, saves.read_document):
        with pytest.raises(saves.SaveError) as info:
            read(path)
        exc = info.value
        assert exc.key == key, exc
        assert path.name in str(exc) and path.name in exc.message("ja") and exc.message("ja") != str(exc)
    assert snapshot(path) == before, "a refused save is never modified"
    return exc


def test_save_and_load_restore_the_same_state(tmp_path):
    match = played()
    path = tmp_path / "slot.json"
    saves.write(match, path, label="my game")
    loaded, doc = saves.load(path)
    assert loaded.state_hash() == match.state_hash()
    assert loaded.log == match.log and loaded.seats == match.seats and loaded.options == match.options
    assert doc["label"] == "my game" and doc["game"] == "deadmans_draw" and doc["format_version"] == 1
    assert not list(tmp_path.glob("*.tmp")), "no temp file is left behind"


def test_missing_file_is_refused(tmp_path):
    refused(tmp_path / "nope.json", "file.missing")


def test_truncated_file_is_refused(tmp_path):
    path = tmp_path / "s.json"
    saves.write(played(), path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    refused(path, "file.bad_json")


def test_edited_file_is_refused(tmp_path):
    path = tmp_path / "s.json"
    saves.write(played(), path)
    doc = json.loads(path.read_text())
    doc["seed"] += 1
    path.write_text(json.dumps(doc))
    refused(path, "load.edited")


def test_edit_with_a_recomputed_checksum_still_fails_the_replay(tmp_path):
    path = tmp_path / "s.json"
    doc = saves.to_document(played())
    doc["seed"] += 1
    path.write_text(json.dumps(resealed(doc)))
    with pytest.raises(saves.SaveError) as info:
        saves.load(path)
    assert info.value.key in ("load.replay_failed", "load.wrong_state")


def test_unknown_version_is_refused(tmp_path):
    path = tmp_path / "s.json"
    doc = saves.to_document(played())
    doc["format_version"] = 99
    path.write_text(json.dumps(doc))
    assert "format version 99" in str(refused(path, "load.newer_format"))


def test_other_json_is_refused(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"hello": "world"}))
    refused(path, "load.not_a_save")


def test_binary_garbage_is_refused(tmp_path):
    path = tmp_path / "s.json"
    path.write_bytes(b"\x80\x81\xfe\xff" * 10)
    refused(path, "file.not_utf8")


# -- hostile files: refused at once, before anything is read into memory or parsed -------------------------


def test_a_100_mb_save_is_refused_without_being_read(tmp_path, monkeypatch):
    path = tmp_path / "huge.json"
    with open(path, "wb") as fh:
        fh.truncate(100 * 1024 * 1024)  # sparse: costs no disk
    reads = []
    real_read = os.read
    monkeypatch.setattr(os, "read", lambda fd, n: reads.append(n) or real_read(fd, n))
    refused(path, "file.too_large")
    assert not reads, "the size is checked before a single byte is read"


def test_fifo_device_and_dangling_link_are_refused_at_once(tmp_path):
    os.mkfifo(tmp_path / "fifo.json")
    refused(tmp_path / "fifo.json", "file.not_regular")  # would hang a plain open()
    os.symlink("/dev/zero", tmp_path / "zero.json")
    refused(tmp_path / "zero.json", "file.not_regular")  # would fill memory
    os.symlink(tmp_path / "gone", tmp_path / "dangling.json")
    refused(tmp_path / "dangling.json", "file.missing")


@pytest.mark.parametrize("text, key", [
    ('{"format": "card-parlor-save", "seed": ' + "7" * 4301 + "}", "file.bad_number"),
    ('{"format": "card-parlor-save", "label": "\\ud800"}', "file.bad_text"),
    ("[" * 1000 + "]" * 1000, "file.too_deep"),
    ('{"a": ' * 1200 + "1" + "}" * 1200, "file.too_deep"),
])
def test_hostile_json_is_refused(tmp_path, text, key):
    path = tmp_path / "s.json"
    path.write_text(text)
    refused(path, key)


WRONG = [
    ("seats", {"a": 1}), ("seats", [1, 2]), ("seats", []), ("seats", [{"name": 3}]),
    ("seats", [{"name": "A", "kind": "robot"}, {"name": "B"}]), ("actions", "draw"), ("actions", [1]),
    ("actions", [{"seat": "0", "kind": "draw"}]), ("seed", "5"), ("seed", True), ("seed", 1.5), ("game", ["x"]),
    ("game", None), ("game_version", 1), ("options", []), ("turn", "three"), ("over", 1), ("label", 5),
    ("saved_at", {}), ("state_hash", 0), ("initial_seats", "2"), ("format_version", "1"),
]


@pytest.mark.parametrize("field, value", WRONG)
def test_a_field_of_the_wrong_type_is_refused_and_named(tmp_path, field, value):
    path = tmp_path / "s.json"
    doc = saves.to_document(played(steps=5))
    doc[field] = value
    path.write_text(json.dumps(resealed(doc)))
    exc = refused(path, "load.bad_field")
    assert exc.args_["field"] == field and field in exc.message("ja")


@pytest.mark.parametrize("field", ["seats", "actions", "seed", "game", "game_version", "options", "state_hash"])
def test_a_missing_field_is_refused_and_named(tmp_path, field):
    path = tmp_path / "s.json"
    doc = saves.to_document(played(steps=5))
    del doc[field]
    path.write_text(json.dumps(resealed(doc)))
    assert refused(path, "load.bad_field").args_["field"] == field


def test_an_unknown_game_and_an_impossible_move_are_refused(tmp_path):
    path = tmp_path / "s.json"
    doc = saves.to_document(played(steps=5))
    path.write_text(json.dumps(resealed({**doc, "game": "chess"})))
    assert "chess" in str(refused(path, "load.unknown_game"))
    actions = [*doc["actions"][:3], {"seat": 99, "kind": "draw"}]
    path.write_text(json.dumps(resealed({**doc, "actions": actions})))
    with pytest.raises(saves.SaveError) as info:
        saves.load(path)
    assert info.value.key == "load.replay_failed" and info.value.args_["move"] == 4


def test_reading_a_read_only_save_keeps_it_read_only_and_the_next_write_keeps_its_mode(tmp_path):
    path = tmp_path / "mine.json"
    saves.write(played(steps=5), path)
    os.chmod(path, 0o444)
    saves.load(path)
    saves.read_document(path)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o444
    saves.write(played(steps=8), path)  # root may write it; the mode must survive the rename
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o444


# -- property: damaged documents never escape as anything but a SaveError ---------------------------------

JSON = st.recursive(st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False,
                    allow_infinity=False) | st.text(max_size=12),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                               max_size=4), max_leaves=12)
FIELD_NAMES = sorted({*saves.FIELDS, "format", "format_version", "checksum"})
REAL = saves.to_document(played(steps=12))
REAL_BYTES = json.dumps(REAL, ensure_ascii=False, indent=1).encode()


def only_save_errors(path: Path) -> None:
    before = snapshot(path)
    for read in (saves.read_document, saves.load):
        try:
            read(path)
        except saves.SaveError as exc:
            assert path.name in str(exc) and path.name in exc.message("ja")
    assert snapshot(path) == before


ACTION = st.fixed_dictionaries({"seat": st.integers(-1, 2) | JSON,
                                 "kind": st.sampled_from(sorted({a["kind"] for a in REAL["actions"]})) | JSON},
                                optional={"trait": JSON, "card": JSON, "x": JSON})


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(changes=st.dictionaries(st.sampled_from(FIELD_NAMES), JSON, max_size=3), reseal=st.booleans(),
       cut=st.integers(0, len(REAL["actions"])), extra=st.lists(ACTION, max_size=3))
def test_random_values_in_any_field_only_ever_raise_save_error(tmp_path, changes, reseal, cut, extra):
    """Random JSON in any field, and logs cut short and followed by random moves; resealed, so that the
    checks past the checksum (types, options, the replay itself) are reached too."""
    doc = {**REAL, "actions": REAL["actions"][:cut] + extra, **changes}
    path = tmp_path / "prop.json"
    path.write_text(json.dumps(resealed(doc) if reseal else doc, ensure_ascii=False))
    only_save_errors(path)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.integers(0, len(REAL_BYTES)) | st.just(len(REAL_BYTES)),
       flips=st.lists(st.tuples(st.integers(0, len(REAL_BYTES) - 1), st.integers(0, 7)), max_size=4))
def test_truncated_or_bit_flipped_saves_only_ever_raise_save_error(tmp_path, cut, flips):
    data = bytearray(REAL_BYTES)
    for index, bit in flips:
        data[index] ^= 1 << bit
    path = tmp_path / "flip.json"
    path.write_bytes(bytes(data[:cut]))
    only_save_errors(path)


# -- writing ---------------------------------------------------------------------------------------------


def fail_with(code: int):
    def fail(*args, **kwargs):
        raise OSError(code, os.strerror(code))
    return fail


@pytest.mark.parametrize("target, code, key", [
    ("replace", errno.EROFS, "file.read_only"),
    ("replace", errno.EACCES, "file.no_permission"),
    ("mkstemp", errno.ENOSPC, "file.disk_full"),
    ("mkstemp", errno.EDQUOT, "file.disk_full"),
    ("mkstemp", errno.EMFILE, "file.write_failed"),
    ("fsync", errno.ENOSPC, "file.disk_full"),
    ("mkdir", errno.EACCES, "file.no_permission"),
])
def test_a_failed_write_is_a_save_error_and_keeps_the_previous_save(tmp_path, monkeypatch, target, code, key):
    path = tmp_path / "sub" / "s.json"
    saves.write(played(steps=10), path)
    before = path.read_bytes()
    if target == "mkdir":
        path = tmp_path / "new" / "s.json"
        monkeypatch.setattr(Path, "mkdir", fail_with(code))
    elif target == "mkstemp":
        monkeypatch.setattr(tempfile, "mkstemp", fail_with(code))
    else:
        monkeypatch.setattr(os, target, fail_with(code))
    with pytest.raises(saves.SaveError) as info:
        saves.write(played(steps=20), path)
    assert info.value.key == key and path.name in info.value.message("ja")
    monkeypatch.undo()
    assert (tmp_path / "sub" / "s.json").read_bytes() == before
    assert not list(tmp_path.rglob("*.tmp")) and not list(tmp_path.rglob(".*.tmp"))


def test_delete_and_relabel(tmp_path):
    path = tmp_path / "a.json"
    saves.write(played(steps=5), path, label="a")
    target = tmp_path / saves.file_name("Voyage")
    saves.relabel(path, "Voyage", target)
    assert not path.exists() and saves.read_document(target)["label"] == "Voyage"
    saves.relabel(target, "Voyage two", target)  # same file: only the name inside changes
    assert saves.read_document(target)["label"] == "Voyage two"
    saves.delete(target)
    assert not target.exists()
    saves.delete(target)  # already gone is fine


def test_a_delete_that_fails_is_a_save_error(tmp_path, monkeypatch):
    path = tmp_path / "a.json"
    saves.write(played(steps=5), path)
    monkeypatch.setattr(Path, "unlink", fail_with(errno.EROFS))
    with pytest.raises(saves.SaveError) as info:
        saves.delete(path)
    assert info.value.key == "file.read_only"


# -- the saves folder: file names and one autosave slot per game --------------------------------------------


@pytest.mark.parametrize("label, name", [
    ("My voyage", "My_voyage.json"), ("航海 1", "航海_1.json"), ("", "save.json"), ("../../etc", "etc.json"),
    ("autosave", "save_autosave.json"), ("AutoSave-deadmans_draw", "save_AutoSave-deadmans_draw.json"),
    ("con", "save_con.json"), ("a\x00b", "a_b.json"),
])
def test_file_names_never_take_an_autosave_slot_or_leave_the_folder(label, name):
    assert saves.file_name(label) == name
    assert not saves.is_autosave(Path(saves.file_name(label)))


def test_each_game_keeps_its_own_unfinished_game(tmp_path):
    saves.write(played(steps=5), saves.autosave_path(tmp_path, "deadmans_draw"))
    other = saves.autosave_path(tmp_path, "get_lucky")
    other.write_text("{}")
    os.utime(other, (1, 1))
    saves.write(played(steps=3), tmp_path / "named.json")
    assert saves.unfinished(tmp_path) == [saves.autosave_path(tmp_path, "deadmans_draw"), other]
    assert len(saves.save_files(tmp_path)) == 3


def test_the_old_shared_autosave_moves_to_its_games_slot(tmp_path):
    legacy = tmp_path / "autosave.json"
    saves.write(played(steps=5), legacy)
    data = legacy.read_bytes()
    assert saves.unfinished(tmp_path) == [saves.autosave_path(tmp_path, "deadmans_draw")]
    assert not legacy.exists() and saves.autosave_path(tmp_path, "deadmans_draw").read_bytes() == data


def test_an_old_autosave_that_cannot_move_stays_listed(tmp_path):
    legacy = tmp_path / "autosave.json"
    legacy.write_text("{broken")
    assert saves.unfinished(tmp_path) == [legacy]  # damaged: kept, listed, never discarded
    saves.write(played(steps=5), legacy)
    slot = saves.autosave_path(tmp_path, "deadmans_draw")
    saves.write(played(steps=7), slot)
    saves.unfinished(tmp_path)
    assert legacy.exists() and slot.exists(), "the slot is taken: neither is replaced"


def test_an_unreadable_saves_folder_lists_nothing(tmp_path, monkeypatch):
    saves.write(played(steps=5), saves.autosave_path(tmp_path, "deadmans_draw"))
    monkeypatch.setattr(os, "scandir", fail_with(errno.EACCES))
    assert saves.save_files(tmp_path) == [] and saves.unfinished(tmp_path) == []
    assert saves.save_files(tmp_path / "missing") == []
    (tmp_path / "file").write_text("")
    monkeypatch.undo()
    assert saves.save_files(tmp_path / "file") == []  # a file where the folder should be


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
