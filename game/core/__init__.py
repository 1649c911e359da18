"""The engine contract shared by every game: rng, actions and events, Match, registry, card data, saves."""
