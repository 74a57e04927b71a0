"""A whole game of Terra Nova (2006) through Discord: /newgame, the Join and Start buttons,
then /move commands of the seated players until the final scores. The moves are random legal
turns for whoever must act, composed with the engine from the stored position (and a boxed-in
player's forced pass, which the bot plays). Each message says in words what is left of the
turn and carries the board when the island changed; the end names the winner."""

from __future__ import annotations

import engine
from bot.discord_app import MeepleBot
from bot.service.texts import scores_line
from engine.core import Rng
from engine.core.playout import choose_action
from tests.discord_loopback import LoopbackDiscord
from tests.support.announcing import image_for, play_forced

from .helpers import GAME, check_images, current, last_id, newer_message, start_table

MAX_ACTIONS_PER_MOVE = 3


async def test_a_whole_terra_nova_game_from_newgame_to_the_final_scores(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    table = await start_table(discord_server, bot, ("alice", "bob", "carol"), seed=2006)
    game = engine.get(GAME)
    chooser = Rng(seed=31)
    moves = 0
    shown: list[str] = []
    while (record := await current(bot, table)).status == "active":
        assert record.state_json is not None
        state = game.load_state(record.state_json)
        (seat,) = record.to_act
        start = state
        turn: list[str] = []
        while (
            not game.is_over(state)
            and game.to_act(state) == {seat}
            and len(turn) < MAX_ACTIONS_PER_MOVE
        ):
            action = choose_action(chooser, game.legal_actions(state, seat))
            state, _ = game.apply(state, seat, action)
            turn.append(action)
        state, _ = play_forced(game, state)
        before = last_id(discord_server, table.channel)

        handle = await discord_server.send_slash(
            table.seats[seat], table.channel, "move", {"action": "; ".join(turn)}
        )

        assert (await handle.response()).ephemeral
        posted = await newer_message(discord_server, table.channel, before)
        assert posted.content.startswith(f"{table.seats[seat].name.title()}: {turn[0]}")
        await check_images(bot, handle, posted, image_for(game, start, state, seat))
        if not game.is_over(state):
            assert game.summary(state, None)[0] in posted.content  # what is left of the turn
            shown.append(posted.content)
        waiting = [table.seats[s].id for s in sorted(game.to_act(state))]
        assert posted.mentioned_user_ids == waiting
        moves += 1

    assert record.status == "finished"
    players = list(state.players)
    assert f"Final scores: {scores_line(players, game.scores(state))}." in posted.content
    assert game.outcome(state)[0] in posted.content
    assert moves > 20
    assert any(" has 3 actions, the first a move; " in text for text in shown)
    assert len(await bot.store.actions.recent_actions(table.id, 1000)) >= moves
