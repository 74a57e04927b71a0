"""Closing areas: detection after every stone, scoring, majorities, ties, figures leaving."""

from __future__ import annotations

import pytest

from engine.core.playout import random_playout
from engine.games.terra_nova_2006 import TerraNova2006State
from engine.games.terra_nova_2006.state import FIGURES_PER_PLAYER, FREE, STONE

from .helpers import BOARD, GAME, NAMES, boundary, cell, landscapes, play, position, texts


def closing(
    area: list[str], last: str, figures: dict[str, int], players: int = 2
) -> TerraNova2006State:
    """A position where a stone stands on every cell around `area` except `last`."""
    ring = [name for name in boundary(area) if name != last]
    return position(players=players, figures=figures, stones=ring)


def test_the_board_edge_bounds_an_area_of_one_landscape_worth_three_per_cell() -> None:
    area = ["A1", "A2", "A3"]
    assert landscapes(area) == {"grassland"}
    assert boundary(area) == ["A4", "B1", "B2", "B3", "B4"]  # the rest is the board edge
    state = closing(area, "A4", {"A2": 0, "A6": 0, "H7": 1})
    state, events = play(state, 0, "move A6 A5", "stone A4")
    assert state.scores == [9, 0]
    assert (
        "the stone closes an area of 3 cells with 1 landscape worth 9 points: alice takes 9"
        in texts(events)
    )
    view = GAME.view(state, None)
    assert view["areas"] == [
        {
            "cells": area,
            "landscapes": 1,
            "size": 3,
            "points": 9,
            "winners": [0],
            "awarded": {"0": 9},
            "turn": 30,
        }
    ]


def test_two_landscapes_score_twice_and_three_once_per_cell() -> None:
    two = ["A4", "A5", "A6"]
    assert landscapes(two) == {"cropland", "forest"}
    state = closing(two, "B5", {"A5": 1, "C9": 0, "H7": 1})
    state, _ = play(state, 0, "move C9 C7", "stone B5")
    assert state.scores == [0, 6]

    three = ["A3", "A4", "A5", "A6"]
    assert landscapes(three) == {"grassland", "cropland", "forest"}
    state = closing(three, "B5", {"A5": 1, "C9": 0, "H7": 1})
    state, _ = play(state, 0, "move C9 C7", "stone B5")
    assert state.scores == [0, 4]


def test_a_single_cell_area_is_worded_in_the_singular() -> None:
    state = closing(["A1"], "B2", {"A1": 1, "C9": 0, "H7": 1})
    state, events = play(state, 0, "move C9 C4", "stone B2")
    assert state.scores == [0, 3]
    assert (
        "the stone closes an area of 1 cell with 1 landscape worth 3 points: bob takes 3"
        in texts(events)
    )


def test_a_closed_region_of_four_landscapes_is_not_an_area() -> None:
    region = ["A3", "A4", "A5", "A6", "B5", "C6", "D6"]
    assert len(landscapes(region)) == 4
    state = closing(region, "D7", {"A4": 1, "D10": 0, "H7": 1})
    state, _ = play(state, 0, "move D10 D8", "stone D7")
    assert state.areas == [] and state.scores == [0, 0]
    assert state.board[cell("A4")] == 1
    assert GAME.to_act(state) == {0}  # the turn goes on: nothing was scored


def test_the_player_with_most_figures_takes_all_and_every_figure_leaves() -> None:
    area = ["A1", "A2", "A3"]
    state = closing(area, "A4", {"A1": 1, "A2": 0, "A3": 0, "A6": 0, "H7": 1})
    state, events = play(state, 0, "move A6 A5", "stone A4")
    assert state.scores == [9, 0]
    assert all(state.board[cell(name)] == -1 for name in area)
    assert state.out == [2, 1]
    assert "alice's 2 figures leave the game" in texts(events)
    assert "bob's 1 figure leaves the game" in texts(events)
    view = GAME.view(state, None)
    assert [p["figures_on_board"] for p in view["players"]] == [1, 1]


def test_tied_players_split_the_points_rounding_down() -> None:
    area = ["A1", "A2", "A3"]  # 9 points
    state = closing(area, "A4", {"A1": 1, "A2": 0, "A6": 0, "H7": 1})
    state, events = play(state, 0, "move A6 A5", "stone A4")
    assert state.scores == [4, 4]
    assert any(t.endswith("alice and bob tie and take 4 each") for t in texts(events))
    three_way = closing(area, "A4", {"A1": 1, "A2": 0, "A3": 2, "A6": 0, "H7": 1, "M9": 2}, 3)
    three_way, _ = play(three_way, 0, "move A6 A5", "stone A4")
    assert three_way.scores == [3, 3, 3]
    assert GAME.view(three_way, None)["areas"][0]["awarded"] == {"0": 3, "1": 3, "2": 3}


def test_an_area_without_figures_scores_for_nobody_but_is_closed() -> None:
    area = ["A1", "A2", "A3"]
    state = closing(area, "A4", {"A6": 0, "H7": 1})
    state, events = play(state, 0, "move A6 A5", "stone A4")
    assert state.scores == [0, 0]
    assert any("worth 9 points: no figures in it, nobody scores" in t for t in texts(events))
    assert state.areas[0].winners == [] and state.open_cells == 168 - 5 - 3
    # it is never scored again, whatever happens later
    state, _ = play(state, 0, "stone B5")
    assert len(state.areas) == 1


def test_one_stone_closing_two_areas_scores_both_in_board_order() -> None:
    first, second = ["A1", "B1"], ["C1", "D1"]
    assert landscapes(first) == {"grassland"} and landscapes(second) == {"rock", "lake"}
    ring = sorted((set(boundary(first)) | set(boundary(second))) - {"C2"})
    state = position(figures={"B1": 0, "C1": 1, "D5": 0, "H7": 1}, stones=ring)
    state, events = play(state, 0, "move D5 D3", "stone C2")
    assert state.scores == [6, 4]
    assert [a.cells for a in state.areas] == [
        sorted(cell(n) for n in first),
        sorted(cell(n) for n in second),
    ]
    assert state.last_turn is not None and state.last_turn.areas == [0, 1]
    area_events = [t for t in texts(events) if t.startswith("the stone closes")]
    assert len(area_events) == 2 and "alice takes 6" in area_events[0]


def test_figures_do_not_bound_an_area() -> None:
    # A1–A3 is walled by stones except A4, where bob's figure stands: no area closes.
    area = ["A1", "A2", "A3"]
    ring = [name for name in boundary(area) if name not in ("A4", "B4")]
    state = position(figures={"A2": 0, "A4": 1, "B7": 0, "H7": 1}, stones=ring)
    state, _ = play(state, 0, "move B7 B5", "stone B4")
    assert state.areas == []
    assert state.board[cell("A2")] == 0


def stone_free_components(board: list[int]) -> list[frozenset[int]]:
    """Worked out from scratch: the groups of neighbouring cells without a stone."""
    seen: set[int] = set()
    groups = []
    for start in range(len(BOARD)):
        if start in seen or board[start] == STONE:
            continue
        group, stack = {start}, [start]
        while stack:
            for n in BOARD.neighbours[stack.pop()]:
                if n not in group and board[n] != STONE:
                    group.add(n)
                    stack.append(n)
        seen |= group
        groups.append(frozenset(group))
    return groups


@pytest.mark.parametrize("seed", range(12))
def test_after_every_action_the_scored_areas_are_exactly_the_small_components(seed: int) -> None:
    players = list(NAMES[: 2 + seed % 3])
    log = random_playout(GAME, players, seed).log
    state = GAME.new_game(players, seed)
    figures = FIGURES_PER_PLAYER[len(players)]
    for seat, text in log:
        state, _ = GAME.apply(state, seat, text)
        scored = {frozenset(area.cells) for area in state.areas}
        for group in stone_free_components(state.board):
            kinds = {BOARD.landscape[c] for c in group}
            assert (group in scored) == (len(kinds) <= 3), (seed, text)
        in_areas = set().union(*scored) if scored else set()
        free = sum(code != STONE for code in state.board)
        assert state.open_cells == free - len(in_areas)
        assert all(state.board[c] == FREE for c in in_areas)
        for s in range(len(players)):
            on_board = sum(code == s for code in state.board)
            assert on_board + state.to_place[s] + state.out[s] == figures
