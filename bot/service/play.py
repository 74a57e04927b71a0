"""Playing: moves, resigning, and skipping an absent player.

A move reads the snapshot once, applies the engine, and writes the new snapshot, the log row
and the version bump in one transaction; no log is ever replayed. A plain move that another
action overtook between the read and the write is applied again to the new snapshot. After
it, what nobody has to wait for is played (automatic.py), and the reply says it all
(announce.py).
"""

from __future__ import annotations

import logging

from engine.core import msg, printable, shorten, split_turn

from ..store import SeatRecord
from .announce import AnnounceService
from .base import TableContext, require_version
from .errors import BadRequest, BoardChanged, NotAllowed, WrongStage
from .model import Channel, Reply, User
from .progress import current_round
from .saving import Played, Step
from .skipping import skip_too_early
from .speech import say
from .texts import who

log = logging.getLogger(__name__)

#: How often a plain move is tried in all while other actions keep being saved first. Each
#: lost race means another action was saved; 12 covers the five others of a 6-player Tiny
#: Towns round each placing and finishing at the very same moment, with room to spare.
MOVE_ATTEMPTS = 12


def tidy_turn(text: str) -> str:
    """The text as logged and shown: single spaces, and the parts of a whole turn joined by
    `; ` without empty ones (`take 1 ;` is `take 1`; a text of only `;` is empty)."""
    return "; ".join(" ".join(part.split()) for part in split_turn(text))


def refuse_overlong(ctx: TableContext, text: str) -> None:
    """Refuse at once, before any work, a text longer than any turn of the table's game."""
    limit = ctx.game.max_turn_length()
    if len(text) > limit:
        raise BadRequest(
            msg(
                "That is {length} characters long, and no turn of {game} is longer than "
                "{limit}, so it was not read. /legal lists your actions.",
                length=len(text),
                game=ctx.game.info.name,
                limit=limit,
            )
        )


class PlayService(AnnounceService):
    async def act(
        self, channel: Channel, user: User, text: str, *, expected_version: int | None = None
    ) -> Reply:
        """Play `text` (one action, or a whole turn `a; b; c`) for the user's own seat.

        A move that loses a race — another action was saved between reading the table and
        saving this one, as happens all the time when several players act at once — is
        played again on the new position (at most `MOVE_ATTEMPTS` times in all), and refused
        only if it is no longer legal there, with the engine's usual words.

        With `expected_version` (from a preview's reply) the move is only played on the very
        position that was previewed; otherwise BoardChanged shows the new one.

        The reply comes once the move is stored, with its text; its board is still being
        drawn (`Reply.drawing`).
        """
        async with self._in_turn(channel.id):
            return await self._act(channel, user, text, expected_version)

    async def _act(
        self, channel: Channel, user: User, text: str, expected_version: int | None
    ) -> Reply:
        for attempt in range(1, MOVE_ATTEMPTS + 1):
            ctx, seat, played = await self._try(channel, user, text)
            if expected_version is not None and expected_version != ctx.table.version:
                break
            step = await self._save(ctx, user, seat, "move", played.text, played)
            if step is not None:
                if ctx.by_seat(seat).covered_level is not None:
                    # Moving again takes the seat back from the bot.
                    await self.store.tables.uncover_after_move(ctx.table.id, user.id)
                return await self._announce_after(ctx, step)
            if expected_version is not None:
                break
            log.info(
                "table %s changed while %s was moving (attempt %d of %d)",
                ctx.table.id,
                user.id,
                attempt,
                MOVE_ATTEMPTS,
            )
        raise BoardChanged(await self._position(ctx.table.id))

    async def _try(
        self, channel: Channel, user: User, text: str
    ) -> tuple[TableContext, int, Played]:
        """Load the table and apply `text` for the user's seat, without storing anything."""
        typed, text = text, tidy_turn(text)
        if not text:
            raise BadRequest(
                msg("Type an action after /move, e.g. /move action:<action>; /legal lists yours.")
            )
        ctx = await self._context(channel)
        refuse_overlong(ctx, typed)
        seat = self._playing_seat(ctx, user)
        if seat not in ctx.table.to_act and await self.store.actions.has_action(
            ctx.table.id, seat, "resign"
        ):
            raise NotAllowed(
                msg("You have resigned from {table}, so you play no more.", table=ctx.label)
            )
        return ctx, seat, await self._engine(self._play_text, ctx, seat, text)

    async def resign(
        self, channel: Channel, user: User, *, expected_version: int | None = None
    ) -> Reply:
        """Give up for good; what that means for the seat is the game's rule. Transports ask
        for a confirmation first (`ask_resign`), whose table version is `expected_version`."""
        async with self._in_turn(channel.id):
            ctx = await self._context(channel)
            seat = await self._resigning_seat(ctx, user)
            require_version(ctx, expected_version, "resign")
            played = await self._engine(self._play, ctx, lambda state: ctx.game.resign(state, seat))
            step = await self._save(ctx, user, seat, "resign", "resign", played)
            return await self._saved(ctx, step)

    async def _resigning_seat(self, ctx: TableContext, user: User) -> int:
        """The user's seat, if they may resign now; a refusal otherwise."""
        if ctx.table.status == "lobby":
            raise WrongStage(
                msg(
                    "{table} has not started yet, so there is nothing to resign: /leave gives "
                    "up your seat (and {creator}, who opened it, can /abandon it).",
                    table=ctx.title,
                    creator=ctx.creator_name(),
                )
            )
        seat = self._playing_seat(ctx, user)
        if await self.store.actions.has_action(ctx.table.id, seat, "resign"):
            raise BadRequest(msg("You have already resigned at {table}.", table=ctx.label))
        return seat

    async def skip(
        self,
        channel: Channel,
        user: User,
        player: str,
        *,
        expected_version: int | None = None,
    ) -> Reply:
        """Skip an absent player the table waits for (creator or moderator; the game's rule),
        once the table has waited for them its skip time or is stalled. Transports ask for
        a confirmation first (`ask_skip`), whose table version is `expected_version`."""
        async with self._in_turn(channel.id):
            ctx = await self._context(channel)
            target = await self._skipped_player(ctx, user, player)
            require_version(ctx, expected_version, "skip")
            assert target.seat is not None
            skipped = target.seat
            played = await self._engine(
                self._play, ctx, lambda state: ctx.game.skip(state, skipped)
            )
            text = f"skip {target.display_name}"
            step = await self._save(ctx, user, skipped, "skip", text, played)
            return await self._saved(ctx, step)

    async def _skipped_player(self, ctx: TableContext, user: User, player: str) -> SeatRecord:
        """The seat `user` may skip now as `player`; a refusal otherwise."""
        self._require_active(ctx)
        self._require_in_charge(ctx, user, msg("skip a player"))
        target = self._find_player(ctx, player)
        if target.seat not in ctx.table.to_act:
            raise BadRequest(
                msg(
                    "{table} is not waiting for {player} but for {waiting}; only they can be "
                    "skipped.",
                    table=ctx.title,
                    player=target.display_name,
                    waiting=who(ctx.names_of(ctx.table.to_act)),
                )
            )
        too_early = skip_too_early(
            ctx, target, self.clock(), await self.store.tables.stalled(ctx.table)
        )
        if too_early is not None:
            raise WrongStage(too_early)
        return target

    @staticmethod
    def _find_player(ctx: TableContext, player: str) -> SeatRecord:
        """The seat of `player`, given as a user id or a display name (`@` optional)."""
        wanted = printable(player).removeprefix("@").casefold()
        for seat in ctx.seats:
            if wanted in (seat.user_id.casefold(), seat.display_name.casefold()):
                return seat
        raise BadRequest(
            msg(
                "Nobody called '{name}' plays at {table}; the players are {players}.",
                name=shorten(player),
                table=ctx.label,
                players=who(ctx.names),
            )
        )

    async def _saved(self, ctx: TableContext, step: Step | None) -> Reply:
        """The reply to `step` and what was played automatically after it — or, the save
        lost a race (None), BoardChanged with the new position."""
        if step is None:
            raise BoardChanged(await self._position(ctx.table.id))
        return await self._announce_after(ctx, step)

    async def _position(self, table_id: int) -> Reply:
        """The table as it is now, for a player whose move lost a race."""
        table = await self.store.tables.table(table_id)
        assert table is not None, "tables are never deleted"
        ctx = await self._context_of(table)
        if table.status == "abandoned":
            return Reply(say(msg("{table} has been abandoned.", table=ctx.title)), private=True)
        state = self._state(ctx)
        next_text, _ = await self._next_text(ctx, state, current_round(table))
        after = msg("{table} after action {number}.", table=ctx.title, number=str(table.move_count))
        return Reply(
            f"{say(after)} {next_text}",
            image=await self._image(ctx, state, None, table.move_count),
            private=True,
            table_id=table.id,
        )
