"""The new-game screen with a game whose options are more than on/off (The Shipwreck Arcana): a difficulty
picked from a list, an option offered only at some player counts (the two-player challenge mode), and the
match started with what was chosen. Driven by posted mouse events."""

from __future__ import annotations

from scenes.newgame import NewGameScene
from scenes.title import TitleScene

from .scenes_harness import click, frames, make_app, top_name


def _widget(scene, option_id):
    return next(w for w in scene.option_toggles if w.spec.id == option_id)


def test_difficulty_list_and_challenge_only_with_two_players(tmp_path):
    app = make_app(tmp_path)
    app.reset(TitleScene(app))
    scene = app.push(NewGameScene(app, "shipwreck_arcana"))
    frames(app, 2)
    difficulty, challenge = _widget(scene, "difficulty"), _widget(scene, "challenge")
    assert difficulty.value == "normal" and scene.players == 3
    click(app, difficulty.rect.center)
    click(app, difficulty.rect.center)
    assert scene.option_values["difficulty"] == "doomed"
    assert not challenge.enabled  # three players: no challenge mode
    click(app, challenge.rect.center)
    assert scene.option_values["challenge"] is False
    click(app, scene.count_choice.rect.center, button=3)  # right click steps back: 2 players
    assert scene.players == 2 and challenge.enabled
    click(app, challenge.rect.center)
    assert scene.option_values["challenge"] is True
    click(app, scene.count_choice.rect.center)  # 3 players again: the option goes back to its default
    assert scene.option_values["challenge"] is False and challenge.value is False
    click(app, scene.count_choice.rect.center, button=3)
    click(app, challenge.rect.center)
    click(app, scene.start.rect.center)
    frames(app, 2)
    assert top_name(app) == "TableScene"
    match = app.top.match
    assert match.options["difficulty"] == "doomed" and match.options["challenge"]
    assert match.state.doom == 6 and len(match.state.owner) == 4  # R47: two hands each
