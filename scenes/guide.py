"""A guided first game: a short scripted deal that walks a new player through a game's core in a few turns,
then lets them finish it against the bots.

A guide is data, data/guides/<game_id>.yaml: the seed, the number of seats (seat 0 is the player, the
others bots of `level`), the options, and the steps. Each step is one of

- `do: {kind: ..., <arg>: <value>}`: the move the player makes (its pattern: the kind and the arguments
  named); any other move is refused with a hint and not applied;
- `ai: {seat: n, kind: ..., ...}`: the move a bot makes, forced instead of asking the bot;
- neither: a note the player reads, closed by Next.

and may have `say` (a text key under `<game_id>.guide.`, shown in a callout) and `show` (hit keys or zone
names the table already knows, ringed by a spotlight; a `do` step also rings its own move's targets). A
bot's step with `say` waits for Next, so that the player reads before it moves. A pattern matches exactly
one legal action at its point (tests/test_guides.py replays every script through the rules alone).

`GuidedTable` is the normal table scene with the script laid over it; after the last step (or Skip) it is
a normal game, bots and all. It is never autosaved: a guide must not replace the player's unfinished game.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.core import safeio
from game.core.match import AI, HUMAN, Match, Seat
from game.core.paths import data_dir
from game.games import rules as rules_for

from .table.scene import TableScene
from .ui import fonts, theme
from .ui.strings import tr
from .ui.theme import scale
from .ui.widgets import Button, Form

PLAYER = 0  # the seat the player takes in every guide
CALLOUT_W = 460  # design px
HINT_SECONDS = 4.0


@dataclass(frozen=True)
class Step:
    do: dict | None = None  # the player's move (a pattern)
    ai: dict | None = None  # a bot's move (a pattern with its seat)
    say: str | None = None  # a text key under "<game>.guide."
    show: tuple = ()  # hit keys or zone names to ring

    @property
    def pattern(self) -> dict | None:
        return self.do if self.do is not None else self.ai

    @property
    def seat(self) -> int | None:
        if self.do is not None:
            return PLAYER
        return self.ai.get("seat") if self.ai is not None else None

    @property
    def waits_for_next(self) -> bool:
        """A note, or a bot's move the player reads about first."""
        return self.do is None and (self.ai is None or self.say is not None)


@dataclass(frozen=True)
class Guide:
    game_id: str
    seed: int
    players: int
    level: str
    options: dict = field(default_factory=dict)
    steps: tuple = ()

    def text(self, key: str, **params) -> str:
        return tr(f"{self.game_id}.guide.{key}", **params)

    def match(self, you: str, bot_names) -> Match:
        seats = [Seat(you, HUMAN)] + [Seat(bot_names(i), AI, self.level) for i in range(1, self.players)]
        return Match(rules_for(self.game_id), seats, dict(self.options), self.seed)


def guide_path(game_id: str):
    return data_dir() / "guides" / f"{game_id}.yaml"


def has_guide(game_id: str | None) -> bool:
    return game_id is not None and guide_path(game_id).is_file()


def load(game_id: str) -> Guide:
    """The guide of `game_id` (shipped data: a broken one is a bug, raised as such)."""
    data = safeio.read_yaml(guide_path(game_id))
    steps = tuple(Step(do=s.get("do"), ai=s.get("ai"), say=s.get("say"), show=tuple(s.get("show", ())))
                  for s in data["steps"])
    return Guide(game_id, data["seed"], data["players"], data.get("level", "easy"), data.get("options", {}), steps)


def matches(pattern: dict, act) -> bool:
    """Does the action fit the step's pattern (its kind and every argument the pattern names)?"""
    if act is None or act.kind != pattern["kind"] or act.seat != pattern.get("seat", act.seat):
        return False
    return all(act.get(k) == v for k, v in pattern.items() if k not in ("seat", "kind"))


def scripted(match: Match, step: Step) -> list:
    """The legal actions of the step's seat that fit its pattern (exactly one in a sound script)."""
    return [a for a in match.legal_actions(step.seat) if matches(step.pattern, a)]


class GuidedTable(TableScene):
    def __init__(self, app, match: Match, guide: Guide):
        super().__init__(app, match, autosave=False)
        self.guide = guide
        self.index = 0
        self.hint: str | None = None
        self.hint_time = 0.0
        self.callout_rect: pygame.Rect | None = None
        self.guide_form = Form()
        self.skip_button = self.guide_form.add(Button(lambda: tr("table.guide_skip"), self.skip, size="small"))
        self.next_button = self.guide_form.add(Button(lambda: tr("table.guide_next"), self.next, "primary",
                                                      size="small"))

    # -- the script ---------------------------------------------------------------------------------------

    @property
    def step(self) -> Step | None:
        """The step under way; None once the guide is over (a normal game from then on)."""
        return self.guide.steps[self.index] if self.index < len(self.guide.steps) else None

    def _advance(self) -> None:
        self.index += 1
        self.hint = None
        self.ai_delay = 0.0  # a bot's next scripted move waits its pace like any bot's

    def next(self) -> None:
        step = self.step
        if step is None or not step.waits_for_next:
            return
        if step.ai is not None:
            self._force(step)  # the player has read what the bot is about to do
        else:
            self._advance()

    def skip(self) -> None:
        self.index = len(self.guide.steps)
        self.hint = None

    def _force(self, step: Step) -> None:
        found = scripted(self.match, step)
        if not found:
            raise AssertionError(f"guide step {self.index} of {self.guide.game_id} is not legal here")
        self.apply(found[0])

    # -- the table scene's hooks ----------------------------------------------------------------------------

    def apply(self, act) -> None:
        super().apply(act)
        step = self.step
        if step is not None and step.pattern is not None and matches(step.pattern, act):
            self._advance()

    def do(self, gesture) -> None:
        """Only the step's own move is made; a table-side step (staging a card) is always allowed."""
        step = self.step
        if step is None or gesture.use is not None:
            super().do(gesture)
        elif step.do is not None and matches(step.do, gesture.action):
            super().do(gesture)
        else:
            self._refuse()

    def _refuse(self) -> None:
        expected = self._expected()
        if expected is not None:
            self.hint = tr("table.guide_try", move=expected.label)
        else:
            self.hint = tr("table.guide_read")  # a note or a bot's move first: Next
        self.hint_time = HINT_SECONDS

    def _expected(self):
        step = self.step
        if step is None or step.do is None:
            return None
        return next((g for g in self._offer() if matches(step.do, g.action)), None)

    def _ask_ai(self, seats: list[int]) -> None:
        step = self.step
        if step is None:
            super()._ask_ai(seats)
        elif step.ai is not None and step.seat in seats and not step.waits_for_next:
            self._force(step)
        # Otherwise the bots wait: the player has a note to read or a move to make first.

    def update(self, dt):
        super().update(dt)
        self.guide_form.update(dt)
        self.hint_time = max(0.0, self.hint_time - dt)
        if self.hint_time == 0.0:
            self.hint = None

    def handle(self, event):
        if self.step is not None:
            if self.guide_form.handle(event):
                return
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                    and self.step.waits_for_next:
                self.next()
                return
        super().handle(event)

    # -- drawing --------------------------------------------------------------------------------------------

    def layout(self, width, height):
        super().layout(width, height)
        menu = self.menu_button.rect
        self.skip_button.rect = pygame.Rect(0, 0, scale(200), menu.height)
        self.skip_button.rect.topright = (menu.left - scale(12), menu.top)

    def spotlit(self) -> list[pygame.Rect]:
        """Where the step points: its move's targets (or button) and the places it names."""
        step = self.step
        keys = list(step.show)
        expected = self._expected()
        rects = []
        if expected is not None:
            keys += [k for k in (expected.drag_from, expected.drop_on, expected.click) if k]
            rects += [b.rect for b in self.action_buttons if b.text == expected.label]
        for key in dict.fromkeys(keys):
            rect = self._rect_of(key)
            if rect is not None:
                rects.append(rect)
        return rects

    def _rect_of(self, key: str):
        """A hit key's rect, else a zone's or a kit widget's of that name."""
        try:
            rect = self.table.rect_of(key)
        except (KeyError, ValueError):
            rect = None
        if rect is None:
            rect = self.table.zones.get(key)
        kit = getattr(self.table, "kit", None)
        if rect is None and kit is not None and key in kit.items:
            rect = kit[key].rect
        return rect

    def draw(self, surface):
        super().draw(surface)
        step = self.step
        if step is None:
            return
        lit = self.spotlit()
        pulse = (self.board.clock * 2) % 1.0
        for rect in lit:
            ring = rect.inflate(scale(14 + 10 * pulse), scale(14 + 10 * pulse))
            pygame.draw.rect(surface, theme.ACCENT_HI, ring, max(3, scale(5)), border_radius=scale(14))
        self._draw_callout(surface, step, lit)
        self.next_button.visible = step.waits_for_next
        self.guide_form.draw(surface)

    def _callout_text(self, step: Step) -> str:
        return self.guide.text(step.say) if step.say else ""

    def _draw_callout(self, surface, step: Step, lit: list) -> None:
        text = self._callout_text(step)
        width = scale(CALLOUT_W)
        inner = width - scale(36)
        lines = fonts.lines(text, inner, "body")
        hint = fonts.lines(self.hint, inner, "small") if self.hint else []
        lh, sh = fonts.get("body").get_linesize(), fonts.get("small").get_linesize()
        button_h = scale(56) if step.waits_for_next else 0
        height = scale(28) + lh * len(lines) + sh * len(hint) + (button_h + scale(12) if button_h else 0)
        box = self._place(pygame.Rect(0, 0, width, height), lit, surface.get_rect())
        self.callout_rect = box
        pygame.draw.rect(surface, (16, 14, 12), box, border_radius=scale(12))
        pygame.draw.rect(surface, theme.ACCENT_HI, box, max(2, scale(3)), border_radius=scale(12))
        y = box.top + scale(14)
        for line in lines:
            fonts.blit_text(surface, line, (box.left + scale(18), y), "body", theme.INK)
            y += lh
        for line in hint:
            fonts.blit_text(surface, line, (box.left + scale(18), y), "small", theme.DANGER)
            y += sh
        self.next_button.rect = pygame.Rect(0, 0, scale(160), button_h)
        self.next_button.rect.bottomright = (box.right - scale(14), box.bottom - scale(12))

    def _place(self, box: pygame.Rect, lit: list, bounds: pygame.Rect) -> pygame.Rect:
        """Where the callout hides least: never what the step points at (weighed heaviest), then as little as
        may be of the cards and tokens on the table, what the player may use, the prompt and the buttons; of spots as good, the nearest
        to what it points at. Tried beside each lit thing and over a grid of the window."""
        need = [self.table.prompt_rect(), self.menu_button.rect, self.skip_button.rect]
        need += [b.rect for b in self.action_buttons] + [p.rect for p in self.board.pieces.values()]
        need += [r for r in (self._rect_of(k) for g in self.gestures() for k in (g.click, g.drag_from, g.drop_on)
                             if k) if r is not None]  # whatever the player may use now
        gap = scale(24)
        target = lit[0].unionall(lit[1:]) if lit else bounds
        spots = []
        for anchor in lit:
            for side in ("midtop", "midbottom", "midleft", "midright"):
                spot = box.copy()
                x, y = getattr(anchor, {"midtop": "midbottom", "midbottom": "midtop", "midleft": "midright",
                                        "midright": "midleft"}[side])
                dx, dy = {"midtop": (0, gap), "midbottom": (0, -gap), "midleft": (gap, 0), "midright": (-gap, 0)}[side]
                setattr(spot, side, (x + dx, y + dy))
                spots.append(spot.clamp(bounds))
        step = scale(40)
        spots += [pygame.Rect(x, y, box.width, box.height) for x in range(0, bounds.width - box.width + 1, step)
                  for y in range(0, bounds.height - box.height + 1, step)]

        def area(spot: pygame.Rect, rects) -> int:
            return sum(spot.clip(r).width * spot.clip(r).height for r in rects)

        def cost(spot: pygame.Rect) -> float:
            far = abs(spot.centerx - target.centerx) + abs(spot.centery - target.centery)
            return 50 * area(spot, lit) + area(spot, need) + far * scale(20)

        return min(spots, key=cost)


def open_guide(app, game_id: str) -> GuidedTable:
    """A guided game of `game_id` over the title (where leaving it leads); the game is marked as guided."""
    from .seating import ai_name, human_name, remembered_names
    from .title import TitleScene

    guide = load(game_id)
    you = human_name(remembered_names(app.prefs), (), 1)  # the player's own name, as a new game would give
    names: set = {you}

    def bot_name(seat: int) -> str:
        name = ai_name(seat, names)
        names.add(name)
        return name

    match = guide.match(you, bot_name)
    mark_guided(app, game_id)
    app.reset(TitleScene(app))
    return app.push(GuidedTable(app, match, guide))


def mark_guided(app, game_id: str) -> None:
    if game_id not in app.prefs.guided:
        app.prefs.guided.append(game_id)
        app.save_prefs()


def offer(app, game_id: str | None) -> bool:
    """The first time a game with a guide is opened: ask whether to learn it by playing (once per game).
    True when the question was put."""
    if not has_guide(game_id) or game_id in app.prefs.guided:
        return False
    from .ui.dialog import Dialog

    mark_guided(app, game_id)  # asked once, whatever the answer
    name = rules_for(game_id).info.names
    from .ui.strings import lang

    app.push(Dialog(app, tr("newgame.guide_offer_title", game=name[lang()]), tr("newgame.guide_offer"), [
        (tr("newgame.guide_learn"), lambda: open_guide(app, game_id), "primary"),
        (tr("newgame.guide_play_now"), None, "normal")]))
    return True
