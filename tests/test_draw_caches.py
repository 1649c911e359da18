"""The caches that keep a table's frame cheap never show something stale: wrapped text, see-through panels and
a table drawn after a change of language or window size look exactly as if drawn afresh."""

from __future__ import annotations

import pygame
import pytest

from game.core.match import AI, HUMAN, Match, Seat
from game.games import rules as rules_for
from scenes.table.cardart import veil
from scenes.table.kit import paint
from scenes.table.scene import TableScene
from scenes.tables import playable_ids
from scenes.ui import fonts
from scenes.ui.linebreak import wrap
from scenes.ui.strings import set_language
from scenes.ui.theme import scale

from .scenes_harness import make_app

TEXT = "Every pirate draws a card from the deck and banks the play area when it stops in time"


@pytest.fixture(autouse=True)
def _display():
    pygame.init()
    fonts.clear_cache()  # fonts opened before another test quit pygame are dead
    scale.set_window(1280, 720)
    yield
    set_language("en")
    scale.set_window(1280, 720)


def _fresh(text, width, size="body"):
    f = fonts.get(size)
    return wrap(text, width, lambda s: f.size(s)[0])


def test_wrapped_lines_follow_the_width_and_the_text_size():
    narrow, wide = fonts.lines(TEXT, 200), fonts.lines(TEXT, 600)
    assert narrow == _fresh(TEXT, 200) and wide == _fresh(TEXT, 600) and len(narrow) > len(wide)
    scale.set_window(1920, 1080)  # a larger window: larger type, so the same width holds fewer words
    larger = fonts.lines(TEXT, 200)
    assert larger == _fresh(TEXT, 200) and len(larger) > len(narrow)
    assert fonts.lines(TEXT, 200, "small") == _fresh(TEXT, 200, "small")


def test_wrapped_lines_belong_to_the_caller():
    first = fonts.lines(TEXT, 200)
    first.append("changed")
    first[0] = "changed"
    assert fonts.lines(TEXT, 200) == _fresh(TEXT, 200)


def test_a_shortened_line_is_remembered_apart_from_the_whole_text():
    whole = fonts.lines(TEXT, 200)
    cut = fonts.lines(TEXT, 200, max_lines=1)
    assert len(cut) == 1 and cut[0].endswith("…") and fonts.lines(TEXT, 200) == whole


def test_a_veil_is_made_for_its_size_colour_and_corners():
    a = veil((40, 30), (0, 0, 0, 90), 6)
    assert veil((40, 30), (0, 0, 0, 90), 6) is a  # made once
    assert veil((50, 30), (0, 0, 0, 90), 6).get_size() == (50, 30)
    assert veil((40, 30), (0, 0, 0, 150), 6).get_at((20, 15)).a == 150
    assert veil((40, 30), (0, 0, 0, 90), 0).get_at((0, 0)).a == 90  # square corners
    assert a.get_at((0, 0)).a == 0 and a.get_at((20, 15)) == (0, 0, 0, 90)


def test_a_panel_looks_as_it_did_when_made_afresh_each_time():
    rect = pygame.Rect(10, 10, 120, 80)
    for alpha, border, width in ((90, paint.LINE, 2), (200, (200, 150, 60), 3), (60, paint.LINE, 0)):
        cached = pygame.Surface((150, 110))
        cached.fill((40, 90, 60))
        paint.panel(cached, rect, alpha, border, width)
        made = pygame.Surface((150, 110))
        made.fill((40, 90, 60))
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (0, 0, 0, alpha), shade.get_rect(), border_radius=scale(12))
        made.blit(shade, rect)
        if width:
            pygame.draw.rect(made, border, rect, max(1, scale(width)), border_radius=scale(12))
        assert pygame.image.tobytes(cached, "RGB") == pygame.image.tobytes(made, "RGB")


def _backdrop(top, bottom):
    from scenes.table.cardart import gradient

    return gradient((200, 160), top, bottom)


def test_a_panel_over_the_backdrop_looks_as_if_blended_there():
    rect = pygame.Rect(20, 30, 120, 80)
    for backdrop in (_backdrop((40, 90, 60), (10, 30, 20)), _backdrop((120, 30, 40), (60, 10, 20))):
        for border, width in ((paint.LINE, 2), ((200, 150, 60), 4)):
            fast = backdrop.copy()
            fast.blit(paint.panel_over(backdrop, rect, 80, border, width), rect)
            blended = backdrop.copy()
            paint.panel(blended, rect, 80, border, width)
            assert pygame.image.tobytes(fast, "RGB") == pygame.image.tobytes(blended, "RGB")
    assert paint.panel_over(backdrop, pygame.Rect(150, 100, 80, 80)) is None  # reaching past the backdrop


def _seat_shot(panel, backdrop) -> bytes:
    surface = backdrop.copy()
    panel.draw(surface)
    return pygame.image.tobytes(surface, "RGB")


def test_a_seat_on_the_backdrop_is_drawn_as_blended_and_follows_its_turn_and_a_new_backdrop():
    from scenes.table.kit import SeatPanel

    fast, plain = SeatPanel(0, pygame.Rect(10, 10, 170, 120)), SeatPanel(0, pygame.Rect(10, 10, 170, 120))
    for turn in (False, True, False):
        for backdrop in (_backdrop((40, 90, 60), (10, 30, 20)), _backdrop((120, 30, 40), (60, 10, 20))):
            fast.under = backdrop
            for panel in (fast, plain):
                panel.set("Ann", turn=turn)
            assert _seat_shot(fast, backdrop) == _seat_shot(plain, backdrop)


def _dashes(surface, rect, colour, radius):
    """An outline drawn line by line, as it was before it was cached."""
    step, dash, width = max(4, scale(14)), max(2, scale(8)), max(1, scale(2))
    r = rect.inflate(-width, -width)
    for x in range(r.left + scale(radius), r.right - scale(radius), step):
        pygame.draw.line(surface, colour, (x, r.top), (min(x + dash, r.right), r.top), width)
        pygame.draw.line(surface, colour, (x, r.bottom), (min(x + dash, r.right), r.bottom), width)
    for y in range(r.top + scale(radius), r.bottom - scale(radius), step):
        pygame.draw.line(surface, colour, (r.left, y), (r.left, min(y + dash, r.bottom)), width)
        pygame.draw.line(surface, colour, (r.right, y), (r.right, min(y + dash, r.bottom)), width)


@pytest.mark.parametrize("window", [(1280, 720), (1920, 1080), (2560, 1440)])
def test_an_outline_looks_as_it_did_when_drawn_line_by_line(window):
    scale.set_window(*window)  # thicker, longer dashes in a larger window, for the same rect
    rect = pygame.Rect(15, 12, 110, 150)
    cached, drawn = pygame.Surface((140, 180)), pygame.Surface((140, 180))
    paint.outline(cached, rect, (88, 104, 96), radius=10)
    _dashes(drawn, rect, (88, 104, 96), 10)
    assert pygame.image.tobytes(cached, "RGB") == pygame.image.tobytes(drawn, "RGB")


def _table(app, game_id):
    rules = rules_for(game_id)
    seats = [Seat("Ann", HUMAN)] + [Seat(f"AI {i}", AI, "normal") for i in range(1, rules.info.max_players)]
    return TableScene(app, Match(rules, seats, None, 7), autosave=False)


def _shot(app) -> bytes:
    app.draw()
    return pygame.image.tobytes(app.screen, "RGB")


@pytest.mark.parametrize("game_id", playable_ids())
def test_a_table_redrawn_after_a_change_of_language_or_size_is_drawn_afresh(tmp_path, game_id):
    app = make_app(tmp_path)
    try:
        scene = app.push(_table(app, game_id))
        english = _shot(app)
        app.set_language("ja")
        japanese = _shot(app)
        app.reset(_table(app, game_id))
        assert japanese == _shot(app) != english
        app._resized(1600, 900)
        resized = _shot(app)
        scene = app.reset(_table(app, game_id))
        assert resized == _shot(app) and scene.table is not None
    finally:
        app.shutdown()


@pytest.mark.parametrize("game_id", playable_ids())
def test_a_table_paints_the_whole_window_so_the_app_need_not_clear_it(tmp_path, game_id):
    app = make_app(tmp_path)
    try:
        app.push(_table(app, game_id))
        app.screen.fill((255, 0, 255))  # what the last frame left, in a colour no table uses
        app.draw()
        assert pygame.mask.from_threshold(app.screen, (255, 0, 255), (1, 1, 1, 255)).count() == 0
    finally:
        app.shutdown()


def _mark_afresh(surface, m, value, colour, marked, ruled, dark=(6, 20, 28)):
    """A mark drawn straight on the table, as it was before each look was cached."""
    from scenes.table.cardart import mix
    from scenes.table.kit.panels import hatch
    from scenes.ui import theme

    size = max(14, int(m.height * 0.46)) / scale.factor
    pygame.draw.ellipse(surface, dark if marked else mix(theme.INK, colour, 0.15), m)
    pygame.draw.ellipse(surface, colour, m, max(2, scale(3)) if marked else max(1, scale(2)))
    if marked:
        pad = m.width // 6
        pygame.draw.line(surface, mix(colour, dark, 0.45), (m.left + pad, m.bottom - pad),
                         (m.right - pad, m.top + pad), max(2, scale(3)))
    if value:
        fonts.blit_text(surface, str(value), m.center, size, mix(colour, theme.INK, 0.6) if marked else theme.INK_DARK,
                        True, anchor="center")
    if ruled:
        hatch(surface, m, (70, 70, 70, 190), max(4, m.width // 5))


@pytest.mark.parametrize("window", [(1280, 720), (1920, 1080)])
def test_a_mark_looks_as_it_did_when_drawn_afresh_each_frame(window):
    from scenes.table.kit.places import draw_mark

    scale.set_window(*window)
    m = pygame.Rect(12, 9, scale(46), scale(46))
    looks = ((3, False, False), (5, True, False), (7, False, True), (2, True, True), (0, True, False))
    for value, marked, ruled in looks:
        shots = []
        for draw in (draw_mark, _mark_afresh):
            surface = _backdrop((40, 90, 60), (10, 30, 20))
            draw(surface, m, value, (200, 150, 60), marked, ruled)
            shots.append(pygame.image.tobytes(surface, "RGB"))
        assert shots[0] == shots[1], (value, marked, ruled)


def test_panels_on_the_backdrop_are_drawn_as_blended_and_follow_a_move_and_a_new_backdrop():
    from scenes.table.kit.panels import InfoPanel

    kept = paint.Kept()
    for rect in (pygame.Rect(20, 30, 120, 80), pygame.Rect(24, 30, 100, 90)):
        for backdrop in (_backdrop((40, 90, 60), (10, 30, 20)), _backdrop((120, 30, 40), (60, 10, 20))):
            for shade in ((0, 0, 0), (20, 6, 8)):
                fast, blended = backdrop.copy(), backdrop.copy()
                kept.draw(fast, backdrop, rect, 60, paint.LINE, 2, 12, shade)
                paint.panel(blended, rect, 60, paint.LINE, 2, 12, shade)
                assert pygame.image.tobytes(fast, "RGB") == pygame.image.tobytes(blended, "RGB")
            info, plain = InfoPanel(rect), InfoPanel(rect)
            info.under = backdrop
            for panel in (info, plain):
                panel.set([("Turn 3", (250, 230, 160), True)])
            assert _seat_shot(info, backdrop) == _seat_shot(plain, backdrop)


def test_card_faces_kept_per_size_are_bounded():
    """A card flying between two zones passes through many sizes; the faces kept are not all of them."""
    from scenes.tables import deadmans_draw
    from scenes.tables.get_lucky import faces as get_lucky
    from scenes.tables.shipwreck_arcana import art

    for faces in (deadmans_draw._card_face, get_lucky._action_face, art._card_face, art._fate_face):
        assert faces.cache_info().maxsize is not None


@pytest.mark.parametrize("game_id", ["get_lucky", "shipwreck_arcana"])
def test_a_card_shrinking_in_flight_is_laid_out_at_its_two_ends_only(tmp_path, game_id, monkeypatch):
    """A card flying from a large place to a small one shows its face laid out at the large size, scaled, then
    at its own size once landed: not a face laid out (and kept in the face caches) at every size it passes."""
    from scenes.table.board import Board, Placement

    app = make_app(tmp_path)
    try:
        scene = app.push(_table(app, game_id))
        key, place = next((k, p) for k, p in scene.table.placements(scene.view()).items()
                          if p.face and not k.startswith("fate_") and "#" not in k)
        laid_out = []
        real = scene.table.card_image
        monkeypatch.setattr(scene.table, "card_image", lambda face, w, h: laid_out.append((w, h)) or real(face, w, h))
        board, big, small = Board(), pygame.Rect(100, 100, 240, 336), pygame.Rect(600, 300, 80, 112)
        board.settle({key: Placement(big, place.face)}, animate=False)
        board.settle({key: Placement(small, place.face)}, animate=True)
        while board.busy:
            board.update(1 / 30)
            scene.table.draw_piece(app.screen, board.pieces[key], board)
        assert set(laid_out) == {big.size, small.size}
    finally:
        app.shutdown()


@pytest.mark.parametrize("game_id", ["get_lucky", "shipwreck_arcana"])
def test_the_log_panel_kept_wrapped_shows_what_wrapping_it_afresh_shows(tmp_path, game_id):
    """The log panel's lines are wrapped once, not every frame: after a new entry, a new window size and a new
    language, the panel is what wrapping the log afresh gives."""
    app = make_app(tmp_path)
    try:
        scene = app.push(_table(app, game_id))
        entry = "Doctor Lucky walks on while the whole table watches and the candles burn low " * 2

        def panel() -> bytes:
            app.draw()
            return pygame.image.tobytes(app.screen.subsurface(scene.table.log_rect()), "RGB")

        changes = (lambda: scene.log.append(entry), lambda: scene.log.append(entry[:20]),
                   lambda: app._resized(1600, 900), lambda: app.set_language("ja"))
        for change in changes:
            before = panel()
            change()
            kept = panel()
            scene._log_wrapped = (None, [])
            assert panel() == kept != before
    finally:
        app.shutdown()
