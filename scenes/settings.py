"""Settings, saved at once: language, animation and AI speeds, reduced motion, UI scale and palette, fullscreen,
volume and mute, assists, the coach."""

from __future__ import annotations

import pygame

from . import coach
from .menu import MenuScene
from .prefs import AI_SPEEDS, ANIM_SPEEDS, LANGUAGE_SETTINGS
from .ui import access
from .ui.strings import tr
from .ui.theme import scale
from .ui.widgets import Choice, Slider, Toggle

LANGUAGE_NAMES = {"system": "settings.language_system", "en": "English", "ja": "日本語"}
TOP, PITCH, ROW_H, WIDTH, GAP = 150, 96, 76, 1040, 40  # the rows' layout, design pixels


class SettingsScene(MenuScene):
    title_key = "settings.title"

    def __init__(self, app):
        super().__init__(app)
        p = app.prefs
        self.rows = [
            self.form.add(Choice(lambda: tr("settings.language"),
                                 [(k, (lambda k=k: tr(LANGUAGE_NAMES[k]) if k == "system" else LANGUAGE_NAMES[k]))
                                  for k in LANGUAGE_SETTINGS], LANGUAGE_SETTINGS.index(p.language),
                                 self.app.set_language)),
            self.form.add(Choice(lambda: tr("settings.animation"),
                                 [(k, (lambda k=k: tr(f"settings.speed_{k}"))) for k in ANIM_SPEEDS],
                                 ANIM_SPEEDS.index(p.anim_speed), self._setter("anim_speed"))),
            self.form.add(Choice(lambda: tr("settings.ai_speed"),
                                 [(k, (lambda k=k: tr(f"settings.ai_{k}"))) for k in AI_SPEEDS],
                                 AI_SPEEDS.index(p.ai_speed), self._setter("ai_speed"),
                                 tooltip=lambda: tr("settings.ai_speed_tip"))),
            self.form.add(Toggle(lambda: tr("settings.reduced_motion"), p.reduced_motion,
                                 self._setter("reduced_motion"), tooltip=lambda: tr("settings.reduced_motion_tip"))),
            *access.settings_rows(app, self.form),  # the UI scale and the palette
            self.form.add(Toggle(lambda: tr("settings.fullscreen"), app.fullscreen, lambda v: app.toggle_fullscreen())),
            self.form.add(Slider(lambda: tr("settings.volume"), p.volume, self._volume)),
            self.form.add(Toggle(lambda: tr("settings.mute"), p.muted, self._setter("muted"))),
            self.form.add(Toggle(lambda: tr("settings.assists"), p.assists, self._setter("assists"),
                                 tooltip=lambda: tr("settings.assists_tip"))),
            self.form.add(coach.settings_row(app)),
        ]
        self.form.set_focus(1)

    def _setter(self, name: str):
        """A row's callback: the setting `name` takes the row's value and is saved at once."""
        def change(value):
            setattr(self.app.prefs, name, value)
            self.app.save_prefs()
        return change

    def _volume(self, value):
        self.app.prefs.volume = value
        self.app.save_prefs()
        self.app.sounds.play("click")

    def layout(self, width, height):
        """One centred column while the rows fit above the footer, else two side by side (the first half of
        the rows on the left), so that every row shows at 1280×720 however many there are."""
        super().layout(width, height)
        top, pitch = scale(TOP), scale(PITCH)
        fit = max(1, (self.content_bottom(height) - top + pitch - scale(ROW_H)) // pitch)
        if len(self.rows) <= fit:
            columns = [pygame.Rect(width // 2 - scale(WIDTH) // 2, top, scale(WIDTH), 0)]
        else:
            col_w = min(scale(WIDTH), (width - scale(80) - scale(GAP)) // 2)
            left = width // 2 - col_w - scale(GAP) // 2
            columns = [pygame.Rect(left, top, col_w, 0), pygame.Rect(left + col_w + scale(GAP), top, col_w, 0)]
        per_column = -(-len(self.rows) // len(columns))
        for i, row in enumerate(self.rows):
            column = columns[i // per_column]
            row.rect = pygame.Rect(column.left, top + (i % per_column) * pitch, column.width, scale(ROW_H))

    def draw(self, surface):
        super().draw(surface)
        self.draw_form(surface)
