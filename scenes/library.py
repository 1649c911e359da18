"""The game library on the title screen: every playable game as a tile with its names, player count,
play time, age, year and designers, your record from the play history, a favourite star and a "not played
yet" badge; sorted and filtered as the player likes (both remembered in the settings). Favourites come
first under their own heading, each group in the chosen order."""

from __future__ import annotations

import contextlib
from datetime import datetime

import pygame

from game.core import saves
from game.games import rules as rules_for

from .table.cardart import icon
from .tables import playable_ids
from .ui import fonts, theme
from .ui.strings import lang, span, tr
from .ui.theme import scale
from .ui.widgets import Widget

SORTS = ("name", "players", "time", "last_played")
# Card Parlor is to hold five games (ARCHITECTURE.md); those without a table yet are still being made.
PLANNED_GAMES = 5


def playable_infos() -> list:
    return [rules_for(g).info for g in playable_ids()]


def people_choices(infos: list) -> list[int]:
    """The player counts the filter offers: 0 (any number), then every count some of these games seats."""
    return [0, *sorted({n for i in infos for n in range(i.min_players, i.max_players + 1)})]


def games_coming() -> int:
    """How many of the planned games cannot be played yet."""
    return max(0, PLANNED_GAMES - len(playable_ids()))


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
    """One game. Click (or Enter) starts a new game of it; the star toggles the favourite; Continue (shown
    while the game has an unfinished one) takes that game up again."""

    def __init__(self, info, stats: dict, favourite: bool, on_open, on_star, on_continue=None):
        super().__init__()
        self.info, self.stats, self.favourite = info, stats, favourite
        self.on_open, self.on_star, self.on_continue = on_open, on_star, on_continue

    def star_rect(self) -> pygame.Rect:
        size = scale(52)
        return pygame.Rect(self.rect.right - size - scale(12), self.rect.top + scale(12), size, size)

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
            elif self.star_rect().collidepoint(event.pos):
                self.on_star(self)
            else:
                self.on_open(self.info.id)
            return True
        return event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos)

    def activate(self):
        self.on_open(self.info.id)

    def draw(self, surface):
        self._frame(surface, theme.PANEL_HI if self.hovered else theme.PANEL, theme.ACCENT if self.favourite
                    else theme.EDGE, radius=14)
        info, r = self.info, self.rect
        other = "ja" if lang() == "en" else "en"
        x, y = r.left + scale(22), r.top + scale(16)
        star = self.star_rect()
        label = tr("library.favourite") if self.favourite else ""
        # The names keep clear of the star and of the word under it.
        width = star.left - x - scale(12)
        if label:
            width = min(width, r.right - scale(12) - fonts.measure("small")(label) - x - scale(12))
        # A long name (Three-Dragon Ante: Legendary Edition) steps down a size before it is cut short.
        size = next((s for s in ("large", "body") if fonts.measure(s, True)(info.names[lang()]) <= width), "large")
        name = fonts.lines(info.names[lang()], width, size, True, max_lines=1)[0]
        fonts.blit_text(surface, name, (x, y + fonts.get("large", True).get_linesize() - fonts.get(size, True)
                                        .get_linesize()), size, theme.ACCENT_HI, True)
        y += fonts.get("large", True).get_linesize()
        fonts.blit_text(surface, fonts.lines(info.names[other], width, "small", max_lines=1)[0], (x, y), "small",
                        theme.INK_DIM)
        y += fonts.get("small").get_linesize() + scale(8)
        facts = tr("library.facts", players=span(info.min_players, info.max_players), minutes=span(*info.play_time),
                   age=info.age, year=info.year)
        for line in fonts.lines(facts, r.width - scale(44), "small", max_lines=2):
            fonts.blit_text(surface, line, (x, y), "small", theme.INK)
            y += fonts.get("small").get_linesize()
        designers = tr("library.designers", names=", ".join(info.designers))
        fonts.blit_text(surface, fonts.lines(designers, r.width - scale(44), "small", max_lines=1)[0], (x, y),
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
        if label:
            fonts.blit_text(surface, label, (r.right - scale(12), star.bottom + scale(2)), "small", theme.ACCENT_HI,
                            anchor="topright")
        if resume is not None:
            pygame.draw.rect(surface, theme.ACCENT, resume, border_radius=scale(10))
            text = fonts.lines(tr("title.continue"), resume.width - scale(12), "small", True, max_lines=1)[0]
            fonts.blit_text(surface, text, resume.center, "small", theme.INK_DARK, True, anchor="center")


class Library:
    """The tiles, their order and the sort and filter controls' state; the title scene owns the widgets."""

    def __init__(self, app, on_open, on_reorder, on_continue=None):
        """`on_open(game_id)` starts a game; `on_reorder()` follows a change of the tiles (a new favourite);
        `on_continue(game_id)` resumes a game's unfinished one from its tile."""
        self.app, self.on_open, self.on_reorder, self.on_continue = app, on_open, on_reorder, on_continue
        self.tiles: list[GameTile] = []
        self.headings: list[tuple[str, tuple[int, int]]] = []  # (text key, top left)
        self.refresh()

    def refresh(self) -> None:
        prefs = self.app.prefs
        stats = self.app.history.stats(None)
        infos = playable_infos()
        favourites = set(prefs.favourites)
        order = library_order(infos, stats, favourites, prefs.library_sort, prefs.library_people, lang())
        self.tiles = [GameTile(i, stats.get(i.id, {}), i.id in favourites, self.on_open, self._star,
                               self._continue_for(i.id)) for i in order]

    def _continue_for(self, game_id: str):
        """The tile's Continue: offered while the game has an unfinished one."""
        if self.on_continue is None or not saves.exists(saves.autosave_path(self.app.saves_dir, game_id)):
            return None
        return self.on_continue

    def opening_game(self) -> str:
        """The game New game opens on when no tile was chosen: the one played last among the games shown,
        else the first one shown (both follow the players filter), else the first playable game."""
        played = [t for t in self.tiles if t.stats.get("last_played")]
        if played:
            return max(played, key=lambda t: t.stats["last_played"]).info.id
        return self.tiles[0].info.id if self.tiles else playable_ids()[0]

    def _star(self, tile: GameTile) -> None:
        favourites = self.app.prefs.favourites
        if tile.info.id in favourites:
            favourites.remove(tile.info.id)
        else:
            favourites.append(tile.info.id)
        self.app.save_prefs()
        self.on_reorder()  # the tile moves to its group

    def groups(self) -> list[tuple[str | None, list[GameTile]]]:
        """The tiles under their headings: none while there is no favourite, else Favourites and the rest."""
        favourites = [t for t in self.tiles if t.favourite]
        if not favourites:
            return [(None, self.tiles)]
        others = [t for t in self.tiles if not t.favourite]
        return [("library.favourites", favourites)] + ([("library.others", others)] if others else [])

    def layout(self, area: pygame.Rect) -> None:
        columns = 2
        gap = scale(24)
        w = (area.width - gap * (columns - 1)) // columns
        h = scale(290)
        heading_h = fonts.get("body", True).get_linesize() + scale(6)
        self.headings = []
        top = area.top
        for key, tiles in self.groups():
            if key:
                self.headings.append((key, (area.left, top)))
                top += heading_h
            for i, tile in enumerate(tiles):
                tile.rect = pygame.Rect(area.left + (i % columns) * (w + gap), top + (i // columns) * (h + gap), w, h)
            top += -(-len(tiles) // columns) * (h + gap)

    def draw_headings(self, surface) -> None:
        for key, (x, y) in self.headings:
            r = fonts.blit_text(surface, tr(key), (x, y), "body", theme.ACCENT_HI, True)
            # A rule from the heading to the right edge of the tiles divides the groups.
            right = max(t.rect.right for t in self.tiles)
            pygame.draw.line(surface, theme.EDGE, (r.right + scale(16), r.centery), (right, r.centery),
                             max(1, scale(2)))
