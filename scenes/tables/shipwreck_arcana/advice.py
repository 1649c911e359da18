"""What the middle panel tells: this turn's and the last turn's public events as short phrases, and the AI
teammates' advice (R43) with the reason for it, in words. Each is worked out once per state."""

from __future__ import annotations

from game.core.events import redact_all
from game.games.shipwreck_arcana.ai import advice, advice_reason
from game.games.shipwreck_arcana.cards import QUESTIONS, deck
from game.games.shipwreck_arcana.log import position_names

from ...ui.strings import lang, pick, tr
from .art import DOOM, GOLD_HI, HOPE, MOON, MOON_DIM, T, card_name, power_name

GROUP_PHASES = ("reveal", "predict", "second")


class Advisor:
    """The story and the advice for one table's scene, cached by the match's state."""

    def __init__(self, scene):
        self.scene = scene
        self._cache: dict = {}

    @property
    def match(self):
        return self.scene.match

    def names(self) -> list[str]:
        return position_names(self.match)

    def _cached(self, what: str, key, work):
        if self._cache.get(what, (None,))[0] != key:
            self._cache[what] = (key, work())
        return self._cache[what][1]

    def story(self):
        """This turn's and the last turn's public events, as short phrases."""
        return self._cached("story", (self.match.state_id, self.scene.viewer), self._tell)

    def _tell(self):
        events = redact_all([e for events in self.match.history for e in events], self.scene.viewer)
        starts = [i for i, e in enumerate(events) if e.kind == "turn_started"]
        last = starts[-1] + 1 if starts else 0
        prev = starts[-2] + 1 if len(starts) > 1 else 0
        view = self.scene.view()
        current = self._phrases(events[last:], view)
        previous = self._phrases(events[prev:last - 1], view) if starts else []
        prev_pos = next((e["position"] for e in events[prev:last] if e.kind == "moved" and e["why"] == "draw"), None)
        return current, previous, prev_pos

    def _phrases(self, events, view) -> list:
        names = self.names()
        faded = {e.params()["slot"]: e.params()["card"] for e in events if e.kind == "faded"}
        out = []
        for e in events:
            a = e.params()
            k = e.kind
            why = a.get("why") if k == "moved" else None
            if why == "cycle":
                out.append((tr(T + "s_cycled", out=card_name(a["out"]), card=card_name(a["piece"])), MOON))
            elif why == "play":
                target = a["target"]
                card = faded.get(target) or (view["row"][target - 1]["card"] if target else None)
                key = "s_hours" if a["slot"] == 0 else "s_played"
                out.append((tr(T + key, player=names[a["position"]], value=a["value"], card=card_name(card)), MOON))
            elif k == "chalice":
                out.append((tr(T + "float_chalice", value=a["value"], answer=tr(T + ("yes" if a["higher"] else "no"))),
                            GOLD_HI))
            elif k == "answered":
                question = power_name(a["power"]) if a["x"] is None else tr(T + "higher_than_x", x=a["x"])
                out.append((f"{question} {tr(T + ('yes' if a['answer'] else 'no'))}", GOLD_HI))
            elif k == "old":
                out.append((tr(T + ("float_old" if a["answer"] else "float_new")), GOLD_HI))
            elif why == "discard_lower":
                out.append((tr(T + "s_discarded", value=a["value"]), GOLD_HI))
            elif k == "twice":
                out.append((tr(T + "s_twice"), GOLD_HI))
            elif k == "revealed":
                out.append((tr(T + "float_revealed", player=names[a["position"]], value=a["value"]), MOON))
            elif k == "wrong_once":
                out.append((tr(T + "float_wrong_once", value=a["value"]), DOOM))
            elif k == "passed":
                out.append((tr(T + "float_passed"), MOON_DIM))
            elif k == "resolved":
                out.append((tr(T + ("float_correct" if a["correct"] else "float_wrong"), value=a["value"]),
                            HOPE if a["correct"] else DOOM))
            elif k == "faded":
                text = tr(T + ("s_faded_doom" if a["doom"] else "s_faded"), card=card_name(a["card"]), doom=a["doom"])
                out.append((text, DOOM if a["doom"] else GOLD_HI))
        return out

    def advice(self, view) -> list:
        """(position name of the AI, value, probability) per AI predictor (R43)."""
        def work():
            found = [(seat.name, advice(self.scene.view_of(p), seat.level)) for p, seat in self._ai_predictors(view)]
            return [(name, *values) for name, values in found if values is not None]
        return self._cached("advice", self.match.state_id, work)

    def _ai_predictors(self, view) -> list:
        """(position, seat) of every AI among the predictors while the group decides."""
        if view["phase"] not in GROUP_PHASES:
            return []
        seats = self.match.seats
        return [(p, seats[p]) for p in view["predictors"] if p < len(seats) and not seats[p].is_human]

    def reason(self, view) -> str:
        """Why the first AI predictor advises its value (R43): the values its posterior leaves possible and,
        for each public clue, the values that clue ruled out (ai.advice_reason)."""
        def work():
            for p, seat in self._ai_predictors(view):
                seen = self.scene.view_of(p)
                found = advice_reason(seen, seat.level)
                if found is not None:
                    return self._explain(found, seen["options"]["open_advice"], seat.name)
            return ""
        return self._cached("reason", self.match.state_id, work)

    def _explain(self, found: dict, open_advice: bool, player: str) -> str:
        sep = tr(T + "values_sep")

        def values(vs) -> str:
            return sep.join(str(v) for v in vs)

        parts = [tr(T + ("reason_possible" if open_advice else "reason_possible_public"),
                    values=values(v for v, _ in found["possible"]))]
        parts += [self._clue_text(clue, values(out)) for clue, out in found["because"]]
        if found["own"]:
            parts.append(tr(T + "reason_own", player=player, values=values(found["own"])))
        return ("" if lang() == "ja" else " ").join(parts)  # Japanese sentences end in 。 and take no space

    def _clue_text(self, clue, values: str) -> str:
        """One public clue (inference.py's format) and the values it ruled out, in words."""
        tag = clue[0]
        if tag == "play":
            p, slot = clue[3], clue[4]
            if slot == 0:
                return tr(T + "reason_hours", value=p, values=values)
            card = deck().arcana[clue[1][slot - 1]]
            return tr(T + "reason_play", value=p, card=pick(card.name), keyword=pick(card.keyword), values=values)
        if tag == "known":
            return tr(T + "reason_seen", values=values)
        if tag == "old":
            return tr(T + "reason_old", question=power_name("old"), values=values)
        kind, arg, answer = clue[1], clue[2], clue[3]
        if kind == "ne":
            return tr(T + "reason_wrong", value=arg)
        if kind == "gt":
            question = tr(T + "higher_than_x", x=arg)
        else:
            question = power_name(next(k for k, q in QUESTIONS.items() if list(q) == list(arg)))
        return tr(T + "reason_test", question=question, answer=tr(T + ("yes" if answer else "no")), values=values)
