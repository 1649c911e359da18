"""Build the subset Noto Sans JP fonts in assets/fonts/.

Run from the repo root:  python build/make_fonts.py

Needs (build time only): the `npm` client (to fetch @expo-google-fonts/noto-sans-jp), fontTools
(`pip install fonttools`) to subset, and pygame-ce to check that the result renders.
The outputs are committed, so players and CI never need npm or fontTools.

Outputs:
  assets/fonts/NotoSansJP-Regular.subset.ttf   weight 400
  assets/fonts/NotoSansJP-Bold.subset.ttf      weight 700
  assets/fonts/OFL.txt                         the font licence, copied from the package

Why a subset: the full fonts are ~5.5 MB per weight. The game needs Latin, punctuation, a few
symbols, kana and the everyday kanji (JIS X 0208 levels 1 and 2, ~6,400 characters), which is
enough for any Japanese UI and rules text we write. Hinting is dropped (pygame's FreeType renders
unhinted outlines well and hinting is a large share of the file), and so is vertical-writing
data (metrics and alternate glyphs), which pygame never uses. Running the script again gives byte-identical files.
"""

import os
import sys
import tempfile
import unicodedata
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont
from fontTools.varLib import instancer
from npm_package import fetch_npm_package

REPO = Path(__file__).resolve().parent.parent
FONT_DIR = REPO / "assets" / "fonts"
DATA_DIR = REPO / "data"

# Pinned so that re-running the script reproduces the committed files.
PACKAGE = "@expo-google-fonts/noto-sans-jp@0.4.3"
WEIGHTS = {"Regular": 400, "Bold": 700}

# Every character here must be in both fonts, or the build fails.
SAMPLE = "Dead Man's Draw デッドマンズ・ドロー 碇 宝箱 剣 水晶 クラーケン 漢字テスト 「」、。"

UNICODE_RANGES = [
    (0x0020, 0x007E),  # Basic Latin
    (0x00A0, 0x00FF),  # Latin-1 Supplement
    (0x2000, 0x206F),  # General Punctuation
    (0x3000, 0x303F),  # CJK Symbols and Punctuation
    (0x3040, 0x309F),  # Hiragana
    (0x30A0, 0x30FF),  # Katakana
    (0xFF01, 0xFF5E),  # Full-width ASCII forms (digits, letters, punctuation)
    (0xFF61, 0xFF9F),  # Half-width katakana
]
SYMBOLS = "×÷±→←↑↓★☆●○◆◇■□▲▼♠♥♦♣…·•※〜©°№≤≥≠"

# OpenType features for vertical writing; pygame lays text out horizontally only, and keeping them
# would pull ~300 rotated alternate glyphs into the subset.
VERTICAL_FEATURES = {"vert", "vrt2", "vhal", "vkrn", "vpal", "vchw", "valt", "vjmo"}


def jis_x0208_kanji() -> set[int]:
    """Return the kanji of JIS X 0208 levels 1 and 2 as code points.

    Rows 16-84 of JIS X 0208 hold the kanji; in EUC-JP they are the two-byte codes with a first
    byte 0xB0-0xF4 and a second byte 0xA1-0xFE. Decoding every such code and keeping the CJK
    ideographs derives the set from Python's own codec instead of a hand-kept table.
    """
    kanji = set()
    for first in range(0xB0, 0xF5):
        for second in range(0xA1, 0xFF):
            try:
                char = bytes([first, second]).decode("euc_jp")
            except UnicodeDecodeError:
                continue  # unassigned cell (the end of row 47 and of row 84)
            if unicodedata.name(char, "").startswith("CJK "):
                kanji.add(ord(char))
    return kanji


def wanted_codepoints() -> set[int]:
    """Return every code point the subset fonts should keep."""
    codepoints = {cp for low, high in UNICODE_RANGES for cp in range(low, high + 1)}
    codepoints.update(ord(char) for char in SYMBOLS)
    codepoints.update(jis_x0208_kanji())
    return codepoints


def find_font(package_dir: Path, weight: int) -> Path:
    """Return the package's static TTF for `weight`, or its variable TTF if it ships no statics.

    The pinned package ships one static file per weight (e.g. 400Regular/NotoSansJP_400Regular.ttf).
    """
    static = sorted(package_dir.glob(f"**/*_{weight}*.ttf"))
    if static:
        return static[0]
    variable = [path for path in sorted(package_dir.glob("**/*.ttf")) if "fvar" in TTFont(path, lazy=True)]
    if not variable:
        raise SystemExit(f"{PACKAGE} has no TTF for weight {weight} and no variable TTF")
    return variable[0]


def load_static(path: Path, weight: int) -> TTFont:
    """Open `path` as a static font of `weight`, pinning the wght axis if it is a variable font.

    The timestamp is not recalculated on save, so identical input gives identical output files.
    """
    font = TTFont(path, recalcTimestamp=False)
    if "fvar" in font:
        font = instancer.instantiateVariableFont(font, {"wght": weight}, updateFontNames=True)
    return font


def subset_font(font: TTFont, codepoints: set[int]) -> None:
    """Cut `font` down to `codepoints` in place, without hinting or vertical layout data."""
    options = subset.Options()
    options.hinting = False
    options.layout_features = [tag for tag in options.layout_features if tag not in VERTICAL_FEATURES]
    options.notdef_outline = True  # a missing character shows as a box, not as nothing
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]  # names plus copyright and licence entries
    options.drop_tables += ["vhea", "vmtx", "BASE"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=codepoints)
    subsetter.subset(font)


def copy_licence(package_dir: Path) -> Path:
    """Copy the package's font licence (OFL 1.1 with the Adobe/Noto copyright line) to OFL.txt."""
    source = package_dir / "LICENSE_FONT"
    if not source.is_file():
        raise SystemExit(f"{PACKAGE} no longer ships LICENSE_FONT: find its OFL text before bumping it")
    target = FONT_DIR / "OFL.txt"
    target.write_bytes(source.read_bytes())
    return target


def missing_characters(path: Path, text: str) -> list[str]:
    """Return the characters of `text` (other than whitespace) that the font's cmap lacks."""
    cmap = TTFont(path, lazy=True).getBestCmap()
    return sorted({char for char in text if not char.isspace() and ord(char) not in cmap})


def check_renders(path: Path, text: str) -> None:
    """Fail unless pygame-ce loads the font and has real metrics for every character of `text`.

    pygame.freetype reports None metrics for a character with no glyph; this checks the file the
    way the game will read it, in addition to the cmap check.
    """
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame.freetype

    pygame.freetype.init()
    font = pygame.freetype.Font(str(path), 24)
    metrics = font.get_metrics(text)
    no_glyph = sorted({char for char, metric in zip(text, metrics, strict=True) if metric is None})
    surface, _ = font.render(text, (0, 0, 0), (255, 255, 255))
    if no_glyph or surface.get_width() == 0:
        raise SystemExit(f"{path.name}: pygame cannot render {no_glyph or 'the sample text'}")


def data_text() -> str:
    """Return the text of every YAML file under data/, to spot characters the subset lacks."""
    return "".join(path.read_text(encoding="utf-8") for path in sorted(DATA_DIR.glob("**/*.yaml")))


def build_font(package_dir: Path, style: str, weight: int, codepoints: set[int]) -> Path:
    """Subset one weight, write it to assets/fonts and check it; return the output path."""
    font = load_static(find_font(package_dir, weight), weight)
    subset_font(font, codepoints)
    target = FONT_DIR / f"NotoSansJP-{style}.subset.ttf"
    font.save(target)
    missing = missing_characters(target, SAMPLE)
    if missing:
        raise SystemExit(f"{target.name} lacks {''.join(missing)!r} from the sample text")
    check_renders(target, SAMPLE)
    return target


def main() -> None:
    FONT_DIR.mkdir(parents=True, exist_ok=True)
    codepoints = wanted_codepoints()
    with tempfile.TemporaryDirectory(prefix="card-parlor-fonts-") as workdir:
        package_dir = fetch_npm_package(PACKAGE, Path(workdir))
        outputs = [build_font(package_dir, style, weight, codepoints) for style, weight in WEIGHTS.items()]
        outputs.append(copy_licence(package_dir))
    for path in outputs:
        print(f"{path.relative_to(REPO)}: {path.stat().st_size / 1024:,.0f} KiB")
    uncovered = missing_characters(outputs[0], data_text())
    if uncovered:
        # A warning only: data/ is edited by others, and a character outside JIS X 0208 may be fine
        # to replace in the text rather than to add to the font.
        print(f"warning: characters in data/*.yaml not in the fonts: {''.join(uncovered)}", file=sys.stderr)
    print("fonts OK: the sample text renders in both weights")


if __name__ == "__main__":
    main()
