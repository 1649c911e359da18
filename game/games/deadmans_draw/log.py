"""Readable log lines for Dead Man's Draw events, in the player's language (the log panel and `replay`)."""

from __future__ import annotations

from ...core.events import redact_all
from ...core.i18n import pick, text
from .cards import deck

SABOTEUR = "others_cannon_backfires"

LOG = "deadmans_draw.log."

# Moves that get their own line, by their from- and to-zone ids (others are summed up by a neighbouring
# event: collect, bust, ...; moves from or to a Suit Stack by why they happen).
_MOVE_LINES = {
    ("draw", "play"): "draw", ("reveal", "play"): "map_pick",
    ("discard", "play"): "navigate_pick", ("discard", "reveal"): "map_reveal",
}
_WHY_LINES = {"vulture": "vulture", "bonus": "bonus_card", "plunder": "plunder_card", "kept": "kept",
              "scavenger": "scavenger", "trait": "to_bank"}


def bank_owner(zone_id: str) -> int | None:
    """The seat of a Suit Stack's zone ("bank/<seat>/<suit>"), None for any other zone."""
    return int(zone_id.split("/")[1]) if zone_id.startswith("bank/") else None


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
    if kind == "moved" and a["src"].startswith("dealt/"):
        if a["piece"] is None:
            return text(LOG + "trait_kept_secret", lang, player=who)
        return text(LOG + "trait_kept", lang, player=who, trait=trait_name(a["piece"], lang))
    if kind == "moved":
        return _move_line(a, names, lang, actor)
    if kind == "revealed":
        return text(LOG + "revealed", lang, player=who, cards=", ".join(card_name(c, lang) for c in a["pieces"]))
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


def _move_line(a: dict, names: list, lang: str, actor: str) -> str | None:
    why, src, dst = a["why"], a["src"], a["dst"]
    from_seat, to_seat = bank_owner(src), bank_owner(dst)
    if why in _WHY_LINES:
        key = _WHY_LINES[why]
    elif why in ("", "bust") and from_seat is not None and dst == "play":
        key = "hook" if from_seat == a["seat"] else "steal"
    elif why in ("", "bust", "map"):
        key = _MOVE_LINES.get((src, dst))  # a bust's scattering is told by the bust line
    else:
        key = None  # collect, cannon, sabotage, map returns: told by their own events
    if key is None:
        return None
    owner = names[to_seat] if to_seat is not None else actor
    # A Vulture takes from the play area: its victim is the player whose turn busted (the event's seat).
    victim = names[from_seat] if from_seat is not None else names[a["seat"]] if why == "vulture" else ""
    return text(LOG + key, lang, player=owner, card=card_name(a["piece"], lang), victim=victim)


def traits_line(events, names: list, lang: str) -> str:
    """The kept traits revealed together at the start (one "revealed" event per seat), as one line."""
    shown = [(ev["seat"], ev["pieces"][0]) for ev in events if ev.kind == "revealed" and ev["why"] == "traits"]
    listing = ", ".join(f"{names[s]}: {trait_name(t, lang)}" for s, t in shown)
    return text(LOG + "traits_revealed", lang, traits=listing)


def describe(match, events, viewer, lang: str = "en") -> list[str]:
    names = [seat.name for seat in match.seats]
    # Kept traits never change once revealed, and sabotage happens only after the reveal.
    by = saboteur(match.view(None)["traits"])
    out = []
    active = None  # whose card is acting: the last seat named in this batch
    visible = redact_all(events, viewer)
    traits_told = False
    for ev in visible:
        a = ev.params()
        if isinstance(a.get("seat"), int) and a["seat"] >= 0:
            active = a["seat"]
        if ev.kind == "revealed" and a["why"] == "traits":
            sentence = None if traits_told else traits_line(visible, names, lang)
            traits_told = True
        else:
            sentence = line(ev, names, lang, active, by)
        if sentence:
            out.append(sentence)
    return out
