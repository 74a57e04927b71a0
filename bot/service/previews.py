"""Previews: what a move would do, shown privately, then played on Confirm — on exactly the
position previewed (otherwise the player gets the new board) and once, however often Confirm
is clicked. A preview is kept in the store with the table's version it was made on, so its
Confirm works after a restart too."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from ..store import PreviewRecord, PreviewStatus
from .errors import BadRequest, NotAllowed
from .model import Channel, Reply, User
from .play import PlayService, more_events
from .progress import next_round
from .texts import clip, fit_lines


class PreviewService(PlayService):
    async def preview(self, channel: Channel, user: User, text: str) -> Reply:
        """What `text` would do, privately, without playing it. `confirm_preview` with the
        reply's `preview_id` plays it (as does `act` with the reply's `table_version` as
        `expected_version`)."""
        ctx, seat, played = await self._try(channel, user, text)
        player = ctx.by_seat(seat).display_name
        progress = next_round(ctx.table, played.to_act, self.clock())
        next_text, _ = await self._next_text(ctx, played.state, progress)
        shown = fit_lines(
            [clip(f"Preview — nothing is played yet. {player}: {played.text}")],
            self._event_lines(ctx, played.events),
            [f"Afterwards: {next_text}"],
            more_events,
        )
        image = await self._image(ctx, played.state, seat, ctx.table.move_count + 1, tag="preview")
        preview_id = await self.store.previews.create_preview(
            table_id=ctx.table.id,
            table_version=ctx.table.version,
            channel_id=channel.id,
            user_id=user.id,
            action=" ".join(text.split()),
            now=self.clock(),
        )
        return Reply(
            shown,
            image=image,
            private=True,
            table_id=ctx.table.id,
            table_version=ctx.table.version,
            preview_id=preview_id,
        )

    async def confirm_preview(
        self,
        channel: Channel,
        user: User,
        preview_id: int,
        *,
        taken: Callable[[], Awaitable[None]] | None = None,
    ) -> Reply:
        """Play the previewed move on the position previewed (BoardChanged if the table moved
        on since). `taken` runs as soon as this call has claimed the preview — a transport
        takes the preview's buttons off then."""
        preview = await self._take_preview(user, preview_id, "used")
        if taken is not None:
            await taken()
        where = Channel(preview.channel_id, channel.guild_id)
        await self.require_open_table(where, preview.table_id)
        return await self.act(where, user, preview.action, expected_version=preview.table_version)

    async def dismiss_preview(self, user: User, preview_id: int) -> Reply:
        """Cancel the preview: nothing is played."""
        await self._take_preview(user, preview_id, "dismissed")
        return Reply("Cancelled — nothing was played.", private=True)

    async def _take_preview(
        self, user: User, preview_id: int, status: PreviewStatus
    ) -> PreviewRecord:
        """The preview, closed as `status` by this very call (a second one is refused)."""
        previews = self.store.previews
        preview = await previews.preview(preview_id)
        if preview is None:
            raise BadRequest("I do not know this preview any more; use /move again.")
        if preview.user_id != user.id:
            raise NotAllowed("Only the player who asked for this preview can answer it.")
        if not await previews.close_preview(preview_id, status):
            raise BadRequest(
                "This preview was already confirmed or cancelled, so it does nothing more. "
                "Use /move for a new move."
            )
        return preview
