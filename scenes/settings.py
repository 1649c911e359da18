"""Settings, saved at once: language, animation speed, fullscreen, volume and mute, assists."""

from __future__ import annotations

import pygame

from .menu import MenuScene
from .prefs import ANIM_SPEEDS, LANGUAGE_SETTINGS
from .ui.strings import tr
from .ui.theme import scale
from .ui.widgets import Choice, Slider, Toggle

LANGUAGE_NAMES = {"system": "settings.language_system", "en": "English", "ja": "日本語"}


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
                                 ANIM_SPEEDS.index(p.anim_speed), self._speed)),
            self.form.add(Toggle(lambda: tr("settings.fullscreen"), app.fullscreen, lambda v: app.toggle_fullscreen())),
            self.form.add(Slider(lambda: tr("settings.volume"), p.volume, self._volume)),
            self.form.add(Toggle(lambda: tr("settings.mute"), p.muted, self._mute)),
            self.form.add(Toggle(lambda: tr("settings.assists"), p.assists, self._assists,
                                 tooltip=lambda: tr("settings.assists_tip"))),
        ]
        self.form.set_focus(1)

    def _speed(self, value):
        self.app.prefs.anim_speed = value
        self.app.save_prefs()

    def _volume(self, value):
        self.app.prefs.volume = value
        self.app.save_prefs()
        self.app.sounds.play("click")

    def _mute(self, value):
        self.app.prefs.muted = value
        self.app.save_prefs()

    def _assists(self, value):
        self.app.prefs.assists = value
        self.app.save_prefs()

    def layout(self, width, height):
        super().layout(width, height)
        for i, row in enumerate(self.rows):
            row.rect = pygame.Rect(width // 2 - scale(520), scale(150) + i * scale(96), scale(1040), scale(76))

    def draw(self, surface):
        super().draw(surface)
        self.draw_form(surface)
