"""`card-parlor --selftest`: a packaged build checks itself without a screen.

It loads every game's data, draws every scene once headless at 1280×720 in both languages, and plays one
short AI game of every game through the engine. Exit status 0 means the build is whole: every resource is
found and every module imports.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path


def scenes_to_draw(app) -> list[list]:
    """A stack of scenes for every screen of the app, each drawn over a live or finished match."""
    from game.ai.bot import SeatInfo, make_bot
    from game.core.match import AI, HUMAN, Match, Seat
    from game.core.rng import Rng
    from game.games import rules as rules_for

    from .credits import CreditsScene
    from .curtain import Curtain
    from .load import LoadScene
    from .newgame import NewGameScene
    from .pause import PauseMenu
    from .results import ResultsScene
    from .rules_screen import RulesScene
    from .saveas import SaveAs
    from .seats import SeatsPanel
    from .settings import SettingsScene
    from .table.scene import TableScene
    from .tables import playable_ids
    from .title import TitleScene
    from .ui.dialog import Dialog

    stacks = [[TitleScene(app)], [NewGameScene(app)], [LoadScene(app)], [SettingsScene(app)], [RulesScene(app)],
              [CreditsScene(app)], [Curtain(app, "Aiko", lambda: None)],
              [TitleScene(app), Dialog(app, "Dialog", "Message", [("OK", None, "primary")])]]
    for game_id in playable_ids():
        info = rules_for(game_id).info
        seats = [Seat("Aiko", HUMAN)] + [Seat(f"AI {i}", AI, "easy") for i in range(1, info.min_players)]
        match = Match(rules_for(game_id), seats, None, 1)
        rng = Rng(1)
        bot = make_bot(game_id, "easy")
        for _ in range(25):
            if match.is_over():
                break
            seat = match.pending()[0].seat
            match.apply(bot.choose(SeatInfo(match.rules, match.state, seat), rng))
        if match.is_over():  # a short game: show the table one move before its end
            live = Match(match.rules, match.seats, match.options, match.seed)
            live.replay(match.log[:-1])
            match = live
        table = TableScene(app, match, autosave=False)
        stacks += [[table], [table, PauseMenu(app, table)], [table, SaveAs(app, table)]]
        if match.options.get("join_leave"):
            stacks.append([table, SeatsPanel(app, table)])
        finished = Match(match.rules, match.seats, match.options, match.seed)
        finished.replay(match.log)
        while not finished.is_over():
            seat = finished.pending()[0].seat
            finished.apply(bot.choose(SeatInfo(finished.rules, finished.state, seat), rng))
        stacks.append([TableScene(app, finished, autosave=False), ResultsScene(app, finished)])
    return stacks


def play_one_game_each() -> list[str]:
    from game.ai.arena import play_game
    from game.games import all_ids
    from game.games import rules as rules_for

    lines = []
    for game_id in all_ids():
        info = rules_for(game_id).info
        # Every level plays, as many seats as the game needs at least (Deadwood seats four).
        levels = [("normal", "easy", "hard")[i % 3] for i in range(max(2, info.min_players))]
        record = play_game(game_id, levels, seed=3, iterations=40)
        if record.error:
            raise RuntimeError(f"{game_id}: {record.error}")
        lines.append(f"{game_id}: {record.actions} actions, scores {record.scores}")
    return lines


def ask_the_worker() -> str:
    """One decision through the AI worker process, as the table asks it (this is what needs
    multiprocessing's frozen-app support to work in a packaged build)."""
    import time

    from game.ai.worker import BotWorker
    from game.core.match import AI, Match, Seat
    from game.games import all_ids
    from game.games import rules as rules_for

    game_id = all_ids()[0]
    info = rules_for(game_id).info
    match = Match(rules_for(game_id), [Seat(f"AI {i}", AI, "normal") for i in range(info.min_players)], None, 2)
    seat = match.pending()[0].seat
    worker = BotWorker()
    try:
        worker.request(game_id, "normal", match.rules.to_json(match.state), seat, 1, (match.state_id, seat))
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            answer = worker.poll()
            if answer is not None:
                _, act, error = answer
                if error or act not in match.legal_actions(seat):
                    raise RuntimeError(f"AI worker: {error or act}")
                return f"{'process' if worker.uses_process else 'thread'} answered {act.kind}"
            time.sleep(0.01)
        raise RuntimeError("AI worker did not answer within 30 s")
    finally:
        worker.close()


def run() -> int:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    from .__main__ import data_problem

    problem = data_problem()
    if problem:
        print(f"selftest: data: {problem}", file=sys.stderr)
        return 1
    print("selftest: data ok")
    from .app import App

    app = App(user_dir=Path(tempfile.mkdtemp(prefix="card-parlor-selftest-")), size=(1280, 720), fullscreen=False)
    try:
        for lang in ("en", "ja"):
            app.set_language(lang)
            for stack in scenes_to_draw(app):
                app.reset(stack[0])
                for scene in stack[1:]:
                    app.push(scene)
                app.frame(0.05)
                print(f"selftest: drew {type(app.top).__name__} ({lang})")
    finally:
        app.shutdown()
    for line in play_one_game_each():
        print(f"selftest: played {line}")
    print(f"selftest: AI worker {ask_the_worker()}")
    print("selftest: ok")
    return 0
