"""The middle panel, which tells the story of the turn (whose turn, what to do now in more words than the
prompt, this turn's and the last turn's events as chips) and becomes the group's prediction panel: the seven
values to name (ruled-out ones hatched, the advised ones starred, a wrong first guess crossed), Pass or Stop,
the powers usable now with Higher than?'s values, the reveals, and the AI teammates' advice with its reason."""

from __future__ import annotations

import pygame

from game.games.shipwreck_arcana.cards import value_of

from ...table.base import R
from ...table.kit import Hit, paint
from ...table.kit.panels import Button, ButtonRow, chips, labelled_chips, text_lines
from ...ui import fonts
from ...ui.strings import tr
from ...ui.theme import scale
from .advice import GROUP_PHASES
from .art import FATES, GOLD, GOLD_HI, LINE, MOON, MOON_DIM, T, card_in, power_name

PANEL_BOX = (20, 458, 1470, 318)
ADVICE = Hit("advice")


# The colours of the values' buttons and of the powers' (kit.panels.ButtonRow).
def value_colours() -> dict:
    return {"dim": MOON_DIM, "ink": MOON, "live_edge": GOLD, "edge": LINE, "strike": FATES["doom"]}


POWER_COLOURS = {"fill": (40, 56, 96), "idle": (40, 56, 96), "ink": MOON, "dim": MOON, "live_edge": GOLD, "edge": LINE}


def layout(powers: list) -> dict:
    """The prediction panel's parts (window rects): "predict:<v>", "pass", "advice", the powers' buttons
    ("use:<power>", "use:higher_than:<x>" after Higher than?'s label) and the reveals' row."""
    x, y, w, h = PANEL_BOX
    out = {f"predict:{v}": R(x + 20 + (v - 1) * 114, y + 104, 106, 100) for v in range(1, 8)}
    out["pass"] = R(x + 20 + 7 * 114 + 8, y + 104, 170, 100)
    ax = x + 20 + 7 * 114 + 198
    out["advice"] = R(ax, y + 96, x + w - 16 - ax, 120)
    bx, row_y = x + 20, y + 222
    for power in powers:
        text_w = fonts.measure("small", True)(power_name(power)) / scale.factor if scale.factor else 0
        if power == "higher_than":
            out["use:higher_than"] = R(bx, row_y, text_w + 16, 50)
            bx += text_w + 22
            for xv in range(1, 7):
                out[f"use:higher_than:{xv}"] = R(bx, row_y, 50, 50)
                bx += 56
            bx += 18
        else:
            out[f"use:{power}"] = R(bx, row_y, max(96, text_w + 36), 50)
            bx += max(96, text_w + 36) + 14
    left = max(bx + 10, x + w - 560)
    out["reveals"] = R(left, row_y, x + w - 16 - left, 50)
    return out


def set_buttons(values: ButtonRow, powers: ButtonRow, view, parts: dict, live: set, advised: set, hover) -> None:
    """The value and power buttons for `view`: none unless the group decides; `advised` the values an AI
    teammate advises (starred)."""
    if view["phase"] not in GROUP_PHASES:
        values.set([])
        powers.set([])
        return
    ruled = set(view["positions"][view["active"]]["ruled_out"])
    tried = view["predictions"][0] if view["phase"] == "second" and view["predictions"] else None
    buttons = [Button(Hit("predict", piece=str(v)), str(v), parts[f"predict:{v}"]) for v in range(1, 8)]
    for v, b in enumerate(buttons, 1):
        b.edge, b.badge = (GOLD_HI, "★") if v in advised else (None, "")
        b.hatched, b.note, b.struck = v in ruled, tr(T + "ruled_out") if v in ruled else "", v == tried
    values.set(buttons, live, hover)
    keys = [k for k in parts if k.startswith("use:") and k != "use:higher_than"]
    powers.set([Button(Hit.parse(k), k.rpartition(":")[2] if k.startswith("use:higher_than:") else
                       power_name(k[4:]), parts[k]) for k in keys], live, hover)


def draw(surface, table, view) -> None:
    panel = table.zones["panel"]
    group = view["phase"] in GROUP_PHASES
    table.middle_plate.draw(surface, table.backdrop(), panel, 150 if group else 100, GOLD if group else LINE,
                            3 if group else 2, 16)
    current, previous, prev_pos = table.advisor.story()
    if group:
        _draw_prediction(surface, table, view, current)
    else:
        _draw_story(surface, table, view, current, previous, prev_pos)


def _title(surface, text: str, panel: pygame.Rect, top: int) -> None:
    paint.one_line(surface, text, (panel.left + scale(20), panel.top + scale(top)), panel.width - scale(40), "large",
                   GOLD_HI, True)


def _draw_story(surface, table, view, current, previous, prev_pos) -> None:
    panel, names, phase = table.zones["panel"], table.advisor.names(), view["phase"]
    x, width = panel.left + scale(20), panel.width - scale(40)
    over = {"won": "over_won", "deck": "over_deck"}.get(view["outcome"], "over_doom")
    key = over if phase == "over" else "turn_title"
    _title(surface, tr(T + key, score=view["score"], doom=view["doom"], turn=view["turn"],
                       player=names[view["active"]]), panel, 10)
    y = panel.top + scale(58)
    guide = _guide(table, view)
    if guide:
        y = text_lines(surface, guide, (x, y), width - (scale(360) if phase == "after" else 0), "body", MOON,
                       max_lines=2) + scale(6)
    if phase == "play" and table.scene.my_decision() is not None:  # what a fade costs, before the first play
        y = text_lines(surface, tr(T + "drop_hint"), (x, y), width, "small", GOLD_HI, True, 2) + scale(6)
    for words, phrases in ((tr(T + "this_turn"), current), (tr(T + "last_turn", player=names[prev_pos])
                                                            if prev_pos is not None else "", previous)):
        if not phrases or not words or y >= panel.bottom - scale(40):
            continue
        room = pygame.Rect(x, y, panel.right - scale(20) - x, min(scale(100), panel.bottom - y - scale(8)))
        y = labelled_chips(surface, words, phrases, room, MOON_DIM, "body") + scale(10)


def _guide(table, view) -> str:
    """What the viewer may do now, in more words than the prompt line (or what the table waits for)."""
    phase = view["phase"]
    decision = table.scene.my_decision()
    if phase == "over":
        return ""
    if decision is None:
        waiting = phase in ("draw", "play", "after")
        return tr(T + "wait_active", player=table.advisor.names()[view["active"]]) if waiting else ""
    if phase == "draw":
        return tr(T + "guide_draw")
    if phase == "play":
        plays: dict = {}
        legal = [a for a in table.match.legal_actions(decision.seat) if a.kind == "play"]
        for act in legal:
            card = card_in(view, act["slot"])
            if card not in plays.setdefault(value_of(act["token"]), []):
                plays[value_of(act["token"])].append(card)
        where = "  ·  ".join(f"{v} → {', '.join(cards)}" for v, cards in sorted(plays.items()))
        forced = bool(legal) and all(act["slot"] == 0 for act in legal)
        return tr(T + ("guide_forced" if forced else "guide_play"), plays=where)
    if phase == "after":
        hand = view["positions"][view["active"]]["hand"]
        return tr(T + "guide_after", value=hand[0]["value"] if hand else "?")
    return ""


def _draw_prediction(surface, table, view, current) -> None:
    panel, phase = table.zones["panel"], view["phase"]
    x = panel.left + scale(20)
    deciding = table.scene.my_decision() is not None and phase != "reveal"
    title = tr(T + ("predict_second" if phase == "second" else "predict_title"),
               player=table.advisor.names()[view["active"]])
    if view["twice"] and phase != "second":
        title += "  ·  " + tr(T + "s_twice")
    _title(surface, title, panel, 8)
    chips(surface, current, pygame.Rect(x, panel.top + scale(54), panel.width - scale(40), scale(40)), max_rows=1,
          back=(4, 22, 30))
    table.kit["values"].draw(surface)
    table.kit["powers"].draw(surface)
    parts = table.panel_parts(view)
    # The AI teammates' advice (R43), public information only unless Open AI advice is on: each AI's value and
    # chance, then why (the first AI's reason; all of it in the tooltip).
    area, found = parts["advice"], table.advisor.advice(view)
    if found:
        head = "  ".join("★ " + tr(T + "advice", player=name, value=v, percent=round(p * 100)) for name, v, p in found)
        y = text_lines(surface, head, area.topleft, area.width, "small", GOLD_HI, True, 2)
        rows = (area.bottom - y) // fonts.get("small").get_linesize()
        if rows > 0:
            text_lines(surface, table.advisor.reason(view), (area.left, y), area.width, "small", MOON, max_lines=rows)
    elif not deciding:
        fonts.blit_wrapped(surface, tr(T + "group_deciding"), area, "small", MOON_DIM)
    if "use:higher_than" in parts:
        rect = parts["use:higher_than"]
        fonts.blit_text(surface, power_name("higher_than"), (rect.left, rect.centery), "small", GOLD_HI, True,
                        anchor="midleft")
    elif not table.kit["powers"].buttons and deciding and phase == "predict":
        text = tr(T + ("power_spent" if view["power_used"] else "no_power"))
        fonts.blit_text(surface, text, (x, panel.top + scale(247)), "small", MOON_DIM, anchor="midleft")
    if table.scene.my_decision() is None or phase == "reveal":
        who = ", ".join(table.match.seats[d.seat].name for d in table.scene.deciding())
        if who:
            fonts.blit_text(surface, tr(T + "waiting_group", player=who), (x, panel.bottom - scale(30)), "small",
                            MOON_DIM, anchor="midleft")
    elif view["positions"][view["active"]]["ruled_out"] and deciding:
        fonts.blit_text(surface, tr(T + "assist_note"), (panel.right - scale(20), panel.top + scale(20)), "small",
                        MOON_DIM, anchor="topright")

