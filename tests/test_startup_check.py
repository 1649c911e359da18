"""The start-up data check runs again whenever anything it read could have changed, and only then: the bytes
that passed it once pass it again, so a launch with nothing changed goes straight to the title."""

from __future__ import annotations

import pytest

import scenes.__main__ as entry

from .conftest import clear_caches


@pytest.fixture
def checks(monkeypatch):
    """How many times the full check ran."""
    ran = []
    real = entry.data_problem

    def counted():
        ran.append(1)
        clear_caches()  # read the files again, as a new launch does
        return real()

    monkeypatch.setattr(entry, "data_problem", counted)
    return ran


def test_data_that_passed_is_not_checked_again_until_a_file_changes(data, tmp_path, checks):
    user = tmp_path / "user"
    assert entry.data_problem_once(user) is None and len(checks) == 1
    assert (user / entry.CHECKED).exists()
    assert entry.data_problem_once(user) is None and len(checks) == 1  # the same bytes: no need
    path = data / "cards" / "deadmans_draw.yaml"
    path.write_bytes(path.read_bytes().replace(b"value: 4", b"value: x", 1))  # the same size
    problem = entry.data_problem_once(user)
    assert problem and "deadmans_draw.yaml" in problem and len(checks) == 2
    assert entry.data_problem_once(user) == problem and len(checks) == 3  # a broken file is never let through


@pytest.mark.parametrize("change", [
    lambda d: (d / "i18n" / "ja.yaml").write_bytes((d / "i18n" / "ja.yaml").read_bytes().replace(b"#", b" ", 1)),
    lambda d: (d / "rules" / "get_lucky.yaml").unlink(),
    lambda d: ((d / "rules" / "get_lucky.yaml").unlink(), (d / "rules" / "get_lucky.yaml").mkdir()),
    lambda d: (d / "cards" / "extra.yaml").write_text("x: 1\n", encoding="utf-8"),
])
def test_any_change_in_the_data_folder_checks_it_again(data, tmp_path, checks, change):
    user = tmp_path / "user"
    entry.data_problem_once(user)
    change(data)
    entry.data_problem_once(user)
    assert len(checks) == 2


def test_a_damaged_or_missing_fingerprint_only_means_checking_again(data, tmp_path, checks):
    user = tmp_path / "user"
    user.mkdir()
    (user / entry.CHECKED).write_bytes(b"\xff\xfe not a fingerprint")
    assert entry.data_problem_once(user) is None and len(checks) == 1
    assert entry.data_problem_once(user) is None and len(checks) == 1  # written afresh
    (user / entry.CHECKED).unlink()
    assert entry.data_problem_once(user) is None and len(checks) == 2


def test_a_new_version_checks_the_data_again(data, tmp_path, checks, monkeypatch):
    import game

    user = tmp_path / "user"
    entry.data_problem_once(user)
    monkeypatch.setattr(game, "__version__", game.__version__ + ".1")
    entry.data_problem_once(user)
    assert len(checks) == 2
