"""The base Game's derivations from the phase table and the checker, through the pile game:
legal actions, why an action is refused, typed play, parse errors with suggestions, the
resign/skip guard, ranking, views and determinize."""

from __future__ import annotations

import pytest

from engine.core import GameOver, IllegalAction, NotYourTurn, ParseError, Phase, Result, Rng
from tests.support.pile_game import PHASES, PileAction, PileGame, PileState, PileView

GAME = PileGame()


def fresh(players: int = 2, size: int = 10) -> PileState:
    return GAME.new_game(["alice", "bob", "carol"][:players], 1, {"size": size})


def test_legal_lists_the_phases_candidates_as_values_and_texts() -> None:
    state = fresh(size=2)
    assert GAME.legal(state, 0) == [
        PileAction("take", 1),
        PileAction("take", 2),
        PileAction("roll"),
    ]
    assert GAME.legal_actions(state, 0) == ["take 1", "take 2", "roll"]
    assert GAME.legal(state, 1) == [] and GAME.legal_actions(state, 1) == []


def test_why_explains_every_refusal_and_allows_the_rest() -> None:
    state = fresh()
    assert GAME.why(state, 0, PileAction("take", 2)) is None
    assert str(GAME.why(state, 0, PileAction("take", 4))) == "you may take 1 to 3"
    assert str(GAME.why(state, 1, PileAction("take", 1))) == "it is not bob's turn"
    over, _ = GAME.apply(fresh(size=1), 0, "take 1")
    assert str(GAME.why(over, 0, PileAction("take", 1))) == "the game is over"


class PickyPileGame(PileGame):
    """The pile game with a phase that accepts `take` only, and lists candidates the checker
    must filter (take 0 to 4)."""

    def phase(self, state: PileState, seat: int) -> Phase[PileState, PileAction]:
        return Phase(
            kinds=frozenset({"take"}),
            candidates=lambda s, _: [PileAction("take", n) for n in range(5)],
            refusal=lambda s, _, kind: f"no {kind} while {s.pile} counters lie on the pile",
        )


def test_a_phase_refuses_other_kinds_and_its_candidates_are_checked() -> None:
    picky, state = PickyPileGame(), fresh()
    assert picky.legal_actions(state, 0) == ["take 1", "take 2", "take 3"]
    assert (
        str(picky.why(state, 0, PileAction("roll"))) == "no roll while 10 counters lie on the pile"
    )
    with pytest.raises(IllegalAction, match="'roll' is not allowed: no roll while 10"):
        picky.apply(state, 0, "roll")


def test_play_applies_a_value_as_apply_applies_its_text() -> None:
    state = fresh()
    assert GAME.play(state, 0, PileAction("take", 3)) == GAME.apply(state, 0, "take 3")
    with pytest.raises(IllegalAction) as caught:
        GAME.play(state, 0, PileAction("take", 4))
    assert str(caught.value.why) == "you may take 1 to 3"
    assert caught.value.suggestions[0] == "take 1"
    with pytest.raises(NotYourTurn):
        GAME.play(state, 1, PileAction("roll"))


class TurnPileGame(PileGame):
    """The pile game with a `play_listed` of its own that does more than perform (it takes
    one counter more), as a game ends a whole turn there."""

    def play_listed(self, state: PileState, seat: int, action: PileAction) -> Result[PileState]:
        done = super().play_listed(state, seat, action)
        return GAME.perform(done.state, seat, PileAction("take", 1))


def test_play_listed_plays_a_listed_action_as_play_does_but_unchecked() -> None:
    state = fresh()
    for action in GAME.legal(state, 0):
        assert GAME.play_listed(state, 0, action) == GAME.play(state, 0, action)
    unchecked = GAME.play_listed(state, 0, PileAction("take", 4))  # (never listed)
    assert unchecked.state.pile == 6
    turns = TurnPileGame()
    assert turns.play_listed(state, 0, PileAction("take", 2)).state.pile == 7
    assert turns.play(state, 0, PileAction("take", 2)).state.pile == 7  # checked, then the same
    with pytest.raises(IllegalAction):
        turns.play(state, 0, PileAction("take", 4))


def test_parse_errors_get_the_nearest_legal_texts_from_the_game() -> None:
    with pytest.raises(ParseError) as caught:
        GAME.apply(fresh(), 0, "tkae 2")
    assert str(caught.value.detail) == "try 'take N' or 'roll'"
    assert caught.value.suggestions[0] == "take 2"
    assert "Did you mean: take 2" in str(caught.value)


def test_public_text_comes_from_the_action_value() -> None:
    assert GAME.public_text(fresh(), 0, "  TAKE   2 ;roll") == "take 2; roll"


def test_resign_is_refused_when_the_game_is_over_or_the_seat_resigned_already() -> None:
    state, _ = GAME.resign(fresh(3), 1)
    with pytest.raises(IllegalAction, match="bob has already resigned"):
        GAME.resign(state, 1)
    over, _ = GAME.apply(fresh(size=1), 0, "take 1")
    with pytest.raises(GameOver, match="'resign'"):
        GAME.resign(over, 0)


def test_skip_is_only_for_a_seat_that_must_act() -> None:
    state = fresh(3)
    with pytest.raises(NotYourTurn, match="waiting for alice"):
        GAME.skip(state, 2)
    skipped, events = GAME.skip(state, 0)
    assert GAME.to_act(skipped) == {1}
    assert [e.text for e in events] == ["alice is skipped"]
    over, _ = GAME.apply(fresh(size=1), 0, "take 1")
    with pytest.raises(GameOver):
        GAME.skip(over, 0)


def test_the_default_ranking_puts_resigned_seats_last() -> None:
    state, _ = GAME.apply(fresh(3), 0, "take 3")
    state, _ = GAME.resign(state, 0)
    assert GAME.ranking(state) == [[1, 2], [0]]


def test_view_data_is_the_typed_views_data() -> None:
    state = fresh()
    typed = GAME.view_of(state, 1)
    assert isinstance(typed, PileView)
    assert (
        GAME.view(state, 1)
        == typed.data()
        == {
            "game": "pile",
            "pile": 10,
            "held": [0, 0],
            "to_act": [0],
            "secret": state.secrets[1],
        }
    )
    assert PileView.of(typed.data()) == typed and PileView.of(typed) is typed


def test_determinize_keeps_what_the_viewer_sees_and_redraws_the_rest() -> None:
    state = fresh(3)
    guesses = [GAME.determinize(state, 1, Rng(seed=seed)) for seed in range(20)]
    assert all(GAME.view(guess, 1) == GAME.view(state, 1) for guess in guesses)
    assert len({tuple(guess.secrets) for guess in guesses}) > 1
    assert len({guess.rng.seed for guess in guesses}) == 20


def test_the_phase_table_covers_every_phase() -> None:
    assert set(PHASES) == {False, True}
    assert GAME.phase(fresh(), 0) is PHASES[False]
