"""Terramara's evaluation has no swing where nothing is gained or lost: a round's end."""

from __future__ import annotations

import engine
from engine.ai import decide
from engine.ai.heuristics.terramara import MEMBER_AT_HOME, placements_value


def test_a_rounds_end_costs_only_the_placements_of_scouts_that_stay_out() -> None:
    """Members coming home change nothing; a scout left on a later round's space misses the
    next round's placement (the chief always comes home)."""
    game = engine.get("terramara")
    state = game.new_game(["alice", "bob"], 5)
    checked = 0
    count = 0
    while not game.is_over(state):
        seat = min(game.to_act(state))
        after = game.apply(state, seat, decide(game, state, seat, "easy", count).action).state
        count += 1
        if after.round == state.round + 1 and state.round >= 1:
            for before, now in zip(state.seats, after.seats, strict=True):
                assert before.members_left == 0 and now.chief_home
                stayed_out = 1 + now.scouts - now.members_left
                expected = placements_value(state, before) - MEMBER_AT_HOME * stayed_out
                assert placements_value(after, now) == expected
                checked += 1
        state = after
    assert checked == 8  # both seats at the end of rounds 1-4
