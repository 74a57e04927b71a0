"""The checker allows exactly what the phase table lists: every listed action passes, and every
other action of a kind the seat's moment accepts is refused with a reason. (The conformance
tests check only the first half; `apply` relies on the second.)"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

import pytest

from engine.core.playout import random_playout
from engine.games.tiny_towns import TinyTownsState
from engine.games.tiny_towns.board import PLACEMENTS, SQUARES
from engine.games.tiny_towns.cards import BUILDINGS, MONUMENTS, RESOURCES
from engine.games.tiny_towns.notation import Action

from .helpers import GAME, offer_with, position, town

SQUARE_RANGE = range(SQUARES)


def universe(state: TinyTownsState, seat: int, kinds: frozenset[str]) -> Iterator[Action]:
    """Actions of `kinds` naming every resource, square and card that could matter here, and
    some that cannot (cards off offer, outlines of no shape, too few cards for the Watch)."""
    town_ = state.towns[seat]
    for kind in sorted(kinds):
        if kind == "keep":
            yield from (Action("keep", card=card) for card in MONUMENTS)
        elif kind in ("name", "choose", "aside"):
            yield from (Action(kind, resource=res) for res in RESOURCES)
        elif kind in ("place", "store", "put"):
            for res in RESOURCES:
                yield from (Action(kind, resource=res, square=i) for i in SQUARE_RANGE)
        elif kind == "swap":
            for res in RESOURCES:
                for other in RESOURCES:
                    yield from (
                        Action(kind, resource=res, other=other, square=i) for i in SQUARE_RANGE
                    )
        elif kind == "build":
            for card in {*state.buildings, *town_.dealt, "bank", "shed"}:
                for outline in dict.fromkeys(p.squares for p in PLACEMENTS[card]):
                    yield from (
                        Action(kind, card=card, square=i, squares=outline) for i in SQUARE_RANGE
                    )
            yield Action(kind, card="cottage", squares=(0, 1, 2, 3))
        elif kind == "watch":
            yield from (Action(kind, cards=trio) for trio in combinations(state.buildings, 3))
            yield Action(kind, cards=tuple(state.buildings[:2]))
            yield Action(kind, cards=("shed", "bank", "farm"))
        elif kind in ("replace", "add"):
            for card in [*BUILDINGS, "archive"]:
                yield from (Action(kind, card=card, square=i) for i in SQUARE_RANGE)
        else:
            yield Action(kind)  # type: ignore[arg-type]


def played_positions() -> Iterator[tuple[TinyTownsState, int]]:
    """Every fifth position of seeded random games with a few option sets, for each seat to act."""
    games = [
        (["alice", "bob", "carol"], {}),
        (["alice", "bob"], {"more-storage": True, "black": "warehouse", "gray": "shed"}),
        (["alice", "bob", "carol"], {"prospectors": True, "black": "bank"}),
        (["alice"], {}),
        (["alice", "bob"], {"black": "trading-post", "orange": "temple"}),
    ]
    for names, options in games:
        state = GAME.new_game(names, 2, options)
        for number, (seat, text) in enumerate(random_playout(GAME, names, 2, options).log):
            if number % 5 == 0:
                yield from ((state, waiting) for waiting in sorted(GAME.to_act(state)))
            state, _ = GAME.apply(state, seat, text)


EMPTY_ROWS = ". . . .  . . . .  . . . ."
#: Positions owing each decision a building brings, and the abilities that change placing.
MADE = {
    "factory": position(
        town(f"factory . . . {EMPTY_ROWS}", pending=["put:0"]), offer=offer_with("factory")
    ),
    "bank": position(
        town(f"bank bank . . {EMPTY_ROWS}", held={"B1": ["stone"]}, pending=["put:0"]),
        offer=offer_with("bank"),
    ),
    "watch": position(
        town(f"opaleyes-watch . . . {EMPTY_ROWS}", pending=["watch"], monument="opaleyes-watch")
    ),
    "university": position(
        town(f"grove-university W . . {EMPTY_ROWS}", pending=["university"]),
        offer=offer_with("bank"),
    ),
    "guild": position(
        town(f"architects-guild cottage well bank {EMPTY_ROWS}", pending=["guild:2"]),
        offer=offer_with("bank"),
    ),
    "claim while building": position(
        town(f"W B . . {EMPTY_ROWS}", claims=["well"], watch=["well", "farm", "tavern"])
    ),
    "claim when done": position(town(f"W . . . {EMPTY_ROWS}", step="done", claims=["farm"])),
    "warehouse": position(
        town(f"warehouse . . . {EMPTY_ROWS}", step="place", held={"A1": ["brick", "wood"]}),
        offer=offer_with("warehouse"),
    ),
    "hand from a warehouse": position(
        town(f"warehouse . . . {EMPTY_ROWS}", step="place", held={"A1": ["brick"]}, hand="wood"),
        offer=offer_with("warehouse"),
    ),
    "statue": position(
        town(f"statue cottage cottage . {EMPTY_ROWS}", step="place", held={"C1": ["wood"]}),
        options={"more-storage": True},
    ),
    "trading posts": position(
        town(f"trading-post trading-post G B {EMPTY_ROWS}"), offer=offer_with("trading-post")
    ),
    "obelisk": position(town(f"obelisk W W . {EMPTY_ROWS}", monument="obelisk")),
}


def refusals_agree(state: TinyTownsState, seat: int) -> None:
    listed = set(GAME.legal(state, seat))
    for action in universe(state, seat, GAME.phase(state, seat).kinds):
        why = GAME.check(state, seat, action)
        assert (why is None) == (action in listed), (action.text(), why)
        assert why is None or str(why).strip(), action.text()


def test_along_played_games_the_checker_allows_exactly_the_listed_actions() -> None:
    positions = list(played_positions())
    assert len(positions) > 100
    for state, seat in positions:
        refusals_agree(state, seat)


@pytest.mark.parametrize("name", MADE)
def test_for_every_owed_decision_the_checker_allows_exactly_the_listed_actions(name: str) -> None:
    assert GAME.legal(MADE[name], 0)
    refusals_agree(MADE[name], 0)
