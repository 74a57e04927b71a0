"""What other players read of an action (`public_text`): only `keep <monument>` hides anything."""

from __future__ import annotations

from engine.core import Rng
from engine.core.playout import choose_action
from engine.games.tiny_towns.cards import CARDS
from engine.games.tiny_towns.game import PUBLIC_KEEP
from tests.support.pile_game import PileGame

from .helpers import GAME

PLAYERS = ["alice", "bob", "carol"]


def test_keeping_a_monument_reads_as_keeping_a_card_however_it_is_written() -> None:
    state = GAME.new_game(PLAYERS, seed=11)
    card = state.towns[0].dealt[0]
    for typed in (f"keep {card}", f"KEEP {CARDS[card].name}", f"  Keep   {card} "):
        assert GAME.public_text(state, 0, typed) == PUBLIC_KEEP


def test_only_the_keep_part_of_a_whole_turn_is_hidden() -> None:
    state = GAME.new_game(["alice"], seed=3)
    card = state.towns[0].dealt[1]
    text = f"keep {card}; choose {state.face_up[0]}; place {state.face_up[0]} A1"
    GAME.apply(state, 0, text)  # a turn the engine accepts
    assert GAME.public_text(state, 0, text) == (
        f"{PUBLIC_KEEP}; choose {state.face_up[0]}; place {state.face_up[0]} A1"
    )


def test_every_other_action_of_a_whole_game_is_public_as_written() -> None:
    state = GAME.new_game(PLAYERS, seed=5, options={"monuments": True})
    rng = Rng(seed=5)
    seen_kinds: set[str] = set()
    while not GAME.is_over(state):
        seat = min(GAME.to_act(state))
        for action in GAME.legal_actions(state, seat):
            kind = action.split()[0]
            seen_kinds.add(kind)
            expected = PUBLIC_KEEP if kind == "keep" else action
            assert GAME.public_text(state, seat, action) == expected
        state, _ = GAME.apply(state, seat, choose_action(rng, GAME.legal_actions(state, seat)))
    assert {"keep", "place", "build", "done"} <= seen_kinds


def test_a_game_without_secrets_shows_its_texts_unchanged() -> None:
    pile = PileGame()
    state = pile.new_game(["alice", "bob"], seed=1)
    assert pile.public_text(state, 0, "take 2") == "take 2"
