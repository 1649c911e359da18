"""The Deadwood table's gestures: every legal action of the viewer's decision as a drag, a click or a button,
and the table-side steps some need (a card picked, cards marked for the Duster Coat's discard, a safe
picked for a transfer, a claim's subject and slot). A step is remembered for one decision of one viewer only.
Mixed into the table (table.py), whose `kit`, `choices`, `scene` and `match` it uses."""

from __future__ import annotations

from functools import cache, partial

from game.games.deadwood.cards import data
from game.games.deadwood.claims import contents
from game.games.deadwood.deck import kind_of as card_kinds
from game.games.deadwood.log import action_label, claim_text

from ...table.gestures import Gesture
from ...table.kit import Hit
from ...ui.strings import lang, pick, tr
from . import faces
from .faces import T

CARD_PHASES = ("defend", "heist", "volley", "mystery")  # a decision that is one card from the hand


class TableGestures:
    # -- the picked card, marks and steps (forgotten when the game moves on or the screen changes hands) --

    def _picks(self) -> dict:
        key = (self.match.state_id, self.scene.viewer)
        if self._pick_for != key:
            self.pick, self._pick_for = {}, key
        return self.pick

    def _set(self, name: str, value) -> None:
        picks = self._picks()
        if value is None:
            picks.pop(name, None)
        else:
            picks[name] = value

    def _toggle_mark(self, card: str) -> None:
        marks = list(self._picks().get("marks", []))
        if card in marks:
            marks.remove(card)
        else:
            marks.append(card)
        self._set("marks", marks)

    def _hand_key(self, card: str) -> str:
        return str(Hit.of_piece(f"hand/{self._me()}", card))

    def _safe_key(self, view, seat: int, slot: int) -> str:
        """The hit key of the safe in `slot` (1-based) of `seat`'s row, as the row zone lists it."""
        zone = next(z for z in view["zones"] if z["id"] == f"row/{seat}")
        return str(Hit.of_piece(f"row/{seat}", zone["cards"][slot - 1]))

    def gestures(self, view, legal) -> list[Gesture]:
        if not legal:
            return []
        names = self._names()
        self._picks()
        label = partial(self._label, names)
        out: list[Gesture] = []
        claims = [a for a in legal if a.kind == "claim"]
        if self.pick.get("claim") is not None or self.pick.get("subject") is not None:
            return self._claim_steps(claims, names)
        phase = view["phase"]
        if phase == "turn":
            out += self._turn_gestures(view, legal, label)
        elif phase in CARD_PHASES:
            out += self._card_choice(legal, label)
        elif phase == "duster":
            out += self._discard_gestures(view, legal, label)
        elif phase == "transfer":
            out += self._transfer_gestures(view, legal, label)
        elif phase == "peek":
            out += [Gesture(a, None, None, self._safe_key(view, a["target"], a["slot"]), label(a)) for a in legal]
        elif phase == "offer":
            out += self._offer_gestures(legal, label)
        else:  # character, pass, accept, destination: a button each
            out += [Gesture(a, None, None, None, self._short_label(a, names)) for a in legal]
        if claims:
            out.append(Gesture(None, None, None, None, tr(T + "claim"), use=partial(self._set, "claim", True)))
        return out

    def _label(self, names, act) -> str:
        return action_label(act, names, lang())

    def _short_label(self, act, names) -> str:
        """Button words: a character, a safe or an establishment by its name alone where the question says the
        rest."""
        a = act.params()
        if act.kind == "character":
            return pick(faces.character(a["character"]).name)
        if act.kind == "pass_safe":
            return tr(T + "pass_button", safe=pick(faces.safe(a["safe"]).name))
        if act.kind == "accept" and a["owner"] >= 0:  # which card it is, not only whose
            card = next(c for p, c, _ in self.scene.view()["fight"]["offers"] if p == a["owner"])
            return tr(T + "accept", player=names[a["owner"]], card=faces.card_name(card))
        return action_label(act, names, lang())

    def _turn_gestures(self, view, legal, label) -> list[Gesture]:
        out = []
        picked = self.pick.get("card")
        by_card: dict = {}
        for a in legal:
            k = a.kind
            if k == "rob":
                out.append(Gesture(a, self._hand_key(a["card"]), self._safe_key(view, a["target"], a["slot"]), None,
                                   label(a)))
            elif k == "duel":
                out.append(Gesture(a, self._hand_key(a["card"]), str(Hit.of_seat(a["target"])), None, label(a)))
            elif k == "horse":
                out.append(Gesture(a, self._hand_key(a["card"]), str(Hit.of_zone(f"est/{a['to']}")), None, label(a)))
                by_card.setdefault(a["card"], []).append(a)
            elif k == "duster_coat":
                out.append(Gesture(a, self._hand_key(a["card"]), str(Hit("pile", zone="draw")), None, label(a)))
                by_card.setdefault(a["card"], []).append(a)
            elif k == "stetson_hat":
                for p in range(view["players"]):
                    if p != self._me() and view["rows"][p]["slots"]:
                        out.append(Gesture(a, self._hand_key(a["card"]), str(Hit.of_zone(f"row/{p}")), None,
                                           label(a)))
                by_card.setdefault(a["card"], []).append(a)
            elif k == "pass":
                out.append(Gesture(a, None, None, None, label(a)))
        if picked in by_card:  # the picked card's item uses as buttons
            out += [Gesture(a, None, None, None, label(a)) for a in by_card[picked]]
            out.append(Gesture(None, None, None, None, tr(T + "cancel"), use=partial(self._set, "card", None)))
        for card in by_card:
            if card != picked:
                out.append(Gesture(None, None, None, self._hand_key(card), tr(T + "pick", card=faces.card_name(card)),
                                   use=partial(self._set, "card", card)))
        return out

    def _card_choice(self, legal, label) -> list[Gesture]:
        """Defence, Heist, showdown and Mystery cards: dragged onto the stage, or picked then confirmed."""
        out = []
        picked = self.pick.get("card")
        stage = str(Hit.of_zone("stage"))
        for a in legal:
            if a.kind == "claim":
                continue
            out.append(Gesture(a, self._hand_key(a["card"]), stage, None, label(a)))
            if a["card"] == picked:
                out.append(Gesture(a, None, None, None, label(a)))
            else:
                out.append(Gesture(None, None, None, self._hand_key(a["card"]),
                                   tr(T + "pick", card=faces.card_name(a["card"])),
                                   use=partial(self._set, "card", a["card"])))
        if picked is not None:
            out.append(Gesture(None, None, None, None, tr(T + "cancel"), use=partial(self._set, "card", None)))
        return out

    def _offer_gestures(self, legal, label) -> list[Gesture]:
        out = []
        for a in legal:
            if a.kind == "offer":
                side = str(Hit.of_zone(f"stage/{0 if a['side'] == 'attacker' else 1}"))
                out.append(Gesture(a, self._hand_key(a["card"]), side, None, label(a)))
            else:
                out.append(Gesture(a, None, None, None, label(a)))
        return out

    def _discard_gestures(self, view, legal, label) -> list[Gesture]:
        """Duster Coat (D10): click cards to mark them; the discard of exactly the marked cards is a button."""
        hand = view["hand"]
        kinds = card_kinds()
        index = {c: i for i, c in enumerate(data_card_ids())}
        marks = [c for c in self.pick.get("marks", []) if c in hand]
        need = len(legal[0]["cards"])
        want = sorted(kinds[index[c]] for c in marks)
        out = []
        if len(marks) == need:  # identical cards are one choice: the marked kinds name the action
            out += [Gesture(a, None, None, None, label(a)) for a in legal
                    if sorted(kinds[index[c]] for c in a["cards"]) == want]
        for i, card in enumerate(hand):
            if card in marks:
                text = tr(T + "unmark", number=i + 1, card=faces.card_name(card))
            elif len(marks) < need:
                text = tr(T + "mark", number=i + 1, card=faces.card_name(card))
            else:
                continue
            out.append(Gesture(None, None, None, self._hand_key(card), text, use=partial(self._toggle_mark, card)))
        return out

    def _transfer_gestures(self, view, legal, label) -> list[Gesture]:
        """D8–D9: a safe dragged onto a player; or picked (a click), then a button per player."""
        me = self._me()
        picked = self.pick.get("slot")
        out = []
        slots = sorted({a["slot"] for a in legal})
        for a in legal:
            out.append(Gesture(a, self._safe_key(view, me, a["slot"]), str(Hit.of_seat(a["to"])), None, label(a)))
            if a["slot"] == picked:
                out.append(Gesture(a, None, None, None, label(a)))
        for slot in slots:
            if slot != picked:
                out.append(Gesture(None, None, None, self._safe_key(view, me, slot),
                                   tr(T + "pick_slot", slot=slot), use=partial(self._set, "slot", slot)))
        return out

    def _claim_steps(self, claims, names) -> list[Gesture]:
        """A claim in steps (§6.16): about whom, then (about another player) which slot or none, then what."""
        subject, slot = self.pick.get("subject"), self.pick.get("claim_slot")
        back = Gesture(None, None, None, None, tr(T + "cancel"), use=self._cancel_claim)
        if subject is None:
            subjects = sorted({a["subject"] for a in claims})
            out = [Gesture(None, None, None, None, tr(T + "claim_self") if s == self._me() else names[s],
                           use=partial(self._set, "subject", s)) for s in subjects]
            return out + [back]
        slots = sorted({a["slot"] for a in claims if a["subject"] == subject})
        if slot is None and len(slots) > 1:
            return [Gesture(None, None, None, None, tr(T + "claim_slot", slot=k) if k else tr(T + "claim_any_slot"),
                            use=partial(self._set, "claim_slot", k)) for k in slots] + [back]
        slot = slot if slot is not None else slots[0]
        order = {c: i for i, c in enumerate(contents(True))}
        mine = sorted((a for a in claims if a["subject"] == subject and a["slot"] == slot),
                      key=lambda a: order[a["content"]])
        return [Gesture(a, None, None, None, claim_text(a["content"], a.seat, subject, slot, names, lang()))
                for a in mine] + [back]

    def _cancel_claim(self) -> None:
        for step in ("claim", "subject", "claim_slot"):
            self._set(step, None)

    def button_gestures(self, gestures) -> list:
        buttons = [g for g in gestures if g.drag_from is None and g.click is None]
        picked = self.pick.get("card")
        if self.scene.view()["phase"] in CARD_PHASES and picked is None:
            # In a card choice the cards are the answers: no buttons until one is picked (but a claim).
            buttons = [g for g in buttons if g.use is not None]
        self.choices.title = self._choice_title()
        return self.choices.button_gestures(buttons)

    def _choice_title(self) -> str:
        if self.pick.get("subject") is not None and self.pick.get("subject") != self._me() and \
                self.pick.get("claim_slot") is None:
            return tr(T + "claim_where")
        if self.pick.get("subject") is not None:
            return tr(T + "claim_what")
        if self.pick.get("claim"):
            return tr(T + "claim_whom")
        return ""


@cache
def data_card_ids() -> tuple:
    return tuple(c.id for c in data().cards)
