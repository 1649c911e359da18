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
    from scenes.table.kit.areas import Tally

    set_language(lang)
    backdrop = _backdrop()
    rect = pygame.Rect(10, 10, scale(390), scale(316))
    fast, plain = Tally(rect, "Discard values"), Tally(rect, "Discard values")
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
    from scenes.table.kit.areas import Tally

    written = []
    real = fonts.blit_text
    monkeypatch.setattr(fonts, "blit_text", lambda surface, text, *a, **k: written.append(text) or
                        real(surface, text, *a, **k))
    tally = Tally(pygame.Rect(0, 0, scale(390), scale(316)), "Values")
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
    from scenes.table.kit.areas import Frame, Tally

    def build(backdrop):
        widgets = Widgets()
        seat = widgets.add("seat0", SeatPanel(0, pygame.Rect(10, 10, 260, 120)))
        frame = widgets.add("frame", Frame(pygame.Rect(10, 150, 260, 100), Hit.of_zone("play"), "Play area"))
        tally = widgets.add("tally", Tally(pygame.Rect(290, 10, 100, 240), "Values", columns=1))
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
