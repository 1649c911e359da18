"""Readable log lines for Get Lucky events, in the player's language."""

from __future__ import annotations

from ...core.events import redact_all
from ...core.i18n import pick, text
from .cards import deck

LOG = "get_lucky.log."


def character(number: int, lang: str) -> str:
    return pick(deck().character(number).name, lang)


def card(card_id: str, lang: str) -> str:
    c = deck().card(card_id)
    if c.kind == "luck":
        return f"{pick(c.name, lang)} -{c.defence}"
    return pick(c.name, lang)


def line(ev, names: list, lang: str, attacker: str = "", given: int | None = None) -> str | None:
    """One event as a sentence; `attacker` names whose murder attempt a defence answers, `given` the
    character handed back to the Parlor in the same batch as a take."""
    a = ev.params()
    who = names[a["seat"]] if isinstance(a.get("seat"), int) else ""
    k = ev.kind
    if k == "turn_started":
        return text(LOG + "turn", lang, player=who, turn=a["turn"])
    if k == "moved":
        return _move_line(a, who, lang, given)
    if k == "attracted":
        return text(LOG + "attracted", lang, player=who, target=character(a["target"], lang))
    if k == "passed":
        return text(LOG + "passed", lang, player=who)
    if k == "declined":
        return text(LOG + "declined", lang, player=who)
    if k == "attempt":
        return text(LOG + "attempt", lang, player=who, character=character(a["character"], lang), base=a["base"],
                    luck=a["luck"], strength=a["strength"])
    if k == "defended":
        if not a["value"]:
            return text(LOG + "defence_pass", lang, player=who, strength=a["strength"])
        return text(LOG + "defended", lang, player=who, value=a["value"], strength=a["strength"],
                    attacker=attacker)
    if k == "stopped":
        return text(LOG + "stopped", lang, player=who, attacker=attacker)
    if k == "murder":
        return text(LOG + "murder", lang, player=who, character=character(a["character"], lang))
    if k == "lucky_moved":
        return text(LOG + "lucky_moved", lang, target=character(a["target"], lang))
    if k == "drawn_game":
        return text(LOG + "drawn", lang)
    return None


def _move_line(a: dict, who: str, lang: str, given: int | None) -> str | None:
    """A card drawn or attached, a character taken (with the one given back) or refilled. The cards
    discarded by an Attract, a Luck or a give are told by the lines of those."""
    why = a["why"]
    if why == "draw":
        return text(LOG + ("drew_card" if a["piece"] else "drew"), lang, player=who,
                    card=card(a["piece"], lang) if a["piece"] else "")
    if why == "attach":
        return text(LOG + "attached", lang, player=who, card=card(a["piece"], lang), host=character(a["host"], lang))
    if why == "take" and given is not None:
        return text(LOG + "took_gave", lang, player=who, take=character(a["number"], lang),
                    give=character(given, lang))
    if why == "take":
        return text(LOG + "took", lang, player=who, take=character(a["number"], lang))
    if why == "refill":
        return text(LOG + "refilled", lang, character=character(a["number"], lang))
    return None


def attacker_of(history: list, events: list) -> int | None:
    """The seat of the last murder attempt made up to the batch `events` (found in `history` by
    identity, or the whole history when it is not there): a defence's lines name whom it stops."""
    end = next((i + 1 for i, batch in enumerate(history) if batch is events), len(history))
    for batch in reversed(history[:end]):
        for ev in reversed(batch):
            if ev.kind == "attempt":
                return ev.params()["seat"]
    return None


def describe(match, events, viewer, lang: str = "en") -> list[str]:
    names = [seat.name for seat in match.seats]
    attacker = ""
    if any(ev.kind in ("defended", "stopped") for ev in events):
        seat = attacker_of(match.history, events)
        attacker = names[seat] if seat is not None else ""
    given = next((ev["number"] for ev in events if ev.kind == "moved" and ev["why"] == "give"), None)
    return [s for s in (line(ev, names, lang, attacker, given) for ev in redact_all(events, viewer)) if s]
