"""Seeded random playouts: legal moves only, used by the conformance tests, the golden games
and the benchmarks."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import compress
from operator import attrgetter
from typing import Any, TypeVar

from .game import Game, OptionValue
from .rng import Rng

T = TypeVar("T")


@dataclass
class Playout:
    state: Any
    log: list[tuple[int, str]] = field(default_factory=list)
    finished: bool = False


def choose_action(rng: Rng, actions: list[str]) -> str:
    """Pick an action kind (its first word) uniformly, then one action of that kind.

    Choosing the kind first keeps rare but game-advancing actions (a stone among fifty
    moves, say) from being starved, so random games end in a sensible number of turns.
    """
    return choose_by_kind(rng, actions, lambda action: action.split(" ", 1)[0])


class KindRuns(list[T]):
    """Listed actions that stand in one run per kind, and say where: `runs` maps each kind
    listed to the start and end of its run (`in_runs` makes one). `choose_by_kind` then picks
    without asking every action its kind — on the hot path of random playouts. (A caller that
    changes the list must make a plain list of it first.)"""

    __slots__ = ("runs",)
    runs: dict[str, tuple[int, int]]


def in_runs(*groups: tuple[str, Sequence[T]]) -> KindRuns[T]:
    """The actions of each (kind, actions) group after one another, as `KindRuns`; an empty
    group is left out. Each kind may have one group only."""
    listed: KindRuns[T] = KindRuns()
    runs = listed.runs = {}
    for kind, actions in groups:
        if actions:
            start = len(listed)
            listed += actions
            runs[kind] = (start, len(listed))
    return listed


def choose_by_kind(rng: Rng, actions: Sequence[T], kind: Callable[[T], str]) -> T:
    """`choose_action` for actions of any form, given how to tell an action's kind (the
    kinds of `KindRuns` are taken from their runs)."""
    if isinstance(actions, KindRuns):
        names = sorted(actions.runs)
        start, end = actions.runs[names[rng.below(len(names))]]
        chosen_action: T = actions[start + rng.below(end - start)]
        return chosen_action
    kinds = list(map(kind, actions))
    names = sorted(set(kinds))
    chosen = names[rng.below(len(names))]
    if len(names) == 1:
        return actions[rng.below(len(actions))]
    first, count = kinds.index(chosen), kinds.count(chosen)
    if kinds[first : first + count].count(chosen) == count:  # the kind's actions stand together
        return actions[first + rng.below(count)]
    group = list(compress(actions, map(chosen.__eq__, kinds)))
    return group[rng.below(len(group))]


_KIND: Callable[[Any], str] = attrgetter("kind")


def random_playout(
    game: Game[Any],
    players: list[str],
    seed: int,
    options: Mapping[str, OptionValue] | None = None,
    max_actions: int = 20_000,
) -> Playout:
    """Play a whole game with random legal actions; `finished` says whether it ended in time.

    The actions come from `legal`, so they are played unchecked (`Game.play_listed`); the
    logged texts are checked again wherever a log is replayed (`replay_log`)."""
    playout = Playout(game.new_game(players, seed, options))
    rng = Rng(seed=seed ^ 0x5EED)
    for _ in range(max_actions):
        if game.is_over(playout.state):
            playout.finished = True
            break
        seats = sorted(game.to_act(playout.state))
        seat = seats[rng.below(len(seats))]
        action = choose_by_kind(rng, game.legal_acting(playout.state, seat), _KIND)
        playout.state, _ = game.play_listed(playout.state, seat, action)
        playout.log.append((seat, action.text()))
    else:
        playout.finished = game.is_over(playout.state)
    return playout


def replay_log(
    game: Game[Any],
    players: list[str],
    seed: int,
    options: Mapping[str, OptionValue] | None,
    log: list[tuple[int, str]],
) -> Any:
    """The state reached by applying a (seat, text) log to a fresh game."""
    state = game.new_game(players, seed, options)
    for seat, text in log:
        state, _ = game.apply(state, seat, text)
    return state
