"""`python -m scenes bench`: launch time, table frame times during animations, and memory.

Launch: a child process starts the app and exits after drawing its first interactive title frame; the
wall time of that child is the figure. Frames: an all-AI game of Dead Man's Draw at 1920×1080 with
animations at normal speed, timing the work of every frame (event handling, update and draw) while
something is moving. Memory: the peak resident size of this process after the frame run.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def launch_seconds(runs: int = 3) -> list[float]:
    env = dict(os.environ, SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"), SDL_AUDIODRIVER="dummy")
    out = []
    with tempfile.TemporaryDirectory() as home:
        for _ in range(runs):
            started = time.perf_counter()
            subprocess.run([sys.executable, "-m", "scenes", "--user-dir", home, "--exit-after-first-frame"],
                           env=env, check=True, capture_output=True)
            out.append(time.perf_counter() - started)
    return out


def frame_times(seconds: float = 20.0, size=(1920, 1080), seed: int = 7) -> dict:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.core.match import AI, Match, Seat
    from game.games import rules as rules_for

    from .app import App
    from .table.scene import TableScene

    app = App(user_dir=Path(tempfile.mkdtemp()), size=size, fullscreen=False)
    app.prefs.anim_speed = "normal"
    seats = [Seat("Aiko", AI, "normal"), Seat("Ben", AI, "normal"), Seat("Carla", AI, "normal")]
    scene = app.push(TableScene(app, Match(rules_for("deadmans_draw"), seats, {"traits": True}, seed),
                                autosave=False))
    moving, idle = [], []
    started = time.perf_counter()
    last = started
    while time.perf_counter() - started < seconds and not scene.match.is_over():
        now = time.perf_counter()
        dt, last = now - last, now
        t0 = time.perf_counter()
        busy = scene.board.busy
        app.frame(min(dt, 0.05))
        (moving if busy else idle).append(time.perf_counter() - t0)
        # Pace like the real loop (60 fps) so the AI and animations run at their normal speed.
        time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - t0)))
    actions = len(scene.match.log)
    app.shutdown()
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

    def pct(values, q):
        if not values:
            return 0.0
        values = sorted(values)
        return values[min(len(values) - 1, int(q * len(values)))]

    return {"size": f"{size[0]}x{size[1]}", "frames_animating": len(moving), "frames_idle": len(idle),
            "actions": actions, "p50_ms": round(1000 * pct(moving, 0.5), 2),
            "p95_ms": round(1000 * pct(moving, 0.95), 2), "max_ms": round(1000 * max(moving, default=0), 2),
            "idle_p95_ms": round(1000 * pct(idle, 0.95), 2), "peak_rss_mb": round(peak_kb / 1024, 1),
            "mean_ms": round(1000 * statistics.mean(moving), 2) if moving else 0.0}


def main(args) -> int:
    launches = launch_seconds()
    print(f"launch to interactive title: {', '.join(f'{t:.2f}' for t in launches)} s "
          f"(best {min(launches):.2f} s)")
    for size in ((1920, 1080), (1280, 720)):
        result = frame_times(seconds=args.seconds, size=size)
        print(f"table frames at {result['size']} while animating: p50 {result['p50_ms']} ms, "
              f"p95 {result['p95_ms']} ms, max {result['max_ms']} ms over {result['frames_animating']} frames "
              f"({result['actions']} actions; idle p95 {result['idle_p95_ms']} ms); "
              f"peak memory {result['peak_rss_mb']} MB")
    return 0
