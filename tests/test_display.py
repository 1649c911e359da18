"""Started without a screen (over SSH, no DISPLAY or WAYLAND_DISPLAY), the app says it needs one, in the
system's language, and exits, rather than running unseen forever; a driver chosen on purpose still works."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.core.i18n import text

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="Windows and macOS always have a screen")


def start(tmp_path, **env) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items()
             if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER") and not k.startswith("LC_")}
    clean.update(SDL_AUDIODRIVER="dummy", PYTHONIOENCODING="utf-8", **env)
    return subprocess.run([sys.executable, "-m", "scenes", "--user-dir", str(tmp_path), "--exit-after-first-frame"],
                          cwd=ROOT, env=clean, capture_output=True, text=True, encoding="utf-8", timeout=120)


@pytest.mark.parametrize("locale, lang", [("en_GB.UTF-8", "en"), ("ja_JP.UTF-8", "ja")])
def test_no_display_says_so_and_exits(tmp_path, locale, lang):
    done = start(tmp_path, LANG=locale)
    assert done.returncode != 0
    assert text("notice.needs_display", lang) in done.stderr
    assert not (tmp_path / "settings.json").exists()  # nothing was started


def test_a_display_that_cannot_be_reached_says_so_too(tmp_path):
    # As after an SSH session's X forwarding went away; no Wayland socket in an empty runtime directory.
    done = start(tmp_path, LANG="en_GB.UTF-8", DISPLAY=":9999", XDG_RUNTIME_DIR=str(tmp_path))
    assert done.returncode != 0
    assert text("notice.needs_display", "en") in done.stderr


def test_a_driver_chosen_on_purpose_still_starts(tmp_path):
    done = start(tmp_path, LANG="en_GB.UTF-8", SDL_VIDEODRIVER="dummy")
    assert done.returncode == 0, done.stderr
    assert text("notice.needs_display", "en") not in done.stderr
