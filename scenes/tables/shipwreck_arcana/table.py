"""The Shipwreck Arcana table, built from the table kit: The Hours with the score and doom tracks, the row of
four arcana with the fates lying in front of them (moons filled to the load, a card about to fade marked),
the deck (its public top card), the bag, the power stock, a panel per position with its fates and its number
line, the middle panel (the story of the turn, or the group's prediction panel), and a panel of facts.

Laid out in 1920×1080 design units (see ui.theme) and scaled to the window. Pieces are the zones' entries
(game/games/shipwreck_arcana/zones.py): arcana cards by id (in the row, on top of the deck, in the stock
shown by their power), fates as "fate_<value>:<n>" (in the row, and in the viewer's own hands) and other
positions' fates as the handles of their hidden hands. Every move is the kit's, from the engine's `moved`
events, paced here so that each of the game's moments reads: a fate stopping on The Hours on its way, the
hidden fate shown to all before it goes back to the bag, a card fading into the stock, the markers of the
tracks waiting for the reveal.
"""

from __future__ import annotations

import pygame

from game.core.zones import is_handle
from game.games.shipwreck_arcana.cards import deck, hours, value_of

from ...table.base import GameTable, R
from ...table.cardart import blit_rotated, mix, shadow
from ...table.gestures import Gesture
from ...table.kit import Hit, KitHooks, Move, Pile, Widgets, paint
from ...table.kit.hits import parse_or_none
from ...table.kit.motion import Later, moments, pulse
from ...table.kit.panels import ButtonRow, InfoPanel, banner, glow, plate, side_by_side, spotlight
from ...table.kit.places import Bag, GroupRow, MarkRow, Slot, Tally, TrackCard, draw_mark
from ...table.kit.seats import NotedSeat
from ...table.kit.tokens import Marker
from ...table.kit.zones import Tokens
from ...ui import fonts, theme
from ...ui.strings import pick, tr
from ...ui.theme import scale
from . import art, middle
from .advice import GROUP_PHASES, Advisor, drop_labels, phrase
from .art import QUESTION, T, card_image, card_in, card_name, fate_face, power_face, power_name

# Design-unit geometry (1920×1080).
ROW_Y, CARD_W, CARD_H = 30, 180, 252
ARCANA_X, ARCANA_STEP = 320, 200
ROW_TOKEN, HAND_TOKEN, OTHER_TOKEN = 58, 78, 62
POS_Y, POS_H = 786, 204
CHIP_W, CHIP_H = 244, 56
STOCK_BOX = (20, 360, 1470, 88)
# The hit a gesture's click names, by the kind of action.
CLICKS = {"cycle": lambda a: Hit("stock", piece="cycle"), "discard": lambda a: Hit("rowfate", piece=str(a["token"])),
          "old": lambda a: Hit("stock", piece="old"), "predict": lambda a: Hit("predict", piece=str(a["value"])),
          "ask": lambda a: Hit("use", piece=f"higher_than:{a['x']}" if a["power"] == "higher_than" else a["power"]),
          "twice": lambda a: Hit("use", piece="twice"),
          "mark": lambda a: Hit("line", owner=a["position"], piece=str(a["value"]))}
# The power an action other than a question uses (a question uses the one it asks).
POWERS = {"twice": "twice", "old": "old", "cycle": "cycle", "discard": "discard_lower"}
# Floating words over the middle panel: (sound, seconds, whether high in the panel rather than in its middle).
FLOATS = {"chalice": ("", 1.8, True), "answered": ("", 1.8, True), "old": ("", 1.6, True),
          "wrong_once": ("bust", 1.4, False), "revealed": ("", 1.6, False), "resolved": ("bust", 2.0, False),
          "passed": ("", 1.2, False)}
# Seconds each moment of a turn takes before the next begins (the kit's plan flies the pieces).
PACE = {"draw": 0.14, "play": 0.4, "discard_lower": 0.3, "resolved": 0.7, "revealed": 0.7, "fade": 0.15,
        "refill": 0.4, "cycle": 0.4}

# The hits of the kit's widgets in this game's kinds ("slot:<n>", "rowfate:<handle>", "hand:<token>", "removed",
# "pos:<position>"), which gestures and tooltips name.
BAG = Hit("bag")


def slot_hit(slot: int) -> Hit:
    return Hit("slot", piece=str(slot))


def token_of(entry: str) -> str:
    """The number a fate entry ("fate_<value>:<n>") carries: its token in a hand, its handle in the row."""
    return entry.rpartition(":")[2]


def fate_hit(kind: str):
    """A fate's hit in a row of fates (kit.zones.Tokens): "rowfate:<handle>" in front of a card, "hand:<token>"
    in a position's hand; none for another's hidden fate."""
    return lambda entry: None if is_handle(entry) else Hit(kind, piece=token_of(entry))


class ShipwreckArcanaTable(KitHooks, GameTable):
    message_zone = "panel"

    def __init__(self, scene):
        super().__init__(scene)
        self.kit = Widgets()
        self.advisor = Advisor(scene)
        # The tracks' markers, gliding toward the view (jumping, with reduced motion).
        self.markers = {"score": Marker(still=self.reduced_motion), "doom": Marker(still=self.reduced_motion)}
        self._lit: set = set()
        self._hover = None
        self.later = Later()  # floating words waiting for their moment
        self._order = None  # the positions (and the viewer) the panels were laid out for
        self._active: set = set()
        self.drawn_labels: dict = {}  # drop key -> the lines of the plate drawn on it while a fate is dragged
        self.middle_plate = paint.Kept()  # the middle panel over the sea

    # -- layout --------------------------------------------------------------------------------------------

    def layout(self, width: int, height: int) -> None:
        self.zones.clear()
        super().layout(width, height)
        self.zones["panel"] = R(*middle.PANEL_BOX)
        view = self.scene.view()
        self._order = (list(view["order"]), self.scene.viewer)
        kit = self.kit
        kit.clear()
        # The Hours, the row's slot 0 with its two tracks: a fate played on it stops here on its way.
        tracks = [("score", art.FATES["hope"], theme.INK_DARK), ("doom", art.FATES["doom"], art.MOON)]
        kit.add("row/0", TrackCard("row/0", R(30, ROW_Y, 270, CARD_H), card_image, art.HOURS_TRACKS, art.track_cells,
                                   tracks, self.markers, scale(ROW_TOKEN), slot_hit(0), deck().hours.id, art.MOON))
        for slot in range(1, 5):
            rect = R(ARCANA_X + (slot - 1) * ARCANA_STEP, ROW_Y, CARD_W, CARD_H)
            kit.add(f"row/{slot}", Slot(f"row/{slot}", rect, card_image, slot_hit(slot), tr(T + "empty_slot"),
                                        art.LINE, art.MOON_DIM))
            fates = pygame.Rect(rect.left, rect.bottom + scale(8), rect.width, scale(ROW_TOKEN))
            kit.add(f"fates/{slot}", Tokens(f"fates/{slot}", fates, card_image, fate_hit("rowfate"), self._row_face,
                                            (scale(ROW_TOKEN),) * 2))
        deck_pile = kit.add("deck", Pile("deck", R(1140, ROW_Y + 14, 160, 224), card_image))
        deck_pile.count_badge = False  # its label says how many
        kit.add("bag", Bag("bag", R(1330, ROW_Y + 30, 150, 170), card_image, tr(T + "bag"), tr(T + "click_to_draw"),
                           scale(ROW_TOKEN), BAG, tie=art.GOLD, still=self.reduced_motion))
        restless = view["options"]["restless"]
        stock = kit.add("stock", GroupRow("stock", R(*STOCK_BOX), card_image, lambda card: deck().card(card).power,
                                          "stock", (scale(CHIP_W), scale(CHIP_H)), scale(150),
                                          scale(190 if restless else 20), tr(T + "stock"), tr(T + "stock_empty"),
                                          tr(T + "use"), power_face, still=self.reduced_motion))
        stock.under = self.backdrop()  # these panels lie on the sea alone: drawn as one opaque piece each
        if restless:
            kit.add("removed", Tally("removed", R(STOCK_BOX[0] + STOCK_BOX[2] - 170, STOCK_BOX[1] + 22, 150, CHIP_H),
                                     card_image, lambda n: tr(T + "removed", count=n), Hit("removed"), art.LINE,
                                     art.MOON_DIM))
        n = max(1, len(view["order"]))
        each = (1470 - 12 * (n - 1)) / n
        for i, pos in enumerate(view["order"]):
            colour = art.house_colour(view["positions"][pos]["colour"])
            own = self._own(view, pos)
            d = scale(HAND_TOKEN if own else OTHER_TOKEN)
            panel = kit.add(f"pos/{pos}", NotedSeat(pos, R(20 + i * (each + 12), POS_Y, each, POS_H),
                                                    Hit("pos", owner=pos), art.MOON_DIM))
            panel.line, panel.accent = mix(colour, art.NIGHT, 0.4), art.GOLD_HI  # framed in the position's colour
            panel.under = self.backdrop()  # nothing else is drawn under a position
            hand = pygame.Rect(panel.body.left + scale(10), panel.rect.top + scale(50) + (scale(HAND_TOKEN) - d) // 2,
                               2 * d + scale(16), d)
            kit.add(f"hand/{pos}", Tokens(f"hand/{pos}", hand, card_image, fate_hit("hand"), self._hand_face, (d, d),
                                          "left"))
            kit.add(f"line/{pos}", MarkRow(panel.rect, 7, colour, "line", pos))
        kit.add("values", ButtonRow(R(*middle.PANEL_BOX), "huge", middle.value_colours()))
        kit.add("powers", ButtonRow(R(*middle.PANEL_BOX), "small", middle.POWER_COLOURS))
        kit.add("info", InfoPanel(R(1510, 670, 390, 316), art.GOLD)).under = self.backdrop()

    def _bind(self, view) -> None:
        """The widgets read `view` (laid out again if a position has left)."""
        if (view["order"], self.scene.viewer) != self._order:
            self.layout(*self.size)
        self.kit.bind(view)

    # -- what the viewer may know ----------------------------------------------------------------------------

    def _humans(self) -> int:
        return sum(1 for s in self.match.seats if s.is_human)

    def _public_screen(self, view) -> bool:
        """H21: a group decision with several people at the screen shows nobody's own fates."""
        return view["phase"] in GROUP_PHASES and self._humans() > 1

    def describe(self, events, viewer):
        """With several people at one screen the log is public: nobody's own draws are written in it (H21),
        since it stays on screen while the group decides. A lone player's log names their own draws."""
        return super().describe(events, viewer if self._humans() <= 1 else None)

    def _own(self, view, pos: int) -> bool:
        viewer = self.scene.viewer
        return viewer is not None and view["positions"][pos]["owner"] == viewer

    def _row_face(self, zone, entry) -> str:
        fates = self.kit.bound["row"][int(zone["id"].partition("/")[2]) - 1]["fates"]
        return fate_face(entry, any(str(f["token"]) == token_of(entry) and f["via_hours"] for f in fates))

    def _hand_face(self, zone, entry) -> str | None:
        view = self.kit.bound
        if zone["cards"]:  # one's own: face up, unless the screen is public (H21)
            return None if self._public_screen(view) else entry
        # Another's: backs, the active position's last one marked while it is the fate to name.
        hidden = zone["id"] == f"hand/{view['active']}" and view["phase"] in GROUP_PHASES + ("after",)
        return QUESTION if hidden and entry == f"{zone['id']}#{zone['count'] - 1}" else None

    # -- pieces -----------------------------------------------------------------------------------------------

    def placements(self, view) -> dict:
        self._bind(view)
        return self.kit.placements(view)

    def card_image(self, face, w, h) -> pygame.Surface:
        return card_image(face, w, h)

    def plan(self, events, before, after):
        """The kit flies every piece from its old zone to its new one; each event's moment starts when the one
        before has been seen (PACE), a fate played on The Hours stops there on its way, and the hidden or
        revealed fate is shown to all before it goes back to the bag."""
        moves = []
        shown = (None, 0.0)  # the face of the fate turned up for all, and when
        for ev, t in zip(events, moments(events, PACE), strict=True):
            a = ev.params()
            why = a.get("why") if ev.kind == "moved" else ev.kind
            if ev.kind in ("resolved", "revealed"):
                shown = (f"fate_{a['value']}:0", t)
            if why in ("resolve", "reveal"):
                moves.append(Move("", a["src"], a["dst"], at=shown[1], show=shown[0]))
            elif ev.kind == "moved":
                via = ("row/0",) if why == "play" and a["slot"] == 0 and a["target"] else ()
                moves.append(Move(a["piece"] or "", a["src"], a["dst"], via=via, at=t))
        self._bind(before)  # the widgets bind each view in turn; this makes sure the layout is current
        return self.kit.plan(events, before, after, moves)

    def on_events(self, events, before, after) -> None:
        """Sounds, flashes and floating words for what just happened, each at its moment of the plan."""
        sounds = self.scene.app.sounds
        speed = max(0.4, self.scene.speed) if self.scene.speed else 0
        panel = self.zones["panel"]
        top = (panel.centerx, panel.top + scale(60))
        names = self.advisor.names()
        hold = None
        drew = False
        for ev, at in zip(events, moments(events, PACE), strict=True):
            a = ev.params()
            k = ev.kind
            delay = at * self.scene.speed
            if k in ("resolved", "faded") and hold is None:
                hold = delay + (0.3 if k == "resolved" else 0.0) * self.scene.speed
            why = a.get("why") if k == "moved" else None
            if why == "draw" and not drew:
                sounds.play("draw")  # once for the fates drawn together
                drew = True
            elif why in ("play", "refill", "cycle"):
                sounds.play("flip")
            elif k == "faded":
                slot = self.kit.rect_of(slot_hit(a["slot"]))
                self.flash(slot, art.FATES["doom"] if a["doom"] else art.GOLD, 0.9 * speed)
                words = tr(T + "float_doom", doom=a["doom"]) if a["doom"] else tr(T + "float_faded")
                colour, seconds = (art.FATES["doom"], 1.8) if a["doom"] else (art.GOLD_HI, 1.4)
                self.later.at(delay, self.float, words, slot.center, colour, seconds * speed)
            elif k in FLOATS:
                sound, seconds, high = FLOATS[k]
                sound = "collect" if k == "resolved" and a["correct"] else sound
                if sound:
                    sounds.play(sound)
                text, colour = phrase(ev, names)
                self.later.at(delay, self.float, text, top if high else panel.center, colour, seconds * speed)
        for marker in self.markers.values() if hold is not None else ():
            marker.held = hold  # the tracks' markers wait for the reveal of the hidden fate

    def auto_action(self, view, legal, solo: bool):
        """H21: people reveal a carried fate from the prediction panel, so the engine's reveal offer (made
        to each holder in turn before the group decides) is answered 'keep' for them."""
        if view["phase"] == "reveal" and legal and {a.kind for a in legal} <= {"reveal", "keep"}:
            return next((a for a in legal if a.kind == "keep"), None)
        return None

    def update(self, dt: float) -> None:
        super().update(dt)
        self.kit.update(dt)
        self.later.update(dt)
        view = self.scene.view()
        for track, marker in self.markers.items():
            marker.update(view[track], dt, self.scene.speed)

    # -- gestures --------------------------------------------------------------------------------------------

    def gestures(self, view, legal) -> list[Gesture]:
        out = []
        names = self.advisor.names()
        for act in legal + self._reveals_from_the_panel(view, legal):
            k = act.kind
            click = None if k not in CLICKS else str(CLICKS[k](act))
            drag = drop = None  # most are clicked
            if k == "draw":
                drag, drop, click, words = str(BAG), str(Hit("pos", owner=view["active"])), str(BAG), tr(T + "do_draw")
            elif k == "play":
                drag, drop = str(Hit("hand", piece=str(act["token"]))), str(slot_hit(act["slot"]))
                words = tr(T + "do_play", value=value_of(act["token"]), card=card_in(view, act["slot"]))
            elif k == "cycle":
                drag, drop = click, str(slot_hit(act["slot"]))
                words = tr(T + "do_cycle", card=card_in(view, act["slot"]), top=card_name(view["deck_top"]))
            elif k == "discard":
                slot = next(i for i, s in enumerate(view["row"], 1) if act["token"] in [f["token"] for f in s["fates"]])
                drag, drop = str(Hit("stock", piece="discard_lower")), click
                words = tr(T + "do_discard", value=act["value"], card=card_in(view, slot))
            elif k == "old":  # §6.30: allowed with nothing carried, but then the answer is always "new": say so
                words = tr(T + ("do_old" if view["positions"][view["active"]]["carried"] else "do_old_pointless"))
            elif k == "ask" and act["power"] == "higher_than":
                words = tr(T + "do_higher", x=act["x"])
            elif k == "ask":
                words = tr(T + "do_ask", power=power_name(act["power"]))
            elif k == "mark":
                on = view["positions"][act["position"]]["marks"][act["value"] - 1]
                words = tr(T + ("do_unmark" if on else "do_mark"), player=names[act["position"]], value=act["value"])
            elif k in ("predict", "twice", "decline", "keep", "pass", "stop", "reveal"):
                words = tr(T + f"do_{k}", value=act.get("value"), player=names[act.get("position", 0)])
            else:
                continue  # joining and leaving a game are not the table's
            out.append(Gesture(act, drag, drop, click, words))
        # Marks last: a side action, after the decision itself.
        return [g for g in out if g.action.kind != "mark"] + [g for g in out if g.action.kind == "mark"]

    def _reveals_from_the_panel(self, view, legal) -> list:
        """Any person among the predictors may reveal a carried fate from this public screen (R41)."""
        if "predict" not in {a.kind for a in legal}:
            return []
        return [act for p, seat in enumerate(self.match.seats)
                if p != self.scene.viewer and seat.is_human and p in view["predictors"]
                for act in self.match.legal_actions(p) if act.kind == "reveal"]

    def panel_parts(self, view) -> dict:
        """The prediction panel's rects, for the group powers usable now."""
        found = [power_of(g.action) for g in self.scene.gestures() if g.action.kind in ("ask", "twice")]
        return middle.layout(list(dict.fromkeys(found)))

    def button_gestures(self, gestures) -> list:
        out = []
        x, y, w, h = middle.PANEL_BOX
        view = self.scene.view()
        reveals = [g for g in gestures if g.action.kind == "reveal"]
        for g in gestures:
            if g.action.kind in ("pass", "stop"):
                out.append((self.panel_parts(view)["pass"], g))
            elif g.action.kind in ("decline", "keep"):
                out.append((R(x + w - 360, y + h - 96, 340, 76), g))
        if view["phase"] == "reveal":
            out += [(R(x + w - 720 - i * 360, y + h - 96, 340, 76), g) for i, g in enumerate(reveals)]
        elif reveals:
            rects = side_by_side(self.panel_parts(view)["reveals"], len(reveals), scale(10))
            out += list(zip(rects, reveals, strict=True))
        return out

    def piece_in(self, piece_key: str, dragged: str) -> bool:
        self._bind(self.scene.view())
        # A fate in a hand, a power's top card in the stock; a fate in the row is clicked, never picked up.
        return not dragged.startswith("rowfate:") and piece_key == self.kit.entry_of(dragged)

    def hit_list(self, pos) -> list[Hit]:
        view = self.scene.view()
        self._bind(view)
        self._set_panel(view)
        out = self.kit.hit_list(pos)
        if view["phase"] in GROUP_PHASES:
            # A group power is also used by a click on its card.
            out += [Hit("use", piece=h.piece) for h in out if h.kind == "stock" and h.piece != "higher_than"]
            if self.panel_parts(view)["advice"].collidepoint(pos):
                out.insert(0, middle.ADVICE)
        rank = {"predict": 0, "use": 0, "advice": 0, "hand": 1, "rowfate": 1, "line": 2, "stock": 3}
        return sorted(out, key=lambda h: rank.get(h.kind, 4))

    def hits(self, pos) -> list[str]:
        return [str(h) for h in self.hit_list(pos) if h.kind not in ("zone", "piece")]

    def rect_of(self, key):
        hit = parse_or_none(key) if key is not None else None
        if hit is not None and hit.kind in ("predict", "use", "advice"):  # the prediction panel's
            return self.panel_parts(self.scene.view()).get(key)
        return super().rect_of(key)

    def tooltip(self, key: str, view) -> str | None:
        names = self.advisor.names()
        hit = parse_or_none(key)
        kind = hit.kind if hit is not None else None
        if kind == "bag":
            return tr(T + "bag_tip", count=view["bag"])
        if hit is not None and hit.zone == "deck":
            return tr(T + "deck_tip", count=view["deck"], card=card_name(view["deck_top"]))
        if hit is not None and hit.zone == "removed":
            return tr(T + "removed_tip", cards=", ".join(card_name(c) for c in view["removed"]) or "—")
        if kind == "line":
            p, v = hit.owner, int(hit.piece)
            state = view["positions"][p]
            parts = [tr(T + "line_tip", player=names[p], value=v)]
            if self.scene.viewer is not None and not self._own(view, p) and view["phase"] != "over" and \
                    key not in {g.click for g in self.scene.gestures()}:
                parts = [tr(T + "line_spent")]  # changed MARK_CHANGES times this turn already
            said = (("line_marked", state["marks"][v - 1]), ("line_ruled_out", v in state["ruled_out"]))
            return " ".join(parts + [tr(T + words) for words, true in said if true])
        if kind == "predict":
            v = int(hit.piece)
            return tr(T + "ruled_out_tip", value=v) if v in view["positions"][view["active"]]["ruled_out"] else None
        if kind == "hand" and not self._public_screen(view):
            held = [f for p in view["order"] for f in view["positions"][p]["hand"]]
            fate = next((f for f in held if str(f["token"]) == hit.piece), None)
            return tr(T + ("hand_tip_old" if fate["old"] else "hand_tip"), value=fate["value"]) if fate else None
        if kind == "rowfate":
            fate = next((f for s in view["row"] for f in s["fates"] if str(f["token"]) == hit.piece), None)
            if fate:
                return tr(T + ("fate_tip_hours" if fate["via_hours"] else "fate_tip"), value=fate["value"],
                          hours=hours(fate["value"]))
        if kind == "use" and hit.piece.startswith("higher_than"):
            return pick(deck().power("higher_than").text)
        if kind == "advice" and self.advisor.advice(view):
            head = "  ".join(tr(T + "advice", player=name, value=v, percent=round(p * 100))
                             for name, v, p in self.advisor.advice(view))
            return f"{tr(T + 'advice_title')} {head}. {self.advisor.reason(view)}"
        if kind == "pos":
            state = view["positions"][hit.owner]
            text = tr(T + "pos_tip", player=names[hit.owner], count=state["count"])
            return text + " " + tr(T + "carried_tip") if state["carried"] else text
        return None

    # -- drawing ---------------------------------------------------------------------------------------------

    def paint_backdrop(self, w: int, h: int) -> pygame.Surface:
        return paint.waves(w, h, art.SEA_TOP, art.SEA_BOTTOM, mix(art.GOLD, art.SEA_BOTTOM, 0.55))

    def _set_panel(self, view) -> None:
        """The prediction panel's buttons for `view`."""
        advised = {v for _name, v, _p in self.advisor.advice(view)}
        live = {g.click for g in self.scene.gestures() if g.click}
        middle.set_buttons(self.kit["values"], self.kit["powers"], view, self.panel_parts(view), live, advised,
                           self._hover)

    def _set_widgets(self, view, active) -> None:
        names = self.advisor.names()
        kit = self.kit
        kit["row/0"].reached = {track: int(view[track]) for track in self.markers}
        kit["bag"].can_draw, kit["bag"].lifted = str(BAG) in active, self._hover == str(BAG)
        kit["stock"].usable = {power_of(g.action) for g in self.scene.gestures()} - {None}
        for pos in view["order"]:
            state, seat_no = view["positions"][pos], view["positions"][pos]["owner"]
            seat = self.match.seats[seat_no] if seat_no < len(self.match.seats) else None
            panel, line = kit[f"pos/{pos}"], kit[f"line/{pos}"]
            turn = pos == view["active"] and view["phase"] != "over"
            panel.set(names[pos], None if seat is None or seat.is_human else seat.level, turn,
                      seat_no == self.scene.thinking and (turn or pos in view["predictors"]), team=("", line.colour))
            line.marked, line.ruled = state["marks"], set(state["ruled_out"]) if state["count"] else set()
            line.hover, line.clickable = self._hover, set(active)
            notes = [tr(T + "hidden_fate")] if turn and view["phase"] in GROUP_PHASES else []
            notes += [tr(T + "carried")] if state["carried"] else []
            if self._own(view, pos) and not self._public_screen(view) and state["count"] == 2:
                notes += [tr(T + "old_token", value=f["value"]) for f in state["hand"] if f["old"]]
            panel.notes = notes if state["count"] else [tr(T + "no_fate")]
            held = kit[f"hand/{pos}"].piece_rects(state["count"])
            panel.note_left = (held[-1].right if held else panel.body.left) + scale(16)
        difficulty = tr(f"shipwreck_arcana.option.difficulty_{view['options']['difficulty']}")
        lines = [(tr(T + "info_turn", turn=view["turn"], player=names[view["active"]]), art.GOLD_HI, True),
                 (tr(T + "info_track", score=view["score"], doom=view["doom"]), art.MOON, True),
                 (tr(T + "info_difficulty", difficulty=difficulty), art.MOON, False)]
        for option, colour, bold in (("restless", art.FATES["doom"], True), ("challenge", art.MOON, False)):
            lines += [(tr(f"shipwreck_arcana.option.{option}"), colour, bold)] if view["options"][option] else []
        lines.append((tr(T + "info_counts", deck=view["deck"], bag=view["bag"]), art.MOON, False))
        assist = "legend_assist" if view["options"]["assist"] else "legend_assist_off"
        legend = [(lambda s, m: draw_mark(s, m, 0, art.house_colour(0), True, False), tr(T + "legend_marked")),
                  (lambda s, m: draw_mark(s, m, 0, art.house_colour(0), False, True), tr(T + assist))]
        kit["info"].set(lines, legend)
        self._set_panel(view)

    def draw_table(self, surface, view, lit=(), active=(), hover=None) -> None:
        self._lit, self._active, self._hover = set(lit), set(active), hover
        self._bind(view)
        self._set_widgets(view, active)
        # The positions, stock and info lie still (a kit Layer); the buttons are drawn on the middle panel.
        self.kit.draw(surface, self.backdrop(), lambda s: self._deck_mark(s, view), leave=("values", "powers"))
        middle.draw(surface, self, view)
        self.draw_flashes(surface)

    def _deck_mark(self, surface, view) -> None:
        deck_rect = self.kit["deck"].rect
        if not view["deck"]:
            paint.marked(surface, deck_rect, line=art.LINE)
        fonts.blit_text(surface, tr(T + "deck", count=view["deck"]), (deck_rect.centerx, deck_rect.bottom + scale(20)),
                        "small", art.MOON, True, anchor="midtop")

    def draw_piece(self, surface, piece, board, lift: int = 0) -> None:
        rect = piece.rect.move(0, -lift)
        if piece.key.startswith("fate_") or "#" in piece.key and piece.key.startswith("hand/"):
            if rect.width < 2:
                return
            if not piece.motions:  # a round shadow (a veil rounded to a disc, made once)
                shadow(surface, rect.move(scale(3), scale(4) + 2 * lift), rect.width // 2, 0, 80 + 3 * lift)
            blit_rotated(surface, card_image(piece.shown, rect.width, rect.height), rect, piece.angle,
                         board.squash(piece))
            return
        super().draw_piece(surface, piece, board, lift)
        view = self.scene.view()
        slot = next((i for i, s in enumerate(view["row"], 1) if s["card"] == piece.key), None)
        if not piece.motions and slot is not None and piece.shown == piece.key:
            self._draw_load(surface, rect, deck().card(piece.key), view, slot, board.clock)

    def _draw_load(self, surface, rect, card, view, slot: int, clock: float) -> None:
        """A row card's moons filled to its load (the excess in red), and, when it is about to fade, a
        pulsing edge and a ribbon saying so and what it costs."""
        load = view["loads"][slot - 1]
        centres, r = art.moon_centres(rect.width, rect.height, card.moons)
        for cx, cy in centres[:load]:
            art.draw_moon(surface, (rect.left + cx, rect.top + cy), r, (214, 150, 40), art.PAPER_BOTTOM, True)
        if load > card.moons:
            fonts.blit_text(surface, f"+{load - card.moons}", (rect.right - scale(8), rect.top + centres[-1][1]), 14,
                            art.FATES["doom"], True, anchor="midright")
        if slot not in view["fading"]:
            return
        colour = art.FATES["doom"] if card.fade_doom else art.GOLD_HI
        glow(surface, rect, colour, int(90 + 120 * pulse(clock, 5, self.reduced_motion())), 6)
        text = tr(T + "fades") + "\n" + tr(T + ("fades_doom" if card.fade_doom else "fades_free"), doom=card.fade_doom)
        banner(surface, rect, text, colour, art.MOON)

    def draw_hud(self, surface, view) -> None:
        self.kit.draw_over(surface)
        lit = self._lit
        slots = {str(slot_hit(s)): self.kit.rect_of(slot_hit(s)) for s in range(5)}
        if lit & slots.keys():  # while a fate is dragged, the cards that do not take it sink back
            spotlight(surface, slots, lit, art.GOLD_HI, self.scene.board.clock, self.reduced_motion())
        # ... and each lit card says what a fate placed there does: fade and doom, or safe, and the load.
        drag = self.scene.drag
        self.drawn_labels = {}
        if drag is not None and drag["moved"]:
            for key, (lines, colour) in drop_labels(view, drag["gestures"]).items():
                if key in lit:
                    plate(surface, self.rect_of(key), lines, colour, ink=art.MOON)
                    self.drawn_labels[key] = lines
        # Legal drop targets glow; while the pointer rests on a fate, softly, where it may go.
        soft = set()
        if not lit and self._hover and self._hover.startswith("hand:"):
            soft = {g.drop_on for g in self.scene.gestures() if g.drag_from == self._hover and g.drop_on}
        soft_gold = mix(art.GOLD_HI, art.SEA_TOP, 0.3)
        for key, colour, width in [(k, art.GOLD_HI, 5) for k in lit] + [(k, soft_gold, 3) for k in soft]:
            rect, oval = self.rect_of(key), key.startswith(("rowfate:", "line:"))
            if rect is not None:
                paint.ring(surface, rect, colour, width, oval, 10 if oval else 14)
        for key in self._active - lit:  # fates in the row that a click discards (Discard lower)
            rect = self.rect_of(key) if key.startswith("rowfate:") else None
            if rect is not None:
                paint.ring(surface, rect, theme.FOCUS, 3, True, 8)
        self.draw_floaters(surface)

    def draw_dragged(self, surface, key, pos, view) -> None:
        hit = parse_or_none(key)
        top = self.kit.entry_of(hit) if hit is not None and hit.kind == "stock" else None
        if top:
            paint.carried(surface, [card_image(f"power:{top}", scale(CHIP_W - 10), scale(CHIP_H))], pos)
        elif hit is not None and hit.kind in ("hand", "bag"):  # a fate (from the bag, its back), held by its middle
            d = scale(HAND_TOKEN if hit.kind == "hand" else ROW_TOKEN)
            face = f"fate_{value_of(int(hit.piece))}:0" if hit.kind == "hand" else None
            surface.blit(card_image(face, d, d), (pos[0] - d // 2, pos[1] - d // 2))


def power_of(action) -> str | None:
    """The power `action` uses (its stack in the stock), None for an action that uses none."""
    return action["power"] if action.kind == "ask" else POWERS.get(action.kind)


def breakdown(result, seat: int) -> str:
    d = result.details
    difficulty = tr(f"shipwreck_arcana.option.difficulty_{d['difficulty']}")
    key = {"won": "result_won", "deck": "result_deck"}.get(d["outcome"], "result_doom")
    return tr(T + key, score=d["score"], doom=d["doom"], turns=d["turns"], difficulty=difficulty)


Table = ShipwreckArcanaTable
