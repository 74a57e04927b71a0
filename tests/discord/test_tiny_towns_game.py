"""A whole 3-player game of Tiny Towns with monuments through Discord: /newgame with options,
the Join and Start buttons, then /move commands of the seated players — several of them owed
an action at once — until the final scores.

Each /move is a random legal part of a round for a player the table waits for (who builds
their monument whenever they can), composed with the engine from the stored position. Each
move posts one message; the public board (a PNG) comes once a round, when the round is
complete, and every other part of a round is one line in the channel while its player sees
their own board privately. Messages ping exactly the players the move made the table wait
for and never name a monument card that is still secret; neither does anyone's /history,
and /status shows each player their own board privately.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import engine
from bot.discord_app import MeepleBot
from bot.service.texts import scores_line
from engine.core import Rng
from engine.core.playout import choose_action
from engine.games.tiny_towns.cards import CARDS
from engine.games.tiny_towns.game import PUBLIC_KEEP
from tests.discord_loopback import FakeUser, LoopbackDiscord, RecordedMessage
from tests.discord_loopback.handles import InteractionHandle
from tests.support.announcing import Image, image_for

from .helpers import (
    PNG_SIGNATURE,
    Table,
    check_images,
    current,
    last_id,
    newer_message,
    start_table,
)

GAME = "tiny-towns"
OPTIONS = "monuments:true"
MAX_ACTIONS_PER_MOVE = 3


def secrets(state: Any, seats: Iterable[int]) -> set[str]:
    """The names and keys of every monument card of `seats` not built (so not public) yet."""
    hidden: set[str] = set()
    for seat in seats:
        town = state.towns[seat]
        for card in town.dealt:
            if card not in town.cells:
                hidden |= {card, CARDS[card].name}
    return hidden


def choose(chooser: Rng, actions: list[str]) -> str:
    """The player's monument if it can be built, else a random legal action."""
    monuments = [a for a in actions if a.startswith("build ") and CARDS[a.split()[1]].is_monument]
    return monuments[0] if monuments else choose_action(chooser, actions)


def compose(game: Any, state: Any, seat: int, chooser: Rng) -> tuple[list[str], Any]:
    """Up to three legal actions for `seat` within the current round."""
    turn: list[str] = []
    start = state.round
    while (
        not game.is_over(state)
        and seat in game.to_act(state)
        and state.round == start
        and len(turn) < MAX_ACTIONS_PER_MOVE
    ):
        action = choose(chooser, game.legal_actions(state, seat))
        state, _ = game.apply(state, seat, action)
        turn.append(action)
    return turn, state


def public(turn: list[str]) -> str:
    return "; ".join(PUBLIC_KEEP if part.startswith("keep ") else part for part in turn)


async def play(
    server: LoopbackDiscord, table: Table, user: FakeUser, turn: list[str]
) -> tuple[InteractionHandle, RecordedMessage]:
    before = last_id(server, table.channel)
    handle = await server.send_slash(user, table.channel, "move", {"action": "; ".join(turn)})
    assert (await handle.response()).ephemeral
    return handle, await newer_message(server, table.channel, before)


async def private_answer(
    server: LoopbackDiscord, table: Table, user: FakeUser, command: str, **options: Any
) -> RecordedMessage:
    handle = await server.send_slash(user, table.channel, command, options)
    answer = await handle.original_message()
    assert answer.ephemeral
    return answer


async def test_a_whole_tiny_towns_game_with_monuments_from_newgame_to_the_final_scores(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    table = await start_table(
        discord_server, bot, ("alice", "bob", "carol"), seed=55, game=GAME, options=OPTIONS
    )
    game = engine.get(GAME)
    chooser = Rng(seed=1)
    everyone = range(len(table.seats))
    moves = 0
    images: list[Image] = []
    shown: list[str] = []
    checked_privately = False
    first_move = len(discord_server.messages(table.channel))
    while (record := await current(bot, table)).status == "active":
        assert record.state_json is not None
        state = game.load_state(record.state_json)
        seat = record.to_act[chooser.below(len(record.to_act))]
        turn, after = compose(game, state, seat, chooser)
        user = table.seats[seat]

        handle, posted = await play(discord_server, table, user, turn)

        assert posted.content.startswith(f"{user.name.title()}: {public(turn)}")
        hidden = secrets(after, everyone)
        assert not any(word in posted.content for word in hidden), posted.content
        image = image_for(game, state, after, seat)
        await check_images(bot, handle, posted, image)
        if image == "personal":  # one line (and a monument built); their board only for them
            lines = posted.content.splitlines()
            assert len(lines) == 1 or "builds their monument" in lines[1], lines
            own = await handle.original_message()
            others = secrets(after, everyone) - secrets(after, [seat])
            assert not any(word in own.content for word in others)
        else:
            board = posted.files[0]
        images.append(image)
        newly_owed = sorted(game.to_act(after) - set(record.to_act))
        assert posted.mentioned_user_ids == [table.seats[s].id for s in newly_owed]
        moves += 1
        shown.append(posted.content)

        if not checked_privately and after.round == 2:
            checked_privately = True
            for seat_index, player in enumerate(table.seats):
                others = secrets(after, everyone) - secrets(after, [seat_index])
                history = await private_answer(discord_server, table, player, "history", count=50)
                assert PUBLIC_KEEP in history.content
                assert not any(word in history.content for word in others)
                status = await private_answer(discord_server, table, player, "status")
                assert not any(word in status.content for word in others)
                (own,) = status.files
                assert own.data.startswith(PNG_SIGNATURE) and own.data != board.data
                assert "Round 2: the resource is " in status.content  # in words
                assert "Your town: " in status.content

    assert record.status == "finished" and checked_privately
    built = [CARDS[t.monument].name for t in after.towns if t.monument and t.monument in t.cells]
    assert built  # and each was named publicly once it stood:
    assert all(any(f"builds their monument, {name}" in text for text in shown) for name in built)
    players = list(after.players)
    assert f"Final scores: {scores_line(players, game.scores(after))}." in posted.content
    assert after.round > 10 and moves > 3 * after.round // 2
    # One message per move; the public board once a round (and once the monuments are kept).
    assert len(discord_server.messages(table.channel)) == first_move + moves
    assert images.count("public") == after.round + 1
    assert images.count("personal") == moves - images.count("public")
    keeps = (await bot.store.actions.recent_actions(table.id, 1000))[:3]
    assert {a.text for a in keeps} == {f"keep {town.monument}" for town in after.towns}
