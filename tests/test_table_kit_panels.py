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


def test_a_slot_holds_its_card_whole_and_says_what_goes_there_while_empty():
    from scenes.table.kit.places import Slot

    slot = Slot("row/2", pygame.Rect(100, 50, 180, 252), kit_demo.card_image, Hit("slot", piece="2"), "Empty")
    slot.bind(zone("row/2", ["c4"]))
    assert slot.placements()["c4"].rect == slot.rect and slot.landing() == slot.rect
    assert slot.hits((150, 100)) == [Hit("slot", piece="2")] and slot.rect_of(Hit("slot", piece="2")) == slot.rect
    full, empty = pygame.Surface((400, 400), pygame.SRCALPHA), pygame.Surface((400, 400), pygame.SRCALPHA)
    slot.draw(full)
    slot.bind(zone("row/2", []))
    slot.draw(empty)
    assert drawn(full).size == (0, 0) and slot.rect.contains(drawn(empty)) and drawn(empty).size != (0, 0)


def test_a_tally_takes_what_leaves_the_game_and_says_how_many_went():
    from scenes.table.kit.places import Tally

    said = []
    tally = Tally("removed", pygame.Rect(20, 20, 150, 56), kit_demo.card_image,
                  lambda n: said.append(n) or f"Removed: {n}", Hit("removed"))
    tally.bind(zone("removed", ["c1", "c2"], face="down"))
    assert tally.placements() == {} and tally.hits((30, 30)) == [Hit("removed")]
    surface = pygame.Surface((300, 100), pygame.SRCALPHA)
    tally.draw(surface)
    assert said == [2] and tally.rect.contains(drawn(surface))


def test_tokens_answer_as_the_tables_own_hits_and_a_hidden_one_answers_nothing():
    from scenes.table.kit.zones import Tokens

    def hit_of(entry):
        return None if "#" in entry else Hit("hand", piece=entry.rpartition(":")[2])

    tokens = Tokens("hand/0", pygame.Rect(0, 0, 200, 60), kit_demo.card_image, hit_of, card_size=(50, 50),
                    align="left")
    tokens.bind(zone("hand/0", ["fate_3:7", "fate_5:9"]))
    first, second = tokens.piece_rects(2)
    assert tokens.hits(second.center) == [Hit("hand", piece="9")] and tokens.hits((199, 59)) == []
    assert tokens.rect_of(Hit("hand", piece="7")) == first and tokens.entry_of(Hit("hand", piece="9")) == "fate_5:9"
    tokens.bind(zone("hand/0", [], face="down", count=2))
    surface = pygame.Surface((200, 60), pygame.SRCALPHA)
    tokens.draw(surface)
    tokens.draw_over(surface)  # the pieces are the board's: no outline, no count
    assert tokens.hits(first.center) == [] and drawn(surface).size == (0, 0)


@pytest.mark.parametrize("size", SIZES)
def test_text_lines_go_one_under_another_inside_their_width_and_marked_places_keep_to_their_rect(size):
    from scenes.table.kit import paint
    from scenes.table.kit.panels import text_lines

    scale.set_window(*size)
    fonts.clear_cache()
    surface = pygame.Surface(size, pygame.SRCALPHA)
    bottom = text_lines(surface, "Drag one fate onto a lit card; the other stays hidden. " * 4, (40, 30), scale(300),
                        max_lines=2)
    lh = fonts.get("small").get_linesize()
    assert bottom == 30 + 2 * lh and pygame.Rect(40, 30, scale(300), 2 * lh).contains(drawn(surface))
    surface.fill((0, 0, 0, 0))
    rect = pygame.Rect(60, 60, scale(150), scale(56))
    paint.marked(surface, rect, "Removed: 12 and a great many more words", bold=True)
    assert rect.contains(drawn(surface))


def test_a_face_fits_text_in_a_fraction_of_itself_at_logical_sizes():
    from scenes.table.kit.panels import Face

    card = pygame.Surface((300, 420), pygame.SRCALPHA)
    Face(card).fit("Used by the active player " * 3, (0.08, 0.8, 0.84, 0.1), (255, 255, 255), (20, 14))
    assert Face(card).box(0.08, 0.8, 0.84, 0.1).contains(drawn(card))


def test_later_calls_wait_for_their_moment_and_an_undelayed_one_comes_at_once():
    from scenes.table.kit.motion import Later

    said = []
    later = Later()
    later.at(0.5, said.append, "late")
    later.at(0, said.append, "now")
    later.update(0.3)
    assert said == ["now"]
    later.update(0.3)
    assert said == ["now", "late"] and later.items == []


def test_a_table_of_water_is_opaque_with_its_rim():
    from scenes.table.kit import paint

    sea = paint.waves(400, 300, (18, 62, 70), (6, 26, 34), (120, 100, 60))
    assert sea.get_size() == (400, 300) and sea.get_at((1, 150))[:3] == (120, 100, 60)
    assert sea.get_at((200, 10))[:3] != sea.get_at((200, 290))[:3]  # shading from top to bottom


def test_a_marker_glides_toward_its_value_waits_while_held_and_jumps_with_animations_off():
    from scenes.table.kit.tokens import Marker

    marker = Marker(rate=2.0)
    marker.update(3, 0.1)
    assert marker.shown == 3.0  # the first value is where it starts
    marker.update(5, 0.25)
    assert marker.shown == pytest.approx(3.5)
    marker.held = 0.5
    marker.update(5, 0.3)
    marker.update(5, 0.3)
    assert marker.shown == pytest.approx(3.5)  # held, then free again
    marker.update(5, 0.25)
    assert marker.shown == pytest.approx(4.0)
    marker.update(7, 0.01, speed=0)
    assert marker.shown == 7.0
    cells = [pygame.Rect(10 + 40 * i, 10, 36, 36) for i in range(8)]
    surface = pygame.Surface((400, 60), pygame.SRCALPHA)
    marker.shown = 2.5  # half way from the third cell to the fourth
    marker.draw(surface, cells, 3, (96, 190, 116))
    assert drawn(surface).centerx in range(cells[2].right - 4, cells[3].left + 5)


def test_a_spotlight_lights_the_places_that_take_a_piece_and_shades_the_rest_and_rings_keep_their_shape():
    from scenes.table.kit import paint
    from scenes.table.kit.panels import spotlight

    surface = pygame.Surface((600, 300))
    surface.fill((200, 200, 200))
    rects = {"slot:1": pygame.Rect(40, 60, 120, 160), "slot:2": pygame.Rect(300, 60, 120, 160)}
    spotlight(surface, rects, {"slot:2"}, (242, 208, 134), 0.0)
    assert surface.get_at(rects["slot:1"].center)[0] < 150  # shaded
    assert surface.get_at(rects["slot:2"].center)[:3] == (200, 200, 200)  # lit: only its edge glows
    round_one = pygame.Surface((200, 200), pygame.SRCALPHA)
    paint.ring(round_one, pygame.Rect(60, 60, 80, 80), (255, 255, 255), 3, oval=True, grow=10)
    square = pygame.Surface((200, 200), pygame.SRCALPHA)
    paint.ring(square, pygame.Rect(60, 60, 80, 80), (255, 255, 255), 3)
    assert round_one.get_at((60 - scale(5) + 2, 60 - scale(5) + 2))[3] == 0 and drawn(square).contains(drawn(round_one))


def test_the_widgets_say_which_piece_a_key_of_their_own_kind_picks_up():
    from scenes.table.kit.zones import Tokens

    widgets = Widgets()
    stock = widgets.add("stock", GroupRow("stock", pygame.Rect(0, 0, 1000, 90), kit_demo.card_image,
                                          lambda entry: entry[0], "stock", (200, 50), 120))
    widgets.add("hand/0", Tokens("hand/0", pygame.Rect(0, 200, 300, 60), kit_demo.card_image,
                                 lambda entry: Hit("hand", piece=entry), card_size=(50, 50)))
    widgets.bind({"zones": [zone("stock", ["a1", "b1", "a2"], face="down"), zone("hand/0", ["f3"])]})
    assert widgets.entry_of("stock:a") == "a2" == stock.entry_of(Hit("stock", piece="a"))  # the top of its group
    assert widgets.entry_of("hand:f3") == "f3" and widgets.entry_of("piece:hand/0:f3") == "f3"
    assert widgets.entry_of("hand:f9") is None and widgets.entry_of("stock:z") is None


def test_each_moment_starts_when_the_one_before_has_been_seen():
    from game.core.events import event, moved
    from scenes.table.kit.motion import moments

    events = [moved(None, "bag", "hand/0", why="draw"), moved("f1", "hand/0", "row/1", why="play"),
              event("faded", slot=1), event("turn_started")]
    assert moments(events, {"draw": 0.1, "play": 0.4, "faded": 0.2}) == pytest.approx([0.0, 0.1, 0.5, 0.7])


def test_a_token_blank_is_round_and_a_track_is_numbered_up_to_its_goal():
    from scenes.table.kit import paint
    from scenes.table.kit.tokens import paint_track

    token = paint.disc(40, (240, 230, 210), (200, 160, 80), 3, inner=(220, 210, 190))
    assert token.get_at((0, 0))[3] == 0 and token.get_at((20, 20))[:3] == (220, 210, 190)
    assert token.get_at((20, 1))[:3] == (200, 160, 80)  # the rim
    cells = [pygame.Rect(10 + 30 * i, 10, 26, 30) for i in range(8)]
    plain, with_goal = pygame.Surface((260, 50), pygame.SRCALPHA), pygame.Surface((260, 50), pygame.SRCALPHA)
    paint_track(plain, cells, (96, 190, 116), (6, 20, 28), (255, 255, 255))
    goal = pygame.Surface((12, 12))
    goal.fill((255, 0, 0))
    paint_track(with_goal, cells, (96, 190, 116), (6, 20, 28), (255, 255, 255), goal)
    assert with_goal.get_at(cells[-1].center)[:3] == (255, 0, 0) and plain.get_at(cells[-1].center)[:3] != (255, 0, 0)
    assert pygame.Rect(10, 10, 240, 30).contains(drawn(plain))


@pytest.mark.parametrize("size", SIZES)
def test_a_noted_seat_writes_its_notes_beside_what_it_holds_and_answers_as_its_own_hit(size):
    from scenes.table.kit.seats import NotedSeat

    scale.set_window(*size)
    fonts.clear_cache()
    panel = NotedSeat(1, pygame.Rect(20, 20, scale(290), scale(204)), Hit("pos", owner=1))
    panel.set("Benjamin Hornigold", "hard", turn=True)
    assert panel.hits(panel.rect.center) == [Hit("pos", owner=1)] and panel.rect_of(Hit("pos", owner=1)) == panel.rect
    assert panel.rect_of(Hit.of_seat(1)) is None
    assert NotedSeat(2, panel.rect).hits(panel.rect.center) == [Hit.of_seat(2)]  # a seat's own by default
    bare, noted = pygame.Surface(size, pygame.SRCALPHA), pygame.Surface(size, pygame.SRCALPHA)
    panel.draw(bare)
    panel.note_left = panel.body.left + scale(100)
    panel.notes = ["Carried a fate over from the turn before, which the group may ask about", "Hidden fate"]
    panel.draw(noted)
    assert pygame.image.tobytes(bare, "RGBA") != pygame.image.tobytes(noted, "RGBA")
    assert panel.rect.contains(drawn(noted))
    left = pygame.Rect(panel.rect.left, panel.header.bottom, panel.note_left - panel.rect.left,
                       panel.rect.bottom - panel.header.bottom)  # where the pieces lie: no note reaches it
    assert pygame.image.tobytes(bare.subsurface(left), "RGBA") == pygame.image.tobytes(noted.subsurface(left), "RGBA")


def test_a_track_card_tints_the_cells_reached_and_stands_each_marker_there():
    from scenes.table.kit.places import TrackCard
    from scenes.table.kit.tokens import Marker

    def cells(w, h, index):
        return [pygame.Rect(10 + i * 30, 40 + index * 60, 26, 30) for i in range(8)]

    markers = {"score": Marker(), "doom": Marker()}
    card = TrackCard("row/0", pygame.Rect(50, 50, 270, 252), kit_demo.card_image, "c1", cells,
                     [("score", (96, 190, 116), (0, 0, 0)), ("doom", (210, 62, 54), (255, 255, 255))], markers,
                     token=40, hit=Hit("slot", piece="0"), preview="c1")
    assert card.hits((60, 60)) == [Hit("slot", piece="0")] and card.landing().size == (40, 40)
    assert card.face_at((60, 60)) == "c1" and card.face_at((5, 5)) is None
    low, high = pygame.Surface((400, 400)), pygame.Surface((400, 400))
    card.draw(low)
    card.reached = {"score": 4, "doom": 1}
    card.draw(high)
    third = cells(0, 0, 0)[2].move(card.rect.topleft)
    assert low.get_at(third.midtop) != high.get_at(third.midtop)  # tinted once reached
    markers["score"].shown = 1.0  # still gliding up from 1
    gliding = pygame.Surface((400, 400))
    card.draw(gliding)
    second, fifth = (cells(0, 0, 0)[i].move(card.rect.topleft) for i in (1, 4))
    assert gliding.get_at(fifth.center) != high.get_at(fifth.center)  # a marker not shown yet stands at its value
    assert gliding.get_at(second.center) != high.get_at(second.center)  # ... and one gliding where it has got to


def test_labelled_chips_keep_to_their_rect_and_rects_side_by_side_share_a_row():
    from scenes.table.kit.paint import blit_at
    from scenes.table.kit.panels import labelled_chips, side_by_side

    surface = pygame.Surface((900, 300), pygame.SRCALPHA)
    room = pygame.Rect(20, 20, scale(700), scale(100))
    bottom = labelled_chips(surface, "Last turn (Grace O'Malley):", [("Grace played 1 on The Engine", (240, 200, 120)),
                                                                       ("Wrong: it was 3", (210, 62, 54))] * 3, room)
    assert room.contains(drawn(surface)) and bottom <= room.bottom
    rects = side_by_side(pygame.Rect(100, 10, 500, 50), 3, 10)
    assert [r.width for r in rects] == [160] * 3 and rects[0].left == 100 and rects[1].left == rects[0].right + 10
    assert blit_at(surface, None, (5, 5)) is None  # a missing icon draws nothing
    assert blit_at(surface, pygame.Surface((10, 10)), (50, 250), "midleft") == pygame.Rect(50, 245, 10, 10)


def test_marks_spaced_in_a_row_are_centred_on_their_middle():
    from scenes.table.kit.paint import spaced

    assert spaced(3, 100, 12) == [88, 100, 112] and spaced(1, 50, 9) == [50] and spaced(0, 50, 9) == []
    assert spaced(2, 100, 12) == [94, 106]

# -- areas (kit/areas.py), rings, a table's own order of hits and what a drag carries ------------------------------

def _image(face, w, h):
    image = pygame.Surface((w, h))
    image.fill((200, 40, 40) if face else (20, 20, 90))
    return image


def _backdrop(size=(400, 300), colour=(22, 74, 62)):
    backdrop = pygame.Surface(size)
    backdrop.fill(colour)
    pygame.draw.line(backdrop, (250, 250, 250), (0, 0), size, 5)  # something to see through a panel
    return backdrop


def _shot(widget, backdrop, over=False) -> bytes:
    surface = backdrop.copy()
    (widget.draw_over if over else widget.draw)(surface)
    return pygame.image.tobytes(surface, "RGB")


def test_rows_and_columns_lie_side_by_side_centred():
    from scenes.table.kit.areas import centred_row, columns

    row = centred_row(3, (50, 70), 200, 10, 20)
    assert [r.left for r in row] == [105, 175, 245] and row[1].centerx == 200 and {r.top for r in row} == {10}
    cols = columns(pygame.Rect(0, 40, 300, 120), 3, 60)
    assert [r.centerx for r in cols] == [50, 150, 250] and all(r.height == 120 and r.width == 60 for r in cols)


def test_a_ring_lies_round_its_rect():
    from scenes.table.kit import paint

    surface = pygame.Surface((300, 300), pygame.SRCALPHA)
    rect = pygame.Rect(100, 100, 60, 80)
    paint.ring(surface, rect, (255, 0, 0), grow=10, width=4)
    assert drawn(surface) == rect.inflate(scale(10), scale(10)) and surface.get_at(rect.center)[3] == 0


def test_a_table_may_rank_a_whole_pile_over_its_top_card():
    from scenes.table.kit import Pile

    widgets = Widgets()
    widgets.add("draw", Pile("draw", pygame.Rect(0, 0, 120, 170), _image))
    widgets.bind({"zones": [zone("draw", ["c1", "c2"], kind="pile")]})
    assert widgets.hits((10, 10)) == ["piece:draw:c2", "pile:draw", "zone:draw"]  # the kit's order
    widgets.rank = {"pile": 0, "piece": 1}
    assert widgets.hits((10, 10)) == ["pile:draw", "piece:draw:c2", "zone:draw"]
    assert Widgets().rank == {"piece": 0, "place": 1}  # one table's order is its own


def test_what_a_drag_carries_a_piece_a_zone_a_pile_or_stack_top_or_an_offered_item():
    from scenes.table.kit import Pile, SlotRow, Stack
    from scenes.table.kit.areas import Offer

    widgets = Widgets()
    widgets.add("draw", Pile("draw", pygame.Rect(0, 0, 120, 170), _image))
    widgets.add("play", SlotRow("play", pygame.Rect(150, 0, 500, 170), _image, 4))
    widgets.add("bank", Stack("bank", pygame.Rect(0, 200, 100, 200), _image, whole=Hit("stack", owner=0, zone="key")))
    widgets.add("offer", Offer(pygame.Rect(0, 450, 300, 100), "reveal", lambda: [("c9", pygame.Rect(0, 450, 60, 90))]))
    widgets.bind({"zones": [zone("draw", [], kind="pile", face="down", count=5), zone("play", ["c1", "c2"]),
                            zone("bank", ["c3", "c4"])]})
    assert widgets.carried("zone:play") == ["c1", "c2"]
    assert widgets.carried("piece:play:c2") == ["c2"]
    assert widgets.carried("pile:draw") == ["draw#4"]  # a pile's unknown top: a back
    assert widgets.carried("stack:0:key") == ["c4"]
    assert widgets.carried("reveal:c9") == ["c9"]
    assert widgets.carried("place:play:3") == [] and widgets.carried("reveal:c8") == [] and widgets.carried("x") == []


def test_a_frame_answers_all_over_and_is_kept_as_drawn_blended_through_its_glow():
    from scenes.table.kit.areas import Frame

    backdrop = _backdrop()
    rect = pygame.Rect(20, 30, 300, 150)
    fast, plain = Frame(rect, Hit.of_zone("play"), "Play area"), Frame(rect, Hit.of_zone("play"), "Play area")
    fast.under = backdrop
    assert fast.hits((25, 35)) == [Hit.of_zone("play")] and fast.hits((5, 5)) == []
    assert fast.rect_of(Hit.of_zone("play")) == rect
    for glow, note in ((False, ""), (True, "2 owed"), (False, "")):  # kept, then made again for each change
        for frame in (fast, plain):
            frame.glow, frame.note = glow, note
        assert _shot(fast, backdrop) == _shot(plain, backdrop)
    other = _backdrop(colour=(90, 20, 20))
    assert _shot(fast, other) != _shot(plain, other)  # drawn over the backdrop it was given...
    fast.under = other
    assert _shot(fast, other) == _shot(plain, other)  # ...and over a new one once given it


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_tally_is_kept_until_what_it_shows_changes(lang):
    from scenes.table.kit.areas import CellPanel

    set_language(lang)
    backdrop = _backdrop()
    rect = pygame.Rect(10, 10, scale(390), scale(316))
    fast, plain = CellPanel(rect, "Discard values"), CellPanel(rect, "Discard values")
    fast.under = backdrop
    dot = pygame.Surface((scale(30), scale(30)))
    dot.fill((240, 200, 60))
    shows = [([(dot, ("2, 5", "2,5"), (250, 250, 250)), (None, ("—",), (120, 120, 120))], ""),
             ([(dot, ("2, 5, 7", "2,5,7"), (250, 250, 250)), (dot, ("3",), (250, 250, 250))], ""),
             ([], "The assist is off")]
    for cells, note in shows:
        for tally in (fast, plain):
            tally.set(cells, note)
        assert _shot(fast, backdrop) == _shot(plain, backdrop), (cells, note)
    scale.set_window(1920, 1080)
    assert _shot(fast, backdrop) == _shot(plain, backdrop)  # a new window size makes it again


def test_a_tally_writes_the_first_text_that_fits_its_cell(monkeypatch):
    from scenes.table.kit.areas import CellPanel

    written = []
    real = fonts.blit_text
    monkeypatch.setattr(fonts, "blit_text", lambda surface, text, *a, **k: written.append(text) or
                        real(surface, text, *a, **k))
    tally = CellPanel(pygame.Rect(0, 0, scale(390), scale(316)), "Values")
    long = ", ".join(map(str, range(1, 30)))
    tally.set([(None, ("2, 5", "2,5"), (255, 255, 255)), (None, (long, "tight"), (255, 255, 255))])
    tally.draw(pygame.Surface((800, 600)))
    assert written == ["Values", "2, 5", "tight"]


def test_an_offer_follows_its_items_and_draws_them_on_its_panel_while_titled():
    from scenes.table.kit.areas import Offer

    items = [("t1", pygame.Rect(40, 60, 80, 110)), ("t2", pygame.Rect(160, 60, 80, 110))]
    offer = Offer(pygame.Rect(20, 20, 300, 220), "trait", lambda: items, _image, lambda t: f"trait:{t}")
    assert offer.hits((50, 70)) == [Hit("trait", piece="t1")] and offer.hits((130, 70)) == []
    assert offer.rect_of(Hit("trait", piece="t2")) == items[1][1] and offer.face_at((170, 70)) == "trait:t2"
    items.pop()  # what the view offers now, at once
    assert offer.rect_of(Hit("trait", piece="t2")) is None
    backdrop = _backdrop()
    assert _shot(offer, backdrop, over=True) == pygame.image.tobytes(backdrop, "RGB")  # untitled: nothing drawn
    offer.title = "Choose a pirate"
    surface = backdrop.copy()
    offer.draw_over(surface)
    assert surface.get_at(items[0][1].center)[:3] == (200, 40, 40)  # the item's face on the panel
    ring_at = items[0][1].inflate(scale(12), scale(12)).midtop
    assert surface.get_at(ring_at)[:3] != offer.mark_colour[:3]
    offer.marked = {"t1"}
    offer.draw_over(surface)
    assert surface.get_at(ring_at)[:3] == offer.mark_colour[:3]  # a pick made: ringed


def test_still_parts_kept_on_the_backdrop_look_as_drawn_afresh_through_every_change():
    """Widgets.draw with the backdrop keeps the seats, frames and tallies that lie on it drawn on one copy of
    it: after each change (a turn, a note, a glow, a tally's values, a part moved, a new backdrop) the table
    looks exactly as if every part were drawn afresh."""
    from scenes.table.kit import SeatPanel
    from scenes.table.kit.areas import CellPanel, Frame

    def build(backdrop):
        widgets = Widgets()
        seat = widgets.add("seat0", SeatPanel(0, pygame.Rect(10, 10, 260, 120)))
        frame = widgets.add("frame", Frame(pygame.Rect(10, 150, 260, 100), Hit.of_zone("play"), "Play area"))
        tally = widgets.add("tally", CellPanel(pygame.Rect(290, 10, 100, 240), "Values", columns=1))
        for part in (seat, frame, tally):
            part.under = backdrop
        return widgets

    backdrop = _backdrop()
    kept, fresh = build(backdrop), build(backdrop)
    steps = [lambda w: w["seat0"].set("Aiko"), lambda w: w["seat0"].set("Aiko", turn=True),
             lambda w: setattr(w["frame"], "note", "2 owed"), lambda w: setattr(w["frame"], "glow", True),
             lambda w: w["tally"].set([(None, ("2, 5",), (250, 250, 250))]),
             lambda w: w["tally"].set([], "off"), lambda w: w["frame"].rect.move_ip(0, 20)]
    for step in steps:
        step(kept)
        step(fresh)
        kept_shot = pygame.Surface(backdrop.get_size())
        kept.draw(kept_shot, backdrop)
        fresh_shot = backdrop.copy()
        for part in fresh.items.values():
            part.draw(fresh_shot)
        assert pygame.image.tobytes(kept_shot, "RGB") == pygame.image.tobytes(fresh_shot, "RGB")
    other = _backdrop(colour=(90, 20, 20))
    for part in kept.items.values():
        part.under = other
    shot = pygame.Surface(other.get_size())
    kept.draw(shot, other)
    fresh_shot = other.copy()
    for part in fresh.items.values():
        part.under = other
        part.draw(fresh_shot)
    assert pygame.image.tobytes(shot, "RGB") == pygame.image.tobytes(fresh_shot, "RGB")


def test_a_layer_paints_a_part_again_only_when_its_look_or_place_changes_clipped_to_its_rect():
    """areas.Layer: a part is painted once and kept while its look and rect stay; a new look paints it again;
    a moved part leaves its old place to the backdrop; nothing it paints falls outside its rect; a new backdrop
    paints every part again."""
    from scenes.table.kit.areas import Layer

    backdrop, layer, painted = _backdrop(colour=(10, 20, 30)), Layer(), []
    colour = {"a": (200, 0, 0), "b": (0, 200, 0)}

    def flood(key):  # paints the whole surface: only the part's rect may keep it
        return lambda surface: painted.append(key) or surface.fill(colour[key])

    def frame(rects: dict, looks: dict, under=backdrop) -> pygame.Surface:
        surface = pygame.Surface(under.get_size())
        layer.draw(surface, under, [(key, rect, looks[key], flood(key)) for key, rect in rects.items()])
        return surface

    rects = {"a": pygame.Rect(10, 10, 50, 40), "b": pygame.Rect(200, 100, 60, 60)}
    shot = frame(rects, {"a": 1, "b": 1})
    assert painted == ["a", "b"]
    assert shot.get_at((30, 30))[:3] == colour["a"] and shot.get_at((230, 130))[:3] == colour["b"]
    assert shot.get_at((100, 30)) == backdrop.get_at((100, 30))  # clipped: the rest is the backdrop
    frame(rects, {"a": 1, "b": 1})
    assert painted == ["a", "b"]  # the same looks: nothing painted again
    frame(rects, {"a": 1, "b": 2})
    assert painted == ["a", "b", "b"]  # only the part whose look changed
    moved = {"a": pygame.Rect(100, 10, 50, 40), "b": rects["b"]}
    shot = frame(moved, {"a": 1, "b": 2})
    assert painted[-1] == "a" and len(painted) == 4
    assert shot.get_at((30, 30)) == backdrop.get_at((30, 30))  # its old place is the backdrop again
    assert shot.get_at((120, 30))[:3] == colour["a"]
    other = _backdrop(colour=(90, 20, 20))
    shot = frame(moved, {"a": 1, "b": 2}, other)
    assert sorted(painted[4:]) == ["a", "b"]  # a new backdrop: every part painted again, over it
    assert shot.get_at((300, 20)) == other.get_at((300, 20)) and shot.get_at((120, 30))[:3] == colour["a"]


def test_parts_not_on_the_backdrop_alone_are_drawn_every_frame_over_the_kept_ones():
    from scenes.table.kit.areas import Frame

    backdrop = _backdrop()
    widgets = Widgets()
    kept = widgets.add("kept", Frame(pygame.Rect(10, 10, 200, 100), Hit.of_zone("a")))
    kept.under = backdrop
    loose = widgets.add("loose", Frame(pygame.Rect(100, 50, 200, 100), Hit.of_zone("b"), "Loose"))  # no under
    drawn_on = []
    real = loose.draw
    loose.draw = lambda surface: drawn_on.append(surface) or real(surface)
    for _ in range(2):
        surface = pygame.Surface(backdrop.get_size())
        widgets.draw(surface, backdrop)
        assert drawn_on[-1] is surface  # every frame, on the table itself
    assert len(drawn_on) == 2


def test_what_lies_between_the_layer_and_the_loose_parts_is_drawn_there_and_a_part_left_out_is_not_drawn():
    from scenes.table.kit.areas import Frame

    backdrop, widgets, order = _backdrop(), Widgets(), []
    kept = widgets.add("kept", Frame(pygame.Rect(10, 10, 200, 100), Hit.of_zone("a")))
    kept.under = backdrop
    for key in ("loose", "left"):
        widgets.add(key, Frame(pygame.Rect(100, 50, 200, 100), Hit.of_zone(key))).draw = \
            lambda surface, key=key: order.append(key)
    kept.draw = lambda surface: order.append("kept")
    widgets.draw(pygame.Surface(backdrop.get_size()), backdrop, lambda surface: order.append("between"),
                 leave=("left",))
    assert order == ["kept", "between", "loose"]

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
