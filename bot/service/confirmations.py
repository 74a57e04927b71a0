"""Nothing irreversible by a slip: /resign, /abandon and /skip only ask (`ask_resign`,
`ask_abandon`, `ask_skip`); the asking player then confirms or cancels — on Discord with the
buttons of the private answer, anywhere with /confirm or /cancel. A previewed move waits for
its Confirm the same way (`previews.py`).

Each confirmation is kept in the store with the table's version it was asked on, so its
buttons work after a restart too, and it is carried out at most once and only on that very
position: if anything happened at the table meanwhile it is refused (a preview shows the new
board instead). A /resign, /abandon or /skip must be confirmed within `confirm_ttl`. Asking
checks everything the command checks, so a refusal comes at once, not after the Confirm; a
new question drops the player's older open one at the table, so /confirm always means the
newest.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from engine.core import Message, msg, plural_msg

from ..store import ConfirmationKind, ConfirmationRecord, ConfirmationStatus
from .base import TableContext
from .errors import BadRequest, NotAllowed, WrongStage
from .lobby import LobbyService
from .model import Channel, Reply, User
from .previews import PreviewService
from .speech import say
from .texts import span_message

#: A question's answer, in the words of /confirm and /cancel.
ANSWER = msg("/confirm to go ahead, /cancel to keep things as they are")


class ConfirmationService(PreviewService, LobbyService):
    async def ask_resign(self, channel: Channel, user: User) -> Reply:
        """Ask the user to confirm that they resign (checked as `resign` checks it)."""
        ctx = await self._context(channel)
        await self._resigning_seat(ctx, user)
        return await self._ask(
            ctx,
            user,
            "resign",
            "",
            msg(
                "Resign from {table}? You give up the game for good (what that means for your "
                "seat is the game's rule: /rules game:{game}); only an /undo that everyone "
                "approves could take it back.",
                table=ctx.label,
                game=ctx.game.info.key,
            ),
        )

    async def ask_abandon(self, channel: Channel, user: User) -> Reply:
        """Ask the user to confirm that they abandon the table (checked as `abandon` does)."""
        ctx = await self._context(channel)
        self._require_in_charge(ctx, user, msg("abandon it"))
        played = ctx.table.move_count
        after = (
            plural_msg(" after {count} action", " after {count} actions", count=played)
            if ctx.table.status == "active"
            else ""
        )
        return await self._ask(
            ctx,
            user,
            "abandon",
            "",
            msg(
                "Abandon {table}{after}? It closes for good, without a result, for everyone at "
                "it; this cannot be taken back.",
                table=ctx.label,
                after=after,
            ),
        )

    async def ask_skip(self, channel: Channel, user: User, player: str) -> Reply:
        """Ask the user to confirm that they skip `player` (checked as `skip` checks it)."""
        ctx = await self._context(channel)
        target = await self._skipped_player(ctx, user, player)
        return await self._ask(
            ctx,
            user,
            "skip",
            target.user_id,
            msg(
                "Skip {player} at {table}? What a skip does is the game's rule (/rules "
                "game:{game}); only an /undo that everyone approves could take it back.",
                player=target.display_name,
                table=ctx.label,
                game=ctx.game.info.key,
            ),
        )

    async def _ask(
        self, ctx: TableContext, user: User, kind: ConfirmationKind, action: str, question: Message
    ) -> Reply:
        now = self.clock()
        confirmation_id = await self.store.confirmations.create(
            kind=kind,
            table_id=ctx.table.id,
            table_version=ctx.table.version,
            channel_id=ctx.table.channel_id,
            user_id=user.id,
            action=action,
            now=now,
            expires_at=now + self.confirm_ttl,
        )
        within = span_message(int(self.confirm_ttl.total_seconds() // 60))
        until = msg(
            "Nothing happens until you confirm: {answer} (within {span}).",
            answer=ANSWER,
            span=within,
        )
        return Reply(
            f"{say(question)}\n{say(until)}",
            private=True,
            table_id=ctx.table.id,
            table_version=ctx.table.version,
            confirmation_id=confirmation_id,
        )

    async def confirm(
        self,
        channel: Channel,
        user: User,
        confirmation_id: int | None = None,
        *,
        taken: Callable[[], Awaitable[None]] | None = None,
    ) -> Reply:
        """Carry out what the user asked for (by default their newest open question at the
        channel's table), on the position it was asked on. `taken` runs as soon as this call
        has claimed the confirmation — a transport takes its buttons off then."""
        asked = await self._take(channel, user, confirmation_id, "used")
        if taken is not None:
            await taken()
        where = Channel(asked.channel_id, channel.guild_id)
        await self.require_open_table(where, asked.table_id)
        version = asked.table_version
        if asked.kind == "move":
            return await self.act(where, user, asked.action, expected_version=version)
        if asked.kind == "resign":
            return await self.resign(where, user, expected_version=version)
        if asked.kind == "abandon":
            return await self.abandon(where, user, expected_version=version)
        return await self.skip(where, user, asked.action, expected_version=version)

    async def cancel(
        self, channel: Channel, user: User, confirmation_id: int | None = None
    ) -> Reply:
        """Drop the question (by default the user's newest open one): nothing happens."""
        asked = await self._take(channel, user, confirmation_id, "dismissed")
        cancelled = (
            msg("Cancelled — nothing was played.")
            if asked.kind == "move"
            else msg("Cancelled — nothing was done.")
        )
        return Reply(say(cancelled), private=True, table_id=asked.table_id)

    async def _take(
        self,
        channel: Channel,
        user: User,
        confirmation_id: int | None,
        status: ConfirmationStatus,
    ) -> ConfirmationRecord:
        """The confirmation, closed as `status` by this very call (a second one is refused,
        and so is one that expired)."""
        confirmations = self.store.confirmations
        if confirmation_id is None:
            ctx = await self._context(channel)
            asked = await confirmations.latest_open(ctx.table.id, user.id)
            if asked is None:
                raise BadRequest(
                    msg(
                        "You have nothing to confirm or cancel at {table}: /resign, /abandon, "
                        "/skip and /move action:<action> preview:true ask first.",
                        table=ctx.label,
                    )
                )
        else:
            asked = await confirmations.get(confirmation_id)
            if asked is None:
                raise BadRequest(msg("I do not know this question any more; nothing was done."))
        if asked.user_id != user.id:
            raise NotAllowed(msg("Only the player who asked can confirm or cancel this."))
        command = "/move" if asked.kind == "move" else f"/{asked.kind}"
        if asked.expires_at is not None and asked.expires_at <= self.clock():
            await confirmations.close(asked.id, "dismissed")
            if status == "dismissed":
                return asked
            raise WrongStage(
                msg(
                    "Too late: a {command} must be confirmed within {span}, so nothing was "
                    "done. Use {command} again if you still want to.",
                    command=command,
                    span=span_message(int(self.confirm_ttl.total_seconds() // 60)),
                )
            )
        if not await confirmations.close(asked.id, status):
            raise BadRequest(
                msg(
                    "This was already confirmed or cancelled (or a newer question replaced it), "
                    "so it does nothing more. Use {command} again if you still want to.",
                    command=command,
                )
            )
        return asked
