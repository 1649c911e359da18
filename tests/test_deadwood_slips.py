"""The Deadwood table's small print at nine players at 1280×720 (and six at 1920×1080), in English and Japanese:
what a safe holds on a seat's small safes (the known-safe slips, the face-up safes) reads whole or in short,
never cut ("Repea…" no more); a katakana name on a small card breaks only where the table texts allow
("ダスター" / "コート", not "ダスターコー" / "ト"); and on the stage nothing is cut or crosses a border: an offered
Holster, the odds, a survivor's Showdown Guns, the names under the Heist's cards."""

from __future__ import annotations

import pytest

from game.games.deadwood.cards import data
from scenes.table.kit.text import JOINT, name_layout
from scenes.tables.deadwood import faces, stage
from scenes.ui import fonts
from scenes.ui.strings import pick

from .scenes_harness import frames, make_app, open_table
from .test_deadwood_table import _named, position, repaint


def _laid_out(monkeypatch) -> list:
    """(text, width, height, layout) of every name the faces lay out from now on (the faces made afresh)."""
    laid = []
    real = faces.name_layout

    def record(text, width, height, *a, **k):
        laid.append((text, width, height, real(text, width, height, *a, **k)))
        return laid[-1][3]

    monkeypatch.setattr(faces, "name_layout", record)
    for made in (faces.card_face, faces.safe_face, faces.known_face):
        made.cache_clear()
    return laid


def _fits(text, width, height, layout) -> bool:
    """Whether a layout the faces drew (None is one they asked for and did not use) is whole and inside its box."""
    if layout is None:
        return True
    px, lines = layout
    font = fonts.font(px, True)
    return "…" not in "".join(lines) and all(font.size(line)[0] <= width for line in lines) and \
        font.get_linesize() * len(lines) <= height


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_what_a_seats_small_safes_hold_reads_whole_or_in_short_at_nine_players(tmp_path, monkeypatch, lang):
    """Every safe, known face down (its slip) or face up, at the size of every seat's safes at nine players at
    1280×720: its content fits its box with no "…" ("Repea…" on a 37-pixel safe before), the full words or the
    short form from the table texts ("Rep."); the full name is still in the safe's tooltip."""
    from scenes.table.kit import Hit

    app = make_app(tmp_path, lang=lang)
    try:
        scene = open_table(app, position("turn", players=9))
        frames(app, 5)
        table = scene.table
        sizes = {table.kit[f"row/{seat}"].card_size() for seat in range(9)}
        assert min(w for w, _ in sizes) < 40  # the small safes of the side seats
        laid = _laid_out(monkeypatch)
        for w, h in sizes:
            for safe in data().safes:
                faces.known_face(safe.id, w, h, lang)
                faces.safe_face(safe.id, w, h, lang)
        assert laid
        assert [(text, w, h, layout) for text, w, h, layout in laid if not _fits(text, w, h, layout)] == []
        shown = {"".join(layout[1]) for _, _, _, layout in laid if layout is not None}
        forms = {faces.safe_short(s.id) for s in data().safes} | {faces.slip_short(s.id) for s in data().safes}
        assert {text.replace(" ", "") for text in shown} <= {f.replace(" ", "") for f in forms}

        row = table.kit[f"row/{table._me()}"]  # the full name of a known safe is on hover
        entry = row.entries()[0]
        safe_id = row.face(entry).removeprefix(faces.KNOWN)
        assert pick(faces.safe(safe_id).name) in row.tooltip(Hit.of_piece(row.zone_id, entry))
    finally:
        faces.known_face.cache_clear()
        faces.safe_face.cache_clear()
        app.shutdown()


def _broken_words(text: str, lines) -> list:
    """The breaks between `lines` that fall inside a katakana word of `text` (JOINTs, where the table texts
    let a name break, excepted)."""
    joints, plain = set(), ""
    for ch in text:
        if ch == JOINT:
            joints.add(len(plain))
        else:
            plain += ch
    kana = lambda ch: "\u30a1" <= ch <= "\u30fa" or ch == "ー"  # noqa: E731
    broken, pos = [], 0
    for line in lines[:-1]:
        pos = plain.find(line, pos) + len(line)
        if 0 < pos < len(plain) and kana(plain[pos - 1]) and kana(plain[pos]) and pos not in joints:
            broken.append(plain[:pos] + "/" + plain[pos:])
    return broken


def test_the_fitting_breaks_a_katakana_name_only_at_a_joint(tmp_path):
    """The kit's name_layout: a JOINT is a place a katakana word may break, never drawn; with no room for the
    parts whole, shorten=False still says so."""
    app = make_app(tmp_path, lang="ja")
    try:
        assert name_layout(f"ダスター{JOINT}コート", 57, 45, 14, smallest=9)[1] == ("ダスター", "コート")
        assert name_layout(f"ダスター{JOINT}コート", 200, 45, 14, smallest=9)[1] == ("ダスターコート",)
        assert name_layout(f"連発{JOINT}ライフル", 45, 45, 14, smallest=9)[1] == ("連発", "ライフル")
        assert name_layout(f"コーチ{JOINT}ガン", 10, 14, 14, shorten=False) is None
        assert name_layout(f"Coach{JOINT} Gun", 200, 45, 14)[1] == ("Coach Gun",)  # spaces: the joint is dropped
    finally:
        app.shutdown()


@pytest.mark.parametrize("players, size", [(9, (1280, 720)), (6, (1920, 1080))])
def test_no_katakana_name_breaks_inside_a_word_on_the_tables_cards(tmp_path, monkeypatch, players, size):
    """Every card and safe, at every size the table draws a card at (the hand, the offered Holsters, the piles, the
    stage), in Japanese: a name on two lines breaks between words or at a joint from the table texts
    ("ダスター" / "コート"), never mid-word ("ダスターコー" / "ト" on an offered Holster's size before)."""
    app = make_app(tmp_path, size=size, lang="ja")
    try:
        drawn = {"card": set(), "safe": set()}  # the sizes the table draws each at
        real = faces.image
        monkeypatch.setattr(faces, "image", lambda face, w, h, lang: drawn[
            "card" if face is None or faces.is_card(face) else "safe"].add((w, h)) or real(face, w, h, lang))
        for kind in ("offer", "turn"):
            scene = open_table(app, position(kind, players=players))
            frames(app, 5)
            repaint(scene)
            scene.draw(app.screen)
        assert len(drawn["card"]) > 3 and drawn["safe"]
        laid = _laid_out(monkeypatch)
        for w, h in drawn["card"]:
            for card in data().cards:
                faces.card_face(card.id, w, h, "ja")
        for w, h in drawn["safe"]:
            for safe in data().safes:
                faces.safe_face(safe.id, w, h, "ja")
                faces.known_face(safe.id, w, h, "ja")
        broken = {(text, w, layout[1]) for text, w, _, layout in laid
                  if layout is not None and _broken_words(text, layout[1])}
        assert broken == set()
    finally:
        faces.card_face.cache_clear()
        faces.safe_face.cache_clear()
        app.shutdown()


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_an_offered_holster_and_the_odds_stay_inside_the_stage_mid_fight(tmp_path, lang, size):
    """Mid-fight at nine players: a Holster offered beside the one taken stays inside its side's column (it
    reached over the panel's border at 1280×720), and the odds read inside their meter ("Attacker 50% · Defender
    50%" crossed it: a shorter wording when the long one does not fit)."""
    app = make_app(tmp_path, size=size, lang=lang)
    try:
        scene = open_table(app, position("offer", players=9))
        frames(app, 5)
        repaint(scene)
        scene.draw(app.screen)
        lay = scene.table._stage_layout()
        offers = [rect for key, rects in lay.items() if key.startswith("offer/") for rect in rects]
        assert offers
        columns = [lay["side/0"], lay["side/1"]]
        assert all(any(side.left <= r.left and r.right <= side.right for side in columns) for r in offers), offers
        meter = scene.table.kit["stage"].odds
        assert meter.text and fonts.get("body", True).size(meter.text)[0] <= meter.layout()[2].width
    finally:
        app.shutdown()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_survivors_showdown_guns_are_not_cut_at_nine_players(tmp_path, monkeypatch, lang):
    """The Final Showdown's name column at nine players at 1280×720 had room for one line of "Showdown guns: …":
    "Showdown" showed and the guns did not. Now the guns read whole, or as the dice they add (one each)."""
    app = make_app(tmp_path, lang=lang)
    try:
        scene = open_table(app, _named(position("volley", players=9)))
        frames(app, 5)
        texts, dice = [], []
        blit, mark = stage.fonts.blit_text, stage.die_mark
        monkeypatch.setattr(stage.fonts, "blit_text", lambda s, text, *a, **k: texts.append(text) or
                            blit(s, text, *a, **k))
        monkeypatch.setattr(stage, "die_mark", lambda gun: dice.append(gun) or mark(gun))
        repaint(scene)
        scene.draw(app.screen)
        view = scene.table._stage_view()
        armed = [p for p in view["alive"] if view["showdown_guns"][p]]
        assert armed  # (this deal gives survivors Showdown Guns)
        spoken = " ".join(texts) + "".join(texts)  # a name wrapped in English or in Japanese
        for p in armed:
            guns = view["showdown_guns"][p]
            whole = all(pick(g.name) in spoken for g in data().guns if g.id in guns)
            assert whole or all(g in dice for g in guns), (p, guns, texts, dice)
    finally:
        app.shutdown()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_heist_cards_are_named_whole_or_by_star_at_nine_players(tmp_path, monkeypatch, lang):
    """Under the Heist's cards at nine players at 1280×720 the names were cut ("Capt…"): when one would be, every
    player is shown by their star."""
    app = make_app(tmp_path, lang=lang)
    try:
        scene = open_table(app, _named(position("heist", players=9)))
        frames(app, 5)
        lines, stars = [], []
        one_line, star = stage.paint.one_line, stage.faces.star
        monkeypatch.setattr(stage.paint, "one_line", lambda s, text, pos, width, *a, **k: lines.append((text, width))
                            or one_line(s, text, pos, width, *a, **k))
        monkeypatch.setattr(stage.faces, "star", lambda s, centre, r, char: stars.append(centre) or star(s, centre, r,
                                                                                                       char))
        repaint(scene)
        scene.draw(app.screen)
        names = scene.table._stage_layout()["names"]
        assert len(names) == 9
        cut = [(text, width) for text, width in lines if fonts.get("small", True).size(text)[0] > width]
        assert cut == []
        panel = scene.table.kit["stage"].rect
        named = [text for text, _ in lines if text in {scene.table._names()[seat] for seat, _ in names}]
        assert len(named) + len([c for c in stars if panel.collidepoint(c)]) == len(names)
    finally:
        app.shutdown()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_mark_on_a_safe_being_looked_at_stays_in_its_disc(tmp_path, lang):
    """A Stetson Hat's look marks the safe with a disc at its corner: the word "eye" in it ran out of the disc
    on a seat's small safes at nine players at 1280×720; an eye is drawn in it instead."""
    import pygame

    from scenes.ui.theme import scale

    app = make_app(tmp_path, lang=lang)
    try:
        scene = open_table(app, position("turn", players=9))
        frames(app, 5)
        rows = [scene.table.kit[f"row/{seat}"] for seat in range(9)]
        for row in [row for row in rows if row.count]:
            row.peeked = lambda: [1]
            layer = pygame.Surface(app.screen.get_size(), pygame.SRCALPHA)
            row.draw_over(layer)
            safe = row.piece_rects(row.count)[0]
            r = max(scale(12), safe.width // 6)
            disc = pygame.Rect(safe.right - 2 * r - 1, safe.top - 1, 2 * r + 3, 2 * r + 3)
            assert disc.contains(layer.get_bounding_rect()), (row.zone_id, disc, layer.get_bounding_rect())
    finally:
        app.shutdown()
