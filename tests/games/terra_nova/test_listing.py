"""A turn's listing asks the checker only what its choice of candidates leaves open
(phases.py): it must still offer every build, transform, upgrade to a trading post, bridge
and power action the checker allows — compared with every candidate of those forms, along
random games."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.core.playout import random_playout
from engine.games.terra_nova.actions import Action, parse_action
from engine.games.terra_nova.board import board
from engine.games.terra_nova.phases import TURN, phase_of
from engine.games.terra_nova.state import TerraNovaState
from engine.games.terra_nova.tiles import POWER_ACTIONS

from .helpers import GAME, NAMES

#: The forms whose candidates the listing no longer checks one by one.
FORMS = ("build", "transform", "upgrade", "bridge")
GAMES: tuple[tuple[int, int, dict[str, Any]], ...] = (
    (2, 21, {}),
    (3, 22, {}),
    (4, 23, {}),
    (4, 24, {}),
    (2, 25, {"variant": "planner"}),
)


def turns_along_random_games() -> Iterator[tuple[TerraNovaState, int]]:
    """The positions where a seat takes its turn's action, along a few random games."""
    for players, seed, options in GAMES:
        names = list(NAMES[:players])
        state = GAME.new_game(names, seed, options)
        for seat, text in random_playout(GAME, names, seed, options).log:
            if phase_of(state, seat) is TURN:
                yield state, seat
            state, _ = GAME.apply(state, seat, text)


def allowed(state: TerraNovaState, seat: int) -> list[str]:
    """Every build, transform, upgrade to a trading post and bridge the checker allows."""
    side = state.side
    hexes = range(len(board(side)))
    candidates = [
        *(Action("build", (h,), side=side) for h in hexes),
        *(Action("transform", (h,), side=side) for h in hexes),
        *(Action("transform", (h,), ("build",), side=side) for h in hexes),
        *(Action("upgrade", (h,), ("tp",), side=side) for h in hexes),
        *(Action("bridge", spot, side=side) for spot in board(side).bridge_spots),
    ]
    return sorted(a.text() for a in candidates if GAME.check(state, seat, a) is None)


def test_the_listing_offers_every_build_transform_upgrade_and_bridge_the_checker_allows() -> None:
    seen = dict.fromkeys(FORMS, 0)
    for state, seat in turns_along_random_games():
        listed = [
            text
            for text in GAME.legal_actions(state, seat)
            if text.split()[0] in FORMS and "palace" not in text
        ]
        assert sorted(listed) == allowed(state, seat)
        for text in listed:
            seen[text.split()[0]] += 1
    assert all(seen.values()), seen  # (every form was offered somewhere)


#: The power actions on one hex, each with and without a house there.
ON_A_HEX = ("shovel", "2shovels", "fairy")


def allowed_power(state: TerraNovaState, seat: int) -> list[str]:
    """Every `power …` the checker allows, but the two-hex form of `2shovels`: the listing
    filters the board's actions by bowl III and use itself, not through the checker."""
    side = state.side
    the_board = board(side)
    hexes = range(len(the_board))
    spots = the_board.bridge_spots
    candidates = [
        *(Action("power", (), (key,), side=side) for key in ("7money", "sail")),
        *(
            Action("power", spot, (key,), side=side)
            for key in ("bridge3", "bridge4")
            for spot in spots
        ),
        *(Action("power", (h,), (key,), side=side) for key in ON_A_HEX for h in hexes),
        *(Action("power", (h,), (key,), build=h, side=side) for key in ON_A_HEX for h in hexes),
        *(Action("power", (h,), ("tp",), side=side) for h in hexes),
    ]
    return sorted(a.text() for a in candidates if GAME.check(state, seat, a) is None)


def test_the_listing_offers_every_power_action_the_checker_allows() -> None:
    seen: set[str] = set()
    for state, seat in turns_along_random_games():
        powers = [
            parse_action(board(state.side), text)
            for text in GAME.legal_actions(state, seat)
            if text.startswith("power ")
        ]
        listed = [
            action.text()
            for action in powers
            if not (action.words[0] == "2shovels" and len(action.hexes) == 2)
        ]
        assert sorted(listed) == allowed_power(state, seat)
        seen.update(text.split()[1] for text in listed)
    assert set(POWER_ACTIONS) <= seen, seen  # (every board action was offered somewhere)
