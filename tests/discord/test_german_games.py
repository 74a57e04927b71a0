"""A whole game of every game through the loopback Discord, by players whose Discord speaks
German on a server whose tables speak German: every message the bot words for them has a
German translation (`engine.core.i18n.missing` of each is empty), and no English sentence of a
catalogue shows in the channel or in any private answer.

A game whose texts are not messages yet (no `locales/de.po` in its package) is expected to
fail: its events still read English (issue 16's conversion of the games).
"""

from __future__ import annotations

from importlib import resources

import pytest

import engine
from bot.discord_app import MeepleBot
from tests.discord_loopback import LoopbackDiscord
from tests.support.english import english_in

from .helpers import last_id, newer_message
from .languages import open_table, play_to_the_end, recording, settled, speaking_users

PLAYERS = ("alice", "bob", "carol")


def _has_german(key: str) -> bool:
    package = type(engine.get(key)).__module__.rsplit(".", 1)[0]
    return resources.files(package).joinpath("locales", "de.po").is_file()


def _games() -> list[object]:
    return [
        pytest.param(
            game.info.key,
            marks=[]
            if _has_german(game.info.key)
            else [pytest.mark.xfail(reason="the game's texts are not messages yet", strict=False)],
        )
        for game in engine.all_games()
    ]


@pytest.mark.parametrize("key", _games())
async def test_a_whole_game_in_german_meets_no_english(
    key: str,
    bot: MeepleBot,
    discord_server: LoopbackDiscord,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    info = engine.get(key).info
    names = PLAYERS[: max(2, info.min_players)]
    users = speaking_users(discord_server, {"mia": "de", **dict.fromkeys(names, "de")})
    moderator, players = users[0], users[1:]
    channel = discord_server.channel("games")
    with recording(monkeypatch, "de") as worded:
        server_language = await discord_server.send_slash(
            moderator,
            discord_server.channel("general"),
            "language",
            {"language": "de", "server": True},
        )
        assert (await settled(discord_server, server_language)).startswith("Neue Tische")
        table_id = await open_table(discord_server, bot, players, channel, key, seed=16)
        played = await play_to_the_end(discord_server, bot, players, channel, table_id, seed=16)
        before = last_id(discord_server, channel)
        await discord_server.send_slash(players[0], channel, "board")
        final = await newer_message(discord_server, channel, before)

    assert "Endstand: " in played.public[-1] and "Endstand: " in final.content
    assert worded.messages, "the bot worded German messages"
    english = {
        fragment for text in [*played.public, *played.private] for fragment in english_in(text)
    }
    assert sorted(worded.lacking) == []
    assert sorted(english) == []
