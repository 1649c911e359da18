"""The Deadwood 1876 table: table.py (layout, hooks, drawing), gestures.py (gestures and their steps),
safes.py (safe rows and what the viewer knows), stage.py (the fight, Heist and showdown panel and the dice),
faces.py (card, safe and star art), results.py (the results screen's breakdown and panel)."""

from .results import breakdown
from .table import DeadwoodTable

Table = DeadwoodTable

__all__ = ["Table", "breakdown"]
