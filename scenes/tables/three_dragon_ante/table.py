"""The Three-Dragon Ante table: every player round the table (seat_ring) with their hoard as coin stacks,
hole gold, hand count and flight in play order (its running strength, and a hint when one more card would
make a colour or strength flight); the stakes, the ante row (sealed backs until all are in, then the cards
flown in together), the deck, the discard pile and the reveal zone in the middle; your hand at the bottom;
the gambit and round counters, the leader and the gambit effects beside the log; and every question the
engine asks as a choice panel in the log's place.

Built from the table kit (scenes/table/kit). Laid out in 1920×1080 design units, scaled to the window. What
lies still between moves (the seats, the middle, the info panel, the cards at rest) is drawn once into a layer
over the backdrop (areas.Layer) and blitted whole each frame; only what moves is drawn every frame.
"""

from __future__ import annotations

from functools import partial

import pygame

from game.games.three_dragon_ante.cards import deck

from ...table.base import GameTable, R
from ...table.cardart import blit_rotated, icon, veil
from ...table.kit import (
    ChoicePanel,
    CoinStack,
    HandCount,
    Hit,
    KitHooks,
    Pile,
    SeatPanel,
    Widgets,
    paint,
    ring_order,
    seat_ring,
)
from ...table.kit.areas import Layer
from ...table.kit.hits import parse_or_none
from ...table.kit.text import draw_name
from ...table.kit.tokens import GOLD
from ...table.kit.zones import CARD_RATIO
from ...ui import fonts, theme
from ...ui.strings import lang, tr
from ...ui.theme import scale
from . import faces, prompts
from .faces import T, card
from .parts import CoinFlights, FitHand, Row, badge

FELT_TOP, FELT_BOTTOM, RIM = (40, 22, 30), (20, 10, 16), (92, 60, 30)
EMBER = (236, 120, 60)
RIM_LIT = (150, 120, 70)  # a card or seat that answers the open question
GAMBIT_WORDS = 2.6  # seconds a gambit's result floats over the table


class ChoiceColumn(ChoicePanel):
    BUTTON_H = 52


def colour_groups(view: dict, flight: list) -> dict:
    """{colour (or "mortal"): cards} of a flight as R28 counts them, for the hints (Tiamat counts as her five
    colours, a marked Wyrmpriest as all ten)."""
    marks = set(view["effects"].get("marks") or [])
    groups: dict = {}
    for cid in flight:
        c = card(cid)
        colours = list(faces.COLOURS) if cid in marks and c.effect == "wyrmpriest" else list(c.colours)
        if c.kind == "mortal":
            colours.append("mortal")
        for colour in colours:
            groups.setdefault(colour, []).append(cid)
    return groups


def barred(view: dict, seat: int) -> str | None:
    """The Dragon God barring `seat` from winning (R43): Bahamut with an evil dragon, Tiamat with a good one."""
    flight = [card(c) for c in view["flights"][seat]]
    gods = {c.id for c in flight if c.dragon_god}
    if "bahamut" in gods and any(c.dragon and c.alignment == "evil" for c in flight):
        return "bahamut"
    if "tiamat" in gods and any(c.dragon and c.alignment == "good" for c in flight):
        return "tiamat"
    return None


def flight_hint(view: dict, seat: int) -> str:
    """"One more Red for a colour flight" (and the same for a strength flight) while the reward is still to
    be had this gambit; '' when nothing is one card away."""
    flight = view["flights"][seat]
    out = []
    if not view["colour_paid"][seat]:
        near = [k for k, cards in colour_groups(view, flight).items() if len(cards) == 2]
        if near:
            names = "・".join(faces.colour_name(k) if k != "mortal" else tr(T + "mortals") for k in near)
            out.append(tr(T + "one_more_colour", colours=names))
    if not view["strength_paid"][seat]:
        counts: dict = {}
        for cid in flight:
            counts[card(cid).strength] = counts.get(card(cid).strength, 0) + 1
        near = sorted(s for s, n in counts.items() if n == 2)
        if near:
            out.append(tr(T + "one_more_strength", strengths="・".join(map(str, near))))
    return " · ".join(out)


class ThreeDragonAnteTable(KitHooks, GameTable):
    message_zone = "centre"
    # What a seat only knows and the table never draws: cards known in another's hand, the deck's top card
    # (the Silver Seer's), which specials are in the game, the unused ones.
    unshown_view_keys = ("known", "deck_top", "specials", "out")

    @staticmethod
    def results_summary(result) -> str:
        d = result.details
        return tr(T + "result_summary", gambits=d["gambits"], hole=d["hole"])

    def __init__(self, scene):
        super().__init__(scene)
        self.kit = Widgets()
        self.coins = CoinFlights(self.reduced_motion)
        self.choice = ChoiceColumn(R(1510, 96, 390, 890))
        self.strength_below: set[int] = set()  # the seats whose name needs the whole header (set in layout)
        self.layer = Layer()
        self.in_layer: set[str] = set()  # the pieces at rest painted in the layer this frame (see _layered)
        self._bound_to = None  # what the widgets were last set from (see _bind)
        self.stakes_text, self.info = "", None  # the stakes' label and what the info panel says (set by _bind)

    # -- layout --------------------------------------------------------------------------------------------

    def layout(self, width: int, height: int) -> None:
        self.zones.clear()
        self.strength_below = set()
        super().layout(width, height)
        self.zones["log"] = R(1510, 96, 390, 560)
        self.zones["info"] = R(1510, 668, 390, 318)
        self.choice = ChoiceColumn(R(1510, 96, 390, 890))
        self.kit = kit = Widgets()
        self.layer = Layer()
        self._bound_to = None
        order = ring_order(self.scene.view()["seating"], self.scene.viewer)
        ring = seat_ring(len(order), R(20, 14, 1470, 976), viewer_height=scale(460))
        self.zones["centre"] = ring.centre
        for place, seat in enumerate(order):
            self._seat(kit, seat, ring.areas[place], mine=place == 0)
        self._centre(kit, ring.centre)
        self.zones["hole"] = pygame.Rect(self.zones["info"].left + scale(14), self.zones["info"].top + scale(90),
                                         scale(120), scale(30))  # where coins paid into the hole fly
        self.hole_line = None  # until the info panel is drawn

    def _seat(self, kit: Widgets, seat: int, area: pygame.Rect, mine: bool) -> None:
        panel = kit.add(f"seat{seat}", SeatPanel(seat, area))
        panel.line, panel.accent = (110, 80, 60), theme.ACCENT_HI
        if not mine:
            panel.reserve = scale(80)  # the hand's count, at the header's right
        if not self._name_and_strength_fit(panel, seat):
            self.strength_below.add(seat)
        # The hoard's line (with the flight hint), under the strength's own line when it has one: the body is
        # laid out under them.
        panel.lines = [""] * (2 if seat in self.strength_below else 1)
        body = panel.body
        coins_w = scale(150 if mine else 96)
        coins_rect = pygame.Rect(body.right - coins_w, body.top, coins_w, min(body.height, scale(110 if mine else 96)))
        coins = kit.add(f"gold/{seat}", CoinStack(f"gold/{seat}", coins_rect, seat))
        coins.tip = partial(self._gold_tip, seat)
        room = pygame.Rect(body.left, body.top, body.width - coins_w - scale(10), body.height)
        if mine:
            flight_h = min(scale(130), room.height * 2 // 5)
            fw = round(flight_h / 1.4)
            flight = pygame.Rect(room.left, room.top, room.width, flight_h)
            # The hand takes the body's whole width, under the flight and the coins.
            top = max(flight.bottom, coins_rect.bottom) + scale(6)
            hand = pygame.Rect(body.left, top, body.width, body.bottom - top)
            hh = hand.height
            kit.add(f"hand/{seat}", FitHand(f"hand/{seat}", hand, self.card_image, (round(hh / 1.4), hh)))
        else:
            counter = kit.add(f"hand/{seat}", HandCount(f"hand/{seat}", panel.header.inflate(-scale(24), 0),
                                                        self.card_image))
            counter.tip = partial(self._hand_tip, seat)
            fh = min(room.height, scale(150))  # a narrow side panel fans its flight
            fw = round(fh / 1.4)
            flight = pygame.Rect(room.left, room.centery - fh // 2, room.width, fh)
        row = kit.add(f"flight/{seat}", Row(f"flight/{seat}", flight, self.card_image, (fw, flight.height)))
        row.tip = partial(self._card_tip, seat)

    def _name_and_strength_fit(self, panel: SeatPanel, seat: int) -> bool:
        """Whether the seat's whole name and its flight's strength (at its widest) share the header beside the
        turn's arrow and the hand's count (as SeatPanel.draw spaces them); if not, the strength goes on a line
        of its own under the header and the name keeps the header."""
        bold = fonts.get("body", True)
        need = bold.size(self._names()[seat])[0] + scale(24) + bold.size(tr(T + "strength", strength=99))[0]
        return need <= panel.header.width - scale(48) - panel.reserve

    def _centre(self, kit: Widgets, c: pygame.Rect) -> None:
        """Deck and discard at the left, the ante (and the reveal zone under it) in the middle, the stakes at
        the right."""
        label_h = fonts.get("small").get_linesize()
        ch = min(scale(170), c.height - label_h - scale(30))
        cw = round(ch / 1.4)
        grow = Pile.LAYERS * max(1, scale(3))
        top = c.top + label_h + scale(8)
        for i, zone_id in enumerate(("deck", "discard")):
            pile = kit.add(zone_id, Pile(zone_id, pygame.Rect(c.left + scale(16) + i * (cw + grow + scale(18)), top,
                                                              cw + grow, ch + grow), self.card_image,
                                         tr(T + zone_id)))
            pile.tip = partial(self._pile_tip, zone_id)
        left = c.left + scale(16) + 2 * (cw + grow + scale(18))
        stakes_w = scale(170)
        stakes = kit.add("stakes", CoinStack("stakes", pygame.Rect(c.right - stakes_w - scale(12), top, stakes_w,
                                                                    min(ch, scale(140)))))
        stakes.tip = self._stakes_tip
        middle = pygame.Rect(left, top, stakes.rect.left - scale(24) - left, ch)
        # The ante at the left of the middle, the reveal zone (in use now and then) at its right.
        ante = pygame.Rect(middle.left, top, middle.width * 3 // 5, ch)
        kit.add("ante", Row("ante", ante, self.card_image, (cw, ch), tr(T + "ante"), centred=True))
        reveal = pygame.Rect(ante.right + scale(16), top, middle.right - ante.right - scale(16), ch)
        kit.add("reveal", Row("reveal", reveal, self.card_image, (cw, ch), tr(T + "reveal"), centred=True,
                              show_empty=False))
        for zone_id in ("ante", "reveal"):
            kit[zone_id].tip = partial(self._card_tip, None)

    # -- reading the view ----------------------------------------------------------------------------------

    def _me(self) -> int:
        return ring_order(self.scene.view()["seating"], self.scene.viewer)[0]

    def _names(self) -> list[str]:
        return [s.name for s in self.match.seats]

    def _bind(self, view) -> None:
        """The widgets set from `view`, once per position and thinking seat (every frame asks; a new language
        or window size lays the table out again, which sets them anew)."""
        self.kit.bind(view)
        if self._bound_to is not None and self._bound_to[0] is view and self._bound_to[1] == self.scene.thinking:
            return
        self._bound_to = (view, self.scene.thinking)
        names = self._names()
        over = view["phase"] == "over"
        asked = view["ask"]["seat"] if view["ask"] else None
        crown = icon("crown", scale(20), theme.ACCENT_HI)
        for seat, info in enumerate(self.match.seats):
            hoard = [(tr(T + "gold", amount=view["gold"][seat]), GOLD)]
            if view["hole_gold"][seat]:
                hoard.append((tr(T + "hole_gold", amount=view["hole_gold"][seat]), EMBER))
            if seat == view["leader"] and view["phase"] != "ante" and not over:
                hoard.append((tr(T + "leader"), theme.ACCENT_HI, *([crown] if crown else [])))
            for key in ("colour", "strength"):  # a special flight's reward received this gambit (R31)
                if view[f"{key}_paid"][seat]:
                    hoard.append((tr(T + f"{key}_done"), theme.GOOD))
            hint = flight_hint(view, seat)
            if hint:
                hoard.append((hint, theme.ACCENT_HI))
            anteing = view["phase"] == "ante" and view["sealed"] and not view["sealed"][seat]
            turn = not over and (seat == asked or anteing)
            panel = self.kit[f"seat{seat}"]
            strength = tr(T + "strength", strength=view["strengths"][seat])
            below = seat in self.strength_below
            panel.set(names[seat], None if info.is_human else info.level, turn,
                      self.scene.thinking == seat, lines=[[(strength, theme.ACCENT_HI)], hoard] if below else [hoard],
                      score="" if below else strength)
            self.kit[f"gold/{seat}"].set_amount(view["gold"][seat])
        self.kit["stakes"].set_amount(view["stakes"])
        self.stakes_text, self.info = tr(T + "stakes", amount=view["stakes"]), self._info(view)

    # -- pieces, motion and events ---------------------------------------------------------------------------

    def decision_text(self, decision) -> str:
        return prompts.decision_text(decision.prompt, dict(decision.params), self._names())

    def placements(self, view) -> dict:
        return self.kit.placements(view)

    def plan(self, events, before, after):
        return self.kit.plan(events, before, after)

    def on_events(self, events, before, after) -> None:
        sounds = self.scene.app.sounds
        speed = max(0.4, self.scene.speed) if self.scene.speed else 0
        names = self._names()
        centre = self.zones["centre"].center
        delay = 0.0
        for ev in events:
            a = ev.params()
            k = ev.kind
            if k == "moved" and a["why"] in ("play", "ante"):
                sounds.play("flip")
            elif k == "moved" and a["why"] == "draw":
                sounds.play("draw")
            elif k == "tokens_moved":
                src, dst = self._coin_spot(a["src"]), self._coin_spot(a["dst"])
                if src and dst and speed:
                    self.coins.add(src, dst, a["amount"], delay)
                    delay += 0.12
                sounds.play("coins")
                if a["why"] == "settlement":  # R46: hole gold settled after the gambit
                    self.words.add(tr(T + "banner.settlement", player=names[a["seat"]], amount=a["amount"]), centre,
                                   EMBER, GAMBIT_WORDS * speed, size="large", rise=20)
            elif k in ("triggers", "no_trigger"):
                seat = a.get("seat")
                rect = self.kit.items.get(f"flight/{seat}")
                where = rect.rect.center if rect is not None else centre
                word = tr(T + ("power" if k == "triggers" else "no_power"))
                self.float_small(word, where, theme.ACCENT_HI if k == "triggers" else theme.INK_DIM, 1.1 * speed)
            elif k in ("colour_flight", "strength_flight", "gambit_won", "no_winner", "stakes_empty", "ante_failed",
                       "warlord_demand", "extra_round", "no_cards_split"):
                args = {**a, "player": names[a["seat"]] if isinstance(a.get("seat"), int) else ""}
                args.pop("seat", None)
                args.pop("seats", None)
                self.words.add(tr(T + "banner." + k, **args), centre, theme.ACCENT_HI, GAMBIT_WORDS * speed,
                               size="large", rise=20)
                if k in ("gambit_won", "colour_flight", "strength_flight"):
                    sounds.play("collect")
            elif k == "hole_gold":
                panel = self.kit.items.get(f"seat{a['seat']}")
                if panel is not None:
                    self.float_small(tr(T + "hole_float", amount=a["amount"]), panel.rect.center, EMBER, 1.4 * speed)

    def float_small(self, text: str, pos, colour, seconds: float) -> None:
        self.words.add(text, pos, colour, seconds, size="body", rise=40)

    def _coin_spot(self, holder):
        if holder == "hole":
            return (self.hole_line or self.zones["hole"]).center
        w = self.kit.items.get(holder)
        return w.rect.center if w is not None else None

    def update(self, dt: float) -> None:
        super().update(dt)
        self.kit.update(dt)
        self.coins.update(dt)
        for where, amount in self.coins.take_landed():
            self.float_small(f"+{amount}", where, GOLD, 0.9)

    def finish(self) -> None:
        super().finish()
        self.coins.clear()

    # -- input ---------------------------------------------------------------------------------------------

    def gestures(self, view, legal) -> list:
        return prompts.gestures(view, legal, self._me(), self._names())

    def button_gestures(self, gestures) -> list:
        """Every answer to a question other than playing or anteing a card is a button in the choice column
        (its card can be clicked on the table too)."""
        view = self.scene.view()
        ask = view["ask"]
        self.choice.title = faces.card_label(ask["params"]["card"]) if ask and ask["params"].get("card") in \
            deck().by_id else tr(T + "choose")
        return self.choice.button_gestures(gestures, lambda g: g.action is not None and
                                           g.action.kind not in (prompts.PLAY, prompts.ANTE))

    def log_rect(self):
        return None if self.choice.shown else self.zones["log"]

    # -- tooltips --------------------------------------------------------------------------------------------

    def _gold_tip(self, seat: int, hit) -> str | None:
        view = self.scene.view()
        return tr(T + "gold_tip", player=self._names()[seat], gold=view["gold"][seat], hole=view["hole_gold"][seat])

    def _stakes_tip(self, hit) -> str | None:
        return tr(T + "stakes_tip", amount=self.scene.view()["stakes"])

    def _hand_tip(self, seat: int, hit) -> str | None:
        return tr(T + "hand_tip", player=self._names()[seat], count=self.scene.view()["hand_sizes"][seat])

    def _pile_tip(self, zone_id: str, hit) -> str | None:
        if hit.kind not in ("pile", "zone"):
            return None
        view = self.scene.view()
        count = view["deck"] if zone_id == "deck" else len(view["discard"])
        return tr(T + f"{zone_id}_tip", count=count)

    def _card_tip(self, seat, hit) -> str | None:
        if hit.kind == "zone" and seat is not None:
            view = self.scene.view()
            return tr(T + "flight_tip", player=self._names()[seat], strength=view["strengths"][seat],
                      count=len(view["flights"][seat]))
        return None

    # -- drawing ---------------------------------------------------------------------------------------------

    def paint_backdrop(self, w: int, h: int) -> pygame.Surface:
        return paint.felt(w, h, FELT_TOP, FELT_BOTTOM, RIM)

    def card_image(self, face, w, h) -> pygame.Surface:
        w, h = max(1, w), max(1, h)
        if face is None or face not in deck().by_id:
            return faces.back(w, h)
        return faces.face(face, w, h, lang())

    def draw_piece(self, surface, piece, board, lift: int = 0) -> None:
        """A card at rest is drawn from its face at its exact size; a card in flight changes size every frame,
        so it is drawn from its face at the size it has at one end of its way, scaled (a face takes
        milliseconds to lay out, and a new size means new fonts to measure: a scale takes a fraction of one)."""
        if not piece.motions:
            if piece.key not in self.in_layer:  # else the layer shows it
                super().draw_piece(surface, piece, board, lift)
            return
        rect = piece.rect
        if rect.width < 2 or rect.height < 2:
            return
        image = self.card_image(piece.shown, *flying_size(piece))
        if image.get_size() != rect.size:
            image = pygame.transform.smoothscale(image, rect.size)
        blit_rotated(surface, image, rect, piece.angle, board.squash(piece))

    def draw_table(self, surface, view, lit=(), active=(), hover=None) -> None:
        self._bind(view)
        glows = []
        if self.choice.shown:  # the cards and seats that answer the question can be clicked: a quiet glow
            glows.append(({g.click for g in self.scene.gestures() if g.click} - set(lit), RIM_LIT))
        focus = self._focused()
        glows.append((set(lit) | ({focus.drag_from} if focus and focus.drag_from else set()), theme.ACCENT_HI))
        # What is drawn over the layer before the pieces: a piece under any of it is drawn over it, as ever.
        over = [self.choice.used] if self.choice.shown else []
        over += [self._sealed_rect(view)] + [flash[0] for flash in self.flashes]
        over += [r.inflate(scale(14), scale(14)) for keys, _ in glows for r in map(self.rect_of, keys) if r]
        pieces = self._layered(over, hover)
        self.layer.draw(surface, self.backdrop(), self._still_parts(pieces))
        self.choice.draw(surface)
        self._draw_sealed(surface, view)
        self.draw_flashes(surface)
        for keys, colour in glows:
            self.draw_lit(surface, keys, colour)

    def _layered(self, over: list, hover) -> dict:
        """{part key: [pieces]}: the pieces at rest painted in the layer's parts, each in the part it lies in
        (self.in_layer names them; draw_piece then leaves them). The others are drawn every frame as before:
        moving ones, the one under the pointer (it may rise) or dragged, one under something drawn before the
        pieces (`over`: a glow, the sealed ante, a question), one in no part, and any lying over one of these
        (so that the order they are drawn in stays the same)."""
        parts = [(f"seat{seat}", self.kit[f"seat{seat}"].rect) for seat in range(len(self.match.seats))]
        parts.append(("centre", self.zones["centre"]))
        drag = self.scene.drag["key"] if self.scene.drag else None
        shade = max(2, scale(4))  # a piece's shadow (GameTable.draw_piece), beside it
        loose = [pygame.Rect(r) for r in over if r]  # what no piece in the layer may touch
        out: dict = {key: [] for key, _ in parts}
        self.in_layer = set()
        for piece in self.scene.board.ordered():
            if piece.motions:
                break  # the moving ones come last
            rect = piece.rect
            drawn = rect.union(rect.move(shade, shade))
            home = next((key for key, area in parts if area.contains(drawn)), None)
            if home is None or drawn.collidelist(loose) >= 0 or any(
                    key is not None and self.piece_in(piece.key, key) for key in (hover, drag)):
                loose.append(drawn.inflate(4 * shade + 2 * scale(8), 4 * shade + 2 * scale(8)))  # room to rise
                continue
            out[home].append(piece)
            self.in_layer.add(piece.key)
        return out

    def _still_parts(self, pieces: dict) -> list[tuple]:
        """The layer's parts (see Layer): each seat with its coins, hand and flight's place; the middle with
        its piles, stakes and rows; the info panel while no question covers it; and the pieces at rest in
        each (`pieces`, see _layered). Nothing moving is among them: the moving pieces, the flying coins and
        the floating words are drawn over the layer every frame. A new language or window size lays the table
        out again, with a new layer."""
        parts = []
        for seat in range(len(self.match.seats)):
            widgets = [self.kit[f"{key}{seat}"] for key in ("seat", "gold/", "hand/", "flight/")]
            mine = pieces[f"seat{seat}"]
            parts.append((f"seat{seat}", widgets[0].rect, (*(w.look() for w in widgets), *map(piece_look, mine)),
                          partial(self._paint_widgets, widgets, mine)))
        middle, mine = [self.kit[key] for key in ("deck", "discard", "stakes", "ante", "reveal")], pieces["centre"]
        look = (self.stakes_text, *(w.look() for w in middle), *map(piece_look, mine))
        parts.append(("centre", self.zones["centre"], look, partial(self._paint_centre, middle, self.stakes_text,
                                                                      mine)))
        # Under a short question, the counters and badges still show.
        info = None if self.choice.shown and self.choice.used.colliderect(self.zones["info"]) else self.info
        parts.append(("info", self.zones["info"], info, partial(self._paint_info, info)))
        return parts

    def _paint_widgets(self, widgets, pieces, surface) -> None:
        for w in widgets:
            w.draw(surface)
        for piece in pieces:
            super().draw_piece(surface, piece, self.scene.board)

    def _paint_centre(self, widgets, stakes_text: str, pieces, surface) -> None:
        paint.panel(surface, self.zones["centre"], 50, RIM)
        for w in widgets:
            w.draw(surface)
        stakes = self.kit["stakes"].rect
        fonts.blit_text(surface, stakes_text, (stakes.centerx, stakes.top - scale(4)), "body", GOLD, True,
                        anchor="midbottom")
        self._paint_widgets([], pieces, surface)

    def _focused(self):
        gestures = self.scene.gestures()
        i = self.scene.focus_index
        return gestures[i] if 0 <= i < len(gestures) else None

    def _sealed_rect(self, view) -> pygame.Rect | None:
        """Where the sealed ante is drawn (its cards and the names under them), while it is."""
        if view["phase"] != "ante" or not any(view["sealed"] or ()):
            return None
        spots = self._sealed_spots(view)
        return spots[0][0].unionall([r for spot in spots for r in spot])

    def _sealed_spots(self, view) -> list[tuple]:
        """(back, name rect) for each player who has chosen an ante card (prompts.sealed_spots)."""
        row = self.kit["ante"]
        size = row.piece_rects(1)[0].size
        area = row.rect.union(self.kit["reveal"].rect)
        area.height = self.zones["centre"].bottom - scale(6) - area.top
        return prompts.sealed_spots(area, sum(map(bool, view["sealed"])), *size,
                                    fonts.get("small", True).get_linesize(), scale(6))

    def _draw_sealed(self, surface, view) -> None:
        """While the ante is being chosen: a back for every player who has chosen (yours face up, marked),
        in the ante row, each with its player's name."""
        if view["phase"] != "ante" or not view["sealed"]:
            return
        sealed = [s for s, done in enumerate(view["sealed"]) if done]
        if not sealed:
            return
        names = self._names()
        me = self._me()
        for seat, (rect, box) in zip(sealed, self._sealed_spots(view), strict=True):
            face = view["my_ante"] if seat == me else None
            surface.blit(self.card_image(face, rect.width, rect.height), rect)
            draw_name(surface, names[seat], box, scale.text_px("small"), theme.INK, align="center")

    def draw_hud(self, surface, view) -> None:
        self.kit.draw_over(surface)
        self._draw_flight_marks(surface, view)
        self._draw_hand_marks(surface, view)
        self.coins.draw(surface)
        self.draw_floaters(surface)

    def _draw_flight_marks(self, surface, view) -> None:
        """A marked card (Dragonrider, Wyrmpriest) carries a small star, and each player's round card a dot."""
        marks = set(view["effects"].get("marks") or [])
        round_cards = set(c for c in view["round_cards"] if c)
        star = icon("round-star", scale(22), theme.ACCENT_HI)
        for seat in range(view["players"]):
            row = self.kit[f"flight/{seat}"]
            for cid, rect in zip(row.placed(), row.piece_rects(len(row.placed())), strict=True):
                piece = self.scene.board.pieces.get(cid)
                if piece is not None and piece.motions:
                    continue
                if cid in marks and star:
                    surface.blit(star, star.get_rect(bottomright=rect.bottomright))
                if cid in round_cards:  # a dot at the bottom left corner, inside the card, clear of the band's words
                    r = max(3, scale(6))
                    centre = (rect.left + r + max(2, scale(4)), rect.bottom - r - max(2, scale(4)))
                    pygame.draw.circle(surface, theme.ACCENT_HI, centre, r)
                    pygame.draw.circle(surface, (30, 20, 14), centre, r, max(1, scale(2)))

    def _draw_hand_marks(self, surface, view) -> None:
        """Cards of your hand already spoken for: your sealed ante card until the reveal, and the Kobold's
        discards chosen so far until Done."""
        hand = self.kit.items.get(f"hand/{self._me()}")
        marks = {cid: tr(T + "kobold_mark") for cid in prompts.kobold_chosen(view)}
        if view["my_ante"]:
            marks[view["my_ante"]] = tr(T + "ante_mark")
        for cid, label in marks.items():
            rect = hand.rect_of(Hit.of_piece(hand.zone_id, cid)) if hand is not None else None
            if rect is not None:
                surface.blit(veil(rect.size, (0, 0, 0, 120)), rect)
                paint.badge(surface, label, rect.center, colour=EMBER)

    def _info(self, view) -> tuple:
        """What the info panel says: the counters, who leads, the hole's gold and the badges (see _badges)."""
        names = self._names()
        head = tr(T + ("counters" if view["round"] else "counters_ante"), gambit=view["gambit"], round=view["round"])
        line = tr(T + "anteing") if view["phase"] == "ante" else tr(T + "leader_is", player=names[view["leader"]])
        return head, line, tr(T + "hole", amount=view["hole"]), tuple(self._badges(view, names))

    def _paint_info(self, info: tuple | None, surface) -> None:
        if info is None:
            return
        head, line, hole, badges = info
        rect = self.zones["info"]
        paint.panel(surface, rect, 170, theme.ACCENT, radius=10)
        x, y = rect.left + scale(14), rect.top + scale(10)
        width = rect.width - scale(28)
        lh = fonts.get("small").get_linesize()
        paint.one_line(surface, head, (x, y), width, "body", theme.ACCENT_HI, True)
        y += fonts.get("body", True).get_linesize() + scale(2)
        for text in fonts.lines(line, width, "small", max_lines=2):
            fonts.blit_text(surface, text, (x, y), "small", theme.INK)
            y += lh
        # Coins paid into the hole fly to this line (drawn where the leader's line ends, so kept apart from
        # the layout's zones, which a fresh layout must give again).
        self.hole_line = paint.one_line(surface, hole, (x, y), width, "small", EMBER, True)
        y += lh + scale(6)
        for text, colour in badges:
            plate = pygame.Rect(x, y, width, lh + scale(6))
            if plate.bottom > rect.bottom - scale(6):
                break
            badge(surface, text, plate, colour)
            y = plate.bottom + scale(4)

    def _badges(self, view, names) -> list[tuple]:
        """The gambit effects in force (R24) and the Dragon God bars (R43), each in words."""
        e = view["effects"]
        out = []
        if e.get("druid"):
            out.append((tr(T + "effect.druid"), (90, 160, 90)))
        if e.get("priest"):
            out.append((tr(T + "effect.priest"), (200, 200, 230)))
        if e.get("merchant_prince") is not None:
            out.append((tr(T + "effect.merchant_prince", player=names[e["merchant_prince"]]), GOLD))
        for key, colour in (("archmage", (150, 120, 220)), ("bronze_warlord", (176, 110, 50)),
                            ("gold_monarch", GOLD), ("dracolich", (120, 160, 120))):
            for seat in range(view["players"]):
                n = prompts.owns(view, key, seat)
                if n:
                    out.append((tr(T + f"effect.{key}", player=names[seat], count=n), colour))
        for seat in range(view["players"]):
            god = barred(view, seat)
            if god:
                out.append((tr(T + "effect.barred", player=names[seat], card=faces.card_name(god)), theme.DANGER))
        return out

    def draw_dragged(self, surface, key, pos, view) -> None:
        hit = parse_or_none(key)
        if hit is None or hit.kind != "piece" or hit.piece not in deck().by_id:
            return
        w, h = scale(150), scale(210)
        paint.carried(surface, [self.card_image(hit.piece, w, h)], pos)
        lines = prompts.drag_hint(view, self._me(), hit.piece)
        self._draw_hint(surface, lines, pos, w)

    def _draw_hint(self, surface, lines: list, pos, card_w: int) -> None:
        """The drag hint in a box beside the carried card, inside the window."""
        width = scale(420)
        wrapped = []
        for text, strong in lines:
            size = "body" if strong else "small"
            wrapped += [(line, size, strong)
                        for line in fonts.lines(text, width - scale(24), size, strong, max_lines=4)]
        height = sum(fonts.get(size, strong).get_linesize() for _, size, strong in wrapped) + scale(20)
        box = pygame.Rect(pos[0] + card_w // 2 + scale(24), pos[1] - height // 2, width, height)
        if box.right > surface.get_width():
            box.right = pos[0] - card_w // 2 - scale(24)
        box.clamp_ip(surface.get_rect())
        paint.panel(surface, box, 245, theme.ACCENT, radius=10)
        y = box.top + scale(10)
        for line, size, strong in wrapped:
            fonts.blit_text(surface, line, (box.left + scale(12), y), size, theme.ACCENT_HI if strong else theme.INK,
                            strong)
            y += fonts.get(size, strong).get_linesize()


def piece_look(piece) -> tuple:
    """What a piece at rest shows, to tell when the part of the layer it lies in must be painted again."""
    return piece.key, piece.shown, tuple(piece.rect), piece.angle, piece.z


def flying_size(piece) -> tuple[int, int]:
    """The size to draw a flying card's face from: the size it has at the end of its way where it shows that
    face at rest, so that no face is laid out at a size it never rests at: where it lands, unless it leaves the
    table there (a card swept to the discard under the top one) or shows the face it had where it set off
    until it turns over halfway. A way between places that are not card-shaped (a hand's count in a seat's
    header) takes a few sizes near the card's own."""
    m = piece.motions[0]
    set_off = piece.leaving or m.flip and piece.shown != m.face
    for box in (m.src, m.dst) if set_off else (m.dst, m.src):
        w, h = round(box[2]), round(box[3])
        if w >= 2 and abs(h - w * CARD_RATIO) <= w * CARD_RATIO / 10:
            return w, h
    step = max(8, scale(16))
    w = max(step, round(piece.rect.width / step) * step)
    return w, round(w * CARD_RATIO)


def breakdown(result, seat: int) -> str:
    """A player's gold: what they ended with against the gold they started with."""
    gold = result.details["gold"]
    start = 10 * len(gold)
    change = gold[seat] - start
    return tr(T + "breakdown", gold=gold[seat], start=start, change=f"{change:+d}")


Table = ThreeDragonAnteTable
