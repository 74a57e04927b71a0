"""Whole games of Terra Nova through Discord — 3 players with B-side factions in drop-out turn
order, and 4 players with the book's first-game set-up: /newgame with an option, the Join and
Start buttons, then /move commands of the seated players until the final scores.

Each /move is one whole random legal turn (exchanges, the action, a town tile if the action
founded a town) of whoever must act, composed with the engine from the stored position; in
the set-up every player chooses a random B-side faction. The seeds make one player found a
town along the way. A public message carries the board as a PNG when it shows something new,
a player's part of the round-end exchanges shows them their own board privately, and every
message pings only a player the move made the table wait for.
"""

from __future__ import annotations

import pytest

import engine
from bot.discord_app import MeepleBot
from bot.service.texts import ranking_line, scores_line
from engine.core import Rng
from engine.core.game import Game
from engine.core.playout import choose_action
from engine.games.terra_nova import TerraNovaState
from engine.games.terra_nova.factions import FACTIONS, FACTIONS_BY_KEY
from engine.games.terra_nova.tiles import FIRST_GAMES
from tests.discord_loopback import LoopbackDiscord
from tests.support.announcing import Image, image_for

from .helpers import check_images, current, last_id, newer_message, start_table

GAME = "terra-nova"
B_SIDE = {faction.key for faction in FACTIONS if faction.side == "B"}
#: (players, /newgame options, the seed of the random moves — chosen so a town is founded)
SETUPS = {
    "three-b-side-drop-out": (("alice", "bob", "carol"), "turn-order:drop-out", 7),
    "four-first-game": (("alice", "bob", "carol", "dave"), "first-game:true", 1),
}


def choose(chooser: Rng, actions: list[str]) -> str:
    """A random B-side faction while factions are chosen, else a random legal action."""
    b_side = [a for a in actions if a.startswith("choose ") and a.split()[1] in B_SIDE]
    return b_side[chooser.below(len(b_side))] if b_side else choose_action(chooser, actions)


def whole_turn(
    game: Game[TerraNovaState], state: TerraNovaState, seat: int, chooser: Rng
) -> tuple[list[str], TerraNovaState]:
    """Random legal parts of one whole turn of `seat`: exchanges, then the action, then a town
    tile if the action founded a town (the same seat may have the next turn too)."""
    turn: list[str] = []
    while True:
        action = choose(chooser, game.legal_actions(state, seat))
        state, _ = game.apply(state, seat, action)
        turn.append(action)
        if game.is_over(state) or (not action.startswith("exchange ") and not state.acted):
            return turn, state


@pytest.mark.parametrize("setup", list(SETUPS))
async def test_a_whole_game_from_newgame_to_the_final_scores(
    bot: MeepleBot, discord_server: LoopbackDiscord, setup: str
) -> None:
    names, options, moves_seed = SETUPS[setup]
    table = await start_table(discord_server, bot, names, seed=2022, game=GAME, options=options)
    game = engine.get(GAME)
    chooser = Rng(seed=moves_seed)
    moves = 0
    images: list[Image] = []
    while (record := await current(bot, table)).status == "active":
        assert record.state_json is not None
        state = game.load_state(record.state_json)
        seat = min(record.to_act)
        turn, after = whole_turn(game, state, seat, chooser)
        user = table.seats[seat]
        before = last_id(discord_server, table.channel)

        handle = await discord_server.send_slash(
            user, table.channel, "move", {"action": "; ".join(turn)}
        )

        assert (await handle.response()).ephemeral
        posted = await newer_message(discord_server, table.channel, before)
        assert posted.content.startswith(f"{user.name.title()}: {turn[0]}")
        image = image_for(game, state, after, seat)
        await check_images(bot, handle, posted, image)
        images.append(image)
        newly_owed = sorted(game.to_act(after) - set(record.to_act))
        assert posted.mentioned_user_ids == [table.seats[s].id for s in newly_owed]
        moves += 1

    assert record.status == "finished"
    assert after.round == 5
    factions = [player.faction for player in after.seats]
    if setup == "four-first-game":
        assert factions == list(FIRST_GAMES[4].factions)
    else:
        assert after.options["turn-order"] == "drop-out" and set(factions) <= B_SIDE
    shown = [message.content for message in discord_server.messages(table.channel)]
    for user, player in zip(table.seats, after.seats, strict=True):
        assert any(
            f"{user.name.title()} ({FACTIONS_BY_KEY[player.faction].name})" in text
            for text in shown
        )
    assert any(" founds a town: " in text for text in shown)
    # In words: the money, power bowls, sailing and bonus tile of whoever is to act.
    assert any(
        " money · power " in text and " (bowls I/II/III) · sailing " in text for text in shown
    )
    players = list(after.players)
    scores = game.scores(after)
    assert f"Final scores: {scores_line(players, scores)}." in posted.content
    assert f"Ranking: {ranking_line(players, scores, game.ranking(after))}" in posted.content
    assert moves > 30
    # A board when it shows something new (an exchange alone does not); the round-end
    # exchanges post it once the round is complete, each player's part privately before.
    assert {"public", "personal"} <= set(images) and images.count("public") < moves
    assert len(await bot.store.actions.recent_actions(table.id, 1000)) >= moves
