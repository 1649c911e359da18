"""The table kit (scenes/table/kit) and the table API (scenes/table/api.py)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from scenes.table import api  # noqa: E402
from scenes.table.board import Board  # noqa: E402
from scenes.table.kit import (  # noqa: E402
    CoinStack,
    DiceTray,
    Grid,
    Hand,
    HandCount,
    Hit,
    Pawn,
    Pile,
    ScoreTrack,
    SeatPanel,
    SlotRow,
    Stack,
    Widgets,
    make_change,
    moves_from_zones,
    register_kind,
    ring_order,
    seat_ring,
)
from scenes.table.kit.text import name_layout  # noqa: E402
from scenes.table.kit.tokens import GOLD, PLATINUM  # noqa: E402
from scenes.tables import TABLES, table_for  # noqa: E402
from scenes.ui import fonts  # noqa: E402
from scenes.ui.strings import set_language  # noqa: E402
from scenes.ui.theme import scale  # noqa: E402

from . import kit_demo  # noqa: E402

SIZES = [(1280, 720), (1920, 1080)]


@pytest.fixture(autouse=True)
def _display():
    pygame.init()
    scale.set_window(1280, 720)
    yield
    set_language("en")
    scale.set_window(1280, 720)


def zone(zid, cards, owner=None, kind="hand", face="up", count=None):
    return {"id": zid, "owner": owner, "kind": kind, "cards": cards,
            "count": len(cards) if count is None else count, "face": face, "ordered": True}


# -- hit keys ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("key", ["pile:draw", "zone:play", "stack:1:anchor", "bank:3", "player:0", "hand:c12",
                                 "reveal:mermaid_4", "trait:t1", "piece:hand/0:c7", "place:row:2", "seat:5",
                                 "use:higher_than:3", "line:2:5", "deck", "slot:4"])
def test_the_tables_string_keys_parse_and_come_back_unchanged(key):
    assert str(Hit.parse(key)) == key


def test_a_hit_has_exactly_the_fields_of_its_kind():
    assert Hit.parse("stack:1:anchor") == Hit("stack", owner=1, zone="anchor")
    assert Hit.parse("piece:row:a:b").piece == "a:b"  # a piece id comes last, so it may hold ':'
    with pytest.raises(ValueError):
        Hit("stack", owner=1)  # no zone
    with pytest.raises(ValueError):
        Hit("seat", owner=1, zone="x")  # a zone it does not take
    for bad in ("nonsense:1", "stack:x:anchor", "stack:1", "pile:", "deck:1"):
        with pytest.raises(ValueError):
            Hit.parse(bad)


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_the_keys_the_current_tables_build_are_hits(app, game_id):
    """Every key a table's hits() gives under a grid of points, and every key of its gestures, through a
    few positions of a real game, parses as a Hit and prints back unchanged."""
    from game.core.match import AI, HUMAN, Match, Seat
    from game.core.rng import Rng
    from game.games import rules as rules_for

    from .scenes_harness import open_table

    rules = rules_for(game_id)
    # Three players, or as many as the game needs at least (Deadwood 1876 takes 4–9).
    seats = [Seat("Aiko", HUMAN)] + [Seat(f"Bot {i}", AI, "easy") for i in range(1, max(3, rules.info.min_players))]
    match = Match(rules, seats, None, 5)
    scene = open_table(app, match)
    rng = Rng(2)
    keys = set()
    for _ in range(25):
        if match.is_over():
            break
        view = scene.view()
        for x in range(0, 1280, 16):
            for y in range(0, 720, 16):
                keys.update(scene.table.hits((x, y)))
        for g in scene.gestures():
            keys.update(k for k in (g.drag_from, g.drop_on, g.click) if k)
        assert view is scene.view()
        decision = match.pending()[0]
        legal = match.legal_actions(decision.seat)
        match.apply(legal[rng.below(len(legal))])
    assert keys
    assert {k for k in keys if str(Hit.parse(k)) != k} == set()


def test_a_table_registers_its_own_kind_of_key():
    from scenes.table.kit.hits import SHAPES

    try:
        register_kind("vault", ("owner",))
        assert str(Hit("vault", owner=2)) == "vault:2" and Hit.parse("vault:2").owner == 2
        with pytest.raises(ValueError):
            register_kind("vault", ("zone",))  # keys already built would no longer parse
        with pytest.raises(ValueError):
            register_kind("odd", ("piece", "zone"))  # the piece must come last
    finally:
        SHAPES.pop("vault", None)


# -- every widget draws at both sizes in both languages -------------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_widget_draws_inside_the_window(size, lang):
    set_language(lang)
    widgets, panels, _ = kit_demo.build(*size)
    surface = pygame.Surface(size)
    kit_demo.paint(surface, widgets)
    bounds = surface.get_rect()
    for key, w in widgets.items.items():
        assert bounds.contains(w.rect), key
        area = surface.subsurface(w.rect)
        colours = {tuple(area.get_at((x, y))) for x in range(0, w.rect.width, 3) for y in range(0, w.rect.height, 3)}
        assert len(colours) > 2, f"{key} drew nothing"
    for place in widgets.placements(kit_demo.view()).values():
        assert bounds.contains(place.rect)
    for panel in panels:
        assert panel.tooltip(Hit.of_seat(panel.seat)).startswith(panel.name)


def test_the_demo_renders_in_japanese_with_the_kits_own_words():
    set_language("ja")
    coins = CoinStack("c", pygame.Rect(0, 0, 100, 100))
    coins.set_amount(23)
    assert coins.tooltip(Hit.of_zone("c")) == "合計で金貨23枚分(白金貨2枚、金貨3枚)"
    assert kit_demo.render(1280, 720, "ja").get_size() == (1280, 720)


# -- hit tests answer on the visible part only ------------------------------------------------------------------

def test_a_fanned_hand_answers_only_on_the_visible_part_of_each_card():
    hand = Hand("hand/0", pygame.Rect(0, 0, 400, 140), kit_demo.card_image, card_size=(70, 98))
    hand.bind(zone("hand/0", [f"c{i}" for i in range(8)]))
    rects = hand.piece_rects(8)
    assert rects[1].left < rects[0].right  # they overlap: the hand is fanned
    covered = (rects[3].left + 1, rects[2].centery)  # inside card 2's rect, under card 3
    assert rects[2].collidepoint(covered)
    assert hand.hits(covered)[0] == Hit.of_piece("hand/0", "c3")
    visible = (rects[2].left + 2, rects[2].centery)
    assert hand.hits(visible) == [Hit.of_piece("hand/0", "c2"), Hit.of_zone("hand/0")]
    last = (rects[7].right - 2, rects[7].centery)  # the top card shows whole
    assert hand.hits(last)[0] == Hit.of_piece("hand/0", "c7")
    assert hand.hits((200, 2)) == [Hit.of_zone("hand/0")]  # above the cards: the zone only
    assert hand.hits((200, 200)) == []


def test_a_stack_answers_on_each_cards_strip_and_the_top_card_whole():
    stack = Stack("bank", pygame.Rect(0, 0, 100, 400), kit_demo.card_image)
    stack.bind(zone("bank", ["a", "b", "c"], kind="stack"))
    a, b, c = stack.piece_rects(3)
    assert stack.hits((50, b.top - 1))[0].piece == "a"
    assert stack.hits((50, b.top + 1))[0].piece == "b"
    assert stack.hits((50, a.bottom - 1))[0].piece == "c"  # a's rect, but c lies over it
    assert stack.face_at((50, b.top + 1)) == "b"


def test_a_face_down_pile_shows_no_face_and_answers_as_a_pile():
    pile = Pile("draw", pygame.Rect(0, 0, 140, 196), kit_demo.card_image)
    pile.bind(zone("draw", [], kind="pile", face="down", count=12))
    assert pile.placements() == {}  # nothing the viewer can name: the pile draws its back itself
    assert [str(h) for h in pile.hits((10, 10))] == ["pile:draw", "zone:draw"]
    assert pile.face_at((10, 10)) is None
    assert "12" in pile.tooltip(Hit("pile", zone="draw"))


def test_widgets_give_string_keys_most_specific_first_and_find_their_rects():
    widgets, _, _ = kit_demo.build(1280, 720)
    card = widgets["hand/0"].piece_rects(9)[-1]
    keys = widgets.hits(card.center)
    assert keys[0] == "piece:hand/0:h8" and "zone:hand/0" in keys and "seat:0" in keys
    for key in keys:
        assert widgets.rect_of(key).collidepoint(card.center)
    assert widgets.rect_of("not a kit key") is None
    places = widgets.placements(kit_demo.view())
    assert places["c42"].z > places["h8"].z > places["h0"].z  # the piles, added after the hand, lie over it
    # The tooltip hook: the table's words for a card, the widget's own for the rest.
    widgets["hand/0"].tip = lambda hit: f"card {hit.piece}" if hit.kind == "piece" else None
    assert widgets.tooltip("piece:hand/0:h8") == "card h8"
    assert widgets.tooltip("zone:hand/0") == "9 cards"


# -- the seat ring -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", range(2, 10))
def test_the_seat_ring_places_every_count_readably_without_overlap(size, players):
    scale.set_window(*size)
    window = pygame.Rect((0, 0), size)
    ring = seat_ring(players, pygame.Rect(scale(20), scale(14), scale(1470), scale(976)))
    assert len(ring.areas) == players
    for i, area in enumerate(ring.areas):
        assert window.contains(area)
        assert area.width >= scale(280) and area.height >= scale(180), (i, area)  # room for a panel and cards
        assert not area.colliderect(ring.centre)
        for other in ring.areas[i + 1:]:
            assert not area.colliderect(other)
    assert ring.sides[0] == "bottom" and all(a.bottom <= ring.areas[0].top for a in ring.areas[1:])
    assert ring.centre.width >= scale(700) and ring.centre.height >= scale(300)
    # Round the table from the viewer's left: up the left side, along the top, down the right side.
    order = {"left": 0, "top": 1, "right": 2}
    assert [order[s] for s in ring.sides[1:]] == sorted(order[s] for s in ring.sides[1:])
    tops = [a for a, s in zip(ring.areas, ring.sides, strict=True) if s == "top"]
    assert [a.left for a in tops] == sorted(a.left for a in tops)


def test_the_ring_starts_at_the_viewer_and_follows_the_turn_order():
    seating = [[0, 2], [1, 0], [2, 3], [3, 1]]  # positions round the table, seats in turn order
    assert ring_order(seating, 3) == [3, 1, 2, 0]
    assert ring_order(seating, None) == [2, 0, 3, 1]
    assert ring_order([[0, 0], [2, 2]], 1) == [0, 2]  # seat 1 left the table


def test_a_seat_panel_says_turn_team_and_level_not_only_by_colour():
    panel = SeatPanel(3, pygame.Rect(0, 0, 300, 120))
    panel.set("Dmitri", "hard", turn=True, thinking=True, team=("B", (70, 120, 200)))
    assert panel.tooltip(Hit.of_seat(3)) == "Dmitri · Hard AI · Team B"
    surface = pygame.Surface((300, 120))
    panel.draw(surface)
    panel.update(0.5)  # the thinking dots move on the clock
    assert panel.body.top >= panel.header.bottom


def test_a_seat_panel_kept_on_the_backdrop_is_drawn_again_for_every_change_it_shows():
    """A panel on its backdrop is kept drawn on a copy of it (Widgets.draw with the backdrop) until what it shows
    changes, its look: after every change it looks exactly as a panel drawn afresh."""
    backdrop = pygame.Surface((420, 200))
    backdrop.fill((22, 74, 62))
    pygame.draw.line(backdrop, (250, 250, 250), (0, 0), (420, 200), 5)
    rect = pygame.Rect(10, 10, 380, 160)
    widgets = Widgets()
    kept, fresh = widgets.add("seat1", SeatPanel(1, rect)), SeatPanel(1, rect)
    kept.under = backdrop
    icon = pygame.Surface((16, 16))
    icon.fill((200, 160, 80))

    def shots(under=backdrop):
        table, afresh = pygame.Surface(under.get_size()), under.copy()
        widgets.draw(table, under)
        fresh.draw(afresh)
        return pygame.image.tobytes(table, "RGB"), pygame.image.tobytes(afresh, "RGB")

    changes = [dict(name="Aiko"), dict(name="Aiko", level="hard"), dict(name="Aiko", level="hard", turn=True),
               dict(name="Aiko", turn=True, score="12 pts"), dict(name="Aiko", lines=[("Vulture", (250, 200, 90))]),
               dict(name="Aiko", lines=[[("Vulture", (250, 200, 90), icon), ("preys on Sora", (240, 130, 110))]]),
               dict(name="Captain Flint", thinking=True), dict(name="Captain Flint", thinking=True)]
    for change in changes:
        for panel in (kept, fresh):
            panel.set(**change)
            panel.update(0.34)  # the thinking dots move on
        table, afresh = shots()
        assert table == afresh, change
    for panel in (kept, fresh):
        panel.set("Aiko", "easy")
    assert shots()[0] == shots()[1]
    set_language("ja")  # the level's words change with the language
    assert shots()[0] == shots()[1]
    other = backdrop.copy()
    other.fill((90, 20, 20))
    kept.under = other
    assert shots(other)[0] == shots(other)[1]  # a new backdrop: all made again on it


@pytest.mark.parametrize("thinking", [False, True])
def test_a_seat_panel_shrinks_a_long_name_before_cutting_it_and_its_thinking_dots_make_way(monkeypatch, thinking):
    """A narrow side seat (nine players): "Calamity Jane" too wide at the body size is drawn whole, smaller,
    not "Calamity…"; its thinking dots move under the header rather than cut the name."""
    from scenes.table.kit import seats

    drawn = []
    real = seats.draw_name
    monkeypatch.setattr(seats, "draw_name", lambda surface, text, box, *a, **k: drawn.append((text, box.copy()))
                        or real(surface, text, box, *a, **k))
    name = "Calamity Jane"
    width = fonts.get("body", True).size(name)[0] * 9 // 10 + scale(36)
    panel = SeatPanel(2, pygame.Rect(0, 0, width, scale(120)), header_height=scale(40))
    panel.set(name, thinking=thinking)
    panel.draw(pygame.Surface(panel.rect.size))
    (text, box), = drawn
    assert text == name
    px, lines = name_layout(name, box.width, box.height, scale.text_px("body"))
    assert lines == (name,) and px < scale.text_px("body")


def test_a_seat_panel_leaves_out_the_level_rather_than_cut_the_name():
    panel = SeatPanel(1, pygame.Rect(0, 0, 600, 120))
    panel.set("Bot 3", "easy")
    assert panel.shown_level(500) == "Easy AI"
    assert panel.shown_level(fonts.get("body", True).size("Bot 3")[0] + 20) == ""
    assert panel.tooltip(Hit.of_seat(1)) == "Bot 3 · Easy AI"  # the tooltip still says it
    panel.line, panel.accent, panel.reserve = (120, 70, 50), (255, 214, 110), 100  # a table's palette
    panel.set("Bot 3", "easy", turn=True)
    surface = pygame.Surface((600, 120))
    panel.draw(surface)
    assert tuple(surface.get_at((1, 60)))[:3] == (255, 214, 110)  # the border in the turn colour


def test_the_seat_ring_can_keep_every_other_seat_in_a_top_band_of_set_height():
    area = pygame.Rect(20, 14, 1470, 976)
    for players in range(2, 8):
        ring = seat_ring(players, area, viewer_height=406, top_height=290, columns=False)
        assert ring.sides == ["bottom"] + ["top"] * (players - 1)
        assert all(a.top == 14 and a.height == 290 for a in ring.areas[1:])
        assert all(not a.colliderect(b) for i, a in enumerate(ring.areas) for b in ring.areas[i + 1:])
        assert ring.centre.width == area.width and ring.centre.top == 14 + 290 + scale(12)


def test_a_grid_lays_cards_in_rows_without_overlap():
    grid = Grid("hand/0", pygame.Rect(0, 0, 900, 300), lambda f, w, h: pygame.Surface((w, h)),
                max_size=(200, 150), aspect=0.75, rows_for=lambda n: 1 if n <= 4 else 2, gap=10)
    for count in range(1, 11):
        rects = grid.piece_rects(count)
        assert all(grid.rect.contains(r) for r in rects)
        assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
        assert all(r.width <= 200 and r.height <= round(r.width * 0.75) + 1 for r in rects)
        assert len({r.top for r in rects}) == (1 if count <= 4 else 2)
    grid.bind(zone("hand/0", ["a", "b", "c"]))
    assert grid.hits(grid.piece_rects(3)[1].center)[0] == Hit.of_piece("hand/0", "b")


def test_a_hand_seen_from_outside_is_a_count_with_no_pieces():
    counted = HandCount("hand/2", pygame.Rect(500, 10, 100, 40), lambda f, w, h: pygame.Surface((w, h)))
    counted.bind(zone("hand/2", [], owner=2, face="down", count=5))
    assert counted.placements() == {} and counted.departure() == counted.rect
    counted.draw(pygame.Surface((640, 60)))


def test_a_pile_can_leave_its_count_to_the_tables_label_and_a_slot_row_its_numbers():
    image = lambda f, w, h: pygame.Surface((w, h))  # noqa: E731
    pile = Pile("deck", pygame.Rect(10, 10, 120, 170), image)
    pile.bind(zone("deck", [], kind="pile", face="down", count=9))
    pile.count_badge = False
    surface = pygame.Surface((200, 200))
    pile.draw_over(surface)
    assert pygame.image.tobytes(surface, "RGB") == bytes(200 * 200 * 3)  # nothing drawn over the pile
    pile.count_badge = True
    pile.draw_over(surface)
    assert pygame.image.tobytes(surface, "RGB") != bytes(200 * 200 * 3)
    pile.bind(zone("deck", [], kind="pile", face="down", count=0))
    empty = pygame.Surface((200, 200))
    pile.draw(empty)
    empty.set_colorkey((0, 0, 0))
    assert pile.top_rect().contains(empty.get_bounding_rect())  # it outlines where a card would lie
    row = SlotRow("parlor", pygame.Rect(0, 0, 600, 170), image, 4, numbered=False)
    row.bind(zone("parlor", [], kind="row"))
    plain, numbered = pygame.Surface((600, 170)), pygame.Surface((600, 170))
    row.draw(plain)
    row.numbered = True
    row.draw(numbered)
    assert pygame.image.tobytes(plain, "RGB") != pygame.image.tobytes(numbered, "RGB")


def test_a_tooltip_hook_hears_only_of_its_own_widgets_hits():
    widgets = Widgets()
    image = lambda f, w, h: pygame.Surface((w, h))  # noqa: E731
    for i, zid in enumerate(("deck", "discard")):
        pile = widgets.add(zid, Pile(zid, pygame.Rect(200 * i, 0, 120, 170), image))
        pile.tip = lambda hit, zid=zid: f"the {zid}" if hit.kind == "pile" else None
    widgets.bind({"zones": [zone("deck", [], kind="pile", face="down", count=3), zone("discard", ["c1"], kind="pile")]})
    assert widgets.tooltip("pile:deck") == "the deck" and widgets.tooltip("pile:discard") == "the discard"


def test_the_piece_a_dragged_key_picks_up():
    widgets = Widgets()
    assert widgets.piece_in("c7", "piece:hand/0:c7") and not widgets.piece_in("c7", "piece:hand/0:c8")
    assert not widgets.piece_in("c7", "zone:hand/0") and not widgets.piece_in("c7", "nonsense")


def test_a_pawn_hops_from_piece_to_piece_and_is_busy_until_it_arrives():
    rects = {"a": pygame.Rect(0, 100, 100, 140), "b": pygame.Rect(400, 100, 100, 140)}
    pawn = Pawn(rects.get, (30, 20, 16), (255, 214, 110), "no-such-icon", "L", spot=(0.5, 0.0))
    pawn.walk(None, "a", 0)
    assert pawn.position() == ((50, 100), 100) and not pawn.busy
    pawn.walk("a", "b", 1.0)
    assert pawn.busy and pawn.position()[0][0] == 50
    pawn.update(0.5)
    (x, y), _ = pawn.position()
    assert 50 < x < 450 and y < 100  # on its way, above the line between the two
    pawn.draw_over(pygame.Surface((640, 360)))
    pawn.update(0.6)
    assert not pawn.busy and pawn.position() == ((450, 100), 100)
    pawn.on = "gone"
    assert pawn.position() is None  # a piece not on the board: no pawn drawn


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_name_fits_its_box_with_whole_words(lang):
    set_language(lang)
    name = {"en": "Professor Ignatius Quill", "ja": "イグネイシャス・クイル教授"}[lang]
    px, lines = name_layout(name, 90, 80, 22)
    font = fonts.font(px, True)
    assert px >= 14 and len(lines) * font.get_linesize() <= 80 and all(font.size(line)[0] <= 90 for line in lines)
    assert "".join(lines).replace(" ", "") == name.replace(" ", "")  # whole: nothing cut
    assert name_layout(name, 20, 14, 22, shorten=False) is None  # no room: the caller shows it elsewhere


def test_score_markers_say_whose_they_are_and_a_crowd_stays_on_the_track():
    track = ScoreTrack("score", pygame.Rect(0, 0, 600, 120), 30)
    track.set([(s, f"P{s}", str(s + 1), (200, 60, 60), 0) for s in range(9)])  # all nine on the first space
    rects = dict(track.marker_rects())
    assert all(track.rect.contains(r) for r in rects.values())
    assert [rects[s].top for s in range(9)] == sorted((rects[s].top for s in range(9)), reverse=True)
    assert track.hits(rects[8].center)[0] == Hit.of_seat(8)  # the one on top answers
    assert track.tooltip(Hit.of_seat(8)) == "P8: 0 points"


# -- coins and dice ----------------------------------------------------------------------------------------------

def _has_colour(surface, rect, colour) -> bool:
    return any(tuple(surface.get_at((x, y)))[:3] == colour for x in range(rect.left, rect.right)
               for y in range(rect.top, rect.bottom))


def test_coin_stacks_make_change_in_platinum_and_gold():
    assert make_change(37) == (3, 7) and make_change(9) == (0, 9) and make_change(40) == (4, 0)
    coins = CoinStack("c", pygame.Rect(0, 0, 120, 150))
    coins.set_amount(37)
    (p_letter, p_colour, platinum, p_col), (g_letter, g_colour, gold, g_col) = coins.columns()
    assert (p_letter, p_colour, platinum, g_letter, g_colour, gold) == ("P", PLATINUM, 3, "G", GOLD, 7)
    assert coins.tooltip(Hit.of_zone("c")) == "37 gold in all: 3 platinum and 7 gold"
    surface = pygame.Surface((120, 150))
    coins.draw(surface)
    assert _has_colour(surface, p_col, PLATINUM) and _has_colour(surface, g_col, GOLD)
    coins.set_coins(0, 12)  # a game that keeps its coins as they are
    assert coins.total == 12
    surface.fill((0, 0, 0))
    coins.draw(surface)
    assert not _has_colour(surface, p_col, PLATINUM) and _has_colour(surface, g_col, GOLD)


def test_dice_tumble_then_settle_on_the_faces_rolled():
    dice = DiceTray("dice", pygame.Rect(0, 0, 400, 120), seed=3)
    dice.roll([2, 6, 5])
    assert dice.busy
    seen = set()
    for _ in range(30):
        dice.update(0.05)
        seen.add(tuple(dice.shown))
        if not dice.busy:
            break
    assert not dice.busy and dice.shown == [2, 6, 5]
    assert len(seen) > 2  # they showed other faces while rolling
    assert dice.tooltip(Hit.of_zone("dice")) == "Dice: 2, 6, 5"
    widgets = Widgets()
    widgets.add("dice", dice)
    dice.roll([1, 1, 1])
    assert widgets.busy  # a table waits for its dice as for its cards


# -- the generic animation plan -----------------------------------------------------------------------------------

def _table():
    widgets = Widgets()
    widgets.add("draw", Pile("draw", pygame.Rect(20, 20, 100, 140), kit_demo.card_image))
    widgets.add("row", Hand("row", pygame.Rect(300, 20, 600, 140), kit_demo.card_image))
    widgets.add("hand/0", Hand("hand/0", pygame.Rect(300, 500, 600, 140), kit_demo.card_image))
    widgets.add("hand/1", Hand("hand/1", pygame.Rect(300, 260, 600, 100), kit_demo.card_image))
    return widgets


def _view(draw, row, mine, theirs):
    return {"zones": [zone("draw", [], kind="pile", face="down", count=draw), zone("row", row),
                      zone("hand/0", mine), zone("hand/1", [], face="down", count=theirs)]}


def _fly(widgets, before, after):
    board = Board()
    board.settle(widgets.placements(before), animate=False)
    plan, exits = widgets.plan([], before, after)
    board.settle(widgets.placements(after), animate=True, plan=plan, exits=exits)
    return board, plan


def test_a_card_flies_from_its_old_zone_to_its_new_one():
    widgets = _table()
    before, after = _view(5, [], ["c1", "c2"], 3), _view(5, ["c1"], ["c2"], 3)
    start = widgets.placements(before)["c1"].rect
    board, plan = _fly(widgets, before, after)
    assert list(plan) == ["c1"]
    end = widgets.placements(after)["c1"].rect
    board.update(0.1)
    mid = board.pieces["c1"].rect
    assert mid != start and mid != end  # on its way
    assert start.top > mid.top > end.top - 30
    board.update(2.0)
    assert board.pieces["c1"].rect == end and not board.busy


def test_a_drawn_card_starts_on_the_pile_and_an_opponents_play_leaves_their_hand():
    widgets = _table()
    before, after = _view(5, [], ["c2"], 3), _view(4, [], ["c2", "c9"], 3)
    _, plan = _fly(widgets, before, after)
    assert plan["c9"][0].to == widgets["draw"].top_rect()  # hidden in the pile, so from the pile
    # An opponent plays a hidden card face up to the row: it starts where their last back was, and only
    # that one card flies (the back it was does not fly off separately).
    before, after = _view(4, [], ["c2"], 3), _view(4, ["c7"], ["c2"], 2)
    board, plan = _fly(widgets, before, after)
    assert plan["c7"][0].to == widgets.placements(before)["hand/1#2"].rect
    assert plan["c7"][0].face is None  # it sets off as the back it was, and turns over on the way
    assert "hand/1#2" not in board.pieces
    # And my card played into a hidden zone sets off face up from my hand.
    before, after = _view(4, [], ["c2"], 2), _view(4, [], [], 3)
    _, plan = _fly(widgets, before, after)
    assert plan["hand/1#2"][0].face == "c2" and plan["hand/1#2"][0].to == widgets.placements(before)["c2"].rect


def test_moves_read_from_zones_name_what_went_where():
    before = _view(5, [], ["c1", "c2"], 3)["zones"]
    after = _view(4, ["c1"], ["c2"], 4)["zones"]
    moves = moves_from_zones(before, after)
    assert ("c1", "hand/0", "row") in [(m.piece, m.src, m.dst) for m in moves]
    assert ("", "draw", "hand/1") in [(m.piece, m.src, m.dst) for m in moves]  # hidden on both sides


def test_moves_reported_by_events_take_the_place_of_the_guess():
    from game.core.events import event

    widgets = _table()
    before, after = _view(5, [], ["c2"], 3), _view(4, [], ["c2"], 4)
    # The engine says the card went from the pile to the opponent's hand (and names nothing to this viewer).
    moved = event("moved", piece=None, src="draw", dst="hand/1", face="down", why="draw")
    assert [(m.piece, m.src, m.dst) for m in widgets.moves([moved], before, after)] == [("", "draw", "hand/1")]
    assert widgets.moves([], before, before) == [] and len(widgets.moves([moved], before, before)) == 1
    _, plan = _fly(widgets, before, after)
    plan_with_events, _ = widgets.plan([moved], before, after)
    assert plan_with_events == plan and plan["hand/1#3"][0].to == widgets["draw"].top_rect()


# -- the choice panel -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_choice_panel_makes_a_button_for_each_chosen_gesture_inside_it(size, lang):
    set_language(lang)
    scale.set_window(*size)
    panel, gestures = kit_demo.choice()
    buttons = panel.button_gestures(gestures, which=lambda g: g.click)
    assert [g for _, g in buttons] == [g for g in gestures if g.click]  # not the drag-only one
    rects = [r for r, _ in buttons]
    for i, r in enumerate(rects):
        assert panel.rect.contains(r)
        assert all(not r.colliderect(o) for o in rects[i + 1:])
    surface = pygame.Surface(size)
    surface.fill(kit_demo.FELT)
    panel.draw(surface)
    assert surface.get_at(rects[0].center) != surface.get_at((0, 0))  # drawn while it offers buttons
    assert panel.used.contains(rects[-1]) and panel.used.bottom < panel.rect.bottom  # no more than it needs
    assert panel.button_gestures([]) == [] and not panel.shown


# -- the table API ----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_every_registered_table_provides_every_hook_the_scene_calls(game_id):
    assert api.problems(table_for(game_id)) == []


def test_the_api_names_every_hook_the_scene_calls():
    import re
    from pathlib import Path

    source = (Path(api.__file__).parent / "scene.py").read_text(encoding="utf-8")
    called = set(re.findall(r"self\.table\.([a-z_]+)", source))
    assert called <= set(api.hooks()), called - set(api.hooks())


def test_a_table_missing_a_hook_or_taking_other_arguments_is_named():
    good = table_for("deadmans_draw")

    class Missing(good):
        hits = None

    class Wrong(good):
        def tooltip(self, key):  # the scene passes the view too
            return None

    assert "Missing.hits is not callable" in api.problems(Missing)
    assert any("Wrong.tooltip" in p for p in api.problems(Wrong))

    class Bare:
        pass

    assert "Bare has no hits" in api.problems(Bare)


def test_the_plan_follows_a_real_game_zone_by_zone():
    """Dead Man's Draw's real zones laid out with kit widgets: through a random game, every piece that changed
    zone flies (from where it was, or from the pile it was hidden in), and when the board is still it shows
    exactly the new view."""
    from game.core.match import Match, Seat
    from game.core.rng import Rng
    from game.games import rules as rules_for
    from game.games.deadmans_draw.cards import SUIT_ORDER

    scale.set_window(1280, 720)
    match = Match(rules_for("deadmans_draw"), [Seat("A"), Seat("B"), Seat("C")], {"traits": True}, 4)
    image = kit_demo.card_image
    widgets = Widgets()
    widgets.add("draw", Pile("draw", pygame.Rect(20, 250, 90, 126), image))
    widgets.add("discard", Pile("discard", pygame.Rect(130, 250, 90, 126), image))
    widgets.add("box", Pile("box", pygame.Rect(20, 600, 60, 84), image))
    widgets.add("play", Hand("play", pygame.Rect(240, 250, 600, 126), image))
    widgets.add("reveal", Hand("reveal", pygame.Rect(240, 400, 600, 100), image))
    for seat in range(3):
        for i, suit in enumerate(SUIT_ORDER):
            zid = f"bank/{seat}/{suit}"
            widgets.add(zid, Stack(zid, pygame.Rect(20 + seat * 420 + i * 40, 20, 36, 200), image))
        for kind, x in (("trait", 900), ("dealt", 1000)):
            zid = f"{kind}/{seat}"
            widgets.add(zid, Hand(zid, pygame.Rect(x, 250 + seat * 140, 90, 126), image))
    board = Board()
    board.settle(widgets.placements(match.view(0)), animate=False)
    rng, flights, from_pile = Rng(7), 0, 0
    for _ in range(80):
        if match.is_over():
            break
        before = match.view(0)
        seat = match.pending()[0].seat
        legal = match.legal_actions(seat)
        events = match.apply(legal[rng.below(len(legal))])
        after = match.view(0)
        old, new = widgets.places(before), widgets.places(after)
        plan, exits = widgets.plan(events, before, after)
        for key, (zone_id, _) in new.items():
            if key in old and old[key][0] != zone_id:
                assert key in plan, f"{key} went from {old[key][0]} to {zone_id} without a flight"
        flights += len(plan)
        from_pile += sum(1 for key, legs in plan.items() if key not in old and legs[0].to == widgets["draw"].top_rect())
        targets = widgets.placements(after)
        board.settle(targets, animate=True, plan=plan, exits=exits)
        for _ in range(200):
            if not board.busy:
                break
            board.update(0.05)
        assert not board.busy
        assert {k: (p.rect, p.shown) for k, p in board.pieces.items()} == {k: (t.rect, t.face) for k, t in
                                                                            targets.items()}
    assert flights > 20 and from_pile > 5


# -- small parts the Dead Man's Draw port added -----------------------------------------------------------------

def test_a_slot_row_with_more_pieces_than_places_overlaps_them_and_hides_none():
    from scenes.table.kit import SlotRow

    row = SlotRow("play", pygame.Rect(0, 0, 600, 140), kit_demo.card_image, 4)
    row.bind(zone("play", [f"c{i}" for i in range(7)], kind="row"))
    slots, rects = row.slot_rects(), row.piece_rects(7)
    assert rects[:1] == slots[:1] and rects[-1] == slots[-1]  # spread over the row, not piled on the last place
    assert len({r.left for r in rects}) == 7
    visible = row.visible_rects(7)
    for i in range(6):  # each card answers on the strip its neighbour leaves uncovered
        assert row.hits(visible[i].midleft)[0] == Hit.of_piece("play", f"c{i}")
    assert row.landing() == row.piece_rects(8)[-1]


def test_a_seat_panel_line_can_have_parts_in_their_own_colours_and_an_icon_and_a_score():
    from scenes.ui import fonts

    panel = SeatPanel(1, pygame.Rect(0, 0, 420, 140))
    mark = pygame.Surface((12, 12))
    panel.set("Flint", "easy", lines=[("15 pts", (200, 160, 80)), [("Vulture", (230, 230, 230), mark),
                                                                     ("preys on Mary", (240, 132, 116))]])
    drawn = []
    real = fonts.blit_text
    fonts.blit_text = lambda surface, text, pos, size, colour, *a, **k: drawn.append((text, colour)) or real(
        surface, text, pos, size, colour, *a, **k)
    try:
        panel.draw(pygame.Surface((420, 140)))
    finally:
        fonts.blit_text = real
    assert ("preys on Mary", (240, 132, 116)) in drawn and ("Vulture", (230, 230, 230)) in drawn
    assert panel.tooltip(Hit.of_seat(1)) == "Flint · Easy AI · 15 pts · Vulture preys on Mary"
    # A score in the header, at its right, in full; the name gives way first.
    panel.set("Captain Flint of the Seven Seas and of the Spanish Main", "easy", score="15 pts · 4 cards")
    drawn.clear()
    fonts.blit_text = lambda surface, text, pos, size, colour, *a, **k: drawn.append(text) or real(
        surface, text, pos, size, colour, *a, **k)
    try:
        panel.draw(pygame.Surface((420, 140)))
    finally:
        fonts.blit_text = real
    assert "15 pts · 4 cards" in drawn and "Captain Flint of the Seven Seas and of the Spanish Main" not in drawn
    assert "15 pts · 4 cards" in panel.tooltip(Hit.of_seat(1))


def test_the_felt_and_carried_cards_paint_inside_their_surface():
    from scenes.table.kit import paint

    cloth = paint.felt(200, 120, (20, 70, 60), (10, 40, 30), (90, 60, 30))
    assert cloth.get_size() == (200, 120) and cloth.get_at((1, 1))[:3] == (90, 60, 30)
    surface = pygame.Surface((300, 200))
    paint.carried(surface, [kit_demo.card_image(None, 50, 70)] * 2, (150, 100))
    assert surface.get_at((150, 100))[:3] != (0, 0, 0)


def test_a_card_moved_on_from_where_it_just_went_passes_through_that_zone():
    from game.core.events import event

    widgets = _table()
    # My card goes to the row and straight on to the face-down pile (a card that busts, say).
    before, after = _view(4, [], ["c2"], 3), _view(5, [], [], 3)
    events = [event("moved", piece="c2", src="hand/0", dst="row", face="up", why=""),
              event("moved", piece="c2", src="row", dst="draw", face="down", why="")]
    plan, exits = widgets.plan(events, before, after)
    stop, last = plan["c2"]
    assert stop.to == widgets["row"].landing() and stop.face == "c2"  # seen face up in the row on its way
    assert last.to is None and last.face is None and last.start >= stop.start + stop.duration
    assert exits["c2"] == widgets["draw"].landing()


@pytest.mark.parametrize("size", [(1024, 600), *SIZES])
def test_a_meter_shows_only_with_a_value_and_keeps_inside_its_border(size):
    from scenes.table.kit import Meter

    scale.set_window(*size)
    meter = Meter(pygame.Rect(0, 0, scale(176), scale(170)), "Chance to go bust (assist)")
    surface = pygame.Surface((scale(176), scale(170)))
    meter.draw(surface)
    assert surface.get_at(meter.rect.center)[:3] == (0, 0, 0)  # no value: nothing drawn
    meter.set(0.4, "40%")
    meter.draw(surface)
    lines, bar, value = meter.layout()
    assert lines and surface.get_at(bar.midleft)[:3] != (0, 0, 0)
    inside = meter.rect.inflate(-2, -2)
    assert all(inside.contains(r) for r in [r for _, r in lines] + [bar, value])


def test_a_stack_taken_as_one_answers_as_a_whole_and_an_empty_one_shows_what_goes_there():
    whole = Hit("stack", owner=1, zone="key")
    stack = Stack("bank/1/key", pygame.Rect(0, 0, 100, 400), kit_demo.card_image, card_height=140, whole=whole)
    stack.bind(zone("bank/1/key", ["a", "b"], kind="stack"))
    a, b = stack.piece_rects(2)
    assert stack.hits((50, 390)) == [whole] and stack.rect_of(whole) == stack.rect  # below the cards too
    assert stack.face_at((50, a.top + 1)) == "a" and stack.face_at(b.center) == "b"
    stack.bind(None)
    assert stack.hits((50, 50)) == []  # nothing to take
    stack.empty_mark = pygame.Surface((20, 20))
    stack.empty_mark.fill((250, 0, 0))
    surface = pygame.Surface((100, 400))
    stack.draw(surface)
    assert surface.get_at((50, 70))[:3] == (250, 0, 0)  # in the middle of the first card's place


@pytest.mark.parametrize("in_flight", [False, True])
def test_a_card_changing_size_in_flight_shows_its_face_laid_out_once_when_the_table_asks(in_flight):
    """With scale_in_flight, a card flying from a large place to a small one shows the face laid out at the
    larger size, scaled, at every frame of the flight (a table whose faces are costly does not lay one out at
    every size it passes through); it is never enlarged; once it lands, its face at its own size shows."""
    from scenes.table.base import GameTable

    widgets = Widgets()
    widgets.add("row", Hand("row", pygame.Rect(300, 20, 600, 210), kit_demo.card_image))
    widgets.add("hand/0", Hand("hand/0", pygame.Rect(300, 500, 600, 70), kit_demo.card_image))
    before = {"zones": [zone("row", ["c1"]), zone("hand/0", [])]}
    after = {"zones": [zone("row", []), zone("hand/0", ["c1"])]}
    board, _ = _fly(widgets, before, after)
    laid_out = []

    class Table(GameTable):
        scale_in_flight = in_flight

        def card_image(self, face, w, h):
            laid_out.append((w, h))
            return pygame.Surface((w, h), pygame.SRCALPHA)

    table = Table.__new__(Table)
    surface = pygame.Surface((1280, 720))
    sizes = set()
    start = board.pieces["c1"].rect.size
    while board.busy:
        board.update(1 / 30)
        table.draw_piece(surface, board.pieces["c1"], board)
        sizes.add(board.pieces["c1"].rect.size)
    assert len(sizes) > 3  # it shrank on its way
    if in_flight:
        assert set(laid_out[:-1]) <= {start} and laid_out[-1] == board.pieces["c1"].rect.size
    else:
        assert len(set(laid_out)) > 3  # a face laid out at every size passed through

# -- cards holding cards, cards staged on a tray, counted piles, the pieces' hooks ------------------------------


def _hosts():
    from scenes.table.kit.hosts import Attachments, Blocks, HostRow

    blocks = Blocks(100, 50, 200, (120, 168), (60, 84), 10, 8)
    rows: list = []
    attached: list = []
    widgets = Widgets()
    row = widgets.add("area/0", HostRow("area/0", pygame.Rect(80, 40, 900, 320), kit_demo.card_image, blocks,
                                        ("plain-dagger", "broken-heart", "wooden-door"), attached))
    rows.append(row)
    slot_of = {"w1": 0, "o1": 2, "m2": 1}.get
    for host in ("h1", "h2", "h3"):
        attached.append(widgets.add(f"att/{host}", Attachments(f"att/{host}", host, kit_demo.card_image, rows,
                                                               slot_of, sideways=lambda card: card == "o1")))
    view = {"zones": [zone("area/0", ["h1", "h2"], kind="area"), zone("att/h1", ["w1", "o1"], kind="area"),
                      zone("att/h2", ["m2"], kind="area")]}
    widgets.bind(view)
    return widgets, blocks, view


def test_hosts_stand_in_blocks_and_their_attached_cards_lie_in_their_slots_under_them():
    widgets, blocks, view = _hosts()
    places = widgets.placements(view)
    assert places["h1"].rect == blocks.card_rect(0) and places["h2"].rect == blocks.card_rect(1)
    assert blocks.card_rect(1).left - blocks.card_rect(0).left == 200 + 2 * 10
    assert places["w1"].rect == blocks.slot_rect(0, 0) and places["o1"].rect == blocks.slot_rect(0, 2)
    assert places["m2"].rect == blocks.slot_rect(1, 1) and blocks.slot_rect(1, 1).top == 50 + 168 + 8
    assert places["o1"].angle == 90.0 and places["w1"].angle == 0.0  # a card naming its host lies sideways
    assert widgets["att/h1"].filled() == {0, 2} == widgets["area/0"].filled("h1")
    assert widgets["area/0"].filled("h3") == set()
    # A card arriving flies to its host; a host no row holds leaves its cards where they are.
    assert widgets["att/h2"].landing() == blocks.card_rect(1) == widgets["att/h2"].departure()
    assert widgets["att/h3"].landing() == widgets["att/h3"].rect
    assert widgets.hits(places["m2"].rect.center)[0] == "piece:att/h2:m2"


def test_a_host_row_marks_only_its_empty_slots():
    widgets, blocks, _ = _hosts()
    surface = pygame.Surface((1000, 400))
    widgets["area/0"].draw(surface)
    assert surface.get_at(blocks.slot_rect(0, 1).midtop)[:3] == (110, 60, 50)  # h1 has no motive: outlined
    assert surface.get_at(blocks.slot_rect(0, 0).midtop)[:3] == (0, 0, 0)  # its weapon's slot is filled


def _tray(phase="defence"):
    from scenes.table.kit.tray import Tray, TrayHand

    state = {"decision": 1, "phase": phase, "moved": 0}
    tray = Tray(kit_demo.card_image, Hit("panel"), lambda: state["phase"] == "defence", lambda: state["decision"],
                lambda: state.__setitem__("moved", state["moved"] + 1))
    widgets = Widgets()
    widgets.add("row", Hand("row", pygame.Rect(100, 100, 600, 140), kit_demo.card_image))
    hand = widgets.add("hand/0", TrayHand("hand/0", pygame.Rect(100, 500, 600, 150), kit_demo.card_image, tray=tray))
    widgets.add("staged", tray.lay(pygame.Rect(50, 80, 800, 300), (84, 118), 10, (24, 16)))
    view = {"zones": [zone("row", ["r1"]), zone("hand/0", ["c1", "c2", "c3"])]}
    widgets.bind(view)
    return tray, hand, widgets, view, state


def test_cards_staged_on_a_tray_leave_the_hand_for_the_panel_until_the_decision_changes():
    tray, hand, widgets, view, state = _tray()
    tray.stage("c3")
    tray.stage("c1")
    tray.stage("c1")  # once only
    assert tray.staged() == ["c3", "c1"] and state["moved"] == 3 and hand.entries() == ["c2"]
    places = widgets.placements(view)
    # From the panel's bottom right (850, 380), `margin` in, the last staged card last.
    assert places["c1"].rect.bottomright == (850 - 24 - 10, 380 - 16) and places["c3"].rect.right == 816 - 84 - 10
    assert places["c2"].rect.top >= 500  # the hand closed up
    tray.stage("c3", False)
    assert tray.staged() == ["c1"]
    state["decision"] = 2  # the game moved on: nothing is staged any more
    assert tray.staged() == [] and hand.entries() == ["c1", "c2", "c3"]
    tray.stage("c2")
    tray.clear()
    assert tray.staged() == [] and state["moved"] == 6


def test_a_tray_answers_under_its_cards_and_over_the_rest_only_while_shown():
    tray, _, widgets, view, state = _tray()
    tray.stage("c2")
    widgets.bind(view)
    on_card = widgets.placements(view)["c2"].rect.center
    over_row = widgets.placements(view)["r1"].rect.center  # the panel lies over the row
    assert [str(h) for h in tray.over(widgets.hit_list(on_card), on_card)][:2] == ["piece:staged:c2", "panel"]
    assert [str(h) for h in tray.over(widgets.hit_list(over_row), over_row)][0] == "panel"
    state["phase"] = "action"
    assert "panel" not in [str(h) for h in tray.over(widgets.hit_list(over_row), over_row)]


def test_a_tray_offers_staging_and_taking_back_as_steps_that_are_no_moves():
    tray, _, _, _, state = _tray()
    tray.stage("c1")
    gestures = tray.gestures(["c1", "c2"], lambda card: Hit.of_piece("hand/0", card), Hit.of_zone("hand/0"),
                             lambda card: f"stage {card}", lambda card: f"back {card}")
    assert [(g.drag_from, g.drop_on, g.click, g.label) for g in gestures] == [
        ("piece:hand/0:c2", "panel", None, "stage c2"), (None, None, "piece:staged:c1", "back c1"),
        ("piece:staged:c1", "zone:hand/0", None, "back c1")]
    assert all(g.action is None for g in gestures)
    gestures[0].use()
    gestures[2].use()
    assert tray.staged() == ["c2"]


def test_a_tray_hand_behind_the_curtain_places_and_draws_nothing():
    tray, hand, widgets, view, _ = _tray()
    hand.bind(zone("hand/0", [], face="down", count=4))
    assert hand.entries() == [] and hand.placements() == {}
    surface = pygame.Surface((800, 700), pygame.SRCALPHA)
    hand.draw(surface)
    assert surface.get_bounding_rect().size == (0, 0)


def test_a_counted_pile_writes_its_count_under_it_instead_of_a_badge():
    from scenes.table.kit.zones import CountedPile

    set_language("en")
    pile = CountedPile("deck", pygame.Rect(50, 50, 120, 170), kit_demo.card_image, lambda n: f"Deck: {n}")
    pile.bind(zone("deck", [], kind="pile", face="down", count=0))
    surface = pygame.Surface((300, 300), pygame.SRCALPHA)
    pile.draw(surface)
    top = pile.top_rect()
    assert not pile.count_badge and drawn_below(surface, top.bottom + 2)  # "Deck: 0" shows, even when empty
    pile.bind(zone("deck", [], kind="pile", face="down", count=9))
    nine = pygame.Surface((300, 300), pygame.SRCALPHA)
    pile.draw(nine)
    pile.draw_over(nine)
    assert pygame.image.tobytes(nine.subsurface((0, top.bottom + 20, 300, 40)), "RGBA") != \
        pygame.image.tobytes(surface.subsurface((0, top.bottom + 20, 300, 40)), "RGBA")


def drawn_below(surface, y: int) -> bool:
    return surface.subsurface((0, y, surface.get_width(), surface.get_height() - y)).get_bounding_rect().height > 0


def test_pieces_played_together_set_off_together():
    from scenes.table.board import Leg
    from scenes.table.kit.motion import together

    rect = pygame.Rect(0, 0, 10, 10)
    plan = {"a": [Leg(0.2, 0.3, rect, "a")], "b": [Leg(0.5, 0.3, rect, "b"), Leg(0.8, 0.3, rect, "b")],
            "c": [Leg(0.6, 0.3, rect, "c")]}
    out = together(plan, ["b", "c", "gone"])
    assert [leg.start for leg in out["b"]] == pytest.approx([0.5, 0.8]) and out["c"][0].start == pytest.approx(0.5)
    assert out["a"][0].start == 0.2 and together({}, ["x"]) == {}


def test_a_kit_table_answers_the_pieces_hooks_from_its_widgets():
    from types import SimpleNamespace

    from scenes.table.kit.widgets import KitTable

    class Base:
        ticked = 0.0

        def update(self, dt):
            self.ticked += dt

        def _seat_order(self):
            return [2, 0, 1]

    class Table(KitTable, Base):
        pass

    table = Table()
    table.kit = _table()
    view = _view(4, ["c1"], ["c2"], 3)
    board = Board()
    settle = lambda targets: board.settle(targets, animate=True)  # noqa: E731 - the scene's, as TableScene.settle
    table.scene = SimpleNamespace(board=board, view=lambda: view, speed=1.0, settle=settle)
    assert table.placements(view) == table.kit.placements(view) and table.me() == 2
    pawn = table.kit.add("pawn", Pawn(table.piece_rect, (30, 20, 16), (255, 214, 110), "top-hat", "L"))
    assert table.piece_rect("c1") is None
    table.resettle()
    board.update(5.0)
    assert table.piece_rect("c1") == table.kit.placements(view)["c1"].rect
    pawn.walk("c2", "c1", 1.0)
    assert table.busy()
    table.update(2.0)
    assert table.ticked == 2.0 and not table.busy()
    plan, exits = table.plan([], view, _view(4, [], ["c2", "c1"], 3))
    assert list(plan) == ["c1"]
    asked = []
    table.card_image = lambda face, w, h: asked.append((face, w, h)) or kit_demo.card_image(face, w, h)
    surface = pygame.Surface((1280, 720), pygame.SRCALPHA)
    table.draw_dragged(surface, "piece:hand/0:c2", (400, 300), view)
    table.draw_dragged(surface, "zone:hand/0", (400, 300), view)  # not a piece: nothing is carried
    table.draw_dragged(surface, "piece:draw:draw#3", (400, 300), view)  # a face-down pile's card: its back
    assert asked == [("c2", scale(120), scale(168)), (None, scale(120), scale(168))]
    assert surface.get_bounding_rect().collidepoint(400, 300)
