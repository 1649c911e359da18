"""Unfinished games: each game keeps its own in an autosave slot (game/core/saves.py). This module is the
app's side of it: keeping the table's game after every move (a failure told once, and play goes on),
clearing the slot when the game ends, continuing one (a damaged one is explained and may be set aside),
and asking before anything would replace an unfinished game."""

from __future__ import annotations

from datetime import datetime

from game.core import safeio, saves
from game.games import rules as rules_for

from .ui.dialog import Dialog
from .ui.strings import lang, tr


def slot(app, game_id: str):
    return saves.autosave_path(app.saves_dir, game_id)


# -- the table's autosave --------------------------------------------------------------------------------


def keep(table) -> None:
    """Hand the table's game to the autosave writer for its game's slot (written off the UI thread)."""
    table.app.autosaves.put(slot(table.app, table.match.game_id), saves.to_document(table.match))
    report(table)


def clear(table) -> None:
    """The table's game is over: its slot (and only its) is emptied."""
    path = slot(table.app, table.match.game_id)
    table.app.autosaves.drop(path)  # a write still waiting would bring the finished game back
    try:
        saves.delete(path)
    except saves.SaveError as exc:
        _tell_once(table, exc)


def report(table) -> None:
    """Tell the player (once per table) if an autosave could not be written; the table asks every frame."""
    for exc in table.app.autosaves.problems():
        _tell_once(table, exc)


def settle(app) -> None:
    """Every autosave handed over is on disk: before the saves folder is read or cleaned."""
    app.autosaves.flush()


def _tell_once(table, exc: saves.SaveError) -> None:
    """One notice per table, not one per move: the same problem would come back after every action."""
    if not getattr(table, "autosave_warned", False):
        table.autosave_warned = True
        table.app.notify(tr("notice.write_failed_title"), tr("notice.autosave_failed", problem=exc.message(lang())))


# -- continuing ------------------------------------------------------------------------------------------


def show_table(app, match) -> None:
    """The title with the table over it, whatever screen we came from."""
    app.nav.table(match)


def resume(app, path) -> None:
    """Continue the game saved at `path`, or say why it cannot be and offer to set the file aside."""
    settle(app)
    try:
        match, _ = saves.load(path)
    except saves.SaveError as exc:
        offer_set_aside(app, exc)
        return
    show_table(app, match)


def offer_set_aside(app, exc: saves.SaveError, then=None) -> None:
    """Say what is wrong with a save and offer to rename it out of the way (never to delete it)."""
    app.push(Dialog(app, tr("load.broken_title"), f"{exc.message(lang())} {tr('load.set_aside_offer')}",
                    [(tr("load.set_aside"), lambda: set_aside(app, exc.path, then), "primary"),
                     (tr("load.keep"), None, "normal")]))


def set_aside(app, path, then=None) -> None:
    """Rename a damaged save to `<name>.damaged`, say so, then run `then`; if it cannot be renamed, say
    that instead and stop."""
    aside = safeio.set_aside(path)
    if aside is None:
        app.notify(tr("load.broken_title"), tr("load.set_aside_failed", file=path.name))
        return
    app.notify(tr("load.broken_title"), tr("load.set_aside_done", file=aside.name))
    if then:
        then()


# -- asking first --------------------------------------------------------------------------------------


def ask_first(app, game_id: str, proceed, key: str = "load.unfinished_new", proceed_key: str = "load.discard_new"):
    """Run `proceed` at once if `game_id` has no unfinished game; otherwise ask: continue it, discard it and
    proceed, or cancel. A damaged one is set aside, not discarded, when the player chooses to proceed."""
    path = slot(app, game_id)
    if not saves.exists(path):
        proceed()
        return
    name = rules_for(game_id).info.names[lang()]
    try:
        doc = saves.read_document(path)
    except saves.SaveError as exc:
        app.push(Dialog(app, tr("load.unfinished_title"),
                        tr("load.unfinished_damaged", game=name, problem=exc.message(lang())),
                        [(tr("load.set_aside_new"), lambda: set_aside(app, path, proceed), "primary"),
                         (tr("ui.cancel"), None, "normal")]))
        return

    def discard_then_proceed():
        try:
            saves.delete(path)
        except saves.SaveError as exc:  # the player chose: the new game goes ahead all the same
            app.notify(tr("notice.write_failed_title"), exc.message(lang()))
        proceed()

    message = tr(key, game=name, turn=doc.get("turn", "?"), when=when(doc))
    app.push(Dialog(app, tr("load.unfinished_title"), message,
                    [(tr("load.continue_it"), lambda: resume(app, path), "primary"),
                     (tr(proceed_key), discard_then_proceed, "danger"),
                     (tr("ui.cancel"), None, "normal")]))


def when(doc: dict) -> str:
    """The save's time in local time, as the player reads dates."""
    text = doc.get("saved_at", "")
    try:
        return datetime.fromisoformat(text).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return text[:20]
