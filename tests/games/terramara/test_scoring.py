"""Final scoring: every term, and the tie-breaks of the ranking."""

from __future__ import annotations

from engine.games.terramara.scoring import final_scores, outpost_vp

from .helpers import GAME, new, seat_with


def test_every_term_of_the_final_scoring() -> None:
    state = seat_with(
        new(4),
        0,
        vp=7,
        artifacts=["T1a", "W2a"],  # 1 + 4 printed VP
        end_vp=[8],
        banners=["OP-H"],  # military 10: medium, 5
        reserved="C1a",
        raw=[1, 2, 0, 0],  # 3 raw: 1 VP (½ each, rounded down)
        processed=[1, 0, 0, 1],
        military=10,
    )
    score = final_scores(state)[0]
    assert (score.tokens, score.artifacts, score.effects) == (7, 5, 0)
    assert (score.military, score.road, score.outposts) == (8, 8, 5)
    assert (score.reserved, score.resources) == (-5, 1 + 2)
    assert score.total == 7 + 5 + 8 + 8 + 5 - 5 + 3
    assert GAME.scores(state)[0] == score.total


def test_half_points_for_raw_tiles_are_rounded_down_over_all_of_them() -> None:
    state = seat_with(new(4), 0, raw=[1, 1, 1, 0], processed=[0, 0, 0, 0])
    assert final_scores(state)[0].resources == 1  # 3 raw tiles: 1½, rounded down (H17)


def test_outposts_score_the_highest_condition_met_or_nothing() -> None:
    state = new(4)
    for workers, vp in (([1], 0), ([1, 2], 2), ([2, 3], 5), ([3, 3, 1], 10)):
        assert outpost_vp(seat_with(state, 0, workers=workers), 0, "OP-A") == vp
    assert outpost_vp(seat_with(state, 0, carts=["C4", "C3"]), 0, "OP-F") == 2
    assert outpost_vp(seat_with(state, 0, carts=["C4", "B4"]), 0, "OP-F") == 2  # B4: not C4
    assert outpost_vp(seat_with(state, 0, carts=["C4", "E"]), 0, "OP-F") == 5
    assert outpost_vp(seat_with(state, 0, culture=14), 0, "OP-C") == 10
    assert outpost_vp(seat_with(state, 0, artifacts=["W1a", "W1b", "W2a"]), 0, "OP-G") == 5


def test_ties_go_to_the_river_then_to_military_then_are_shared() -> None:
    state = new(4)
    for seat in range(4):
        state = seat_with(state, seat, raw=[0, 0, 0, 0], military=0, culture=0, vp=10)
    state = seat_with(state, 0, culture=5)
    state = seat_with(state, 1, culture=5, military=1)  # military 8/5/2 ranking changes scores
    scores = GAME.scores(state)
    assert scores == [10 + 5, 10 + 8, 10 + 5, 10 + 5]
    assert GAME.ranking(state) == [[1], [0], [2, 3]]


def test_the_river_breaks_a_tie_before_military() -> None:
    state = new(4)
    for seat, (culture, military, vp) in enumerate(((6, 3, 10), (5, 4, 7), (0, 0, 0), (0, 0, 0))):
        state = seat_with(state, seat, raw=[0, 0, 0, 0], culture=culture, military=military, vp=vp)
    assert GAME.scores(state) == [10 + 5, 7 + 8, 2, 2]
    # ann's canoe is further down the river, bob's military is higher
    assert GAME.ranking(state) == [[0], [1], [2, 3]]


def test_resigned_players_rank_last() -> None:
    state = seat_with(new(4), 0, vp=50, resigned=True)
    assert GAME.ranking(state)[-1] == [0]
