"""Bots thinking off the UI thread.

The search is pure Python, so a thread would fight the window for the interpreter lock; the worker runs in
a child process instead and talks over a pipe in JSON (the state as JSON goes in, an action as JSON comes
out: nothing is pickled). Each request carries a token (the match's state_id and the seat); the table
drops an answer whose token is stale. If a process cannot be started, a thread does the same job.
"""

from __future__ import annotations

import json
import multiprocessing as mp
import queue
import threading

from ..core.actions import Action
from ..core.rng import Rng
from .bot import SeatInfo, make_bot


def think(request: dict) -> dict:
    """One decision: rebuild the state, give the bot only its seat's information, return its action."""
    from ..games import rules as rules_for

    rules = rules_for(request["game"])
    state = rules.from_json(request["state"])
    bot = make_bot(request["game"], request["level"], budget=request.get("budget", 1.0))
    info = SeatInfo(rules, state, request["seat"], request.get("levels"))
    act = bot.choose(info, Rng(request["seed"]))
    return {"token": request["token"], "action": act.to_json()}


def _serve(conn) -> None:
    while True:
        try:
            raw = conn.recv_bytes()
        except (EOFError, OSError):
            return
        if not raw:
            return
        request = json.loads(raw)
        try:
            reply = think(request)
        except Exception as exc:  # reported to the table, which shows it rather than hanging
            reply = {"token": request["token"], "error": f"{type(exc).__name__}: {exc}"}
        try:
            conn.send_bytes(json.dumps(reply).encode())
        except OSError:  # the table closed while we were thinking
            return


class BotWorker:
    STOPPED = "the AI process stopped"

    def __init__(self, use_process: bool = True):
        self._process = None
        self._conn = None
        self._results: queue.Queue = queue.Queue()
        self.busy_token = None
        if use_process:
            try:
                ctx = mp.get_context("spawn")
                parent, child = ctx.Pipe()
                self._process = ctx.Process(target=_serve, args=(child,), daemon=True, name="card-parlor-ai")
                self._process.start()
                child.close()
                self._conn = parent
            except (OSError, RuntimeError, ValueError):
                self._process = self._conn = None

    @property
    def uses_process(self) -> bool:
        return self._process is not None

    def request(self, game_id: str, level: str, state_json: dict, seat: int, seed: int, token, budget=1.0,
                levels=None):
        msg = {"game": game_id, "level": level, "state": state_json, "seat": seat, "seed": seed,
               "token": list(token), "budget": budget, "levels": levels}
        self.busy_token = tuple(token)
        if self._conn is not None:
            self._conn.send_bytes(json.dumps(msg).encode())
        else:
            threading.Thread(target=self._thread_think, args=(msg,), daemon=True).start()

    def _thread_think(self, msg: dict) -> None:
        try:
            self._results.put(think(msg))
        except Exception as exc:
            self._results.put({"token": msg["token"], "error": f"{type(exc).__name__}: {exc}"})

    def poll(self):
        """(token, Action or None, error or None) when an answer has arrived, else None."""
        reply = None
        if self._conn is not None:
            try:
                if self._conn.poll():
                    reply = json.loads(self._conn.recv_bytes())
            except (EOFError, OSError):
                # The child is gone (killed, crashed): carry on in a thread rather than hang the table.
                token, self.busy_token = self.busy_token, None
                self.close()
                return (token, None, self.STOPPED) if token else None
        else:
            try:
                reply = self._results.get_nowait()
            except queue.Empty:
                reply = None
        if reply is None:
            return None
        token = tuple(reply["token"])
        if token == self.busy_token:
            self.busy_token = None
        act = Action.from_json(reply["action"]) if "action" in reply else None
        return token, act, reply.get("error")

    def close(self) -> None:
        if self._conn is not None:
            try:
                self._conn.send_bytes(b"")
                self._conn.close()
            except OSError:
                pass
        if self._process is not None:
            self._process.join(timeout=0.5)
            if self._process.is_alive():
                self._process.terminate()
        self._process = self._conn = None
