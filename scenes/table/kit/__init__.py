"""The table kit: reusable parts for a game's table (scenes/tables/<game>.py).

- hits: `Hit`, a typed hit key whose string form is the key the scene and gestures compare;
- zones: widgets for a view's zones (`Pile`, `Hand`, `Grid`, `HandCount`, `Stack`, `SlotRow`) that place
  pieces and hit-test their visible parts; the table gives card faces through `card_image(face, w, h)`;
- tokens: `Counter`, `CoinStack` (platinum and gold), `DiceTray` (rolls with update(dt)), `ScoreTrack`,
  `Pawn` (a marker standing on a piece, hopping to another), `Meter` (a labelled gauge);
- text: `name_layout`, a name fitted into a box with its words whole;
- seats: `seat_ring` (2–9 seats round the table, the viewer at the bottom), `ring_order` (who sits
  where, from the view's seating) and `SeatPanel`;
- choice: `ChoicePanel`, buttons made from legal-action gestures;
- places (import from kit.places): `Place`, `Bag`, `GroupRow`, `MarkRow`, zones shown as places, grouped
  stacks and rows of marks;
- panels (import from kit.panels): text blocks, chips, plates, banners, glows, `Face`, `InfoPanel`,
  `ButtonRow`, `grid`;
- areas (import from kit.areas): `Frame` (a labelled panel round a part of the table), `CellPanel` (values by sign
  in columns), `Offer` (things to pick one of, over the table), `Layer` (the backdrop with the still parts of a
  table painted on it, each again only when its look changes; see Widgets.draw), `centred_row` and `columns`;
- hosts (import from kit.hosts): `HostRow` and `Attachments`, cards with slots under them for the cards attached
  to them;
- tray (import from kit.tray): `Tray`, cards staged on a panel before they are played together, and `TrayHand`,
  the hand they leave;
- motion: a generic animation plan from the zones before and after (and, later, common move events);
- widgets: `Widgets`, one table's widgets with the scene's hooks forwarded to them (`KitHooks`, and `KitTable`
  for the pieces' hooks too).

See docs/ADDING_A_GAME.md.
"""

from .choice import ChoicePanel
from .hits import Hit, as_hit, register_kind
from .motion import Move, moves_from_events, moves_from_zones, plan_moves
from .seats import Ring, SeatPanel, ring_order, seat_ring
from .tokens import CoinStack, Counter, DiceTray, Meter, Pawn, ScoreTrack, make_change
from .widget import Widget
from .widgets import KitHooks, Widgets
from .zones import Grid, Hand, HandCount, Pile, SlotRow, Stack, ZoneWidget

__all__ = ["ChoicePanel", "CoinStack", "Counter", "DiceTray", "Grid", "Hand", "HandCount", "Hit", "KitHooks", "Meter",
           "Move", "Pawn", "Pile", "Ring", "ScoreTrack", "SeatPanel", "SlotRow", "Stack", "Widget", "Widgets",
           "ZoneWidget", "as_hit", "make_change", "moves_from_events", "moves_from_zones", "plan_moves",
           "register_kind", "ring_order", "seat_ring"]
