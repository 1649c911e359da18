"""Fetch one npm package's files without installing it (shared by make_fonts.py and make_icons.py).

Needs the `npm` client on PATH. Only the asset build scripts use this; their outputs are committed,
so players and CI never run npm.

`npm pack NAME@VERSION` downloads the exact published tarball (no dependency resolution, no
node_modules, no lockfile), which is all we need to read a few data files out of a package.
"""

import json
import shutil
import subprocess
import tarfile
from pathlib import Path


def fetch_npm_package(spec: str, workdir: Path) -> Path:
    """Download `spec` (e.g. "@scope/name@1.2.3") with `npm pack` into `workdir`; return its root dir.

    npm tarballs put every file under a top-level `package/` folder, so that folder is returned.
    """
    if shutil.which("npm") is None:
        raise SystemExit("npm is not on PATH: it is needed to regenerate these assets (not to run the game).")
    result = subprocess.run(
        ["npm", "pack", "--json", "--pack-destination", str(workdir), spec],
        check=True,
        capture_output=True,
        text=True,
    )
    tarball = workdir / json.loads(result.stdout)[0]["filename"]
    with tarfile.open(tarball) as archive:
        # The "data" filter refuses absolute paths, links out of the tree and device files.
        archive.extractall(workdir, filter="data")
    return workdir / "package"
