"""/rules: the list of games, and a game's guide (bot/guides) page by page and by topic.

Without `game`, /rules names the game of the channel's table, if there is one; a topic is
found forgivingly, and a miss answers with the nearest topics. Discord turns pages with
buttons (`guide_page`), the console with `page:N` (`rules`).
"""

from __future__ import annotations

import asyncio
from typing import Any

from engine.core import EngineError, Game, msg, shorten

from ..guides import (
    DEFAULT_LANGUAGE,
    MAIN,
    Guide,
    GuidePage,
    Topic,
    TopicNotFound,
    guide_for,
    languages,
)
from .base import ServiceBase
from .errors import BadRequest, RulesError
from .model import Channel, Reply
from .speech import language, say

NO_GAME = msg(
    "Which game? Add game:<key>, e.g. /rules game:tiny-towns topic:tavern, or ask in the "
    "channel of a table. /rules alone lists the games."
)


def guide_language() -> str:
    """The language being spoken if the guides have it (bot/guides/<lang>), else English."""
    return language() if language() in languages() else DEFAULT_LANGUAGE


class GuideService(ServiceBase):
    async def guide(
        self, channel: Channel, game_key: str | None, lang: str = DEFAULT_LANGUAGE
    ) -> Guide:
        """The guide of `game_key`, or of the game at the channel's open table."""
        game = await self._guided_game(channel, game_key)
        return await asyncio.to_thread(guide_for, game.info, lang)

    async def guide_page(
        self,
        channel: Channel,
        game_key: str | None,
        topic: str = "",
        page: int = 1,
        *,
        lang: str = DEFAULT_LANGUAGE,
        clamp: bool = False,
    ) -> GuidePage:
        """A page of the guide (`topic` empty) or of a topic. `clamp`: a page number out of
        range shows the nearest page (a button of a guide that has since changed)."""
        guide = await self.guide(channel, game_key, lang)
        found = _topic(guide, topic)
        count = len(found.pages)
        if clamp:
            page = min(max(page, 1), count)
        elif not 1 <= page <= count:
            what = guide.say("guide-name" if found.key == MAIN else "topic-name", topic=found.key)
            raise BadRequest(guide.say("no-such-page", what=what, count=count))
        return guide.page(found.key, page)

    async def rules(
        self,
        channel: Channel,
        game_key: str | None,
        topic: str = "",
        page: int = 1,
        *,
        lang: str | None = None,
    ) -> Reply:
        """/rules as one private text: the page, and how to ask for the next one (in `lang`;
        by default the language being spoken, where the guides have it)."""
        lang = lang or guide_language()
        if not game_key and not topic and page == 1:
            return self.game_list()
        shown = await self.guide_page(channel, game_key, topic, page, lang=lang)
        text = shown.text
        if shown.count > 1:
            guide = guide_for(self._game(shown.game_key).info, lang)
            text += "\n" + guide.say(
                "console-pages", topic=shown.topic, number=shown.number, count=shown.count
            )
        return Reply(text, private=True)

    async def rules_topics(
        self, channel: Channel, game_key: str | None, typed: str, lang: str = DEFAULT_LANGUAGE
    ) -> list[Topic]:
        """The topics to offer while `typed` is being written (autocomplete)."""
        guide = await self.guide(channel, game_key, lang)
        return guide.complete(typed)

    def game_choices(self) -> list[tuple[str, str]]:
        """Each game as a transport offers it to pick: (`Name (2–4 players)`, key)."""
        return [
            (
                say(
                    msg(
                        "{game} ({least}–{most} players)",
                        game=info.name,
                        least=info.min_players,
                        most=info.max_players,
                    )
                ),
                info.key,
            )
            for info in (game.info for game in self.catalog.all())
        ]

    def page_labels(self, shown: GuidePage) -> dict[str, str]:
        """The labels of the buttons that turn `shown`'s pages: `prev` and `next`."""
        guide = guide_for(self._game(shown.game_key).info, shown.lang)
        return {go: guide.say(go) for go in ("prev", "next")}

    def game_list(self) -> Reply:
        lines = [say(msg("Games you can play (how to play: /rules game:<key>):"))] + [
            f"{game.info.key}: "
            + say(
                msg(
                    "{game}, {least}–{most} players",
                    game=game.info.name,
                    least=game.info.min_players,
                    most=game.info.max_players,
                )
            )
            for game in self.catalog.all()
        ]
        return Reply("\n".join(lines), private=True)

    async def _guided_game(self, channel: Channel, game_key: str | None) -> Game[Any]:
        if game_key and game_key.strip():
            return self._game(game_key)
        table = await self.store.tables.open_table(channel.id)
        if table is None:
            raise BadRequest(NO_GAME)
        return self._game(table.game_key)

    def _game(self, key: str) -> Game[Any]:
        try:
            return self.catalog.get(key)
        except EngineError as error:
            raise RulesError(error) from error


def _topic(guide: Guide, typed: str) -> Topic:
    if not typed.strip():
        return guide.topics[MAIN]
    try:
        return guide.find(typed)
    except TopicNotFound as miss:
        raise BadRequest(
            guide.say(
                "unknown-topic",
                typed=shorten(typed),
                suggestions=miss.suggestions,
                topics_page=len(guide.topics[MAIN].pages),
            )
        ) from None
