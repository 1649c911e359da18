"""`python -m scenes` (and the `card-parlor` launcher): start Card Parlor."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from pathlib import Path

from game.core.paths import user_data_dir


def main(argv=None) -> int:
    if getattr(sys, "frozen", False):  # the AI worker process in a frozen build (only then: slow to import)
        import multiprocessing

        multiprocessing.freeze_support()
    parser = argparse.ArgumentParser(prog="card-parlor", description="Card Parlor: tabletop card games.")
    parser.add_argument("--windowed", action="store_true", help="start in a window even if fullscreen was saved")
    parser.add_argument("--size", default=None, help="window size, e.g. 1920x1080")
    parser.add_argument("--user-dir", default=None, help="where settings, saves and history live")
    parser.add_argument("--exit-after-first-frame", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--selftest", action="store_true", help="check this installation headless and exit")
    parser.add_argument("command", nargs="?", choices=["bench"], help="bench: launch, frame and memory figures")
    parser.add_argument("--seconds", type=float, default=20.0, help="bench: seconds of table play per size")
    parser.add_argument("--runs", type=int, default=1, help="bench: runs of each table and size (medians shown)")
    args = parser.parse_args(argv)
    if args.selftest:
        from .selftest import run

        return run()
    if args.command == "bench":
        from .bench import main as bench

        return bench(args)
    no_display = display_problem()
    if no_display:
        print(no_display, file=sys.stderr)
        return 2
    from .app import App

    problem = data_problem_once(Path(args.user_dir) if args.user_dir else user_data_dir())
    size = tuple(int(x) for x in args.size.lower().split("x")) if args.size else None
    app = App(user_dir=args.user_dir, size=size, fullscreen=False if args.windowed else None)
    if problem:
        print(f"Card Parlor cannot start: {problem}", file=sys.stderr)
        report_broken_data(app, problem)
        return 2
    app.nav.title()
    if args.exit_after_first_frame:
        app.frame(0.0)  # the title is drawn and takes input from here on
        print(f"first frame at {time.time():.6f}", flush=True)  # for the bench's launch figure
        app.shutdown()
        return 0
    app.run()
    return 0


def display_problem() -> str | None:
    """Without a screen (over SSH, no DISPLAY or WAYLAND_DISPLAY, or one that cannot be reached) SDL falls
    back to drawing into memory, and the app would run unseen forever: say so, in the system's language.
    A driver named in SDL_VIDEODRIVER is taken as meant (tests choose 'dummy'); Windows and macOS always
    have a screen."""
    if os.environ.get("SDL_VIDEODRIVER") or sys.platform in ("win32", "darwin"):
        return None
    if (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")) and _screen_reached():
        return None
    from game.core.i18n import text

    from .ui.strings import system_language

    return text("notice.needs_display", system_language())


def _screen_reached() -> bool:
    """SDL found a real video driver (it is left initialised for the window the app opens next)."""
    import pygame

    try:
        pygame.display.init()
        driver = pygame.display.get_driver()
    except pygame.error:
        return False
    if driver in ("offscreen", "dummy"):
        pygame.display.quit()
        return False
    return True


def data_problem() -> str | None:
    """Every game's card and rules data and every UI text file is loaded and checked before anything is
    shown: a broken file stops start-up with a message naming the file (and the card and the field)."""
    from game.core.carddata import CardDataError
    from game.core.i18n import problems
    from game.games import all_ids, module

    found = []
    for game_id in all_ids():
        try:
            module(game_id).validate_data()
        except CardDataError as exc:
            found.append(str(exc))
        except Exception as exc:  # noqa: BLE001 - whatever is wrong is reported, not raised
            found.append(f"{game_id}: {type(exc).__name__}: {exc}")
    found += problems()
    return "\n".join(found) or None


CHECKED = "checked-data"  # in the user folder: the fingerprint of the data (and code) that passed data_problem


def data_problem_once(user_dir: Path) -> str | None:
    """data_problem(), unless these very data files, checked by this very code, passed it before: reading and
    checking every file is most of the time before the title shows, and the same bytes give the same answer.
    Any change to a file (or a file missing, or a folder in its place, or a new version) checks them all again.
    The fingerprint is a cache, not the player's: a damaged or unwritable one only means checking again."""
    from game.core.safeio import FileProblem, read_text, write_atomic

    path = user_dir / CHECKED
    fingerprint = data_fingerprint()
    try:
        if fingerprint is not None and read_text(path, 1024).strip() == fingerprint:
            return None
    except FileProblem:
        pass
    problem = data_problem()
    if problem is None and fingerprint is not None:
        with contextlib.suppress(FileProblem, OSError):
            user_dir.mkdir(parents=True, exist_ok=True)
            write_atomic(path, fingerprint.encode("ascii"))
    return problem


def data_fingerprint() -> str | None:
    """A digest of the app's version, every entry of the data folder (names, and the bytes of each file) and the
    engine's and this module's source (the checking code; a frozen build has none on disk, and its version stands
    for it). None when something cannot be read or is too large to be ours: then the data is always checked."""
    import hashlib

    import game
    from game.core.paths import data_dir
    from game.core.safeio import DATA_LIMIT

    digest = hashlib.sha256(f"{game.__version__}\n".encode())
    files = [__file__]
    try:
        for root, code in ((str(data_dir()), False), (os.path.dirname(game.__file__), True)):
            for folder, dirs, names in os.walk(root, onerror=_raise):
                dirs[:] = sorted(d for d in dirs if d != "__pycache__")
                digest.update(f"{folder[len(root):]}: {' '.join(dirs)}\n".encode())
                files += [os.path.join(folder, n) for n in sorted(names) if not code or n.endswith(".py")]
        for path in files:
            with open(path, "rb") as f:
                data = f.read(DATA_LIMIT + 1)
            if len(data) > DATA_LIMIT:
                return None
            digest.update(f"{os.path.basename(path)} {len(data)}\n".encode())
            digest.update(data)
    except OSError:
        return None
    return digest.hexdigest()


def _raise(error: OSError):
    raise error


def report_broken_data(app, problem: str) -> None:
    """The problem in a dialog with a Quit button. Its texts fall back to English when the text files
    themselves are the broken ones; if even the dialog fails, the message printed on stderr stands."""
    from .ui.dialog import Dialog
    from .ui.strings import tr

    try:
        app.push(Dialog(app, tr("notice.data_broken_title"), tr("notice.data_broken", problem=problem),
                        [(tr("title.quit"), app.quit, "danger")]))
        app.run()
    except Exception as exc:  # noqa: BLE001 - reporting must never end in a traceback
        print(f"(the message could not be shown in a window: {type(exc).__name__}: {exc})", file=sys.stderr)
        with contextlib.suppress(Exception):
            app.shutdown()


if __name__ == "__main__":
    sys.exit(main())
