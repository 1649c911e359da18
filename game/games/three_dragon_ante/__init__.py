"""Three-Dragon Ante: Legendary Edition (Rob Heinsoo, WizKids 2019), for 2–6 players.

Engine only so far: no table (scenes/tables) yet, so the app does not list it.
"""

from ...core.i18n import text
from . import coach as COACH
from .ai import BOTS
from .cards import load_deck
from .log import describe
from .rules import ThreeDragonAnte

RULES = ThreeDragonAnte()

__all__ = ["BOTS", "COACH", "RULES", "describe", "option_labels", "reference", "validate_data"]


def validate_data() -> str:
    d = load_deck()
    return f"{len(d.cards)} cards ({len(d.specials)} specials), {len(d.powers)} powers"


def reference() -> list[tuple[str, dict]]:
    """The card reference for the Rules screen, from the card data: each colour's power with the strengths of
    its standard dragons, the Legendary Dragons and the Mortals with their powers, and the Classic 10."""
    d = load_deck()
    return [(f"three_dragon_ante.rules.{section}", {lang: body(d, lang) for lang in LANGS})
            for section, body in (("colours", _colour_lines), ("legendary", _legendary_lines),
                                  ("mortals", _mortal_lines), ("classic", _classic_lines))]


def option_labels(option_id: str, lang: str) -> dict:
    """{card id: (name, one-line description)} for the new-game screen's picker of the special cards."""
    if option_id != "chosen":
        return {}
    d = load_deck()
    return {c.id: (c.name[lang], _DETAIL[lang].format(facts=_facts(d, c, lang), text=d.powers[c.effect][lang]))
            for c in d.specials}


LANGS = ("en", "ja")
# How each language punctuates a reference line and lists: "- Name (facts): power" / "- 名前(facts):能力".
_LINE = {"en": "- {name} ({facts}): {text}", "ja": "- {name}({facts}):{text}"}
_DETAIL = {"en": "{facts} — {text}", "ja": "{facts}:{text}"}
_FACTS_JOIN = {"en": " · ", "ja": "、"}
_LIST_JOIN = {"en": ", ", "ja": "・"}
_COLOUR_JOIN = {"en": "/", "ja": "/"}


def _colour_lines(d, lang: str) -> str:
    lines = []
    for colour, name in d.colours.items():
        cards = [c for c in d.cards if c.kind == "standard" and c.effect == colour]
        strengths = text("three_dragon_ante.rules.strengths", lang,
                         list=_LIST_JOIN[lang].join(str(c.strength) for c in cards))
        facts = _FACTS_JOIN[lang].join((d.alignments[cards[0].alignment][lang], strengths))
        lines.append(_LINE[lang].format(name=name[lang], facts=facts, text=d.powers[colour][lang]))
    return "\n".join(lines)


def _facts(d, card, lang: str) -> str:
    """Strength, then what the card is: its alignment and colours (a dragon) or its kind (a Mortal)."""
    parts = [text("three_dragon_ante.rules.strength", lang, n=card.strength)]
    if card.dragon:
        parts.append(d.alignments[card.alignment][lang])
        parts.append(_COLOUR_JOIN[lang].join(d.colours[c][lang] for c in card.colours) if card.colours
                     else text("three_dragon_ante.rules.colourless", lang))
    else:
        parts.append(d.kinds[card.kind][lang])
    return _FACTS_JOIN[lang].join(parts)


def _special_lines(d, lang: str, kind: str) -> str:
    return "\n".join(_LINE[lang].format(name=c.name[lang], facts=_facts(d, c, lang), text=d.powers[c.effect][lang])
                     for c in d.specials if c.kind == kind)


def _legendary_lines(d, lang: str) -> str:
    return _special_lines(d, lang, "legendary")


def _mortal_lines(d, lang: str) -> str:
    return _special_lines(d, lang, "mortal")


def _classic_lines(d, lang: str) -> str:
    intro = text("three_dragon_ante.rules.classic_intro", lang)
    return "\n".join([intro] + [f"- {d.card(card_id).name[lang]}" for card_id in d.classic])
