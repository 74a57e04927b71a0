"""Playing: moves, resigning, and skipping an absent player.

A move reads the snapshot once, applies the engine, and writes the new snapshot, the log row
and the version bump in one transaction; no log is ever replayed.
"""

from __future__ import annotations

from typing import Any

from engine.core import Result

from ..store import NewAction, SeatRecord, StaleVersion, TableUpdate
from ..store.records import ActionKind
from .base import ServiceBase, TableContext
from .errors import BadRequest, BoardChanged
from .model import Channel, Reply, User
from .texts import names_list


class PlayService(ServiceBase):
    async def act(self, channel: Channel, user: User, text: str) -> Reply:
        """Play `text` (one action, or a whole turn `a; b; c`) for the user's own seat."""
        text = " ".join(text.split())
        if not text:
            raise BadRequest(
                "Type an action after /move, e.g. /move action:<action>; /legal lists yours."
            )
        ctx = await self._context(channel)
        seat = self._playing_seat(ctx, user)
        game = ctx.game
        state = self._state(ctx)
        result = await self._engine(game.apply, state, seat, text)
        return await self._commit(ctx, user, seat, "move", text, result)

    async def resign(self, channel: Channel, user: User) -> Reply:
        """Give up for good; what that means for the seat is the game's rule."""
        ctx = await self._context(channel)
        seat = self._playing_seat(ctx, user)
        if await self.store.has_action(ctx.table.id, seat, "resign"):
            raise BadRequest(f"You have already resigned at {ctx.label}.")
        result = await self._engine(ctx.game.resign, self._state(ctx), seat)
        return await self._commit(ctx, user, seat, "resign", "resign", result)

    async def skip(self, channel: Channel, user: User, player: str) -> Reply:
        """Skip an absent player the table waits for (creator or moderator; the game's rule)."""
        ctx = await self._context(channel)
        self._require_active(ctx)
        self._require_in_charge(ctx, user, "skip a player")
        target = self._find_player(ctx, player)
        assert target.seat is not None
        waiting = ctx.mentions(ctx.table.to_act)
        if target.seat not in ctx.table.to_act:
            raise BadRequest(
                f"{ctx.title} is not waiting for {target.display_name} but for "
                f"{names_list([m.name for m in waiting])}; only they can be skipped."
            )
        result = await self._engine(ctx.game.skip, self._state(ctx), target.seat)
        return await self._commit(
            ctx, user, target.seat, "skip", f"skip {target.display_name}", result
        )

    @staticmethod
    def _find_player(ctx: TableContext, player: str) -> SeatRecord:
        """The seat of `player`, given as a user id or a display name (`@` optional)."""
        wanted = player.strip().removeprefix("@").casefold()
        for seat in ctx.seats:
            if wanted in (seat.user_id.casefold(), seat.display_name.casefold()):
                return seat
        raise BadRequest(
            f"Nobody called '{player.strip()}' plays at {ctx.label}; "
            f"the players are {names_list(ctx.names)}."
        )

    async def _commit(
        self,
        ctx: TableContext,
        user: User,
        seat: int,
        kind: ActionKind,
        text: str,
        result: Result[Any],
    ) -> Reply:
        game, table = ctx.game, ctx.table
        new_state = result.state
        now = self.clock()
        over = game.is_over(new_state)
        to_act = [] if over else self._to_act(ctx, new_state)
        waiting_since = None if over else table.waiting_since if to_act == table.to_act else now
        action = NewAction(
            seat=seat,
            user_id=user.id,
            kind=kind,
            text=text,
            events=[event.text for event in result.events],
            reveals=result.reveals,
            state_before_json=table.state_json or "",
        )
        update = TableUpdate(game.dump_state(new_state), to_act, waiting_since, finished=over)
        try:
            number = await self.store.commit_action(table, action, update, now)
        except StaleVersion:
            raise BoardChanged(await self._position(table.id)) from None
        player = ctx.by_seat(seat).display_name
        header = {
            "move": f"{player}: {text}",
            "resign": f"{player} used /resign.",
            "skip": f"{user.name} used /skip on {player}.",
        }[kind]
        lines = [header, *(f"• {line}" for line in action.events)]
        next_text, mentions = self._next_text(ctx, new_state)
        lines.append(next_text)
        return Reply(
            "\n".join(lines),
            image=await self._image(ctx, new_state, None, number),
            mentions=mentions,
            table_id=table.id,
        )

    async def _position(self, table_id: int) -> Reply:
        """The table as it is now, for a player whose move lost a race."""
        table = await self.store.table(table_id)
        assert table is not None, "tables are never deleted"
        ctx = TableContext(
            table, await self.store.seats(table_id), self.catalog.get(table.game_key)
        )
        if table.status == "abandoned":
            return Reply(f"{ctx.title} has been abandoned.", private=True)
        state = self._state(ctx)
        next_text, _ = self._next_text(ctx, state)
        return Reply(
            f"{ctx.title} after action {table.move_count}. {next_text}",
            image=await self._image(ctx, state, None, table.move_count),
            private=True,
            table_id=table.id,
        )
