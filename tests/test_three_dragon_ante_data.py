"""Three-Dragon Ante's data files against the spec (shared/rules/three-dragon-ante.md), read as plain YAML
so that they are checked without the engine: data/cards/three_dragon_ante.yaml (§3.3-§3.5, §6, the
glossary §2) and the Rules screen text data/rules/three_dragon_ante.yaml."""

from __future__ import annotations

import re
from functools import cache

import pytest
import yaml

from game.core.paths import data_dir
from game.core.rulebook import sections

from .test_text import assert_in_both_languages, covered, strings_in

GAME = "three_dragon_ante"
LANGS = {"en", "ja"}

# §3.3: colour -> (alignment, the seven strengths), in the spec's order; §2 gives the Japanese colour names.
STANDARD = {
    "black": ("evil", [1, 2, 3, 5, 6, 7, 9]),
    "blue": ("evil", [1, 2, 4, 6, 7, 9, 11]),
    "brass": ("good", [1, 2, 3, 4, 5, 7, 9]),
    "bronze": ("good", [1, 3, 6, 7, 8, 9, 11]),
    "copper": ("good", [1, 3, 5, 6, 7, 8, 10]),
    "gold": ("good", [2, 4, 6, 8, 9, 11, 13]),
    "green": ("evil", [1, 2, 4, 5, 6, 8, 10]),
    "red": ("evil", [2, 3, 5, 7, 8, 10, 12]),
    "silver": ("good", [2, 3, 6, 7, 8, 10, 12]),
    "white": ("evil", [1, 2, 3, 4, 5, 6, 8]),
}
COLOUR_JA = {"black": "黒", "blue": "青", "brass": "真鍮", "bronze": "青銅", "copper": "銅", "gold": "金",
             "green": "緑", "red": "赤", "silver": "銀", "white": "白"}
EVIL_COLOURS = ["black", "blue", "green", "red", "white"]
# §3.4: id -> (name, strength, alignment, colours, Dragon God, Classic 10).
LEGENDARY = {
    "bahamut": ("Bahamut", 13, "good", [], True, True),
    "black_raider": ("Black Raider", 8, "evil", ["black"], False, False),
    "blue_overlord": ("Blue Overlord", 10, "evil", ["blue"], False, False),
    "brass_sultan": ("Brass Sultan", 8, "good", ["brass"], False, False),
    "bronze_warlord": ("Bronze Warlord", 10, "good", ["bronze"], False, False),
    "chromatic_wyrmling": ("Chromatic Wyrmling", 1, "evil", [], False, False),
    "copper_trickster": ("Copper Trickster", 9, "good", ["copper"], False, False),
    "dracolich": ("Dracolich", 10, "evil", [], False, True),
    "gold_monarch": ("Gold Monarch", 12, "good", ["gold"], False, False),
    "green_schemer": ("Green Schemer", 5, "evil", ["green"], False, False),
    "metallic_wyrmling": ("Metallic Wyrmling", 1, "good", [], False, False),
    "red_destroyer": ("Red Destroyer", 11, "evil", ["red"], False, False),
    "silver_seer": ("Silver Seer", 11, "good", ["silver"], False, False),
    "tiamat": ("Tiamat", 13, "evil", EVIL_COLOURS, True, True),
    "white_hunter": ("White Hunter", 7, "evil", ["white"], False, False),
}
# §3.4's "house data" column: the colourless Legendary Dragons are our (or the research's) decision.
HOUSE_COLOURS = {"bahamut", "chromatic_wyrmling", "metallic_wyrmling", "dracolich"}
# §3.5: id -> (name, strength, Classic 10).
MORTAL = {
    "archmage": ("The Archmage", 9, True),
    "dragonrider": ("The Dragonrider", 6, False),
    "dragonslayer": ("The Dragonslayer", 8, True),
    "druid": ("The Druid", 6, True),
    "fool": ("The Fool", 3, True),
    "illusionist": ("The Illusionist", 4, False),
    "kobold": ("The Kobold", 2, False),
    "merchant_prince": ("The Merchant Prince", 5, False),
    "priest": ("The Priest", 5, True),
    "princess": ("The Princess", 4, True),
    "prophet": ("The Prophet", 10, False),
    "queen": ("The Queen", 7, False),
    "sorcerer": ("The Sorcerer", 8, False),
    "thief": ("The Thief", 7, True),
    "wyrmpriest": ("The Wyrmpriest", 5, False),
}
CLASSIC_10 = {"archmage", "bahamut", "dracolich", "dragonslayer", "druid", "fool", "priest", "princess", "thief",
              "tiamat"}
# The glossary's words that the UI does not use: 掛け金 (the UI writes 賭け金) and the seed's misprint 単体編隊.
NOT_OUR_WORDS = ["掛け金", "単体編隊"]
# Latin letters a Japanese rules text may keep: the app's name, and "AI" as the app writes it everywhere.
RULES_LATIN_ALLOWED = ["Card Parlor", "AI"]
POWER_LIMITS = {"en": 220, "ja": 110}  # a power text fits on the card face and in the card reference


@cache
def load(folder: str) -> dict:
    return yaml.safe_load((data_dir() / folder / f"{GAME}.yaml").read_text(encoding="utf-8"))


def cards() -> dict:
    return {c["id"]: c for c in load("cards")["cards"]}


def of_kind(kind: str) -> dict:
    return {cid: c for cid, c in cards().items() if c["kind"] == kind}


def texts(node, lang: str):
    """Every {en, ja} text in a tree, as the string in `lang`."""
    if isinstance(node, dict):
        if set(node) == LANGS:
            yield node[lang]
            return
        for value in node.values():
            yield from texts(value, lang)
    elif isinstance(node, list):
        for value in node:
            yield from texts(value, lang)


def test_the_file_has_the_loaders_sections_and_nothing_else():
    data = load("cards")
    assert list(data) == ["game", "data_version", "kinds", "alignments", "colours", "powers", "cards"]
    assert data["game"] == GAME and data["data_version"] == 1
    assert [k["id"] for k in data["kinds"]] == ["standard", "legendary", "mortal"]
    assert [a["id"] for a in data["alignments"]] == ["good", "evil"]
    assert [c["id"] for c in data["colours"]] == list(STANDARD)
    assert len(data["cards"]) == len(cards()) == 100, "100 cards with distinct ids"


def test_names_follow_the_glossary():
    data = load("cards")
    assert {c["id"]: c["name"] for c in data["colours"]} == {
        c: {"en": c.capitalize(), "ja": COLOUR_JA[c]} for c in STANDARD}
    assert {k["id"]: k["name"]["ja"] for k in data["kinds"]} == {
        "standard": "基本カード", "legendary": "レジェンダリードラゴン", "mortal": "定命の存在"}
    assert {a["id"]: a["name"]["ja"] for a in data["alignments"]} == {"good": "善のドラゴン", "evil": "悪のドラゴン"}


def test_the_70_standard_dragons_match_the_spec():
    standard = of_kind("standard")
    assert len(standard) == 70
    for colour, (alignment, strengths) in STANDARD.items():
        mine = [c for c in standard.values() if c["effect"] == colour]
        assert sorted(c["strength"] for c in mine) == strengths, colour
        assert len(set(strengths)) == 7
        for card in mine:
            assert card["id"] == f"{colour}_{card['strength']}"
            assert card["name"]["en"] == f"{colour.capitalize()} Dragon"
            assert card["name"]["ja"] == mine[0]["name"]["ja"], "one Japanese name per colour"
            assert (card["alignment"], card["dragon"], card["colours"], card["dragon_god"], card["classic"],
                    card["house_data"]) == (alignment, True, [colour], False, False, "")
    assert sum(c["strength"] for c in standard.values()) == 402
    assert sum(c["alignment"] == "good" for c in standard.values()) == 35


def test_the_15_legendary_dragons_match_the_spec():
    legendary = of_kind("legendary")
    assert set(legendary) == set(LEGENDARY)
    for cid, (name, strength, alignment, colours, god, classic) in LEGENDARY.items():
        card = legendary[cid]
        assert (card["name"]["en"], card["strength"], card["alignment"], card["colours"], card["dragon_god"],
                card["classic"], card["dragon"], card["effect"]) == (
            name, strength, alignment, colours, god, classic, True, cid), cid
        assert bool(card["house_data"]) == (cid in HOUSE_COLOURS), cid
        assert card["house_data"].startswith("colours") or not card["house_data"]
    assert sum(c["alignment"] == "good" for c in legendary.values()) == 7


def test_the_15_mortals_match_the_spec():
    mortal = of_kind("mortal")
    assert set(mortal) == set(MORTAL)
    for cid, (name, strength, classic) in MORTAL.items():
        card = mortal[cid]
        assert (card["name"]["en"], card["strength"], card["classic"], card["effect"]) == (
            name, strength, classic, cid), cid
        assert (card["alignment"], card["dragon"], card["colours"], card["dragon_god"], card["house_data"]) == (
            "none", False, [], False, ""), cid
        assert name.startswith("The ")


def test_exactly_the_classic_10_are_marked():
    assert {cid for cid, c in cards().items() if c["classic"]} == CLASSIC_10


def test_every_effect_has_one_power_and_every_power_is_used():
    ids = [p["id"] for p in load("cards")["powers"]]
    assert len(ids) == len(set(ids)) == 40
    assert set(ids) == {c["effect"] for c in cards().values()}


@pytest.mark.parametrize("lang", sorted(LANGS))
def test_every_power_text_is_short_enough_for_the_card_face(lang):
    long = {p["id"]: len(p["text"][lang]) for p in load("cards")["powers"]
            if len(p["text"][lang]) > POWER_LIMITS[lang]}
    assert not long, long


@pytest.mark.parametrize("folder", ["cards", "rules"])
def test_every_name_and_text_is_in_both_languages(folder):
    assert_in_both_languages(load(folder), folder)
    assert len(list(texts(load("cards"), "ja"))) == 10 + 3 + 2 + 40 + 100


def test_japanese_card_texts_have_no_latin_letters_and_use_our_words():
    for text in texts(load("cards"), "ja"):
        assert not re.search(r"[A-Za-z]", text), text
        assert not any(word in text for word in NOT_OUR_WORDS), text


def test_japanese_rules_text_has_no_latin_letters_but_the_apps_name_and_ai():
    for text in texts(load("rules"), "ja"):
        for allowed in RULES_LATIN_ALLOWED:
            text = text.replace(allowed, "")
        assert not re.search(r"[A-Za-z]", text), text
        assert not any(word in text for word in NOT_OUR_WORDS), text


@pytest.mark.parametrize("folder", ["cards", "rules"])
@pytest.mark.parametrize("weight", ["regular", "bold"])
def test_every_character_has_a_glyph_in_the_bundled_font(folder, weight):
    missing = {ch for s in strings_in(load(folder)) for ch in s if not ch.isspace() and ord(ch) not in covered(weight)}
    assert not missing, sorted(missing)


def test_the_rules_screen_loads_and_names_the_classic_10_as_the_cards_do():
    found = {s.id: s for s in sections(GAME)}
    assert list(found)[:2] == ["overview", "cards"]
    assert {"setup", "ante", "rounds", "powers", "flights", "gold", "gambit_end", "end", "specials",
            "house"} <= set(found)
    body = found["specials"].body
    for cid in CLASSIC_10:
        name = cards()[cid]["name"]
        assert name["en"].removeprefix("The ") in body["en"] and name["ja"] in body["ja"], cid


def test_the_rules_state_the_trigger_rule_of_r15():
    """The heart of the game: a card triggers when it is first in its round or no stronger than the card the
    previous player played (R15); the rules screen says so in both languages."""
    body = {s.id: s for s in sections(GAME)}["powers"].body
    assert "less than or equal to the card the previous player played this round" in body["en"]
    assert "直前のプレイヤー(右隣のプレイヤー)が出したカードの強度以下" in body["ja"]
