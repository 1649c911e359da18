"""The end of a match: ranking, each player's score broken down by suit (or whatever the game reports),
then a rematch, a new game or the title, or a look at the final table behind the panel.

A game's table class may say how its results read: `results_points = False` for a game with a winner
and no points (Get Lucky), `results_summary(result)` for the game-wide facts, printed once, and
`draw_results(surface, rect, result, match)` to draw the body of the panel itself (a game with something of
its own to show: teams with their revealed safes, a showdown). Teams (`result.teams`) are ranked by the
panel itself when the game draws no body of its own."""

from __future__ import annotations

import pygame

from game.core.match import Match

from .ui import fonts, theme
from .ui.modal import Modal
from .ui.strings import lang, tr
from .ui.theme import scale
from .ui.widgets import Button


class ResultsScene(Modal):
    shade_alpha = 170
    title_size = "huge"

    def __init__(self, app, match: Match):
        super().__init__(app)
        self.match = match
        self.result = match.result()
        self.buttons = [
            self.form.add(Button(lambda: tr("results.rematch"), self.rematch, "primary")),
            self.form.add(Button(lambda: tr("title.new_game"), self.new_game)),
            self.form.add(Button(lambda: tr("results.view_table"), self.view_table)),
            self.form.add(Button(lambda: tr("results.replay"), self.replay)),
            self.form.add(Button(lambda: tr("results.title_screen"), self.to_title)),
        ]
        self.form.set_focus(0)
        humans = {s.name for s in match.seats if s.is_human}
        self.stats = app.history.stats(match.game_id, humans) if humans else None
        from .tables import table_for

        table = table_for(match.game_id)
        self.points = getattr(table, "results_points", True)
        summary = getattr(table, "results_summary", None)
        self.summary = summary(self.result) if summary else ""
        self.custom_body = getattr(table, "draw_results", None)
        self.peeking = False  # the panel is hidden to show the final table

    def title(self) -> str:
        if self.result.team_won is not None:  # a cooperative game: the table wins or loses together
            return tr("results.team_won" if self.result.team_won else "results.team_lost")
        names = [s.name for s in self.match.seats]
        winners = self.result.winners
        if not winners:
            return tr("results.no_winner")
        if len(winners) == 1:
            return tr("results.winner", player=names[winners[0]])
        return tr("results.shared", players=", ".join(names[w] for w in winners))

    def view_table(self) -> None:
        self.peeking = True

    def replay(self) -> None:
        """The game again step by step, from its final table; leaving it comes back here."""
        self.app.nav.replay_match(self.match)

    def handle(self, event):
        if self.peeking:
            # Any click or Esc (or Enter) brings the results back; nothing reaches the table beneath.
            if event.type == pygame.MOUSEBUTTONDOWN or event.type == pygame.KEYDOWN and event.key in (
                    pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.peeking = False
            return
        super().handle(event)

    def layout(self, width, height):
        # One block instead of a ranking for a team; a taller box for five or six players.
        tall = scale(620 if self.result.team_won is not None else 800 if len(self.match.seats) <= 4 else 960)
        self.box = pygame.Rect(0, 0, min(width - scale(80), scale(1500)), tall)
        self.box.center = (width // 2, height // 2 - scale(20))
        gap = scale(30)
        count = len(self.buttons)
        bw = min(scale(330), (self.box.width - scale(60) - (count - 1) * gap) // count)
        x = self.box.centerx - (count * bw + (count - 1) * gap) // 2
        for b in self.buttons:
            b.rect = pygame.Rect(x, self.box.bottom - scale(100), bw, scale(70))
            x += bw + gap

    def rematch(self):
        from random import SystemRandom

        match = Match(self.match.rules, self.match.seats, self.match.options, SystemRandom().randrange(1 << 31))
        self.app.nav.table(match)

    def new_game(self):
        self.app.nav.new_game(self.match.game_id, from_title=True)

    def to_title(self):
        self.app.nav.title()

    escape = to_title

    def draw(self, surface):
        if self.peeking:
            self._draw_peek_hint(surface)
            return
        self.draw_panel(surface)
        p = self.box
        names = [s.name for s in self.match.seats]
        winners = self.result.winners
        order = sorted(range(len(names)), key=lambda s: (self.result.ranking[s], s))
        y = p.top + scale(150)
        if self.summary:  # what the whole table did, said once
            used = fonts.blit_wrapped(surface, self.summary, pygame.Rect(p.left + scale(50), p.top + scale(100),
                                                                         p.width - scale(100), scale(80)),
                                      "body", theme.INK, max_lines=2, align="center")
            y = p.top + scale(110) + used
        breakdown = self.match.rules.info.id
        body = pygame.Rect(p.left + scale(50), y, p.width - scale(100), self.buttons[0].rect.top - scale(50) - y)
        if self.custom_body is not None:
            order = []
            self.custom_body(surface, body, self.result, self.match)
        elif self.result.team_won is not None:
            order = []
            self._draw_team(surface, breakdown, names, y)
        elif self.result.teams:
            y = self._draw_teams(surface, names, body)
        row_h = min(scale(128), (self.buttons[0].rect.top - scale(50) - y) // max(1, len(order)))
        for seat in order:
            row = pygame.Rect(p.left + scale(50), y, p.width - scale(100), row_h - scale(14))
            pygame.draw.rect(surface, theme.PANEL_HI, row, border_radius=scale(10))
            if seat in winners:
                pygame.draw.rect(surface, theme.ACCENT_HI, row, max(2, scale(3)), border_radius=scale(10))
            rank = self.result.ranking[seat]
            fonts.blit_text(surface, f"{rank}.", (row.left + scale(20), row.centery), "title", theme.ACCENT_HI, True,
                            anchor="midleft")
            fonts.blit_text(surface, names[seat], (row.left + scale(90), row.top + scale(10)), "large", theme.INK,
                            True)
            detail = pygame.Rect(row.left + scale(90), row.top + scale(54), row.width - scale(330),
                                 row.height - scale(58))
            fonts.blit_wrapped(surface, self._detail(breakdown, seat), detail, "small", theme.INK_DIM, max_lines=2,
                               line_gap=1.0)
            if self.points:
                fonts.blit_text(surface, tr("results.points", score=self.result.scores[seat]),
                                (row.right - scale(24), row.centery), "title", theme.INK, True, anchor="midright")
            y += row_h
        if self.stats:
            game = self.match.rules.info.names[lang()]
            if self.points:
                best = self.stats["best_score"] if self.stats["best_score"] is not None else "—"
                line = tr("results.record", game=game, played=self.stats["played"], won=self.stats["won"],
                          best=best)
            else:
                line = tr("results.record_wins", game=game, played=self.stats["played"], won=self.stats["won"])
            fonts.blit_text(surface, line, (p.centerx, self.buttons[0].rect.top - scale(20)), "body", theme.INK_DIM,
                            anchor="midbottom")
        self.form.draw(surface)

    def _draw_peek_hint(self, surface) -> None:
        """The final table shows whole; a small strip over its prompt line says how to come back."""
        text = tr("results.back_to_results")
        img = fonts.render(text, "body", theme.INK, True)
        strip = img.get_rect(center=(surface.get_width() // 2, surface.get_height() - scale(48)))
        strip.inflate_ip(scale(40), scale(20))
        pygame.draw.rect(surface, theme.PANEL, strip, border_radius=scale(10))
        pygame.draw.rect(surface, theme.ACCENT, strip, max(1, scale(2)), border_radius=scale(10))
        surface.blit(img, img.get_rect(center=strip.center))

    def _draw_team(self, surface, game_id: str, names: list, y: int) -> None:
        """One block for the whole table: who played, and the game's own account of how it ended."""
        p = self.box
        block = pygame.Rect(p.left + scale(50), y, p.width - scale(100), scale(220))
        pygame.draw.rect(surface, theme.PANEL_HI, block, border_radius=scale(10))
        if self.result.team_won:
            pygame.draw.rect(surface, theme.ACCENT_HI, block, max(2, scale(3)), border_radius=scale(10))
        fonts.blit_wrapped(surface, tr("results.team", players=", ".join(names)),
                           block.inflate(-scale(60), -scale(40)).move(0, 0), "large", theme.INK, max_lines=2)
        detail = pygame.Rect(block.left + scale(30), block.top + scale(110), block.width - scale(60), scale(100))
        fonts.blit_wrapped(surface, self._detail(game_id, 0), detail, "body", theme.INK_DIM, max_lines=3)

    def _draw_teams(self, surface, names: list, body: pygame.Rect) -> int:
        """One line per team, best first: its members and its score, the winning team marked. Returns the
        y below them, where each player's own row follows."""
        lh = fonts.get("body", True).get_linesize() + scale(10)
        y = body.top
        for team in sorted(self.result.teams, key=lambda t: (not t.won, -t.score)):
            line = pygame.Rect(body.left, y, body.width, lh)
            pygame.draw.rect(surface, theme.PANEL_HI, line, border_radius=scale(8))
            if team.won:
                pygame.draw.rect(surface, theme.ACCENT_HI, line, max(2, scale(3)), border_radius=scale(8))
            members = ", ".join(names[s] for s in team.members)
            text = tr("results.team_line", team=tr(team.name), players=members, score=team.score) if team.name \
                else tr("results.team_line_unnamed", players=members, score=team.score)
            fonts.blit_text(surface, fonts.lines(text, line.width - scale(40), "body", True, max_lines=1)[0],
                            (line.left + scale(20), line.centery), "body", theme.INK, True, anchor="midleft")
            y += lh + scale(6)
        return y + scale(10)

    def _detail(self, game_id: str, seat: int) -> str:
        from .tables import breakdown_for

        return breakdown_for(game_id)(self.result, seat)
