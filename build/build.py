"""Builds the packaged app with PyInstaller: dist/CardParlor/ (one folder), or dist/CardParlor[.exe] with
--onefile. Needs the build extra: pip install -e ".[build]" (PyInstaller; Pillow turns the PNG icon into
.ico/.icns on Windows and macOS). Checks that no test or build tool went into the result and prints its
size.

    python build/build.py [--onefile] [--dist DIR]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN = ("pytest", "_pytest", "hypothesis", "ruff", "fontTools", "PyInstaller")


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) if path.is_dir() else path.stat().st_size


def build(dist: Path, onefile: bool = False) -> Path:
    env = dict(os.environ, CARD_PARLOR_ONEFILE="1" if onefile else "0")
    work = ROOT / "build" / "work"
    subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
                    "--distpath", str(dist), "--workpath", str(work), str(ROOT / "build" / "card_parlor.spec")],
                   check=True, cwd=ROOT, env=env)
    name = "CardParlor.exe" if sys.platform == "win32" else "CardParlor"
    result = dist / name if onefile else dist / "CardParlor"
    if not onefile:
        shipped = {p.name for p in result.rglob("*")}
        leaked = [tool for tool in FORBIDDEN if tool in shipped]
        if leaked:
            raise SystemExit(f"build contains test/build tools: {leaked}")
    return result


def executable(result: Path) -> Path:
    """The program inside a one-folder build (or the one-file build itself)."""
    if result.is_file():
        return result
    name = "CardParlor.exe" if sys.platform == "win32" else "CardParlor"
    return result / name


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--onefile", action="store_true")
    parser.add_argument("--dist", default=str(ROOT / "dist"))
    args = parser.parse_args()
    result = build(Path(args.dist), args.onefile)
    print(f"built {result}: {folder_size(result) / 2**20:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
