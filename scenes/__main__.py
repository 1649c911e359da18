"""`python -m scenes` (and the `card-parlor` launcher): start Card Parlor."""

from __future__ import annotations

import argparse
import multiprocessing
import sys


def main(argv=None) -> int:
    multiprocessing.freeze_support()  # the AI worker process in a frozen build
    parser = argparse.ArgumentParser(prog="card-parlor", description="Card Parlor: tabletop card games.")
    parser.add_argument("--windowed", action="store_true", help="start in a window even if fullscreen was saved")
    parser.add_argument("--size", default=None, help="window size, e.g. 1920x1080")
    parser.add_argument("--user-dir", default=None, help="where settings, saves and history live")
    parser.add_argument("--exit-after-first-frame", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("command", nargs="?", choices=["bench"], help="bench: launch, frame and memory figures")
    parser.add_argument("--seconds", type=float, default=20.0, help="bench: seconds of table play per size")
    args = parser.parse_args(argv)
    if args.command == "bench":
        from .bench import main as bench

        return bench(args)
    from .app import App
    from .title import TitleScene

    size = tuple(int(x) for x in args.size.lower().split("x")) if args.size else None
    app = App(user_dir=args.user_dir, size=size, fullscreen=False if args.windowed else None)
    app.push(TitleScene(app))
    if args.exit_after_first_frame:
        app.frame(0.0)  # the title is drawn and takes input from here on
        app.shutdown()
        return 0
    app.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
