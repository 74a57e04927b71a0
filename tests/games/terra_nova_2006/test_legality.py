"""The phase table and the checker agree both ways: along random games, an action is listed
by `legal_actions` exactly when `why` finds nothing against it — for every place and stone on
every cell, `pass`, and every move from each of the seat's figures to every cell."""

from __future__ import annotations

from engine.core.playout import random_playout
from engine.games.terra_nova_2006.actions import Action

from .helpers import BOARD, GAME, NAMES

CELLS = range(len(BOARD))


def every_action(board_codes: list[int], seat: int) -> list[Action]:
    figures = [cell for cell, code in enumerate(board_codes) if code == seat]
    return [
        Action("pass"),
        *(Action(kind, (cell,)) for kind in ("place", "stone") for cell in CELLS),
        *(Action("move", (start, end)) for start in figures for end in CELLS),
    ]


def test_listed_exactly_when_the_checker_allows() -> None:
    checked = 0
    for seed, count in ((1, 2), (2, 3), (3, 4)):
        players = list(NAMES[:count])
        state = GAME.new_game(players, seed)
        for number, (seat, text) in enumerate(random_playout(GAME, players, seed).log):
            if number % 5 == 0:
                listed = set(GAME.legal(state, seat))
                for action in every_action(state.board, seat):
                    assert (GAME.why(state, seat, action) is None) == (action in listed), action
                    checked += 1
            state, _ = GAME.apply(state, seat, text)
    assert checked > 10_000


def test_refusals_say_why() -> None:
    state = GAME.new_game(["alice", "bob"], 1)
    assert str(GAME.why(state, 0, Action("move", (0, 1)))) == (
        "the game is still in the placement phase; place a figure, e.g. 'place E5'"
    )
    assert str(GAME.why(state, 1, Action("place", (0,)))) == "it is not bob's turn"
