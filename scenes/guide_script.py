"""The guided first games' scripts (data/guides/<game_id>.yaml) and the first-start offer; the table that plays
them is scenes/guide.py (GuidedTable), opened through app.nav.guide.

A guide is data: the seed, the number of seats (seat 0 is the player, the others bots of `level`), the
options, and the steps. Each step is one of

- `do: {kind: ..., <arg>: <value>}`: the move the player makes (its pattern: the kind and the arguments
  named); any other move is refused with a hint and not applied;
- `ai: {seat: n, kind: ..., ...}`: the move a bot makes, forced instead of asking the bot;
- neither: a note the player reads, closed by Next.

and may have `say` (a text key under `<game_id>.guide.`, in data/i18n/<lang>.<game_id>_guide.yaml, shown in a
callout) and `show` (hit keys or zone names the table already knows, ringed by a spotlight; a `do` step also
rings its own move's targets). A bot's step with `say` waits for Next, so that the player reads before it
moves. A pattern matches exactly one legal action at its point (tests/test_guides.py replays every script
through the rules alone).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core import safeio
from game.core.canon import tuplify
from game.core.match import AI, HUMAN, Match, Seat
from game.core.paths import data_dir
from game.games import rules as rules_for

from .ui.strings import lang, tr

PLAYER = 0  # the seat the player takes in every guide


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
    """The guide of `game_id`. A file that cannot be read or does not hold a guide (edited in a checkout) is a
    FileProblem, which the player is told of: the game itself is still there to play."""
    path = guide_path(game_id)
    data = safeio.read_yaml(path)
    try:
        steps = tuple(Step(do=s.get("do"), ai=s.get("ai"), say=s.get("say"), show=tuple(s.get("show", ())))
                      for s in data["steps"])
        guide = Guide(game_id, int(data["seed"]), int(data["players"]), str(data.get("level", "easy")),
                      dict(data.get("options", {})), steps)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise safeio.FileProblem(path, "file.bad_content", detail=f"{type(exc).__name__}: {exc}") from None
    if not all(step.pattern is None or isinstance(step.pattern, dict) and isinstance(step.pattern.get("kind"), str)
               for step in steps):
        raise safeio.FileProblem(path, "file.bad_content", detail="a step's move has no kind")
    return guide


def matches(pattern: dict, act) -> bool:
    """Does the action fit the step's pattern (its kind and every argument the pattern names)?"""
    if act is None or act.kind != pattern["kind"] or act.seat != pattern.get("seat", act.seat):
        return False
    return all(act.get(k) == tuplify(v) for k, v in pattern.items() if k not in ("seat", "kind"))


def scripted(match: Match, step: Step) -> list:
    """The legal actions of the step's seat that fit its pattern (exactly one in a sound script)."""
    return [a for a in match.legal_actions(step.seat) if matches(step.pattern, a)]


def new_match(app, guide: Guide) -> Match:
    """The guide's match: the player under their own name (as a new game would give), bots under pirates'."""
    from .seating import ai_name, human_name, remembered_names

    you = human_name(remembered_names(app.prefs), (), 1)
    names: set = {you}

    def bot_name(seat: int) -> str:
        name = ai_name(seat, names)
        names.add(name)
        return name

    return guide.match(you, bot_name)


def mark_guided(app, game_id: str) -> None:
    """Remember that the game's guide was offered or played: it is not offered again."""
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
    name = rules_for(game_id).info.names[lang()]
    app.push(Dialog(app, tr("newgame.guide_offer_title", game=name), tr("newgame.guide_offer"), [
        (tr("newgame.guide_learn"), lambda: app.nav.guide(game_id), "primary"),
        (tr("newgame.guide_play_now"), None, "normal")]))
    return True
