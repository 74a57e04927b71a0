"""Chance: every random draw through one API that replays the stored Rng and can be forced."""

from __future__ import annotations

import pytest

from engine.core import Chance, Rng, forced


def test_draws_are_exactly_those_of_the_stored_rng() -> None:
    plain, wrapped = Rng(seed=9), Rng(seed=9)
    chance = Chance(wrapped)
    deck, same = list(range(10)), list(range(10))
    plain.shuffle(deck)
    chance.shuffle(same, "the deck")
    assert same == deck
    assert chance.below(7, "a die") == plain.below(7)
    assert chance.choice("abc", "a letter") == plain.choice(list("abc"))
    assert wrapped == plain


def test_every_draw_is_recorded_with_what_it_was_for() -> None:
    chance = Chance(Rng(seed=1))
    value = chance.below(100, "a secret card")
    order = ["b", "a"]
    chance.shuffle(order, "two cards")
    assert [(d.what, d.outcome) for d in chance.draws] == [
        ("a secret card", str(value)),
        ("two cards", ", ".join(order)),
    ]


def test_forced_outcomes_replace_the_next_draws_in_order() -> None:
    rng = Rng(seed=5)
    chance = Chance(rng)
    deck = ["wood", "brick", "glass"]
    with forced(2, "glass", ["glass", "wood", "brick"]):
        assert chance.below(3, "a die") == 2
        assert chance.choice(["wood", "glass"], "a card") == "glass"
        chance.shuffle(deck, "the deck")
    assert deck == ["glass", "wood", "brick"]
    assert rng.draws == 0
    assert chance.below(1000, "after the block") == Rng(seed=5).below(1000)


@pytest.mark.parametrize(
    ("outcome", "draw"),
    [
        (5, lambda chance: chance.below(3, "a die")),
        ("stone", lambda chance: chance.choice(["wood"], "a card")),
        (["wood"], lambda chance: chance.shuffle(["wood", "brick"], "the deck")),
    ],
)
def test_impossible_forced_outcomes_are_refused(outcome: object, draw: object) -> None:
    with pytest.raises(ValueError, match="forced outcome"), forced(outcome):
        draw(Chance(Rng(seed=1)))  # type: ignore[operator]


def test_forced_outcomes_left_undrawn_are_an_error() -> None:
    with pytest.raises(ValueError, match="1 forced outcome"), forced(1, 2):
        Chance(Rng(seed=1)).below(3, "one die only")


def test_forcing_a_whole_game_set_up() -> None:
    """Tests can set up exactly the game they need: here Tiny Towns' first-game cards and a
    chosen first resource card."""
    import engine

    game = engine.get("tiny-towns")
    deck = ["glass", "wood", "brick", "wheat", "stone"] * 3
    with forced(deck):
        state = game.new_game(["alice", "bob"], 1, {"monuments": False, "buildings": "first-game"})
    assert state.resource == "glass"
    assert state.deck == deck[6:]  # five buried, one revealed
