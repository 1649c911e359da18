"""Data and text files (issue 11, item 4): every file the app reads goes through safeio, card readers refuse
unknown keys and duplicate ids naming the file, the card and the field, `validate-data` checks the texts
too, and broken data is reported in a dialog (in English when the texts are the broken files), never with a
traceback."""

from __future__ import annotations

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import cli
from game.core import i18n
from game.core.carddata import CardDataError
from game.games.deadmans_draw.cards import load_deck as dmd_deck
from game.games.get_lucky.cards import load_deck as lucky_deck
from game.games.shipwreck_arcana.cards import load_deck as arcana_deck

from .conftest import REAL_DATA as REAL
from .conftest import clear_caches
from .scenes_harness import frames

DECKS = {"deadmans_draw": dmd_deck, "get_lucky": lucky_deck, "shipwreck_arcana": arcana_deck}


def edit(path, change) -> None:
    """Load a YAML file, change it and write it back."""
    tree = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(tree)
    path.write_text(yaml.dump(tree, Dumper=NoAliases, allow_unicode=True, sort_keys=False), encoding="utf-8")


class NoAliases(yaml.SafeDumper):
    """Writes a value used twice in full (our files refuse aliases)."""

    def ignore_aliases(self, data):
        return True


ALIAS_BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n"
    for i in range(8))
BAD_FILES = {
    "utf-16": ("game: x\n".encode("utf-16"), "not UTF-8"),
    "latin-1": ("game: caf\xe9\n".encode("latin-1"), "not UTF-8"),
    "deep": (("a:\n" + "".join("  " * i + "- \n" for i in range(1, 200)) + "[" * 5000).encode(), "nested"),
    "aliases": (ALIAS_BOMB.encode(), "aliases"),
    "duplicate keys": (b"game: deadmans_draw\ngame: deadmans_draw\n", "appears twice"),
    "not a mapping": (b"- just\n- a list\n", "top level must be a mapping"),
}


@pytest.mark.parametrize("kind", sorted(BAD_FILES))
@pytest.mark.parametrize("file", ["cards/deadmans_draw.yaml", "rules/get_lucky.yaml", "i18n/ja.yaml",
                                  "i18n/en.shipwreck_arcana.yaml"])
def test_a_bad_file_is_refused_naming_it(data, file, kind):
    content, words = BAD_FILES[kind]
    (data / file).write_bytes(content)
    problem = checks_of(data)
    assert words in problem and (data / file).name in problem
    assert (data / file).read_bytes() == content, "reading never changes a file"


@pytest.mark.parametrize("file", ["cards/get_lucky.yaml", "rules/shipwreck_arcana.yaml", "i18n/en.yaml"])
def test_a_folder_in_place_of_a_file_is_refused_naming_it(data, file):
    (data / file).unlink()
    (data / file).mkdir()
    problem = checks_of(data)
    assert "not an ordinary file" in problem and (data / file).name in problem


def checks_of(data) -> str:
    """What the start-up check says about the data (it never raises)."""
    from scenes.__main__ import data_problem

    clear_caches()
    return data_problem() or ""


@pytest.mark.parametrize("game, change, words", [
    ("deadmans_draw", lambda d: d["suits"][1].update(efect=d["suits"][1].pop("effect")),
     "card 'cannon', field 'efect'"),
    ("deadmans_draw", lambda d: d["loot"][3].update(colour="red"), "card 'anchor_5', field 'colour': unknown"),
    ("deadmans_draw", lambda d: d["traits"][5].update(id=d["traits"][2]["id"]),
     "field 'id': duplicate card id"),
    ("deadmans_draw", lambda d: d["traits"][0].update(id="anchor_2"), "card 'anchor_2', field 'id': duplicate"),
    ("deadmans_draw", lambda d: d.update(trait=[]), "field 'trait': unknown"),
    ("get_lucky", lambda d: d["characters"][4].update(grudges=d["characters"][4]["grudge"]), "field 'grudges'"),
    ("get_lucky", lambda d: d["characters"][4].update(id=d["characters"][0]["id"]), "duplicate card id"),
    ("get_lucky", lambda d: d.update(notes="x"), "field 'notes': unknown"),
    ("shipwreck_arcana", lambda d: d["cards"][3].update(moon=2), "field 'moon': unknown"),
    ("shipwreck_arcana", lambda d: d["powers"][0].update(windows="x"), "field 'windows': unknown"),
    ("shipwreck_arcana", lambda d: d["cards"][2].update(id=d["cards"][0]["id"]), "duplicate card id"),
])
def test_card_readers_refuse_unknown_keys_and_duplicate_ids(data, game, change, words):
    path = data / "cards" / f"{game}.yaml"
    edit(path, change)
    with pytest.raises(CardDataError, match=words.replace("(", r"\(")) as info:
        DECKS[game](path)
    assert f"{game}.yaml" in str(info.value)


def test_rules_texts_refuse_unknown_keys(data):
    edit(data / "rules" / "deadmans_draw.yaml", lambda d: d["sections"][1].update(bdy={"en": "x", "ja": "y"}))
    assert "deadmans_draw.yaml, card 'setup', field 'bdy': unknown" in checks_of(data)


@pytest.mark.parametrize("change, words", [
    (lambda d: d["title"].pop("quit"), "en.yaml, field 'title.quit': missing in ja"),
    (lambda d: d["title"].update(extra="x"), "ja.yaml, field 'title.extra': not in English"),
    (lambda d: d["notice"].update(data_broken="壊れています:{problme}"), "field 'notice.data_broken': placeholders"),
    (lambda d: d["notice"].update(data_broken="壊れています:{problem"), "not a valid text template"),
])
def test_validate_data_checks_the_texts(data, capsys, change, words):
    edit(data / "i18n" / "ja.yaml", change)
    assert cli.main(["validate-data"]) == 1
    out = capsys.readouterr().out
    assert words in out and "ok  deadmans_draw" in out


def test_validate_data_reports_a_broken_text_file(data, capsys):
    (data / "i18n" / "en.get_lucky.yaml").write_bytes("x: y".encode("utf-16"))
    assert cli.main(["validate-data"]) == 1
    assert "ERROR texts:" in capsys.readouterr().out and "en.get_lucky.yaml is not UTF-8" in checks_of(data)


@pytest.mark.parametrize("broken, title", [
    (["ja.yaml"], "Card Parlor cannot start"),  # the English texts stand in
    (["en.yaml", "ja.yaml"], "Card Parlor cannot start"),  # the few built-in English ones do
    (["en.yaml"], "Card Parlorを起動できません"),  # the player's language still works
])
def test_broken_texts_are_reported_in_a_dialog(data, tmp_path, monkeypatch, capsys, broken, title):
    import scenes.__main__ as entry
    from scenes.app import App

    for file in broken:
        (data / "i18n" / file).write_bytes(b"notice: [unclosed")
    (tmp_path / "settings.json").write_text('{"language": "ja"}', encoding="utf-8")
    seen = []

    def run(self):
        frames(self, 2)
        seen.append((type(self.top).__name__, self.top.title(), self.top.message))
        self.shutdown()

    monkeypatch.setattr(App, "run", run)
    assert entry.main(["--user-dir", str(tmp_path), "--size", "1280x720"]) == 2
    kind, shown, message = seen[0]
    assert kind == "Dialog" and shown == title and broken[-1] in message
    assert broken[-1] in capsys.readouterr().err


def test_text_never_raises_with_broken_files(data):
    (data / "i18n" / "en.yaml").write_bytes(b"\xff\xfe")
    (data / "i18n" / "ja.yaml").write_bytes(b"{")
    clear_caches()
    assert i18n.text("title.quit", "ja") == "Quit"
    assert i18n.text("no.such.key", "ja") == "no.such.key"
    assert i18n.text("notice.data_broken", "xx", problem="p") == "A data file is broken: p"


YAML_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=15)


def damage(tree, path, value):
    """Replace the node at `path` (indexes into lists and mappings, wrapped) by `value`."""
    node = tree
    for step in path[:-1]:
        children = list(node.values()) if isinstance(node, dict) else node if isinstance(node, list) else []
        if not children:
            break
        node = children[step % len(children)]
    if isinstance(node, dict) and node:
        node[list(node)[path[-1] % len(node)]] = value
    elif isinstance(node, list) and node:
        node[path[-1] % len(node)] = value
    return tree


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game=st.sampled_from(sorted(DECKS)), where=st.lists(st.integers(0, 99), min_size=1, max_size=5),
       value=YAML_VALUES)
def test_any_damaged_card_file_is_refused_naming_it_or_loaded(tmp_path, game, where, value):
    tree = yaml.safe_load((REAL / "cards" / f"{game}.yaml").read_text(encoding="utf-8"))
    text = yaml.dump(damage(tree, where, value), Dumper=NoAliases, allow_unicode=True)
    path = tmp_path / f"{game}.yaml"
    path.write_text(text, encoding="utf-8")
    try:
        DECKS[game](path)
    except CardDataError as exc:
        assert f"{game}.yaml" in str(exc)
    assert path.read_text(encoding="utf-8") == text


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(file=st.sampled_from(["i18n/en.yaml", "i18n/ja.get_lucky.yaml", "rules/get_lucky.yaml"]),
       content=st.binary(max_size=200) | YAML_VALUES.map(lambda v: yaml.safe_dump(v).encode()))
def test_any_damaged_text_file_is_reported_naming_it(data, file, content):
    original = (REAL / file).read_bytes()
    (data / file).write_bytes(content)
    try:
        problem = checks_of(data)
        # the file is named, or (a valid file with other keys) each key it lacks or adds beside the other language
        assert problem == "" or (data / file).name in problem or "missing in" in problem or "not in English" in problem
        assert isinstance(i18n.text("title.quit", "ja"), str)
    finally:
        (data / file).write_bytes(original)
