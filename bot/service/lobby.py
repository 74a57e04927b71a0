"""Opening a table, taking and leaving seats, starting, and abandoning."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from engine.core import EngineError, Game, OptionValue, Rng, msg, plural_msg

from ..store import DEFAULT_SKIP_AFTER, ChannelBusy, StaleVersion, TableUpdate
from .base import (
    ServiceBase,
    changed_at_once,
    others,
    require_version,
    table_terms,
    unique_name,
)
from .errors import BadRequest, NotAllowed, RulesError, TableAlreadyOpen
from .model import Channel, Reply, User
from .progress import next_round
from .skipping import MAX_SKIP_HOURS, MIN_SKIP_HOURS
from .speech import say
from .texts import hours_message, who

MAX_SEED = 2**63 - 1


class LobbyService(ServiceBase):
    async def create_table(
        self,
        channel: Channel,
        user: User,
        game_key: str,
        options: Mapping[str, OptionValue] | None = None,
        seed: int | None = None,
        skip_after: timedelta = DEFAULT_SKIP_AFTER,
        clock: timedelta | None = None,
    ) -> Reply:
        """Open a table for `game_key` in the channel; the creator takes the first seat.
        `skip_after`: how long the table waits for a player before they may be skipped;
        `clock`: the move clock (None: off), after which the bot plays a player's turn."""
        game, resolved = self._game_with_options(game_key, options)
        if seed is None:
            seed = secrets.randbelow(2**31)
        elif not 0 <= seed <= MAX_SEED:
            raise BadRequest(
                msg(
                    "The seed must be a whole number from 0 to {most}, not {seed}.",
                    most=str(MAX_SEED),
                    seed=str(seed),
                )
            )
        if not timedelta(hours=MIN_SKIP_HOURS) <= skip_after <= timedelta(hours=MAX_SKIP_HOURS):
            raise BadRequest(
                msg(
                    "The skip time must be from {least} to {most} hours, not {hours}.",
                    least=MIN_SKIP_HOURS,
                    most=MAX_SKIP_HOURS,
                    hours=hours_message(skip_after),
                )
            )
        language = await self._server_language(channel.guild_id)
        try:
            table = await self.store.tables.create_table(
                channel_id=channel.id,
                guild_id=channel.guild_id,
                game_key=game.info.key,
                options=resolved,
                seed=seed,
                creator_id=user.id,
                creator_name=user.name,
                now=self.clock(),
                skip_after=skip_after,
                clock=clock,
                language=language,
            )
        except ChannelBusy:
            raise await self._already_open(channel) from None
        info = game.info
        with self._public(table):
            opened = msg(
                "{player} opened table #{number}: {game} for {least}–{most} players ({terms}).\n"
                "Seated: {player}. Others type /join; {player} types /start when everyone is in.",
                player=user.name,
                number=str(table.id),
                game=info.name,
                least=info.min_players,
                most=info.max_players,
                terms=table_terms(game, resolved, skip_after, clock),
            )
            return Reply(say(opened), table_id=table.id)

    def check_new_table(self, game_key: str, options: Mapping[str, OptionValue]) -> str:
        """The game's name, once its key and options are known to be right (before a thread
        is opened for the table, say); RulesError otherwise, as `create_table` would."""
        game, _ = self._game_with_options(game_key, options)
        return game.info.name

    def _game_with_options(
        self, game_key: str, options: Mapping[str, OptionValue] | None
    ) -> tuple[Game[Any], dict[str, OptionValue]]:
        try:
            game = self.catalog.get(game_key)
            return game, game.info.resolve_options(options)
        except EngineError as error:
            raise RulesError(error) from error

    async def opened_in_thread(self, user: User, table_id: int, thread: str) -> Reply:
        """The note for the channel whose /newgame opened the table in a thread of its own
        (`thread`: how the transport refers to it, a link say)."""
        table = await self.store.tables.table(table_id)
        assert table is not None, "tables are never deleted"
        name = self.catalog.get(table.game_key).info.name
        opened = msg(
            "{player} opened table #{number} ({game}) in its own thread: {thread} — join it there!",
            player=user.name,
            number=str(table_id),
            game=name,
            thread=thread,
        )
        return Reply(self._told(table, opened), table_id=table_id)

    async def _already_open(self, channel: Channel) -> TableAlreadyOpen:
        ctx = await self._context(channel)
        stage = msg("waiting in the lobby") if ctx.table.status == "lobby" else msg("being played")
        return TableAlreadyOpen(
            msg(
                "This channel already has an open table: {table}, {stage} (players: {players}). "
                "Finish it, or {creator} can /abandon it, before opening another.",
                table=ctx.label,
                stage=stage,
                players=who(ctx.names),
                creator=ctx.creator_name(),
            )
        )

    async def join(self, channel: Channel, user: User) -> Reply:
        ctx = await self._context(channel)
        self._require_lobby(ctx, msg("join"))
        if ctx.seat_of(user.id) is not None:
            raise BadRequest(msg("You are already seated at {table}.", table=ctx.label))
        info = ctx.game.info
        self._require_room(ctx)
        name = unique_name(user.name, ctx.names)
        try:
            await self.store.tables.add_seat(ctx.table, user.id, name, self.clock())
        except StaleVersion:
            raise changed_at_once() from None
        seated = [*ctx.names, name]
        joins = msg(
            "{player} joins {table}. Seated ({count}/{most}): {players}.",
            player=name,
            table=ctx.label,
            count=len(seated),
            most=info.max_players,
            players=seated,
        )
        return Reply(self._told(ctx.table, joins), table_id=ctx.table.id)

    async def leave(self, channel: Channel, user: User) -> Reply:
        ctx = await self._context(channel)
        self._require_lobby(ctx, msg("leave (resign instead with /resign)"))
        seat = self._seated(ctx, user)
        if user.id == ctx.table.creator_id:
            raise NotAllowed(
                msg(
                    "You opened {table}, so you cannot leave it; /abandon cancels the table.",
                    table=ctx.label,
                )
            )
        try:
            await self.store.tables.remove_seat(ctx.table, user.id, self.clock())
        except StaleVersion:
            raise changed_at_once() from None
        left = [name for name in ctx.names if name != seat.display_name]
        leaves = msg(
            "{player} leaves {table}. Seated: {players}.",
            player=seat.display_name,
            table=ctx.label,
            players=who(left),
        )
        return Reply(self._told(ctx.table, leaves), table_id=ctx.table.id)

    async def start(self, channel: Channel, user: User) -> Reply:
        """Seat the players in an order drawn from the table's seed and begin the game."""
        ctx = await self._context(channel)
        self._require_lobby(ctx, msg("start it again"))
        if user.id != ctx.table.creator_id:
            raise NotAllowed(
                msg(
                    "Only {creator}, who opened {table}, can start it.",
                    creator=ctx.creator_name(),
                    table=ctx.label,
                )
            )
        info = ctx.game.info
        if len(ctx.seats) < info.min_players:
            raise BadRequest(
                msg(
                    "{game} needs at least {count} players; seated so far: {players}. Others "
                    "can /join.",
                    game=info.name,
                    count=info.min_players,
                    players=who(ctx.names),
                )
            )
        order = list(ctx.seats)
        Rng(seed=ctx.table.seed).shuffle(order)
        names = [seat.display_name for seat in order]
        state = await self._engine(ctx.game.new_game, names, ctx.table.seed, ctx.table.options)
        now = self.clock()
        to_act = self._to_act(ctx, state)
        update = TableUpdate(ctx.game.dump_state(state), to_act, now, finished=False)
        try:
            await self.store.tables.start(ctx.table, [seat.user_id for seat in order], update, now)
        except StaleVersion:
            raise changed_at_once() from None
        started = await self._context(channel)
        begun = next_round(ctx.table, to_act, now)
        seating = " · ".join(f"{index}. {name}" for index, name in enumerate(names, start=1))
        with self._public(started.table):
            waiting, mentions = await self._next_text(started, state, begun)
            begins = msg(
                "{table} begins! Seat order (drawn from the table's seed): {seating}.",
                table=started.title,
                seating=seating,
            )
            return Reply(
                f"{say(begins)}\n{waiting}",
                image=await self._image(started, state, None, 0),
                mentions=others(mentions, user),
                table_id=ctx.table.id,
            )

    async def abandon(
        self, channel: Channel, user: User, *, expected_version: int | None = None
    ) -> Reply:
        """Close the table for good without a result (creator or moderator). Transports ask
        for a confirmation first (`ask_abandon`), whose table version is `expected_version`."""
        ctx = await self._context(channel)
        self._require_in_charge(ctx, user, msg("abandon it"))
        require_version(ctx, expected_version, "abandon")
        try:
            await self.store.tables.end(ctx.table, "abandoned", self.clock())
        except StaleVersion:
            raise changed_at_once() from None
        moves = ctx.table.move_count
        played = (
            plural_msg(" after {count} action", " after {count} actions", count=moves)
            if ctx.table.status == "active"
            else ""
        )
        abandoned = msg(
            "{player} abandoned {table}{played}. The channel is free for a new /newgame.",
            player=user.name,
            table=ctx.label,
            played=played,
        )
        return Reply(self._told(ctx.table, abandoned), table_id=ctx.table.id, closed=True)
