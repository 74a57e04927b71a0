"""Connected groups over any neighbour function (engine.core.groups)."""

from __future__ import annotations

from itertools import islice

from engine.core import components, flood, reach

#: A 4×4 grid of squares, indexed row by row: orthogonal neighbours.
SIZE = 4


def square_neighbours(index: int) -> list[int]:
    row, col = divmod(index, SIZE)
    found = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r, c = row + dr, col + dc
        if 0 <= r < SIZE and 0 <= c < SIZE:
            found.append(r * SIZE + c)
    return found


def test_reach_starts_with_its_start_and_finds_each_node_once() -> None:
    found = list(reach(5, square_neighbours))
    assert found[0] == 5
    assert sorted(found) == list(range(SIZE * SIZE))


def test_reach_may_be_stopped_early() -> None:
    calls: list[int] = []

    def counting(index: int) -> list[int]:
        calls.append(index)
        return square_neighbours(index)

    assert len(list(islice(reach(0, counting), 3))) == 3
    assert len(calls) < SIZE * SIZE


def test_flood_follows_only_the_neighbours_it_is_given() -> None:
    walls = {1, 5, 9, 13}  # the second column

    def open_neighbours(index: int) -> list[int]:
        return [n for n in square_neighbours(index) if n not in walls]

    assert flood(0, open_neighbours) == {0, 4, 8, 12}


def test_flood_of_an_isolated_node_is_itself() -> None:
    assert flood("x", lambda node: []) == {"x"}


def test_components_keep_to_their_nodes_in_the_order_of_first_nodes() -> None:
    # Two groups of marked squares, listed starting from the lower one.
    marked = [14, 15, 0, 1, 4, 11]
    groups = components(marked, square_neighbours)
    assert groups == [{14, 15, 11}, {0, 1, 4}]


def test_components_of_nothing_is_empty() -> None:
    assert components([], square_neighbours) == []


def test_components_with_a_narrowed_neighbour_function() -> None:
    kinds = "aabbabbbccccdddd"

    def same_kind(index: int) -> list[int]:
        return [n for n in square_neighbours(index) if kinds[n] == kinds[index]]

    sizes = [len(group) for group in components(range(16), same_kind)]
    assert sizes == [3, 5, 4, 4]
