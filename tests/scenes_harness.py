"""Driving the app headless with real pygame events (SDL's dummy video driver)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402

from scenes.app import App  # noqa: E402
from scenes.tables import playable_ids  # noqa: E402

# The AI speed that goes with each animation speed in tests: the pace the animation speed alone set before the
# AI speed was a setting of its own (animations off: AI moves at once), which the tests' frame counts are made for.
AI_SPEED_FOR = {"slow": "slow", "normal": "normal", "fast": "fast", "off": "instant"}


def make_app(tmp_path, size=(1280, 720), lang="en", speed="fast", ai_speed=None) -> App:
    app = App(user_dir=tmp_path, size=size, fullscreen=False)
    app.prefs.anim_speed = speed
    app.prefs.ai_speed = ai_speed or AI_SPEED_FOR[speed]
    app.prefs.guided = playable_ids()  # a player past the first-start offers (tests/test_guides.py tests them)
    app.set_language(lang)
    return app


def frames(app: App, count: int = 1, dt: float = 0.05) -> None:
    """`count` frames; after each, the autosaves handed over are on disk (written off the UI thread in
    the app), so a test sees the files as the next frame would."""
    for _ in range(count):
        app.frame(dt)
        app.autosaves.flush()


def post(event_type, **attrs) -> None:
    pygame.event.post(pygame.event.Event(event_type, **attrs))


def click(app: App, pos, button: int = 1) -> None:
    pos = tuple(int(v) for v in pos)
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
    frames(app, 1)


def drag(app: App, start, end, steps: int = 6) -> None:
    start = tuple(int(v) for v in start)
    end = tuple(int(v) for v in end)
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    frames(app, 1)
    for i in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * i // steps
        y = start[1] + (end[1] - start[1]) * i // steps
        post(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0))
        frames(app, 1, 0.016)
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    frames(app, 1)


def key(app: App, k, mod: int = 0, text: str | None = None) -> None:
    post(pygame.KEYDOWN, key=k, mod=mod, unicode=text or "", scancode=0)
    post(pygame.KEYUP, key=k, mod=mod, unicode=text or "", scancode=0)
    frames(app, 1)


def type_text(app: App, text: str) -> None:
    post(pygame.TEXTINPUT, text=text)
    frames(app, 1)


def open_table(app: App, match):
    """The title with a table over it, as after New game."""
    from scenes.table.scene import TableScene
    from scenes.title import TitleScene

    app.reset(TitleScene(app))
    return app.push(TableScene(app, match))


def settled(app: App, scene, limit: int = 80) -> None:
    """Frames until the table is still: no piece moving, nothing of the table's own under way."""
    for _ in range(limit):
        if not scene.board.busy and not scene.table.busy():
            return
        frames(app, 1, 0.05)


def top_name(app: App) -> str:
    return type(app.top).__name__


def perform(app: App, scene, gesture, prefer_click: bool = False) -> None:
    """Carry out a gesture the way a player would: drag it, click its target, or press its button
    (`prefer_click` takes a click or a button over a drag when the gesture offers both)."""
    table = scene.table
    button = next((b for b in scene.action_buttons if b.text == gesture.label), None)
    if gesture.drag_from and gesture.drop_on and not (prefer_click and (gesture.click or button)):
        drag(app, table.rect_of(gesture.drag_from).center, table.rect_of(gesture.drop_on).center)
    elif gesture.click:
        click(app, table.rect_of(gesture.click).center)
    else:
        click(app, button.rect.center)


def play_through(app: App, scene, human_move, seed: int = 0, limit: int = 6000) -> None:
    """Play to the results screen: `human_move(app, scene, rng)` acts whenever the human may."""
    from game.core.rng import Rng

    rng = Rng(seed)
    for _ in range(limit):
        if top_name(app) == "ResultsScene":
            return
        if top_name(app) == "TableScene" and not scene.board.busy and not scene.table.busy() \
                and scene.my_decision() is not None and scene.thinking is None:
            before = scene.match.state_id
            human_move(app, scene, rng)
            frames(app, 1)
            assert scene.match.state_id > before, "the gesture did not act"
        else:
            frames(app, 1, 0.05)
    raise AssertionError("the game did not finish")


def check_kept_layer(app, scene, match, rng, moves: int = 10) -> list:
    """Random moves, and a few frames after each: every frame, the screen drawn with the table's kept Layer is
    the screen drawn with a fresh one. Returns what the layer had painted at each frame (a part painted again
    shows as a change)."""
    from scenes.table.kit.areas import Layer

    painted = []
    for _ in range(moves):
        if match.is_over():
            break
        seat = scene.deciding()[0].seat
        legal = match.legal_actions(seat)
        scene.apply(legal[rng.below(len(legal))])
        for _ in range(3):
            frames(app, 1)
            scene.draw(app.screen)
            kept = pygame.image.tobytes(app.screen, "RGB")
            painted.append(scene.table.kit._layer._painted.copy())
            scene.table.kit._layer = Layer()
            scene.draw(app.screen)
            assert pygame.image.tobytes(app.screen, "RGB") == kept
    return painted
