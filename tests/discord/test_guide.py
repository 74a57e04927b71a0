"""/rules through the loopback Discord: a private guide paged with Previous / Next (also after
a restart), topics offered while typing, and a miss answered with suggestions."""

from __future__ import annotations

import engine
from bot.config import Settings
from bot.discord_app import MeepleBot
from bot.guides import MAIN, guide_for
from tests.discord_loopback import LoopbackDiscord, RecordedMessage, run_bot

from .helpers import make_bot, open_lobby


def buttons(message: RecordedMessage) -> dict[str, dict[str, object]]:
    """The message's buttons by label: their custom id and whether they are greyed out."""
    return {
        str(button["label"]): {"id": button["custom_id"], "disabled": bool(button.get("disabled"))}
        for row in message.components
        for button in row["components"]
    }


async def test_the_guide_is_private_and_paged_with_buttons_that_survive_a_restart(
    discord_server: LoopbackDiscord, settings: Settings
) -> None:
    dave, general = discord_server.user("dave"), discord_server.channel("general")
    guide = guide_for(engine.get("terra-nova").info)
    count = len(guide.topics[MAIN].pages)

    async with run_bot(make_bot(settings), discord_server):
        asked = await discord_server.send_slash(dave, general, "rules", {"game": "terra-nova"})
        message = await asked.original_message()
        assert message.ephemeral and message.content == guide.page(MAIN, 1).text
        first = buttons(message)
        assert first["◀ Previous"]["disabled"] and not first["Next ▶"]["disabled"]

        await (await discord_server.click(dave, message, str(first["Next ▶"]["id"]))).edits()
        assert message.content == guide.page(MAIN, 2).text
        assert not buttons(message)["◀ Previous"]["disabled"]

    async with run_bot(make_bot(settings), discord_server):
        next_id = str(buttons(message)["Next ▶"]["id"])
        await (await discord_server.click(dave, message, next_id)).edits()
        assert message.content == guide.page(MAIN, 3).text
        back = str(buttons(message)["◀ Previous"]["id"])
        await (await discord_server.click(dave, message, back)).edits()
        assert message.content == guide.page(MAIN, 2).text

    assert count > 3


async def test_a_topic_the_tables_game_and_the_last_page(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    alice, games = discord_server.user("alice"), discord_server.channel("games")
    await open_lobby(discord_server, alice, games, game="tiny-towns")
    guide = guide_for(engine.get("tiny-towns").info)
    monuments = guide.topics["monuments"]

    asked = await discord_server.send_slash(
        alice, games, "rules", {"topic": "Monument", "page": len(monuments.pages)}
    )
    single = await discord_server.send_slash(alice, games, "rules", {"topic": "feast hall"})

    last = await asked.original_message()
    assert last.content == guide.page("monuments", len(monuments.pages)).text
    shown = buttons(last)
    assert shown["Next ▶"]["disabled"] and not shown["◀ Previous"]["disabled"]
    one_page = await single.original_message()
    assert one_page.content == guide.page("feast-hall", 1).text
    assert one_page.components == []


async def test_topics_are_offered_while_typing_and_a_miss_suggests_the_nearest(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    dave, general = discord_server.user("dave"), discord_server.channel("general")

    typing = await discord_server.send_autocomplete(
        dave, general, "rules", focused="topic", value="sun", options={"game": "terra-nova"}
    )
    nothing_typed = await discord_server.send_autocomplete(
        dave, general, "rules", focused="topic", value="", options={"game": "tiny-towns"}
    )
    missed = await discord_server.send_slash(
        dave, general, "rules", {"game": "terra-nova", "topic": "fakirs"}
    )

    assert [c["value"] for c in (await typing.response()).choices] == ["sun-worshippers"]
    offered = (await nothing_typed.response()).choices
    assert len(offered) == 25 and offered[0] == {"name": "Notation", "value": "notation"}
    answer = await missed.original_message()
    assert answer.ephemeral
    assert answer.content.startswith("Terra Nova has no topic 'fakirs'. Did you mean `fairies`")
