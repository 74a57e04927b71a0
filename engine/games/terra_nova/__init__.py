"""Terra Nova (KOSMOS 2022): the boards, factions and tiles (the game itself is being built)."""
