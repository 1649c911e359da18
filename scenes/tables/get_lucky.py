"""The Get Lucky table: every player's characters with their attached Weapon, Motive and Opportunity cards
(a card naming its host turned sideways, strength on a badge), the Parlor between the character deck and the
action deck and discard pile, your hand, Doctor Lucky's pawn walking along the numbered characters with his
next steps previewed, and the murder-attempt panel where Luck cards are added and played.

Built from the table kit (scenes/table/kit): seat panels in a top band, the piles, the Parlor as a slot row,
your hand as a grid, Doctor Lucky as a pawn, typed hit keys and the generic fly-from-zone-to-zone motion.
What is this game's own stays here: the card art, the guests with their three attachment slots and badges,
the path panel, and the murder-attempt panel with its staged Luck cards. Pieces are keyed by the view's
zone entries: action card ids and character ids. Laid out in 1920×1080 design units, scaled to the window.
"""

from __future__ import annotations

from functools import cache, lru_cache, partial

import pygame

from game.games.get_lucky.cards import LUCK_VALUES, deck
from game.games.get_lucky.rules import strength_with_luck
from game.games.get_lucky.zones import AREA_IDS, ATTACHED_IDS, HAND_IDS, character_ids

from ..table.base import GameTable, R
from ..table.cardart import FACES, icon, ink_on, mix, paper, text_fit
from ..table.gestures import Gesture
from ..table.kit import HandCount, Hit, Pawn, Pile, SeatPanel, SlotRow, Widgets, paint, seat_ring
from ..table.kit.hits import parse_or_none
from ..table.kit.hosts import Attachments, Blocks, HostRow
from ..table.kit.motion import together
from ..table.kit.panels import Face, InfoPanel, grid
from ..table.kit.text import draw_layout, name_layout
from ..table.kit.tray import Tray, TrayHand
from ..table.kit.widgets import KitTable
from ..table.kit.zones import CountedPile
from ..ui import fonts, theme
from ..ui.linebreak import fit_lines
from ..ui.strings import lang, pick, tr
from ..ui.theme import scale

WALL_TOP, WALL_BOTTOM = (92, 24, 36), (48, 12, 20)  # burgundy wallpaper
MAHOGANY = (88, 40, 26)
CREAM_TOP, CREAM_BOTTOM = (250, 243, 226), (232, 218, 188)
BRASS = (201, 160, 82)
EDGE = (120, 70, 50)  # a panel's border
CANDLE = (255, 214, 110)
BLOOD = (170, 30, 30)
BACK_TOP, BACK_BOTTOM = (110, 30, 44), (58, 14, 24)
KIND_COLOURS = {
    "weapon": (150, 38, 40),
    "motive": (118, 58, 138),
    "opportunity": (36, 98, 128),
    "attract": (52, 118, 72),
    "luck": (196, 148, 40),
}
KIND_ICONS = {"weapon": "plain-dagger", "motive": "broken-heart", "opportunity": "wooden-door", "attract": "magnet",
              "luck": "clover"}
T = "get_lucky.table."
MOVE_SOUNDS = {"draw": "draw", "attach": "flip", "refill": "flip", "take": "flip"}  # a card moved, by why
# The moments of an attempt, called over the panel: (sound, the words' key, colour, seconds on show).
CALLS = {"attempt": ("coins", "strength", BLOOD, 1.2), "stopped": ("collect", "stopped", theme.GOOD, 1.4),
         "murder": ("bust", "murder", BLOOD, 1.6)}
MAX_VECTORS = 8
HAND_X, HAND_Y, HAND_W, HAND_H = 580, 632, 900, 330  # your hand, in design units


def char_name(number: int) -> str:
    return pick(deck().character(number).name)


def card_label(card_id: str) -> str:
    card = deck().card(card_id)
    if card.kind == "luck":
        return f"{pick(card.name)} -{card.defence}"
    return pick(card.name)


def kind_name(kind: str) -> str:
    return pick(deck().kind(kind).name)


def _sub_line(card) -> str:
    """What a card does, in a few characters: the character it names or its Luck value."""
    if card.kind == "luck":
        return tr(T + "luck_value", value=card.defence)
    if card.names:
        return tr(T + "names", number=card.names)
    return ""


@lru_cache(maxsize=FACES)
def _action_face(card_id: str, w: int, h: int, language: str) -> pygame.Surface:
    card = deck().card(card_id)
    tint = KIND_COLOURS[card.kind]
    on = ink_on(tint)  # words on the kind's colour
    radius = max(4, w // 12)
    letter = kind_name(card.kind)[:1]
    if w < 78:
        # Small (attached or far away): the kind colour, its letter, and the number it names or its Luck value.
        face = Face(paper(w, h, mix(tint, (255, 255, 255), 0.18), mix(tint, (0, 0, 0), 0.15),
                          mix(tint, (0, 0, 0), 0.5), radius))
        # Letter and value down the left edge: all that shows of a card under its neighbour in a fanned hand.
        face.word(letter, max(14, int(h * 0.24)), on, (int(w * 0.1), int(h * 0.02)), "topleft")
        face.word(_short_value(card), max(14, int(h * 0.22)), on, (int(w * 0.08), int(h * 0.3)), "topleft")
        face.emblem(KIND_ICONS[card.kind], int(min(w, h) * 0.42), mix(on, tint, 0.35),
                    (w - int(w * 0.08), h - int(h * 0.06)), "bottomright")
        return face.surface
    face = Face(paper(w, h, CREAM_TOP, CREAM_BOTTOM, mix(tint, (0, 0, 0), 0.4), radius))
    ink = mix(tint, (0, 0, 0), 0.45)  # the kind's colour, dark enough to read on cream
    if w > h:
        return _landscape_face(face, card, tint, on, ink, radius)
    surf = face.surface
    band = pygame.Rect(0, 0, w, int(h * 0.17))
    pygame.draw.rect(surf, tint, band, border_top_left_radius=radius, border_top_right_radius=radius)
    # Left-aligned kind and value: the part of a card that shows under its neighbour in a fanned hand.
    text_fit(surf, kind_name(card.kind), band.inflate(-int(w * 0.12), -int(h * 0.02)), on,
             sizes=(max(14, int(h * 0.09)), 14), bold=True, align="left")
    emblem_size = int(min(w * 0.5, h * 0.28))
    centre = (w // 2, int(h * 0.36))
    face.disc(centre, int(emblem_size * 0.64), mix(tint, CREAM_TOP, 0.78))
    face.emblem(KIND_ICONS[card.kind], emblem_size, ink, centre, letter=letter)
    name_rect = pygame.Rect(int(w * 0.06), int(h * 0.56), int(w * 0.88), int(h * 0.25))
    text_fit(surf, pick(card.name), name_rect, theme.INK_DARK, sizes=(max(14, h // 12), max(14, h // 15), 14),
             bold=True)
    sub = _sub_line(card) if w >= 120 else _short_value(card)
    face.word(sub, max(14, int(h * 0.1)), ink, (int(w * 0.08), h - int(h * 0.03)), "bottomleft", width=w - 8)
    if w >= 260:
        text_rect = pygame.Rect(int(w * 0.08), int(h * 0.8), int(w * 0.84), int(h * 0.12))
        rule_y = int(h * 0.79)
        pygame.draw.line(surf, mix(tint, CREAM_BOTTOM, 0.5), (int(w * 0.1), rule_y), (int(w * 0.9), rule_y))
        text_fit(surf, pick(deck().kind(card.kind).text), text_rect, theme.INK_DARK, sizes=(14,))
    return surf


def hand_face_layout(card, w: int, h: int) -> dict:
    """Where the words go on a landscape card in your hand (pixels): a band with the kind (and its emblem
    when there is room) and what it names or its Luck value at the right, then the name on up to three
    lines, at 14 px at least, every word whole whenever it fits (see `name_layout`)."""
    pad = max(4, w // 20)
    inner = w - 2 * pad
    band_font = fonts.font(max(theme.MIN_TEXT_PX, h // 7), True)
    band_h = band_font.get_linesize() + 2
    kind, sub = kind_name(card.kind), _short_value(card)
    kind_w, sub_w = band_font.size(kind)[0], band_font.size(sub)[0] if sub else 0
    emblem = band_h - 6
    sub_in_band = kind_w + sub_w + scale(8) <= inner
    with_emblem = sub_in_band and emblem + 4 + kind_w + sub_w + scale(8) <= inner
    name_top = band_h + max(2, h // 30)
    name_bottom = h - max(3, h // 25) - (0 if sub_in_band or not sub else band_font.get_linesize())
    name = name_layout(pick(card.name), inner, name_bottom - name_top, max(theme.MIN_TEXT_PX, h // 6))
    return {"pad": pad, "band_font": band_font, "band_h": band_h, "kind": kind, "sub": sub,
            "sub_in_band": sub_in_band, "emblem": emblem if with_emblem else 0, "name": name,
            "name_box": (name_top, name_bottom)}


def _short_value(card) -> str:
    return f"#{card.names}" if card.names else f"-{card.defence}" if card.kind == "luck" else ""


def _landscape_face(face: Face, card, tint, on, ink, radius: int) -> pygame.Surface:
    """A card in your hand, lying on its side so that its kind and name have the width they need (on the blank
    `face`, in the kind's `tint`, words `on` it and `ink`)."""
    surf, w, h = face.surface, face.w, face.h
    lay = hand_face_layout(card, w, h)
    pad, band_h, band_font = lay["pad"], lay["band_h"], lay["band_font"]
    pygame.draw.rect(surf, tint, (0, 0, w, band_h), border_top_left_radius=radius, border_top_right_radius=radius)
    x = pad
    if lay["emblem"] and face.emblem(KIND_ICONS[card.kind], lay["emblem"], on, (x, band_h // 2), "midleft"):
        x += lay["emblem"] + 4
    kind = band_font.render(fit_lines(lay["kind"], w - x - pad, 1, lambda t: band_font.size(t)[0])[0], True, on)
    surf.blit(kind, kind.get_rect(midleft=(x, band_h // 2)))
    if lay["sub"]:
        sub = band_font.render(lay["sub"], True, on if lay["sub_in_band"] else ink)
        where = (sub.get_rect(midright=(w - pad, band_h // 2)) if lay["sub_in_band"]
                 else sub.get_rect(bottomleft=(pad, h - max(2, h // 30))))
        surf.blit(sub, where)
    top, bottom = lay["name_box"]
    draw_layout(surf, lay["name"], pygame.Rect(0, top, w, bottom - top), theme.INK_DARK, "center")
    return surf


@lru_cache(maxsize=FACES)
def _character_face(number: int, w: int, h: int, language: str) -> pygame.Surface:
    character = deck().character(number)
    radius = max(5, w // 12)
    face = Face(paper(w, h, CREAM_TOP, CREAM_BOTTOM, MAHOGANY, radius))
    surf = face.surface
    face.frame(max(4, w // 14), BRASS, max(1, w // 50), max(3, radius // 2))
    # The number large in a brass disc: the order Doctor Lucky walks in.
    disc_r = int(min(w, h) * 0.2)
    centre = (w // 2, int(h * 0.05) + disc_r + max(2, w // 30))
    face.disc(centre, disc_r, MAHOGANY, BRASS, max(1, w // 40))
    face.word(str(number), max(14, int(disc_r * 1.25)), CANDLE, centre)
    portrait = icon("person", int(min(w * 0.4, h * 0.22)), mix(MAHOGANY, CREAM_BOTTOM, 0.45))
    big = h >= 300
    name = pick(character.name)
    name_w = int(w * 0.84)
    largest = max(theme.MIN_TEXT_PX, h // 13)
    # The name goes under the portrait when it fits there whole; otherwise it takes the portrait's place,
    # shrunk to 14 px at least, wrapped, and only then shortened with "…" (the preview shows it whole).
    fitted = None
    if portrait and h >= 120:
        name_top, name_h = int(h * 0.62), int(h * (0.17 if big else 0.34))
        fitted = name_layout(name, name_w, name_h, largest, shorten=False)
        if fitted:
            surf.blit(portrait, portrait.get_rect(midtop=(w // 2, centre[1] + disc_r + int(h * 0.02))))
    if fitted is None:  # the portrait's place, and the margins up to the brass frame
        name_top = centre[1] + disc_r + max(2, int(h * 0.03))
        name_h = (int(h * 0.79) if big else h - max(3, int(h * 0.05))) - name_top
        name_w = int(w * 0.92)
        fitted = name_layout(name, name_w, name_h, largest)
    draw_layout(surf, fitted, pygame.Rect(0, name_top, w, name_h), theme.INK_DARK, "center")
    if big:
        grudge = pygame.Rect(int(w * 0.1), int(h * 0.8), int(w * 0.8), int(h * 0.17))
        text_fit(surf, pick(character.grudge), grudge, mix(MAHOGANY, (0, 0, 0), 0.3), sizes=(max(14, h // 30), 14))
    return surf


@lru_cache(maxsize=FACES)
def _card_back(w: int, h: int, character: bool = False) -> pygame.Surface:
    radius = max(4, w // 12)
    top, bottom = ((70, 40, 28), (40, 22, 14)) if character else (BACK_TOP, BACK_BOTTOM)
    face = Face(paper(w, h, top, bottom, BRASS, radius))
    face.frame(max(6, w // 8), mix(BRASS, top, 0.5), max(1, w // 60), radius // 2)
    face.emblem("person" if character else "candle-light", int(w * 0.5), mix(CANDLE, (255, 255, 255), 0.1),
                (w // 2, h // 2))
    return face.surface


def _vector_text(vector) -> str:
    return ", ".join(f"-{v}" for v, n in zip(LUCK_VALUES, vector, strict=True) for _ in range(n))


def pick_vectors(kind: str, vectors: list, strength: int) -> list:
    """At most MAX_VECTORS Luck choices worth offering: none, each single card, the cheapest that stops the
    attack, all. In an attack every card adds 1 whatever its value, so the lowest values are spent first."""
    held = tuple(max(v[i] for v in vectors) for i in range(4)) if vectors else (0, 0, 0, 0)
    total = sum(held)
    wanted: list = []
    if kind == "attempt":
        cards = [i for i in range(4) for _ in range(held[i])]
        for k in range(total + 1):
            v = [0, 0, 0, 0]
            for i in cards[:k]:
                v[i] += 1
            wanted.append(tuple(v))
    else:
        wanted.append((0, 0, 0, 0))
        for i in range(4):
            if held[i]:
                v = [0, 0, 0, 0]
                v[i] = 1
                wanted.append(tuple(v))
        stops = [v for v in vectors if sum(n * val for n, val in zip(v, LUCK_VALUES, strict=True)) >= strength]
        if stops:
            wanted.append(min(stops, key=lambda v: (sum(n * val for n, val in zip(v, LUCK_VALUES, strict=True)),
                                                     sum(v))))
        wanted.append(held)
    out = []
    for v in wanted:
        if v in vectors and v not in out:
            out.append(v)
    if len(out) > MAX_VECTORS:
        out = out[:MAX_VECTORS - 1] + [out[-1]]
    return out


SLOT_OF = {"weapon": 0, "motive": 1, "opportunity": 2}  # a character's three attachment slots, left to right
MARKS = tuple(KIND_ICONS[kind] for kind in SLOT_OF)  # what goes in each, shown while it is empty


def slot_of(card_id: str) -> int:
    return SLOT_OF[deck().card(card_id).kind]


@cache
def char_numbers() -> dict:
    """Character id -> its number (the board keys characters by id, as the view's zones list them)."""
    return {cid: n for n, cid in enumerate(character_ids()) if cid}


class CharPile(CountedPile):
    """The character deck: its set is public but it lies face down, so its top is no piece."""

    def placed(self) -> list[str]:
        return []


def _hand_rows(count: int) -> int:
    """One row up to four cards, two up to twelve, then three: every kind and name reads whole at 1280×720."""
    return 1 if count <= 4 else 2 if count <= 12 else 3


class GetLuckyTable(KitTable, GameTable):
    message_zone = "parlor"
    results_points = False  # one murderer wins: there are no points to show

    @staticmethod
    def results_summary(result) -> str:
        """The game-wide facts, printed once above the players."""
        d = result.details
        key = "result_drawn" if d.get("drawn") else "result_summary"
        return tr(T + key, turns=d["turns"], attempts=d["attempts"])

    def __init__(self, scene):
        super().__init__(scene)
        self.kit = Widgets()
        # Luck cards dragged onto the attempt panel but not yet played (Confirm plays them all at once),
        # for the decision they were staged in: (state id, viewer).
        self.tray = Tray(self.card_image, Hit("panel"), self._attempting,
                         lambda: (self.match.state_id, self.scene.viewer), self.resettle)
        self._parlor_plate = paint.Kept()  # the Parlor's box over the backdrop

    # -- layout --------------------------------------------------------------------------------------------

    def layout(self, width: int, height: int) -> None:
        self.zones.clear()
        super().layout(width, height)
        z = self.zones
        z["info"] = R(1510, 670, 390, 316)
        z["pass"] = R(1530, 912, 350, 60)
        z["panel"] = R(170, 308, 1320, 272)
        z["parlor"] = R(170, 318, 840, 250)
        self.kit = kit = Widgets()
        info = kit.add("info", InfoPanel(z["info"], BRASS))
        info.under, info.icon, info.shade = self.backdrop(), icon("top-hat", scale(30), CANDLE), (10, 6, 6)
        info.foot = z["info"].bottom - z["pass"].top + scale(4)  # the Pass button lies there
        order = self._seat_order()
        ring = seat_ring(len(order), R(20, 14, 1470, 976), viewer_height=scale(406), top_height=scale(290),
                         columns=False)
        for place, seat in enumerate(order):
            panel = kit.add(f"seat{seat}", SeatPanel(seat, ring.areas[place], header_height=scale(40)))
            panel.line, panel.accent, panel.reserve = EDGE, CANDLE, scale(100)
            panel.under = self.backdrop()  # nothing else is drawn under a seat
            count = HandCount(HAND_IDS[seat], panel.header.inflate(-scale(24), 0), self.card_image)
            kit.add(HAND_IDS[seat] if place else f"count/{seat}", count)  # your hand's widget is the grid
            panel.tip = count.tip = partial(self._hand_tip, seat)
        rows = []  # every player's guests, where the attached cards find their host
        for place, seat in enumerate(order):
            area = ring.areas[place]
            rows.append(kit.add(AREA_IDS[seat], HostRow(AREA_IDS[seat], area, self.card_image,
                                                        self._blocks(area, place == 0), MARKS, self._filled)))
            rows[-1].tip = partial(self._hand_tip, seat)
        for number in range(1, len(character_ids())):
            names_host = lambda card, n=number: deck().card(card).names == n  # noqa: E731 (it lies sideways)
            kit.add(ATTACHED_IDS[number], Attachments(ATTACHED_IDS[number], character_ids()[number], self.card_image,
                                                      rows, slot_of, names_host))
        players = len(order)
        kit.add("parlor", SlotRow("parlor", R(178, 352, players * 118 + (players - 1) * 16, 166), self.card_image,
                                  players, gap=scale(16), numbered=False))
        # A pile's top card has the size of the zone, its layers lie beneath to the bottom right.
        grow = Pile.LAYERS * max(1, scale(3))
        piles = (("characters", CharPile, (36, 352, 118, 166), "guests", "chars_tip", self._character_back),
                 ("deck", CountedPile, (1060, 352, 118, 166), "deck", "deck_tip", self.card_image),
                 # The discard pile's top card lies on its side, like the hand's, so its kind and name read whole.
                 ("discard", CountedPile, (1206, 372, 200, 146), "discard", "discard_tip", self.card_image))
        for zone_id, kind, rect, caption, tip, image in piles:
            pile = kit.add(zone_id, kind(zone_id, R(*rect).inflate(grow, grow).move(grow // 2, grow // 2), image,
                                         lambda count, key=caption: tr(T + key, count=count)))
            pile.tip = partial(self._pile_tip, tip, pile)
        me = order[0]
        # Your hand, without the Luck cards staged on the attempt panel; behind the hot-seat curtain it shows nothing.
        hand = kit.add(HAND_IDS[me], TrayHand(HAND_IDS[me], R(HAND_X, HAND_Y + 34, HAND_W, HAND_H - 34),
                                              self.card_image, tr(T + "your_hand"), max_size=(scale(200), scale(150)),
                                              aspect=0.75, rows_for=_hand_rows, tray=self.tray))
        hand.tip = partial(self._hand_tip, me)
        kit.add("staged", self.tray.lay(z["panel"], (scale(84), scale(118)), scale(10), (scale(24), scale(16))))
        # Doctor Lucky beside the number disc, on his card's top left corner: clear of the name and the badges.
        kit.add("pawn", Pawn(self.piece_rect, (30, 20, 16), CANDLE, "top-hat", "L", spot=(0.1, 0.31)))

    def _blocks(self, area: pygame.Rect, mine: bool) -> Blocks:
        """The geometry of a seat's character blocks (pixels): yours larger, at the bottom."""
        f = scale.factor
        if mine:
            return Blocks(area.left + 20 * f, area.top + 48 * f, 250 * f, (170 * f, 238 * f), (74 * f, 102 * f),
                          12 * f, 8 * f)
        block = min(170 * f, (area.width - 40 * f) / 2)
        # As wide as at 3–4 players (block 170) whenever the block allows: at 5–6 the card fills it.
        card_w = min(block, 116 * f)
        mini_w = (block - 12 * f) / 3
        return Blocks(area.left + 12 * f, area.top + 46 * f, block, (card_w, card_w * 1.4), (mini_w, mini_w * 1.38),
                      8 * f, 6 * f)

    def _filled(self, cid: str) -> set:
        return self.kit[ATTACHED_IDS[char_numbers()[cid]]].filled()

    def _bind(self, view) -> None:
        self.kit.bind(view)
        current = view["current"] if view["phase"] != "over" else None
        for seat, info in enumerate(self.match.seats):
            self.kit[f"seat{seat}"].set(info.name, None if info.is_human else info.level, seat == current)
        self.kit["info"].set(self._facts(view))
        pawn, lucky = self.kit["pawn"], character_ids()[view["lucky"]]
        if pawn.on != lucky:  # he stands where the view says, walking only to there
            pawn.walk(None, lucky, 0)

    # -- keys ----------------------------------------------------------------------------------------------

    def _hand_key(self, card: str) -> str:
        return str(Hit.of_piece(HAND_IDS[self.me()], card))

    def _guest_key(self, view, number: int) -> str:
        seat = next(s for s, area in enumerate(view["areas"]) if number in area)
        return str(Hit.of_piece(AREA_IDS[seat], character_ids()[number]))

    # -- the staged Luck cards ------------------------------------------------------------------------------

    @property
    def staged(self) -> list[str]:
        """The staged Luck cards, forgotten as soon as the game moves on or the screen changes hands."""
        return self.tray.staged()

    def _attempting(self) -> bool:
        return self.scene.view()["phase"] in ("attempt", "defence")

    def _staged_vector(self) -> tuple:
        counts = [0, 0, 0, 0]
        for card in self.staged:
            counts[deck().card(card).defence - 1] += 1
        return tuple(counts)

    # -- pieces and their motion ----------------------------------------------------------------------------

    def plan(self, events, before, after):
        plan, exits = self.kit.plan(events, before, after)
        # The Luck cards of an attempt or a defence go down together, as one play, not one after another.
        return together(plan, [ev["piece"] for ev in events if ev.kind == "moved" and ev["why"] == "luck"]), exits

    def on_events(self, events, before, after) -> None:
        sounds = self.scene.app.sounds
        speed = max(0.4, self.scene.speed) if self.scene.speed else 0
        centre = self.zones["panel"].center
        for ev in events:
            a = ev.params()
            k = ev.kind
            if k == "moved" and a["why"] in MOVE_SOUNDS:
                sounds.play(MOVE_SOUNDS[a["why"]])
            elif k in ("lucky_moved", "attracted"):
                ids = character_ids()
                self.kit["pawn"].walk(ids[a["source"]], ids[a["target"]], 0.45 * speed)
            elif k in CALLS:
                sound, key, colour, seconds = CALLS[k]
                sounds.play(sound)
                self.float(tr(T + key, strength=a.get("strength")), centre, colour, seconds * speed)

    def auto_action(self, view, legal, solo: bool):
        """Quick defence (§10): alone at the table, a defence with no Luck in hand passes by itself, with a
        notice. With two or more humans the prompt always appears, so the pace reveals no one's hand."""
        if solo and view["options"].get("quick_defence") and len(legal) == 1 and legal[0].kind == "defend":
            self.flash_message(tr(T + "quick_defence"))
            return legal[0]
        return None

    # -- gestures --------------------------------------------------------------------------------------------

    def hits(self, pos) -> list[str]:
        self.kit.bind(self.scene.view())
        # The murder-attempt panel takes dropped Luck cards: under the staged cards, over the rest.
        return [str(h) for h in self.tray.over(self.kit.hit_list(pos), pos)]

    def _pile_tip(self, key: str, pile, hit) -> str | None:
        return tr(T + key, count=pile.count) if hit.kind in ("pile", "zone") else None

    def _hand_tip(self, seat: int, hit) -> str | None:
        """Over a seat (not one of its cards): how many cards that player holds."""
        if hit.kind == "piece":
            return None
        view = self.scene.view()
        return tr(T + "hand_tip", player=self.match.seats[seat].name, count=view["hand_sizes"][seat])

    def gestures(self, view, legal) -> list[Gesture]:
        out = []
        me = self.me()
        attract_card = next((c for c in view["hand"] if deck().card(c).kind == "attract"), None)
        for act in legal:
            k = act.kind
            if k == "wmo":
                out.append(Gesture(act, self._hand_key(act["card"]), self._guest_key(view, act["host"]), None,
                                   tr(T + "do_wmo", card=card_label(act["card"]), host=char_name(act["host"]))))
            elif k == "attract" and attract_card:
                out.append(Gesture(act, self._hand_key(attract_card), self._guest_key(view, act["target"]), None,
                                   tr(T + "do_attract", target=char_name(act["target"]))))
            elif k == "take":
                take = str(Hit.of_piece("parlor", character_ids()[act["take"]]))
                give = act.get("give")
                if give:
                    out.append(Gesture(act, take, self._guest_key(view, give), None,
                                       tr(T + "do_take_give", take=char_name(act["take"]), give=char_name(give))))
                else:
                    out.append(Gesture(act, take, str(Hit.of_zone(AREA_IDS[me])), None,
                                       tr(T + "do_take", take=char_name(act["take"]))))
            elif k in ("pass", "decline"):
                out.append(Gesture(act, label=tr(T + "do_" + k)))
        for k in ("attempt", "defend"):
            acts = [act for act in legal if act.kind == k]
            if acts:
                out += self._luck_gestures(view, k, acts)
        return out

    def _luck_gestures(self, view, k: str, acts: list) -> list[Gesture]:
        """The Luck choices of an attempt or a defence, and the staging of single Luck cards."""
        out = []
        base = self._strength(view)
        staged = self._staged_vector()
        if any(staged):
            # Cards staged on the panel: Confirm plays exactly them (every legal combination can be
            # staged by hand), Clear takes them back.
            act = next(a for a in acts if a["luck"] == staged)
            out.append(Gesture(act, label=tr(T + "confirm") + ": " + self._vector_label(k, staged, base)))
            out.append(Gesture(None, label=tr(T + "clear"), use=self.tray.clear))
            nothing = next((a for a in acts if not any(a["luck"])), None)
            if k == "defend" and nothing is not None:  # Pass stays at hand (Decline always does)
                out.append(Gesture(nothing, label=self._vector_label(k, nothing["luck"], base)))
        else:
            vectors = [a["luck"] for a in acts]
            for v in pick_vectors(k, vectors, base):
                act = next(a for a in acts if a["luck"] == v)
                out.append(Gesture(act, label=self._vector_label(k, v, base)))
        # Luck cards are dragged from the hand onto the attempt (staged), and back again.
        hand = HAND_IDS[self.me()]
        luck = [card for card in self.kit[hand].entries() if deck().card(card).kind == "luck"]
        return out + self.tray.gestures(luck, self._hand_key, Hit.of_zone(hand),
                                        lambda card: tr(T + "stage", card=card_label(card)),
                                        lambda card: tr(T + "unstage", card=card_label(card)))

    @staticmethod
    def _strength(view) -> int:
        """The attack's strength before any Luck of this decision: the attempt's once it is made, else that of the
        guest with Doctor Lucky."""
        return view["attempt"]["strength"] if view["attempt"] else view["strengths"].get(view["lucky"], 1)

    def _vector_label(self, kind: str, vector, base: int) -> str:
        if kind == "attempt":
            return tr(T + "do_attempt", luck=sum(vector), strength=strength_with_luck(kind, base, vector))
        if not sum(vector):
            return tr(T + "do_defend_pass", strength=base)
        left = strength_with_luck(kind, base, vector)
        key = "do_defend_stop" if left <= 0 else "do_defend"
        return tr(T + key, cards=_vector_text(vector), strength=max(0, left))

    def button_gestures(self, gestures) -> list:
        # Buttons for the Luck choices, two a row on the panel; the single cards that can be dragged onto the
        # panel need none.
        choices = [g for g in gestures if g.drag_from is None and g.click is None and
                   (g.use is not None or g.action.kind in ("decline", "attempt", "defend"))]
        panel = self.zones["panel"]
        rects = grid(panel.left + scale(20), panel.top + scale(76), panel.width - scale(40), len(choices), 2,
                     scale(44), scale(20), scale(6))
        passes = [(self.zones["pass"], g) for g in gestures if g.action is not None and g.action.kind == "pass"]
        return passes + list(zip(rects, choices, strict=True))

    # -- drawing ---------------------------------------------------------------------------------------------

    def paint_backdrop(self, w: int, h: int) -> pygame.Surface:
        return paint.wallpaper(w, h, WALL_TOP, WALL_BOTTOM, MAHOGANY)  # damask-like stripes

    def card_image(self, face, w, h) -> pygame.Surface:
        w, h = max(1, w), max(1, h)
        if face is None:
            return _card_back(w, h)
        if face in char_numbers():
            return _character_face(char_numbers()[face], w, h, lang())
        return _action_face(face, w, h, lang())

    def _character_back(self, face, w, h) -> pygame.Surface:
        return _card_back(max(1, w), max(1, h), True)

    def draw_table(self, surface, view, lit=(), active=(), hover=None) -> None:
        surface.blit(self.backdrop(), (0, 0))
        self._bind(view)
        # The Parlor's box, under its guests.
        box = self.kit["parlor"].rect.inflate(scale(16), 0)
        box.top, box.height = self.zones["parlor"].top, self.zones["parlor"].height
        box.width = max(box.width, scale(300))
        self._parlor_plate.draw(surface, self.backdrop(), box, 60, EDGE, shade=(20, 6, 8))
        fonts.blit_text(surface, tr(T + "parlor"), (box.left + scale(12), box.top + scale(4)), "small", CANDLE, True)
        self.kit.draw(surface)
        self.draw_flashes(surface)
        self.draw_lit(surface, lit, CANDLE)

    def draw_piece(self, surface, piece, board, lift: int = 0) -> None:
        super().draw_piece(surface, piece, board, lift)
        n = char_numbers().get(piece.key)
        if n is None or piece.motions:
            return
        rect = piece.rect.move(0, -lift)
        view = self.scene.view()
        value = view["strengths"].get(n)
        if value is not None:
            r = max(scale(14), rect.width // 7)
            paint.letter_disc(surface, (rect.right - r // 2, rect.top + r // 2), r, BLOOD, str(value),
                              max(14, int(r * 1.2)), BRASS, theme.INK)
        path = view["path"][:3]
        if n in path and view["phase"] != "over":
            step = path.index(n) + 1
            r = max(scale(11), rect.width // 10)
            # Top left, clear of the name (the pawn, which uses that corner too, is never on a card of his
            # next three stops: at least six guests are in play).
            paint.letter_disc(surface, (rect.left + r + scale(2), rect.top + r + scale(2)), r, (30, 20, 16),
                              str(step), 14, CANDLE, CANDLE)

    def draw_dragged(self, surface, key, pos, view) -> None:
        hit = parse_or_none(key)
        if hit is None or hit.kind != "piece":
            return
        paint.carried(surface, [self.card_image(hit.piece, scale(124), scale(174))], pos)

    def draw_hud(self, surface, view) -> None:
        self.kit.draw_over(surface)
        self._draw_attempt(surface, view)
        self.draw_floaters(surface)

    def _facts(self, view) -> list[tuple]:
        """The information panel: where Doctor Lucky is and goes, the turn, and (if tracked) the Luck left."""
        facts = [tr(T + "lucky_at", number=view["lucky"], name=char_name(view["lucky"])),
                 tr(T + "path", path=" → ".join(str(n) for n in view["path"])),
                 tr(T + "turn", turn=view["turn"]) + "   " +
                 tr(T + "quiet", quiet=view["quiet"], players=view["players"])]
        if view["options"].get("luck_tracker"):
            facts.append(tr(T + "luck_left", counts="  ".join(f"-{v}×{n}" for v, n in self._luck_left(view))))
        return [(tr(T + "lucky_title"), CANDLE, True)] + [(text, theme.INK, False) for text in facts]

    def _luck_left(self, view) -> list:
        """(value, Luck cards of that value not yet in the discard pile) for each value."""
        luck = [c.defence for c in deck().actions if c.kind == "luck"]
        played = [deck().card(c).defence for c in view["discard"] if deck().card(c).kind == "luck"]
        return [(v, luck.count(v) - played.count(v)) for v in LUCK_VALUES]

    def _draw_attempt(self, surface, view) -> None:
        if view["phase"] not in ("attempt", "defence"):
            return
        panel = self.zones["panel"]
        paint.panel(surface, panel, 255, BRASS, 3, 16, shade=(26, 8, 10))  # opaque: the Parlor would show through
        seats = self.match.seats
        attacker, strength = seats[view["current"]].name, self._strength(view)
        if view["attempt"]:
            att = view["attempt"]
            title = tr(T + "attempt_title", player=attacker, character=char_name(att["character"]))
            waiting = ", ".join(seats[s].name for s in att["defenders"])
            sub = tr(T + "to_defend", players=waiting) if waiting else ""
        else:
            title = tr(T + "lucky_here", player=attacker, character=char_name(view["lucky"]))
            sub = tr(T + "base_strength")
        badge = pygame.Rect(panel.right - scale(200), panel.top + scale(10), scale(184), scale(56))
        paint.label_box(surface, badge, tr(T + "strength", strength=strength), BLOOD, BRASS)
        staged = self._staged_vector() if self.scene.my_decision() is not None else (0, 0, 0, 0)
        if any(staged):
            # What the staged cards would make of the attack: +1 each in attack, minus their value in defence.
            after = max(0, strength_with_luck("defend" if view["attempt"] else "attempt", strength, staged))
            cards = self.kit["staged"].piece_rects(len(self.staged))
            fonts.blit_text(surface, tr(T + "staged_strength", strength=after),
                            (cards[0].left - scale(16), cards[0].centery), "body", CANDLE, True, anchor="midright")
        width = badge.left - panel.left - scale(40)
        paint.one_line(surface, title, (panel.left + scale(20), panel.top + scale(10)), width, "body", CANDLE, True)
        paint.one_line(surface, sub, (panel.left + scale(20), panel.top + scale(44)), width, "small", theme.INK)
        board = self.scene.board
        for card in self.staged:  # above the panel's shade: they lie on the attempt
            piece = board.pieces.get(card)
            if piece is not None:
                self.draw_piece(surface, piece, board)
        if not self.scene.action_buttons and view["attempt"] is not None:
            fonts.blit_text(surface, tr(T + "waiting_defence"), (panel.centerx, panel.top + scale(160)), "body",
                            theme.INK_DIM, anchor="center")


def breakdown(result, seat: int) -> str:
    """The murderer's row says how it was done; the others have nothing of their own to report."""
    d = result.details
    if seat in result.winners:
        return tr(T + "result_murder", character=char_name(d["character"]), strength=d["strength"])
    return ""


Table = GetLuckyTable
