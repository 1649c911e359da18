"""Extract the game-icons.net icons the app uses into assets/icons/ as standalone white SVG files.

Run from the repo root:  python build/make_icons.py

Needs (build time only): the `npm` client (to fetch @iconify-json/game-icons), PyYAML (to read the
card data) and pygame-ce (to check that every SVG loads). The outputs are committed, so players and
CI never need npm.

Which icons: every `icon:` value anywhere in data/cards/*.yaml (read at run time, since the card data
changes) plus the UI icons listed in build/ui_icons.txt. A name missing from the icon set stops the
build with a message naming it.

Outputs:
  assets/icons/<name>.svg   one per icon, filled #ffffff so the app can tint it at run time
  assets/icons/CREDITS.md   attribution table (the icons are CC BY 3.0, which requires it)
  assets/icons/icons.json   name -> {author, license}, for the app's Credits screen
SVG files in assets/icons/ that are no longer used are removed, so the folder matches the lists.
"""

import io
import json
import os
import tempfile
from pathlib import Path

import yaml
from npm_package import fetch_npm_package

REPO = Path(__file__).resolve().parent.parent
ICON_DIR = REPO / "assets" / "icons"
CARD_DATA = REPO / "data" / "cards"
UI_LIST = REPO / "build" / "ui_icons.txt"

# Pinned so that re-running the script reproduces the committed files.
PACKAGE = "@iconify-json/game-icons@1.2.4"

# The package credits the set as a whole ("GameIcons", i.e. game-icons.net) and has no per-icon
# authors (its metadata.json is empty), so each icon is credited to the project's contributors.
AUTHOR = "game-icons.net contributors (Lorc, Delapouite and others)"
LICENCE_URL = "https://creativecommons.org/licenses/by/3.0/"
UI_SOURCE = "UI (build/ui_icons.txt)"


def read_ui_list(path: Path) -> list[str]:
    """Return the icon names in `path`: one per line, `#` starts a comment, blank lines ignored."""
    names = []
    for line in path.read_text(encoding="utf-8").splitlines():
        name = line.split("#", 1)[0].strip()
        if name:
            names.append(name)
    return names


def icon_values(node: object) -> list[str]:
    """Return every string under an `icon` key anywhere in a parsed YAML tree.

    Card files nest icons at different depths (suits, cards, effects), so the whole tree is walked
    rather than a fixed path. Only the exact key `icon` counts: keys such as `icon_suit` refer to
    suit ids, not to icon names.
    """
    if isinstance(node, dict):
        found = [value for key, value in node.items() if key == "icon" and isinstance(value, str)]
        for value in node.values():
            found.extend(icon_values(value))
        return found
    if isinstance(node, list):
        return [name for item in node for name in icon_values(item)]
    return []


def wanted_icons() -> dict[str, list[str]]:
    """Return icon name -> where it is used (card data files and/or the UI list), sorted by name."""
    used: dict[str, list[str]] = {}
    for path in sorted(CARD_DATA.glob("*.yaml")):
        try:
            tree = yaml.safe_load(path.read_text(encoding="utf-8"))
        except yaml.YAMLError as error:
            raise SystemExit(f"cannot parse {path.relative_to(REPO)}: {error}") from error
        for name in icon_values(tree):
            sources = used.setdefault(name, [])
            if path.name not in sources:
                sources.append(path.name)
    for name in read_ui_list(UI_LIST):
        sources = used.setdefault(name, [])
        if UI_SOURCE not in sources:
            sources.append(UI_SOURCE)
    return dict(sorted(used.items()))


def resolve_icon(icon_set: dict, name: str) -> dict | None:
    """Return the icon `name` (following aliases) with its box filled in, or None if it is unknown.

    Iconify aliases may flip or rotate their parent; none in this set do, and a future one that does
    fails loudly here instead of being extracted the wrong way round.
    """
    props: dict = {}
    while name not in icon_set["icons"]:
        alias = icon_set.get("aliases", {}).get(name)
        if alias is None:
            return None
        props = {**alias, **props}
        name = alias["parent"]
    icon = {**icon_set["icons"][name], **props}
    if icon.get("rotate") or icon.get("hFlip") or icon.get("vFlip"):
        raise SystemExit(f"icon {name!r} is a rotated or flipped alias, which this script does not apply")
    return {
        "body": icon["body"],
        "left": icon.get("left", icon_set.get("left", 0)),
        "top": icon.get("top", icon_set.get("top", 0)),
        "width": icon.get("width", icon_set.get("width", 512)),
        "height": icon.get("height", icon_set.get("height", 512)),
    }


def svg_text(name: str, icon: dict, licence: str) -> str:
    """Return a standalone SVG document for `icon`, filled plain white.

    White (not currentColor, which only means something inside HTML/CSS) lets the app tint the
    loaded surface with a multiply blend. width/height equal the viewBox so that a plain
    pygame.image.load gives a known size; pygame.image.load_sized_svg can scale it crisply.
    """
    body = icon["body"].replace("currentColor", "#ffffff")
    box = f"{icon['left']} {icon['top']} {icon['width']} {icon['height']}"
    return (
        f"<!-- {name} from game-icons.net by {AUTHOR}, {licence} ({LICENCE_URL});"
        " recoloured white by Card Parlor -->\n"
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{icon["width"]}" height="{icon["height"]}"'
        f' viewBox="{box}">{body}</svg>\n'
    )


def check_loads(path: Path, icon: dict) -> None:
    """Fail unless pygame-ce loads the SVG at its declared size and draws something visible."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    surface = pygame.image.load(io.BytesIO(path.read_bytes()), path.name)
    if surface.get_size() != (icon["width"], icon["height"]) or pygame.mask.from_surface(surface).count() == 0:
        raise SystemExit(f"pygame did not load {path.relative_to(REPO)} as a visible icon")


def credits_markdown(used: dict[str, list[str]], info: dict) -> str:
    """Return CREDITS.md: the set's licence, what was changed, and one table row per icon."""
    licence = info["license"]
    lines = [
        "# Icon credits",
        "",
        f"The icons in this folder come from [game-icons.net](https://game-icons.net) via the npm package "
        f"`{PACKAGE}`, licensed under [{licence['title']}]({LICENCE_URL}) "
        f"(set licence: {licence['url']}).",
        "",
        "The package credits the icon set as a whole and does not record who drew each icon, so every icon "
        f"is credited to {AUTHOR}; https://game-icons.net names the author of each one.",
        "",
        "Changes: each icon was recoloured plain white and saved as a standalone SVG file. "
        "Generated by `python build/make_icons.py`; do not edit by hand.",
        "",
        "| Icon | Author | Licence | Used for |",
        "| --- | --- | --- | --- |",
    ]
    for name, sources in used.items():
        lines.append(f"| `{name}` | {AUTHOR} | {licence['title']} | {', '.join(sources)} |")
    return "\n".join(lines) + "\n"


def remove_stale_svgs(keep: set[str]) -> list[str]:
    """Delete SVGs in assets/icons/ that are no longer wanted; return their names."""
    stale = sorted(path for path in ICON_DIR.glob("*.svg") if path.stem not in keep)
    for path in stale:
        path.unlink()
    return [path.stem for path in stale]


def main() -> None:
    used = wanted_icons()
    with tempfile.TemporaryDirectory(prefix="card-parlor-icons-") as workdir:
        package_dir = fetch_npm_package(PACKAGE, Path(workdir))
        icon_set = json.loads((package_dir / "icons.json").read_text(encoding="utf-8"))
        info = json.loads((package_dir / "info.json").read_text(encoding="utf-8"))
    icons = {name: resolve_icon(icon_set, name) for name in used}
    missing = [f"{name} (from {', '.join(used[name])})" for name, icon in icons.items() if icon is None]
    if missing:
        raise SystemExit(f"not in {PACKAGE}: " + "; ".join(missing))

    ICON_DIR.mkdir(parents=True, exist_ok=True)
    licence = info["license"]["title"]
    for name, icon in icons.items():
        path = ICON_DIR / f"{name}.svg"
        path.write_text(svg_text(name, icon, licence), encoding="utf-8")
        check_loads(path, icon)
    removed = remove_stale_svgs(set(icons))
    (ICON_DIR / "CREDITS.md").write_text(credits_markdown(used, info), encoding="utf-8")
    manifest = {name: {"author": AUTHOR, "license": licence} for name in icons}
    (ICON_DIR / "icons.json").write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")

    size = sum(path.stat().st_size for path in ICON_DIR.iterdir())
    print(f"assets/icons: {len(icons)} icons, {size / 1024:,.0f} KiB in total; all load in pygame")
    if removed:
        print(f"removed unused icons: {', '.join(removed)}")


if __name__ == "__main__":
    main()
