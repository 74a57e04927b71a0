"""What Terra Nova says in words — the round, your money, power bowls, sailing and bonus tile —
that an exchange shows nothing new on the board, the forced `done` once bowl III is empty at a
round end, and the standing answer `no-round-end-exchange`."""

from __future__ import annotations

from engine.core import Automatic, msg
from engine.games.terra_nova.summary import NO_ROUND_END_EXCHANGE
from engine.games.terra_nova.tiles import BONUS_BY_KEY
from tests.support.words import english

from .helpers import GAME, first_game, play, position
from .test_round_end import BOWLS, _round_end


def test_your_money_power_bowls_sailing_and_bonus_tile_in_words() -> None:
    state = position(first_game(2), money={0: 7}, bowls={0: [2, 4, 6]})
    player = state.seats[0]
    bonus = BONUS_BY_KEY[player.bonus]

    own = english(GAME.summary(state, 0))

    assert own[0].startswith("Round 1 of 5; round scoring: ")
    assert own[1] == (
        f"You (Fairies): 7 money · power 2/4/6 (bowls I/II/III) · sailing {player.sailing} · "
        f"bonus tile {player.bonus} ({bonus.text}) · {player.score} points."
    )
    public = english(GAME.summary(state, None))
    assert public[1].startswith(f"{state.players[state.current]} (")  # whoever is to act


def test_the_round_end_says_who_may_exchange() -> None:
    state = _round_end(BOWLS)
    assert english(GAME.summary(state, None))[0] == (
        "Round 1 ends: alice and carol may exchange power from bowl III for money, then 'done'."
    )


def test_done_is_forced_once_bowl_three_is_empty_at_a_round_end() -> None:
    state = _round_end(BOWLS)
    assert GAME.forced(state, 0) is None  # four power to exchange: a real choice
    emptied, _ = play(state, 0, "exchange 4")
    assert GAME.forced(emptied, 0) == Automatic(
        "done", msg("nothing is left in their bowl III to exchange")
    )
    assert GAME.legal_actions(emptied, 0) == ["done"]


def test_the_standing_answer_plays_done_at_a_round_end_only() -> None:
    state = _round_end(BOWLS)
    answer = GAME.standing_answer(state, 2, NO_ROUND_END_EXCHANGE)
    assert answer is not None and answer.text == "done"
    assert GAME.standing_answer(state, 1, NO_ROUND_END_EXCHANGE) is None  # not asked
    turn = first_game(2)
    assert GAME.standing_answer(turn, turn.current, NO_ROUND_END_EXCHANGE) is None
    assert [a.key for a in GAME.info.standing_answers] == [NO_ROUND_END_EXCHANGE]


def test_an_exchange_shows_nothing_new_on_the_board_a_pass_does() -> None:
    state = _round_end(BOWLS)
    exchanged, _ = play(state, 0, "exchange 2")
    assert not GAME.board_news(state, exchanged)
    turn = first_game(2)
    passed, _ = play(turn, turn.current, f"pass {min(turn.offer)}")
    assert GAME.board_news(turn, passed)
