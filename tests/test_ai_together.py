"""AI seats answering one secret simultaneous choice are asked together (issue 12): Dead Man's Draw's
trait pick with one person and three AI seats asks all three at once, the person's sealed pick does not
throw their thinking away, and every seat ends with its trait."""

from __future__ import annotations

from game.core.match import AI, HUMAN, Match, Seat
from game.games import rules as rules_for

from .scenes_harness import frames, open_table


class CountingWorker:
    """Stands in for the AI process: records each request and answers with the seat's first legal move
    once released, so the test sees exactly what was asked and when."""

    def __init__(self, match):
        self.match, self.requests, self.held = match, [], True

    def request(self, game_id, level, state_json, seat, seed, token, budget=1.0, levels=None):
        self.requests.append((seat, tuple(token)))

    def poll(self):
        if self.held or not self.requests:
            return None
        seat, token = self.requests.pop(0)
        return token, self.match.legal_actions(seat)[0], None

    def close(self):
        pass


def test_ai_seats_of_a_secret_choice_are_asked_together_and_keep_thinking_while_a_person_seals(app):
    seats = [Seat("Aiko", HUMAN), Seat("Ben", AI, "easy"), Seat("Cho", AI, "easy"), Seat("Dan", AI, "easy")]
    match = Match(rules_for("deadmans_draw"), seats, {"traits": True}, 5)
    scene = open_table(app, match)
    scene.worker = worker = CountingWorker(match)
    for _ in range(60):
        frames(app, 1)
        if worker.requests:
            break
    asked = sorted(seat for seat, _ in worker.requests)
    assert asked == [1, 2, 3], "the three AI seats are asked in one go"
    assert len({token[0] for _, token in worker.requests}) == 1, "one ask, one serial"
    # The person seals a trait while the AIs think: their answers are still good.
    scene.apply(match.legal_actions(0)[0])
    assert sorted(scene.asked) == [1, 2, 3]
    worker.held = False
    for _ in range(200):
        frames(app, 1)
        if match.view(None)["phase"] != "traits":
            break
    picks = [act.seat for act in match.log if act.kind == "keep_trait"]
    assert sorted(picks) == [0, 1, 2, 3] and not scene.asked
    assert not worker.requests, "nobody was asked twice"
