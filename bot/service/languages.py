"""Who reads which language (docs/i18n.md): private replies read in the asking user's
language, what the channel reads in the table's. `/language` sets a table's (its creator or
a moderator) or, with `server:true`, the server's language for new tables (moderators); the
setting `DEFAULT_LANGUAGE` is the language of tables nobody chose one for."""

from __future__ import annotations

import logging

from babel import Locale

from engine.core import msg
from engine.core.i18n import LANGUAGES, language_of

from ..store import StorageFault
from .base import ServiceBase
from .errors import BadRequest, NoOpenTable, NotAllowed
from .model import Channel, Reply, User
from .speech import say, speaking

log = logging.getLogger(__name__)

#: Names a user may type for a language besides its code, in either language.
_NAMES = {"english": "en", "englisch": "en", "german": "de", "deutsch": "de"}


def language_name(language: str) -> str:
    """The language's name in itself: `English`, `Deutsch`."""
    return str(Locale.parse(language).get_display_name(language)).capitalize()


def read_language(text: str) -> str:
    """The language `text` names (`de`, `Deutsch`, `German`, `de-AT`); BadRequest if none of
    ours."""
    typed = text.strip()
    found = _NAMES.get(typed.casefold()) or language_of(typed)
    if found is None:
        raise BadRequest(
            msg(
                "'{text}' is not a language the bot speaks; choose one of {languages}.",
                text=typed[:20],
                languages=[f"{code} ({language_name(code)})" for code in LANGUAGES],
            )
        )
    return found


class LanguageService(ServiceBase):
    async def reader_language(self, channel: Channel, user: User) -> str:
        """The language `user` reads their replies in: their own if the transport knows it
        (and then remembered, for what reaches them later), else the channel's table's, else
        the server's, else the default."""
        if user.language is not None:
            if self._remembered.get(user.id) != user.language:
                try:
                    await self.store.languages.remember_user_language(
                        user.id, user.language, self.clock()
                    )
                except StorageFault as fault:  # remembered next time; the reply needs none
                    log.warning("could not remember %s's language: %s", user.id, fault)
                else:
                    self._remembered[user.id] = user.language
            return user.language
        return await self._channel_language(channel)

    async def language(
        self, channel: Channel, user: User, language: str | None, *, server: bool = False
    ) -> Reply:
        """`/language`: without a language, which languages apply here; with one, set the
        channel's table's (its creator or a moderator) or, with `server`, the server's
        language for new tables (moderators)."""
        if language is None:
            return await self._languages_here(channel, user)
        chosen = read_language(language)
        if server:
            return await self._set_server_language(channel, user, chosen)
        table = await self.store.tables.open_table(channel.id)
        if table is None:
            raise NoOpenTable(
                msg(
                    "There is no open table in this channel to set the language of; "
                    "/language language:{language} server:true sets the server's for new "
                    "tables.",
                    language=chosen,
                )
            )
        ctx = await self._context_of(table)
        self._require_in_charge(ctx, user, msg("set its language"))
        await self.store.languages.set_table_language(table, chosen)
        with speaking(chosen):
            text = say(
                msg(
                    "{player} set the language of {table} to {language}.",
                    player=user.name,
                    table=ctx.label,
                    language=language_name(chosen),
                )
            )
        return Reply(text, table_id=table.id)

    async def _set_server_language(self, channel: Channel, user: User, chosen: str) -> Reply:
        if channel.guild_id is None:
            raise BadRequest(msg("Only a server has a language for its new tables."))
        if not user.moderator:
            raise NotAllowed(
                msg("Only a moderator (Manage Channels) can set the server's language.")
            )
        await self.store.languages.set_server_language(channel.guild_id, chosen, self.clock())
        text = msg(
            "New tables on this server speak {language} (each table's own with /language).",
            language=language_name(chosen),
        )
        return Reply(say(text), private=True)

    async def _languages_here(self, channel: Channel, user: User) -> Reply:
        table = await self.store.tables.open_table(channel.id)
        lines = []
        if table is not None:
            ctx = await self._context_of(table)
            lines.append(
                msg(
                    "{table} speaks {language}.",
                    table=ctx.title,
                    language=language_name(self.table_language(table)),
                )
            )
        lines.append(
            msg(
                "New tables here speak {language}.",
                language=language_name(await self._server_language(channel.guild_id)),
            )
        )
        lines.append(
            msg(
                "Your own replies read in {language}.",
                language=language_name(await self.reader_language(channel, user)),
            )
        )
        return Reply("\n".join(say(line) for line in lines), private=True)
