"""Previews: what a move would do, shown privately, then played on Confirm — on exactly the
position previewed (otherwise the player gets the new board) and once, however often Confirm
is clicked. A preview is kept in the store as a confirmation (`confirmations.py`) with the
table's version it was made on, so its Confirm works after a restart too."""

from __future__ import annotations

from engine.core import msg

from .model import Channel, Reply, User
from .play import PlayService
from .progress import next_round
from .saving import more_events
from .speech import say
from .texts import clip, fit_lines

CONFIRM_PREVIEW = msg("/confirm plays it, /cancel drops it.")


class PreviewService(PlayService):
    async def preview(self, channel: Channel, user: User, text: str) -> Reply:
        """What `text` would do, privately, without playing it. `confirm` with the
        reply's `confirmation_id` plays it (as does `act` with the reply's `table_version` as
        `expected_version`)."""
        ctx, seat, played = await self._try(channel, user, text)
        player = ctx.by_seat(seat).display_name
        progress = next_round(ctx.table, played.to_act, self.clock())
        next_text, _ = await self._next_text(ctx, played.state, progress)
        heading = msg(
            "Preview — nothing is played yet. {player}: {action}", player=player, action=played.text
        )
        shown = fit_lines(
            [clip(say(heading))],
            self._event_lines(ctx, played.event_messages),
            [say(msg("Afterwards: {next}", next=next_text)), say(CONFIRM_PREVIEW)],
            more_events,
        )
        image = await self._image(ctx, played.state, seat, ctx.table.move_count + 1, tag="preview")
        confirmation_id = await self.store.confirmations.create(
            kind="move",
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
            confirmation_id=confirmation_id,
        )
