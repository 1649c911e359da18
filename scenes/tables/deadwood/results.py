"""Deadwood on the results screen: a line under each player (team, gold, showdown wounds) and the panel's body
of its own: each team (establishment) with its members, their gold and their revealed safes, the winning team
marked, then the Final Showdowns as the log told them."""

from __future__ import annotations

import pygame

from ...table.kit import paint
from ...ui import fonts, theme
from ...ui.strings import lang, tr
from ...ui.theme import scale
from . import faces

T = faces.T
SHOWDOWN_EVENTS = ("showdown", "wounded", "eliminated", "showdown_won", "mystery")


def _team_of(result, seat: int):
    return next((t for t in result.teams if seat in t.members), None)


def _establishment_of(result, team) -> str:
    """The id of a team's establishment (its name is a text key for the generic screen)."""
    return result.details["establishments"][team.members[0]]


def breakdown(result, seat: int) -> str:
    """"Gem Theater · 7 gold (team 12)", and a showdown's wounds."""
    team = _team_of(result, seat)
    gold = result.details["gold"][seat]
    if team is None:
        return tr(T + "result_gold", gold=gold)
    text = tr(T + "result_line", establishment=tr(team.name), gold=gold,
              team=team.score)
    wounds = result.details.get("wounds", [0] * len(result.scores))[seat]
    if wounds:
        text += " · " + tr(T + ("wounded" if wounds == 1 else "eliminated"))
    return text


def showdown_lines(match) -> list[str]:
    """The log lines of the end of the game: Mystery Safes, the showdowns, wounds and the last one standing."""
    names = [s.name for s in match.seats]
    from game.games.deadwood.log import line

    out = []
    for events in match.history:
        for ev in events:
            if ev.kind in SHOWDOWN_EVENTS:
                text = line(ev, names, lang(), None)
                if text:
                    out.append(text)
    return out


def draw_results(surface, rect: pygame.Rect, result, match) -> None:
    view = match.view(None)
    names = [s.name for s in match.seats]
    lines = showdown_lines(match)
    log_h = min(len(lines), 4) * fonts.get("small").get_linesize() + (scale(10) if lines else 0)
    teams = sorted(result.teams, key=lambda t: (not t.won, -t.score))
    room = rect.height - log_h
    block_h = room // max(1, len(teams))
    y = rect.top
    for team in teams:
        block = pygame.Rect(rect.left, y, rect.width, block_h - scale(8))
        _draw_team(surface, block, team, _establishment_of(result, team), view, names)
        y += block_h
    for text in lines[-4:]:
        paint.one_line(surface, text, (rect.left + scale(10), y), rect.width - scale(20), "small", theme.INK_DIM)
        y += fonts.get("small").get_linesize()


def _draw_team(surface, block: pygame.Rect, team, est_id: str, view, names) -> None:
    letter, colour = faces.team_mark(est_id)
    pygame.draw.rect(surface, theme.PANEL_HI, block, border_radius=scale(10))
    pygame.draw.rect(surface, theme.ACCENT_HI if team.won else colour, block, max(2, scale(3)),
                     border_radius=scale(10))
    lh = fonts.get("body", True).get_linesize()
    r = lh // 2
    paint.letter_disc(surface, (block.left + scale(14) + r, block.top + scale(6) + r), r, colour, letter)
    title = tr(T + "result_team", establishment=tr(team.name), gold=team.score)
    if team.won:
        title += " · " + tr(T + "result_won")
    paint.one_line(surface, title, (block.left + scale(24) + 2 * r, block.top + scale(6)), block.width // 2, "body",
                   theme.ACCENT_HI if team.won else theme.INK, True)
    members = list(team.members)
    top = block.top + lh + scale(10)
    col_w = (block.width - scale(20)) // max(1, len(members))
    card_h = max(scale(30), min(block.bottom - top - fonts.get("small").get_linesize() - scale(8), scale(90)))
    card_w = round(card_h / 1.4)
    for i, seat in enumerate(members):
        x = block.left + scale(10) + i * col_w
        gold = view["gold"][seat] if view["gold"] else 0
        paint.one_line(surface, tr(T + "result_member", player=names[seat], gold=gold), (x, top), col_w - scale(8),
                       "small", theme.INK, True)
        sx = x
        for slot in view["rows"][seat]["slots"]:
            face = slot["safe"] or faces.SAFE_BACK
            if sx + card_w > x + col_w - scale(6):
                break
            surface.blit(faces.image(face, card_w, card_h, lang()), (sx, top + fonts.get("small").get_linesize()
                                                                      + scale(4)))
            sx += card_w + scale(4)
