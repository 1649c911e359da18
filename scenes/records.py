"""Finished games' records, the app's side (game/core/replay.py keeps them): one is written when a game
ends, in the replays folder beside the saves, so that the game can be replayed later."""

from __future__ import annotations

from game.core import replay, saves

from .ui.strings import lang, tr


def keep_finished(app, match, finished_at) -> None:
    """A game has just ended: keep its record. A failure is told, and changes nothing else."""
    try:
        replay.keep_record(replay.folder_of(app.user_dir), match, finished_at)
    except saves.SaveError as exc:
        app.notify(tr("notice.write_failed_title"), tr("replay.not_kept", problem=exc.message(lang())))
