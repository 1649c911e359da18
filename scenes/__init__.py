"""Card Parlor's desktop app (pygame-ce)."""
