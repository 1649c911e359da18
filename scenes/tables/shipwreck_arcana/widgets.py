"""The Shipwreck Arcana's own widget, The Hours with its score and doom tracks, built on the kit's; and the hits
of the kit's widgets that show the row, the fates and the positions (kit.places.Slot, kit.zones.Tokens,
kit.seats.NotedSeat). Their hit keys are this game's kinds ("slot:<n>", "rowfate:<handle>", "hand:<token>",
"removed", "pos:<position>"), which gestures and tooltips name."""

from __future__ import annotations

from game.core.zones import is_handle
from game.games.shipwreck_arcana.cards import deck

from ...table.cardart import shadow, veil
from ...table.kit import Hit
from ...table.kit.places import Place
from ...ui import theme
from ...ui.strings import lang
from ...ui.theme import scale
from .art import DOOM, HOPE, MOON, _hours_face, _track_cells, _track_top

BAG = Hit("bag")


def slot_hit(slot: int) -> Hit:
    return Hit("slot", piece=str(slot))


def token_of(entry: str) -> str:
    """The number a fate entry ("fate_<value>:<n>") carries: its token in a hand, its handle in the row."""
    return entry.rpartition(":")[2]


class HoursCard(Place):
    """The Hours (the row's slot 0) and its two tracks; a fate played on it stops here on its way."""

    def __init__(self, rect, card_image, token: int, markers: dict):
        super().__init__("row/0", rect, card_image, token, slot_hit(0))
        self.markers = markers  # the table's, by track: they glide on across a new layout
        self.reached = {"score": 0, "doom": 0}

    def face_at(self, pos) -> str | None:
        return deck().hours.id if self.rect.collidepoint(pos) else None

    def draw(self, surface) -> None:
        rect = self.rect
        shadow(surface, rect, scale(14), scale(5), 90)
        surface.blit(_hours_face(rect.width, rect.height, lang()), rect)
        for index, track in enumerate(("score", "doom")):
            top = _track_top(rect.height, index)
            cells = [cell.move(rect.topleft) for cell in _track_cells(rect.width, rect.height, top)]
            colour = HOPE if track == "score" else DOOM
            for cell in cells[1:self.reached[track] + 1]:
                surface.blit(veil(cell.size, (*colour, 70), max(2, cell.width // 6)), cell)
            self.markers[track].draw(surface, cells, self.reached[track], colour, MOON,
                                     theme.INK_DARK if track == "score" else MOON)


def fate_hit(kind: str):
    """A fate's hit in a row of fates (kit.zones.Tokens): "rowfate:<handle>" in front of a card, "hand:<token>"
    in a position's hand; none for another's hidden fate."""
    return lambda entry: None if is_handle(entry) else Hit(kind, piece=token_of(entry))
