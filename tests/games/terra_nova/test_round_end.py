"""Phase III (round end): after the last pass of rounds 1–4 every player with power in bowl III
may exchange it for money, all at once, and finishes with `done`; then the next income."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction, NotYourTurn
from engine.games.terra_nova import rules
from engine.games.terra_nova.state import TerraNovaState

from .helpers import GAME, first_game, play, position, texts


def _pass_all(state: TerraNovaState) -> TerraNovaState:
    """Everybody still in round 1 passes, taking the first bonus tile on offer."""
    while state.phase == "actions" and state.round == 1:
        state, _ = play(state, state.current, f"pass {min(state.offer)}")
    return state


def _round_end(bowls: dict[int, list[int]]) -> TerraNovaState:
    """The 4-player first game with `bowls` set, right after everybody passed in round 1."""
    return _pass_all(position(first_game(4), bowls=bowls))


#: Seats 0 and 2 hold power in bowl III; seats 1 and 3 have none.
BOWLS = {0: [0, 4, 4], 1: [4, 4, 0], 2: [2, 5, 1], 3: [8, 0, 0]}


def test_exactly_the_players_with_power_in_bowl_three_are_asked() -> None:
    state = _round_end(BOWLS)
    assert state.phase == "round-end" and state.round == 1
    assert GAME.to_act(state) == frozenset({0, 2})
    view = GAME.view(state, None)
    assert view["phase"] == "round-end" and view["to_act"] == [0, 2]
    assert GAME.legal_actions(state, 0) == [f"exchange {n}" for n in (1, 2, 3, 4)] + ["done"]
    assert GAME.legal_actions(state, 2) == ["exchange 1", "done"]
    assert GAME.legal_actions(state, 1) == [] and GAME.legal_actions(state, 3) == []
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 1, "done")


def test_round_end_exchanges_pay_one_money_per_power_until_done() -> None:
    state = _round_end(BOWLS)
    money = state.seats[0].money
    state, events = play(state, 0, "exchange 3")
    assert state.seats[0].money == money + 3 and state.seats[0].bowls == [3, 4, 1]
    assert "exchanges 3 power for 3 money" in " ".join(texts(events))
    assert GAME.to_act(state) == frozenset({0, 2})
    with pytest.raises(IllegalAction, match="only 1 power in bowl III"):
        GAME.apply(state, 0, "exchange 2")
    with pytest.raises(IllegalAction, match="'done'"):
        GAME.apply(state, 0, "sail")
    state, _ = play(state, 0, "exchange 1; done")
    assert state.seats[0].money == money + 4 and state.seats[0].bowls == [4, 4, 0]
    assert GAME.to_act(state) == frozenset({2}) and state.round == 1


def test_the_next_income_follows_once_the_last_asked_player_is_done() -> None:
    state = _round_end(BOWLS)
    state, _ = play(state, 0, "done")
    before = state.model_copy(deep=True)
    income = rules.income(before, 2)
    state, events = play(state, 2, "done")
    lines = texts(events)
    assert lines.index("carol (Golems) is done exchanging power") < next(
        i for i, line in enumerate(lines) if "round 2 begins" in line
    )
    assert state.phase == "actions" and state.round == 2
    assert state.seats[2].money == before.seats[2].money + income.money
    assert state.offer == {key: coins + 1 for key, coins in before.offer.items()}


def test_nobody_is_asked_without_power_in_bowl_three() -> None:
    state = _round_end({seat: [4, 4, 0] for seat in range(4)})
    assert state.phase == "actions" and state.round == 2


def test_done_belongs_to_the_round_end_only() -> None:
    with pytest.raises(IllegalAction, match="end of a round"):
        GAME.apply(first_game(4), 0, "done")


def test_the_druids_may_exchange_power_for_points_at_the_round_end() -> None:
    state = _round_end({0: [0, 2, 6], 1: [4, 4, 0], 2: [4, 4, 0], 3: [4, 4, 0]})
    state.seats[0].faction = "druids"
    assert {"exchange 3 vp", "exchange 6 vp"} <= set(GAME.legal_actions(state, 0))
    score = state.seats[0].score
    state, _ = play(state, 0, "exchange 6 vp; done")
    assert state.seats[0].score == score + 4 and state.round == 2


def test_a_skipped_player_is_simply_done() -> None:
    state = _round_end(BOWLS)
    skipped, _ = GAME.skip(state, 0)
    assert GAME.to_act(skipped) == frozenset({2}) and skipped.seats[0].bowls == [0, 4, 4]
    with pytest.raises(NotYourTurn):
        GAME.skip(state, 1)
    state, _ = GAME.skip(skipped, 2)
    assert state.round == 2


def test_a_resigned_player_is_never_asked() -> None:
    state = _round_end(BOWLS)
    resigned, events = GAME.resign(state, 2)
    assert GAME.to_act(resigned) == frozenset({0})
    assert "resigns" in " ".join(texts(events))
    state, _ = GAME.resign(resigned, 0)
    assert state.round == 2
    earlier = position(first_game(4), bowls=BOWLS)
    earlier, _ = GAME.resign(earlier, 2)
    assert GAME.to_act(_pass_all(earlier)) == frozenset({0})
