"""The Shipwreck Arcana's own widgets, built on the kit's: The Hours with its score and doom tracks, a slot of
the row, the fates lying in front of a card or in a position's hand, the box of removed powers, and a position's
panel with notes beside its fates. Their hit keys are this game's kinds ("slot:<n>", "rowfate:<handle>",
"hand:<token>", "removed", "pos:<position>"), which gestures and tooltips name."""

from __future__ import annotations

import pygame

from game.core.zones import is_handle
from game.games.shipwreck_arcana.cards import deck

from ...table.cardart import mix, shadow, veil
from ...table.kit import Hand, Hit, SeatPanel, ZoneWidget
from ...table.kit.places import Place
from ...ui import fonts, theme
from ...ui.strings import lang, tr
from ...ui.theme import scale
from .art import DOOM, GOLD_HI, HOPE, LINE, MOON, MOON_DIM, NIGHT, T, _hours_face, _track_cells, _track_top

BAG = Hit("bag")


def slot_hit(slot: int) -> Hit:
    return Hit("slot", piece=str(slot))


def token_of(entry: str) -> str:
    """The number a fate entry ("fate_<value>:<n>") carries: its token in a hand, its handle in the row."""
    return entry.rpartition(":")[2]


class HoursCard(Place):
    """The Hours (the row's slot 0) and its two tracks; a fate played on it stops here on its way."""

    def __init__(self, rect, card_image, token: int):
        super().__init__("row/0", rect, card_image, token, slot_hit(0))
        self.shown = {"score": 0.0, "doom": 0.0}  # the markers, eased by the table
        self.reached = {"score": 0, "doom": 0}

    def face_at(self, pos) -> str | None:
        return deck().hours.id if self.rect.collidepoint(pos) else None

    def draw(self, surface) -> None:
        rect = self.rect
        shadow(surface, rect, scale(14), scale(5), 90)
        surface.blit(_hours_face(rect.width, rect.height, lang()), rect)
        for index, track in enumerate(("score", "doom")):
            cells = _track_cells(rect.width, rect.height, _track_top(rect.height, index))
            colour = HOPE if track == "score" else DOOM
            for cell in cells[1:self.reached[track] + 1]:
                surface.blit(veil(cell.size, (*colour, 70), max(2, cell.width // 6)), cell.move(rect.topleft))
            shown = self.shown[track]
            lo = max(0, min(6, int(shown)))
            a, b = cells[lo], cells[min(7, lo + 1)]
            centre = (int(rect.left + a.centerx + (b.centerx - a.centerx) * (shown - lo)), rect.top + a.centery)
            r = max(scale(8), int(min(a.width, a.height) * 0.42))
            pygame.draw.circle(surface, (0, 0, 0), (centre[0] + 2, centre[1] + 2), r)
            pygame.draw.circle(surface, colour, centre, r)
            pygame.draw.circle(surface, MOON, centre, r, max(1, scale(2)))
            fonts.blit_text(surface, str(round(shown)), centre, 14, theme.INK_DARK if track == "score" else MOON, True,
                            anchor="center")


class ArcanaSlot(ZoneWidget):
    """One of the row's four places: its card, or a marked empty place."""

    def __init__(self, slot: int, rect, card_image):
        super().__init__(f"row/{slot}", rect, card_image)
        self.hit = slot_hit(slot)

    def piece_rects(self, count: int) -> list[pygame.Rect]:
        return [self.rect] * count

    def hits(self, pos) -> list[Hit]:
        return [self.hit] if self.rect.collidepoint(pos) else []

    def rect_of(self, hit: Hit) -> pygame.Rect | None:
        return self.rect if hit == self.hit else None

    def draw(self, surface) -> None:
        if not self.count:
            pygame.draw.rect(surface, LINE, self.rect, max(1, scale(2)), border_radius=scale(12))
            fonts.blit_text(surface, tr(T + "empty_slot"), self.rect.center, "small", MOON_DIM, anchor="center")


class Fates(Hand):
    """Fate tokens side by side: those lying in front of a card (hit as "rowfate:<handle>") or a position's
    hand (hit as "hand:<token>" when the viewer can name them)."""

    def __init__(self, zone_id, rect, card_image, kind: str, d: int, face_of=None, align="center"):
        super().__init__(zone_id, rect, card_image, face_of=face_of, card_size=(d, d), align=align)
        self.kind = kind

    def _hit(self, entry: str) -> Hit | None:
        return None if is_handle(entry) else Hit(self.kind, piece=token_of(entry))

    def hits(self, pos) -> list[Hit]:
        entry = self.piece_at(pos)
        hit = self._hit(entry) if entry is not None else None
        return [hit] if hit is not None else []

    def rect_of(self, hit: Hit) -> pygame.Rect | None:
        entries = self.placed()
        rects = self.piece_rects(len(entries))
        return next((r for e, r in zip(entries, rects, strict=True) if self._hit(e) == hit), None)

    def entry_of(self, hit: Hit) -> str | None:
        return next((e for e in self.placed() if self._hit(e) == hit), None)

    def draw(self, surface) -> None:
        pass  # the tokens are pieces; an empty place needs no outline

    def draw_over(self, surface) -> None:
        pass


class Removed(Place):
    """The Restless Hours' used powers, out of the game: a marked place saying how many."""

    def __init__(self, rect, card_image):
        super().__init__("removed", rect, card_image, hit=Hit("removed"))

    def draw(self, surface) -> None:
        pygame.draw.rect(surface, LINE, self.rect, max(1, scale(2)), border_radius=scale(10))
        fonts.blit_text(surface, tr(T + "removed", count=self.count), self.rect.center, "small", MOON_DIM, True,
                        anchor="center")


class Position(SeatPanel):
    """A position's panel (a player's, or one of the two a player has in the challenge mode): the kit's header
    in the position's colour, and notes beside its fates (its number line is a MarkRow over it)."""

    def __init__(self, pos: int, rect, colour):
        super().__init__(pos, rect)
        self.colour = colour
        self.line, self.accent = mix(colour, NIGHT, 0.4), GOLD_HI
        self.note_left = self.body.left  # where the notes start: right of the fates held
        self.notes: list[str] = []

    def hits(self, pos):
        return [Hit("pos", owner=self.seat)] if self.rect.collidepoint(pos) else []

    def rect_of(self, hit):
        return self.rect if hit == Hit("pos", owner=self.seat) else None

    def tooltip(self, hit):
        return None  # the table's words

    def draw(self, surface) -> None:
        super().draw(surface)
        x = self.note_left
        width = self.rect.right - scale(10) - x
        y, lh = self.header.bottom + scale(12), fonts.get("small").get_linesize()
        for note in self.notes if width >= scale(40) else []:
            for line in fonts.lines(note, width, "small", max_lines=2):
                fonts.blit_text(surface, line, (x, y), "small", MOON_DIM)
                y += lh
