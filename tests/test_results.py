"""The results screen, driven by real events: a game with one winner and no points (Get Lucky) prints its
game-wide facts once and no points, and every game's final table can be looked at behind the panel."""

from __future__ import annotations

import pygame
import pytest

from game.ai.bot import SeatInfo, make_bot
from game.core.match import AI, HUMAN, Match, Seat
from game.core.rng import Rng
from game.games import rules as rules_for
from scenes.results import ResultsScene
from scenes.table.scene import TableScene
from scenes.title import TitleScene
from scenes.ui import fonts
from scenes.ui.strings import tr
from scenes.ui.widgets import _text

from .scenes_harness import click, frames, key, make_app, open_table, top_name


def finished(game_id: str, players: int, seed: int = 3) -> Match:
    seats = [Seat("Aiko", HUMAN)] + [Seat(f"Bot {i}", AI, "easy") for i in range(1, players)]
    match = Match(rules_for(game_id), seats, None, seed)
    rng = Rng(seed)
    bot = make_bot(game_id, "easy")
    while not match.is_over():
        seat = match.pending()[0].seat
        match.apply(bot.choose(SeatInfo(match.rules, match.state, seat), rng))
    return match


def show_results(app, match) -> ResultsScene:
    app.reset(TitleScene(app))
    app.push(TableScene(app, match, autosave=False))
    results = app.push(ResultsScene(app, match))
    frames(app, 2)
    return results


def rendered_during_draw(app, monkeypatch) -> list[str]:
    drawn: list[str] = []
    real = fonts.render
    monkeypatch.setattr(fonts, "render", lambda text, *a, **k: drawn.append(text) or real(text, *a, **k))
    app.top.draw(app.screen)
    return drawn


@pytest.mark.parametrize("players", [3, 6])
def test_get_lucky_results_tell_the_game_once_and_no_points(app, monkeypatch, players):
    match = finished("get_lucky", players)
    result = match.result()
    show_results(app, match)
    drawn = rendered_during_draw(app, monkeypatch)
    joined = "".join(drawn).replace(" ", "")
    turns = result.details["turns"]
    key_ = "get_lucky.table." + ("result_drawn" if result.details["drawn"] else "result_summary")
    summary = tr(key_, turns=turns, attempts=result.details["attempts"])
    assert joined.count(summary.replace(" ", "")) == 1, drawn
    assert not any(tr("results.points", score=s) in drawn for s in (0, 1)), drawn
    for seat in range(players):  # every player is listed, inside the panel
        assert match.seats[seat].name in drawn


@pytest.mark.parametrize("game_id, players", [("get_lucky", 3), ("deadmans_draw", 2), ("shipwreck_arcana", 2)])
def test_view_table_hides_the_results_until_a_click_or_esc(app, monkeypatch, game_id, players):
    results = show_results(app, finished(game_id, players))
    title = results.title()
    view = next(b for b in results.buttons if _text(b.text) == tr("results.view_table"))
    click(app, view.rect.center)
    assert top_name(app) == "ResultsScene" and results.peeking
    drawn = rendered_during_draw(app, monkeypatch)
    assert title not in drawn and tr("results.back_to_results") in drawn
    key(app, pygame.K_ESCAPE)  # back to the results, not to the title
    assert top_name(app) == "ResultsScene" and not results.peeking
    assert title in rendered_during_draw(app, monkeypatch)
    click(app, view.rect.center)
    assert results.peeking
    click(app, (5, 5))  # anywhere
    assert not results.peeking and top_name(app) == "ResultsScene"


def _finished_dmd(seats, seed=4):
    from game.core.rng import Rng

    match = Match(rules_for("deadmans_draw"), seats, {"traits": False}, seed)
    rng = Rng(seed)
    while not match.is_over():
        seat = match.pending()[0].seat
        legal = match.legal_actions(seat)
        match.apply(legal[rng.below(len(legal))])
    return match


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_teams_are_ranked_on_the_results_panel_and_a_game_may_draw_its_own(tmp_path, monkeypatch, lang):
    """Issue 12: a result with teams (Deadwood's establishments) lists each team with its members and
    score, the winners marked; a table's `draw_results` hook draws the panel's body instead."""
    from game.core.rules import Team
    from scenes.tables import table_for

    app = make_app(tmp_path, lang=lang)
    try:
        match = _finished_dmd([Seat("Aiko"), Seat("Ben", AI, "easy"), Seat("Cho", AI, "easy"), Seat("Dan", AI, "easy")])
        result = match.result()
        result.teams = [Team((0, 2), 30, True), Team((1, 3), 12, False)]
        monkeypatch.setattr(match, "result", lambda: result)
        drawn = []
        real_render = fonts.render

        def spy(text, *args, **kwargs):
            drawn.append(text)
            return real_render(text, *args, **kwargs)

        monkeypatch.setattr(fonts, "render", spy)
        open_table(app, match)
        app.nav.results(match)
        frames(app, 2)
        assert any("Aiko, Cho" in t and "30" in t for t in drawn) and any("Ben, Dan" in t for t in drawn)
        body = []
        monkeypatch.setattr(table_for("deadmans_draw"), "draw_results",
                            lambda surface, rect, res, m: body.append((rect.width > 0, res is result)),
                            raising=False)
        app.nav.results(match)
        frames(app, 1)
        assert body and body[-1] == (True, True)
    finally:
        app.shutdown()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_finished_deadwood_game_names_its_teams_by_establishment(tmp_path, monkeypatch, lang):
    """A team's name is a text key (Team): the generic team list and Deadwood's own panel both show the
    establishment's name in the player's language, never its id."""
    from game.games.deadwood.cards import data
    from scenes.tables import table_for

    app = make_app(tmp_path, lang=lang)
    try:
        match = finished("deadwood", 6)
        names = {e.id: e.name[lang] for e in data().establishments}
        teams = match.result().teams
        for own_panel in (True, False):
            if not own_panel:  # the generic list, as a game without a panel of its own gets it
                monkeypatch.delattr(table_for("deadwood"), "draw_results")
            show_results(app, match)
            drawn = rendered_during_draw(app, monkeypatch)
            for team in teams:
                est = match.view(None)["establishments"][team.members[0]]
                assert any(names[est] in t for t in drawn), (own_panel, est, drawn)
            assert not any(est_id in t for t in drawn for est_id in names), drawn
    finally:
        app.shutdown()
