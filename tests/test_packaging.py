"""Packaging: the PyInstaller build and the wheel both start and pass the self-test (slow: a few minutes)."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
HEADLESS = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")

pytestmark = pytest.mark.slow


def load_build_script():
    spec = importlib.util.spec_from_file_location("card_parlor_build", ROOT / "build" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.skipif(importlib.util.find_spec("PyInstaller") is None, reason="needs the build extra (PyInstaller)")
def test_one_folder_build_passes_its_selftest(tmp_path):
    build = load_build_script()
    result = build.build(tmp_path / "dist")
    program = build.executable(result)
    done = subprocess.run([str(program), "--selftest"], env=HEADLESS, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "selftest: ok" in done.stdout and "AI worker process answered" in done.stdout
    print(f"one-folder build: {build.folder_size(result) / 2**20:.1f} MB")


def test_wheel_installs_and_starts_in_a_clean_environment(tmp_path):
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(wheels), str(ROOT)],
                   check=True, timeout=600)
    (wheel,) = wheels.glob("card_parlor-*.whl")
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    bindir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    subprocess.run([str(bindir / "python"), "-m", "pip", "install", "--quiet", str(wheel)], check=True, timeout=900)
    # Run from elsewhere so that nothing can come from the source checkout.
    done = subprocess.run([str(bindir / "card-parlor"), "--selftest"], env=HEADLESS, cwd=tmp_path,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "selftest: ok" in done.stdout
