"""Dead Man's Draw card data: the shipped YAML is complete, and a broken copy is refused with a message
that names the file, the card and the field."""

from __future__ import annotations

import pytest
import yaml

from game.core.carddata import CardDataError
from game.core.paths import cards_file
from game.core.rulebook import sections
from game.games.deadmans_draw import reference
from game.games.deadmans_draw.cards import load_deck


def test_shipped_data_is_complete():
    d = load_deck()
    assert len(d.suits) == 10 and len(d.loot) == 60 and len(d.traits) == 17
    assert sum(c.starts_in_discard for c in d.loot) == 10
    assert len({s.letter for s in d.suits}) == 10  # colour is never the only signal
    assert [s.id for s in sections("deadmans_draw")][:2] == ["overview", "setup"]
    assert len(reference()) == 2


def broken(tmp_path, mutate):
    data = yaml.safe_load(cards_file("deadmans_draw").read_text(encoding="utf-8"))
    mutate(data)
    path = tmp_path / "deadmans_draw.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d["loot"][1].update(value=9), r"card 'anchor_3', field 'value'"),
    (lambda d: d["loot"][1].pop("suit"), r"card 'anchor_3', field 'suit': missing"),
    (lambda d: d["suits"][2]["name"].update(ja=""), r"card 'chest', field 'name.ja'"),
    (lambda d: d["traits"][4].update(effect="fly"), r"card 'trait_kraken_caller', field 'effect'"),
    (lambda d: d["loot"].pop(), r"field 'loot': suit sword has 5 cards"),
    (lambda d: d["loot"][0].update(starts_in_discard=False), r"field 'starts_in_discard'"),
    (lambda d: d["suits"][0].update(color="blue"), r"card 'anchor', field 'color'"),
])
def test_broken_data_names_file_card_and_field(tmp_path, mutate, message):
    path = broken(tmp_path, mutate)
    with pytest.raises(CardDataError, match=message) as info:
        load_deck(path)
    assert "deadmans_draw.yaml" in str(info.value)


def test_validate_data_reports_instead_of_crashing(tmp_path, monkeypatch, capsys):
    from game import cli
    from game.games import deadmans_draw

    path = broken(tmp_path, lambda d: d["loot"][1].update(value=9))
    monkeypatch.setattr(deadmans_draw, "load_deck", lambda: load_deck(path))
    assert cli.main(["validate-data"]) == 1
    assert "anchor_3" in capsys.readouterr().out
