"""Card Parlor's rules engine: pure Python, no pygame. See game/core for the contract every game follows."""

__version__ = "0.1.0"
