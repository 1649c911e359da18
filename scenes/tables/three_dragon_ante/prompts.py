"""What the player is asked and how it is offered: every legal action as a gesture with a readable label
(card names with their strength, seat names), the prompt line with its cards and players named, and the
hint shown while a card is dragged (whether its power will trigger, and what it does).

The engine puts one question at a time (`view["ask"]`, spec §9); its options are card ids, seat numbers or
words ("pay", "a", "b", "decline"...). A card option is also offered on the card itself where it lies (in
your hand, a flight, the ante, the reveal zone), a seat option on that seat's panel; every option is also a
button, so the keyboard and the mouse reach them all.
"""

from __future__ import annotations

from game.games.three_dragon_ante.cards import deck

from ...table.gestures import Gesture
from ...table.kit import Hit
from ...ui.strings import tr
from .faces import T, card, card_label, power_text

PLAY, ANTE = "play", "ante"


def option_label(view: dict, names: list, option) -> str:
    """An option in words: a card's name and strength, a seat's name, or the engine's word for it."""
    if isinstance(option, int) and not isinstance(option, bool):
        return names[option] if 0 <= option < len(names) else str(option)
    if isinstance(option, str) and option in deck().by_id:
        return card_label(option)
    kind = (view.get("ask") or {}).get("kind", "")
    for key in (f"three_dragon_ante.action.{kind}_{option}", f"three_dragon_ante.action.{option}"):
        text = tr(key)
        if text != key:
            return text
    return str(option)


def decision_text(prompt: str, params: dict, names: list) -> str:
    """A question in the engine's words, its card ids and seats named."""
    named = {}
    for k, v in params.items():
        if k in ("owner", "target", "seat") and isinstance(v, int) and not isinstance(v, bool):
            named[k] = names[v] if 0 <= v < len(names) else str(v)
        elif isinstance(v, str) and v in deck().by_id:
            named[k] = card_label(v)
        else:
            named[k] = v
    return tr(prompt, **named)


def card_spot(view: dict, me: int, card_id: str) -> str | None:
    """The hit key of a card on the table, where the viewer can see it: in their hand, a flight, the ante or
    the reveal zone; None when it shows nowhere (a card named only in words)."""
    mine = f"hand/{me}"
    for z in view["zones"]:
        if card_id in z["cards"] and (z["id"] == mine or z["face"] == "up" and not z["id"].startswith("hand/")):
            return str(Hit.of_piece(z["id"], card_id))
    return None


def owns(view: dict, effect: str, seat: int) -> int:
    """How many of a per-player gambit effect (Archmage, Bronze Warlord, Gold Monarch, Dracolich) `seat` owns."""
    per_seat = view["effects"].get(effect) or []
    return per_seat[seat] if 0 <= seat < len(per_seat) else 0


def kobold_chosen(view: dict) -> list[str]:
    """The cards of my hand already chosen for the Kobold's discard (asked one at a time, then Done): the
    ones it no longer offers."""
    ask = view.get("ask")
    if not ask or ask["kind"] != "kobold" or ask["options"] is None:
        return []
    return [c for c in view["hand"] if c not in ask["options"]]


def gestures(view: dict, legal: list, me: int, names: list) -> list[Gesture]:
    out = []
    for act in legal:
        choice = act["choice"] if act.args else None
        if act.kind == PLAY:
            out.append(Gesture(act, str(Hit.of_piece(f"hand/{me}", choice)), str(Hit.of_zone(f"flight/{me}")), None,
                               tr(T + "do_play", card=card_label(choice))))
        elif act.kind == ANTE:
            out.append(Gesture(act, str(Hit.of_piece(f"hand/{me}", choice)), str(Hit.of_zone("ante")), None,
                               tr(T + "do_ante", card=card_label(choice))))
        else:
            out.append(Gesture(act, None, None, _click_for(view, me, choice), option_label(view, names, choice)))
    return out


def _click_for(view: dict, me: int, option) -> str | None:
    """Where an option can be clicked on the table: the card itself, or the seat's panel."""
    if isinstance(option, str) and option in deck().by_id:
        return card_spot(view, me, option)
    if isinstance(option, int) and not isinstance(option, bool) and 0 <= option < view["players"]:
        return str(Hit.of_seat(option))
    return None


# -- the drag hint -------------------------------------------------------------------------------------------

def previous_round_card(view: dict, me: int) -> str | None:
    """The round card of the player whose turn came just before mine this round (R15's third test)."""
    return view["round_cards"][(me - 1) % view["players"]]


def trigger_hint(view: dict, me: int, card_id: str) -> tuple[bool, str]:
    """(triggers, why) for playing `card_id` now: the engine's R15 answer from the view, in words."""
    reason = view["triggers"][card_id]
    if reason in ("first", "archmage", "no_card_before"):
        return reason != "no_card_before", tr(T + "hint_" + reason)
    before = card_label(previous_round_card(view, me))
    return reason == "weaker", tr(T + "hint_" + reason, card=before)


def drag_hint(view: dict, me: int, card_id: str) -> list[tuple[str, bool]]:
    """The lines shown beside a dragged card: (text, emphasised)."""
    if view["phase"] == ANTE:
        return [(tr(T + "hint_ante", strength=card(card_id).strength), True)]
    fires, why = trigger_hint(view, me, card_id)
    out = [(tr(T + ("hint_triggers" if fires else "hint_no_power")), True), (why, False)]
    text = power_text(card_id)
    if text:
        out.append((text if fires else tr(T + "hint_would", text=text), False))
    return out


# -- the sealed ante -----------------------------------------------------------------------------------------

def sealed_spots(area, count: int, card_w: int, card_h: int, name_h: int, gap: int) -> list[tuple]:
    """(card rect, name rect) for each of `count` sealed ante cards, in the order given: the backs spread
    across `area` (a pygame.Rect: the ante row and the empty reveal zone beside it, down to the bottom of the
    table's middle), overlapping only when they must, the names under them. When the backs overlap, the
    names take turns on as many rows as give each one at least a back's width without running into its
    neighbour's; the backs are made smaller if that is what leaves room for the rows."""
    def step_for(w: int) -> int:
        return w + gap if count < 2 else max(1, min(w + gap, (area.width - w) // (count - 1)))

    rows = min(count, -(-(card_w + gap) // step_for(card_w)))
    height = max(1, min(card_h, area.height - gap // 2 - rows * name_h))
    card_w = max(1, card_w * height // card_h)
    step = step_for(card_w)
    left = area.centerx - (card_w + step * (count - 1)) // 2
    spots = []
    for i in range(count):
        rect = area.__class__(left + i * step, area.top, card_w, height)
        visible = card_w if i == count - 1 else min(step, card_w)  # the strip of this back left uncovered
        name = area.__class__(0, rect.bottom + gap // 2 + (i % rows) * name_h, rows * step - gap, name_h)
        name.centerx = rect.left + visible // 2
        spots.append((rect, name))
    return spots
