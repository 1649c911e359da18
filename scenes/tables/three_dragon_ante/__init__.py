"""The Three-Dragon Ante: Legendary Edition table, in small modules: table.py (the layout, the hooks, the
drawing), faces.py (card faces from the card data), prompts.py (gestures, choice labels, the drag hint) and
parts.py (a row of cards, flying coins, effect badges)."""

from .table import Table, breakdown

__all__ = ["Table", "breakdown"]
