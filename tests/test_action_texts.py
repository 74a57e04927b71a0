"""How actions are written for people, for every registered game: whatever spelling of an
action the parser accepts (case, commas, tabs, repeated spaces, a trailing `;`, inside a whole
turn), its canonical form is the one `legal_actions` lists and its public form is the same —
so an action that `public_text` hides never shows its secret, however it was typed.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import engine
from engine.core import EngineError, Game, join_turn
from engine.core.playout import choose_action
from engine.core.rng import Rng
from tests.support.pile_game import PileGame

GAMES: list[Game[Any]] = [*engine.all_games(), PileGame()]
NAMES = ["alice", "bob", "carol"]
SEEDS = (3, 8)
SPELLINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: What may stand between two words of an action, and around it.
GAPS = [" ", "  ", "\t", " \t ", ",", ", ", " ,"]
EDGES = ["", " ", "\t", "  "]
ENDS = ["", ";", " ;", "; ;", ";;"]
CASES = [str.lower, str.upper, str.title, str.swapcase, lambda word: word]


@dataclass(frozen=True)
class Turn:
    """Legal actions one seat played one after the other, from `state` on."""

    state: Any
    seat: int
    actions: tuple[str, ...]


def options_for(game: Game[Any]) -> dict[str, str]:
    """Monuments on where a game has them: the secret this test is about."""
    return {"monuments": "true"} if any(o.key == "monuments" for o in game.info.options) else {}


@cache
def turns(key: str) -> tuple[Turn, ...]:
    """Every position of a few seeded random games of `key`, each with the run of actions its
    seat played from there (up to three, while nobody else acted in between)."""
    game = next(g for g in GAMES if g.info.key == key)
    players = NAMES[: max(game.info.min_players, min(3, game.info.max_players))]
    found: list[Turn] = []
    for seed in SEEDS:
        state = game.new_game(players, seed, options_for(game))
        rng = Rng(seed=seed)
        log: list[tuple[Any, int, str]] = []
        while not game.is_over(state) and len(log) < 400:
            seats = sorted(game.to_act(state))
            seat = seats[rng.below(len(seats))] if rng.below(4) else log[-1][1] if log else 0
            if seat not in seats:
                seat = seats[0]
            action = choose_action(rng, game.legal_actions(state, seat))
            log.append((state, seat, action))
            state = game.apply(state, seat, action).state
        for index, (before, seat, _) in enumerate(log):
            run = [text for _, who, text in log[index : index + 3]]
            seats_run = [who for _, who, _ in log[index : index + 3]]
            length = next((n for n, who in enumerate(seats_run) if who != seat), len(run))
            found.append(Turn(before, seat, tuple(run[:length])))
    return tuple(found)


def hidden(key: str) -> tuple[Turn, ...]:
    """The positions whose first action `public_text` words differently."""
    game = next(g for g in GAMES if g.info.key == key)
    return tuple(
        turn
        for turn in turns(key)
        if game.public_text(turn.state, turn.seat, turn.actions[0]) != turn.actions[0]
    )


@st.composite
def spelt(draw: st.DrawFn, text: str) -> str:
    """`text` as a player might type it: any case, any gaps, spaces and `;` around it."""
    words = [draw(st.sampled_from(CASES))(word) for word in text.split()]
    written = words[0]
    for word in words[1:]:
        written += draw(st.sampled_from(GAPS)) + word
    return draw(st.sampled_from(EDGES)) + written + draw(st.sampled_from(EDGES))


@st.composite
def spelt_turn(draw: st.DrawFn, actions: tuple[str, ...]) -> str:
    parts = [draw(spelt(action)) for action in actions]
    separators = [draw(st.sampled_from([";", "; ", " ;  ", ";;"])) for _ in parts[1:]]
    text = parts[0] + "".join(sep + part for sep, part in zip(separators, parts[1:], strict=True))
    return text + draw(st.sampled_from(ENDS))


def draw_spelt(
    data: st.DataObject, game: Game[Any], positions: tuple[Turn, ...]
) -> tuple[Turn, tuple[str, ...], str]:
    """A position, the first actions of its run, and a spelling of them the game accepts."""
    turn = data.draw(st.sampled_from(positions))
    actions = turn.actions[: data.draw(st.integers(1, len(turn.actions)))]
    text = data.draw(spelt_turn(actions))
    assume(accepted(game, turn, text))
    return turn, actions, text


def accepted(game: Game[Any], turn: Turn, text: str) -> bool:
    try:
        game.apply(turn.state, turn.seat, text)
    except EngineError:
        return False
    return True


def secret_words(canonical: str, public: str) -> set[str]:
    """The words of an action that its public form leaves out."""
    return set(canonical.lower().split()) - set(public.lower().split())


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.key)
def test_every_legal_action_is_its_own_canonical_form(game: Game[Any]) -> None:
    for turn in turns(game.info.key):
        (text,) = [
            part.canonical for part in game.describe_turn(turn.state, turn.seat, turn.actions[0])
        ]
        assert text == turn.actions[0]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.key)
@SPELLINGS
@given(data=st.data())
def test_every_accepted_spelling_reads_as_the_legal_text(
    game: Game[Any], data: st.DataObject
) -> None:
    turn, actions, text = draw_spelt(data, game, turns(game.info.key))
    state, seat = turn.state, turn.seat

    assert game.canonical_text(state, seat, text) == join_turn(actions)
    assert game.public_text(state, seat, text) == game.public_text(state, seat, join_turn(actions))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.key)
@SPELLINGS
@given(data=st.data())
def test_a_hidden_action_keeps_its_secret_however_it_is_spelt(
    game: Game[Any], data: st.DataObject
) -> None:
    positions = hidden(game.info.key)
    if not positions:
        return  # this game hides nothing
    turn, _, text = draw_spelt(data, game, positions)

    canonical = turn.actions[0]
    secrets = secret_words(canonical, game.public_text(turn.state, turn.seat, canonical))
    public = game.public_text(turn.state, turn.seat, text).lower()
    assert secrets and not any(secret in public for secret in secrets)


def test_tiny_towns_hides_the_kept_monument() -> None:
    """The property above is not empty: keeping a monument is hidden in Tiny Towns."""
    keeps = hidden("tiny-towns")
    assert keeps and all(turn.actions[0].startswith("keep ") for turn in keeps)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.key)
def test_no_legal_action_is_longer_than_the_game_declares(game: Game[Any]) -> None:
    """`longest_action` (from the game's data) bounds every text `legal_actions` lists, so the
    input limit derived from it never refuses a real turn."""
    longest = max(
        len(action)
        for turn in turns(game.info.key)
        for action in game.legal_actions(turn.state, turn.seat)
    )
    assert longest <= game.longest_action()
    whole = max(len(join_turn(turn.actions)) for turn in turns(game.info.key))
    assert whole <= game.max_turn_length()
