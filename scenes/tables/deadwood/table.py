"""The Deadwood 1876 table (4–9 players), built from the table kit.

Round the table, a seat panel per player: name, team (the establishment's colour and letter), the
character's star colour and name, the hand size, and the safe row face down with what the viewer knows drawn
on it (seats.py of the kit, safes.py). At the bottom, the viewer's own panel: the hand (gun and item halves),
the own safes, and the draw pile, the discard pile, the heist stack and the flipped heist safe. In the middle,
the three establishments with their stars and capacity; the questions (ChoicePanel) rise over them. On the
right, the stage where a fight, a Heist or a Final Showdown is played out (stage.py), the dice tray under it,
and the log.

Gestures: a card dragged onto a safe robs it, onto a player duels them, onto an establishment rides there
(Horse), onto the draw pile puts on the Duster Coat, onto a player's row (beside the safes) puts on the
Stetson Hat; a card clicked is picked, and its item uses (and, in a card choice, the card's play) become
buttons. Fight, Heist, showdown and Mystery cards are dragged onto the stage or picked and confirmed. The
Duster Coat's discards are marked by clicking the cards. A Stetson Hat looks at a safe clicked. Transfers
drag a safe onto a player (or pick it, then a button). Claims: the Claim button, then whom, then what.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache, lru_cache, partial

import pygame

from game.core.events import redact_all
from game.core.zones import is_handle
from game.games.deadwood.cards import data
from game.games.deadwood.log import claim_text

from ...table.base import GameTable, R
from ...table.kit import ChoicePanel, Hand, HandCount, Hit, Pile, SeatPanel, Widgets, ZoneWidget, paint, seat_ring
from ...table.kit.areas import Layer
from ...table.kit.hits import parse_or_none
from ...table.kit.text import draw_name, name_layout
from ...table.kit.widgets import KitHooks
from ...ui import fonts, theme
from ...ui.strings import lang, pick, tr
from ...ui.theme import scale
from . import faces
from .faces import T
from .gestures import TableGestures
from .safes import ALSO_LINES, SafeRow
from .stage import Rolls, Spot, StagePanel, die_mark, kind_of, roll_groups, stage_layout

ROLL, HOLD = 0.9, 0.5  # seconds a roll tumbles, and stays before the next (before the speed factor)
BUBBLE_SECONDS = 7.0
WOOD_TOP, WOOD_BOTTOM = (70, 44, 26), (40, 24, 14)


class DwWidgets(Widgets):
    """The kit's widgets, remembering the view they are bound to: the stage lays out its cards from it."""

    view = None

    def bind(self, view) -> None:
        super().bind(view)
        self.view = view


class Choices(ChoicePanel):
    """The kit's question panel, compact, standing on the bottom of its area and growing upwards."""

    BUTTON_H = 52
    MIN_W = 150

    def __init__(self, rect):
        super().__init__(rect)
        self.area = pygame.Rect(rect)

    def button_gestures(self, gestures, which=lambda g: True) -> list[tuple]:
        self.rect = self.area.copy()
        out = super().button_gestures(gestures, which)
        dy = self.area.bottom - self.used.bottom
        if dy > 0:
            self.rect.move_ip(0, dy)
            self.used.move_ip(0, dy)
            out = [(r.move(0, dy), g) for r, g in out]
        return out

    def extra_width(self, gesture) -> int:
        """A character's button has its star at the left (DeadwoodTable.draw_button_marks)."""
        return scale(self.BUTTON_H) if gesture.action is not None and gesture.action.kind == "character" else 0

    def draw(self, surface) -> None:
        if self.shown:  # opaque: it may rise over the establishments, whose words must not show through
            pygame.draw.rect(surface, (24, 16, 10), self.used, border_radius=scale(16))
        super().draw(surface)


class EstBox(ZoneWidget):
    """An establishment ("est/<id>"): its name, team letter and colour, how many stars of how many it holds,
    and the stars themselves as pieces (they fly when a star moves)."""

    under: pygame.Surface | None = None  # the backdrop, when set: the box is blitted as one opaque piece

    def __init__(self, est_id: str, rect, card_image, capacity: int):
        super().__init__(f"est/{est_id}", rect, card_image)
        self.est_id, self.capacity = est_id, capacity
        self._plate = paint.Kept()

    def _star_area(self) -> pygame.Rect:
        """The row under the name: the stars, then the count at the right."""
        head = fonts.get("small", True).get_linesize() + scale(12)
        count_w = fonts.get("small", True).size("9/9")[0] + scale(12)
        return pygame.Rect(self.rect.left + scale(8), self.rect.top + head, self.rect.width - scale(16) - count_w,
                           self.rect.height - head - scale(6))

    def piece_rects(self, count: int) -> list[pygame.Rect]:
        area = self._star_area()
        slots = max(self.capacity, count, 1)
        d = min(area.height, (area.width - scale(6) * (slots - 1)) // slots, scale(64))
        return [pygame.Rect(area.left + i * (d + scale(6)), area.centery - d // 2, d, d) for i in range(count)]

    def empty_rects(self) -> list[pygame.Rect]:
        rects = self.piece_rects(self.capacity)
        return rects[self.count:]

    def tooltip(self, hit) -> str | None:
        if hit.zone != self.zone_id:
            return None
        names = [pick(faces.character(c).name) for c in self.entries()]
        return tr(T + "est_tip", establishment=pick(faces.establishment(self.est_id).name), count=self.count,
                  capacity=self.capacity, stars=tr(T + "list_sep").join(names) or tr(T + "nobody"))

    def draw(self, surface) -> None:
        letter, colour = faces.team_mark(self.est_id)
        self._plate.draw(surface, self.under, self.rect, 120, colour, 3, radius=12)
        lh = fonts.get("small", True).get_linesize()
        r = lh // 2
        paint.letter_disc(surface, (self.rect.left + scale(10) + r, self.rect.top + scale(6) + r), r, colour, letter)
        left = self.rect.left + scale(16) + 2 * r
        box = pygame.Rect(left, self.rect.top + scale(6), self.rect.right - left - scale(8), lh)
        name = pick(faces.establishment(self.est_id).name)
        if not name_layout(name, box.width, box.height, scale.text_px("small"), shorten=False):
            name = tr(T + "est_short." + self.est_id)
        draw_name(surface, name, box, scale.text_px("small"), theme.INK)
        area = self._star_area()
        paint.one_line(surface, f"{self.count}/{self.capacity}", (self.rect.right - scale(10), area.centery),
                       self.rect.width, "small", theme.INK, True, anchor="midright")
        for rect in self.empty_rects():
            pygame.draw.circle(surface, paint.LINE, rect.center, rect.width // 2, max(1, scale(2)))


class DeadwoodTable(TableGestures, KitHooks, GameTable):
    message_zone = "centre"
    results_points = False  # gold is shown by team in the results panel

    def __init__(self, scene):
        super().__init__(scene)
        self.kit = DwWidgets()
        self._pick_for = None
        self.pick: dict = {}
        self.bubbles: dict = self._standing_claims()  # seat -> [text, seconds left]
        self.frozen = None  # the view whose stage stays up while its dice roll (the fight is already over)
        self.frozen_left = 0.0
        self.corners: dict = {}  # seat -> where its star and hand count stand when not at the header's end
        self.still = Layer()  # the table under the pieces, painted once for what it is painted from (_still_of)

    # -- layout --------------------------------------------------------------------------------------------

    def layout(self, width: int, height: int) -> None:
        self.zones.clear()
        super().layout(width, height)
        z = self.zones
        z["stage"] = R(1510, 96, 390, 520)
        z["dice"] = R(1510, 624, 390, 112)
        z["log"] = R(1510, 744, 390, 246)
        self.kit = kit = DwWidgets()
        view = self.scene.view()
        n = view["players"]
        order = self._seat_order()
        # From five others on, seats stand down both sides too: a lower top band gives the side seats room
        # for their safes.
        ring = seat_ring(n, R(20, 14, 1470, 976), viewer_height=scale(330),
                         top_height=scale(215) if n > 5 else None)
        z["centre"] = ring.centre
        self.ring = ring
        me = order[0]
        # The panels lie on the backdrop alone: each is blitted as one opaque piece, made once (paint.Kept).
        under = self.backdrop()
        self.corners.clear()
        for place, seat in enumerate(order):
            panel = kit.add(f"seat{seat}", SeatPanel(seat, ring.areas[place], header_height=scale(40)))
            panel.under = under
            panel.line, panel.accent = faces.LEATHER_TOP, theme.ACCENT_HI
            panel.reserve = scale(110) if place else scale(48)  # the star, and the hand's count
            panel.tip = partial(self._seat_tip, seat)
            if place:
                end = panel.header.inflate(-scale(16), -scale(8))
                if not self._name_fits(panel, self.match.seats[seat].name):
                    # A narrow seat (a side column at 1280×720) gives its header to the name: the star and the
                    # hand's count stand at the top right of the panel's body, beside the safes.
                    panel.reserve = 0
                    body = panel.body
                    end = pygame.Rect(body.right - scale(110), body.top, scale(110), end.height)
                    self.corners[seat] = end
                count = kit.add(f"hand/{seat}", HandCount(f"hand/{seat}", end, self.card_image))
                count.tip = panel.tip
        self._others_rows(order[1:])
        self._my_area(me, ring.areas[0])
        centre = ring.centre
        est_h = min(scale(170), centre.height * 42 // 100)
        gap = scale(12)
        w = (centre.width - 2 * gap) // 3
        for e, est in enumerate(data().establishments):
            rect = pygame.Rect(centre.left + e * (w + gap), centre.top, w, est_h)
            kit.add(f"est/{est.id}", EstBox(est.id, rect, self.card_image, view["capacity"])).under = under
        self.choices = Choices(pygame.Rect(centre.left, centre.top, centre.width, centre.height))
        kit.add("stage", StagePanel(z["stage"], self._stage_layout, self._stage_view, self._names)).under = under
        for seat in range(n):
            panel = kit[f"seat{seat}"].rect
            # Off the stage a fight card sets off from the seat's header; showdown cards used rest face up in
            # the panel's bottom right corner once the showdown is over.
            homes = {"commit": pygame.Rect(panel.right - scale(60), panel.top, scale(40), scale(56)),
                     "used": pygame.Rect(panel.right - scale(52), panel.bottom - scale(64), scale(42), scale(58))}
            for zone in ("commit", "offer", "used"):
                spot = kit.add(f"{zone}/{seat}", Spot(f"{zone}/{seat}", homes.get(zone, homes["commit"]),
                                                      self.card_image, self._stage_layout, face_of=_named_face))
                spot.tip = partial(self._card_tip, seat, zone)
        kit.add("heist_up", Spot("heist_up", self._heist_up_home, self.card_image, self._stage_layout,
                                 face_of=_named_face))
        self.rolls = kit.add("dice", Rolls("dice", z["dice"], seed=self.match.seed, still=self.reduced_motion))

    def log_rect(self):
        """The log takes the whole right column while no fight, Heist or showdown is on the stage and no dice
        lie in the tray."""
        if self._stage_layout()["kind"] is None and not self.rolls.faces:
            return self.zones["stage"].union(self.zones["log"])
        return self.zones["log"]

    @staticmethod
    def _name_fits(panel: SeatPanel, name: str) -> bool:
        """Whether `name` reads whole in the header beside the star and the hand's count, with the team's
        letter and the turn's arrow in front of it (spaced as SeatPanel.draw spaces them)."""
        head = panel.header
        disc = scale(12) + 2 * (head.height * 3 // 8)
        room = head.width - scale(12) - disc - scale(24) - scale(12) - panel.reserve - scale(10)
        return name_layout(name, room, head.height - scale(4), scale.text_px("body"), shorten=False) is not None

    def _others_rows(self, seats: list) -> None:
        for seat in seats:
            body = self.kit[f"seat{seat}"].body
            also = ALSO_LINES * fonts.get("small").get_linesize()
            corner, also_width = self.corners.get(seat), None
            if corner is not None:  # the star and the hand's count stand at the body's top right:
                below = body.height - corner.height - scale(4) - also
                if below >= scale(90):  # over the safes, in a tall panel
                    body = pygame.Rect(body.left, corner.bottom + scale(4), body.width, body.height - corner.height -
                                       scale(4))
                else:  # else beside them (the line under them keeps the body's width)
                    also_width = body.width
                    body.width = corner.left - scale(6) - body.left
            card_h = max(scale(40), min(scale(130), body.height - also - scale(4)))
            row = SafeRow(seat, body, self.card_image, partial(self._row, seat), partial(self._peeked, seat), card_h)
            row.also_width = also_width
            self.kit.add(f"row/{seat}", row)

    def _my_area(self, me: int, area: pygame.Rect) -> None:
        body = self.kit[f"seat{me}"].body
        held = self.scene.view()["hand_size"]
        card_h = min(body.height - scale(4), scale(220))
        # The hand's cards give way until three safes fit beside them at three fifths of their height (a fourth
        # overlaps): with four cards in hand the safes would otherwise shrink past reading. The cards keep the
        # height at which they still show their die (faces.card_face).
        while True:
            card_w = round(card_h / 1.4)
            # Room for a full hand and a little more (a Duster Coat's draw fans out over it).
            hand_w = held * card_w + (held - 1) * scale(10) + card_w // 2
            pile_h = min(card_h - fonts.get("small").get_linesize(), scale(130))
            pile_w = round(pile_h / 1.4) + Pile.LAYERS * max(1, scale(3))
            piles_w = 4 * pile_w + 3 * scale(14)
            row_left = body.left + hand_w + scale(20)
            row_w = body.right - piles_w - scale(20) - row_left
            if row_w >= 3 * round(card_h * 3 / 5 / 1.4) + 2 * scale(8) or card_h <= faces.SMALL_CARD_H:
                break
            card_h -= max(1, scale(6))
        hand = Hand(f"hand/{me}", pygame.Rect(body.left, body.top, hand_w, card_h), self.card_image,
                    card_size=(card_w, card_h))
        self.kit.add(f"hand/{me}", hand)
        # Four safes side by side (a fourth is held a moment before a transfer, and in the badge round).
        safe_h = min(card_h, scale(150), round((row_w - 3 * scale(8)) / 4 * 1.4))
        row_rect = pygame.Rect(row_left, body.top, row_w, safe_h)
        self.kit.add(f"row/{me}", SafeRow(me, row_rect, self.card_image, partial(self._row, me),
                                          partial(self._peeked, me), safe_h, also_line=False))
        x = body.right - piles_w
        top = body.bottom - pile_h - scale(4)
        for zone_id, image in (("draw", self.card_image), ("discard", self.card_image),
                               ("heist", self._safe_back_image), ("heist_up", None)):
            rect = pygame.Rect(x, top, pile_w, pile_h + Pile.LAYERS * max(1, scale(3)))
            if image is not None:
                pile = self.kit.add(zone_id, Pile(zone_id, rect, image, tr(T + zone_id)))
                pile.tip = partial(self._pile_tip, zone_id)
            else:
                self._heist_up_home = pygame.Rect(x, top, pile_w - Pile.LAYERS * max(1, scale(3)), pile_h)
            x += pile_w + scale(14)

    # -- what the widgets read ---------------------------------------------------------------------------------

    def _view(self):
        return self.kit.view or self.scene.view()

    def _row(self, seat: int):
        rows = self._view()["rows"]
        return rows[seat] if seat < len(rows) else None

    def _peeked(self, seat: int) -> list:
        return [slot for p, slot in self._view()["peeked"] if p == seat]

    def _stage_view(self):
        return self.frozen if self.frozen is not None else self._view()

    def _stage_layout(self) -> dict:
        return stage_layout(self._stage_view(), self.zones["stage"])

    def _names(self) -> list:
        return [s.name for s in self.match.seats]

    def _seat_order(self) -> list[int]:
        """Seats from the viewer's round to the left; behind the curtain, from the active player's."""
        n = len(self.match.seats)
        me = self.scene.viewer if self.scene.viewer is not None else self.scene.view_of(None)["active"]
        return [(me + i) % n for i in range(n)]

    def _me(self) -> int:
        return self._seat_order()[0]

    def _safe_back_image(self, face, w, h):
        return faces.image(face or faces.SAFE_BACK, w, h, lang())

    def _card_tip(self, seat: int, zone: str, hit) -> str | None:
        """Over a card on the stage: whose it is (an offered Holster, a fight or showdown card)."""
        if hit.kind != "piece":
            return None
        name = self.match.seats[seat].name
        if is_handle(hit.piece):
            return tr(T + "card_of", player=name)
        return tr(T + f"{zone}_tip", player=name, card=faces.card_name(hit.piece))

    def _pile_tip(self, zone_id: str, hit) -> str | None:
        view = self._view()
        count = {"draw": view["draw"], "discard": len(view["discard"]), "heist": view["heist"]}[zone_id]
        return tr(T + zone_id + "_tip", count=count)

    # -- pieces and motion ---------------------------------------------------------------------------------

    def placements(self, view) -> dict:
        return self.kit.placements(view)

    def plan(self, events, before, after):
        events = redact_all(events, self.scene.viewer)
        plan, exits = self.kit.plan(events, before, after)
        groups = roll_groups(events)
        if not groups or self.scene.speed == 0:
            return plan, exits
        # The dice speak first: cards leaving the stage wait on it until the rolls are over.
        wait = len(groups) * (ROLL + HOLD)
        stage_zones = {k for k in self.kit.places(before) if self.kit.places(before)[k][0].startswith(
            ("commit/", "offer/"))}
        self.kit.bind(after)
        for key, legs in plan.items():
            if key in stage_zones:
                plan[key] = [replace(leg, start=leg.start + wait) for leg in legs]
            elif len(legs) > 1:
                plan[key] = legs[:1] + [replace(leg, start=leg.start + wait) for leg in legs[1:]]
        if kind_of(before) is not None and kind_of(before) != kind_of(after) or \
                kind_of(before) == "showdown" and before["alive"] != after["alive"]:
            self.frozen, self.frozen_left = before, (wait + 0.4) * self.scene.speed
        return plan, exits

    def on_events(self, events, before, after) -> None:
        sounds = self.scene.app.sounds
        speed = self.scene.speed
        names = self._names()
        events = redact_all(events, self.scene.viewer)
        for group in roll_groups(events):
            dice, marks, parts = [], [], []
            for ev in group:
                dice += list(ev["faces"])
                marks += [die_mark(g) for g in ev["dice"]]
                parts.append(tr(T + "rolled", player=names[ev["seat"]], total=sum(ev["faces"])))
            self.rolls.add(dice, marks, tr(T + "list_sep").join(parts), ROLL * speed)
            sounds.play("flip")
        for ev in events:
            k = ev.kind
            if k == "claim":
                text = claim_text(ev["content"], ev["seat"], ev["subject"], ev["slot"], names, lang())
                self.bubbles[ev["seat"]] = [text, BUBBLE_SECONDS]
            elif k == "moved" and ev["why"] in ("deal", "refill", "draw"):
                sounds.play("draw")
            elif k in ("fight_won", "heist_won", "showdown_won"):
                sounds.play("collect")
            elif k in ("wounded", "eliminated"):
                sounds.play("bust")

    def _standing_claims(self) -> dict:
        """The claims made during the current turn, as fresh bubbles: a loaded or reopened game shows them
        again (their events are not replayed)."""
        view, names = self.match.view(None), self._names()  # claims are public: any seat's view has them
        return {seat: [claim_text(content, seat, subject, slot, names, lang()), BUBBLE_SECONDS]
                for seat, subject, slot, content, turn, _round in view["claims"] if turn == view["turns"]}

    def update(self, dt: float) -> None:
        super().update(dt)
        self.kit.update(dt)
        for bubble in list(self.bubbles.values()):
            bubble[1] -= dt
        self.bubbles = {s: b for s, b in self.bubbles.items() if b[1] > 0}
        if self.frozen is not None:
            self.frozen_left -= dt
            if self.frozen_left <= 0 and not self.rolls.busy:
                self.frozen = None
        if self.frozen is None and not self.rolls.busy and self.rolls.faces and \
                kind_of(self.scene.view()) is None:
            self.rolls.clear()  # the stage is gone: the log takes the column back

    def busy(self) -> bool:
        return self.kit.busy

    def finish(self) -> None:
        super().finish()
        self.rolls.clear()
        self.frozen = None
        self.bubbles.clear()

    # -- input ---------------------------------------------------------------------------------------------

    def rect_of(self, key):
        hit = parse_or_none(key) if key is not None and key not in self.zones else None
        if hit is not None and hit.kind == "seat":
            # A player is aimed at by the header: the rest of the panel holds their safes (a Robbery's targets).
            self.kit.bind(self.scene.view())
            return self.kit[f"seat{hit.owner}"].header
        return super().rect_of(key)

    def face_at(self, pos, view):
        face = super().face_at(pos, view)
        return None if face == faces.SAFE_BACK else face

    # -- drawing ---------------------------------------------------------------------------------------------

    def paint_backdrop(self, w: int, h: int) -> pygame.Surface:
        return paint.felt(w, h, (92, 64, 40), (54, 36, 22), (36, 22, 12))

    def card_image(self, face, w, h) -> pygame.Surface:
        if face in _char_ids():
            return _star_piece(face, w, h)
        return faces.image(face, w, h, lang())

    def draw_piece(self, surface, piece, board, lift: int = 0) -> None:
        if piece.key in _char_ids():  # a star: no card shadow
            rect = piece.rect.move(0, -lift)
            surface.blit(self.card_image(piece.key, rect.width, rect.height), rect)
            return
        super().draw_piece(surface, piece, board, lift)

    def _bind(self, view) -> None:
        self.kit.bind(view)
        seats = self.match.seats
        active = view["active"] if view["phase"] in ("turn", "character") else None
        deciding = {d.seat for d in self.scene.deciding()}
        thinking = self.scene.thinking
        for seat, info in enumerate(seats):
            panel = self.kit[f"seat{seat}"]
            est = view["establishments"][seat]
            team = faces.team_mark(est) if est else None
            panel.set(info.name, None if info.is_human else info.level, seat == active or seat in deciding and
                      active is None, thinking == seat, team)

    def draw_table(self, surface, view, lit=(), active=(), hover=None) -> None:
        self._bind(view)
        made_of = self._still_of(view)
        if made_of is None:  # something in it moves: the table is painted afresh
            surface.blit(self.backdrop(), (0, 0))
            self._paint_still(view, surface)
        else:  # one part, the whole window; its look holds what it is painted from, so that their ids stay theirs
            look = made_of, (view, self.frozen, self.kit)
            self.still.draw(surface, self.backdrop(), [("table", surface.get_rect(), look,
                                                        partial(self._paint_still, view))])
        self.rolls.draw(surface)  # over the rest, alone in its tray: the dice tumble on a table left as it is
        self.draw_lit(surface, lit, theme.ACCENT_HI)
        self._draw_marks(surface, view)

    def _paint_still(self, view, surface) -> None:
        """The table under the pieces but for the dice, over the backdrop: the widgets (seats, rows,
        establishments, stage, piles), the stars and the round's line."""
        for widget in self.kit.items.values():
            if widget is not self.rolls:
                widget.draw(surface)
        self._draw_stars(surface, view)
        self._draw_info(surface, view)

    def _still_of(self, view) -> tuple | None:
        """What the table under the pieces is painted from: while it stays the same, the painting made last is
        blitted whole, as one part of a kit Layer (the view is the same object for as long as the state is: see
        TableScene.view_of). None while a widget other than the dice moves (none does now: a safeguard)."""
        if any(widget.busy for widget in self.kit.items.values() if widget is not self.rolls):
            return None
        panels = []
        for seat in range(len(self.match.seats)):
            p = self.kit[f"seat{seat}"]
            panels.append((p.name, p.level, p.turn, p.thinking, p.team, int(p.clock * 3) % 3 if p.thinking else 0))
        return id(view), id(self.frozen), id(self.kit), self.scene.viewer, tuple(panels), lang(), scale.factor

    def _draw_stars(self, surface, view) -> None:
        """Each seat's star (its character's colour and initials) at the right of its header, before the hand."""
        for seat, char in enumerate(view["characters"]):
            if char is None:
                continue
            panel = self.kit[f"seat{seat}"]
            head = self.corners.get(seat) or panel.header
            r = panel.header.height * 2 // 5
            x = head.left + scale(8) + r if seat in self.corners else head.right - panel.reserve + scale(8) + r
            faces.star(surface, (x, head.centery), r, char)

    def draw_button_marks(self, surface, buttons: list) -> None:
        """A character's button shows its star (colour and initials) at the left of the name."""
        stars = {g.label: g.action["character"] for g in self.scene.gestures()
                 if g.action is not None and g.action.kind == "character"}
        for b in buttons:
            char = stars.get(b.text)
            if char is not None:
                r = b.rect.height * 3 // 10
                faces.star(surface, (b.rect.left + scale(14) + r, b.rect.centery), r, char)

    def _seat_tip(self, seat: int, hit) -> str | None:
        """Over a seat: who it is, which character, which team, how many cards."""
        if hit.kind == "piece":
            return None
        view = self._view()
        parts = [self.match.seats[seat].name]
        char, est = view["characters"][seat], view["establishments"][seat]
        if char:
            parts.append(pick(faces.character(char).name))
        if est:
            parts.append(pick(faces.establishment(est).name))
        parts.append(tr(T + "hand_tip", count=view["hand_sizes"][seat]))
        return " · ".join(parts)

    def _draw_info(self, surface, view) -> None:
        """Under the establishments: the round, the Heists left, the badge called, the hand sizes."""
        centre = self.zones["centre"]
        top = self.kit[f"est/{data().establishments[0].id}"].rect.bottom + scale(10)
        lines = [self._round_text(view)]
        if view["phase"] == "over":
            lines = [tr("table.game_over")]
        y = top
        for line in lines:
            paint.one_line(surface, line, (centre.centerx, y), centre.width, "small", theme.INK, True,
                           anchor="midtop")
            y += fonts.get("small").get_linesize()

    def _round_text(self, view) -> str:
        rounds = view["rounds"]
        if view["round"] == 0:
            return tr(T + "setup")
        if view["round"] <= rounds:
            return tr(T + "round", round=view["round"], rounds=rounds, heist=view["heist"])
        if view["gold"] is None:
            return tr(T + "badge_round", number=view["called"])
        return tr(T + "scoring")

    def _draw_marks(self, surface, view) -> None:
        """The picked card glows; cards marked for the Duster Coat's discard wear a tag."""
        picks = self._picks()
        me = self._me()
        picked = picks.get("card")
        for card in [picked] + list(picks.get("marks", [])):
            if card is None:
                continue
            rect = self.kit.rect_of(Hit.of_piece(f"hand/{me}", card))
            if rect is None:
                continue
            pygame.draw.rect(surface, theme.ACCENT_HI, rect.inflate(scale(8), scale(8)), max(2, scale(4)),
                             border_radius=scale(10))
            if card != picked:
                paint.badge(surface, tr(T + "discard_tag"), rect.midtop, anchor="midtop", colour=theme.DANGER)
        slot = picks.get("slot")
        if slot is not None:
            rect = self.rect_of(self._safe_key(view, me, slot))
            if rect is not None:
                pygame.draw.rect(surface, theme.ACCENT_HI, rect.inflate(scale(8), scale(8)), max(2, scale(4)),
                                 border_radius=scale(10))

    def draw_hud(self, surface, view) -> None:
        self.kit.draw_over(surface)
        self._draw_counts(surface, view)
        self.choices.draw(surface)
        self._draw_bubbles(surface)
        self.draw_floaters(surface)

    def _draw_counts(self, surface, view) -> None:
        for zone_id, count in (("draw", view["draw"]), ("discard", len(view["discard"])), ("heist", view["heist"])):
            rect = self.kit[zone_id].rect
            paint.badge(surface, str(count), rect.bottomright, anchor="bottomright")

    def _draw_bubbles(self, surface) -> None:
        """Claims as speech bubbles over the speaker's panel, for a few seconds (the log keeps them)."""
        for seat, (text, _left) in self.bubbles.items():
            panel = self.kit[f"seat{seat}"]
            width = min(panel.rect.width - scale(20), scale(420))
            lines = fonts.lines(f"“{text}”", width - scale(24), "small", True, max_lines=2)
            lh = fonts.get("small", True).get_linesize()
            box = pygame.Rect(0, 0, max(fonts.get("small", True).size(x)[0] for x in lines) + scale(24),
                              lh * len(lines) + scale(14))
            box.midtop = (panel.rect.centerx, panel.header.bottom + scale(10))
            box.clamp_ip(surface.get_rect())
            tail = [(box.centerx - scale(10), box.top + 1), (box.centerx + scale(10), box.top + 1),
                    (box.centerx, box.top - scale(12))]
            pygame.draw.rect(surface, faces.PAPER_TOP, box, border_radius=scale(12))
            pygame.draw.polygon(surface, faces.PAPER_TOP, tail)
            pygame.draw.rect(surface, faces.LEATHER_BOTTOM, box, max(1, scale(2)), border_radius=scale(12))
            y = box.top + scale(7)
            for line in lines:
                fonts.blit_text(surface, line, (box.centerx, y), "small", theme.INK_DARK, True, anchor="midtop")
                y += lh

    def draw_dragged(self, surface, key, pos, view) -> None:
        hit = parse_or_none(key)
        if hit is None or hit.kind != "piece":
            return
        face = self.kit[hit.zone].face(hit.piece) if hit.zone in self.kit.items else hit.piece
        w, h = scale(120), scale(168)
        paint.carried(surface, [self.card_image(face, w, h)], pos)

    @staticmethod
    def draw_results(surface, rect, result, match) -> None:
        from .results import draw_results

        draw_results(surface, rect, result, match)


def _named_face(zone: dict, entry: str):
    return None if is_handle(entry) else entry


@cache
def _char_ids() -> frozenset:
    return frozenset(c.id for c in data().characters)


@lru_cache(maxsize=256)  # a flying star may change size on the way: bounded
def _star_piece(char_id: str, w: int, h: int) -> pygame.Surface:
    """A star as a piece w×h (one on an establishment, or flying): made once per size, as the cards are."""
    surf = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    faces.star(surf, (w // 2, h // 2), max(4, min(w, h) // 2 - 3), char_id)
    return surf
