"""A small widget kit for Card Parlor's scenes."""
