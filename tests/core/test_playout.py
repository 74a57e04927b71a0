"""How a random playout picks an action (engine.core.playout.choose_by_kind)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Rng
from engine.core.playout import KindRuns, choose_by_kind, in_runs


def by_definition(rng: Rng, actions: Sequence[str]) -> str:
    """A kind (the first word) uniformly among the sorted kinds, then one of its actions."""
    names = sorted({action.split()[0] for action in actions})
    chosen = names[rng.below(len(names))]
    group = [action for action in actions if action.split()[0] == chosen]
    return group[rng.below(len(group))]


def first_word(action: str) -> str:
    return action.split()[0]


LISTS = [
    ["move a", "move b", "move c"],  # one kind
    ["move a", "move b", "stone x", "stone y", "stone z", "pass"],  # kinds listed together
    ["move a", "stone x", "move b", "pass", "stone y", "move c"],  # kinds interleaved
    ["stone x", "move a", "move b", "stone y"],  # one kind together, the other split
]


def test_the_choice_is_a_kind_uniformly_then_one_of_its_actions() -> None:
    for actions in LISTS:
        for seed in range(200):
            fast, plain = Rng(seed=seed), Rng(seed=seed)
            assert choose_by_kind(fast, actions, first_word) == by_definition(plain, actions)
            assert fast.draws == plain.draws


def test_every_kind_and_every_action_of_it_can_be_chosen() -> None:
    for actions in LISTS:
        chosen = {choose_by_kind(Rng(seed=seed), actions, first_word) for seed in range(300)}
        assert chosen == set(actions)


def test_actions_listed_in_runs_are_chosen_as_a_plain_list_of_them_would_be() -> None:
    groups = [("stone", ["stone x", "stone y", "stone z"]), ("move", ["move a", "move b"])]
    for listed in (in_runs(*groups), in_runs(("pass", ["pass"])), in_runs(groups[1], groups[0])):
        assert isinstance(listed, KindRuns)
        for seed in range(200):
            fast, plain = Rng(seed=seed), Rng(seed=seed)
            assert choose_by_kind(fast, listed, first_word) == by_definition(plain, listed)
            assert fast.draws == plain.draws


def test_in_runs_leaves_empty_groups_out() -> None:
    listed = in_runs(("move", ["move a"]), ("stone", []), ("pass", ["pass"]))
    assert listed == ["move a", "pass"]
    assert listed.runs == {"move": (0, 1), "pass": (1, 2)}
