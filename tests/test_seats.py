"""Players joining and leaving between turns through Match (The Shipwreck Arcana, R52–R55), and the save
that remembers who joined."""

import pytest

from game.core import saves
from game.core.actions import Action, deciding
from game.core.match import AI, Match, Seat
from game.core.rules import IllegalAction
from game.games import rules


def _match(n=3, **options):
    seats = [Seat(f"P{i + 1}", AI, "normal") for i in range(n)]
    return Match(rules("shipwreck_arcana"), seats, {"random_start": False, **options}, seed=5)


def test_join_adds_a_seat_and_survives_a_save(tmp_path):
    m = _match()
    joins = [a for a in m.side_actions(0) if a.kind == "join"]
    assert [a["at"] for a in joins] == [0, 1, 2, 3]
    m.join(Seat("Dee", AI, "easy"), joins[3])
    assert [s.name for s in m.seats] == ["P1", "P2", "P3", "Dee"]
    assert m.view(None)["order"] == [0, 1, 2, 3]
    path = tmp_path / "s.json"
    saves.write(m, path)
    loaded, _ = saves.load(path)
    assert loaded.initial == 3 and [s.name for s in loaded.seats] == ["P1", "P2", "P3", "Dee"]
    assert loaded.state_hash() == m.state_hash()


def test_join_needs_a_waiting_seat_and_the_window():
    m = _match()
    join = next(a for a in m.side_actions(0) if a.kind == "join")
    with pytest.raises(IllegalAction):
        m.apply(join)  # Match.join must name who sits down
    m.apply(Action.from_json({"seat": 0, "kind": "draw"}))
    assert not [a for a in m.side_actions(0) if a.kind in ("join", "leave")]  # R52: between turns only


def test_undo_never_crosses_a_join():
    m = _match()
    m.apply(next(a for a in m.side_actions(1) if a.kind == "mark"))
    m.join(Seat("Dee", AI, "easy"), next(a for a in m.side_actions(0) if a.kind == "join"))
    assert m.undo_point(1) is None


def test_leave_keeps_two_players_and_the_seat_numbers():
    m = _match(3)
    leave = next(a for a in m.side_actions(0) if a.kind == "leave" and a["position"] == 1)
    m.apply(leave)
    assert m.view(None)["order"] == [0, 2]
    assert not [a for a in m.side_actions(0) if a.kind == "leave"]  # R54: two must remain
    assert len(m.seats) == 3 and m.view(None)["left"] == [False, True, False]


def test_challenge_mode_has_no_seat_changes():
    m = _match(2, challenge=True)
    assert not [a for a in m.side_actions(0) if a.kind in ("join", "leave")]  # R51


def test_a_group_decision_goes_to_one_member():
    m = _match(3)
    while m.pending()[0].kind != "predict":
        d = deciding(m.pending())[0]
        legal = m.legal_actions(d.seat)
        m.apply(legal[0] if d.kind != "reveal" else next(a for a in legal if a.kind == "keep"))
    pending = m.pending()
    assert len(pending) == 2 and {d.group for d in pending} == {"group"}
    assert len(deciding(pending)) == 1
    assert [d.seat for d in deciding(pending, humans={pending[1].seat})] == [pending[1].seat]
