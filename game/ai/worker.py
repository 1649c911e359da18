"""Bots thinking off the UI thread.

The search is pure Python, so a thread would fight the window for the interpreter lock; the worker runs in
a child process instead and talks over a pipe in JSON (the state as JSON goes in, an action as JSON comes
out: nothing is pickled). Each request carries a token (the match's state_id and the seat); the table
drops an answer whose token is stale.

The process is watched: every request has a deadline (the bot's budget with a generous margin). A process
that dies or overruns its deadline (it may be stopped, not dead) is killed and replaced, and the requests
it had not answered are sent to the new one. After repeated failures, or if no process can be started, a
thread does the same job, so the game always goes on. Several requests may be outstanding at once: the
process answers them in the order they were sent, and each one's deadline counts from when the process
could begin on it.
"""

from __future__ import annotations

import json
import multiprocessing as mp
import queue
import threading
import time
from collections.abc import Callable

from ..core.actions import Action
from ..core.rng import Rng
from .bot import SeatInfo, make_bot

MAX_RESTARTS = 2  # failures in a row that get a fresh process; the next one moves the thinking to threads


def default_deadline(budget: float) -> float:
    """Seconds a process may take over one decision before it is taken for stuck: the search honours its
    budget, so three times that plus five seconds (a fresh process importing the rules) is generous."""
    return budget * 3 + 5


def think(request: dict) -> dict:
    """One decision: rebuild the state, give the bot only its seat's information, return its action (for the
    coach: the Hard bot's action for a person's seat, with the reason in words)."""
    from ..games import rules as rules_for

    rules = rules_for(request["game"])
    state = rules.from_json(request["state"])
    if request.get("coach"):
        from .coach import suggest

        act, advice = suggest(request["game"], rules, state, request["seat"], request["seed"],
                              budget=request.get("budget", 1.0))
        return {"token": request["token"], "action": act.to_json(), "advice": advice.to_json()}
    bot = make_bot(request["game"], request["level"], budget=request.get("budget", 1.0))
    info = SeatInfo(rules, state, request["seat"], request.get("levels"))
    act = bot.choose(info, Rng(request["seed"]))
    return {"token": request["token"], "action": act.to_json()}


def _think_safely(request: dict) -> dict:
    try:
        reply = think(request)
    except Exception as exc:  # reported to the table, which shows it rather than hanging
        reply = {"token": request["token"], "error": f"{type(exc).__name__}: {exc}"}
    if request.get("coach"):
        reply["coach"] = True
    return reply


def _serve(conn) -> None:
    while True:
        try:
            raw = conn.recv_bytes()
        except (EOFError, OSError):
            return
        if not raw:
            return
        reply = _think_safely(json.loads(raw))
        try:
            conn.send_bytes(json.dumps(reply).encode())
        except OSError:  # the table closed while we were thinking
            return


class BotWorker:
    """Ask with request(), collect with poll() (one answer per call) from the UI loop; close() when done.

    `clock` and `deadline` (seconds allowed for a budget) are there so that tests can drive time."""

    def __init__(self, use_process: bool = True, *, clock: Callable[[], float] = time.monotonic,
                 deadline: Callable[[float], float] = default_deadline, max_restarts: int = MAX_RESTARTS):
        self._clock = clock
        self._deadline = deadline
        self._max_restarts = max_restarts
        self._failures = 0  # in a row; a good answer from the process clears it
        self._process = None
        self._conn = None
        self._pending: list[dict] = []  # sent to the process and not answered yet, in the order sent
        self._started_head = 0.0  # when the process could begin on the first pending request
        self._results: queue.Queue = queue.Queue()  # answers from threads
        self._answers: list[dict] = []  # arrived answers for AI seats, and for the coach, not yet polled
        self._advice: list[dict] = []
        if use_process:
            self._start()

    @property
    def uses_process(self) -> bool:
        return self._process is not None

    @property
    def pid(self) -> int | None:
        """The process thinking now (None when threads do)."""
        return self._process.pid if self._process is not None else None

    def request(self, game_id: str, level: str, state_json: dict, seat: int, seed: int, token, budget=1.0,
                levels=None, coach: bool = False) -> None:
        """`coach`: the answer is the coach's (see poll_advice), not a move for an AI seat."""
        msg = {"game": game_id, "level": level, "state": state_json, "seat": seat, "seed": seed,
               "token": list(token), "budget": budget, "levels": levels, "coach": coach}
        if self._conn is None:
            self._think_in_thread(msg)
            return
        if not self._pending:
            self._started_head = self._clock()
        self._pending.append(msg)
        self._send(msg)

    def poll(self):
        """(token, Action or None, error or None) when an answer for an AI seat has arrived, else None."""
        return self._take(self._answers, "error")

    def poll_advice(self):
        """(token, Action or None, advice as JSON or None) when an answer for the coach has arrived, else None."""
        return self._take(self._advice, "advice")

    def _take(self, inbox: list, extra: str):
        """The oldest answer in `inbox` as (token, Action or None, its `extra` field or None), or None."""
        reply = self._next(inbox)
        if reply is None:
            return None
        act = Action.from_json(reply["action"]) if "action" in reply else None
        return tuple(reply["token"]), act, reply.get(extra)

    def _next(self, inbox: list) -> dict | None:
        """The oldest answer of one kind: every answer that has arrived is sorted into its inbox first, so the
        table's AI seats and its coach, polling the same process, never take each other's answers."""
        while (reply := self._receive() if self._conn is not None else self._thread_answer()) is not None:
            (self._advice if reply.get("coach") else self._answers).append(reply)
        return inbox.pop(0) if inbox else None

    def close(self) -> None:
        """No process is left behind: an idle one is let go, a busy or stuck one is killed."""
        self._stop(polite=not self._pending)
        self._pending.clear()

    # -- the process ---------------------------------------------------------------------------------------

    def _start(self) -> None:
        try:
            ctx = mp.get_context("spawn")
            parent, child = ctx.Pipe()
            self._process = ctx.Process(target=_serve, args=(child,), daemon=True, name="card-parlor-ai")
            self._process.start()
            child.close()
            self._conn = parent
        except (OSError, RuntimeError, ValueError):
            self._process = self._conn = None

    def _stop(self, polite: bool) -> None:
        conn, process = self._conn, self._process
        self._process = self._conn = None
        if conn is not None:
            conn.close()  # an idle process reads the end of the pipe and returns
        if process is None:
            return
        if polite:
            process.join(timeout=0.5)
        if process.is_alive():
            process.kill()  # SIGKILL: unlike SIGTERM it also ends a stopped (SIGSTOP) process at once
        process.join(timeout=5)

    def _send(self, msg: dict) -> None:
        if not self._write(msg):
            self._replace()

    def _write(self, msg: dict) -> bool:
        """False when the process is gone. A request is about a kilobyte, far less than the pipe buffers, so
        this does not block even when the process is stuck."""
        try:
            self._conn.send_bytes(json.dumps(msg).encode())
        except OSError:
            return False
        return True

    def _receive(self) -> dict | None:
        try:
            if self._conn.poll():
                reply = json.loads(self._conn.recv_bytes())
                self._answered(reply["token"])
                return reply
        except (EOFError, OSError):  # the process died (crashed, or killed from outside)
            self._replace()
            return None
        if self._pending and self._clock() - self._started_head > self._deadline(self._pending[0]["budget"]):
            self._replace()  # stuck (stopped, or looping): it will not answer
        return None

    def _answered(self, token) -> None:
        for i, msg in enumerate(self._pending):
            if msg["token"] == token:
                del self._pending[i]
                break
        self._started_head = self._clock()
        self._failures = 0

    def _replace(self) -> None:
        """The process failed: kill it and give what it had not answered to a fresh one, or to threads
        once processes have failed too often in a row."""
        while True:
            self._stop(polite=False)
            self._failures += 1
            if self._failures <= self._max_restarts:
                self._start()
            if self._conn is None:
                unanswered, self._pending = self._pending, []
                for msg in unanswered:
                    self._think_in_thread(msg)
                return
            self._started_head = self._clock()
            if all(self._write(msg) for msg in self._pending):
                return

    # -- the fallback: threads -----------------------------------------------------------------------------

    def _think_in_thread(self, msg: dict) -> None:
        threading.Thread(target=lambda: self._results.put(_think_safely(msg)), daemon=True).start()

    def _thread_answer(self) -> dict | None:
        try:
            return self._results.get_nowait()
        except queue.Empty:
            return None
