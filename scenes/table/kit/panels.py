"""Panels and text blocks a table draws itself: a block of text fitted and centred in a rect, a hatched
("ruled out") mark, phrases as rounded chips, a glow round a card, a warning banner across it, a verdict plate
on it, a card face laid out in fractions of its size (`Face`), an information panel with a legend, and a row
of buttons the table hit-tests (click targets of gestures, such as the values a group may name). Sizes are in
window pixels; callers scale design units with `scale`."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...ui import fonts, theme
from ...ui.theme import scale
from ..cardart import icon, mix, text_fit
from . import paint
from .hits import Hit
from .motion import pulse
from .widget import Widget


def px(pixels: float) -> float:
    """A text size in window pixels, as the logical size fonts.render expects (it scales logical sizes):
    for text on a card face, whose size follows the face's own pixels."""
    return pixels / scale.factor if scale.factor else pixels


def fit_middle(surface, text: str, rect: pygame.Rect, colour, sizes, bold=False, align="center") -> None:
    """`text` wrapped into `rect` at the first of `sizes` at which it fits with every word whole (the last one
    cut to the rect's lines, a word too wide cut), centred vertically; centred or left-aligned across."""
    for size in sizes:
        lh = fonts.get(size, bold).get_linesize()
        lines = fonts.lines(text, rect.width, size, bold)
        if lh * len(lines) <= rect.height and fonts.whole_words(text, rect.width, size, bold) or size == sizes[-1]:
            lines = fonts.lines(text, rect.width, size, bold, max_lines=max(1, rect.height // lh))
            y = rect.centery - lh * len(lines) // 2
            for line in lines:
                img = fonts.render(line, size, colour, bold)
                x = rect.centerx - img.get_width() // 2 if align == "center" else rect.left
                surface.blit(img, (x, y))
                y += lh
            return


def grid(left: int, top: int, width: int, count: int, columns: int, height: int, gap: int,
         row_gap: int) -> list[pygame.Rect]:
    """`count` rects of one size in `columns` across `width` from (left, top), row by row, `gap` apart across and
    `row_gap` down: buttons in a panel."""
    w = (width - (columns - 1) * gap) // columns
    return [pygame.Rect(left + (i % columns) * (w + gap), top + (i // columns) * (height + row_gap), w, height)
            for i in range(count)]


class Face:
    """A card face being painted, w×h pixels, with its parts placed in fractions of its size, so that one layout
    serves the small card on the table and the large preview."""

    def __init__(self, surface: pygame.Surface):
        self.surface = surface
        self.w, self.h = surface.get_size()

    def box(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A rect given in fractions of the face."""
        return pygame.Rect(int(self.w * x), int(self.h * y), int(self.w * w), int(self.h * h))

    def text(self, text: str, box, colour, sizes: tuple, bold=False, align="center") -> None:
        """`text` in `box` (fractions, or a Rect) at the first of `sizes` (fractions of the face's height) at
        which it fits, else at the smallest text size (see fit_middle)."""
        rect = box if isinstance(box, pygame.Rect) else self.box(*box)
        smallest = theme.MIN_TEXT_PX
        sizes = tuple(px(max(smallest, self.h * f)) for f in sizes) + (px(smallest),)
        fit_middle(self.surface, text, rect, colour, sizes, bold, align)

    def fit(self, text: str, box, colour, sizes: tuple, bold=False, align="center") -> None:
        """`text` from the top of `box` (fractions, or a Rect) at the first of `sizes` (logical text sizes, as
        cardart.text_fit takes them) at which it fits."""
        text_fit(self.surface, text, box if isinstance(box, pygame.Rect) else self.box(*box), colour, sizes, bold,
                 align)


    def word(self, text: str, size, colour, pos, anchor: str = "center", width: int | None = None,
             bold: bool = True) -> pygame.Rect:
        """One line of `text` (`size` as fonts.render takes it) with its `anchor` ("topleft", "midright"...) at
        `pos`, squeezed to `width` pixels if it is wider; returns where it went."""
        image = fonts.render(text, size, colour, bold)
        if width and image.get_width() > width:
            image = pygame.transform.smoothscale(image, (width, image.get_height()))
        rect = image.get_rect(**{anchor: pos})
        self.surface.blit(image, rect)
        return rect

    def emblem(self, name: str, size: int, colour, pos, anchor: str = "center", letter: str = "") -> bool:
        """The game-icons icon `name`, `size` pixels, tinted `colour`, its `anchor` at `pos`; `letter` there
        instead (half as large) where the icon is not bundled. Whether the icon was drawn."""
        image = icon(name, size, colour)
        if image:
            self.surface.blit(image, image.get_rect(**{anchor: pos}))
        elif letter:
            self.word(letter, size // 2, colour, pos, anchor)
        return image is not None

    def disc(self, centre, radius: int, fill, rim=None, width: int = 1) -> None:
        """A disc (a number's seal, an emblem's ground), edged `width` pixels in `rim` if given."""
        pygame.draw.circle(self.surface, fill, centre, radius)
        if rim is not None:
            pygame.draw.circle(self.surface, rim, centre, radius, width)

    def frame(self, inset: int, colour, width: int, radius: int) -> None:
        """A line round the face, `inset` pixels narrower and shorter than it, centred (a printed border)."""
        inner = pygame.Rect(0, 0, self.w, self.h).inflate(-inset, -inset)
        pygame.draw.rect(self.surface, colour, inner, width, border_radius=radius)


def text_lines(surface, text: str, pos, width: int, size="small", colour=theme.INK, bold=False,
               max_lines: int | None = None) -> int:
    """`text` wrapped to `width` pixels (at most `max_lines`, the last cut with "…"), each line under the one
    before from `pos` (top left); returns the y under the last line."""
    x, y = pos
    lh = fonts.get(size, bold).get_linesize()
    for line in fonts.lines(text, width, size, bold, max_lines=max_lines):
        fonts.blit_text(surface, line, (x, y), size, colour, bold)
        y += lh
    return y


def hatch(surface, rect: pygame.Rect, colour, step: int, oval: bool = True) -> None:
    """Diagonal stripes over `rect` (inside its oval when `oval`): something ruled out but still there."""
    over = pygame.Surface(rect.size, pygame.SRCALPHA)
    w, h = rect.size
    for x in range(-h, w, max(3, step)):
        pygame.draw.line(over, colour, (x, h), (x + h, 0), max(1, step // 3))
    if oval:
        mask = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.ellipse(mask, (255, 255, 255, 255), mask.get_rect())
        over.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surface.blit(over, rect)


def chips(surface, phrases: list, rect: pygame.Rect, size="small", max_rows: int = 2, back=(4, 22, 30)) -> int:
    """Phrases [(text, colour)] as rounded chips, wrapped in rows inside `rect` (a phrase too long for a row is
    cut with "…"); those past `max_rows` are left out. Returns the bottom of the last row."""
    x, y = rect.left, rect.top
    h = fonts.get(size, True).get_linesize() + scale(8)
    rows = 1
    for text, colour in phrases:
        img = fonts.render(text, size, colour, True)
        w = min(img.get_width() + scale(20), rect.width)
        if x + w > rect.right and x > rect.left:
            rows += 1
            if rows > max_rows:
                break
            x, y = rect.left, y + h + scale(6)
        chip = pygame.Rect(x, y, w, h)
        pygame.draw.rect(surface, back, chip, border_radius=h // 2)
        pygame.draw.rect(surface, mix(colour, back, 0.5), chip, max(1, scale(2)), border_radius=h // 2)
        paint.one_line(surface, text, (chip.left + scale(10), chip.centery), w - scale(20), size, colour, True,
                       anchor="midleft")
        x += w + scale(8)
    return y + h


def labelled_chips(surface, label: str, phrases: list, rect: pygame.Rect, ink=theme.INK_DIM, size="small",
                   max_rows: int = 2, back=(4, 22, 30)) -> int:
    """A label ("Last turn:") followed by its phrases as chips (see chips) in the rest of `rect`; returns the
    bottom of the last row."""
    text = fonts.blit_text(surface, label, (rect.left, rect.top + scale(8)), "small", ink, True)
    left = text.right + scale(12)
    return chips(surface, phrases, pygame.Rect(left, rect.top, rect.right - left, rect.height), size, max_rows, back)


def side_by_side(area: pygame.Rect, count: int, gap: int) -> list[pygame.Rect]:
    """`count` rects of one width side by side across `area`, `gap` pixels apart (buttons sharing a row)."""
    each = (area.width - gap * (count - 1)) // max(1, count)
    return [pygame.Rect(area.left + i * (each + gap), area.top, each, area.height) for i in range(count)]


def plate(surface, rect: pygame.Rect, lines: list, colour, heads: int = 2, ink=theme.INK) -> pygame.Rect:
    """A verdict on a card (what dropping a piece there does): an opaque plate across the lower middle of `rect`
    with the lines but the last bold in `colour`, the last smaller in `ink` under them. It keeps room for
    `heads` bold lines, so that plates side by side read alike. Returns the plate."""
    *bold, last = lines
    lh_head, lh = fonts.get("body", True).get_linesize(), fonts.get("small", True).get_linesize()
    out = pygame.Rect(rect.left + scale(6), 0, rect.width - scale(12), lh_head * max(heads, len(bold)) + lh + scale(10))
    out.bottom = rect.top + int(rect.height * 0.80)
    pygame.draw.rect(surface, (4, 16, 22), out, border_radius=scale(10))  # opaque: nothing shows through
    pygame.draw.rect(surface, colour, out, max(2, scale(3)), border_radius=scale(10))
    y = out.centery - (lh_head * len(bold) + lh) // 2
    for line in bold:
        paint.one_line(surface, line, (out.centerx, y), out.width - scale(10), "body", colour, True, anchor="midtop")
        y += lh_head
    paint.one_line(surface, last, (out.centerx, y), out.width - scale(10), "small", ink, True, anchor="midtop")
    return out


def glow(surface, rect: pygame.Rect, colour, alpha: int, width: int, grow: int = 16, radius: int = 16) -> None:
    """A see-through edge round `rect`, `grow` design units wider (a legal target, a card about to go): pulse
    it by varying `alpha`."""
    ring = rect.inflate(scale(grow), scale(grow))
    over = pygame.Surface(ring.size, pygame.SRCALPHA)
    pygame.draw.rect(over, (*colour[:3], max(0, min(255, alpha))), over.get_rect(), max(3, scale(width)),
                     border_radius=scale(radius))
    surface.blit(over, ring)


def spotlight(surface, rects: dict, lit, colour, clock: float, still: bool = False) -> None:
    """While a piece is dragged over places of which some take it: those in `lit` (keys of `rects`) glow,
    pulsing with `clock` (steady when `still`: reduced motion), and the others sink back under a shade."""
    beat = pulse(clock, 6, still)
    for key, rect in rects.items():
        if key in lit:
            glow(surface, rect, colour, int(60 + 60 * beat), 10, 24, 18)
        else:
            paint.panel(surface, rect, 150, width=0)


def banner(surface, rect: pygame.Rect, text: str, colour, ink=theme.INK) -> None:
    """A warning across the upper middle of a card (it is about to fade, to leave): a dark band edged in
    `colour` with `text` (lines split at "\n") fitted inside."""
    band = pygame.Rect(rect.left + scale(4), rect.top + int(rect.height * 0.185), rect.width - scale(8),
                       int(rect.height * 0.415))
    paint.panel(surface, band, 225, colour, 2, 0)
    text_fit(surface, text, band.inflate(-scale(8), -scale(6)), ink, sizes=(18, 16, 14), bold=True)


class InfoPanel(Widget):
    """A panel of short facts, each (text, colour, bold) on up to two lines, and a legend at its foot: (draw,
    text) pairs where `draw(surface, rect)` paints the sign the text explains in a small square. A table whose
    panel lies on its backdrop alone may set `under` to it (see paint.Kept); an `icon` (a surface) stands before
    the first fact, as a title's emblem; `foot` pixels at the bottom are kept free (for a button lying there);
    `shade` is the panel's colour under its see-through dark."""

    under: pygame.Surface | None = None
    icon: pygame.Surface | None = None
    foot = 0
    shade = (0, 0, 0)

    def __init__(self, rect, border=theme.ACCENT, alpha: int = 160):
        super().__init__(rect)
        self.border, self.alpha = border, alpha
        self._plate = paint.Kept()
        self.lines: list[tuple] = []
        self.legend: list[tuple[Callable, str]] = []

    def set(self, lines: list[tuple], legend: list | None = None) -> None:
        self.lines, self.legend = list(lines), list(legend or [])

    def draw(self, surface) -> None:
        self._plate.draw(surface, self.under, self.rect, self.alpha, self.border, 2, 10, self.shade)
        x, y = self.rect.left + scale(14), self.rect.top + scale(10)
        width, bottom = self.rect.width - scale(28), self.rect.bottom - self.foot
        lh = fonts.get("small").get_linesize()
        for i, (text, colour, bold) in enumerate(self.lines):
            indent, top = 0, y
            if i == 0 and self.icon is not None:
                surface.blit(self.icon, (x, y))
                indent = self.icon.get_width() + scale(8)
            for line in fonts.lines(text, width - indent, "small", bold, max_lines=2):
                if y + lh > bottom:
                    return
                fonts.blit_text(surface, line, (x + indent, y), "small", colour, bold)
                y += lh
            if indent:
                y = max(y, top + self.icon.get_height() + scale(10))
        row, sign = scale(40), scale(30)
        y = max(y + scale(6), bottom - scale(12) - len(self.legend) * row)
        for draw, text in self.legend:
            if y + sign > bottom:
                return
            mark = pygame.Rect(x, y, sign, sign)
            draw(surface, mark)
            paint.one_line(surface, text, (mark.right + scale(10), mark.centery), width - sign - scale(10),
                           colour=theme.INK_DIM, anchor="midleft")
            y += row


class Button:
    """One of a `ButtonRow`'s buttons: its hit, label and rect, and how it is marked."""

    __slots__ = ("hit", "label", "rect", "live", "edge", "badge", "note", "struck", "hatched")

    def __init__(self, hit: Hit, label: str, rect: pygame.Rect):
        self.hit, self.label, self.rect = hit, label, pygame.Rect(rect)
        self.live = False  # a gesture is behind it now
        self.edge = None  # a border colour that marks it (advised); None for the plain one
        self.badge = ""  # a sign in its top right corner ("★")
        self.note = ""  # a word under the label ("ruled out")
        self.struck = False  # crossed out (already tried)
        self.hatched = False  # striped (ruled out but allowed)


class ButtonRow(Widget):
    """Buttons the table draws and hit-tests itself, each the click target of a gesture (its hit's string is
    the gesture's `click`): values to name, powers to use. Unlike the scene's buttons they stay on screen
    while no gesture is behind them, dimmed, so the panel keeps its shape. `size` is the label's text size."""

    def __init__(self, rect, size="huge", palette: dict | None = None):
        super().__init__(rect)
        self.size = size
        self.buttons: list[Button] = []
        self.hover = None
        colours = dict(fill=(36, 74, 84), idle=(20, 40, 48), edge=paint.LINE, live_edge=theme.ACCENT,
                       ink=theme.INK, dim=theme.INK_DIM, strike=theme.DANGER, note=(240, 160, 130))
        self.colours = {**colours, **(palette or {})}

    @staticmethod
    def row(items: list[tuple[Hit, str]], left: int, top: int, width: int, height: int, gap: int) -> list[Button]:
        """Buttons of one size side by side from (left, top)."""
        return [Button(hit, label, pygame.Rect(left + i * (width + gap), top, width, height))
                for i, (hit, label) in enumerate(items)]

    def set(self, buttons: list[Button], live=(), hover=None) -> None:
        """The buttons; `live` the string keys of the gestures' clicks now; `hover` the key under the pointer."""
        self.buttons, self.hover = buttons, hover
        for b in buttons:
            b.live = str(b.hit) in live

    def hits(self, pos) -> list[Hit]:
        return [b.hit for b in self.buttons if b.rect.collidepoint(pos)]

    def rect_of(self, hit: Hit) -> pygame.Rect | None:
        return next((b.rect for b in self.buttons if b.hit == hit), None)

    def draw(self, surface) -> None:
        c = self.colours
        radius = scale(12 if self.size in ("huge", "title") else 10)
        for b in self.buttons:
            fill = c["fill"] if b.live else c["idle"]
            if b.live and self.hover == str(b.hit):
                fill = mix(fill, c["ink"], 0.18)
            pygame.draw.rect(surface, fill, b.rect, border_radius=radius)
            edge = b.edge or (c["live_edge"] if b.live else c["edge"])
            pygame.draw.rect(surface, edge, b.rect, max(2, scale(4 if b.edge else 2)), border_radius=radius)
            centre = (b.rect.centerx, b.rect.centery - (scale(6) if self.size == "huge" else 0))
            fonts.blit_text(surface, b.label, centre, self.size, c["ink"] if b.live else c["dim"], True,
                            anchor="center")
            if b.hatched:
                hatch(surface, b.rect, (150, 150, 150, 110), max(4, scale(12)), oval=False)
            if b.note:
                paint.one_line(surface, b.note, (b.rect.centerx, b.rect.bottom - scale(4)), b.rect.width - scale(4),
                               16, c["note"], True, anchor="midbottom")
            if b.struck:
                inner = b.rect.inflate(-scale(16), -scale(16))
                pygame.draw.line(surface, c["strike"], inner.topleft, inner.bottomright, max(3, scale(5)))
                pygame.draw.line(surface, c["strike"], inner.topright, inner.bottomleft, max(3, scale(5)))
            if b.badge:
                fonts.blit_text(surface, b.badge, (b.rect.right - scale(6), b.rect.top + scale(2)), "small",
                                b.edge or c["ink"], True, anchor="topright")
