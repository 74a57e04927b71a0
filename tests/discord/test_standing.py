"""/standing through Discord: the list of a game's standing answers, setting one (privately),
/status showing it, autocomplete offering the game's answers, and a friendly refusal."""

from __future__ import annotations

from bot.discord_app import MeepleBot
from tests.discord_loopback import LoopbackDiscord

from .helpers import start_table

ANSWER = "no-round-end-exchange"


async def test_standing_answers_are_listed_set_and_shown_privately(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    table = await start_table(discord_server, bot, game="terra-nova")
    bob = table.seats[1]

    async def ask(command: str, **options: object) -> str:
        handle = await discord_server.send_slash(bob, table.channel, command, options)
        answer = await handle.original_message()
        assert answer.ephemeral
        return answer.content

    assert f"• {ANSWER} (off): never exchange power" in await ask("standing")
    offered = await discord_server.send_autocomplete(
        bob, table.channel, "standing", focused="answer", value="NO-ROUND"
    )
    assert [choice["value"] for choice in (await offered.response()).choices] == [ANSWER]

    set_on = await ask("standing", answer=ANSWER, on=True)
    assert set_on.startswith(f"Your standing answer {ANSWER} is now on at table #1")
    assert f"Your standing answers (/standing changes them): {ANSWER}." in await ask("status")
    refused = await ask("standing", answer="never", on=True)
    assert f"no standing answer 'never'; its answers: {ANSWER}" in refused
