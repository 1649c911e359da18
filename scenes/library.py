"""The game library on the title screen: every playable game as a tile with its names, player count,
play time, age, year and designers, your record from the play history, a favourite star, "owned" and "want to
play" marks and a "not played yet" badge; sorted and filtered as the player likes (all remembered in the
settings). Favourites come first under their own heading, each group in the chosen order.

"What to play tonight?" asks how many people and how much time there is, and suggests a game that fits,
one not played yet or not lately first, and says why."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from datetime import UTC, datetime

import pygame

from game.core import saves
from game.core.rules import GameInfo
from game.games import rules as rules_for

from .guide_script import has_guide
from .table.cardart import icon
from .tables import playable_ids
from .ui import fonts, theme
from .ui.modal import Modal
from .ui.strings import lang, span, tr
from .ui.theme import scale
from .ui.widgets import Button, Choice, Widget

SORTS = ("name", "players", "time", "last_played")
# The marks a tile carries, in the order the keyboard reaches them, and the settings list that holds each.
MARKS = ("favourite", "owned", "want")
MARK_PREFS = {"favourite": "favourites", "owned": "owned", "want": "want_to_play"}
CHIP_ICONS = {"owned": "locked-chest", "want": "play-button"}  # the favourite is the star
LEARN = "learn"  # the chip under the marks that opens a game's guided first game (scenes/guide.py), if it has one
# Card Parlor is to hold five games (ARCHITECTURE.md); those without a table yet are still being made.
PLANNED_GAMES = 5
TONIGHT_ABOVE = 106  # 1080p px between the suggestion button and the tiles (see Library.layout)


def playable_infos() -> list:
    return [rules_for(g).info for g in playable_ids()]


def people_choices(infos: list) -> list[int]:
    """The player counts the filter offers: 0 (any number), then every count some of these games seats."""
    return [0, *sorted({n for i in infos for n in range(i.min_players, i.max_players + 1)})]


def games_coming() -> int:
    """How many of the planned games cannot be played yet."""
    return max(0, PLANNED_GAMES - len(playable_ids()))


def marks_of(prefs, game_id: str) -> set[str]:
    return {mark for mark in MARKS if game_id in getattr(prefs, MARK_PREFS[mark])}


def library_order(infos: list, stats: dict, favourites: set, sort: str, people: int, language: str) -> list:
    """The games to show, favourites first, then in the chosen order; only those that seat `people`.
    Stable sorts from the least to the most important key."""
    shown = [i for i in infos if not people or i.min_players <= people <= i.max_players]
    shown.sort(key=lambda i: i.names[language].lower())
    if sort == "last_played":
        # ISO dates sort in time order; reversed, the most recent come first and never-played last.
        shown.sort(key=lambda i: stats.get(i.id, {}).get("last_played") or "", reverse=True)
    elif sort == "players":
        shown.sort(key=lambda i: (i.min_players, i.max_players))
    elif sort == "time":
        shown.sort(key=lambda i: i.play_time)
    shown.sort(key=lambda i: i.id not in favourites)
    return shown


class GameTile(Widget):
    """One game. Click (or Enter) starts a new game of it; the star and the chips under it (owned, want to
    play) toggle the marks, also from the keyboard: Left/Right on the focused tile steps through them and
    Enter toggles the one ringed; the Learn chip under them (for a game with a guide) opens its guided first
    game, by click or by Enter when ringed; Continue (shown while the game has an unfinished one) takes that
    game up again."""

    def __init__(self, info, stats: dict, marks: set, on_open, on_mark, on_continue=None, on_learn=None):
        """`on_mark(tile, mark)` toggles one of MARKS; `on_learn(game_id)` opens the guide (None: no guide)."""
        super().__init__()
        self.info, self.stats, self.marks = info, stats, marks
        self.on_open, self.on_mark, self.on_continue, self.on_learn = on_open, on_mark, on_continue, on_learn
        self.part: str | None = None  # the mark (or the Learn chip) the keyboard is on; None: the tile itself

    @property
    def chips(self) -> list[str]:
        """The chips of the column under the star, top to bottom: the marks', then Learn if there is a guide."""
        return [*CHIP_ICONS, *([LEARN] if self.on_learn is not None else [])]

    @property
    def parts(self) -> tuple:
        """What Left/Right ring in turn: the tile itself (None), the marks, then Learn if there is a guide."""
        return (None, *MARKS, *([LEARN] if self.on_learn is not None else []))

    @property
    def favourite(self) -> bool:
        return "favourite" in self.marks

    def star_rect(self) -> pygame.Rect:
        size = scale(52)
        return pygame.Rect(self.rect.right - size - scale(12), self.rect.top + scale(12), size, size)

    def _column(self) -> int:
        """The width of the lines under the name, clear of the chips."""
        return min(self.mark_rect(m).left for m in self.chips) - self.rect.left - scale(22) - scale(10)

    def _facts(self) -> str:
        info = self.info
        return tr("library.facts", players=span(info.min_players, info.max_players), minutes=span(*info.play_time),
                  age=info.age, year=info.year)

    def least_height(self) -> int:
        """The least height, at the tile's width, that holds its lines (the name, the other language's, the facts
        on one line or two, the designers, the record or badge) and, beside them, the star, the chips and the
        Continue button, with their margins."""
        small = fonts.get("small").get_linesize()
        facts = len(fonts.lines(self._facts(), self._column(), "small", max_lines=2))
        lines = (scale(16) + fonts.get("large", True).get_linesize() + small + scale(8) + (facts + 1) * small
                 + scale(8) + small + scale(6) + scale(16))
        marks = self.mark_rect(self.chips[-1]).bottom - self.rect.top + scale(8)
        if self.on_continue is not None:
            marks += scale(52) + scale(14)
        return max(lines, marks)

    def mark_rect(self, mark: str) -> pygame.Rect:
        """The star, or a chip of the column under it (Learn included); the chips share the width of the
        longest label."""
        if mark == "favourite":
            return self.star_rect()
        # Three chips and Continue fit under the star of a tile as low as the window's three rows allow.
        h, gap = scale(34), scale(5)
        w = max(fonts.measure("small")(tr(f"library.{m}")) for m in self.chips) + h + scale(12)
        top = self.star_rect().bottom + gap + self.chips.index(mark) * (h + gap)
        return pygame.Rect(self.rect.right - scale(12) - w, top, w, h)

    def set_focus(self, focused: bool) -> None:
        super().set_focus(focused)
        if not focused:
            self.part = None

    def continue_rect(self) -> pygame.Rect | None:
        """The Continue button at the bottom right, or None when there is nothing to continue."""
        if self.on_continue is None:
            return None
        w, h = scale(190), scale(52)
        return pygame.Rect(self.rect.right - w - scale(14), self.rect.bottom - h - scale(14), w, h)

    def handle(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.rect.collidepoint(event.pos):
            resume = self.continue_rect()
            if resume is not None and resume.collidepoint(event.pos):
                self.on_continue(self.info.id)
            else:
                mark = next((m for m in self.parts[1:] if self.mark_rect(m).collidepoint(event.pos)), None)
                if mark:
                    self._use(mark)
                else:
                    self.on_open(self.info.id)
            return True
        if event.type == pygame.KEYDOWN and self.focused:
            return self._key(event.key)
        return event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos)

    def _use(self, part: str) -> None:
        """Toggle a mark, or open the guide from the Learn chip."""
        if part == LEARN:
            self.on_learn(self.info.id)
        else:
            self.on_mark(self, part)

    def _key(self, key) -> bool:
        """Left/Right ring the tile, then each mark (and Learn) in turn; Enter or Space on a mark toggles it, on
        Learn opens the guide (on the tile itself the form opens the game). Up/Down are left to the form, which
        moves to the next widget."""
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            parts = self.parts
            self.part = parts[(parts.index(self.part) + (1 if key == pygame.K_RIGHT else -1)) % len(parts)]
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.part:
            self._use(self.part)
            return True
        return False

    def activate(self):
        self.on_open(self.info.id)

    def draw(self, surface):
        self._frame(surface, theme.PANEL_HI if self.hovered else theme.PANEL, theme.ACCENT if self.favourite
                    else theme.EDGE, radius=14)
        info, r = self.info, self.rect
        other = "ja" if lang() == "en" else "en"
        x, y = r.left + scale(22), r.top + scale(16)
        star = self.star_rect()
        # The name keeps clear of the star, the lines under it of the chips.
        width = star.left - x - scale(12)
        column = self._column()
        # A long name (Three-Dragon Ante: Legendary Edition) steps down a size before it is cut short.
        size = next((s for s in ("large", "body") if fonts.measure(s, True)(info.names[lang()]) <= width), "large")
        name = fonts.lines(info.names[lang()], width, size, True, max_lines=1)[0]
        fonts.blit_text(surface, name, (x, y + fonts.get("large", True).get_linesize() - fonts.get(size, True)
                                        .get_linesize()), size, theme.ACCENT_HI, True)
        y += fonts.get("large", True).get_linesize()
        fonts.blit_text(surface, fonts.lines(info.names[other], column, "small", max_lines=1)[0], (x, y), "small",
                        theme.INK_DIM)
        y += fonts.get("small").get_linesize() + scale(8)
        for line in fonts.lines(self._facts(), column, "small", max_lines=2):
            fonts.blit_text(surface, line, (x, y), "small", theme.INK)
            y += fonts.get("small").get_linesize()
        designers = tr("library.designers", names=", ".join(info.designers))
        fonts.blit_text(surface, fonts.lines(designers, column, "small", max_lines=1)[0], (x, y),
                        "small", theme.INK_DIM)
        stats = self.stats
        bottom = r.bottom - scale(16)
        resume = self.continue_rect()
        room = r.width - scale(44) - (resume.width + scale(14) if resume else 0)  # beside Continue
        if stats.get("played"):
            when = stats.get("last_played") or ""
            with contextlib.suppress(ValueError):
                when = datetime.fromisoformat(when).astimezone().strftime("%Y-%m-%d")
            record = tr("library.record", played=stats["played"], won=stats["won"], last=when)
            fonts.blit_text(surface, fonts.lines(record, room, "small", max_lines=1)[0],
                            (x, bottom), "small", theme.GOOD, anchor="bottomleft")
        else:
            badge = fonts.render(tr("library.not_played"), "small", theme.INK_DARK, True)
            box = badge.get_rect(bottomleft=(x, bottom)).inflate(scale(20), scale(6))
            pygame.draw.rect(surface, theme.ACCENT, box, border_radius=box.height // 2)
            surface.blit(badge, badge.get_rect(center=box.center))
        emblem = icon("round-star", star.width, theme.ACCENT_HI if self.favourite else (90, 80, 70))
        if emblem:
            surface.blit(emblem, star)
        for mark in CHIP_ICONS:
            self._draw_chip(surface, mark)
        if self.on_learn is not None:
            self._draw_learn(surface)
        if self.focused and self.part:
            ring = self.mark_rect(self.part).inflate(scale(10), scale(10))
            pygame.draw.rect(surface, theme.FOCUS, ring, max(2, scale(3)), border_radius=ring.height // 2)
        if resume is not None:
            pygame.draw.rect(surface, theme.ACCENT, resume, border_radius=scale(10))
            text = fonts.lines(tr("title.continue"), resume.width - scale(12), "small", True, max_lines=1)[0]
            fonts.blit_text(surface, text, resume.center, "small", theme.INK_DARK, True, anchor="center")

    def _draw_chip(self, surface, mark: str) -> None:
        """A mark as a pill with its icon and name: filled while set, an outline while not."""
        rect, on = self.mark_rect(mark), mark in self.marks
        ink = theme.INK_DARK if on else theme.INK_DIM
        radius = rect.height // 2
        if on:
            pygame.draw.rect(surface, theme.ACCENT, rect, border_radius=radius)
        pygame.draw.rect(surface, theme.ACCENT if on else theme.EDGE, rect, max(1, scale(2)), border_radius=radius)
        size = rect.height - scale(14)
        emblem = icon(CHIP_ICONS[mark], size, ink)
        if emblem:
            surface.blit(emblem, (rect.left + scale(8), rect.centery - size // 2))
        fonts.blit_text(surface, tr(f"library.{mark}"), (rect.left + scale(14) + size, rect.centery), "small", ink,
                        anchor="midleft")


    def _draw_learn(self, surface) -> None:
        """The Learn chip: a small button (not a mark: it is never "on"), its label and an info sign."""
        rect = self.mark_rect(LEARN)
        radius = rect.height // 2
        pygame.draw.rect(surface, theme.PANEL_HI, rect, border_radius=radius)
        pygame.draw.rect(surface, theme.ACCENT_HI, rect, max(1, scale(2)), border_radius=radius)
        size = rect.height - scale(14)
        emblem = icon("info", size, theme.ACCENT_HI)
        if emblem:
            surface.blit(emblem, (rect.left + scale(8), rect.centery - size // 2))
        fonts.blit_text(surface, tr("library.learn"), (rect.left + scale(14) + size, rect.centery), "small",
                        theme.INK, anchor="midleft")


TILE_HEIGHT = 290  # design px: a tile's height when the window has room for it


class Library:
    """The tiles, their order and the suggestion button; the title scene owns the sort and filter controls
    and puts these widgets in its form."""

    def __init__(self, app, on_open, on_reorder, on_continue=None):
        """`on_open(game_id)` starts a game; `on_reorder()` follows a change of the tiles (a new favourite);
        `on_continue(game_id)` resumes a game's unfinished one from its tile."""
        self.app, self.on_open, self.on_reorder, self.on_continue = app, on_open, on_reorder, on_continue
        self.tiles: list[GameTile] = []
        self.headings: list[tuple[str, tuple[int, int]]] = []  # (text key, top left)
        self.tonight = Button(lambda: tr("library.tonight"), self.open_tonight)
        # The last question asked tonight: the people filter's count to begin with (else one, against AI).
        self.tonight_people, self.tonight_minutes = app.prefs.library_people or 1, 0
        self.refresh()

    def widgets(self) -> list[Widget]:
        """What the title's form takes from the library, in keyboard order."""
        return [self.tonight, *self.tiles]

    def refresh(self) -> None:
        prefs = self.app.prefs
        stats = self.app.history.stats(None)
        infos = playable_infos()
        order = library_order(infos, stats, set(prefs.favourites), prefs.library_sort, prefs.library_people, lang())
        focused = next(((i, t) for i, t in enumerate(self.tiles) if t.focused), None)
        self.tiles = [GameTile(i, stats.get(i.id, {}), marks_of(prefs, i.id), self.on_open, self._mark,
                               self._continue_for(i.id), self._learn_for(i.id)) for i in order]
        if focused and focused[0] < len(self.tiles):
            # The title's form keeps its focus at the same place in its list: the ring stays where the keys
            # go, and on the same game (a mark toggled from the keyboard) it stays on the same mark.
            index, old = focused
            self.tiles[index].focused = True
            if self.tiles[index].info.id == old.info.id:
                self.tiles[index].part = old.part

    def _continue_for(self, game_id: str):
        """The tile's Continue: offered while the game has an unfinished one."""
        if self.on_continue is None or not saves.exists(saves.autosave_path(self.app.saves_dir, game_id)):
            return None
        return self.on_continue

    def _learn_for(self, game_id: str):
        """The tile's Learn chip: offered for a game with a guided first game."""
        return self.app.nav.guide if has_guide(game_id) else None

    def opening_game(self) -> str:
        """The game New game opens on when no tile was chosen: the one played last among the games shown,
        else the first one shown (both follow the players filter), else the first playable game."""
        played = [t for t in self.tiles if t.stats.get("last_played")]
        if played:
            return max(played, key=lambda t: t.stats["last_played"]).info.id
        return self.tiles[0].info.id if self.tiles else playable_ids()[0]

    def _mark(self, tile: GameTile, mark: str) -> None:
        marked = getattr(self.app.prefs, MARK_PREFS[mark])
        if tile.info.id in marked:
            marked.remove(tile.info.id)
        else:
            marked.append(tile.info.id)
        tile.marks ^= {mark}
        self.app.save_prefs()
        if mark == "favourite":
            self.on_reorder()  # the tile moves to its group

    def open_tonight(self) -> None:
        self.app.push(TonightPanel(self.app, self))

    def start(self, game_id: str, people: int) -> None:
        """The new-game screen for a suggested game, seated for `people` people (one: the screen's own
        seating, you against AI). The screen has no such parameter: its player count and seat kinds are
        set through their choosers, as the player would."""
        self.on_open(game_id)
        scene = self.app.top
        if people < 2:
            return
        count = scene.count_choice
        count.step(people - count.value)
        for kind in scene.seat_kinds[1:people]:
            kind.step(-kind.index)  # the first kind is a person

    def groups(self) -> list[tuple[str | None, list[GameTile]]]:
        """The tiles under their headings: none while there is no favourite, else Favourites and the rest."""
        favourites = [t for t in self.tiles if t.favourite]
        if not favourites:
            return [(None, self.tiles)]
        others = [t for t in self.tiles if not t.favourite]
        return [("library.favourites", favourites)] + ([("library.others", others)] if others else [])

    def layout(self, area: pygame.Rect) -> None:
        # The suggestion sits at the right of the library's heading, the row above the sort and filter
        # controls, which take the TONIGHT_ABOVE px just above the tiles.
        w = min(area.width // 2, fonts.measure("body", True)(tr("library.tonight")) + scale(56))
        self.tonight.rect = pygame.Rect(0, 0, w, scale(60))
        self.tonight.rect.bottomright = (area.right, area.top - scale(TONIGHT_ABOVE))
        columns = 2
        gap = scale(24)
        w = (area.width - gap * (columns - 1)) // columns
        heading_h = fonts.get("body", True).get_linesize() + scale(6)
        groups = self.groups()
        for tile in self.tiles:
            tile.rect = pygame.Rect(area.left, area.top, w, 0)
        floor = max((tile.least_height() for tile in self.tiles), default=0)
        h = max(floor, self._tile_height(area, groups, columns, gap, heading_h))
        # The library as lines from the top: a heading (its key, no tiles) or a row of tiles. When they do not
        # all fit (a large UI scale), it scrolls by whole lines: the wheel over it, or the keys moving the focus
        # to a tile out of sight.
        self.lines = []
        for key, tiles in groups:
            if key:
                self.lines.append((key, []))
            self.lines += [(None, tiles[i:i + columns]) for i in range(0, len(tiles), columns)]
        self.area, self.box = area, (w, h, gap, heading_h)
        self.first = min(getattr(self, "first", 0), self._last_first())
        self._place()

    def _line_height(self, line) -> int:
        w, h, gap, heading_h = self.box
        return heading_h if line[0] else h + gap

    def _last_first(self) -> int:
        """The first line shown when the library is scrolled to its end (its last line at the bottom)."""
        room = self.area.height + self.box[2]  # the last row needs no gap under it
        first = len(self.lines)
        while first > 0 and room >= self._line_height(self.lines[first - 1]):
            first -= 1
            room -= self._line_height(self.lines[first])
        return min(first, max(0, len(self.lines) - 1))

    def _place(self) -> None:
        """The lines from `first` on, as many as fit the area; the tiles of the others are not shown."""
        w, h, gap, heading_h = self.box
        area, top = self.area, self.area.top
        self.headings = []
        for tile in self.tiles:
            tile.visible = False
        for key, tiles in self.lines[self.first:]:
            if top + (heading_h if key else h) > area.bottom:
                break
            if key:
                self.headings.append((key, (area.left, top)))
            for i, tile in enumerate(tiles):
                tile.rect = pygame.Rect(area.left + i * (w + gap), top, w, h)
                tile.visible = True
            top += self._line_height((key, tiles))

    def scroll(self, lines: int) -> None:
        self.first = max(0, min(self._last_first(), self.first + lines))
        self._place()

    def reveal(self, tile: GameTile) -> None:
        """Scroll until `tile` is shown (the keyboard moving to a tile out of sight)."""
        while not tile.visible and self.first > 0 and tile.rect.top < self.area.top:
            self.scroll(-1)
        while not tile.visible and self.first < self._last_first():
            self.scroll(1)

    def before_focus_moves(self, focused, step: int, first_widget) -> None:
        """Shows the tile the title's focus is about to move to (`step` +1 or -1 from `focused`), so that the
        keys reach every tile: the form moves only among the widgets shown."""
        tiles = self.tiles
        if focused in tiles:
            index = tiles.index(focused) + step
            target = tiles[index] if 0 <= index < len(tiles) else None
        elif focused is self.tonight and step > 0 or focused is first_widget and step < 0:
            target = tiles[0] if step > 0 else tiles[-1] if tiles else None  # into the tiles, or round to the last
        else:
            target = None
        if target is not None and not target.visible:
            self.reveal(target)

    def more(self) -> tuple[bool, bool]:
        """Whether lines are out of sight above and below."""
        return self.first > 0, bool(self.tiles) and not self.tiles[-1].visible

    @staticmethod
    def _tile_height(area: pygame.Rect, groups: list, columns: int, gap: int, heading_h: int) -> int:
        """The tile height at which every row and heading fits the area, at most the roomy design height."""
        rows = sum(-(-len(tiles) // columns) for _, tiles in groups)
        headings = sum(1 for key, _ in groups if key)
        room = area.height - headings * heading_h - (rows - 1) * gap
        return min(scale(TILE_HEIGHT), room // max(1, rows))

    def draw_headings(self, surface) -> None:
        for key, (x, y) in self.headings:
            r = fonts.blit_text(surface, tr(key), (x, y), "body", theme.ACCENT_HI, True)
            # A rule from the heading to the right edge of the tiles divides the groups.
            right = self.area.right
            pygame.draw.line(surface, theme.EDGE, (r.right + scale(16), r.centery), (right, r.centery),
                             max(1, scale(2)))
        above, below = self.more()
        # Lines out of sight: a small arrow centred above or under the tiles shown says which way it scrolls.
        shown = [t.rect for t in self.tiles if t.visible]
        if shown:
            size, x = scale(9), self.area.centerx
            if above:
                y = self.area.top - scale(13)
                pygame.draw.polygon(surface, theme.ACCENT_HI, [(x - size, y + size // 2), (x + size, y + size // 2),
                                                               (x, y - size // 2)])
            if below:
                y = max(r.bottom for r in shown) + scale(14)
                pygame.draw.polygon(surface, theme.ACCENT_HI, [(x - size, y - size // 2), (x + size, y - size // 2),
                                                               (x, y + size // 2)])


# -- What to play tonight ----------------------------------------------------------------------------------

TONIGHT_PEOPLE = tuple(range(1, 10))  # 1: one person against AI
TONIGHT_MINUTES = (15, 30, 45, 60, 0)  # 0: no limit
LATELY_DAYS = 7  # a game last played this many days ago or more is "not played lately"


@dataclass(frozen=True)
class Suggestion:
    info: GameInfo
    why: str  # text key of the one-sentence reason
    args: dict = field(default_factory=dict)

    def reason(self) -> str:
        return tr(self.why, **self.args)


def fits(info, people: int, minutes: int) -> bool:
    """Whether a game seats exactly `people` (one person plays against AI, which every playable game has) and
    can be played in `minutes` (0: any time) when it goes quickly."""
    seats = people == 1 or info.min_players <= people <= info.max_players
    return seats and (not minutes or info.play_time[0] <= minutes)


def suggestions(infos: list, stats: dict, favourites: set, wanted: set, people: int, minutes: int, language: str,
                now: datetime) -> list[Suggestion]:
    """The games that fit, best first: never played, then not played lately, then the rest; within each,
    those on the want-to-play list, then favourites, then the longest unplayed, then by name. Each says why
    in the terms of the first of these that holds. No chance: the same history gives the same list."""
    def days_since(info) -> int | None:
        last = stats.get(info.id, {}).get("last_played")
        if not last:
            return None
        with contextlib.suppress(ValueError, TypeError):  # the history keeps only dates it can read, with a zone
            return max(0, int((now - datetime.fromisoformat(last)).total_seconds() // 86400))
        return None

    def rank(info):
        days = days_since(info)
        freshness = 0 if days is None else 1 if days >= LATELY_DAYS else 2
        return freshness, info.id not in wanted, info.id not in favourites, -(days or 0), info.names[language]

    def suggestion(info) -> Suggestion:
        days = days_since(info)
        if days is None:
            return Suggestion(info, "library.why_new")
        if days >= LATELY_DAYS:
            return Suggestion(info, "library.why_days", {"days": days})
        if info.id in wanted:
            return Suggestion(info, "library.why_want")
        if info.id in favourites:
            return Suggestion(info, "library.why_favourite")
        return Suggestion(info, "library.why_fits")

    return [suggestion(i) for i in sorted((i for i in infos if fits(i, people, minutes)), key=rank)]


class TonightPanel(Modal):
    """Asks how many people and how much time, shows the best suggestion and why; Another idea steps to the
    next one on the list (round again after the last), Start opens the new-game screen for it."""

    def __init__(self, app, library: Library):
        super().__init__(app)
        self.library = library
        self.people = self.form.add(Choice(lambda: tr("library.tonight_people"), [
            (n, (lambda n=n: tr("library.tonight_solo") if n == 1 else str(n))) for n in TONIGHT_PEOPLE],
            TONIGHT_PEOPLE.index(library.tonight_people), self._asked))
        self.minutes = self.form.add(Choice(lambda: tr("library.tonight_time"), [
            (m, (lambda m=m: tr("library.tonight_minutes", minutes=m) if m else tr("library.tonight_any_time")))
            for m in TONIGHT_MINUTES], TONIGHT_MINUTES.index(library.tonight_minutes), self._asked))
        self.start = self.form.add(Button(lambda: tr("library.tonight_start"), self._start, "primary"))
        self.another = self.form.add(Button(lambda: tr("library.tonight_another"), self._another))
        self.close_button = self.form.add(Button(lambda: tr("ui.close"), self.escape))
        self.choices: list[Suggestion] = []
        self.index = 0
        self._asked(None)
        self.form.set_focus(0)

    def title(self) -> str:
        return tr("library.tonight")

    @property
    def current(self) -> Suggestion | None:
        return self.choices[self.index] if self.choices else None

    def _asked(self, _value) -> None:
        """People or time changed: the list again, from its best."""
        library, prefs = self.library, self.app.prefs
        library.tonight_people, library.tonight_minutes = self.people.value, self.minutes.value
        self.choices = suggestions(playable_infos(), self.app.history.stats(None), set(prefs.favourites),
                                   set(prefs.want_to_play), self.people.value, self.minutes.value, lang(),
                                   datetime.now(UTC))
        self.index = 0
        self.start.enabled = bool(self.choices)
        self.another.enabled = len(self.choices) > 1

    def _another(self) -> None:
        self.index = (self.index + 1) % len(self.choices)

    def _start(self) -> None:
        if self.current is not None:
            self.app.pop(self)
            self.library.start(self.current.info.id, self.people.value)

    def layout(self, width, height):
        self.box = pygame.Rect(0, 0, scale(1000), scale(640))
        self.box.center = (width // 2, height // 2)
        inner = self.box.inflate(-scale(80), 0)
        self.people.rect = pygame.Rect(inner.left, self.box.top + scale(100), inner.width, scale(64))
        self.minutes.rect = pygame.Rect(inner.left, self.box.top + scale(178), inner.width, scale(64))
        self.card = pygame.Rect(inner.left, self.box.top + scale(266), inner.width, scale(240))
        gap = scale(20)
        bw = (inner.width - 2 * gap) // 3
        for i, button in enumerate((self.start, self.another, self.close_button)):
            button.rect = pygame.Rect(inner.left + i * (bw + gap), self.box.bottom - scale(104), bw, scale(68))

    def draw(self, surface):
        self.draw_panel(surface)
        card = self.card
        pygame.draw.rect(surface, theme.PANEL_HI, card, border_radius=scale(12))
        pygame.draw.rect(surface, theme.EDGE, card, max(1, scale(2)), border_radius=scale(12))
        inner = card.inflate(-scale(48), -scale(40))
        choice = self.current
        if choice is None:
            fonts.blit_wrapped(surface, tr("library.tonight_none"), inner, "body", theme.INK_DIM, align="center")
        else:
            self._draw_choice(surface, choice, inner)
        self.form.draw(surface)

    def _draw_choice(self, surface, choice: Suggestion, inner: pygame.Rect) -> None:
        """The game's name, its facts, the reason, and which idea of how many this is."""
        info = choice.info
        of = tr("library.tonight_of", index=self.index + 1, total=len(self.choices))
        of_rect = fonts.blit_text(surface, of, inner.topright, "small", theme.INK_DIM, anchor="topright")
        name_w = of_rect.left - inner.left - scale(16)
        size = next((s for s in ("title", "large", "body") if fonts.measure(s, True)(info.names[lang()]) <= name_w),
                    "body")
        name = fonts.lines(info.names[lang()], name_w, size, True, max_lines=1)[0]
        y = inner.top + fonts.get("title", True).get_linesize()  # a smaller name stands on the same line
        fonts.blit_text(surface, name, (inner.left, y - fonts.get(size, True).get_linesize()), size, theme.ACCENT_HI,
                        True)
        y += scale(4)
        facts = tr("library.facts", players=span(info.min_players, info.max_players), minutes=span(*info.play_time),
                   age=info.age, year=info.year)
        fonts.blit_text(surface, fonts.lines(facts, inner.width, "small", max_lines=1)[0], (inner.left, y), "small",
                        theme.INK_DIM)
        y += fonts.get("small").get_linesize() + scale(18)
        for line in fonts.lines(choice.reason(), inner.width, "large", max_lines=2):
            fonts.blit_text(surface, line, (inner.left, y), "large", theme.INK)
            y += fonts.get("large").get_linesize()
