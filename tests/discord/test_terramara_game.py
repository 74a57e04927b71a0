"""Whole advanced games of Terramara through Discord — 2 players (with their neutral players,
fire and blockades) and 4 players: /newgame, the Join and Start buttons, then /move commands
of the seated players until the final scores.

Each /move is a whole random legal turn of a player the table waits for, composed with the
engine from the stored position (raids preferred, so raided players hand over at the same
time). Every move is one message: the board as a PNG when it shows something new (a `done`
alone does not), a raided player's hand-over while others still owe theirs one line with their
own board privately. It pings exactly the players the move made the table wait for — a raid's
victims included — and never names a card still in the deck (the only secret); neither do the
players' own /history and /status, which say the round and the player's stock in words. The
end names the winner and any tie-break that decided.
"""

from __future__ import annotations

import pytest

import engine
from bot.discord_app import MeepleBot
from bot.service.texts import scores_line
from engine.core import Rng
from tests.discord_loopback import LoopbackDiscord
from tests.support.announcing import Image, image_for
from tests.support.terramara_turns import names_a_deck_card, whole_turn

from .helpers import check_images, current, last_id, newer_message, start_table

GAME = "terramara"
#: players → (the table's seed, the seed of the random moves)
SETUPS = {2: (("alice", "bob"), 10, 3), 4: (("alice", "bob", "carol", "dave"), 11, 4)}


@pytest.mark.parametrize("players", list(SETUPS), ids=lambda n: f"{n}-players")
async def test_a_whole_advanced_game_from_newgame_to_the_final_scores(
    bot: MeepleBot, discord_server: LoopbackDiscord, players: int
) -> None:
    names, seed, moves_seed = SETUPS[players]
    table = await start_table(discord_server, bot, names, seed=seed, game=GAME)
    game = engine.get(GAME)
    chooser = Rng(seed=moves_seed)
    moves = raided = 0
    images: list[Image] = []
    first_move = len(discord_server.messages(table.channel))
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
        images.append(image_for(game, state, after, seat))
        await check_images(bot, handle, posted, images[-1])
        newly_owed = sorted(game.to_act(after) - set(record.to_act))
        assert posted.mentioned_user_ids == [table.seats[s].id for s in newly_owed]
        assert not names_a_deck_card(posted.content, after), posted.content
        if turn[-1].endswith(" home raid") and newly_owed and seat not in newly_owed:
            raided += 1
        moves += 1
        if moves == 30:  # what each player reads privately names no deck card either
            for reader in table.seats:
                for command, options in (("history", {"count": 50}), ("status", {})):
                    handle = await discord_server.send_slash(
                        reader, table.channel, command, options
                    )
                    answer = await handle.original_message()
                    assert answer.ephemeral
                    assert not names_a_deck_card(answer.content, after)
                    if command == "status":
                        assert f"Round {after.round} of 5" in answer.content
                        assert "Your stock: " in answer.content

    assert record.status == "finished" and after.phase == "over" and after.round == 5
    assert not after.first_game and all(p.person for p in after.seats)
    assert raided >= 2
    final = f"Final scores: {scores_line(list(after.players), game.scores(after))}."
    assert final in posted.content and game.outcome(after)[0] in posted.content
    assert moves > 12 * players
    # One message per move; fewer pictures than moves.
    assert len(discord_server.messages(table.channel)) == first_move + moves
    assert images.count("public") < moves and "none" in images
