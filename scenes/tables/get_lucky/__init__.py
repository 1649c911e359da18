"""The Get Lucky table, in two modules: table.py (the layout, the hooks, the murder-attempt panel, the drawing)
and faces.py (the card art)."""

from .table import Table, breakdown

__all__ = ["Table", "breakdown"]
