"""Readable log lines for Three-Dragon Ante events, in the player's language, as the viewer may read them
(a card drawn by someone else, another seat's sealed ante or a random take between two others stay
unnamed: the events arrive redacted)."""

from __future__ import annotations

from ...core.events import redact_all
from ...core.i18n import pick, text
from .cards import deck

LOG = "three_dragon_ante.log."
# Events whose line takes only the names of their arguments (seat -> player, card -> card name).
PLAIN = frozenset(("gambit", "ante_failed", "turn_skipped", "triggers", "no_trigger", "purchase", "colour_flight",
                   "strength_flight", "stakes_empty", "chain_limit", "power_missing", "warlord_demand",
                   "extra_round", "no_winner", "gambit_won", "game_over", "hole_gold", "paid_instead",
                   "gift_refused"))
# Card moves told by a line, by their `why`.
MOVES = {"draw": "drew", "play": "played", "ante": "anted", "price": "price", "give": "gave",
         "random_take": "took_random", "bronze": "to_hand", "strength_flight": "to_hand", "replaced": "replaced",
         "replace": "replacement"}
# The special cards' events (effects/legendary.py, mortals.py): plain lines, moves, and the moves whose card
# another viewer does not see (a line of their own, "<key>_hidden").
PLAIN |= frozenset(("marked", "copies"))
MOVES.update({"look": "looked", "seer_keep": "kept", "seer_back": "put_back", "seer_discard": "discarded",
              "kobold": "discarded", "dragonslayer": "slain", "swap": "swapped", "reveal": "revealed_card",
              "sorcerer_ante": "to_ante"})
HIDDEN_MOVES = frozenset(("looked", "kept", "put_back"))


def card(card_id: str, lang: str) -> str:
    c = deck().card(card_id)
    return f"{pick(c.name, lang)} ({c.strength})"


def describe(match, events, viewer, lang: str = "en") -> list[str]:
    names = [seat.name for seat in match.seats]
    return [s for s in (line(ev, names, lang) for ev in redact_all(events, viewer)) if s]


def _name(names: list, seat) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""


def line(ev, names: list, lang: str) -> str | None:
    a = ev.params()
    k = ev.kind
    args = {"player": _name(names, a.get("seat"))}
    for key in ("owner", "target", "leader"):
        if isinstance(a.get(key), int):
            args[key] = _name(names, a[key])
    if isinstance(a.get("card"), str):
        args["card"] = card(a["card"], lang)
    if k in PLAIN:
        return text(LOG + k, lang, **{**a, **args})
    if k == "turn_started":
        return text(LOG + "turn", lang, **args)
    if k == "round":
        return text(LOG + "round", lang, number=a["number"], **args)
    if k == "ante_stands":
        return text(LOG + "ante_stands", lang, stakes=a["stakes"], **args)
    if k == "ante_sealed":
        return text(LOG + ("sealed_card" if a["card"] else "sealed"), lang, **args)
    if k == "blue_mode":
        return text(LOG + f"blue_mode_{a['mode']}", lang, **args)
    if k == "effect_recorded":
        return text(LOG + "effect_" + a["effect"], lang, **args)
    if k == "target":
        return text(LOG + "target", lang, **args)
    if k == "shuffled":
        return text(LOG + "reshuffle", lang)
    if k == "moved":
        return _move(a, names, lang)
    if k == "tokens_moved":
        return _coins(a, names, lang)
    return None


def _move(a: dict, names: list, lang: str) -> str | None:
    key = MOVES.get(a["why"])
    if key is None:
        return None
    piece = a["piece"]
    args = {"player": _name(names, a.get("seat")), "card": card(piece, lang) if piece else ""}
    if key == "drew" and piece:
        key = "drew_card"
    if key in HIDDEN_MOVES and not piece:
        key += "_hidden"
    if key in ("gave", "took_random", "swapped"):  # seat is the receiver, giver the one who lost the card
        args = {"player": _name(names, a.get("giver")), "owner": _name(names, a.get("seat")), "card": args["card"]}
        if key == "took_random" and piece:
            key = "took_random_card"
    return text(LOG + key, lang, **args)


def _coins(a: dict, names: list, lang: str) -> str | None:
    src, dst, amount = a["src"], a["dst"], a["amount"]
    if src == "stakes":
        return text(LOG + "takes_stakes", lang, player=_name(names, a.get("seat")), amount=amount)
    player = _name(names, a.get("seat"))
    if dst == "stakes":
        return text(LOG + "pays_stakes", lang, player=player, amount=amount)
    if dst == "hole":
        return text(LOG + "pays_hole", lang, player=player, amount=amount)
    return text(LOG + "pays", lang, player=player, amount=amount, target=_name(names, int(dst.split("/")[1])))
