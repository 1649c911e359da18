"""A guided first game: the normal table scene with a guide's script laid over it (scenes/guide_script.py,
data/guides/). While a step waits for the player's move, only that move is made (any other: a gentle hint,
nothing applied); the bots' scripted moves are forced instead of asking them; each step's sentence is shown in
a callout beside what it points at, ringed. After the last step (or Skip) it is a normal game, bots and all.
It is never autosaved: a guide must not replace the player's unfinished game of that game.
"""

from __future__ import annotations

import pygame

from game.core.match import Match

from .guide_script import Guide, Step, matches, scripted
from .table.scene import TableScene
from .ui import fonts, theme
from .ui.strings import tr
from .ui.theme import scale
from .ui.widgets import Button, Form

CALLOUT_W = 460  # design px
HINT_SECONDS = 4.0


class GuidedTable(TableScene):
    def __init__(self, app, match: Match, guide: Guide):
        super().__init__(app, match, autosave=False)
        self.guide = guide
        self.index = 0
        self.hint: str | None = None
        self.hint_time = 0.0
        self.callout_rect: pygame.Rect | None = None
        self._placed_for = None  # what the callout's place was chosen for (see _callout_box)
        self.guide_form = Form()
        self.end_guide_button = self.guide_form.add(Button(lambda: tr("table.guide_skip"), self.end_guide,
                                                           size="small"))
        self.next_button = self.guide_form.add(Button(lambda: tr("table.guide_next"), self.next, "primary",
                                                      size="small"))
        # The guide says which move to make: the coach, which may name another, waits for its end.
        self.coach_after, self.coach.enabled = self.coach.enabled, False

    # -- the script ---------------------------------------------------------------------------------------

    @property
    def step(self) -> Step | None:
        """The step under way; None once the guide is over (a normal game from then on)."""
        return self.guide.steps[self.index] if self.index < len(self.guide.steps) else None

    def _advance(self) -> None:
        self.index += 1
        self.hint = None
        self.ai_delay = 0.0  # a bot's next scripted move waits its pace like any bot's

    def ready(self) -> bool:
        """May Next be pressed: a note at any time; a bot's move once the table is still and it is the bot's
        turn (the move the player read about is then made)."""
        step = self.step
        if step is None or not step.waits_for_next:
            return False
        return step.ai is None or not self.busy() and any(d.seat == step.seat for d in self.deciding())

    def next(self) -> None:
        if not self.ready():
            return
        step = self.step
        if step.ai is not None:
            self._force(step)  # the player has read what the bot is about to do
        else:
            self._advance()

    def end_guide(self) -> None:
        self.index = len(self.guide.steps)
        self.hint = None

    def _force(self, step: Step) -> None:
        found = scripted(self.match, step)
        if not found:  # a script gone wrong (tests/test_guides.py replays each): the bots play on by themselves
            self.end_guide()
            return
        self.apply(found[0])

    def undo(self) -> None:
        """Taking a move back would leave the script behind: not while the guide runs."""
        if self.step is not None:
            self.toast(tr("table.guide_no_undo"))
            return
        super().undo()

    # -- the table scene's hooks ----------------------------------------------------------------------------

    def apply(self, act) -> None:
        super().apply(act)
        step = self.step
        if step is not None and step.pattern is not None and matches(step.pattern, act):
            self._advance()

    def do(self, gesture) -> None:
        """Only the step's own move is made; a table-side step (staging a card) is always allowed."""
        step = self.step
        if step is None or gesture.use is not None or step.do is not None and matches(step.do, gesture.action):
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
        if self.step is None and self.coach.enabled != self.coach_after:
            self.coach.enabled = self.coach_after  # the guide is over: a normal game, its coach included
            self._refresh_buttons()
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
        self.end_guide_button.rect = pygame.Rect(0, 0, scale(200), menu.height)
        self.end_guide_button.rect.topright = (menu.left - scale(12), menu.top)

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
        self.next_button.enabled = self.ready()
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
        box = self._callout_box(pygame.Rect(0, 0, width, height), lit, surface.get_rect())
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

    def _callout_box(self, box: pygame.Rect, lit: list, bounds: pygame.Rect) -> pygame.Rect:
        """The callout's place, chosen again only when the step, the position or the sizes change (choosing
        takes milliseconds), and kept while the table moves, so that it does not jump about with the cards."""
        key = (self.index, self.match.state_id, bounds.size, box.size)
        same_step = self._placed_for is not None and self._placed_for[0] == self.index and \
            self._placed_for[3] == box.size
        if key != self._placed_for and not (self.busy() and same_step):
            self._placed_for, self.callout_rect = key, self._place(box, lit, bounds)
        return self.callout_rect

    def _place(self, box: pygame.Rect, lit: list, bounds: pygame.Rect) -> pygame.Rect:
        """Where the callout hides least: never what the step points at (weighed heaviest), then as little as
        may be of the cards and tokens on the table, what the player may use, the prompt and the buttons; of
        spots as good, the nearest to what it points at. Tried beside each lit thing and over a grid of the window."""
        need = [self.table.prompt_rect(), self.menu_button.rect, self.end_guide_button.rect]
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
