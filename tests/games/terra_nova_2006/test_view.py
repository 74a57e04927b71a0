"""The view of a position: scored areas' views are kept by content (view.py), never stale."""

from __future__ import annotations

from typing import Any

import pytest

from engine.games.terra_nova_2006.state import ScoredArea

from .helpers import GAME, cells, position

AREA = ["A1", "A2", "A3"]
SCORED: dict[str, Any] = {
    "cells": cells(AREA),
    "landscapes": 1,
    "points": 9,
    "winners": [0],
    "share": 9,
    "turn": 12,
}


def area_view(**changes: Any) -> dict[str, Any]:
    """The view of the one scored area of a position, the area `SCORED` with `changes`."""
    area = ScoredArea(**{**SCORED, **changes})
    state = position(figures={"H7": 0, "M9": 1}).model_copy(update={"areas": [area]})
    view: dict[str, Any] = GAME.view(state, None)["areas"][0]
    return view


@pytest.mark.parametrize(
    ("change", "shown"),
    [
        ({"cells": cells(["A1", "A2"])}, {"cells": ["A1", "A2"], "size": 2}),
        ({"landscapes": 2}, {"landscapes": 2}),
        ({"points": 6}, {"points": 6}),
        ({"winners": [1]}, {"winners": [1], "awarded": {"1": 9}}),
        ({"winners": [0, 1], "share": 4}, {"winners": [0, 1], "awarded": {"0": 4, "1": 4}}),
        ({"share": 4}, {"awarded": {"0": 4}}),
        ({"turn": 13}, {"turn": 13}),
    ],
)
def test_an_area_that_differs_in_anything_gets_its_own_view(
    change: dict[str, Any], shown: dict[str, Any]
) -> None:
    before = area_view()  # kept now
    assert before == {
        "cells": AREA,
        "landscapes": 1,
        "size": 3,
        "points": 9,
        "winners": [0],
        "awarded": {"0": 9},
        "turn": 12,
    }
    assert area_view(**change) == {**before, **shown}
    assert area_view() == before
