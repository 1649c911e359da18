"""The Shipwreck Arcana's table (see table.py), in modules by concern: art.py (the card faces, The Hours,
powers, backs and fate tokens), middle.py (the story and prediction panel) and advice.py (the story's phrases,
the AI advice with its reason, and what a dragged fate does where it may be dropped)."""

from .table import ShipwreckArcanaTable, Table, breakdown

__all__ = ["ShipwreckArcanaTable", "Table", "breakdown"]
