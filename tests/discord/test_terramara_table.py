"""A Terramara table through Discord where several players act at once: a raid pings exactly
the raided players who must choose what to hand over, reminders go to them (and not to the
raider) until they have, and nobody can take back a craft once the river was refilled from
the deck."""

from __future__ import annotations

from typing import Any

import engine
from bot.config import Settings
from bot.discord_app import MeepleBot
from bot.store import TableRecord
from engine.games.terramara import rules
from engine.games.terramara.tasks import waiting_seats
from tests.discord_loopback import LoopbackDiscord
from tests.reminders.clock import TestClock, pass_time

from .helpers import current, last_id, newer_message, play_directly, start_table
from .test_reminders import reminders_in, running

GAME = "terramara"
PLAYERS = ("alice", "bob", "carol")
game = engine.get(GAME)


def state_of(record: TableRecord) -> Any:
    assert record.state_json is not None
    return game.load_state(record.state_json)


def raid_asks_two(record: TableRecord) -> bool:
    """The player to act may raid, and two others would have to choose what to hand over."""
    state = state_of(record)
    (seat,) = record.to_act
    if state.phase != "play" or not any(
        a.endswith(" home raid") for a in game.legal_actions(state, seat)
    ):
        return False
    owed = rules.raid_owed(state, seat, rules.raid_level(state, seat, 0))
    choosing = [v for v, n in owed if n and sum(1 for k in state.seats[v].raw if k) > 1]
    return len(choosing) >= 2


async def test_a_raid_pings_the_raided_players_and_reminders_go_to_them_only(
    settings: Settings, discord_server: LoopbackDiscord
) -> None:
    clock = TestClock()
    async with running(settings, discord_server, clock) as (bot, scheduler):
        table = await start_table(
            discord_server, bot, PLAYERS, seed=3, game=GAME, options="first-game:true"
        )
        await play_directly(bot, discord_server, table, raid_asks_two)
        record = await current(bot, table)
        (seat,) = record.to_act
        raider = table.seats[seat]
        action = next(
            a for a in game.legal_actions(state_of(record), seat) if a.endswith(" home raid")
        )
        before = last_id(discord_server, table.channel)

        await (
            await discord_server.send_slash(raider, table.channel, "move", {"action": action})
        ).response()

        posted = await newer_message(discord_server, table.channel, before, action)
        victims = sorted(waiting_seats(state_of(await current(bot, table))))
        assert len(victims) >= 2 and seat not in victims
        assert posted.mentioned_user_ids == [table.seats[v].id for v in victims]
        await pass_time(scheduler, clock, hours=24)
        [reminder] = reminders_in(discord_server, table)
        assert reminder.mentioned_user_ids == [table.seats[v].id for v in victims]

        # The first victim hands over everything owed: the next reminder is for the other.
        first, rest = victims[0], victims[1:]
        while first in (await current(bot, table)).to_act:
            give = game.legal_actions(state_of(await current(bot, table)), first)[0]
            before = last_id(discord_server, table.channel)
            handle = await discord_server.send_slash(
                table.seats[first], table.channel, "move", {"action": give}
            )
            await handle.response()
            await newer_message(discord_server, table.channel, before, give)
        await pass_time(scheduler, clock, hours=24)
        latest = reminders_in(discord_server, table)[-1]
        assert latest.mentioned_user_ids == [table.seats[v].id for v in rest]


def can_craft(record: TableRecord) -> bool:
    state = state_of(record)
    return state.phase == "play" and any(
        a.startswith("craft ") and a != "craft reserved"
        for a in game.legal_actions(state, min(record.to_act))
    )


async def test_a_craft_that_refilled_the_river_cannot_be_taken_back(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    table = await start_table(
        discord_server, bot, PLAYERS, seed=4, game=GAME, options="first-game:true"
    )
    await play_directly(bot, discord_server, table, can_craft)
    record = await current(bot, table)
    seat = min(record.to_act)
    crafter = table.seats[seat]
    craft = next(a for a in game.legal_actions(state_of(record), seat) if a.startswith("craft "))
    before = last_id(discord_server, table.channel)
    await (
        await discord_server.send_slash(crafter, table.channel, "move", {"action": craft})
    ).response()
    posted = await newer_message(discord_server, table.channel, before, craft)
    assert "The river is refilled from the deck" in posted.content
    moves = (await current(bot, table)).move_count

    asked = await discord_server.send_slash(crafter, table.channel, "undo")

    answer = await asked.original_message()
    assert answer.ephemeral
    assert "revealed hidden information or randomness, so it cannot be taken back" in (
        answer.content
    )
    assert (await current(bot, table)).move_count == moves
