"""The Shipwreck Arcana's table (see table.py), in modules by concern: art.py (the card faces, The Hours,
powers, backs and fate tokens), widgets.py (the game's widgets on the kit's), middle.py (the story and
prediction panel), advice.py (the story's phrases and the AI advice with its reason) and plates.py (what a
dragged fate does where it may be dropped)."""

from .table import ShipwreckArcanaTable, Table, breakdown

__all__ = ["ShipwreckArcanaTable", "Table", "breakdown"]
