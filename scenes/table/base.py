"""What every game's table shares: design-unit layout centred in the window, the standard zones (menu,
log, prompt), seat order from the viewer, flashes and floating words, hit testing, card pieces with
shadows and hover lift, and the large card preview. A game's table (scenes/tables/<id>.py) subclasses
`GameTable` and adds its own zones, pieces, gestures and drawing.
"""

from __future__ import annotations

import pygame

from game.games import module

from ..ui import fonts, theme
from ..ui.strings import lang, tr
from ..ui.theme import DESIGN_H, DESIGN_W, scale
from .cardart import blit_rotated, shadow
from .kit.motion import never

_origin = [0.0, 0.0]
PLATE = (14, 12, 10)  # the dark backing behind floating words
RISE = 60  # how far (design px) a floating word rises over its life
FOREVER = 3600.0  # seconds: past the end of any animation


class FloatingWords:
    """Words that float over the table a moment (a score change, "Bust!", a toast) or over a menu. Each is
    drawn on a dark plate so it reads over any card; words shown at the same time are stacked rather than
    drawn over each other, and kept off what must stay readable (the action buttons, the prompt). Words added
    while held `still` (reduced motion) stay where they appear, and fade."""

    def __init__(self, still=never):
        self.items: list[list] = []  # [text, pos, colour, size, rise, time left, total]
        self.still = still

    def add(self, text: str, pos, colour, seconds: float, size: str = "huge", rise: int = RISE) -> None:
        if self.still():
            rise = 0
        if seconds > 0:
            self.items.append([text, pos, colour, size, rise, seconds, seconds])

    def update(self, dt: float) -> None:
        for item in self.items:
            item[-2] -= dt
        self.items = [item for item in self.items if item[-2] > 0]

    def clear(self) -> None:
        self.items.clear()

    def places(self, bounds: pygame.Rect, avoid=()) -> list[tuple]:
        """(item, plate) for every word, oldest first: where it has floated to, moved off the plates before
        it and off the rects in `avoid`, inside `bounds`."""
        taken = [pygame.Rect(r) for r in avoid]
        out = []
        for item in self.items:
            text, pos, _, size, rise, left, total = item
            w, h = fonts.get(size, True).size(text)
            plate = pygame.Rect(0, 0, w + scale(36), h + scale(12))
            plate.center = (pos[0], pos[1] - round(scale(rise) * (1 - left / total)))
            plate.clamp_ip(bounds)
            plate = _clear_spot(plate, taken, bounds, scale(6))
            taken.append(plate)
            out.append((item, plate))
        return out

    def draw(self, surface, avoid=()) -> None:
        for (text, _, colour, size, _, left, total), plate in self.places(surface.get_rect(), avoid):
            card = pygame.Surface(plate.size, pygame.SRCALPHA)
            radius = plate.height // 3
            pygame.draw.rect(card, (*PLATE, 215), card.get_rect(), border_radius=radius)
            pygame.draw.rect(card, colour, card.get_rect(), max(1, scale(2)), border_radius=radius)
            img = fonts.render(text, size, colour, True)
            card.blit(img, img.get_rect(center=card.get_rect().center))
            card.set_alpha(int(255 * min(1.0, left / total * 2)))  # fades out in its second half
            surface.blit(card, plate)


def _clear_spot(plate: pygame.Rect, taken: list, bounds: pygame.Rect, gap: int) -> pygame.Rect:
    """`plate` moved up past whatever it overlaps in `taken` or, with no room above, down; where it is if
    neither way is free."""
    for upward in (True, False):
        spot = plate.copy()
        # Moving one way only, each rect in `taken` is passed at most once.
        for _ in range(len(taken)):
            hit = spot.collidelist(taken)
            if hit < 0:
                break
            if upward:
                spot.bottom = taken[hit].top - gap
            else:
                spot.top = taken[hit].bottom + gap
        if spot.collidelist(taken) < 0 and bounds.contains(spot):
            return spot
    return plate


def R(x, y, w, h) -> pygame.Rect:
    """A rect in design units (1920×1080), scaled and centred in the window."""
    s = scale.factor
    return pygame.Rect(round(_origin[0] + x * s), round(_origin[1] + y * s), round(w * s), round(h * s))


class GameTable:
    message_zone = "prompt"  # where flash_message() floats its words; tables name a central zone
    # View keys this table never draws: what a seat only remembers (Dead Man's Draw's returned trait). Two
    # players' views that differ only there show the same screen, so hot-seat needs no curtain between them.
    unshown_view_keys: tuple = ()
    # A card that grows or shrinks in flight shows its face laid out at the larger end of its leg, scaled, rather
    # than a face laid out afresh at every size it passes through (a layout costs milliseconds, and every size
    # passed would take a place in the face caches). A table whose faces cost nothing to lay out may turn it off.
    scale_in_flight = True

    def __init__(self, scene):
        self.scene = scene
        self.match = scene.match
        self.zones: dict[str, pygame.Rect] = {}
        self.flashes: list = []  # [rect, colour, time left, total]
        self.words = FloatingWords(self.reduced_motion)
        self.size = (DESIGN_W, DESIGN_H)
        self._backdrop = None

    # -- layout --------------------------------------------------------------------------------------------

    def layout(self, width: int, height: int) -> None:
        s = scale.factor
        _origin[0], _origin[1] = (width - DESIGN_W * s) / 2, (height - DESIGN_H * s) / 2
        self.size = (width, height)
        self.zones["menu"] = R(1760, 20, 140, 60)
        self.zones["log"] = R(1510, 96, 390, 560)
        self.zones["prompt"] = R(20, 1000, 1880, 64)

    def backdrop(self) -> pygame.Surface:
        """The table's background at the window size, painted once per size by `paint_backdrop`: opaque, and
        drawn first by `draw_table`, so that the app does not clear the window under a table (TableScene.covers)."""
        if self._backdrop is None or self._backdrop.get_size() != self.size:
            self._backdrop = self.paint_backdrop(*self.size)
        return self._backdrop

    def paint_backdrop(self, w: int, h: int) -> pygame.Surface:
        raise NotImplementedError

    def _seat_order(self) -> list[int]:
        """Seats from the viewer's (the bottom of the table) round to the left."""
        n = len(self.match.seats)
        me = self.scene.viewer if self.scene.viewer is not None else self.scene.view_of(None)["current"]
        return [(me + i) % n for i in range(n)]

    def menu_rect(self):
        return self.zones["menu"]

    def prompt_rect(self):
        return self.zones["prompt"]

    def log_rect(self):
        return self.zones["log"]

    def ai_budget(self, level: str) -> float:
        return 1.0

    def auto_action(self, view, legal, solo: bool):
        """An action the table takes for the player (an option such as Quick defence); None by default."""
        return None

    def decision_text(self, decision) -> str:
        return tr(decision.prompt, **dict(decision.params))

    def describe(self, events, viewer):
        return module(self.match.game_id).describe(self.match, events, viewer, lang())

    # -- effects -------------------------------------------------------------------------------------------

    def reduced_motion(self) -> bool:
        """Motion is reduced (the player's setting): what the table and its kit pieces would move is shown where
        it ends (see kit.motion). Read when a piece would move, so a change in the settings holds at once."""
        return self.scene.reduced_motion

    def flash(self, rect, colour, seconds) -> None:
        if seconds > 0:
            self.flashes.append([rect, colour, seconds, seconds])

    def float(self, text, pos, colour, seconds) -> None:
        self.words.add(text, pos, colour, seconds)

    def flash_message(self, text: str) -> None:
        """A toast: a short notice over the table, in the table's central zone."""
        self.words.add(text, self.zones[self.message_zone].center, theme.INK, 1.8, size="large", rise=0)

    def update(self, dt: float) -> None:
        for item in self.flashes:
            item[-2] -= dt
        self.flashes = [f for f in self.flashes if f[-2] > 0]
        self.words.update(dt)

    def busy(self) -> bool:
        """A table's own animation still running (Doctor Lucky's walk): the scene waits for it as for the
        cards. Flashes and floating words do not count: they comment, and play goes on under them."""
        return False

    def finish(self) -> None:
        """End every animation at once (an undo during one): the table's clock runs past all of them, and
        what they were saying about the move taken back goes."""
        self.update(FOREVER)
        self.flashes.clear()
        self.words.clear()

    def draw_button_marks(self, surface, buttons: list) -> None:
        """Over the action buttons, once drawn: a table's marks on them (a character's star). None by default."""

    def draw_flashes(self, surface, fill: bool = False) -> None:
        for rect, colour, left, total in self.flashes:
            alpha = int(180 * left / total)
            over = pygame.Surface(rect.size, pygame.SRCALPHA)
            if fill:
                pygame.draw.rect(over, (*colour, alpha // 2), over.get_rect(), border_radius=scale(12))
            pygame.draw.rect(over, (*colour, alpha), over.get_rect(), max(3, scale(5)), border_radius=scale(12))
            surface.blit(over, rect)

    def draw_lit(self, surface, lit, colour) -> None:
        """A glow round every legal drop target while something is dragged."""
        for key in lit:
            rect = self.rect_of(key)
            if rect is not None:
                pygame.draw.rect(surface, colour, rect.inflate(scale(10), scale(10)), max(3, scale(4)),
                                 border_radius=scale(12))

    def keep_clear(self) -> list[pygame.Rect]:
        """What floating words must not cover: the buttons (Menu, Stop, ...) and the prompt."""
        return [w.rect for w in self.scene.form.widgets] + [self.prompt_rect()]

    def draw_floaters(self, surface) -> None:
        self.words.draw(surface, self.keep_clear())

    # -- pieces ----------------------------------------------------------------------------------------------

    # A subclass provides hits(pos) (hit keys under a point, most specific first), rect_of(key) and
    # card_image(face, w, h).

    def hit(self, pos, exclude=None):
        for key in self.hits(pos):
            if key != exclude:
                return key
        return None

    def draw_piece(self, surface, piece, board, lift: int = 0) -> None:
        rect = piece.rect
        if rect.width < 2:
            return
        if not piece.motions:
            shadow(surface, rect, max(4, rect.width // 12), max(2, scale(4)) + lift, 70 + 3 * lift)
        rect = rect.move(0, -lift)
        blit_rotated(surface, self.face_in_flight(piece, rect) if self.scale_in_flight and piece.motions else
                     self.card_image(piece.shown, rect.width, rect.height), rect, piece.angle, board.squash(piece))

    def face_in_flight(self, piece, rect: pygame.Rect) -> pygame.Surface:
        """A moving piece's face (see scale_in_flight): laid out at the larger end of its leg, never enlarged."""
        leg = piece.motions[0]
        w, h = max((round(leg.src[2]), round(leg.src[3])), (round(leg.dst[2]), round(leg.dst[3])))
        if (w, h) == rect.size or w < 2 or h < 2:
            return self.card_image(piece.shown, rect.width, rect.height)
        return pygame.transform.smoothscale(self.card_image(piece.shown, w, h), rect.size)

    def preview_image(self, face, w, h) -> pygame.Surface:
        return self.card_image(face, w, h)

    def draw_preview(self, surface, face, docked: bool = False) -> None:
        """The card large with its full text: centred over a dimmed table (right click), or docked over
        the log panel while the pointer rests on a card."""
        w, h = scale(380), scale(532)
        rect = pygame.Rect(0, 0, w, h)
        if docked:
            rect.midtop = (self.zones["log"].centerx, self.zones["log"].top)
        else:
            rect.center = (surface.get_width() // 2, surface.get_height() // 2 - scale(40))
            shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            shade.fill((0, 0, 0, 140))
            surface.blit(shade, (0, 0))
        shadow(surface, rect, scale(20), scale(12), 120)
        surface.blit(self.preview_image(face, w, h), rect)
