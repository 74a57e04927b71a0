"""Whole games of Terra Nova at the console — 4 players with the book's first-game set-up, and
3 players with B-side factions chosen in the set-up — from /newgame to the final scores, with
the real engine and renderer. The moves come from a seeded
random playout of legal actions, sent a whole turn (exchanges, the action, a town tile) per
/move line; the seed's game founds a town."""

from __future__ import annotations

from pathlib import Path

import pytest

import engine
from bot.service.texts import ranking_line, scores_line
from engine.core import Rng
from engine.core.game import Game
from engine.core.playout import choose_action
from engine.games.terra_nova import TerraNovaState
from engine.games.terra_nova.factions import FACTIONS, FACTIONS_BY_KEY
from engine.games.terra_nova.tiles import FIRST_GAMES
from tests.bot.helpers import move_boards, run_script
from tests.support.announcing import Image, image_for
from tests.support.words import english

GAME = "terra-nova"
B_SIDE = {faction.key for faction in FACTIONS if faction.side == "B"}
#: (players, options, seed — chosen so that its random game founds a town)
SETUPS: dict[str, tuple[list[str], dict[str, bool], int]] = {
    "four-first-game": (["alice", "bob", "carol", "dave"], {"first-game": True}, 2039),
    "three-b-side": (["alice", "bob", "carol"], {}, 2031),
}
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _choose(chooser: Rng, actions: list[str]) -> str:
    """A random B-side faction while factions are chosen, else a random legal action."""
    b_side = [a for a in actions if a.startswith("choose ") and a.split()[1] in B_SIDE]
    return b_side[chooser.below(len(b_side))] if b_side else choose_action(chooser, actions)


def _turn(
    game: Game[TerraNovaState], state: TerraNovaState, seat: int, chooser: Rng
) -> tuple[list[str], TerraNovaState]:
    """Random legal parts of one whole turn of `seat`: exchanges, then the action, then a town
    tile if the action founded a town (the same seat may have the next turn too)."""
    turn: list[str] = []
    while True:
        action = _choose(chooser, game.legal_actions(state, seat))
        state, _ = game.apply(state, seat, action)
        turn.append(action)
        if game.is_over(state) or (not action.startswith("exchange ") and not state.acted):
            return turn, state


def _script(setup: str) -> tuple[list[str], str, list[Image], list[str]]:
    """The console lines of a whole game, the expected final text, the image each /move line
    brings and each seat's player with their faction as the events name them."""
    joined, options, seed = SETUPS[setup]
    game = engine.get(GAME)
    players = list(joined)
    Rng(seed=seed).shuffle(players)  # the service seats players in this order
    state = game.new_game(players, seed, options)
    chooser = Rng(seed=seed ^ 0x5EED)
    extra = " options:first-game:true" if options.get("first-game") else ""
    lines = [f"{joined[0]}> /newgame game:{GAME} seed:{seed}{extra}"]
    lines += [f"{name}> /join" for name in joined[1:]] + [f"{joined[0]}> /start"]
    moves = 0
    images: list[Image] = []
    while not game.is_over(state):
        seat = min(game.to_act(state))
        before = state
        turn, state = _turn(game, state, seat, chooser)
        lines.append(f"{players[seat]}> /move action:{'; '.join(turn)}")
        images.append(image_for(game, before, state, seat))
        moves += 1
        if moves == 5:
            lines += [
                f"{players[0]}> /status",
                f"{players[1]}> /history count:3",
                f"{players[1]}> /standing",
            ]
    factions = [player.faction for player in state.seats]
    if options.get("first-game"):
        assert factions == list(FIRST_GAMES[4].factions)
    else:
        assert set(factions) <= B_SIDE
    named = [
        f"{name} ({FACTIONS_BY_KEY[key].name})" for name, key in zip(players, factions, strict=True)
    ]
    scores = game.scores(state)
    final = "\n".join(
        [
            *english(game.outcome(state)),
            f"Final scores: {scores_line(players, scores)}.",
            f"Ranking: {ranking_line(players, scores, game.ranking(state))}",
        ]
    )
    return [*lines, f"{joined[0]}> /board"], final, images, named


@pytest.mark.parametrize("setup", list(SETUPS))
async def test_a_whole_game_at_the_console(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], setup: str
) -> None:
    lines, final, images, named = _script(setup)
    moves = len(images)
    await run_script(tmp_path, lines)
    out = capsys.readouterr().out
    assert f"Game over at table #1 (Terra Nova): {final}" in out
    assert ("(options: first-game on; skip after 24 h)" in out) == (setup == "four-first-game")
    assert all(f"• {player} " in out for player in named)  # each seat's faction
    assert " founds a town: " in out and " takes the town tile " in out
    assert "• no-round-end-exchange (off): never exchange power" in out  # /standing
    assert "• Round 5 begins" in out and "• The fifth round ends: final scoring" in out
    boards = {path.name: path.read_bytes() for path in (tmp_path / "boards").iterdir()}
    # The public board once per move that shows something new (an exchange alone does not;
    # the round-end exchanges post it once, when the round is complete), and at the start.
    public = {0} | {n for n, image in enumerate(images, start=1) if image == "public"}
    assert move_boards(boards, moves) == {f"1-{n}.png" for n in public}
    assert len(public) < moves
    # At a round end, each player who is done while others still exchange gets their board.
    personal = [n for n, image in enumerate(images, start=1) if image == "personal"]
    assert personal and all(any(f"1-{n}-seat" in name for name in boards) for n in personal)
    assert all(png.startswith(PNG_SIGNATURE) for png in boards.values())
    assert f"board: {tmp_path / 'boards' / f'1-{moves}.png'}" in out
