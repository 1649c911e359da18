"""The headless command line: every command runs and says something sensible."""

from __future__ import annotations

import json

import pytest

from game.cli import main
from game.core import saves
from game.core.events import COMMON
from game.core.match import AI, Match, Seat
from game.core.rng import Rng
from game.games import all_ids
from game.games import rules as rules_for
from game.games.deadmans_draw.cards import deck


def run(capsys, *argv) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


def test_list(capsys):
    code, out = run(capsys, "list")
    assert code == 0 and "deadmans_draw" in out and "デッドマンズ・ドロー" in out
    get_lucky = next(line for line in out.splitlines() if line.startswith("get_lucky"))
    assert ", 20 min," in get_lucky  # the seed: about 20 minutes


def test_simulate_json(capsys):
    code, out = run(capsys, "simulate", "--game", "deadmans_draw", "--players", "3", "--bots", "normal,easy,random",
                    "--games", "4", "--seed", "5", "--json")
    data = json.loads(out)
    assert code == 0 and data["games"] == 4 and not data["errors"] and sum(data["wins_by_seat"]) >= 4


def test_simulate_reports_a_cooperative_games_wins_and_losses(capsys):
    argv = ("simulate", "--game", "shipwreck_arcana", "--players", "3", "--bots", "normal", "--games", "6",
            "--seed", "1", "--option", "difficulty=easy")
    code, out = run(capsys, *argv, "--json")
    data = json.loads(out)
    won = sum(1 for game in data["games_detail"] if game["winners"])
    assert code == 0 and data["team_wins"] == won and data["team_losses"] == 6 - won
    assert "drawn_rate" not in data and "wins_by_seat" not in data
    code, out = run(capsys, *argv)
    assert code == 0 and f"team won {won}, lost {6 - won}" in out and "drawn" not in out
    assert out.count(": won ") == won and out.count(": lost ") == 6 - won


def test_a_bad_option_stops_the_command_with_a_message():
    with pytest.raises(SystemExit, match="traits"):
        main(["simulate", "--game", "deadmans_draw", "--players", "2", "--option", "traits=1"])


def test_bench(capsys):
    code, out = run(capsys, "bench", "--game", "deadmans_draw", "--seconds", "0.3", "--json")
    data = json.loads(out)
    assert code == 0 and data["games"] > 0 and data["actions_per_s"] > 0


def test_arena_duplicate_deals(capsys):
    code, out = run(capsys, "arena", "--game", "deadmans_draw", "--bots", "normal,random", "--games", "3",
                    "--jobs", "1", "--json")
    data = json.loads(out)
    assert code == 0 and data["deals"] == 3 and data["games"] == 6
    assert set(data["bots"]) == {"normal", "random"}
    low, high = data["bots"]["normal"]["ci95"]
    assert low <= data["bots"]["normal"]["win_rate"] <= high


def test_validate_data(capsys):
    code, out = run(capsys, "validate-data")
    assert code == 0 and out.startswith("ok")


def test_replay_prints_a_readable_log(capsys, tmp_path):
    match = Match(rules_for("deadmans_draw"), [Seat("Aiko"), Seat("Ben", AI, "normal")], None, 8)
    rng = Rng(8)
    while not match.is_over():
        legal = match.legal_actions(match.pending()[0].seat)
        match.apply(legal[rng.below(len(legal))])
    path = tmp_path / "game.json"
    saves.write(match, path)
    code, out = run(capsys, "replay", str(path))
    assert code == 0 and "Aiko draws" in out and "Result:" in out
    assert " keeps " not in out and "has chosen a pirate" in out  # a spectator never sees the secret picks
    code, out = run(capsys, "replay", str(path), "--lang", "ja", "--all")
    assert code == 0 and "引きました" in out and "を残しました" in out


@pytest.mark.parametrize("game_id", all_ids())
def test_replay_tells_every_game_in_sentences_not_event_kinds(capsys, tmp_path, game_id):
    rules = rules_for(game_id)
    match = Match(rules, [Seat(f"P{i}") for i in range(rules.info.min_players)], None, 5)
    rng = Rng(5)
    while not match.is_over():
        legal = match.legal_actions(match.pending()[0].seat)
        match.apply(legal[rng.below(len(legal))])
    path = tmp_path / "game.json"
    saves.write(match, path)
    for lang in ("en", "ja"):
        for viewer in ([], ["--all"], ["--seat", "0"]):
            code, out = run(capsys, "replay", str(path), "--lang", lang, *viewer)
            told = [line.strip() for line in out.splitlines() if line.startswith("    ")]
            assert code == 0 and len(told) > len(match.log) // 2
            # Event kinds and ids are snake_case ("turn_started", "key_6"), never a word of a sentence.
            assert not any(kind in out for kind in COMMON if "_" in kind), f"{lang} {viewer}: a raw event kind"
            assert not any(mark in line for line in told for mark in ("_", "{", "None", "Event(")), (
                f"{lang} {viewer}: an id, a dict or a missing value")


def test_replay_shows_a_trait_pick_only_to_its_player_until_the_reveal(capsys, tmp_path):
    match = Match(rules_for("deadmans_draw"), [Seat("Aiko"), Seat("Ben")], {"traits": True}, 4)
    pick = match.legal_actions(0)[1]
    match.apply(pick)  # Aiko has chosen; Ben has not: nothing is revealed yet
    path = tmp_path / "picking.json"
    saves.write(match, path)
    trait = pick["trait"]
    name = deck().trait(trait).name["en"]
    for viewer in ([], ["--seat", "1"]):
        code, out = run(capsys, "replay", str(path), *viewer)
        assert code == 0 and "Aiko has chosen a pirate" in out
        assert trait not in out and name not in out
        assert "seed" not in out  # the seed would tell every shuffle
    for viewer in (["--seat", "0"], ["--all"]):
        code, out = run(capsys, "replay", str(path), *viewer)
        assert code == 0 and trait in out and f"Aiko keeps {name}" in out
    assert main(["replay", str(path), "--seat", "2"]) == 1
    assert "seats 0–1" in capsys.readouterr().err


def test_replay_keeps_shipwreck_token_ids_to_their_owner(capsys, tmp_path):
    # Token ids tell an old fate from a new one (R13): only the player who played one may see which it was.
    match = Match(rules_for("shipwreck_arcana"), [Seat("Aiko"), Seat("Ben"), Seat("Cy")], None, 4)
    rng = Rng(3)
    while not match.is_over():
        legal = match.legal_actions(match.pending()[0].seat)
        match.apply(legal[rng.below(len(legal))])
    path = tmp_path / "voyage.json"
    saves.write(match, path)
    players = {act.seat for act in match.log if act.kind == "play"}

    def plays(out):
        return [line for line in out.splitlines() if line.startswith("> ") and ": play" in line]

    code, out = run(capsys, "replay", str(path))
    assert code == 0 and plays(out) and not any("token" in line for line in plays(out))
    assert "Result: the team lost" in out
    for seat in players:
        code, out = run(capsys, "replay", str(path), "--seat", str(seat))
        mine = [line for line in plays(out) if line.startswith(f"> {match.seats[seat].name}:")]
        assert mine and all("token" in line for line in mine)
        assert not any("token" in line for line in plays(out) if line not in mine)
    code, out = run(capsys, "replay", str(path), "--all")
    assert all("token" in line for line in plays(out))


def test_replay_refuses_a_broken_save(capsys, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{}")
    assert main(["replay", str(path)]) == 1
