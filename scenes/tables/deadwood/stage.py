"""The stage: the panel where a fight, a Heist or a Final Showdown is played out, volley by volley.

- A Robbery or Duel: the attacker on the left, the defender on the right, each with their card (face down
  until both are in, then shown), the Holster each took and the Holsters offered to each side; the dice in
  the middle, and under them the live odds (the engine's exact chance, only with the fight-odds option).
- A Heist: the flipped safe, and every player's card as it comes in (face down until all are in).
- A Final Showdown: each survivor with their wounds, their Showdown Guns, the card of this volley and the
  cards used before.

`stage_layout(view, rect, names)` says where each card of the commit/offer/used zones lies on the stage; the
`Spot` widgets place their pieces there, so a card flies from a hand onto the stage and back to the discard
pile with the kit's motion. The dice roll in `Rolls`, one roll after another, each die in its gun's colour
with the gun's letter.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.games.deadwood.cards import data

from ...table.cardart import icon, ink_on
from ...table.kit import DiceTray, Hit, Meter, Widget, ZoneWidget, paint
from ...table.kit.motion import never
from ...table.kit.text import draw_name, name_layout
from ...ui import fonts, theme
from ...ui.strings import pick, tr
from ...ui.theme import scale
from . import faces

T = faces.T
CARD_RATIO = 1.4


def kind_of(view) -> str | None:
    """What the stage shows for this view: "fight", "heist", "showdown" or None."""
    if view["fight"] is not None:
        return "fight"
    if view["phase"] == "heist" or view["heist_up"] is not None and view["committed"]:
        return "heist"
    if view["phase"] == "volley" or view["alive"] and any(view["used"][p] for p in view["alive"]):
        return "showdown"
    if view["phase"] == "mystery":
        return "mystery"
    return None


def _card(x: int, y: int, h: int) -> pygame.Rect:
    return pygame.Rect(x, y, round(h / CARD_RATIO), h)


def stage_layout(view, rect: pygame.Rect) -> dict:
    """{zone id or part: [rects]} for the stage in `rect` (pixels): "commit/<p>", "offer/<p>", "used/<p>"
    lists for the cards, and "title", "odds", "heist_up", "side/<0|1>", "holster/<0|1>" and "names"
    ([(seat, rect)]) for the rest. The dice roll in their own tray, under the stage."""
    kind = kind_of(view)
    out: dict = {"kind": kind, "names": []}
    if kind is None:
        return out
    pad = scale(14)
    lh = fonts.get("body", True).get_linesize()
    out["title"] = pygame.Rect(rect.left + pad, rect.top + scale(8), rect.width - 2 * pad, lh * 2)
    top = out["title"].bottom + scale(4)
    if kind == "fight":
        _fight_layout(out, view["fight"], rect, top, pad, lh)
    elif kind == "heist":
        _heist_layout(out, view, rect, top, pad, lh)
    elif kind == "showdown":
        _showdown_layout(out, view, rect, top, pad)
    return out


def _fight_layout(out: dict, fight: dict, rect, top: int, pad: int, lh: int) -> None:
    """Each side a column: the fighter's name, their card, and under it the Holster taken (first) and the
    others offered to that side."""
    odds_h = scale(84) if fight.get("odds") else 0
    out["odds"] = pygame.Rect(rect.left + pad, rect.bottom - pad - odds_h, rect.width - 2 * pad, odds_h)
    half = (rect.width - 3 * pad) // 2
    room = out["odds"].top - top - lh - scale(20)
    # The Holsters under the fighters' cards are nearly as large: a Holster's gun and item names read whole.
    card_h = min(room * 55 // 100, round(half * 0.8 * CARD_RATIO))
    small_h = min(card_h * 80 // 100, room - card_h - scale(6))
    small_w = round(small_h / CARD_RATIO)
    for side, who in ((0, fight["attacker"]), (1, fight["defender"])):
        x = rect.left + pad + side * (half + pad)
        out["names"].append((who, pygame.Rect(x, top, half, lh)))
        card = _card(x + (half - round(card_h / CARD_RATIO)) // 2, top + lh + scale(6), card_h)
        out[f"commit/{who}"] = [card]
        holster = _card(x, card.bottom + scale(8), small_h)
        out[f"side/{side}"] = pygame.Rect(x, top, half, card_h + lh + small_h + scale(16))
        out[f"holster/{side}"] = holster
        chosen = fight["holsters"][side] if len(fight["holsters"]) > side else None
        # The Holster taken lies in its place; the others offered to this side beside it.
        offers = [o for o in fight["offers"] if o[2] == side and o[1] != chosen]
        for p, card_id, s in fight["offers"]:
            if s == side and card_id == chosen:
                out[f"offer/{p}"] = [holster]
        # Beside the Holster's place, or over its edge when the side's column is too narrow for both (at nine
        # players at 1280×720 an offer reached over the panel's border).
        left = min(holster.right + scale(8), x + half - small_w)
        step = min(small_w + scale(4), (x + half - left - small_w) / max(1, len(offers) - 1)) if len(offers) > 1 else 0
        for i, (p, _, _) in enumerate(offers):
            out[f"offer/{p}"] = [_card(round(left + i * step), holster.top, small_h)]


def _heist_layout(out: dict, view, rect, top: int, pad: int, lh: int) -> None:
    room = rect.bottom - pad - top
    safe_h = min(scale(170), room * 42 // 100)
    out["heist_up"] = [_card(rect.centerx - round(safe_h / CARD_RATIO) // 2, top, safe_h)]
    seats = [p for p in range(view["players"]) if view["hand_sizes"][p] or p in view["committed"]]
    rows = max(1, -(-len(seats) // 5))  # up to five a row, the rows even (three and three, not five and one)
    cols = max(1, -(-len(seats) // rows))
    cell_w = (rect.width - 2 * pad) // cols
    cell_h = (room - safe_h - scale(8)) // max(1, rows)
    card_h = min(cell_h - lh, round((cell_w - scale(8)) * CARD_RATIO))
    for i, p in enumerate(seats):
        x = rect.left + pad + (i % cols) * cell_w
        y = top + safe_h + scale(8) + (i // cols) * cell_h
        out[f"commit/{p}"] = [_card(x + (cell_w - round(card_h / CARD_RATIO)) // 2, y, card_h)]
        out["names"].append((p, pygame.Rect(x, y + card_h, cell_w, lh)))


def _showdown_layout(out: dict, view, rect, top: int, pad: int) -> None:
    alive = list(view["alive"])
    room = rect.bottom - pad - top
    row_h = room // max(1, len(alive))
    card_h = min(row_h - scale(12), scale(150))  # a gap between the rows' dashed places
    card_w = round(card_h / CARD_RATIO)
    name_w = (rect.width - 2 * pad) * 38 // 100
    for i, p in enumerate(alive):
        y = top + i * row_h
        out["names"].append((p, pygame.Rect(rect.left + pad, y, name_w, row_h)))
        commit = _card(rect.left + pad + name_w + scale(6), y, card_h)  # a little off the name
        out[f"commit/{p}"] = [commit]
        used = view["used"][p]
        left = commit.right + scale(12)
        step = min(card_w // 2, (rect.right - pad - left - card_w) / max(1, len(used) - 1))
        out[f"used/{p}"] = [_card(round(left + j * step), y, card_h) for j in range(len(used))]


class Spot(ZoneWidget):
    """A zone whose cards lie where the stage puts them (`where()` gives the stage layout of the bound view),
    or, off the stage, at `home` (the seat's panel): they fly from there and back."""

    def __init__(self, zone_id, home: pygame.Rect, card_image, where: Callable, face_of=None):
        super().__init__(zone_id, home, card_image, face_of=face_of)
        self.where = where

    def piece_rects(self, count: int) -> list[pygame.Rect]:
        rects = self.where().get(self.zone_id) or []
        if len(rects) >= count:
            return rects[:count]
        h = self.rect.height
        return [_card(self.rect.right - round(h / CARD_RATIO), self.rect.top, h)] * count

    def hits(self, pos):
        return [h for h in super().hits(pos) if h.kind == "piece"]

    def draw(self, surface) -> None:
        pass


class Rolls(DiceTray):
    """The dice tray with a queue: each roll of a fight, a Heist, a volley or a Mystery Safe tumbles and
    settles in turn, with a caption naming who rolled what. Busy (the table waits) while any roll is left."""

    def __init__(self, key, rect, seed=0, still=never):
        super().__init__(key, rect, seed=seed, still=still)
        self.queue: list = []  # (faces, marks, caption)
        self.caption = ""
        self.hold = 0.0  # a settled roll stays a moment before the next one

    def add(self, faces_, marks, caption: str, seconds: float) -> None:
        self.queue.append((faces_, marks, caption, seconds))
        if not self.busy:
            self._next()

    def _next(self) -> None:
        faces_, marks, caption, seconds = self.queue.pop(0)
        self.caption = caption
        self.roll(faces_, marks, seconds=seconds)
        self.hold = seconds * 0.6

    @property
    def busy(self) -> bool:
        return self.left > 0 or bool(self.queue)

    def update(self, dt: float) -> None:
        if self.left > 0:
            super().update(dt)
            return
        if self.queue:
            self.hold -= dt
            if self.hold <= 0:
                self._next()

    def clear(self) -> None:
        self.queue.clear()
        self.set([])
        self.caption = ""

    def die_rects(self) -> list[pygame.Rect]:
        inner = pygame.Rect(self.rect.left, self.rect.top + fonts.get("small").get_linesize(), self.rect.width,
                            self.rect.height - fonts.get("small").get_linesize())
        saved, self.rect = self.rect, inner
        try:
            return super().die_rects()
        finally:
            self.rect = saved

    def draw(self, surface) -> None:
        if not self.faces:
            return
        super().draw(surface)
        if self.caption:
            paint.one_line(surface, self.caption, (self.rect.centerx, self.rect.top + scale(2)), self.rect.width - 8,
                           "small", theme.INK, True, anchor="midtop")


def die_mark(gun_id: str) -> tuple:
    """(colour, letter) of a gun's die: the letter is the gun name's first letter, so colour is not alone."""
    gun = next(g for g in data().guns if g.id == gun_id)
    return faces.die_colour(gun), pick(gun.name)[:1]


def roll_groups(events) -> list[list]:
    """The dice_rolled events in rolls shown together: a fight's two sides at once, a Heist's players at
    once; a seat rolling again (a tie) starts the next roll."""
    groups: list[list] = []
    seen: set = set()
    last_index = None
    for i, ev in enumerate(events):
        if ev.kind != "dice_rolled":
            continue
        seat = ev["seat"]
        if not groups or seat in seen or last_index is not None and any(
                e.kind not in ("dice_rolled",) for e in events[last_index + 1:i]):
            groups.append([])
            seen = set()
        groups[-1].append(ev)
        seen.add(seat)
        last_index = i
    return groups


class StagePanel(Widget):
    """Draws the stage's panel, titles and names under the cards; `layout()` is the stage layout of the bound
    view, `view()` the view, `names` the players' names."""

    under: pygame.Surface | None = None  # the backdrop, when set: the panel is blitted as one opaque piece

    def __init__(self, rect, layout: Callable, view: Callable, names: Callable):
        super().__init__(rect)
        self.layout, self.view, self.names = layout, view, names
        self._plate = paint.Kept()
        self.odds = Meter(pygame.Rect(0, 0, 0, 0), tr(T + "odds_label"))

    def hits(self, pos):
        lay = self.layout()
        if lay["kind"] is None or not self.rect.collidepoint(pos):
            return []
        out = [Hit.of_zone(f"stage/{side}") for side in (0, 1) if lay.get(f"side/{side}") is not None
               and lay[f"side/{side}"].collidepoint(pos)]
        return out + [Hit.of_zone("stage")]

    def rect_of(self, hit):
        lay = self.layout()
        if hit.kind != "zone":
            return None
        if hit.zone == "stage":
            return self.rect
        if hit.zone in ("stage/0", "stage/1"):
            return lay.get("side/" + hit.zone[-1])
        return None

    def draw(self, surface) -> None:
        lay = self.layout()
        if lay["kind"] is None:
            return
        view = self.view()
        self._plate.draw(surface, self.under, self.rect, 215, faces.BRASS, 3, radius=14)
        names = self.names()
        title = self._title(view, lay["kind"], names)
        lines = fonts.lines(title, lay["title"].width, "body", True, max_lines=2)
        y = lay["title"].top
        for line in lines:
            fonts.blit_text(surface, line, (lay["title"].centerx, y), "body", faces.BRASS, True, anchor="midtop")
            y += fonts.get("body", True).get_linesize()
        # Under the Heist's cards at many players the cells are narrow: when a name would be cut there, every
        # player is shown by their star instead (their character's colour and initials, as on their seat).
        starred = lay["kind"] == "heist" and not all(
            fonts.get("small", True).size(names[seat])[0] <= rect.width for seat, rect in lay["names"])
        for seat, rect in lay["names"]:
            if starred and view["characters"][seat]:
                faces.star(surface, rect.center, rect.height // 2 - 1, view["characters"][seat])
            else:
                self._name(surface, view, lay["kind"], seat, rect, names)
        if lay["kind"] == "fight":
            for side in (0, 1):
                rect = lay.get(f"holster/{side}")
                if rect is not None and not view["fight"]["holsters"][side]:
                    # An empty Holster place: the Holster's mark, no words (they would not fit).
                    paint.outline(surface, rect)
                    mark = icon(faces.ITEM_ICONS["holster"], min(rect.width, rect.height) * 2 // 3, paint.LINE)
                    if mark:
                        surface.blit(mark, mark.get_rect(center=rect.center))
            self._odds(surface, view, lay)
        if lay["kind"] == "heist" and view["heist_up"] is None:
            paint.outline(surface, lay["heist_up"][0])
        if lay["kind"] in ("heist", "showdown"):  # a card still to come: its place, dashed
            for seat, _ in lay["names"]:
                if seat not in view["committed"] and f"commit/{seat}" in lay:
                    paint.outline(surface, lay[f"commit/{seat}"][0])

    def _title(self, view, kind: str, names: list) -> str:
        if kind == "fight":
            f = view["fight"]
            if f["kind"] == "rob":
                return tr(T + "title_rob", attacker=names[f["attacker"]], target=names[f["defender"]], slot=f["slot"])
            return tr(T + "title_duel", attacker=names[f["attacker"]], target=names[f["defender"]])
        if kind == "heist":
            return tr(T + "title_heist")
        if kind == "mystery":
            return tr(T + "title_mystery")
        return tr(T + "title_showdown")

    def _name(self, surface, view, kind: str, seat: int, rect: pygame.Rect, names: list) -> None:
        colour = theme.INK
        text = names[seat]
        if kind == "fight":
            role = tr(T + ("attacker" if seat == view["fight"]["attacker"] else "defender"))
            text = f"{role}: {names[seat]}"
            if not name_layout(text, rect.width, rect.height, scale.text_px("small"), shorten=False):
                text = names[seat]  # the name whole rather than the role: the title says who attacks whom
            draw_name(surface, text, rect, scale.text_px("small"), colour, align="center")
            return
        if kind == "showdown":
            wounds = view["wounds"][seat]
            state = tr(T + ("wounded" if wounds == 1 else "healthy"))
            colour = theme.DANGER if wounds else theme.INK
            lh = fonts.get("small").get_linesize()
            # The name shrinks, then takes two lines, before it is cut short (the column is narrow).
            name_h = fonts.get("body", True).get_linesize()
            if not name_layout(names[seat], rect.width, name_h, scale.text_px("body"), shorten=False):
                name_h = max(name_h, 2 * fonts.font(theme.MIN_TEXT_PX, True).get_linesize())
            y = draw_name(surface, names[seat], pygame.Rect(rect.left, rect.top, rect.width, name_h),
                          scale.text_px("body"), theme.INK).bottom
            if y + lh > rect.bottom:
                return
            paint.one_line(surface, state, (rect.left, y), rect.width, "small", colour)
            self._guns(surface, view, seat, pygame.Rect(rect.left, y, rect.width, rect.bottom - y), state)
            return
        paint.one_line(surface, text, (rect.centerx, rect.top), rect.width, "small", colour, True, anchor="midtop")

    @staticmethod
    def _guns(surface, view, seat: int, rect: pygame.Rect, state: str) -> None:
        """A survivor's Showdown Guns under their state (the top line of `rect`): in words, wrapped, when they fit
        whole under it; else as the dice they add, each in its gun's colour with its letter (a cut gun name
        would hide a die), under the state or, with no line left, after it."""
        guns = view["showdown_guns"][seat]
        if not guns:
            return
        lh = fonts.get("small").get_linesize()
        room = rect.height // lh - 1
        text = tr(T + "guns", guns=showdown_guns(view, seat))
        lines = fonts.lines(text, rect.width, "small")
        if len(lines) <= room and fonts.whole_words(text, rect.width, "small"):
            for i, line in enumerate(lines, 1):
                fonts.blit_text(surface, line, (rect.left, rect.top + i * lh), "small", theme.INK)
            return
        x, y = rect.left, rect.top + lh
        if room < 1:  # after the state, on its line
            x, y = rect.left + fonts.get("small").size(state)[0] + scale(8), rect.top
        side = max(4, min(lh - scale(4), (rect.right - x) // len(guns) - scale(4)))  # every die shows
        for gun in guns:
            colour, letter = die_mark(gun)
            die = pygame.Rect(x, y + (lh - side) // 2, side, side)
            pygame.draw.rect(surface, colour, die, border_radius=max(2, side // 5))
            pygame.draw.rect(surface, faces.BRASS, die, 1, border_radius=max(2, side // 5))  # a black die shows
            fonts.blit_text(surface, letter, die.center, "small", ink_on(colour), True, anchor="center")
            x += side + scale(4)

    def _odds(self, surface, view, lay) -> None:
        odds = view["fight"].get("odds")
        rect = lay.get("odds")
        if not odds or rect is None or not rect.height:
            return
        chance = odds[0] / odds[1]
        self.odds.rect = rect
        percents = {"attacker": round(chance * 100), "defender": 100 - round(chance * 100)}
        text = tr(T + "odds", **percents)
        if fonts.get("body", True).size(text)[0] > self.odds.layout()[2].width:  # a narrow stage
            text = tr(T + "odds_short", **percents)
        self.odds.set(chance, text, theme.GOOD)
        self.odds.draw(surface)


def showdown_guns(view, seat: int) -> str:
    """The guns a survivor's safes add to the showdown, as the engine counts them (a Jammed Gun takes one)."""
    guns = {g.id: g for g in data().guns}
    return tr(T + "list_sep").join(pick(guns[g].name) for g in view["showdown_guns"][seat])
