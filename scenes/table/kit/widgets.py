"""`Widgets`: the kit's widgets of one table, kept together so the table's hooks can be one line each.

A table builds its widgets in `layout` (zone widgets under their zone id, others under any key), calls
`bind(view)` before using them, and forwards: `placements`, `hits` (string keys, as the scene compares
them), `rect_of`, `piece_in`, `tooltip`, `face_at`, `plan`, `draw` (under the pieces), `draw_over` (over them),
`update` and `busy`. Widgets added later lie over earlier ones: their hits come first.
"""

from __future__ import annotations

import pygame

from ...ui.theme import scale
from . import paint
from .areas import Layer
from .hits import Hit, parse_or_none
from .motion import chain, moves_from_events, moves_from_zones, plan_moves
from .widget import Widget
from .zones import ZoneWidget


class Widgets:
    # The order of hits under one point by kind (kinds not named come after, in the widgets' order): pieces and
    # places over whole zones and seats. A table whose players take a whole stack or pile may rank it first.
    rank = {"piece": 0, "place": 1}

    def __init__(self):
        self.items: dict[str, Widget] = {}
        self._bound = None  # the view the widgets show
        self._layer = Layer()  # the backdrop with the still widgets on it (see draw)

    def clear(self) -> None:
        self.items.clear()
        self._bound = None
        self._layer = Layer()

    def add(self, key: str, widget: Widget) -> Widget:
        """Adds `widget` (a zone widget's key is its zone id); returns it."""
        if isinstance(widget, ZoneWidget):
            widget.z_base = 100 * len(self.items)  # its pieces lie over those of the zones added before
        self.items[key] = widget
        self._bound = None
        return widget

    def __getitem__(self, key: str) -> Widget:
        return self.items[key]

    def zone_widgets(self) -> list[ZoneWidget]:
        return [w for w in self.items.values() if isinstance(w, ZoneWidget)]

    def bind(self, view) -> None:
        """Every zone widget reads its zone of `view` (a zone the view leaves out is empty)."""
        if self._bound is view:
            return
        zones = {z["id"]: z for z in view["zones"]}
        for w in self.zone_widgets():
            w.bind(zones.get(w.zone_id))
        self._bound = view

    # -- pieces ---------------------------------------------------------------------------------------------

    def places(self, view) -> dict:
        """{piece key: (zone id, Placement)} for `view`."""
        self.bind(view)
        return {key: (w.zone_id, place) for w in self.zone_widgets() for key, place in w.placements().items()}

    def placements(self, view) -> dict:
        return {key: place for key, (_, place) in self.places(view).items()}

    def moves(self, events, before, after) -> list:
        """What moved where: the common move events when the engine reports them, else a comparison of the
        two views' zones. A table may override this hook for moves its zones cannot tell."""
        return moves_from_events(events) or moves_from_zones(before["zones"], after["zones"])

    @property
    def bound(self):
        """The view the widgets show now (a zone widget's `face_of` may read more of it than its zone)."""
        return self._bound

    def plan(self, events, before, after, moves: list | None = None) -> tuple[dict, dict]:
        """(plan, exits) for Board.settle: every moved piece flies from its old zone to its new one. A table
        that paces its moments gives its own `moves` (with their starts, see motion.Move)."""
        moves = self.moves(events, before, after) if moves is None else moves
        old = self.places(before)
        # A piece passing through a zone (drawn, then discarded from the row) stops at its next free place
        # there as it was before, so this is read while `before` is bound.
        stops = {z: self.landing(z) for m in chain(moves) for z in m.via}
        new = self.places(after)  # binds `after` last: the screen shows it
        face_down = {z["id"] for z in after["zones"] if z["face"] == "down"}
        return plan_moves(moves, old, new, self.departure, self.landing, face_down, stops)

    def departure(self, zone_id: str) -> pygame.Rect | None:
        w = self.items.get(zone_id)
        return w.departure() if isinstance(w, ZoneWidget) else w.rect if w is not None else None

    def landing(self, zone_id: str) -> pygame.Rect | None:
        w = self.items.get(zone_id)
        return w.landing() if isinstance(w, ZoneWidget) else w.rect if w is not None else None

    # -- the scene's hooks ------------------------------------------------------------------------------------

    def hit_list(self, pos) -> list[Hit]:
        out: list[Hit] = []
        for w in reversed(list(self.items.values())):
            out.extend(h for h in w.hits(pos) if h not in out)
        # The most specific first (see `rank`), whichever widget gave them.
        return sorted(out, key=lambda h: self.rank.get(h.kind, len(self.rank)))

    def hits(self, pos) -> list[str]:
        return [str(h) for h in self.hit_list(pos)]

    def rect_of(self, key) -> pygame.Rect | None:
        hit = key if isinstance(key, Hit) else parse_or_none(key)
        if hit is None:
            return None
        for w in self.items.values():
            rect = w.rect_of(hit)
            if rect is not None:
                return rect
        return None

    def piece_in(self, piece_key: str, dragged: str) -> bool:
        """Whether the board piece `piece_key` is what the hit key `dragged` picks up (a piece hit names it)."""
        hit = parse_or_none(dragged)
        return hit is not None and hit.kind == "piece" and hit.piece == piece_key

    def entry_of(self, key) -> str | None:
        """The piece a hit key picks up: a piece hit's own, or the one a widget answering with hits of its own
        kind names (Widget.entry_of); None for none."""
        hit = key if isinstance(key, Hit) else parse_or_none(key)
        if hit is None or hit.kind == "piece":
            return hit.piece if hit is not None else None
        return next((e for w in self.items.values() if (e := w.entry_of(hit)) is not None), None)

    def carried(self, key) -> list[str]:
        """The entries a drag from the hit key `key` carries, for the table to draw under the pointer (and to
        leave out of their places, see piece_in): a piece; every piece of a zone taken whole; the top entry of a
        pile or of a stack taken whole (a zone listed by count gives its "<zone>#<n>" key, drawn as a back); an
        item a widget offers by its piece (a revealed card); nothing for a place or anything else."""
        hit = key if isinstance(key, Hit) else parse_or_none(key)
        if hit is None or hit.kind == "place":
            return []
        for w in self.zone_widgets():
            if w.rect_of(hit) is not None:
                return [hit.piece] if hit.kind == "piece" else w.placed() if hit.kind == "zone" else w.entries()[-1:]
        found = hit.piece is not None and any(w.rect_of(hit) is not None for w in self.items.values())
        return [hit.piece] if found else []

    def tooltip(self, key) -> str | None:
        hit = key if isinstance(key, Hit) else parse_or_none(key)
        if hit is None:
            return None
        return next((t for w in reversed(list(self.items.values())) if (t := w.tooltip_for(hit))), None)

    def face_at(self, pos) -> str | None:
        for w in reversed(list(self.items.values())):
            face = w.face_at(pos)
            if face is not None:
                return face
        return None

    def draw(self, surface, backdrop: pygame.Surface | None = None, between=None, leave=()) -> None:
        """Every widget's part under the pieces. Given the table's `backdrop`, this blits it first, with the
        widgets that lie on it alone (their `under` is it) kept drawn on it, each a part of the layer painted
        again when its `look()` changes (see areas.Layer): those lie under all the others. `between(surface)`
        draws what lies over that layer and under the other widgets (a box under a zone's cards); the widgets
        keyed in `leave` are not drawn (a table draws them itself, on a panel of its own)."""
        still = []
        if backdrop is not None:
            still = [w for w in self.items.values() if getattr(w, "under", None) is backdrop]
            self._layer.draw(surface, backdrop, [(w, w.rect, w.look(), w.draw) for w in still])
        if between is not None:
            between(surface)
        for key, w in self.items.items():
            if w not in still and key not in leave:
                w.draw(surface)

    def draw_over(self, surface) -> None:
        for w in self.items.values():
            w.draw_over(surface)

    def update(self, dt: float) -> None:
        for w in self.items.values():
            w.update(dt)

    @property
    def busy(self) -> bool:
        return any(w.busy for w in self.items.values())


class KitHooks:
    """The scene's input hooks for a table built from the kit, answered by its `Widgets` (`self.kit`) for the
    current view; a place the table keeps in `self.zones` (a menu button, a panel) comes first in `rect_of`.
    Mixed in before `GameTable`; a table overrides one of these only to add places of its own."""

    def hits(self, pos) -> list[str]:
        self.kit.bind(self.scene.view())
        return self.kit.hits(pos)

    def rect_of(self, key):
        if key is None:
            return None
        if key in self.zones:
            return self.zones[key]
        self.kit.bind(self.scene.view())
        return self.kit.rect_of(key)

    def piece_in(self, piece_key: str, dragged: str) -> bool:
        return self.kit.piece_in(piece_key, dragged)

    def face_at(self, pos, view):
        self.kit.bind(view)
        return self.kit.face_at(pos)

    def tooltip(self, key: str, view) -> str | None:
        self.kit.bind(view)
        return self.kit.tooltip(key)


class KitTable(KitHooks):
    """KitHooks, and the pieces' hooks as well for a table whose pieces are all the kit's: the board's pieces are
    the widgets' placements and fly as `Widgets.plan` says, the widgets run on the table's clock and keep the scene
    waiting while one of them moves (a pawn walking). Mixed in before `GameTable`; a table overrides a hook to add
    its special moments."""

    carried = (120, 168)  # the size of a card under the pointer, design units

    def placements(self, view) -> dict:
        return self.kit.placements(view)

    def plan(self, events, before, after):
        return self.kit.plan(events, before, after)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.kit.update(dt)

    def busy(self) -> bool:
        return self.kit.busy

    def me(self) -> int:
        """The seat the table is shown to (at the bottom of the ring)."""
        return self._seat_order()[0]

    def piece_rect(self, key: str) -> pygame.Rect | None:
        """Where the board's piece `key` is now (a pawn stands on it); None while it is not on the board."""
        piece = self.scene.board.pieces.get(key)
        return piece.rect if piece is not None else None

    def resettle(self) -> None:
        """Every piece flies to where the table now places it, after a step on the table that is no move (a card
        staged on a panel), as every move is shown: placed rather than flown with reduced motion."""
        self.scene.settle(self.placements(self.scene.view()))

    def draw_dragged(self, surface, key, pos, view) -> None:
        """A piece being dragged: its card, as its zone shows it, carried under the pointer."""
        hit = parse_or_none(key)
        if hit is None or hit.kind != "piece":
            return
        face = self.kit[hit.zone].face(hit.piece) if hit.zone in self.kit.items else hit.piece
        w, h = (scale(v) for v in self.carried)
        paint.carried(surface, [self.card_image(face, w, h)], pos)
