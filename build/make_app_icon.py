"""Draws the app icon, assets/icon.png (256×256): the game-icons "poker-hand" emblem in deep sea green on
a brass disc. Needs pygame-ce (which renders the SVG) and assets/icons/poker-hand.svg (make_icons.py).
The PNG is committed; PyInstaller turns it into the platform's icon format at build time.

    python build/make_app_icon.py
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SIZE = 256
BRASS, RIM, SEA = (214, 172, 92), (120, 84, 40), (18, 70, 58)


def main() -> int:
    pygame.init()
    pygame.display.set_mode((1, 1))
    icon = pygame.Surface((SIZE, SIZE), pygame.SRCALPHA)
    pygame.draw.circle(icon, RIM, (SIZE // 2, SIZE // 2), SIZE // 2)
    pygame.draw.circle(icon, BRASS, (SIZE // 2, SIZE // 2), SIZE // 2 - 12)
    emblem = pygame.image.load_sized_svg(str(ROOT / "assets" / "icons" / "poker-hand.svg"), (168, 168))
    emblem.fill((*SEA, 255), special_flags=pygame.BLEND_RGBA_MULT)
    icon.blit(emblem, emblem.get_rect(center=(SIZE // 2, SIZE // 2 + 4)))
    out = ROOT / "assets" / "icon.png"
    pygame.image.save(icon, str(out))
    print(f"wrote {out} ({out.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
