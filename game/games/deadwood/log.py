"""Readable log lines for Deadwood events, and labels for actions, in the player's language."""

from __future__ import annotations

from ...core.events import redact_all
from ...core.i18n import pick, text
from .cards import data
from .deck import card_index, safe_index

LOG = "deadwood.log."
NO = -1


def card_name(card_id: str, lang: str) -> str:
    """"Gun · Item", e.g. "Repeater · Horse" (§3.5)."""
    c = data().cards[card_index()[card_id]]
    return text("deadwood.card", lang, gun=pick(data().guns[c.gun].name, lang),
                item=pick(data().items[c.item].name, lang))


def safe_name(safe_id: str, lang: str) -> str:
    return pick(data().safes[safe_index()[safe_id]].name, lang)


def est_name(est_id: str, lang: str) -> str:
    return pick(next(e.name for e in data().establishments if e.id == est_id), lang)


def character_name(char_id: str, lang: str) -> str:
    return pick(next(c.name for c in data().characters if c.id == char_id), lang)


def claim_text(content: str, speaker: int, subject: int, slot: int, names: list, lang: str) -> str:
    if subject == speaker:
        return text(f"deadwood.claim.self.{content}", lang)
    if slot:
        return text(f"deadwood.claim.slot.{content}", lang, subject=names[subject], slot=slot)
    return text(f"deadwood.claim.other.{content}", lang, subject=names[subject])


def _sep(lang: str) -> str:
    return "、" if lang == "ja" else ", "


def action_label(act, names: list, lang: str = "en") -> str:
    """The button text of a legal action."""
    a = act.params()
    k = act.kind
    key = "deadwood.action." + k
    args = {}
    if "card" in a:
        args["card"] = card_name(a["card"], lang)
    if k == "character":
        args["character"] = character_name(a["character"], lang)
    elif k == "pass_safe":
        args["safe"] = safe_name(a["safe"], lang)
    elif k in ("rob", "duel", "peek"):
        args.update(target=names[a["target"]], slot=a.get("slot", ""))
    elif k in ("horse", "destination"):
        args["establishment"] = est_name(a["to"], lang)
    elif k == "offer":
        key += "_" + a["side"]
    elif k == "accept":
        if a["owner"] == NO:
            key += "_none"
        args["player"] = names[a["owner"]] if a["owner"] != NO else ""
    elif k == "transfer":
        args.update(slot=a["slot"], player=names[a["to"]])
    elif k == "discard":
        args["cards"] = _sep(lang).join(card_name(c, lang) for c in a["cards"])
    elif k == "claim":
        args["claim"] = claim_text(a["content"], act.seat, a["subject"], a["slot"], names, lang)
    return text(key, lang, **args)


def line(ev, names: list, lang: str, viewer) -> str | None:
    a = ev.params()
    who = names[a["seat"]] if isinstance(a.get("seat"), int) else ""
    k = ev.kind
    handler = _HANDLERS.get(k)
    return handler(a, who, names, lang, viewer) if handler else None


def _turn(a, who, names, lang, viewer):
    return text(LOG + ("extra_turn" if a.get("optional") else "turn"), lang, player=who, turn=a["turn"])


def _moved(a, who, names, lang, viewer):
    why, piece = a["why"], a["piece"]
    if why == "place":
        return text(LOG + "placed", lang, player=who, establishment=est_name(a["dst"][4:], lang))
    if why == "draw":
        return text(LOG + ("drew_card" if piece else "drew"), lang, player=who,
                    card=card_name(piece, lang) if piece else "")
    if why == "pass":
        receiver = int(a["dst"].split("/")[1])
        if piece and viewer == receiver:
            return text(LOG + "passed_you", lang, player=who, safe=safe_name(piece, lang))
        return text(LOG + "passed_safe", lang, player=who, target=names[receiver])
    if why in ("duel", "horse"):
        return text(LOG + "moved_to", lang, player=who, establishment=est_name(a["dst"][4:], lang))
    if why == "rob":
        if piece:
            return text(LOG + "took_safe_named", lang, player=who, safe=safe_name(piece, lang))
        return text(LOG + "took_safe", lang, player=who)
    if why == "transfer":
        if piece:
            return text(LOG + "transfer_named", lang, player=who, safe=safe_name(piece, lang), slot=a["slot"],
                        target=names[a["to"]])
        return text(LOG + "transfer", lang, player=who, slot=a["slot"], target=names[a["to"]])
    if why == "offer":
        return text(LOG + "offer", lang, player=who, card=card_name(piece, lang),
                    side=text("deadwood.side." + ("attacker" if a["side"] == 0 else "defender"), lang))
    if why == "item":
        return text(LOG + "used_item", lang, player=who, card=card_name(piece, lang))
    if why == "duster_discard":
        return text(LOG + "discarded", lang, player=who, card=card_name(piece, lang))
    if why == "returned":
        return text(LOG + "returned", lang, player=who, card=card_name(piece, lang))
    if why == "flip":
        return text(LOG + "heist_flip", lang, safe=safe_name(piece, lang))
    if why == "unclaimed":
        return text(LOG + "unclaimed", lang, safe=safe_name(piece, lang))
    return None


def _revealed(a, who, names, lang, viewer):
    why, pieces = a["why"], a["pieces"]
    if why in ("fight", "heist", "volley", "mystery"):
        return text(LOG + "shows", lang, player=who, card=card_name(pieces[0], lang))
    if why == "peek":
        args = dict(player=who, owner=names[a["owner"]], slot=a["slot"])
        if pieces:
            return text(LOG + "peek_named", lang, safe=safe_name(pieces[0], lang), **args)
        return text(LOG + "peek", lang, **args)
    if why == "scoring":
        return text(LOG + "reveal_all", lang, player=who, safes=_sep(lang).join(safe_name(x, lang) for x in pieces))
    return None


def _shuffled(a, who, names, lang, viewer):
    if a["why"] == "reshuffle":
        return text(LOG + "reshuffle", lang)
    if a["why"] == "won":
        return text(LOG + "row_shuffled", lang, player=who)
    return None


def _dice(a, who, names, lang, viewer):
    faces = a["faces"]
    return text(LOG + "roll", lang, player=who, faces=" + ".join(map(str, faces)), total=sum(faces))


def _declared(a, who, names, lang, viewer):
    return text(LOG + a["fight"], lang, player=who, target=names[a["target"]], slot=a["slot"])


def _accepted(a, who, names, lang, viewer):
    if a["owner"] == NO:
        return text(LOG + "accepted_none", lang, player=who)
    return text(LOG + "accepted", lang, player=who, owner=names[a["owner"]])


def _fight_won(a, who, names, lang, viewer):
    return text(LOG + ("won_rob" if a["fight"] == "rob" else "won_duel"), lang, player=who)


def _badge(a, who, names, lang, viewer):
    if a["seat"] is None:
        return text(LOG + "badge_nobody", lang, number=a["number"])
    return text(LOG + "badge_called", lang, number=a["number"], player=names[a["seat"]])


def _claim(a, who, names, lang, viewer):
    return text(LOG + "claim", lang, player=who,
                claim=claim_text(a["content"], a["seat"], a["subject"], a["slot"], names, lang))


def _mystery(a, who, names, lang, viewer):
    return text(LOG + "mystery", lang, player=who, safe=safe_name(a["safe"], lang), roll=a["roll"], gold=a["gold"])


def _scored(a, who, names, lang, viewer):
    return _sep(lang).join(text(LOG + "team", lang, establishment=est_name(_est(e), lang), gold=g)
                           for e, g in a["teams"])


def _est(e: int) -> str:
    return data().establishments[e].id


def _showdown(a, who, names, lang, viewer):
    return text(LOG + "showdown", lang, establishment=est_name(a["establishment"], lang),
                players=_sep(lang).join(names[p] for p in a["seats"]))


def _game_over(a, who, names, lang, viewer):
    players = _sep(lang).join(names[p] for p in a["winners"]) or text(LOG + "nobody", lang)
    return text(LOG + "game_over", lang, players=players)


def _simple(key: str):
    def say(a, who, names, lang, viewer):
        return text(LOG + key, lang, player=who)
    return say


def _heist_won(a, who, names, lang, viewer):
    return text(LOG + "heist_won", lang, player=who, safe=safe_name(a["safe"], lang))


def _steal(a, who, names, lang, viewer):
    return text(LOG + "steal_bonus", lang, player=who, number=a["number"])


def _character(a, who, names, lang, viewer):
    return text(LOG + "character", lang, player=who, character=character_name(a["character"], lang))


_HANDLERS = {
    "turn_started": _turn, "moved": _moved, "revealed": _revealed, "shuffled": _shuffled, "dice_rolled": _dice,
    "declared": _declared, "accepted": _accepted, "fight_won": _fight_won, "badge_called": _badge,
    "claim": _claim, "mystery": _mystery, "scored": _scored, "showdown": _showdown, "game_over": _game_over,
    "heist_won": _heist_won, "steal_bonus": _steal, "character": _character,
    "sealed": _simple("sealed"), "undefended": _simple("undefended"), "no_offer": _simple("no_offer"),
    "badge_round": _simple("badge_round"), "bonus_turn": _simple("bonus_turn"),
    "declined_turn": _simple("declined_turn"), "no_action": _simple("no_action"), "wounded": _simple("wounded"),
    "eliminated": _simple("eliminated"), "showdown_won": _simple("showdown_won"),
}


def describe(match, events, viewer, lang: str = "en") -> list[str]:
    names = [seat.name for seat in match.seats]
    out = []
    for ev in redact_all(events, viewer):
        s = line(ev, names, lang, viewer)
        if s:
            out.append(s)
    return out

