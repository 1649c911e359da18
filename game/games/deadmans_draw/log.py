"""Readable log lines for Dead Man's Draw events, in the player's language (the log panel and `replay`)."""

from __future__ import annotations

from ...core.events import redact_all
from ...core.i18n import pick, text
from .cards import deck

SABOTEUR = "others_cannon_backfires"

LOG = "deadmans_draw.log."

# Moves that get their own line (others are summed up by a neighbouring event: collect, bust, ...).
_MOVE_LINES = {
    ("draw", "play"): "draw", ("reveal", "play"): "map_pick",
    ("discard", "play"): "navigate_pick", ("discard", "reveal"): "map_reveal",
}
_WHY_LINES = {"vulture": "vulture", "bonus": "bonus_card", "plunder": "plunder_card", "kept": "kept",
              "scavenger": "scavenger", "trait": "to_bank"}


def card_name(card_id: str, lang: str) -> str:
    card = deck().card(card_id)
    return f"{pick(deck().suits[card.suit].name, lang)} {card.value}"


def suit_name(suit_id: str, lang: str) -> str:
    return pick(deck().suit(suit_id).name, lang)


def trait_name(trait_id: str, lang: str) -> str:
    return pick(deck().trait(trait_id).name, lang)


def saboteur(traits: list) -> int | None:
    """The seat holding the Saboteur, from a view's kept (revealed) trait ids; None if nobody does."""
    for seat, trait_id in enumerate(traits):
        if trait_id is not None and deck().trait(trait_id).effect == SABOTEUR:
            return seat
    return None


def line(ev, names: list, lang: str, active: int | None = None, sabotage_by: int | None = None) -> str | None:
    """One event as a sentence, or None when another line already tells it. `active` is the player whose
    card acts (for events that do not name a seat, such as the Map's reveal); `sabotage_by` the Saboteur."""
    a = ev.params()
    who = names[a["seat"]] if isinstance(a.get("seat"), int) and a["seat"] >= 0 else ""
    actor = names[active] if active is not None else who
    kind = ev.kind
    if kind == "card_moved":
        why, src, dst = a["why"], a["src"], a["dst"]
        if why in _WHY_LINES:
            key = _WHY_LINES[why]
        elif why in ("", "bust") and (src, dst) == ("bank", "play"):
            key = "hook" if a["from_seat"] == a["to_seat"] else "steal"
        elif why in ("", "bust"):
            key = _MOVE_LINES.get((src, dst))  # a bust's scattering is told by the bust line
        else:
            key = None  # collect, cannon, sabotage, map returns: told by their own events
        if key is None:
            return None
        owner = names[a["to_seat"]] if a["to_seat"] >= 0 else actor
        victim = names[a["from_seat"]] if a["from_seat"] >= 0 else ""
        return text(LOG + key, lang, player=owner, card=card_name(a["card"], lang), victim=victim)
    if kind == "trait_kept":
        if a["trait"] is None:
            return text(LOG + "trait_kept_secret", lang, player=who)
        return text(LOG + "trait_kept", lang, player=who, trait=trait_name(a["trait"], lang))
    if kind == "traits_revealed":
        listing = ", ".join(f"{names[s]}: {trait_name(t, lang)}" for s, t in enumerate(a["traits"]))
        return text(LOG + "traits_revealed", lang, traits=listing)
    if kind == "revealed":
        return text(LOG + "revealed", lang, player=who, cards=", ".join(card_name(c, lang) for c in a["cards"]))
    if kind == "no_effect":
        return text(LOG + "no_effect", lang, player=who, card=card_name(a["card"], lang))
    if kind == "sabotage":
        by = names[sabotage_by] if sabotage_by is not None else ""
        return text(LOG + "sabotage", lang, player=who, saboteur=by, suit=suit_name(a["suit"], lang))
    if kind in ("cannon", "sword"):
        return text(LOG + kind, lang, player=who, target=names[a["target"]], suit=suit_name(a["suit"], lang))
    if kind == "kraken":
        return text(LOG + ("kraken" if a["owed"] else "kraken_lapses"), lang, player=who, owed=a["owed"])
    if kind == "bust":
        return text(LOG + "bust", lang, player=who, card=card_name(a["card"], lang), kept=a["kept"], lost=a["lost"])
    if kind == "collect":
        return text(LOG + "collect", lang, player=who, count=a["count"])
    if kind == "bonus":
        if a["source"] >= 0:
            return text(LOG + "plunder", lang, player=who, count=a["count"], victim=names[a["source"]])
        return text(LOG + "bonus", lang, player=who, count=a["count"])
    if kind == "turn_started":
        return text(LOG + "turn", lang, player=who, turn=a["turn"])
    if kind == "start_player":
        return text(LOG + "start_player", lang, player=who)
    if kind == "mark":
        return text(LOG + "mark", lang, player=who, target=names[a["target"]])
    if kind == "game_over":
        return text(LOG + "game_over", lang)
    return None


def describe(match, events, viewer, lang: str = "en") -> list[str]:
    names = [seat.name for seat in match.seats]
    # Kept traits never change once revealed, and sabotage happens only after the reveal.
    by = saboteur(match.view(None)["traits"])
    out = []
    active = None  # whose card is acting: the last seat named in this batch
    for ev in redact_all(events, viewer):
        a = ev.params()
        if isinstance(a.get("seat"), int) and a["seat"] >= 0:
            active = a["seat"]
        elif ev.kind == "card_moved" and a["dst"] == "play" and a["to_seat"] >= 0:
            active = a["to_seat"]
        sentence = line(ev, names, lang, active, by)
        if sentence:
            out.append(sentence)
    return out
