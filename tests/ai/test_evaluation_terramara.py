"""Terramara's evaluation has no swing where nothing is gained or lost: a round's end."""

from __future__ import annotations

import engine
from engine.ai import decide
from engine.ai.heuristics import heuristics_for
from engine.ai.heuristics.terramara import (
    FITTED_PACES,
    GUESSED_PACES,
    MEMBER_AT_HOME,
    MEMBER_ROUND,
    OUTPOST_GROWTH_SHARE,
    STRONG,
    TerramaraHeuristics,
    banner_growth,
    military_outlook,
    placements_value,
)
from engine.games.terramara import rules
from engine.games.terramara.state import TerramaraState


def test_a_rounds_end_changes_no_placements_value() -> None:
    """Members coming home change nothing, and neither does a scout left on a later round's
    space: the rounds it misses were counted when it was sent there."""
    game = engine.get("terramara")
    state = game.new_game(["alice", "bob"], 5)
    checked = away = 0
    count = 0
    while not game.is_over(state):
        seat = min(game.to_act(state))
        after = game.apply(state, seat, decide(game, state, seat, "easy", count).action).state
        count += 1
        if after.round == state.round + 1 and state.round >= 1:
            for index, (before, now) in enumerate(zip(state.seats, after.seats, strict=True)):
                assert before.members_left == 0 and now.chief_home
                away += 1 + now.scouts - now.members_left
                assert placements_value(after, index) == placements_value(state, index)
                checked += 1
        state = after
    assert checked == 8  # both seats at the end of rounds 1-4
    assert away  # some scouts stayed out over a round's end


def test_a_scout_sent_ahead_costs_the_rounds_it_will_miss() -> None:
    """A scout on a round-4 space in round 2 misses the placements of rounds 3 and 4."""
    game = engine.get("terramara")
    state = game.new_game(["alice", "bob"], 5, {"first-game": True})
    while state.round < 2 or 0 not in game.to_act(state):
        seat = min(game.to_act(state))
        state = game.apply(state, seat, decide(game, state, seat, "easy", 1).action).state
    row_4 = ("place scout LT2-4", "place scout RT2-4")  # the first game's row 4
    ahead = [a for a in game.legal_actions(state, 0) if a.startswith(row_4)]
    assert ahead, game.legal_actions(state, 0)
    after = game.apply(state, 0, ahead[0]).state
    missed = placements_value(state, 0) - placements_value(after, 0)
    assert missed == MEMBER_AT_HOME + 2 * MEMBER_ROUND


def position(round_: int, carts: list[str], **seat: object) -> TerramaraState:
    """A 2-player game in `round_` with the military outpost OP-H in row 2 and alice's carts
    and seat fields as given (bob's stay at the start)."""
    game = engine.get("terramara")
    state: TerramaraState = game.new_game(["alice", "bob"], 5, {"first-game": True})
    state = state.model_copy(deep=True)
    state.round = round_
    # Rows 2 and 4 swapped: the back of LT2-4 is OP-H (military 5 / 10 / 15 for 2 / 5 / 10 VP).
    state.left_tiles[1], state.left_tiles[3] = state.left_tiles[3], state.left_tiles[1]
    assert state.left_tiles[1] == "LT2-4"
    alice = state.seats[0]
    alice.carts = carts
    for name, value in seat.items():
        setattr(alice, name, value)
    return state


def alice_value(state: TerramaraState) -> float:
    return TerramaraHeuristics().evaluate(engine.get("terramara"), state, 0)[0]


def test_a_cart_hurrying_past_an_outpost_row_gives_its_banner_up() -> None:
    """Both carts past row 2 before its outpost appears: the banner worth 5 VP and more at
    military 12 can never be placed, which outweighs the carts' progress. One cart ahead and
    one still before the row loses nothing."""
    waiting = alice_value(position(2, ["C1", "C1"], military=12))
    one_ahead = alice_value(position(2, ["C2", "C1"], military=12))
    both_past = alice_value(position(2, ["C2", "C2"], military=12))
    assert one_ahead > waiting
    assert both_past < waiting - 2


def test_a_banner_on_the_outpost_beats_the_way_straight_on() -> None:
    """Row 2 turned: the cart's step onto the outpost (a banner scoring 5 VP) is worth more
    than the step straight on to the crossroad, which leaves the outpost behind."""
    banner = alice_value(position(3, ["O2", "C3"], military=12, banners=["OP-H"]))
    straight_on = alice_value(position(3, ["C2", "C3"], military=12))
    assert banner > straight_on + 2


def test_an_early_lead_over_the_neutral_markers_is_not_yet_the_ranking() -> None:
    """The markers still move, the neutral ones by a card each round to come: in round 2 a
    lead of one over them is far from a sure first place (8 VP); the nearer the end, the
    more it is worth; and a step more counts where the ranking now does not change."""

    def outlook(round_: int, military: int) -> float:
        state = position(round_, ["S", "S"], military=military)
        state.neutral_military = [4, 4]
        return military_outlook(state)[0]

    assert 3 < outlook(2, 5) < 6
    assert outlook(2, 5) < outlook(4, 5) < outlook(5, 5)
    assert outlook(2, 5) < outlook(2, 6)


def test_strong_orders_placements_by_what_they_give() -> None:
    """`strong` tries this round's spaces before a scout sent two rounds ahead, which will
    miss two placements (6 points of the evaluation). Plain ordering ranks them alike."""
    game = engine.get("terramara")
    state = game.new_game(["alice", "bob"], 5, {"first-game": True})
    while state.round < 2 or 0 not in game.to_act(state):
        seat = min(game.to_act(state))
        state = game.apply(state, seat, decide(game, state, seat, "easy", 1).action).state
    spaces = rules.board(state).spaces

    def scouts_on_row(row: int) -> list[str]:
        return [
            a
            for a in game.legal_actions(state, 0)
            if a.startswith("place scout")
            and (space := spaces.get(a.split(maxsplit=2)[2])) is not None
            and space.row == row
        ]

    this_round, ahead = scouts_on_row(2), scouts_on_row(4)
    assert this_round and ahead

    def lead(heuristics: TerramaraHeuristics) -> float:
        """How far the best of this round's scout placements is ordered before the best
        scout sent ahead."""
        logits = heuristics.logits(game, state, 0, this_round + ahead)
        return max(logits[: len(this_round)]) - max(logits[len(this_round) :])

    assert lead(TerramaraHeuristics()) == 0
    assert lead(STRONG) >= 1


def test_only_strong_decides_with_the_ordered_placements_and_fitted_paces() -> None:
    heuristics = heuristics_for(engine.get("terramara"))
    for level in ("random", "easy", "normal"):
        assert heuristics.for_level(level) is heuristics
    assert heuristics.for_level("strong") is STRONG
    assert STRONG.ordered_placements and STRONG.paces == FITTED_PACES


def test_strong_expects_a_category_outpost_to_pay() -> None:
    """In round 1, with no tools crafted yet: the bots' own games craft about 0.9 artifacts
    of a category a round, so by the end a tools outpost (2 / 3 / 4 for 2 / 5 / 10 VP) likely
    meets 3; the guessed pace of 0.4 a round met none."""
    state = position(1, ["S", "S"])
    alice = state.seats[0]
    assert banner_growth(state, alice, "OP-D", GUESSED_PACES) == (0, 0.0)
    assert banner_growth(state, alice, "OP-D", FITTED_PACES) == (0, OUTPOST_GROWTH_SHARE * 5)
