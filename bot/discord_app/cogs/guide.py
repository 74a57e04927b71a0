"""/rules (a game's guide, paged with Previous / Next buttons, or one topic; without a game the
list of games) and /help (every command, read from the command tree itself, so it lists
exactly what is registered: `texts.help_text`).

A guide page is private. Its buttons name the language, game, topic and page to show in
their custom ids, so they keep working after any restart without the database.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands

from ...commands.words import named_for_discord
from ...guides import GuidePage, Topic, fold
from ...service import Reply
from ..flow import MAX_CHOICE_LENGTH, Answer, Outcome
from ..identity import channel_of
from ..languages import user_language
from ..slash import SlashCommand, slash_command
from ..texts import help_text
from .base import FeatureCog, cog_of
from .lobby import game_choices

PAGE_STEPS = {"prev": -1, "next": 1}


class GuidePageButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=(
        r"mp:rules:(?P<go>prev|next):(?P<lang>[a-z]{2}):(?P<game>[a-z0-9-]+):"
        r"(?P<topic>[a-z0-9-]*):(?P<page>\d+)"
    ),
):
    """Previous or Next under a guide page: shows page `page` of the topic (of the guide
    itself when `topic` is empty)."""

    def __init__(
        self, go: str, lang: str, game: str, topic: str, page: int, label: str = "", *, on: bool
    ) -> None:
        self.go, self.lang, self.game, self.topic, self.page = go, lang, game, topic, page
        super().__init__(
            discord.ui.Button(
                label=label or go,
                style=discord.ButtonStyle.secondary,
                disabled=not on,
                custom_id=f"mp:rules:{go}:{lang}:{game}:{topic}:{page}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> GuidePageButton:
        page = int(match["page"])
        return cls(match["go"], match["lang"], match["game"], match["topic"], page, on=True)

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = cog_of(interaction, GuideCog)
        await cog.turn_page(interaction, self.lang, self.game, self.topic, self.page)


def page_view(shown: GuidePage, labels: dict[str, str]) -> discord.ui.View | None:
    """Previous / Next for a page of several (the one leading nowhere greyed out)."""
    if shown.count < 2:
        return None
    view = discord.ui.View(timeout=None)
    for go, step in PAGE_STEPS.items():
        target = shown.number + step
        on = 1 <= target <= shown.count
        button = GuidePageButton(
            go,
            shown.lang,
            shown.game_key,
            shown.topic,
            target if on else shown.number,
            labels[go],
            on=on,
        )
        view.add_item(button)
    return view


def _choice_name(topic: Topic) -> str:
    """`Fairies` for `fairies`, `Bonus tile 3 (bonus3)` where the key says less."""
    plain = fold(topic.title) == fold(topic.key)
    return (topic.title if plain else f"{topic.title} ({topic.key})")[:MAX_CHOICE_LENGTH]


def _shown(page: GuidePage) -> str:
    """The page as its reader's Discord names the commands (`/regeln` in German): for the
    page shown in place of another (the flow does so for every other answer)."""
    return named_for_discord(page.text, page.lang)


class GuideCog(FeatureCog, name="Guide"):
    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(GuidePageButton)
        await super().cog_load()

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(GuidePageButton)
        await super().cog_unload()

    def slash_commands(self) -> list[SlashCommand]:
        return [
            slash_command(
                "rules",
                self.rules,
                choices={"game": game_choices(self.service)},
                suggest={"topic": self.topic_choices},
            ),
            slash_command("help", self.help),
        ]

    async def rules(
        self, interaction: discord.Interaction, game: str | None, topic: str | None, page: int
    ) -> None:
        channel = channel_of(interaction)
        topic = topic or ""

        async def work() -> Outcome:
            if not game and not topic and page == 1:
                return self.service.game_list()
            language = user_language(interaction)
            shown = await self.service.guide_page(channel, game, topic, page, lang=language)
            return self._answer(shown)

        await self.flow.run(interaction, "/rules", work)

    async def topic_choices(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        game = getattr(interaction.namespace, "game", None)
        channel = channel_of(interaction)

        titles: dict[str, str] = {}

        async def find() -> list[str]:
            topics = await self.service.rules_topics(
                channel, game, typed, user_language(interaction)
            )
            titles.update((topic.key, _choice_name(topic)) for topic in topics)
            return [topic.key for topic in topics]

        choices = await self.flow.suggestions(interaction, "autocomplete of /rules", find)
        return [app_commands.Choice(name=titles[c.value], value=c.value) for c in choices]

    async def turn_page(
        self, interaction: discord.Interaction, lang: str, game: str, topic: str, page: int
    ) -> None:
        """Show another page in place of the one whose button was clicked."""
        channel = channel_of(interaction)

        async def work() -> Outcome:
            shown = await self.service.guide_page(channel, game, topic, page, lang=lang, clamp=True)
            await interaction.edit_original_response(content=_shown(shown), view=self._view(shown))
            return None

        await self.flow.run(interaction, "guide page button", work)

    def _answer(self, shown: GuidePage) -> Answer:
        view = self._view(shown)
        return Answer(Reply(shown.text, private=True), view=view)

    def _view(self, shown: GuidePage) -> discord.ui.View | None:
        return page_view(shown, self.service.page_labels(shown))

    async def help(self, interaction: discord.Interaction) -> None:
        async def work() -> Outcome:
            return Reply(help_text(self.bot.tree, user_language(interaction)), private=True)

        await self.flow.run(interaction, "/help", work)
