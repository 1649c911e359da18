"""Bots: the protocol, the random bot, generic ISMCTS search, and the factory that builds a seat's bot."""
