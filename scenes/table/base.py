"""What every game's table shares: design-unit layout centred in the window, the standard zones (menu,
log, prompt), seat order from the viewer, flashes and floating words, hit testing, card pieces with
shadows and hover lift, and the large card preview. A game's table (scenes/tables/<id>.py) subclasses
`GameTable` and adds its own zones, pieces, gestures and drawing.
"""

from __future__ import annotations

import pygame

from game.games import module

from ..ui import fonts, theme
from ..ui.strings import lang
from ..ui.theme import DESIGN_H, DESIGN_W, scale
from .cardart import blit_rotated, shadow

_origin = [0.0, 0.0]


def R(x, y, w, h) -> pygame.Rect:
    """A rect in design units (1920×1080), scaled and centred in the window."""
    s = scale.factor
    return pygame.Rect(round(_origin[0] + x * s), round(_origin[1] + y * s), round(w * s), round(h * s))


class GameTable:
    message_zone = "prompt"  # where flash_message() floats its words; tables name a central zone

    def __init__(self, scene):
        self.scene = scene
        self.match = scene.match
        self.zones: dict[str, pygame.Rect] = {}
        self.flashes: list = []  # [rect, colour, time left, total]
        self.floaters: list = []  # [text, pos, colour, time left, total]
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
        """The table's background at the window size, painted once per size by `paint_backdrop`."""
        if self._backdrop is None or self._backdrop.get_size() != self.size:
            self._backdrop = self.paint_backdrop(*self.size)
        return self._backdrop

    def paint_backdrop(self, w: int, h: int) -> pygame.Surface:
        raise NotImplementedError

    def _seat_order(self) -> list[int]:
        """Seats from the viewer's (the bottom of the table) round to the left."""
        n = len(self.match.seats)
        me = self.scene.viewer if self.scene.viewer is not None else self.match.view(None)["current"]
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

    def describe(self, events, viewer):
        return module(self.match.game_id).describe(self.match, events, viewer, lang())

    # -- effects -------------------------------------------------------------------------------------------

    def flash(self, rect, colour, seconds) -> None:
        if seconds > 0:
            self.flashes.append([rect, colour, seconds, seconds])

    def float(self, text, pos, colour, seconds) -> None:
        if seconds > 0:
            self.floaters.append([text, pos, colour, seconds, seconds])

    def flash_message(self, text: str) -> None:
        self.float(text, self.zones[self.message_zone].center, theme.INK, 1.5)

    def update(self, dt: float) -> None:
        for item in self.flashes + self.floaters:
            item[-2] -= dt
        self.flashes = [f for f in self.flashes if f[-2] > 0]
        self.floaters = [f for f in self.floaters if f[-2] > 0]

    def busy(self) -> bool:
        return False

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

    def draw_floaters(self, surface) -> None:
        for text, pos, colour, left, total in self.floaters:
            rise = scale(60) * (1 - left / total)
            img = fonts.render(text, "huge", colour, True)
            img.set_alpha(int(255 * min(1.0, left / total * 2)))
            outline = fonts.render(text, "huge", (0, 0, 0), True)
            outline.set_alpha(img.get_alpha() // 2)
            r = img.get_rect(center=(pos[0], pos[1] - rise))
            surface.blit(outline, r.move(scale(3), scale(3)))
            surface.blit(img, r)

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
        blit_rotated(surface, self.card_image(piece.shown, rect.width, rect.height), rect, piece.angle,
                     board.squash(piece))

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
