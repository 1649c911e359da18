"""Statistics: the player's record from the play history, for every game together or for one game: games
played, wins, the win rate, the current and the longest winning streak, tables by AI level and by player
count, the best scores, and the most recent games.

The figures are the history's (`History.stats()` and `History.statistics()`); this screen only lays them
out. The recent games are a plain list to read: only when the scene is given `on_open_recent(row)` (a row as
`History.recent()` gives it) are they drawn and handled as buttons.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable
from datetime import datetime

import pygame

from game.core.match import AI_LEVELS

from .library import playable_infos
from .menu import MenuScene
from .ui import fonts, theme
from .ui.strings import lang, tr
from .ui.theme import scale
from .ui.widgets import Choice, Widget

RECENT_LIMIT = 100  # games the recent list holds (it scrolls)
RECENT_LEAST = 4  # games the recent list shows at least, however long the tables above it
BEST_SCORES = 5
MARGIN = 40  # the page's side margins, in 1080p units
GAP = 20


def local_time(text, with_time: bool = True) -> str:
    """An ISO date from the history in local time, as the player reads dates ("—" if it is no date)."""
    with contextlib.suppress(TypeError, ValueError):
        return datetime.fromisoformat(text).astimezone().strftime("%Y-%m-%d %H:%M" if with_time else "%Y-%m-%d")
    return "—"


def win_rate(record: dict) -> str:
    return tr("stats.rate", rate=round(100 * record["won"] / record["played"])) if record["played"] else "—"


@functools.cache
def has_points(game_id: str) -> bool:
    """Whether a game's scores mean points (Get Lucky and Deadwood name a winner without them)."""
    from .tables import playable_ids, table_for

    return game_id in playable_ids() and getattr(table_for(game_id), "results_points", True)


@functools.cache
def _names(language: str) -> dict[str, str]:
    return {info.id: info.names[language] for info in playable_infos()}


def game_name(game_id) -> str:
    """A game's name in the player's language; an id no game has any more is shown as it is."""
    return _names(lang()).get(game_id, str(game_id))


def seat_label(seat: dict) -> str:
    name = str(seat.get("name", "?"))
    level = seat.get("level")
    if seat.get("kind") == "ai" and level in AI_LEVELS:
        return tr("stats.ai_seat", name=name, level=tr(f"level.{level}"))
    return name


def recent_cells(row: dict, with_game: bool) -> list[str]:
    """One recent game as the list's cells: date, [game,] players with their AI levels, winners, and the
    human seats' scores ("—" for a game without points or without a human)."""
    seats, winners, scores = row["seats"], row["winners"], row["scores"]
    names = [str(s.get("name", "?")) for s in seats]
    winning = [names[i] for i in winners if isinstance(i, int) and 0 <= i < len(names)]
    won = tr("stats.separator").join(winning) or tr("stats.no_winner")
    human = [scores[i] for i, s in enumerate(seats) if s.get("kind") == "human" and i < len(scores)]
    shown = [str(v) for v in human if isinstance(v, int | float) and not isinstance(v, bool)]
    score = " / ".join(shown) if shown and has_points(row["game"]) else "—"
    cells = [local_time(row["finished_at"]), tr("stats.separator").join(seat_label(s) for s in seats), won, score]
    if with_game:
        cells.insert(1, game_name(row["game"]))
    return cells


class RecentGames(Widget):
    """The recent games as a table that scrolls (mouse wheel; Up/Down, Page Up/Down, Home/End when
    focused). Rows are buttons only when `on_open` is given: then one is selected, hovered rows light up,
    and a click or Enter opens it."""

    def __init__(self, on_open: Callable[[dict], None] | None = None):
        super().__init__()
        self.on_open = on_open
        self.rows: list[dict] = []
        self.cells: list[list[str]] = []
        self.columns: list[tuple[str, int]] = []  # (heading, width)
        self.offset = 0
        self.selected = 0
        self.hover_row: int | None = None

    def set_rows(self, rows: list[dict], cells: list[list[str]], columns: list[tuple[str, int]]) -> None:
        self.rows, self.cells, self.columns = rows, cells, columns
        self.offset = self.selected = 0

    def wants_arrows(self):
        return True

    def row_height(self) -> int:
        return fonts.get("small").get_linesize() + scale(12)

    def body(self) -> pygame.Rect:
        """Where the rows go: under the column headings, clear of the scrollbar."""
        top = self.rect.top + self.row_height()
        return pygame.Rect(self.rect.left, top, self.rect.width - scale(24), self.rect.bottom - top - scale(4))

    def shown_rows(self) -> int:
        return max(1, self.body().height // self.row_height())

    def scroll_to(self, offset: int) -> None:
        self.offset = min(max(0, len(self.rows) - self.shown_rows()), max(0, offset))

    def _select(self, index: int) -> None:
        self.selected = min(len(self.rows) - 1, max(0, index))
        if self.selected < self.offset:
            self.offset = self.selected
        elif self.selected >= self.offset + self.shown_rows():
            self.offset = self.selected - self.shown_rows() + 1

    def _move(self, delta: int) -> None:
        """A key's move: the selection when rows are buttons, else the view."""
        if self.on_open is not None:
            self._select(self.selected + delta)
        else:
            self.scroll_to(self.offset + delta)

    def row_at(self, pos) -> int | None:
        body = self.body()
        if not body.collidepoint(pos):
            return None
        index = self.offset + (pos[1] - body.top) // self.row_height()
        return index if index < len(self.rows) else None

    def handle(self, event) -> bool:
        if event.type == pygame.MOUSEWHEEL and self.hovered:
            self.scroll_to(self.offset - event.y)
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover_row = self.row_at(event.pos) if self.on_open is not None else None
            return False
        if event.type == pygame.KEYDOWN and self.focused:
            page = self.shown_rows()
            moves = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page,
                     pygame.K_HOME: -len(self.rows), pygame.K_END: len(self.rows)}
            if event.key in moves:
                self._move(moves[event.key])
                return True
            return False
        if self.on_open is not None and event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            index = self.row_at(event.pos)
            if index is not None:
                self._select(index)
                self.on_open(self.rows[index])
                return True
        return event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos)

    def activate(self):
        if self.on_open is not None and self.rows:
            self.on_open(self.rows[self.selected])

    def draw(self, surface):
        self._frame(surface, theme.PANEL, radius=6)
        height, pad = self.row_height(), scale(14)
        x = self.rect.left + pad
        for heading, width in self.columns:
            fonts.blit_text(surface, fonts.lines(heading, width - pad, "small", True, 1)[0],
                            (x, self.rect.top + height // 2), "small", theme.INK_DIM, True, anchor="midleft")
            x += width
        body = self.body()
        pygame.draw.line(surface, theme.EDGE, (self.rect.left + pad, body.top), (self.rect.right - pad, body.top),
                         max(1, scale(2)))
        clip = surface.get_clip()
        surface.set_clip(body)
        for i in range(self.offset, min(len(self.rows), self.offset + self.shown_rows())):  # whole rows only
            row = pygame.Rect(body.left + scale(6), body.top + (i - self.offset) * height, body.width - scale(6),
                              height)
            if self.on_open is not None and i in (self.selected, self.hover_row):
                pygame.draw.rect(surface, theme.PANEL_HI, row.inflate(0, -scale(4)), border_radius=scale(6))
                if i == self.selected:
                    pygame.draw.rect(surface, theme.ACCENT, row.inflate(0, -scale(4)), max(1, scale(2)),
                                     border_radius=scale(6))
            x = self.rect.left + pad
            for text, (_, width) in zip(self.cells[i], self.columns, strict=True):
                fonts.blit_text(surface, fonts.lines(text, width - pad, "small", max_lines=1)[0], (x, row.centery),
                                "small", theme.INK, anchor="midleft")
                x += width
        surface.set_clip(clip)
        if len(self.rows) > self.shown_rows():
            self._draw_scrollbar(surface, body)

    def _draw_scrollbar(self, surface, body: pygame.Rect) -> None:
        track = pygame.Rect(self.rect.right - scale(16), body.top + scale(6), scale(8), body.height - scale(12))
        pygame.draw.rect(surface, theme.EDGE, track, border_radius=track.width // 2)
        thumb = pygame.Rect(track.left, 0, track.width, max(track.width * 2,
                                                            track.height * self.shown_rows() // len(self.rows)))
        thumb.top = track.top + (track.height - thumb.height) * self.offset // (len(self.rows) - self.shown_rows())
        pygame.draw.rect(surface, theme.ACCENT, thumb, border_radius=track.width // 2)


class StatisticsScene(MenuScene):
    title_key = "stats.title"

    def __init__(self, app, game_id: str | None = None, on_open_recent: Callable[[dict], None] | None = None):
        super().__init__(app)
        self.games = [None, *(info.id for info in playable_infos())]
        self.selector = self.form.add(Choice(
            lambda: tr("stats.game"), [(g, (lambda g=g: tr("stats.all_games") if g is None else game_name(g)))
                                       for g in self.games],
            self.games.index(game_id) if game_id in self.games else 0, self.show))
        self.recent = self.form.add(RecentGames(on_open_recent))
        self.show(self.selector.value)
        self.form.focus_widget(self.selector)

    @property
    def game(self) -> str | None:
        return self.selector.value

    def show(self, game: str | None) -> None:
        """Read the figures of `game` (None: every game) from the history."""
        history = self.app.history
        self.by_game = history.stats() if game is None else {}
        self.totals = history.stats(game) if game is not None else _sum_totals(self.by_game)
        self.figures = history.statistics(game, best=BEST_SCORES)
        self.recent_rows = history.recent(RECENT_LIMIT, game)
        self.recent.visible = bool(self.totals["played"])
        self.recent.offset = self.recent.selected = 0  # another game's list starts at its newest
        self.layout(*self.app.screen.get_size())

    # -- layout ------------------------------------------------------------------------------------------

    def layout(self, width, height):
        super().layout(width, height)
        self.selector.rect = pygame.Rect(width // 2 - scale(450), scale(100), scale(900), scale(64))
        inner = pygame.Rect(scale(MARGIN), 0, width - 2 * scale(MARGIN), 0)
        gap = scale(GAP)
        card_w = (inner.width - 5 * gap) // 6
        self.cards = [pygame.Rect(inner.left + i * (card_w + gap), scale(190), card_w, scale(120)) for i in range(6)]
        table_top = self.cards[0].bottom + gap
        panel_w = (inner.width - 2 * gap) // 3
        # As tall as the longest table, under its title and column headings, but leaving the recent list
        # room for a few games: what is left goes to the recent list.
        heading = fonts.get("body", True).get_linesize() + scale(6)
        recent_least = heading + self.recent.row_height() * (RECENT_LEAST + 1) + scale(4)
        room = self.content_bottom(height) - table_top - gap - recent_least - scale(24)
        self.table_rows = max(1, room // self.line_height() - 2)
        longest = max(3, len(self._level_rows()), len(self._player_rows()), len(self.figures["best_scores"]),
                      len(self.by_game))
        lines = 2 + min(self.table_rows, longest)
        self.panels = [pygame.Rect(inner.left + i * (panel_w + gap), table_top, panel_w,
                                   lines * self.line_height() + scale(24)) for i in range(3)]
        self.recent_title_y = self.panels[0].bottom + gap
        list_top = self.recent_title_y + heading
        self.recent.rect = pygame.Rect(inner.left, list_top, inner.width, self.content_bottom(height) - list_top)
        self._fill_recent()

    def line_height(self) -> int:
        return fonts.get("small").get_linesize() + scale(8)

    def _fill_recent(self) -> None:
        """The recent list's columns share its width: the players take what the others leave."""
        all_games = self.game is None
        width = self.recent.body().width - scale(14)
        fixed = {"date": scale(250), "game": scale(400), "winner": scale(320), "score": scale(220)}
        keys = ["date", *(["game"] if all_games else []), "players", "winner", "score"]
        widths = {k: fixed.get(k, 0) for k in keys}
        widths["players"] = width - sum(widths.values())
        columns = [(tr(f"stats.column_{k}"), widths[k]) for k in keys]
        cells = [recent_cells(row, all_games) for row in self.recent_rows]
        offset, selected = self.recent.offset, self.recent.selected
        self.recent.set_rows(self.recent_rows, cells, columns)
        self.recent.scroll_to(offset)
        self.recent.selected = min(selected, max(0, len(self.recent_rows) - 1))

    # -- drawing -----------------------------------------------------------------------------------------

    def draw(self, surface):
        super().draw(surface)
        if not self.totals["played"]:
            text = tr("stats.empty") if self.game is None else tr("stats.empty_game", game=game_name(self.game))
            area = pygame.Rect(0, 0, scale(1100), scale(300))
            area.center = (surface.get_width() // 2, self.content_bottom(surface.get_height()) // 2 + scale(60))
            fonts.blit_wrapped(surface, text, area, "large", theme.INK_DIM, align="center")
        else:
            self._draw_cards(surface)
            self._draw_table(surface, self.panels[0], tr("stats.by_level"), self._level_rows())
            self._draw_table(surface, self.panels[1], tr("stats.by_players"), self._player_rows())
            self._draw_best(surface, self.panels[2])
            fonts.blit_text(surface, tr("stats.recent"), (self.recent.rect.left, self.recent_title_y), "body",
                            theme.ACCENT_HI, True)
        self.draw_form(surface)

    def _card_values(self) -> list[tuple[str, str]]:
        seated, streak = self.figures["seated"], self.figures["streak"]
        if streak["current_won"] is None:
            current = "—"
        else:
            current = tr("stats.streak_won" if streak["current_won"] else "stats.streak_lost", count=streak["current"])
        return [
            (tr("stats.played"), str(self.totals["played"])),
            (tr("stats.won"), str(self.totals["won"])),
            (tr("stats.win_rate"), win_rate(seated)),
            (tr("stats.current_streak"), current),
            (tr("stats.best_streak"), tr("stats.streak_best", count=streak["best"])),
            (tr("stats.last_played"), local_time(self.totals["last_played"], with_time=False)),
        ]

    def _draw_cards(self, surface) -> None:
        for rect, (label, value) in zip(self.cards, self._card_values(), strict=True):
            pygame.draw.rect(surface, theme.PANEL, rect, border_radius=scale(10))
            pygame.draw.rect(surface, theme.EDGE, rect, max(1, scale(2)), border_radius=scale(10))
            room = rect.width - scale(20)
            fonts.blit_text(surface, fonts.lines(value, room, "large", True, 1)[0],
                            (rect.centerx, rect.top + scale(14)), "large", theme.ACCENT_HI, True, anchor="midtop")
            fonts.blit_text(surface, fonts.lines(label, room, "small", max_lines=1)[0],
                            (rect.centerx, rect.bottom - scale(12)), "small", theme.INK_DIM, anchor="midbottom")

    def _level_rows(self) -> list[tuple[str, dict]]:
        by_level = self.figures["by_level"]
        rows = [(tr(f"level.{level}"), by_level[level]) for level in AI_LEVELS if level in by_level]
        if None in by_level:
            rows.append((tr("stats.level_none"), by_level[None]))
        return rows

    def _player_rows(self) -> list[tuple[str, dict]]:
        """A row for each player count; when there are more than the panel holds, the largest counts share
        its last row ("7+ players")."""
        by_players = self.figures["by_players"]
        counts = sorted(by_players)
        rows = [(tr("stats.players_count", count=n), by_players[n]) for n in counts[:self.table_rows - 1]]
        rest = counts[len(rows):]
        if len(rest) == 1:
            rows.append((tr("stats.players_count", count=rest[0]), by_players[rest[0]]))
        elif rest:
            rows.append((tr("stats.players_more", count=rest[0]),
                         {k: sum(by_players[n][k] for n in rest) for k in ("played", "won")}))
        return rows

    def _panel(self, surface, rect: pygame.Rect, title: str) -> int:
        """A panel's frame and title; the y where its lines start."""
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=scale(10))
        pygame.draw.rect(surface, theme.EDGE, rect, max(1, scale(2)), border_radius=scale(10))
        fonts.blit_text(surface, fonts.lines(title, rect.width - scale(28), "body", True, 1)[0],
                        (rect.left + scale(14), rect.top + scale(10)), "body", theme.ACCENT_HI, True)
        return rect.top + scale(14) + fonts.get("body", True).get_linesize()

    def _draw_table(self, surface, rect: pygame.Rect, title: str, rows: list[tuple[str, dict]]) -> None:
        """A small table: a label, then games, wins and win rate in right-aligned columns."""
        y = self._panel(surface, rect, title)
        if not rows:
            fonts.blit_text(surface, tr("stats.nothing_yet"), (rect.left + scale(14), y), "small", theme.INK_DIM)
            return
        column = (rect.width - scale(28)) // 6
        rights = [rect.right - scale(14) - i * column for i in (2, 1, 0)]  # games, wins, rate
        label_w = rights[0] - column - rect.left - scale(14)
        line = self.line_height()
        headings = ["", tr("stats.column_games"), tr("stats.column_wins"), tr("stats.column_rate")]
        for cells, size, ink in [(headings, "small", theme.INK_DIM)] + [
                ([label, str(r["played"]), str(r["won"]), win_rate(r)], "small", theme.INK) for label, r in rows]:
            fonts.blit_text(surface, fonts.lines(cells[0], label_w, size, max_lines=1)[0], (rect.left + scale(14), y),
                            size, ink)
            for text, right in zip(cells[1:], rights, strict=True):
                fonts.blit_text(surface, fonts.lines(text, column - scale(8), size, max_lines=1)[0], (right, y), size,
                                ink, anchor="topright")
            y += line

    def _draw_best(self, surface, rect: pygame.Rect) -> None:
        """The best scores: of each game with points (all games), or the highest few with who and when."""
        y = self._panel(surface, rect, tr("stats.best_scores"))
        room = pygame.Rect(rect.left + scale(14), y, rect.width - scale(28), rect.bottom - y)
        if self.game is not None and not has_points(self.game):
            fonts.blit_wrapped(surface, tr("stats.no_points"), room, "small", theme.INK_DIM)
            return
        if self.game is None:
            rows = [(game_name(g), "", entry["best_score"]) for g, entry in self.by_game.items()
                    if entry["best_score"] is not None and has_points(g)]
        else:
            rows = [(e["name"], local_time(e["finished_at"], with_time=False), e["score"])
                    for e in self.figures["best_scores"]]
        if not rows:
            fonts.blit_wrapped(surface, tr("stats.no_scores"), room, "small", theme.INK_DIM)
            return
        score_w = scale(120)
        label_w = rect.width - scale(28) - score_w
        for label, detail, score in rows:
            text = tr("stats.score_by", name=label, date=detail) if detail else label
            fonts.blit_text(surface, fonts.lines(text, label_w, "small", max_lines=1)[0], (rect.left + scale(14), y),
                            "small", theme.INK)
            fonts.blit_text(surface, str(score), (rect.right - scale(14), y), "small", theme.INK, True,
                            anchor="topright")
            y += self.line_height()


def _sum_totals(by_game: dict) -> dict:
    """Every game's stats() figures together (the headline of All games)."""
    dates = [e["last_played"] for e in by_game.values() if e["last_played"]]
    return {"played": sum(e["played"] for e in by_game.values()), "won": sum(e["won"] for e in by_game.values()),
            "best_score": None, "last_played": max(dates, default=None)}
