"""What the table tells in words: this turn's and the last turn's public events as short phrases, the AI
teammates' advice (R43) with the reason for it (each worked out once per state), and what a dragged fate does
where it may be dropped."""

from __future__ import annotations

from game.core.events import redact_all
from game.games.shipwreck_arcana.ai import advice, advice_reason
from game.games.shipwreck_arcana.cards import QUESTIONS, deck, value_of
from game.games.shipwreck_arcana.log import position_names
from game.games.shipwreck_arcana.rules import play_preview

from ...ui.strings import lang, pick, tr
from .art import FATES, GOLD_HI, MOON, MOON_DIM, T, card_name, power_name

GROUP_PHASES = ("reveal", "predict", "second")
# Moves and events told in words of their own, with their value and player if any: (text key, colour).
# A fate role's name stands for its colour in the current palette.
PLAIN = {"discard_lower": ("s_discarded", GOLD_HI), "twice": ("s_twice", GOLD_HI), "revealed": ("float_revealed", MOON),
         "wrong_once": ("float_wrong_once", "doom"), "passed": ("float_passed", MOON_DIM)}


def _yes_no(answer: bool) -> str:
    return tr(T + ("yes" if answer else "no"))


def phrase(e, names: list, card_at=lambda target: None) -> tuple | None:
    """(words, colour) for one public event the story tells (and the table floats), None for one it does not;
    `card_at(slot)` names the card a fate was played on."""
    a, k = e.params(), e.kind
    why = a.get("why") if k == "moved" else None
    if why == "cycle":
        return tr(T + "s_cycled", out=card_name(a["out"]), card=card_name(a["piece"])), MOON
    if why == "play":
        key = "s_hours" if a["slot"] == 0 else "s_played"
        return tr(T + key, player=names[a["position"]], value=a["value"], card=card_name(card_at(a["target"]))), MOON
    if (why or k) in PLAIN:
        key, colour = PLAIN[why or k]
        colour = FATES[colour] if isinstance(colour, str) else colour
        return tr(T + key, value=a.get("value"), player=names[a["position"]] if "position" in a else ""), colour
    if k == "chalice":
        return tr(T + "float_chalice", value=a["value"], answer=_yes_no(a["higher"])), GOLD_HI
    if k == "answered":
        question = power_name(a["power"]) if a["x"] is None else tr(T + "higher_than_x", x=a["x"])
        return f"{question} {_yes_no(a['answer'])}", GOLD_HI
    if k == "old":
        return tr(T + ("float_old" if a["answer"] else "float_new")), GOLD_HI
    if k == "resolved":
        fate = FATES["hope" if a["correct"] else "doom"]
        return tr(T + ("float_correct" if a["correct"] else "float_wrong"), value=a["value"]), fate
    if k == "faded":
        text = tr(T + ("s_faded_doom" if a["doom"] else "s_faded"), card=card_name(a["card"]), doom=a["doom"])
        return text, FATES["doom"] if a["doom"] else GOLD_HI
    return None


def drop_labels(view, gestures) -> dict:
    """drop key -> ([lines], colour) for every card a dragged fate may be dropped on: the lines of its plate
    (kit.panels.plate), the verdict bold in its colour and the load it reaches under it. Each card says what
    placing the fate there does (rules.play_preview): whether the card fades, the doom, the load it reaches,
    and for The Hours where the fate goes on to ("Fades! +2 doom, 2/2 moons", "Safe, 2/3 moons", "Goes to The
    Mirror…"), so that nobody learns it from the doom track afterwards."""
    out = {}
    for g in gestures:
        if g.action.kind != "play" or not g.drop_on:
            continue
        found = play_preview(view, g.action["slot"], value_of(g.action["token"]))
        if not found["card"]:
            continue  # H10: back to the bag, nothing fades
        if not found["fades"]:
            verdict, colour = tr(T + "drop_safe"), FATES["hope"]
        elif found["doom"]:
            verdict, colour = tr(T + "drop_fades_doom", doom=found["doom"]), FATES["doom"]
        else:
            verdict, colour = tr(T + "drop_fades_free"), GOLD_HI
        lines = verdict.split("\n") + [tr(T + "drop_load", load=found["load"], moons=found["moons"])]
        if g.action["slot"] == 0:
            lines.insert(0, tr(T + "drop_via", card=card_name(found["card"])))
        out[g.drop_on] = (lines, colour)
    return out


class Advisor:
    """The story and the advice for one table's scene, cached by the match's state."""

    def __init__(self, scene):
        self.scene = scene
        self._cache: dict = {}

    def names(self) -> list[str]:
        return position_names(self.scene.match)

    def _cached(self, what: str, key, work):
        if self._cache.get(what, (None,))[0] != key:
            self._cache[what] = (key, work())
        return self._cache[what][1]

    def story(self):
        """This turn's and the last turn's public events, as short phrases."""
        return self._cached("story", (self.scene.match.state_id, self.scene.viewer), self._tell)

    def _tell(self):
        events = redact_all([e for events in self.scene.match.history for e in events], self.scene.viewer)
        starts = [i for i, e in enumerate(events) if e.kind == "turn_started"]
        last = starts[-1] + 1 if starts else 0
        prev = starts[-2] + 1 if len(starts) > 1 else 0
        view = self.scene.view()
        current = self._phrases(events[last:], view)
        previous = self._phrases(events[prev:last - 1], view) if starts else []
        prev_pos = next((e["position"] for e in events[prev:last] if e.kind == "moved" and e["why"] == "draw"), None)
        return current, previous, prev_pos

    def _phrases(self, events, view) -> list:
        faded = {e.params()["slot"]: e.params()["card"] for e in events if e.kind == "faded"}

        def card_at(target):  # a card that faded this turn is named, though its slot holds another now
            return faded.get(target) or (view["row"][target - 1]["card"] if target else None)
        return [found for e in events if (found := phrase(e, self.names(), card_at)) is not None]

    def advice(self, view) -> list:
        """(position name of the AI, value, probability) per AI predictor (R43)."""
        def work():
            found = [(seat.name, advice(self.scene.view_of(p), seat.level)) for p, seat in self._ai_predictors(view)]
            return [(name, *values) for name, values in found if values is not None]
        return self._cached("advice", self.scene.match.state_id, work)

    def _ai_predictors(self, view) -> list:
        """(position, seat) of every AI among the predictors while the group decides."""
        if view["phase"] not in GROUP_PHASES:
            return []
        seats = self.scene.match.seats
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
        return self._cached("reason", self.scene.match.state_id, work)

    def _explain(self, found: dict, open_advice: bool, player: str) -> str:
        def values(vs) -> str:
            return tr(T + "values_sep").join(str(v) for v in vs)

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
        return tr(T + "reason_test", question=question, answer=_yes_no(answer), values=values)
