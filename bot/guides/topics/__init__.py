"""Per game, optionally: `context()` gives the numbers and components (`Component`) that the
game's guide file words, read from the engine's data so the guide never copies a number."""
