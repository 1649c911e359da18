"""Navigation without cycles (issue 12): screens never import each other; the one navigator owned by the
app opens them. Checked on the source, so a new import of a screen anywhere else fails here."""

from __future__ import annotations

import ast
from pathlib import Path

import scenes

SCENES = Path(scenes.__file__).parent
# Modules that are screens (a Scene the player goes to), by module path below scenes/.
SCREENS = {"title", "newgame", "load", "saveas", "settings", "rules_screen", "credits", "results", "pause",
           "curtain", "seats", "table.scene", "replay", "guide"}
# A screen that is another one in a different mode, and extends it: a replay is the game's table, read-only.
EXTENDS = {("replay", "table.scene"), ("guide", "table.scene")}  # a guided game is the table with a script
# Who may import screens: the navigator (it opens them), and the start-up, self-test and bench, which
# drive the whole app from outside.
OPENERS = {"navigator", "__main__", "selftest", "bench"}


def imported_modules(path: Path) -> set[str]:
    """Every scenes module `path` imports (absolute or relative, at the top or inside a function)."""
    package = ".".join(path.relative_to(SCENES.parent).with_suffix("").parts[:-1])
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            names = [module] + [f"{module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        found |= {n[len("scenes."):] for n in names if n.startswith("scenes.")}
    return found


def test_screens_never_import_each_other():
    offenders = []
    for path in sorted(SCENES.rglob("*.py")):
        name = ".".join(path.relative_to(SCENES).with_suffix("").parts)
        if name in OPENERS:
            continue
        for module in imported_modules(path) & SCREENS:
            if module != name and (name, module) not in EXTENDS:
                offenders.append(f"{name} imports {module}")
    assert not offenders, "screens are opened through app.nav: " + "; ".join(offenders)


def test_every_screen_can_be_opened_by_the_navigator(app):
    """The navigator's journeys open each screen (drawn once, both on the stack in the right order)."""
    from game.core.match import AI, Match, Seat
    from game.games import rules as rules_for

    from .scenes_harness import frames, top_name

    nav = app.nav
    nav.title()
    for opener, name in ((nav.new_game, "NewGameScene"), (nav.load, "LoadScene"), (nav.settings, "SettingsScene"),
                         (nav.rules, "RulesScene"), (nav.credits, "CreditsScene")):
        opener()
        frames(app, 1)
        assert top_name(app) == name
        nav.title()
    match = Match(rules_for("deadmans_draw"), [Seat("Aiko"), Seat("Ben", AI, "easy")], {"traits": False}, 1)
    nav.table(match)
    table = app.top
    assert [type(s).__name__ for s in app.scenes] == ["TitleScene", "TableScene"]
    for opener, name in ((nav.pause, "PauseMenu"), (nav.save_as, "SaveAs"), (nav.players, "SeatsPanel")):
        opener(table)
        frames(app, 1)
        assert top_name(app) == name
        app.pop()
    while not match.is_over():  # the results of a finished game
        seat = match.pending()[0].seat
        match.apply(match.legal_actions(seat)[0])
    nav.results(match)
    frames(app, 1)
    assert top_name(app) == "ResultsScene"
    nav.new_game("get_lucky", from_title=True)
    assert [type(s).__name__ for s in app.scenes] == ["TitleScene", "NewGameScene"]
