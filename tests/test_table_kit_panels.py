"""The table kit's panels (kit/panels.py), places (kit/places.py), a hand laid from the left, and moves a
table paces itself (Move.at, Move.show): each drawn inside its rect at both window sizes, answering with its
own hits."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from scenes.table.kit import Hand, Hit, Move, Widgets  # noqa: E402
from scenes.table.kit.motion import SHOW  # noqa: E402
from scenes.table.kit.panels import Button, ButtonRow, InfoPanel, chips, fit_middle, hatch  # noqa: E402
from scenes.table.kit.places import Bag, GroupRow, MarkRow, Place, draw_mark  # noqa: E402
from scenes.ui import fonts  # noqa: E402
from scenes.ui.strings import set_language  # noqa: E402
from scenes.ui.theme import scale  # noqa: E402

from . import kit_demo  # noqa: E402
from .test_table_kit import SIZES, _table, _view, zone  # noqa: E402


@pytest.fixture(autouse=True)
def _display():
    pygame.init()
    scale.set_window(1280, 720)
    fonts.clear_cache()  # fonts made before an app in an earlier test shut pygame's font module down
    yield
    set_language("en")
    scale.set_window(1280, 720)


def drawn(surface: pygame.Surface) -> pygame.Rect:
    """The bounding box of what was drawn on a transparent surface."""
    return surface.get_bounding_rect()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_text_blocks_hatches_and_chips_stay_in_their_rects(size, lang):
    set_language(lang)
    scale.set_window(*size)
    fonts.clear_cache()
    surface = pygame.Surface(size, pygame.SRCALPHA)
    rect = pygame.Rect(100, 100, scale(300), scale(90))
    fit_middle(surface, "A long sentence that must wrap onto more lines than one " * 3, rect, (255, 255, 255),
               (30, 24, 14))
    assert rect.contains(drawn(surface))
    surface.fill((0, 0, 0, 0))
    hatch(surface, rect, (200, 200, 200, 255), 8)
    assert rect.contains(drawn(surface)) and surface.get_at(rect.topleft)[3] == 0  # inside the oval only
    surface.fill((0, 0, 0, 0))
    room = pygame.Rect(50, 50, scale(400), scale(200))
    bottom = chips(surface, [("Sora played 7 on The Belltower", (240, 200, 120))] * 6 + [("x" * 200, (200, 0, 0))],
                   room, max_rows=2)
    assert room.contains(drawn(surface)) and bottom <= room.bottom


@pytest.mark.parametrize("size", SIZES)
def test_an_info_panel_writes_its_facts_and_its_legend_inside_it(size):
    scale.set_window(*size)
    fonts.clear_cache()
    surface = pygame.Surface(size, pygame.SRCALPHA)
    panel = InfoPanel(pygame.Rect(10, 10, scale(390), scale(316)))
    signs = []
    panel.set([("Turn 6 · Sora", (255, 220, 140), True), ("Deck 13 · Bag 17 " * 4, (255, 255, 255), False)],
              [(lambda s, r: signs.append(r), "Flipped by a teammate")])
    panel.draw(surface)
    assert panel.rect.contains(drawn(surface))
    assert len(signs) == 1 and panel.rect.contains(signs[0])


def test_a_button_row_answers_with_its_hits_and_marks_what_is_live():
    row = ButtonRow(pygame.Rect(0, 0, 800, 200))
    buttons = ButtonRow.row([(Hit("predict", piece=str(v)), str(v)) for v in range(1, 8)], 10, 20, 100, 90, 8)
    buttons[1].edge, buttons[1].badge, buttons[2].hatched, buttons[2].note, buttons[3].struck = \
        (250, 200, 120), "★", True, "ruled out", True
    row.set(buttons, live={"predict:2", "predict:5"}, hover="predict:5")
    assert [b.live for b in buttons] == [False, True, False, False, True, False, False]
    assert row.hits(buttons[4].rect.center) == [Hit("predict", piece="5")]
    assert row.hits((5, 5)) == []
    assert row.rect_of(Hit("predict", piece="7")) == buttons[6].rect
    surface = pygame.Surface((800, 200), pygame.SRCALPHA)
    row.draw(surface)
    assert surface.get_at(buttons[6].rect.center)[3] > 0 and isinstance(buttons[0], Button)


def test_a_place_takes_what_arrives_at_its_middle_and_answers_as_itself():
    place = Place("removed", pygame.Rect(100, 100, 200, 60), kit_demo.card_image, hit=Hit("removed"))
    place.bind(zone("removed", ["c1", "c2"], face="down"))
    assert place.placements() == {} and place.landing() == place.rect
    assert place.hits((150, 120)) == [Hit("removed")] and place.rect_of(Hit("removed")) == place.rect
    token = Place("hours", pygame.Rect(0, 0, 200, 300), kit_demo.card_image, token=40)
    assert token.landing().size == (40, 40) and token.landing().center == token.rect.center


def test_a_bag_says_how_many_and_invites_a_click_only_while_a_draw_is_legal():
    set_language("en")
    bag = Bag("bag", pygame.Rect(50, 50, 150, 170), kit_demo.card_image, "Bag", "Click to draw", 40)
    bag.bind(zone("bag", [], kind="tokens", face="down", count=17))
    assert bag.hits((120, 150)) == [Hit("pile", zone="bag")] and bag.departure().size == (40, 40)
    quiet, asking = pygame.Surface((300, 300)), pygame.Surface((300, 300))
    bag.draw(quiet)
    bag.can_draw = True
    bag.draw(asking)
    assert pygame.image.tobytes(quiet, "RGB") != pygame.image.tobytes(asking, "RGB")


def test_a_group_row_stacks_pieces_by_group_and_counts_and_marks_them():
    row = GroupRow("stock", pygame.Rect(0, 0, 1000, 90), kit_demo.card_image, lambda entry: entry[0], "stock",
                   (200, 50), 120, label="Faded powers", empty="Nothing yet", tag="Use")
    row.bind(zone("stock", ["a1", "b1", "a2", "c1"], face="down"))
    assert [g for g, _ in row.groups()] == ["a", "b", "c"] and row.top_of("a") == "a2"
    places = row.placements()
    assert set(places) == {"a1", "a2", "b1", "c1"}
    rects = row.group_rects()
    assert rects["a"][0].contains(places["a2"].rect) and not rects["b"][0].colliderect(places["a1"].rect)
    assert row.hits(places["b1"].rect.center) == [Hit("stock", piece="b")]
    assert row.rect_of(Hit("stock", piece="c")) == rects["c"][0]
    row.usable = {"a"}
    surface = pygame.Surface((1000, 90))
    row.draw(surface)
    row.draw_over(surface)  # the ×2 badge and the Use tag, without error
    row.bind(zone("stock", [], face="down"))
    assert row.groups() == [] and row.hits((300, 40)) == []


def test_a_mark_row_answers_mark_by_mark_and_flipped_and_ruled_marks_look_different():
    line = MarkRow(pygame.Rect(0, 0, 500, 200), 7, (64, 196, 188), "line", 2)
    marks = line.marks()
    assert len(marks) == 7 and all(line.rect.contains(m) for m in marks)
    assert line.hits(marks[3].center) == [Hit("line", owner=2, piece="4")]
    assert line.rect_of(Hit("line", owner=2, piece="7")) == marks[6]
    assert line.rect_of(Hit("line", owner=1, piece="7")) is None
    looks = []
    for marked, ruled in ((False, False), (True, False), (False, True)):
        surface = pygame.Surface((60, 60))
        draw_mark(surface, pygame.Rect(5, 5, 50, 50), 3, (64, 196, 188), marked, ruled)
        looks.append(pygame.image.tobytes(surface, "RGB"))
    assert len(set(looks)) == 3


def test_a_hand_can_lie_from_the_left():
    hand = Hand("hand/0", pygame.Rect(100, 0, 400, 60), kit_demo.card_image, card_size=(50, 50), align="left")
    assert hand.piece_rects(1)[0].left == 100
    assert Hand("h", pygame.Rect(100, 0, 400, 60), kit_demo.card_image, card_size=(50, 50)).piece_rects(1)[0].centerx \
        == 300


def test_a_table_paces_its_moves_and_shows_a_turned_up_piece_before_it_goes():
    widgets: Widgets = _table()
    before, after = _view(4, [], ["c2"], 3), _view(4, [], [], 3)  # my c2 goes into the face-down pile
    plain, _ = widgets.plan([], before, after, [Move("c2", "hand/0", "draw")])
    plan, exits = widgets.plan([], before, after, [Move("c2", "hand/0", "draw", at=1.5, show="c2")])
    show, *rest = plan["c2"]
    start = widgets.placements(before)["c2"].rect
    assert show.start == 1.5 and show.face == "c2" and show.to.center == start.center and show.to.width > start.width
    assert [leg.start for leg in rest] == [leg.start + 1.5 + SHOW for leg in plain["c2"]]
    assert exits["c2"] == widgets["draw"].landing()


@pytest.mark.parametrize("size", SIZES)
def test_a_card_face_places_its_parts_in_fractions_and_plates_and_banners_stay_on_the_card(size):
    from scenes.table.kit.panels import Face, banner, glow, plate

    scale.set_window(*size)
    fonts.clear_cache()
    card = pygame.Surface((180, 252), pygame.SRCALPHA)
    face = Face(card)
    assert face.box(0.1, 0.5, 0.8, 0.25) == pygame.Rect(18, 126, 144, 63)
    face.text("Fades into Twice when its moons are full " * 2, (0.1, 0.5, 0.8, 0.25), (255, 255, 255), (0.06, 0.045))
    assert face.box(0.1, 0.5, 0.8, 0.25).contains(drawn(card))
    table = pygame.Surface(size, pygame.SRCALPHA)
    rect = pygame.Rect(200, 100, scale(180), scale(252))
    banner(table, rect, "Fades this turn\n+2 doom unless correct", (210, 62, 54))
    assert rect.contains(drawn(table))
    table.fill((0, 0, 0, 0))
    shown = plate(table, rect, ["Fades!", "+2 doom", "2/2 moons"], (210, 62, 54))
    assert rect.contains(shown) and shown.contains(drawn(table))
    table.fill((0, 0, 0, 0))
    glow(table, rect, (242, 208, 134), 120, 6)
    assert drawn(table) == rect.inflate(scale(16), scale(16)) and table.get_at(rect.center)[3] == 0


def test_a_card_face_writes_words_draws_emblems_discs_and_frames_where_it_is_told():
    from scenes.table.kit.panels import Face

    face = Face(pygame.Surface((120, 168), pygame.SRCALPHA))
    where = face.word("#12", 20, (255, 255, 255), (10, 160), "bottomleft")
    assert where.bottomleft == (10, 160) and face.surface.get_bounding_rect().colliderect(where)
    squeezed = face.word("A name far too long for the card", 20, (255, 255, 255), (5, 5), "topleft", width=100)
    assert squeezed.width == 100
    face.surface.fill((0, 0, 0, 0))
    assert face.emblem("clover", 40, (200, 150, 40), (60, 84)) and drawn(face.surface).center == (60, 84)
    face.surface.fill((0, 0, 0, 0))
    assert not face.emblem("no-such-icon", 40, (200, 150, 40), (60, 84), letter="L")  # the letter instead
    assert drawn(face.surface).collidepoint(60, 84)
    face.surface.fill((0, 0, 0, 0))
    face.disc((60, 40), 20, (90, 40, 26), (200, 160, 82), 3)
    assert drawn(face.surface) == pygame.Rect(40, 20, 40, 40) and face.surface.get_at((60, 22))[:3] == (200, 160, 82)
    face.surface.fill((0, 0, 0, 0))
    face.frame(10, (200, 160, 82), 2, 6)
    assert drawn(face.surface) == pygame.Rect(5, 5, 110, 158) and face.surface.get_at((60, 84))[3] == 0


def test_a_grid_of_buttons_fills_its_columns_row_by_row():
    from scenes.table.kit.panels import grid

    rects = grid(20, 76, 1280, 5, 2, 44, 20, 6)
    assert [r.topleft for r in rects] == [(20, 76), (670, 76), (20, 126), (670, 126), (20, 176)]
    assert {r.size for r in rects} == {(630, 44)} and rects[1].right == 1300


@pytest.mark.parametrize("size", SIZES)
def test_an_info_panel_puts_its_icon_before_the_first_fact_and_keeps_its_foot_free(size):
    scale.set_window(*size)
    fonts.clear_cache()
    surface = pygame.Surface(size, pygame.SRCALPHA)
    panel = InfoPanel(pygame.Rect(10, 10, scale(390), scale(316)))
    panel.icon = pygame.Surface((scale(30), scale(30)))
    panel.icon.fill((255, 0, 0))
    panel.foot = scale(80)
    panel.set([("Doctor Lucky", (255, 214, 110), True)] + [("Next: 12 → 13 → 14 → 15 → 1 → 2", (255, 255, 255),
                                                             False)] * 12)
    panel.draw(surface)
    title = fonts.render("Doctor Lucky", "small", (255, 214, 110), True)
    x = panel.rect.left + scale(14) + scale(30) + scale(8)
    assert surface.get_at((panel.rect.left + scale(14) + 2, panel.rect.top + scale(10) + 2))[:3] == (255, 0, 0)
    assert drawn(surface.subsurface((x, panel.rect.top + scale(10), title.get_width(), title.get_height())))
    foot = pygame.Rect(panel.rect.left + 4, panel.rect.bottom - scale(80), panel.rect.width - 8, scale(80) - 4)
    clean = surface.copy()
    clean.fill((0, 0, 0, 0))
    InfoPanel(panel.rect).draw(clean)  # the bare panel: the foot shows nothing more than it
    assert pygame.image.tobytes(surface.subsurface(foot), "RGBA") == pygame.image.tobytes(clean.subsurface(foot),
                                                                                          "RGBA")


def test_papered_walls_discs_and_label_boxes():
    from scenes.table.kit import paint

    wall = paint.wallpaper(400, 300, (92, 24, 36), (48, 12, 20), (88, 40, 26))
    assert wall.get_size() == (400, 300) and wall.get_at((2, 150))[:3] == (88, 40, 26)
    stripes = {wall.get_at((x, 150))[:3] for x in range(20, 380)}
    assert len(stripes) > 1  # the stripes show on the paper
    surface = pygame.Surface((100, 100))
    paint.letter_disc(surface, (50, 50), 30, (170, 30, 30), "4", 20, rim=(201, 160, 82), ink=(0, 255, 0))
    assert surface.get_at((50, 20))[:3] == (201, 160, 82) and surface.get_at((50, 30))[:3] == (170, 30, 30)
    assert any(surface.get_at((x, y))[:3] == (0, 255, 0) for x in range(35, 65) for y in range(35, 65))
    surface = pygame.Surface((100, 100), pygame.SRCALPHA)
    box = pygame.Rect(10, 10, 80, 40)
    paint.label_box(surface, box, "7", (170, 30, 30), (201, 160, 82), "body", (0, 255, 0))
    assert surface.get_at((box.left + 12, box.top + 4))[:3] == (170, 30, 30)
    assert surface.get_bounding_rect() == box


def test_a_name_laid_out_beforehand_is_drawn_as_draw_name_draws_it():
    from scenes.table.kit.text import draw_layout, draw_name, name_layout

    box = pygame.Rect(10, 10, 160, 80)
    one, two = pygame.Surface((200, 100)), pygame.Surface((200, 100))
    covered = draw_name(one, "Captain Silas Brine", box, 24, (255, 255, 255), align="center")
    assert draw_layout(two, name_layout("Captain Silas Brine", 160, 80, 24), box, (255, 255, 255), "center") == covered
    assert pygame.image.tobytes(one, "RGB") == pygame.image.tobytes(two, "RGB") and box.contains(covered)
