"""Launch and return-to-title with a large play history (issue 11, item 3).

    SDL_VIDEODRIVER=dummy python build/history_bench.py [--games 100000]

Fills a temporary history with `--games` finished games in the version-1 layout (as every history written
before schema 2 is), then times, in child processes started fresh each time: the first launch (which
upgrades the database once), later launches (to the first interactive title frame), and returning to the
title (the library's statistics refreshed, as after every game).
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.core.history import SCHEMA_V1  # noqa: E402

GAMES = ("deadmans_draw", "shipwreck_arcana", "get_lucky")


def fill(path: Path, count: int) -> None:
    conn = sqlite3.connect(path)
    conn.executescript(SCHEMA_V1)
    seats = json.dumps([{"name": "Aiko", "kind": "human", "level": None},
                        {"name": "Captain Bot", "kind": "ai", "level": "normal"}])
    rows = ((GAMES[i % 3], f"2025-{1 + i % 12:02d}-{1 + i % 28:02d}T12:{i % 60:02d}:00+00:00", seats,
             json.dumps({"traits": True}), i, json.dumps([i % 2]), json.dumps([20 + i % 30, 25]), 12, 80)
            for i in range(count))
    with conn:
        conn.executemany("INSERT INTO games (game, finished_at, seats, options, seed, winners, scores, length, "
                         "actions) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
    conn.close()


CHILD = """
import sys, time
t0 = time.perf_counter()
from scenes.app import App
from scenes.title import TitleScene
app = App(user_dir=sys.argv[1], size=(1280, 720), fullscreen=False)
app.push(TitleScene(app))
app.frame(0.0)
launch = time.perf_counter() - t0
title = app.top if type(app.top).__name__ == "TitleScene" else app.scenes[0]
t1 = time.perf_counter()
for _ in range(5):
    title.enter()
back = (time.perf_counter() - t1) / 5
app.shutdown()
print(f"{launch:.3f} {back:.4f}")
"""


def run(home: str) -> tuple[float, float]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    out = subprocess.run([sys.executable, "-c", CHILD, home], env=env, cwd=ROOT, check=True, capture_output=True,
                         text=True).stdout.split()
    return float(out[-2]), float(out[-1])


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        started = time.perf_counter()
        fill(Path(home) / "history.sqlite", args.games)
        print(f"filled {args.games:,} games in {time.perf_counter() - started:.1f} s")
        first = run(home)
        print(f"first launch (upgrades an old history once): {first[0]:.2f} s")
        figures = [run(home) for _ in range(args.runs)]
        print("launch to the first title frame: " + ", ".join(f"{f[0]:.2f} s" for f in figures))
        print("return to the title: " + ", ".join(f"{f[1] * 1000:.1f} ms" for f in figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
