"""The frozen app's entry point (PyInstaller needs a script, not a module)."""

import sys

from scenes.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
