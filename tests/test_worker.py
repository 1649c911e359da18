"""The AI worker process is watched: a stuck (SIGSTOPped) or dead process is killed and replaced and the
decision asked again, repeated failures move the thinking to a thread, and no process outlives its table.

Time is driven through the worker's clock; the only real waiting is for a fresh process to start and
answer, polled with a generous overall bound."""

from __future__ import annotations

import multiprocessing as mp
import os
import signal
import time

import pytest

from game.ai.worker import BotWorker
from game.core.match import AI, Match, Seat
from game.core.rng import Rng
from game.games import rules as rules_for

from .scenes_harness import click, frames, open_table
from .test_scenes import human_move, table_match

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="stops a process with SIGSTOP (POSIX)")

PATIENCE = 90.0  # real seconds a fresh process may take to start and answer on a busy machine


class Clock:
    """The worker's clock, moved by hand."""

    def __init__(self):
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def children() -> set[int]:
    return {p.pid for p in mp.active_children()}


def a_decision() -> tuple[Match, int]:
    match = Match(rules_for("deadmans_draw"), [Seat("Ann", AI, "easy"), Seat("Bo", AI, "easy")], None, 4)
    return match, match.pending()[0].seat


def ask(worker: BotWorker, match: Match, seat: int) -> None:
    worker.request(match.game_id, "easy", match.rules.to_json(match.state), seat, seed=1,
                   token=(match.state_id, seat), budget=0.2)


def wait_for_answer(worker: BotWorker):
    end = time.monotonic() + PATIENCE
    while time.monotonic() < end:
        answer = worker.poll()
        if answer is not None:
            return answer
        time.sleep(0.02)
    raise AssertionError(f"no answer within {PATIENCE} s")


def assert_legal(answer, match: Match, seat: int) -> None:
    token, act, error = answer
    assert token == (match.state_id, seat) and error is None and act in match.legal_actions(seat)


def test_a_stopped_worker_is_replaced_and_asked_again():
    clock = Clock()
    worker = BotWorker(clock=clock, deadline=lambda budget: 2.0)
    try:
        stuck = worker.pid
        os.kill(stuck, signal.SIGSTOP)  # frozen, not dead: it will never answer
        match, seat = a_decision()
        ask(worker, match, seat)
        clock.now = 1.9
        assert worker.poll() is None and worker.pid == stuck  # still within its deadline
        clock.now = 2.1
        assert worker.poll() is None
        fresh = worker.pid
        assert fresh not in (None, stuck) and not alive(stuck) and stuck not in children()
        assert_legal(wait_for_answer(worker), match, seat)
        assert worker.pid == fresh  # the fresh process answered within its deadline
    finally:
        worker.close()


def test_repeated_failures_move_the_thinking_to_a_thread():
    clock = Clock()
    worker = BotWorker(clock=clock, deadline=lambda budget: 2.0, max_restarts=1)
    stopped = []
    try:
        match, seat = a_decision()
        stopped.append(worker.pid)
        os.kill(worker.pid, signal.SIGSTOP)
        ask(worker, match, seat)
        clock.now = 3.0
        assert worker.poll() is None and worker.uses_process  # the first failure gets a fresh process
        stopped.append(worker.pid)
        os.kill(worker.pid, signal.SIGSTOP)
        clock.now = 6.0
        worker.poll()
        assert not worker.uses_process  # the second failure in a row: a thread thinks from now on
        assert not any(alive(pid) for pid in stopped)
        assert_legal(wait_for_answer(worker), match, seat)
    finally:
        worker.close()


def test_a_killed_worker_is_replaced_every_time_it_answered_in_between():
    worker = BotWorker(max_restarts=1)  # only failures in a row lead to threads
    try:
        match, seat = a_decision()
        for _ in range(2):
            killed = worker.pid
            os.kill(killed, signal.SIGSTOP)  # so that it cannot answer before it is killed
            ask(worker, match, seat)
            os.kill(killed, signal.SIGKILL)
            assert_legal(wait_for_answer(worker), match, seat)
            assert worker.uses_process and worker.pid != killed
    finally:
        worker.close()


@pytest.mark.parametrize("busy", [False, True])
def test_closing_leaves_no_process_even_a_stopped_one(busy):
    worker = BotWorker()
    pid = worker.pid
    if busy:
        os.kill(pid, signal.SIGSTOP)
        match, seat = a_decision()
        ask(worker, match, seat)
    worker.close()
    assert not alive(pid) and pid not in children() and worker.pid is None


def stuck_table(app, clock=None):
    """A table whose AI worker process is stopped from the start, played as the human until the AI seat
    has been asked (so the stopped process cannot have answered)."""
    match = table_match(seats=[Seat("Aiko"), Seat("Ben", AI, "easy")], options={"traits": False}, seed=11)
    scene = open_table(app, match)
    scene.worker = BotWorker(clock=clock or time.monotonic)  # the table asks through it from the start
    os.kill(scene.worker.pid, signal.SIGSTOP)
    rng = Rng(5)
    for _ in range(3000):
        if scene.thinking is not None:
            return scene, rng
        if scene.my_decision() is not None and not scene.board.busy:
            human_move(app, scene, rng)
        frames(app, 1)
    raise AssertionError("the AI was never asked")


def test_a_stuck_worker_does_not_stop_the_game(app):
    clock = Clock()
    scene, rng = stuck_table(app, clock)
    match, stuck = scene.match, scene.worker.pid
    before = len(match.log)
    frames(app, 5)
    assert len(match.log) == before and scene.thinking is not None  # waiting, within the deadline
    clock.now = 1000.0  # far past it
    end = time.monotonic() + PATIENCE
    while len(match.log) <= before + 2 and time.monotonic() < end:
        if scene.my_decision() is not None and not scene.board.busy and scene.thinking is None:
            human_move(app, scene, rng)
        frames(app, 1)
    assert len(match.log) > before + 2
    assert not alive(stuck) and scene.worker.uses_process and scene.worker.pid != stuck


def test_quitting_a_table_to_the_title_leaves_no_ai_process(app):
    scene, _ = stuck_table(app)
    pid = scene.worker.pid
    click(app, scene.menu_button.rect.center)
    menu = app.top
    assert type(menu).__name__ == "PauseMenu"
    click(app, menu.buttons[-1].rect.center)  # Quit to title
    assert type(app.top).__name__ == "TitleScene" and len(app.scenes) == 1
    assert not alive(pid) and pid not in children()
