"""The Get Lucky table: every player's characters with their attached Weapon, Motive and Opportunity cards
(a card naming its host turned sideways, strength on a badge), the Parlor between the character deck and the
action deck and discard pile, your hand, Doctor Lucky's pawn walking along the numbered characters with his
next steps previewed, and the murder-attempt panel where Luck cards are added and played.

Built from the table kit (scenes/table/kit): seat panels in a top band, the guests as host rows with their
attached cards in slots (kit.hosts), the piles, the Parlor as a slot row, your hand as a grid, the Luck cards
staged on the attempt panel (kit.tray), Doctor Lucky as a pawn, the information panel, typed hit keys and the
generic fly-from-zone-to-zone motion. What is this game's own stays here: the layout, the badges on the guests,
the murder-attempt panel and its Luck choices, and the card art (faces.py). Pieces are keyed by the view's zone
entries: action card ids and character ids. Laid out in 1920×1080 design units, scaled to the window.
"""

from __future__ import annotations

from functools import partial

import pygame

from game.games.get_lucky.cards import LUCK_VALUES, deck
from game.games.get_lucky.rules import strength_with_luck
from game.games.get_lucky.zones import AREA_IDS, ATTACHED_IDS, HAND_IDS, character_ids

from ...table.base import GameTable, R
from ...table.cardart import icon
from ...table.gestures import Gesture
from ...table.kit import HandCount, Hit, Pawn, Pile, SeatPanel, SlotRow, Widgets, paint, seat_ring
from ...table.kit.hosts import Attachments, Blocks, HostRow
from ...table.kit.motion import together
from ...table.kit.panels import InfoPanel, grid
from ...table.kit.tray import Tray, TrayHand
from ...table.kit.widgets import KitTable
from ...table.kit.zones import CountedPile
from ...ui import fonts, theme
from ...ui.strings import tr
from ...ui.theme import scale
from . import faces
from .faces import BRASS, CANDLE, T, card_label, char_name

WALL_TOP, WALL_BOTTOM = (92, 24, 36), (48, 12, 20)  # burgundy wallpaper
EDGE = (120, 70, 50)  # a panel's border
BLOOD = (170, 30, 30)
MOVE_SOUNDS = {"draw": "draw", "attach": "flip", "refill": "flip", "take": "flip"}  # a card moved, by why
# The moments of an attempt, called over the panel: (sound, the words' key, colour, seconds on show).
CALLS = {"attempt": ("coins", "strength", BLOOD, 1.2), "stopped": ("collect", "stopped", theme.GOOD, 1.4),
         "murder": ("bust", "murder", BLOOD, 1.6)}
MAX_VECTORS = 8
HAND_X, HAND_Y, HAND_W, HAND_H = 580, 632, 900, 330  # your hand, in design units


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
MARKS = tuple(faces.KIND_ICONS[kind] for kind in SLOT_OF)  # what goes in each, shown while it is empty


def slot_of(card_id: str) -> int:
    return SLOT_OF[deck().card(card_id).kind]


class CharPile(CountedPile):
    """The character deck: its set is public but it lies face down, so its top is no piece."""

    def placed(self) -> list[str]:
        return []


def _hand_rows(count: int) -> int:
    """One row up to four cards, two up to twelve, then three: every kind and name reads whole at 1280×720."""
    return 1 if count <= 4 else 2 if count <= 12 else 3


class GetLuckyTable(KitTable, GameTable):
    message_zone = "parlor"
    carried = (124, 174)  # a card under the pointer, design units
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
        rows, attached = [], []  # the guests, where attached cards find their host, and the attached cards
        for place, seat in enumerate(order):
            area = ring.areas[place]
            panel = kit.add(f"seat{seat}", SeatPanel(seat, area, header_height=scale(40)))
            panel.line, panel.accent, panel.reserve = EDGE, CANDLE, scale(100)
            panel.under = self.backdrop()  # nothing else is drawn under a seat
            count = HandCount(HAND_IDS[seat], panel.header.inflate(-scale(24), 0), self.card_image)
            kit.add(HAND_IDS[seat] if place else f"count/{seat}", count)  # your hand's widget is the grid
            rows.append(kit.add(AREA_IDS[seat], HostRow(AREA_IDS[seat], area, self.card_image,
                                                        self._blocks(area, place == 0), MARKS, attached)))
            panel.tip = count.tip = rows[-1].tip = partial(self._hand_tip, seat)
        for number in range(1, len(character_ids())):
            # A card naming its host lies sideways.
            names_host = lambda card, n=number: deck().card(card).names == n  # noqa: E731
            attached.append(kit.add(ATTACHED_IDS[number], Attachments(ATTACHED_IDS[number], character_ids()[number],
                                                                      self.card_image, rows, slot_of, names_host)))
        players = len(order)
        kit.add("parlor", SlotRow("parlor", R(178, 352, players * 118 + (players - 1) * 16, 166), self.card_image,
                                  players, gap=scale(16), numbered=False))
        # A pile's top card has the size of the zone, its layers lie beneath to the bottom right.
        grow = Pile.LAYERS * max(1, scale(3))
        piles = (("characters", CharPile, (36, 352, 118, 166), "guests", "chars_tip", faces.character_back),
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
        kit.add("pawn", Pawn(self.piece_rect, (30, 20, 16), CANDLE, "top-hat", "L", spot=(0.1, 0.31),
                             still=self.reduced_motion))

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
        """How many staged Luck cards there are of each value."""
        return tuple(sum(1 for card in self.staged if deck().card(card).defence == v) for v in LUCK_VALUES)

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
                    out.append(Gesture(act, take, str(Hit.of_zone(AREA_IDS[self.me()])), None,
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
        return paint.wallpaper(w, h, WALL_TOP, WALL_BOTTOM, faces.MAHOGANY)  # damask-like stripes

    def card_image(self, face, w, h) -> pygame.Surface:
        return faces.card_image(face, w, h)

    def draw_table(self, surface, view, lit=(), active=(), hover=None) -> None:
        self._bind(view)
        self.kit.draw(surface, self.backdrop(), self._draw_parlor)  # seats lie still (a Layer); the Parlor under
        self.draw_flashes(surface)
        self.draw_lit(surface, lit, CANDLE)

    def _draw_parlor(self, surface) -> None:
        box = self.kit["parlor"].rect.inflate(scale(16), 0)
        box.top, box.height = self.zones["parlor"].top, self.zones["parlor"].height
        box.width = max(box.width, scale(300))
        self._parlor_plate.draw(surface, self.backdrop(), box, 60, EDGE, shade=(20, 6, 8))
        fonts.blit_text(surface, tr(T + "parlor"), (box.left + scale(12), box.top + scale(4)), "small", CANDLE, True)

    def draw_piece(self, surface, piece, board, lift: int = 0) -> None:
        super().draw_piece(surface, piece, board, lift)
        n = faces.char_numbers().get(piece.key)
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
