"""Credits: the games and their designers, what data is our own design, the font, the icons with their
authors, the sounds, and the app itself."""

from __future__ import annotations

import json

import pygame

from game import __version__
from game.core.paths import assets_dir
from game.games import all_ids
from game.games import rules as rules_for

from .menu import MenuScene
from .ui import fonts, theme
from .ui.strings import lang, tr
from .ui.theme import scale


def icon_credits() -> dict:
    """{author: [icon names]} from the table written by build/make_icons.py."""
    path = assets_dir() / "icons" / "icons.json"
    try:
        table = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    by_author: dict = {}
    for name, meta in sorted(table.items()):
        if isinstance(meta, dict):
            by_author.setdefault(meta.get("author", "?"), []).append(name)
    return by_author


class CreditsScene(MenuScene):
    title_key = "credits.title"

    def __init__(self, app):
        super().__init__(app)
        self.scroll = 0

    def lines(self) -> list[tuple[str, str]]:
        """(style, text) pairs; style is 'head' or 'text'."""
        out = [("head", tr("credits.app")), ("text", tr("credits.app_text", version=__version__))]
        out.append(("head", tr("credits.games")))
        for gid in all_ids():
            info = rules_for(gid).info
            out.append(("text", tr("credits.game_line", name=info.names[lang()], designers=", ".join(info.designers),
                                   year=info.year)))
            if info.house_data:
                out.append(("text", "    " + info.house_data[lang()]))
        out.append(("head", tr("credits.font")))
        out.append(("text", tr("credits.font_text")))
        out.append(("head", tr("credits.icons")))
        out.append(("text", tr("credits.icons_text")))
        for author, names in icon_credits().items():
            out.append(("text", f"    {author}: {', '.join(names)}"))
        out.append(("head", tr("credits.sounds")))
        out.append(("text", tr("credits.sounds_text")))
        out.append(("head", tr("credits.libraries")))
        out.append(("text", tr("credits.libraries_text")))
        return out

    def handle(self, event):
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y * scale(60))
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_UP, pygame.K_PAGEDOWN,
                                                          pygame.K_PAGEUP):
            step = scale(60) if event.key in (pygame.K_DOWN, pygame.K_UP) else scale(500)
            self.scroll = max(0, self.scroll + (step if event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN) else -step))
            return
        super().handle(event)

    def draw(self, surface):
        super().draw(surface)
        w, h = surface.get_size()
        area = pygame.Rect(w // 2 - scale(820), scale(110), scale(1640), self.content_bottom(h) - scale(110))
        clip = surface.get_clip()
        surface.set_clip(area)
        y = area.top - self.scroll
        for style, text in self.lines():
            size, colour, bold = ("large", theme.ACCENT_HI, True) if style == "head" else ("body", theme.INK, False)
            if style == "head":
                y += scale(14)
            for line in fonts.lines(text, area.width, size, bold):
                fonts.blit_text(surface, line, (area.left, y), size, colour, bold)
                y += fonts.get(size, bold).get_linesize()
        self.scroll = min(self.scroll, max(0, y + self.scroll - area.bottom))
        surface.set_clip(clip)
        self.draw_form(surface)
