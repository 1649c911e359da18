"""Readable log lines for The Shipwreck Arcana's events, in the player's language."""

from __future__ import annotations

from ...core.events import redact_all
from ...core.i18n import pick, text
from .cards import deck

LOG = "shipwreck_arcana.log."


def card(card_id: str, lang: str) -> str:
    return pick(deck().card(card_id).name, lang)


def power(power_id: str, lang: str) -> str:
    return pick(deck().power(power_id).name, lang)


def yes_no(answer: bool, lang: str) -> str:
    return text(LOG + ("yes" if answer else "no"), lang)


def line(ev, names: list, position_names: list, lang: str) -> str | None:
    a = ev.params()
    who = names[a["seat"]] if isinstance(a.get("seat"), int) else ""
    where = position_names[a["position"]] if isinstance(a.get("position"), int) else ""
    k = ev.kind
    if k == "turn_started":
        return text(LOG + "turn", lang, player=where, turn=a["turn"])
    if k == "moved":
        return _move_line(a, where, lang)
    if k == "chalice":
        return text(LOG + "chalice", lang, value=a["value"], answer=yes_no(a["higher"], lang))
    if k == "old":
        return text(LOG + ("old_yes" if a["answer"] else "old_no"), lang)
    if k == "answered":
        question = power(a["power"], lang) if a["x"] is None else text(LOG + "higher_than", lang, x=a["x"])
        return text(LOG + "answer", lang, question=question, answer=yes_no(a["answer"], lang))
    if k == "revealed":
        return text(LOG + "revealed", lang, player=where, value=a["value"])
    if k == "twice":
        return text(LOG + "twice", lang, player=who)
    if k == "predicted":
        return text(LOG + "predicted", lang, player=who, value=a["value"])
    if k == "wrong_once":
        return text(LOG + "wrong_once", lang, value=a["value"])
    if k == "passed":
        return text(LOG + "passed", lang, player=who)
    if k == "stopped":
        return text(LOG + "stopped", lang, player=who)
    if k == "resolved":
        return text(LOG + ("correct" if a["correct"] else "wrong"), lang, value=a["value"], score=a["score"],
                    doom=a["doom"])
    if k == "faded":
        return text(LOG + ("faded_doom" if a["doom"] else "faded"), lang, card=card(a["card"], lang), doom=a["doom"])
    if k == "game_over":
        return text(LOG + "over_" + a["outcome"], lang, score=a["score"], doom=a["doom"])
    if k == "joined":
        return text(LOG + "joined", lang, player=names[a["player"]] if a["player"] < len(names) else "?")
    if k == "left":
        return text(LOG + "left", lang, player=names[a["player"]])
    return None  # number-line marks are shown on the lines themselves


def _move_line(a: dict, where: str, lang: str) -> str | None:
    """A card cycled, dealt or spent as a power, a fate played or discarded. Fates drawn are told together
    by draw_line; fates going back to the bag otherwise by the line of why they go."""
    why = a["why"]
    if why == "cycle":
        return text(LOG + "cycled", lang, player=where, out=card(a["out"], lang), card=card(a["piece"], lang))
    if why == "play" and a["slot"] == 0:
        return text(LOG + "played_hours", lang, player=where, value=a["value"],
                    card=card(a["card"], lang) if a["card"] else text(LOG + "the_bag", lang))
    if why == "play":
        return text(LOG + "played", lang, player=where, value=a["value"], card=card(a["card"], lang))
    if why == "power":
        return text(LOG + "power", lang, power=power(a["power"], lang))
    if why == "discard_lower":
        return text(LOG + "discarded", lang, value=a["value"])
    if why == "refill":
        return text(LOG + "dealt", lang, card=card(a["piece"], lang), slot=a["slot"])
    return None


def draw_line(events, where: list, lang: str) -> str:
    """The fates a position drew (one "moved" event each), as one line: their values to their owner, their
    number to everyone else."""
    drawn = [ev for ev in events if ev.kind == "moved" and ev["why"] == "draw"]
    player = where[drawn[0]["position"]]
    if drawn[0]["value"] is None:
        return text(LOG + "drew", lang, player=player, count=len(drawn))
    return text(LOG + "drew_values", lang, player=player, values=", ".join(str(ev["value"]) for ev in drawn))


def position_names(match) -> list:
    """A name per position: the player's name, with A/B in the challenge mode."""
    state = match.state
    names = [seat.name for seat in match.seats]
    if not state.options["challenge"]:
        return [names[o] if o < len(names) else "?" for o in state.owner]
    return [f"{names[o]} {'AB'[pos // 2]}" for pos, o in enumerate(state.owner)]


def describe(match, events, viewer, lang: str = "en") -> list[str]:
    names = [seat.name for seat in match.seats]
    where = position_names(match)
    visible = redact_all(events, viewer)
    out = []
    draw_told = False
    for ev in visible:
        if ev.kind == "moved" and ev["why"] == "draw":
            sentence = None if draw_told else draw_line(visible, where, lang)
            draw_told = True
        else:
            sentence = line(ev, names, where, lang)
        if sentence:
            out.append(sentence)
    return out
