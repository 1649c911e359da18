"""The careful reading and writing path (issue 11): limits before parsing, a FileProblem naming the file
for every failure, files never changed by reading, damaged files set aside and never deleted."""

from __future__ import annotations

import os
import stat

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import safeio
from game.core.i18n import strings


def problem(fn, *args):
    with pytest.raises(safeio.FileProblem) as info:
        fn(*args)
    return info.value


@pytest.mark.parametrize("text, key", [
    ("[" * 100_000, "file.too_deep"),
    ('{"a": 1', "file.bad_json"),
    ("[1e999]", "file.bad_number"),
    ('["\\ud800"]', "file.bad_text"),
    ("[" + "9" * 5000 + "]", "file.bad_number"),
    ('{"a": NaN}', "file.bad_number"),
])
def test_damaged_json_is_a_problem_naming_the_file(tmp_path, text, key):
    path = tmp_path / "save.json"
    path.write_text(text)
    found = problem(safeio.read_json, path, safeio.SAVE_LIMIT)
    assert found.key == key and "save.json" in str(found) and "save.json" in found.message("ja")


def test_utf16_oversized_and_special_files_are_refused_without_reading_them(tmp_path):
    path = tmp_path / "s.json"
    path.write_bytes('{"a": 1}'.encode("utf-16"))
    assert problem(safeio.read_json, path, 100).key == "file.not_utf8"
    path.write_text("[" + "1," * 100 + "1]")
    assert problem(safeio.read_json, path, 50).key == "file.too_large"
    os.mkfifo(tmp_path / "fifo")
    assert problem(safeio.read_json, tmp_path / "fifo", 100).key == "file.not_regular"  # no hang
    os.symlink("/dev/zero", tmp_path / "zero")
    assert problem(safeio.read_json, tmp_path / "zero", 100).key == "file.not_regular"
    os.symlink(tmp_path / "gone", tmp_path / "dangling")
    assert problem(safeio.read_json, tmp_path / "dangling", 100).key == "file.missing"
    assert problem(safeio.read_json, tmp_path, 100).key in ("file.not_regular", "file.unreadable")


@pytest.mark.parametrize("text, key", [
    ("a: 1\na: 2\n", "file.bad_yaml"),
    ("a: &x [1]\nb: *x\n", "file.bad_yaml"),
    ("a: " + "[" * 200 + "]" * 200, "file.too_deep"),
    ("".join(f"{'  ' * i}k{i}:\n" for i in range(80)) + "  " * 80 + "leaf: 1\n", "file.bad_yaml"),  # block style
])
def test_yaml_duplicates_aliases_and_deep_nesting_are_refused(tmp_path, text, key):
    path = tmp_path / "cards.yaml"
    path.write_text(text)
    assert problem(safeio.read_yaml, path).key == key


def test_billion_laughs_is_refused_at_once(tmp_path):
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    lines += [f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)},*{chr(97 + i)},*{chr(97 + i)},*{chr(97 + i)}]"
              for i in range(9)]
    path = tmp_path / "en.yaml"
    path.write_text("\n".join(lines))
    assert problem(safeio.read_yaml, path).key == "file.bad_yaml"


def test_writing_keeps_the_mode_and_leaves_no_temp_file(tmp_path):
    path = tmp_path / "a.json"
    safeio.write_json(path, {"a": 1})
    os.chmod(path, 0o444)
    safeio.write_json(path, {"a": 2})
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o444
    assert safeio.read_json(path, 100) == {"a": 2}
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_a_folder_we_cannot_write_is_a_problem_not_a_crash(tmp_path):
    os.chmod(tmp_path, 0o555)
    try:
        assert problem(safeio.write_json, tmp_path / "a.json", {}).key == "file.no_permission"
    finally:
        os.chmod(tmp_path, 0o755)


def test_a_missing_folder_is_made_and_an_uncreatable_one_is_a_problem(tmp_path):
    safeio.write_json(tmp_path / "new" / "a.json", [1])
    (tmp_path / "file").write_text("x")
    assert problem(safeio.write_json, tmp_path / "file" / "a.json", [1]).key == "file.write_failed"


def test_set_aside_renames_and_never_overwrites(tmp_path):
    first, second = tmp_path / "s.json", tmp_path / "s.json"
    first.write_text("one")
    assert safeio.set_aside(first).name == "s.json.damaged"
    second.write_text("two")
    assert safeio.set_aside(second).name == "s.json.damaged-2"
    assert sorted(p.read_text() for p in tmp_path.iterdir()) == ["one", "two"]


def test_stale_temp_files_are_cleaned(tmp_path):
    (tmp_path / ".autosave.json.x1.tmp").write_text("{")
    (tmp_path / "keep.json").write_text("{}")
    assert safeio.clean_temp_files(tmp_path) == 1
    assert [p.name for p in tmp_path.iterdir()] == ["keep.json"]


def test_the_english_fallback_matches_the_text_files():
    en, ja = strings("en"), strings("ja")
    for key, english in safeio.ENGLISH.items():
        assert en[key] == english and key in ja


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400))
def test_any_bytes_are_json_or_a_problem(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("f") / "x.json"
    path.write_bytes(data)
    try:
        safeio.read_json(path, 1000)
    except safeio.FileProblem as exc:
        assert "x.json" in str(exc)
    assert path.read_bytes() == data


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_any_text_is_yaml_or_a_problem(tmp_path_factory, text):
    path = tmp_path_factory.mktemp("f") / "x.yaml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        safeio.read_yaml(path)
    except safeio.FileProblem as exc:
        assert "x.yaml" in str(exc)
