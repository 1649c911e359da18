"""The Dead Man's Draw table, built from the table kit (scenes/table/kit): seat panels, every bank's suit
stacks, the draw and discard piles, the play area's frame and slot row, the bust-odds meter, the discard-values
tally, the choosers' panels, and the kit's plan that flies every card from its old zone to its new one. What
is this game's own stays here: the card faces and backs, the trait cards, what the tally lists and what the
Map, trait and plunder choosers offer, and the special moments (the bust's pause and spin, the Cannon and Sword
flashes, the floating words).

Laid out in 1920×1080 design units (see ui.theme) and scaled to the window. Pieces are loot cards keyed by
card id, and the draw pile's top as its handle ("draw#<n>") unless an Oracle named it.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

import pygame

from game.core.zones import is_handle
from game.games.deadmans_draw.cards import SUIT_ORDER, deck
from game.games.deadmans_draw.effects import BANK_IDS
from game.games.deadmans_draw.log import saboteur

from ..table.base import GameTable, R
from ..table.board import Placement
from ..table.cardart import FACES, blit_lines, hex_rgb, icon, ink_on, mix, paper, text_fit, wrapped
from ..table.gestures import Gesture
from ..table.kit import Hit, KitHooks, Meter, Pile, SeatPanel, SlotRow, Stack, Widgets, paint, ring_order
from ..table.kit.areas import CellPanel, Frame, Offer, centred_row, columns
from ..table.kit.hits import parse_or_none
from ..table.kit.palette import Roles
from ..ui import fonts, theme
from ..ui.strings import lang, pick, tr
from ..ui.theme import scale

FELT_TOP, FELT_BOTTOM = (22, 74, 62), (10, 42, 36)
WOOD = (92, 60, 36)
PARCHMENT_TOP, PARCHMENT_BOTTOM = (248, 238, 214), (226, 208, 172)
BRASS = (201, 160, 82)
BLOOD = (170, 30, 30)
PREY = (240, 132, 116)  # the Vulture's mark: a red that reads on the felt
BACK_TOP, BACK_BOTTOM = (96, 28, 24), (50, 14, 12)
T = "deadmans_draw.table."
# The suits' colours: the card data's, or safe ones (every suit also has its emblem and letter on each card).
SUITS = Roles("deadmans_draw.suits", lambda: {s.id: hex_rgb(s.color) for s in deck().suits},
              {"anchor": "blue", "cannon": "grey_dark", "chest": "vermillion_dark", "hook": "orange", "key": "yellow",
               "kraken": "purple", "map": "white", "mermaid": "green", "oracle": "sky_light", "sword": "vermillion"})


def card_name(card_id: str) -> str:
    card = deck().card(card_id)
    return f"{pick(deck().suits[card.suit].name)} {card.value}"


def face_text(suit, w: int, h: int) -> tuple:
    """(size, lines, line height, bold, side margin) of the words on a card face at least 100 px wide: the
    full ability text from 200 px (the preview), else the keyword (a card in play or revealed)."""
    if w >= 200:
        words, sizes, bold, pad = pick(suit.text), (max(14, h // 22), 14), False, int(w * 0.08)
    else:
        words, sizes, bold, pad = pick(suit.keyword), (max(14, h // 13), 14), True, int(w * 0.06)
    return (*wrapped(words, w - 2 * pad, int(h * 0.5), sizes, bold), bold, pad)


@lru_cache(maxsize=FACES)
def _card_face(card_id: str, w: int, h: int, language: str) -> pygame.Surface:
    card = deck().card(card_id)
    suit = deck().suits[card.suit]
    tint = SUITS[suit.id]
    radius = max(4, w // 12)
    if w < 100:
        # Small: the whole card in the suit colour, value and emblem large enough to read at a glance.
        surf = paper(w, h, mix(tint, (255, 255, 255), 0.2), mix(tint, (0, 0, 0), 0.12), mix(tint, (0, 0, 0), 0.5),
                     radius)
        on = ink_on(tint)
        # The value sits in the top strip, which is all that shows of a card lower in a fanned stack.
        value = fonts.render(str(card.value), max(14, int(h * 0.27)), on, True)
        surf.blit(value, value.get_rect(topleft=(int(w * 0.1), -int(h * 0.02))))
        _emblem(surf, suit, int(min(w * 0.7, h * 0.55)), max(14, int(h * 0.3)), on,
                midbottom=(w // 2, h - int(h * 0.07)))
        return surf
    surf = paper(w, h, PARCHMENT_TOP, PARCHMENT_BOTTOM, mix(tint, (0, 0, 0), 0.4), radius)
    band = pygame.Rect(0, 0, w, int(h * 0.2))
    pygame.draw.rect(surf, tint, band, border_top_left_radius=radius, border_top_right_radius=radius)
    value_px = max(14, int(h * 0.16))
    ink = mix(tint, (0, 0, 0), 0.55)
    on = ink_on(tint)
    surf.blit(fonts.render(str(card.value), value_px, on, True), (int(w * 0.07), int(h * 0.015)))
    corner = fonts.render(str(card.value), max(14, int(h * 0.11)), ink, True)
    surf.blit(corner, corner.get_rect(bottomright=(w - int(w * 0.07), h - int(h * 0.015))))
    name = fonts.render(pick(suit.name), max(14, int(h * 0.085)), on, True)
    surf.blit(name, name.get_rect(midright=(w - int(w * 0.07), band.centery)))
    # The ability text (a large card) or keyword (a card in play) at the bottom, on as many lines as it
    # needs, above the corner value: the emblem takes the room that is left, so no word is ever cut.
    size, lines, lh, bold, pad = face_text(suit, w, h)
    bottom = h - int(h * 0.015) - corner.get_height() * 4 // 5
    text_top = bottom - lh * len(lines)
    room = text_top - band.bottom
    emblem_size = int(min(w * 0.56, room * 0.8))
    centre = (w // 2, band.bottom + room // 2)
    pygame.draw.circle(surf, mix(tint, PARCHMENT_TOP, 0.78), centre, int(emblem_size * 0.62))
    _emblem(surf, suit, emblem_size, max(14, emblem_size // 2), ink, center=centre)
    blit_lines(surf, lines, size, text_top, pygame.Rect(pad, 0, w - 2 * pad, h), theme.INK_DARK, bold)
    return surf


def _emblem(surf, suit, size: int, letter_px: int, colour, **at) -> None:
    """The suit's emblem, or its letter where the icon is missing, placed by `at` (center=..., midbottom=...)."""
    image = icon(suit.icon, size, colour) or fonts.render(suit.letter, letter_px, colour, True)
    surf.blit(image, image.get_rect(**at))


@lru_cache(maxsize=FACES)
def _card_back(w: int, h: int) -> pygame.Surface:
    radius = max(4, w // 12)
    surf = paper(w, h, BACK_TOP, BACK_BOTTOM, BRASS, radius)
    inner = pygame.Rect(0, 0, w, h).inflate(-max(6, w // 8), -max(6, w // 8))
    pygame.draw.rect(surf, mix(BRASS, BACK_TOP, 0.5), inner, max(1, w // 60), border_radius=radius // 2)
    emblem = icon("skull-crossed-bones", int(w * 0.5), mix(BRASS, (255, 255, 255), 0.2))
    if emblem:
        surf.blit(emblem, emblem.get_rect(center=(w // 2, h // 2)))
    return surf


@lru_cache(maxsize=FACES)
def _trait_card(trait_id: str, w: int, h: int, language: str, chosen: bool) -> pygame.Surface:
    trait = deck().trait(trait_id)
    radius = max(6, w // 14)
    surf = paper(w, h, (60, 44, 34), (30, 22, 18), BRASS if not chosen else theme.ACCENT_HI, radius)
    pad = int(w * 0.07)
    fonts_px = max(14, int(h * 0.06))
    title = pygame.Rect(pad, pad, w - 2 * pad, int(h * 0.2))
    text_fit(surf, pick(trait.name), title, theme.ACCENT_HI, sizes=(fonts_px + 6, fonts_px), bold=True)
    pirate = pygame.Rect(pad, int(h * 0.2), w - 2 * pad, int(h * 0.1))
    text_fit(surf, pick(trait.pirate), pirate, theme.INK_DIM, sizes=(max(14, fonts_px - 4), 14))
    # The text from the bottom up on as many lines as it needs; the emblem takes the room left above it.
    size, lines, lh = trait_text(trait, w, h)
    top = h - pad - lh * len(lines)
    room = top - pirate.bottom
    emblem = icon(*trait_icon(trait, int(min(h * 0.2, room * 0.8))))
    if emblem:
        surf.blit(emblem, emblem.get_rect(center=(w // 2, pirate.bottom + room // 2)))
    blit_lines(surf, lines, size, top, pygame.Rect(pad, 0, w - 2 * pad, h), theme.INK)
    return surf


def trait_icon(trait, size: int, colour=None) -> tuple:
    """(icon, size, colour) of a pirate's emblem: the suit's it plays on, else the Vulture; in `colour`, or in
    a light tint of that suit (of blood) as on its card."""
    suit = deck().suit(trait.icon_suit) if trait.icon_suit else None
    tint = mix(SUITS[suit.id], (255, 255, 255), 0.35) if suit else mix(BLOOD, (255, 255, 255), 0.25)
    return suit.icon if suit else "vulture", size, colour or tint


def trait_text(trait, w: int, h: int) -> tuple:
    """(size, lines, line height) of a trait card's rule text, below its name and pirate."""
    fonts_px = max(14, int(h * 0.06))
    return wrapped(pick(trait.text), w - 2 * int(w * 0.07), int(h * 0.62), (max(14, fonts_px - 2), 14))


PLAY = Hit.of_zone("play")
DRAW, DISCARD = Hit("pile", zone="draw"), Hit("pile", zone="discard")


def _named_top(zone, entry) -> str | None:
    """The draw pile lies face down, but a card an Oracle looked at is named to all and shows its face."""
    return None if is_handle(entry) else entry


def stack_hit(seat: int, suit: str) -> Hit:
    return Hit("stack", owner=seat, zone=suit)


def reveal_rects(panel: pygame.Rect, count: int) -> list[pygame.Rect]:
    """Where the cards a Map turned up lie, large above the play area (a Navigator's choice from the whole
    discard pile lies in the same places, small)."""
    if count <= 3:
        return centred_row(count, (scale(170), scale(238)), panel.centerx, panel.top + scale(64), scale(40))
    w, h = scale(64), scale(88)
    per_row = max(1, (panel.width - scale(30)) // (w + scale(8)))
    return [pygame.Rect(panel.left + scale(16) + (i % per_row) * (w + scale(8)),
                        panel.top + scale(56) + (i // per_row) * (h + scale(6)), w, h) for i in range(count)]


class DeadMansDrawTable(KitHooks, GameTable):
    message_zone = "zone:play"
    unshown_view_keys = ("returned",)  # the trait a player gave back: theirs to remember, never drawn

    def __init__(self, scene):
        super().__init__(scene)
        self.kit = Widgets()
        # A chooser's card or pirate first, then a whole stack or pile (what a player takes), a card, a place.
        self.kit.rank = {"reveal": 0, "trait": 0, "stack": 1, "pile": 1, "piece": 2, "place": 3}
        self._lit: set = set()

    # -- layout --------------------------------------------------------------------------------------------

    def layout(self, width: int, height: int) -> None:
        super().layout(width, height)
        z = self.zones
        z["discard_panel"] = R(1510, 670, 390, 316)
        z["zone:play"] = R(370, 340, 930, 264)
        z["stop"] = R(1318, 352, 176, 76)
        z["odds"] = R(1318, 440, 176, 170)
        z["chooser"] = R(330, 120, 1150, 780)
        z["reveal"] = R(330, 14, 1150, 322)  # above the play area, so a revealed card can be dragged into it
        kit = self.kit
        kit.clear()
        kit.add("frame", Frame(z["zone:play"], PLAY, tr(T + "play_area"), (60, (70, 110, 96)), ink=(170, 200, 186),
                               note_ink=(150, 215, 240))).under = self.backdrop()
        view = self.scene.view()
        # The viewer at the bottom; a table watched with no seat of its own, from the player to move.
        seats = ring_order(view["seating"], self.scene.viewer if self.scene.viewer is not None else view["current"])
        others = seats[1:]
        width_each = (1470 - 12 * (len(others) - 1)) / max(1, len(others))
        areas = {seat: R(20 + i * (width_each + 12), 14, width_each, 316) for i, seat in enumerate(others)}
        areas[seats[0]] = R(20, 624, 1470, 370)
        # Room for a line under the name for the trait (and the Vulture's mark) when traits are in play.
        reserve = [""] * (1 if self.match.options["traits"] else 0)
        for seat in seats:
            panel = kit.add(f"seat{seat}", SeatPanel(seat, areas[seat]))
            panel.under = self.backdrop()  # nothing else is drawn under a seat
            panel.set("", lines=reserve)
            body = panel.body
            card_w = min(scale(126 if seat == seats[0] else 112), body.width / 10 - scale(8), body.height / 1.4 * 0.8)
            for k, rect in enumerate(columns(body, 10, card_w)):
                stack = kit.add(BANK_IDS[seat][k], Stack(BANK_IDS[seat][k], rect, self.card_image,
                                                         card_height=round(card_w * 1.4),
                                                         whole=stack_hit(seat, SUIT_ORDER[k])))
                stack.empty_mark = icon(deck().suits[k].icon, round(card_w) // 2, (60, 100, 88))
        kit.add("draw", Pile("draw", R(26, 372, 158, 214), self.card_image, tr(T + "draw_pile"), _named_top))
        kit.add("discard", Pile("discard", R(192, 372, 158, 214), self.card_image, tr(T + "discard_pile")))
        kit.add("play", SlotRow("play", R(378, 374, 914, 210), self.card_image, 5))
        kit.add("odds", Meter(z["odds"], tr(T + "odds")))
        kit.add("discard_values", CellPanel(z["discard_panel"], tr(T + "discard_contents"))).under = self.backdrop()
        # The choosers, over the table: the revealed cards are pieces (drawn again over the panel, see draw_hud).
        kit.add("reveal", Offer(z["reveal"], "reveal", lambda: self._choice_cards(self.scene.view()), border=BRASS))
        kit.add("traits", Offer(z["chooser"], "trait", lambda: self._trait_rects(self.scene.view()),
                                lambda t, w, h: _trait_card(t, w, h, lang(), self.scene.view()["my_pick"] == t),
                                lambda trait: str(Hit("trait", piece=trait)), border=BRASS))

    # -- where pieces go -----------------------------------------------------------------------------------

    def placements(self, view) -> dict:
        out = self.kit.placements(view)
        for card, rect in self._choice_cards(view):  # the Map's cards, or a Navigator's pick of the discard
            out[card] = Placement(rect, card, 10_000)
        return out

    def _choice_cards(self, view) -> list:
        choice = view["choice"]
        if not choice or choice["kind"] not in ("map", "navigate"):
            return []
        return list(zip(choice["cards"], reveal_rects(self.zones["reveal"], len(choice["cards"])), strict=True))

    def plan(self, events, before, after):
        """Every card flies from its old zone to its new one (the kit's plan; a card that busts passes through
        the play area). On a bust, after a pause on the card that did it, the loot scatters to the discard
        pile, spinning."""
        plan, exits = self.kit.plan(events, before, after)
        if any(ev.kind == "bust" for ev in events):
            ends = self.kit.places(after)
            landed = max((leg.start + leg.duration for legs in plan.values() for leg in legs[:-1]), default=0.0)
            loot = sorted((legs[-1].start, key) for key, legs in plan.items()
                          if key in exits or ends.get(key, ("",))[0] == "discard")
            for i, (_, key) in enumerate(loot):
                plan[key][-1] = replace(plan[key][-1], start=landed + 0.35 + 0.1 * i, spin=35.0, arc=scale(40))
        return plan, exits

    def on_events(self, events, before, after) -> None:
        """Sounds, flashes and floating words for what just happened."""
        sounds = self.scene.app.sounds
        speed = max(0.4, self.scene.speed) if self.scene.speed else 0
        play = self.zones["zone:play"]
        for seat, (old, new) in enumerate(zip(before["scores"], after["scores"], strict=True)):
            if new != old:
                header = self.kit[f"seat{seat}"].header
                colour = theme.GOOD if new > old else BLOOD
                self.float(f"{new - old:+d}", (header.centerx, header.bottom + scale(30)), colour, 1.4 * speed)
        for ev in events:
            a = ev.params()
            if ev.kind == "moved" and a["src"] == "draw":
                sounds.play("draw")
            elif ev.kind == "bust":
                sounds.play("bust")
                self.flash(play, BLOOD, 0.9 * speed)
                self.float(tr(T + "bust"), play.center, BLOOD, 1.2 * speed)
            elif ev.kind == "collect":
                sounds.play("collect")
            elif ev.kind == "bonus" and a["count"]:
                sounds.play("coins")
                self.float(tr(T + "bonus", count=a["count"]), play.center, BRASS, 1.2 * speed)
            elif ev.kind == "kraken" and a["owed"]:
                self.float(tr(T + "kraken", owed=a["owed"]), play.midtop, (120, 200, 230), 1.2 * speed)
            elif ev.kind in ("cannon", "sword", "sabotage"):
                rect = self.kit.rect_of(stack_hit(a.get("target", a["seat"]), a["suit"]))
                self.flash(rect, BLOOD if ev.kind != "sword" else BRASS, 0.8 * speed)
                by = saboteur(after["traits"]) if ev.kind == "sabotage" else None
                if by is not None:
                    names = [s.name for s in self.match.seats]
                    self.float(tr(T + "sabotaged", saboteur=names[by], player=names[a["seat"]]), play.center, BLOOD,
                               1.4 * speed)
            elif ev.kind == "revealed" and a["why"] == "oracle":
                sounds.play("flip")

    def update(self, dt: float) -> None:
        super().update(dt)
        self.kit.update(dt)

    # -- gestures --------------------------------------------------------------------------------------------

    def gestures(self, view, legal) -> list[Gesture]:
        out = []
        drag_only = []  # second ways to drag a move, after all the others (see the Sword)
        me = self.scene.viewer
        play = str(PLAY)
        for act in legal:
            k = act.kind
            if k == "draw":
                out.append(Gesture(act, str(DRAW), play, str(DRAW), tr(T + "draw")))
            elif k == "collect":
                out.append(Gesture(act, play, str(Hit.of_seat(me)), None, tr(T + "stop")))
            elif k in ("hook", "sabotage"):
                key = str(stack_hit(me, act["suit"]))
                onto = play if k == "hook" else str(DISCARD)
                out.append(Gesture(act, key, onto, key, tr(T + k, suit=self._suit(act["suit"]))))
            elif k in ("cannon", "sword"):
                key = str(stack_hit(act["target"], act["suit"]))
                label = tr(T + k, player=self.match.seats[act["target"]].name, suit=self._suit(act["suit"]))
                # The Cannon or Sword in the play area is dragged onto the target stack.
                out.append(Gesture(act, play, key, key, label))
                if k == "sword":
                    # The other way round works too: the stack dragged onto the play area. Drag only, so that
                    # a click on the stack stays one unambiguous choice; last, so that Tab meets every target
                    # once before it comes round to the same ones again.
                    drag_only.append(Gesture(act, key, play, None, label))
            elif k in ("map", "navigate"):
                key = str(Hit("reveal", piece=act["card"]))
                out.append(Gesture(act, key, play, key, tr(T + "take", card=card_name(act["card"]))))
            elif k in ("plunder", "mark"):
                name = self.match.seats[act["target"]].name
                out.append(Gesture(act, None, None, str(Hit.of_seat(act["target"])), tr(T + k, player=name)))
            elif k == "keep_trait":
                trait = deck().trait(act["trait"])
                key = str(Hit("trait", piece=act["trait"]))
                out.append(Gesture(act, None, None, key, tr(T + "keep", trait=pick(trait.name))))
        return out + drag_only

    def button_gestures(self, gestures) -> list:
        """Stop as a button beside the play area; whom to plunder or mark as a row of buttons."""
        out = [(self.zones["stop"], g) for g in gestures if g.action.kind == "collect"]
        targets = [g for g in gestures if g.action.kind in ("plunder", "mark")]
        panel = self.zones["chooser"]
        for i, g in enumerate(targets):
            out.append((pygame.Rect(panel.centerx - scale(300), panel.top + scale(220) + i * scale(90), scale(600),
                                    scale(72)), g))
        return out

    def _suit(self, suit_id: str) -> str:
        return pick(deck().suit(suit_id).name)

    def piece_in(self, piece_key: str, dragged: str) -> bool:
        """Is this piece part of what is being dragged (so it is drawn under the pointer instead)?"""
        return piece_key in self.kit.carried(dragged)

    def tooltip(self, key: str, view) -> str | None:
        hit = parse_or_none(key)
        if hit is None:
            return None
        if hit.kind == "stack":
            cards = view["banks"][hit.owner].get(hit.zone)
            if not cards:
                return None  # emptied since the pointer arrived
            return tr(T + "stack_tip", player=self.match.seats[hit.owner].name,
                      cards=", ".join(card_name(c) for c in reversed(cards)))
        if hit.zone in ("draw", "discard"):
            return tr(T + f"{hit.zone}_tip", count=len(view[hit.zone]))
        if hit.kind == "seat" and view["traits"][hit.owner]:
            t = deck().trait(view["traits"][hit.owner])
            return f"{pick(t.name)} ({pick(t.pirate)}): {pick(t.text)}"
        return self.kit.tooltip(hit)

    # -- drawing ---------------------------------------------------------------------------------------------

    def paint_backdrop(self, w: int, h: int) -> pygame.Surface:
        return paint.felt(w, h, FELT_TOP, FELT_BOTTOM, WOOD)

    def draw_table(self, surface, view, lit=(), active=(), hover=None) -> None:
        self._lit = set(lit)  # the choosers are drawn over the table: their focus is drawn again there
        self.kit.bind(view)
        self._set_seats(view)
        odds = view["bust_odds"] if view["options"]["show_odds"] and view["phase"] == "play" else None
        self.kit["odds"].set(odds, f"{round((odds or 0) * 100)}%", mix(theme.GOOD, BLOOD, min(1.0, (odds or 0) * 1.6)))
        frame = self.kit["frame"]
        frame.glow, frame.note = str(PLAY) in lit, tr(T + "owed", owed=view["owed"]) if view["owed"] else ""
        self._set_discard_values(view)
        self._set_choosers(view)
        self.kit.draw(surface, self.backdrop())  # the backdrop, the seats, frame and tally kept on it, the rest
        for key in active:  # what can be picked up or clicked: a stack or a pile
            hit = parse_or_none(key)
            if hit is not None and hit.kind in ("stack", "pile"):
                paint.ring(surface, self.kit.rect_of(hit), theme.FOCUS, 3, grow=8, radius=10)
        self.draw_flashes(surface, fill=True)
        self.draw_lit(surface, lit, theme.ACCENT_HI)

    def _set_seats(self, view) -> None:
        """Each seat's header: name, AI level, turn marker, thinking, score, then trait and the Vulture's mark."""
        current = view["current"] if view["phase"] == "play" else None
        for seat, info in enumerate(self.match.seats):
            lines = []
            if view["phase"] == "traits" and view["trait_chosen"] and view["trait_chosen"][seat]:
                lines.append((tr(T + "has_chosen"), theme.GOOD))
            trait = view["traits"][seat] and deck().trait(view["traits"][seat])
            if trait:
                emblem = icon(*trait_icon(trait, fonts.get("small").get_linesize(), theme.ACCENT_HI))
                line = [(pick(trait.name), theme.INK, emblem)]
                if view["mark"] is not None and trait.effect == "receive_marked_busts":
                    line.append((tr(T + "marks", player=self.match.seats[view["mark"]].name), PREY))
                lines.append(line)
            score = tr(T + "score", score=view["scores"][seat], cards=view["card_counts"][seat])
            self.kit[f"seat{seat}"].set(info.name, None if info.is_human else info.level, seat == current,
                                        seat == self.scene.thinking, lines=lines, score=score)

    def card_image(self, face, w, h) -> pygame.Surface:
        if face is None or is_handle(face):
            return _card_back(max(1, w), max(1, h))
        return _card_face(face, max(1, w), max(1, h), lang())

    def draw_dragged(self, surface, key, pos, view) -> None:
        """What is dragged: the play area's cards, a stack's top card, the draw pile's top (a back unless an Oracle
        named it) or a revealed card."""
        w, h = scale(150), scale(210)
        paint.carried(surface, [self.card_image(card, w, h) for card in self.kit.carried(key)], pos)

    def _trait_rects(self, view) -> list:
        if view["phase"] != "traits" or not view["dealt"]:
            return []
        panel, size = self.zones["chooser"], (scale(330), scale(460))
        rects = centred_row(len(view["dealt"]), size, panel.centerx, panel.top + scale(140), scale(60))
        return list(zip(view["dealt"], rects, strict=True))

    def _set_choosers(self, view) -> None:
        """The title of the chooser the viewer answers now, if any: a pirate to keep, a card to take (a Map's
        or Navigator's, over the play area's top), whom to plunder or mark."""
        choice = view["choice"]
        mine = choice and choice["seat"] == self.scene.viewer
        reveal, traits = self.kit["reveal"], self.kit["traits"]
        reveal.title = traits.title = ""
        traits.marked = {view["my_pick"]}
        if view["phase"] == "traits" and view["dealt"]:
            traits.title = tr(T + "choose_trait") if not view["my_pick"] else tr(T + "waiting_traits")
        elif mine and choice["kind"] in ("map", "navigate"):
            reveal.title = tr(T + ("map_title" if choice["kind"] == "map" else "navigate_title"))
        elif mine and choice["kind"] in ("plunder", "mark"):
            traits.title = tr(T + choice["kind"] + "_title")

    def draw_hud(self, surface, view) -> None:
        self.kit.draw_over(surface)
        reveal = self.kit["reveal"]
        if reveal.title:  # the revealed cards are pieces: drawn again over the chooser's panel
            cards = {card for card, _ in reveal.items()}
            for piece in self.scene.board.ordered():
                if piece.key in cards:
                    self.draw_piece(surface, piece, self.scene.board)
        self._draw_chooser_focus(surface)
        self.draw_floaters(surface)

    def _draw_chooser_focus(self, surface) -> None:
        """The keyboard focus (or a drop target) in a chooser, above its panel: round a revealed card or a
        pirate, or round the button of a Plunderer's or Vulture's target (there is none while no chooser shows)."""
        rings = [self.rect_of(k) for k in self._lit if getattr(parse_or_none(k), "kind", "") in ("reveal", "trait")]
        rings += [rect for rect, g in self.button_gestures(self.scene.gestures())
                  if g.action.kind in ("plunder", "mark") and g.click in self._lit]
        for rect in filter(None, rings):
            paint.ring(surface, rect, theme.FOCUS, 5)

    def _set_discard_values(self, view) -> None:
        """The discard-values assist: the values in the discard pile by suit, or that the assist is off."""
        if not view["options"]["show_discard"]:
            self.kit["discard_values"].set([], tr(T + "assist_off"))
            return
        cells = []
        for suit, values in enumerate(discard_values(view)):
            s = deck().suits[suit]
            # A list of card values, "2, 3, 7", never a bare number that could read as a count.
            texts = (", ".join(map(str, values)), ",".join(map(str, values))) if values else ("—",)
            cells.append((icon(s.icon, scale(30), SUITS[s.id]), texts, theme.INK if values else theme.INK_DIM))
        self.kit["discard_values"].set(cells)

    def preview_image(self, face, w, h) -> pygame.Surface:
        hit = parse_or_none(face)  # a pirate is shown large by its hit key, "trait:<id>"
        if hit is not None and hit.kind == "trait":
            return _trait_card(hit.piece, w, h, lang(), False)
        return self.card_image(face, w, h)


def discard_values(view) -> list[list[int]]:
    """The values of the cards in the discard pile, per suit in suit order, lowest first."""
    out: list[list[int]] = [[] for _ in SUIT_ORDER]
    for card_id in view["discard"]:
        card = deck().card(card_id)
        out[card.suit].append(card.value)
    return [sorted(values) for values in out]


def breakdown(result, seat: int) -> str:
    """The top card of each suit, the Mermaid Collector bonus and the card count (the tie-breaker)."""
    tops = result.details["tops"][seat]
    parts = [f"{pick(deck().suit(s).name)} {v}" for s, v in tops.items()]
    bonus = result.details["mermaid_bonus"][seat]
    if bonus:
        parts.append(tr(T + "mermaid_bonus", bonus=bonus))
    parts.append(tr(T + "cards", cards=result.details["cards"][seat]))
    return " · ".join(parts)


Table = DeadMansDrawTable
