"""The Rules screen: each game's rules in our own words (data/rules/<game>.yaml), its card reference built
from the card data, and a note on which data is our own design."""

from __future__ import annotations

import pygame

from game.core.rulebook import sections
from game.games import all_ids, module
from game.games import rules as rules_for

from .menu import MenuScene
from .ui import fonts, theme
from .ui.strings import lang, pick, tr
from .ui.theme import scale
from .ui.widgets import Choice, ListView


class RulesScene(MenuScene):
    title_key = "rules.title"

    def __init__(self, app, game_id: str | None = None):
        super().__init__(app)
        ids = all_ids()
        self.game_id = game_id or ids[0]
        self.game_choice = self.form.add(Choice("", [(g, (lambda g=g: rules_for(g).info.names[lang()])) for g in ids],
                                                ids.index(self.game_id), self._game))
        self.list = self.form.add(ListView([], on_select=self._section, row_height=64))
        self.scroll = 0
        self._load()
        self.form.set_focus(2)

    def _load(self):
        self.pages = [(s.title, s.body) for s in sections(self.game_id)]
        self.pages += [({"en": tr(key), "ja": tr(key)}, body) for key, body in module(self.game_id).reference()]
        info = rules_for(self.game_id).info
        # The note on our own design, unless the rules text already has its own "house" section.
        if info.house_data and not any(s.id == "house" for s in sections(self.game_id)):
            self.pages.append(({"en": tr("rules.house_data"), "ja": tr("rules.house_data")}, info.house_data))
        self.list.set_rows([pick(title) for title, _ in self.pages])
        self.current = 0
        self.scroll = 0

    def _game(self, game_id):
        self.game_id = game_id
        self._load()

    def _section(self, index):
        self.current = index
        self.scroll = 0

    def layout(self, width, height):
        super().layout(width, height)
        bottom = self.content_bottom(height)
        side = scale(560)  # the longest section title ("Number lines and the elimination assist") fits
        self.game_choice.rect = pygame.Rect(scale(40), scale(110), side, scale(64))
        self.list.rect = pygame.Rect(scale(40), scale(190), side, bottom - scale(190))
        self.text_rect = pygame.Rect(side + scale(80), scale(110), width - side - scale(120), bottom - scale(110))

    def handle(self, event):
        if event.type == pygame.MOUSEWHEEL and self.text_rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll = max(0, self.scroll - event.y * scale(60))
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            step = self.text_rect.height - scale(80)
            self.scroll = max(0, self.scroll + (step if event.key == pygame.K_PAGEDOWN else -step))
            return
        super().handle(event)

    def draw(self, surface):
        super().draw(surface)
        panel = self.text_rect
        pygame.draw.rect(surface, (250, 242, 224), panel, border_radius=scale(12))
        pygame.draw.rect(surface, theme.ACCENT, panel, max(2, scale(3)), border_radius=scale(12))
        if self.pages:
            title, body = self.pages[self.current]
            clip = surface.get_clip()
            inner = panel.inflate(-scale(60), -scale(50))
            surface.set_clip(inner)
            y = inner.top - self.scroll
            fonts.blit_text(surface, pick(title), (inner.left, y), "title", (120, 60, 30), True)
            y += fonts.get("title", True).get_linesize() + scale(16)
            lh = fonts.get("body").get_linesize()
            for paragraph in pick(body).split("\n"):
                bullet = paragraph.startswith("- ")
                text = paragraph[2:] if bullet else paragraph
                indent = scale(30) if bullet else 0
                if bullet:
                    fonts.blit_text(surface, "•", (inner.left + scale(6), y), "body", theme.INK_DARK)
                for line in fonts.lines(text, inner.width - indent, "body") or [""]:
                    fonts.blit_text(surface, line, (inner.left + indent, y), "body", theme.INK_DARK)
                    y += lh
                y += scale(6)
            self.max_scroll = max(0, y + self.scroll - inner.bottom)
            self.scroll = min(self.scroll, self.max_scroll)
            surface.set_clip(clip)
        self.draw_form(surface)
