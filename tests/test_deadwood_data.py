"""Deadwood 1876's data files against the spec (shared/rules/deadwood-1876.md), read as plain YAML so that
they are checked without the engine: data/cards/deadwood.yaml (§3.1-§3.6, §6, the glossary §2) and the
Rules screen text data/rules/deadwood.yaml."""

from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import product

import pytest
import yaml

from game.core.paths import data_dir
from game.core.rulebook import sections

from .test_text import assert_in_both_languages, covered, strings_in

GAME = "deadwood"
LANGS = {"en", "ja"}

# §3.1: id -> (English, Japanese, placement order); Bella Union's name is house data (H3).
ESTABLISHMENTS = {
    "gem_theater": ("Gem Theater", "ジェムシアター", 1),
    "bella_union": ("Bella Union", "ベラ・ユニオン", 2),
    "grand_central_hotel": ("Grand Central Hotel", "グランドセントラルホテル", 3),
}
CAPACITY = {4: 2, 5: 2, 6: 3, 7: 3, 8: 3, 9: 4}
# §3.2: id -> (English, Japanese, colour English, colour Japanese, hex).
CHARACTERS = {
    "wild_bill_hickok": ("Wild Bill Hickok", "ワイルド・ビル・ヒコック", "Crimson", "深紅", "#B0263A"),
    "calamity_jane": ("Calamity Jane", "カラミティ・ジェーン", "Orange", "橙", "#E8872B"),
    "seth_bullock": ("Seth Bullock", "セス・ブロック", "Silver", "銀", "#A9B0B8"),
    "sol_star": ("Sol Star", "ソル・スター", "Mustard", "山吹", "#D9A514"),
    "al_swearengen": ("Al Swearengen", "アル・スウェアレンジェン", "Purple", "紫", "#6E3A8E"),
    "charlie_utter": ("Charlie Utter", "チャーリー・アター", "Green", "緑", "#2E8B57"),
    "jack_mccall": ("Jack McCall", "ジャック・マッコール", "Charcoal", "墨", "#3B3B3B"),
    "e_b_farnum": ("E. B. Farnum", "E・B・ファーナム", "Brown", "茶", "#7B4B2A"),
    "aunt_lou_marchbanks": ("Aunt Lou Marchbanks", "アーント・ルー・マーチバンクス", "Sky blue", "空色", "#4FA3D9"),
}
# §3.3, weakest to strongest: key -> (English, Japanese, die English, die Japanese, hex, faces, cards, Showdown safe).
GUNS = {
    "derringer": ("Derringer", "デリンジャー", "White", "白", "#F2EFE6", [0, 1, 1, 2, 3, 4], 14, False),
    "six_shooter": ("Six-Shooter", "シックスシューター", "Yellow", "黄", "#F2D13A", [1, 2, 2, 3, 3, 4], 12, True),
    "coach_gun": ("Coach Gun", "コーチガン", "Red", "赤", "#C62828", [0, 0, 2, 4, 5, 6], 10, True),
    "repeater": ("Repeater", "連発ライフル", "Blue", "青", "#1F4E9E", [2, 2, 3, 3, 4, 5], 8, True),
    "buffalo_rifle": ("Buffalo Rifle", "バッファローライフル", "Black", "黒", "#1A1A1A", [1, 3, 3, 4, 5, 6], 6, True),
}
# §3.3's single-roll table, row gun vs column gun over the 36 face pairs: (wins, ties, losses).
WIN_TIE_LOSS = {
    "derringer": [(14, 8, 14), (9, 7, 20), (12, 4, 20), (6, 5, 25), (5, 5, 26)],
    "six_shooter": [(20, 7, 9), (13, 10, 13), (15, 3, 18), (8, 9, 19), (7, 6, 23)],
    "coach_gun": [(20, 4, 12), (18, 3, 15), (14, 8, 14), (15, 4, 17), (13, 3, 20)],
    "repeater": [(25, 5, 6), (19, 9, 8), (17, 4, 15), (13, 10, 13), (11, 6, 19)],
    "buffalo_rifle": [(26, 5, 5), (23, 6, 7), (20, 3, 13), (19, 6, 11), (14, 8, 14)],
}
# §3.4: key -> (English, Japanese, cards).
ITEMS = {
    "duster_coat": ("Duster Coat", "ダスターコート", 12),
    "horse": ("Horse", "馬", 10),
    "stetson_hat": ("Stetson Hat", "ステットソンハット", 13),
    "holster": ("Holster", "ホルスター", 15),
}
# §3.5: copies per gun, in the item order above.
PAIRING = {
    "derringer": [3, 3, 4, 4],
    "six_shooter": [3, 2, 3, 4],
    "coach_gun": [2, 2, 3, 3],
    "repeater": [2, 2, 2, 2],
    "buffalo_rifle": [2, 1, 1, 2],
}
GOLD_VALUES = [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5]
# §3.6's silver-framed safes: id -> (English, Japanese, value).
MYSTERY = {
    "mystery_gold_rush": ("Gold Rush", "ゴールドラッシュ", None),
    "mystery_fools_gold": ("Fool's Gold", "フールズゴールド", None),
    "mystery_jammed_gun": ("Jammed Gun", "弾詰まり", None),
    "mystery_deputy_badge": ("Deputy Badge", "保安官代理バッジ", 6),
}
SAFE_TYPES_JA = {"badge": "バッジ", "gold": "金", "showdown_gun": "決戦用の銃", "mystery": "ミステリー金庫"}
ORDINALS = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 5: "5th"}
# Latin letters a Japanese text may keep: E. B. Farnum's initials, written E・B・ as Japanese texts write a
# real person's initials (there is no Japanese rendering of a bare initial), and in the rules text the
# app's name and "AI" as the app writes them everywhere.
CARDS_LATIN_ALLOWED = ["E・B・"]
RULES_LATIN_ALLOWED = ["Card Parlor", "AI"]
TEXT_LIMITS = {"en": 200, "ja": 100}  # an item or safe text fits on the card and in the Rules reference


@cache
def load(folder: str) -> dict:
    return yaml.safe_load((data_dir() / folder / f"{GAME}.yaml").read_text(encoding="utf-8"))


def by_id(key: str) -> dict:
    return {record["id"]: record for record in load("cards")[key]}


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


def rules_body(section_id: str) -> dict:
    return {s.id: s for s in sections(GAME)}[section_id].body


def test_the_file_has_the_loaders_sections_and_nothing_else():
    data = load("cards")
    assert list(data) == ["game", "data_version", "establishments", "capacity", "characters", "guns", "items",
                          "cards", "safe_types", "safes"]
    assert data["game"] == GAME and data["data_version"] == 1
    counts = {key: len(by_id(key)) for key in ("establishments", "characters", "guns", "items", "cards", "safes")}
    assert counts == {"establishments": 3, "characters": 9, "guns": 5, "items": 4, "cards": 50, "safes": 25}
    assert all(len(by_id(key)) == len(data[key]) for key in counts), "ids are distinct"


def test_establishments_and_capacity_match_the_spec():
    establishments = load("cards")["establishments"]
    assert [(e["id"], e["name"]["en"], e["name"]["ja"], e["order"]) for e in establishments] == [
        (eid, en, ja, order) for eid, (en, ja, order) in ESTABLISHMENTS.items()]
    assert {e["id"] for e in establishments if e["house_data"]} == {"bella_union"}
    assert load("cards")["capacity"] == CAPACITY


def test_characters_match_the_spec_and_their_colours_are_house_data():
    characters = load("cards")["characters"]
    assert [c["id"] for c in characters] == list(CHARACTERS)
    for c in characters:
        en, ja, colour_en, colour_ja, hex_ = CHARACTERS[c["id"]]
        assert (c["name"], c["colour"], c["house_data"]) == (
            {"en": en, "ja": ja}, {"name": {"en": colour_en, "ja": colour_ja}, "hex": hex_}, "colour"), c["id"]
    assert len({c["colour"]["hex"] for c in characters}) == 9, "every star has its own colour"


def test_guns_match_the_spec_weakest_first():
    guns = load("cards")["guns"]
    assert [g["id"] for g in guns] == list(GUNS)
    for g in guns:
        en, ja, die_en, die_ja, hex_, faces, _, showdown = GUNS[g["id"]]
        assert (g["name"], g["die"], g["faces"], g["showdown_safe"], g["effect"]) == (
            {"en": en, "ja": ja}, {"name": {"en": die_en, "ja": die_ja}, "hex": hex_}, faces, showdown,
            f"gun_{g['id']}"), g["id"]
        assert "faces" in g["house_data"]
    means = [Fraction(sum(g["faces"]), 6) for g in guns]
    assert means == sorted(means) and len(set(means)) == 5


@pytest.mark.parametrize("row", list(GUNS))
def test_the_die_faces_give_the_specs_win_tie_loss_table(row):
    """An independent check of the faces: every single-roll duel over the 36 face pairs, as §3.3 tabulates."""
    faces = {g["id"]: g["faces"] for g in load("cards")["guns"]}
    for column, expected in zip(GUNS, WIN_TIE_LOSS[row], strict=True):
        pairs = list(product(faces[row], faces[column]))
        assert (sum(a > b for a, b in pairs), sum(a == b for a, b in pairs), sum(a < b for a, b in pairs)) == \
            expected, (row, column)


def test_items_match_the_spec():
    items = load("cards")["items"]
    assert [(i["id"], i["name"]["en"], i["name"]["ja"], i["effect"]) for i in items] == [
        (iid, en, ja, f"item_{iid}") for iid, (en, ja, _) in ITEMS.items()]


def test_the_50_cards_are_the_pairing_table_of_section_3_5():
    cards = load("cards")["cards"]
    table = Counter((c["gun"], c["item"]) for c in cards)
    assert table == {(gun, item): n for gun, counts in PAIRING.items() for item, n in zip(ITEMS, counts, strict=True)}
    assert Counter(c["gun"] for c in cards) == {gun: spec[6] for gun, spec in GUNS.items()}
    assert Counter(c["item"] for c in cards) == {item: spec[2] for item, spec in ITEMS.items()}
    for (gun, item), copies in table.items():
        ids = sorted(c["id"] for c in cards if (c["gun"], c["item"]) == (gun, item))
        assert ids == sorted(f"{gun}_{item}_{n}" for n in range(1, copies + 1))
    assert {c["house_data"] for c in cards} == {"pairing"}
    assert all(set(c) == {"id", "gun", "item", "house_data"} for c in cards)


def test_the_21_normal_safes_are_the_specs_mix():
    normal = [s for s in load("cards")["safes"] if not s["silver"]]
    assert len(normal) == 21
    assert Counter(s["type"] for s in normal) == {"badge": 5, "showdown_gun": 4, "gold": 12}
    badges = [s for s in normal if s["type"] == "badge"]
    assert [(s["id"], s["value"], s["effect"], s["name"]["en"], s["name"]["ja"]) for s in badges] == [
        (f"badge_{n}", n, "badge", f"{ORDINALS[n]} Badge", f"第{n}バッジ") for n in range(1, 6)]
    guns = [s for s in normal if s["type"] == "showdown_gun"]
    showdown_keys = [key for key, spec in GUNS.items() if spec[7]]
    assert [(s["id"], s["value"], s["effect"]) for s in guns] == [
        (f"showdown_{key}", key, "showdown_gun") for key in showdown_keys]
    for s in guns:
        assert s["name"] == {"en": f"Showdown Gun: {GUNS[s['value']][0]}", "ja": f"決戦用の銃：{GUNS[s['value']][1]}"}
    gold = [s for s in normal if s["type"] == "gold"]
    assert sorted(s["value"] for s in gold) == GOLD_VALUES and sum(GOLD_VALUES) == 31
    for s in gold:
        assert (s["effect"], s["name"]) == ("gold", {"en": f"Gold {s['value']}", "ja": f"金{s['value']}"})
        assert s["id"].startswith(f"gold_{s['value']}")


def test_the_4_silver_safes_are_the_mystery_safes():
    silver = [s for s in load("cards")["safes"] if s["silver"]]
    assert [(s["id"], s["name"]["en"], s["name"]["ja"], s["value"], s["type"], s["effect"]) for s in silver] == [
        (sid, en, ja, value, "mystery", sid) for sid, (en, ja, value) in MYSTERY.items()]
    assert load("cards")["safes"][-4:] == silver, "the silver safes come last"


def test_house_data_is_named_where_the_spec_says_so():
    safes = load("cards")["safes"]
    assert all(bool(s["house_data"]) == (s["type"] != "badge") for s in safes)


def test_safe_types_name_every_type_in_both_languages():
    types = load("cards")["safe_types"]
    assert {t["id"]: t["name"]["ja"] for t in types} == SAFE_TYPES_JA
    assert {s["type"] for s in load("cards")["safes"]} == set(SAFE_TYPES_JA)


@pytest.mark.parametrize("folder", ["cards", "rules"])
def test_every_name_and_text_is_in_both_languages(folder):
    assert_in_both_languages(load(folder), folder)


def test_every_item_and_safe_has_a_text():
    data = load("cards")
    assert all(set(record["text"]) == LANGS for key in ("items", "safes") for record in data[key])
    # names: 3 establishments, 9 characters and their colours, 5 guns and dice, 4 items, 4 safe types and
    # 25 safes; texts: 4 items and 25 safes.
    assert len(list(texts(data, "ja"))) == 3 + 9 * 2 + 5 * 2 + 4 * 2 + 4 + 25 * 2


@pytest.mark.parametrize("lang", sorted(LANGS))
def test_every_item_and_safe_text_is_short_enough_for_the_card(lang):
    data = load("cards")
    long = {r["id"]: len(r["text"][lang]) for key in ("items", "safes") for r in data[key]
            if len(r["text"][lang]) > TEXT_LIMITS[lang]}
    assert not long, long


def test_japanese_card_texts_have_no_latin_letters():
    for text in texts(load("cards"), "ja"):
        for allowed in CARDS_LATIN_ALLOWED:
            text = text.replace(allowed, "")
        assert not re.search(r"[A-Za-z]", text), text


def test_japanese_rules_text_has_no_latin_letters_but_the_apps_name_and_ai():
    for text in texts(load("rules"), "ja"):
        for allowed in RULES_LATIN_ALLOWED:
            text = text.replace(allowed, "")
        assert not re.search(r"[A-Za-z]", text), text


@pytest.mark.parametrize("folder", ["cards", "rules"])
@pytest.mark.parametrize("weight", ["regular", "bold"])
def test_every_character_has_a_glyph_in_the_bundled_font(folder, weight):
    missing = {ch for s in strings_in(load(folder)) for ch in s if not ch.isspace() and ord(ch) not in covered(weight)}
    assert not missing, sorted(missing)


def test_the_rules_screen_has_the_sections_a_newcomer_needs():
    assert [s.id for s in sections(GAME)] == ["overview", "setup", "safes", "turn", "fights", "heist", "badge_round",
                                              "scoring", "mystery", "claims", "house"]


def test_the_rules_give_every_guns_die_as_the_card_data_does():
    body = rules_body("fights")
    for g in load("cards")["guns"]:
        faces = g["faces"]
        assert f"{g['name']['en']}, {g['die']['name']['en'].lower()} die: {', '.join(map(str, faces))} " \
               f"({GUNS[g['id']][6]} cards)" in body["en"], g["id"]
        assert f"{g['name']['ja']}、{g['die']['name']['ja']}のダイス:{'、'.join(map(str, faces))}" \
               f"({GUNS[g['id']][6]}枚)" in body["ja"], g["id"]


def test_the_odds_quoted_in_the_rules_follow_from_the_faces():
    faces = {g["id"]: g["faces"] for g in load("cards")["guns"]}

    def beats(a, b):
        pairs = list(product(faces[a], faces[b]))
        wins, losses = sum(x > y for x, y in pairs), sum(x < y for x, y in pairs)
        return Fraction(wins, wins + losses)

    body = rules_body("fights")
    for a, b in [("buffalo_rifle", "derringer"), ("repeater", "six_shooter")]:
        odds = beats(a, b)
        assert f"{odds.numerator} times in {odds.denominator}" in body["en"]
        assert f"{odds.denominator}回中{odds.numerator}回" in body["ja"]
    coach = faces["coach_gun"]
    assert Fraction(coach.count(0), 6) == Fraction(1, 3) and Fraction(sum(f >= 4 for f in coach), 6) == Fraction(1, 2)
    assert all(beats(a, b) > Fraction(1, 2) for i, a in enumerate(GUNS) for b in list(GUNS)[:i])


def test_the_rules_state_the_safe_mix_and_the_tie_breaks():
    safes = rules_body("safes")
    assert "1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4 and 5 (31 gold in all)" in safes["en"]
    assert "1、1、1、2、2、2、3、3、3、4、4、5で合計31" in safes["ja"]
    scoring = rules_body("scoring")
    assert "the tied team with the fewest members wins" in scoring["en"]
    assert "人数の少ないチームが勝ちます" in scoring["ja"]


def test_the_rules_use_the_card_files_japanese_names():
    ja = "".join(s.body["ja"] for s in sections(GAME))
    data = load("cards")
    names = [r["name"]["ja"] for key in ("establishments", "guns", "items", "safe_types") for r in data[key]]
    names += [s["name"]["ja"] for s in data["safes"] if s["silver"]] + ["第5バッジ"]
    assert [n for n in names if n not in ja] == []
    assert "1stバッジ" not in ja and "プレーヤー" not in ja, "our spelling, not the seed's"
