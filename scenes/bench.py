"""`python -m scenes bench`: launch time, table frame times during animations, and memory.

Launch: a child process starts the app and exits after drawing its first interactive title frame; the figure
is the time from starting the child to that frame (the child's own exit is not launch). Python's byte code is
compiled by one run that is not counted, as in an installed app (into a private folder: where writing it is
turned off, every run would otherwise compile the whole app). Shown apart: the first launch on a machine (a
new user folder), which checks every data file before the title; later ones skip what was checked.

Frames: for every game that has a table, an all-AI game at its largest player count with animations at normal
speed, at 1920×1080 and 1280×720, timing the work of every frame (event handling, update and draw) while
something is moving, and counting the hitches (frames over 50 ms after the first second); with --runs N, the
median of N runs of each. Memory: the peak resident size of this process after the frame runs.
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


def launch_seconds(runs: int = 5) -> tuple[list[float], list[float]]:
    """(launches with the data already checked once on this machine, first launches that check it all)."""
    env = dict(os.environ, SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"), SDL_AUDIODRIVER="dummy")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    again, first = [], []
    with tempfile.TemporaryDirectory() as folder:
        env["PYTHONPYCACHEPREFIX"] = str(Path(folder) / "pycache")
        home = Path(folder) / "home"
        _launch(env, home)  # compiles the byte code and checks the data once
        for run in range(runs):
            again.append(_launch(env, home))
            first.append(_launch(env, Path(folder) / f"new{run}"))
    return again, first


def _launch(env: dict, home: Path) -> float:
    started = time.time()
    done = subprocess.run([sys.executable, "-m", "scenes", "--user-dir", str(home), "--exit-after-first-frame"],
                          env=env, check=True, capture_output=True, text=True)
    return float(done.stdout.split("first frame at ")[1].split()[0]) - started


HITCH_MS = 50


def frame_times(game_id: str = "deadmans_draw", seconds: float = 20.0, size=(1920, 1080), seed: int = 7) -> dict:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.core.match import AI, Match, Seat
    from game.games import rules as rules_for

    from .app import App
    from .table.scene import TableScene

    app = App(user_dir=Path(tempfile.mkdtemp()), size=size, fullscreen=False)
    app.prefs.anim_speed = "normal"
    rules = rules_for(game_id)
    seats = [Seat(f"AI {i + 1}", AI, "normal") for i in range(rules.info.max_players)]
    scene = app.push(TableScene(app, Match(rules, seats, None, seed)))  # autosaving, as in play
    moving, idle, hitches = [], [], 0
    started = time.perf_counter()
    last = started
    while time.perf_counter() - started < seconds and not scene.match.is_over():
        now = time.perf_counter()
        dt, last = now - last, now
        t0 = time.perf_counter()
        busy = scene.board.busy
        app.frame(min(dt, 0.05))
        spent = time.perf_counter() - t0
        (moving if busy else idle).append(spent)
        if spent * 1000 > HITCH_MS and now - started > 1.0:
            hitches += 1
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

    return {"game": game_id, "players": len(seats), "hitches": hitches,
            "size": f"{size[0]}x{size[1]}", "frames_animating": len(moving), "frames_idle": len(idle),
            "actions": actions, "p50_ms": round(1000 * pct(moving, 0.5), 2),
            "p95_ms": round(1000 * pct(moving, 0.95), 2), "max_ms": round(1000 * max(moving, default=0), 2),
            "idle_p95_ms": round(1000 * pct(idle, 0.95), 2), "peak_rss_mb": round(peak_kb / 1024, 1),
            "mean_ms": round(1000 * statistics.mean(moving), 2) if moving else 0.0}


FIGURES = ("p50_ms", "p95_ms", "max_ms", "hitches", "frames_animating", "actions", "idle_p95_ms", "peak_rss_mb")


def median_of(runs: list[dict]) -> dict:
    """The median of every figure over `runs` of one table and size (the machine's noise differs run to run)."""
    out = dict(runs[0])
    for key in FIGURES:
        out[key] = statistics.median(r[key] for r in runs)
    return out


def main(args) -> int:
    again, first = launch_seconds()
    print(f"launch to interactive title: median {statistics.median(again):.2f} s "
          f"({', '.join(f'{t:.2f}' for t in again)}); the first launch, which checks every data file: median "
          f"{statistics.median(first):.2f} s")
    from .tables import playable_ids

    runs = max(1, getattr(args, "runs", 1))
    for game_id in playable_ids():
        for size in ((1920, 1080), (1280, 720)):
            r = median_of([frame_times(game_id, seconds=args.seconds, size=size) for _ in range(runs)])
            print(f"{r['game']} ({r['players']} players) at {r['size']} while animating"
                  f"{f' (median of {runs} runs)' if runs > 1 else ''}: p50 {r['p50_ms']} ms, p95 {r['p95_ms']} ms, "
                  f"max {r['max_ms']} ms over {r['frames_animating']} frames, {r['hitches']} over {HITCH_MS} ms after "
                  f"the first second ({r['actions']} actions; idle p95 {r['idle_p95_ms']} ms); "
                  f"peak memory {r['peak_rss_mb']} MB")
    return 0
