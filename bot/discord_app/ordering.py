"""The order of a channel's public posts: a move's text is posted at once and its board
attached when drawn, so a quick second move must neither post its text before the first's nor
show its board before the first's board.

Each public reply takes a `Slot` of its channel the moment the service hands it over (no
await in between: the service replies to a channel's actions in the order it stored them,
`ServiceBase._in_turn`). A slot posts its text after the text of the slot before it, and its
board (attached later, or posted with the text) after the board before it. A slot always
ends (`async with`), whatever failed, so one broken post never holds up the channel; and a
slot waits at most `PATIENCE` seconds for the one before it (logged), so neither does one
that hangs.
"""

from __future__ import annotations

import asyncio
import logging
from types import TracebackType

log = logging.getLogger(__name__)

#: How long a post waits for the post before it in its channel (a hung request, say).
PATIENCE = 60.0


class Slot:
    """One public reply's place in its channel's order; ended (`async with`, again harmlessly)
    once its post is done or failed."""

    def __init__(self, order: ChannelOrder, channel_id: int, before: Slot | None) -> None:
        self._order = order
        self._channel_id = channel_id
        self._before = before
        self.text_posted = asyncio.Event()
        self.board_shown = asyncio.Event()

    async def text_turn(self, *, with_board: bool = False) -> None:
        """Wait until the text before this one is posted — and, for a text posted with its
        board, until the board before it is shown too."""
        if self._before is not None:
            await self._wait(self._before.text_posted, "text")
            if with_board:
                await self._wait(self._before.board_shown, "board")

    async def board_turn(self) -> None:
        """Wait until the board before this one is shown (or known to be missing)."""
        if self._before is not None:
            await self._wait(self._before.board_shown, "board")
            self._before = None  # done with it: the chain behind us may be freed

    def text_done(self) -> None:
        self.text_posted.set()

    def board_done(self) -> None:
        self.board_shown.set()

    async def _wait(self, event: asyncio.Event, what: str) -> None:
        try:
            await asyncio.wait_for(event.wait(), self._order.patience)
        except TimeoutError:
            log.warning(
                "the %s of the previous post in channel %s took over %.0f s; posting anyway",
                what,
                self._channel_id,
                self._order.patience,
            )

    async def __aenter__(self) -> Slot:
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.text_done()
        self.board_done()
        self._before = None
        self._order.release(self._channel_id, self)


class ChannelOrder:
    """The slots of every channel with posts under way (the last one of each)."""

    def __init__(self, patience: float = PATIENCE) -> None:
        self.patience = patience
        self._last: dict[int, Slot] = {}

    def slot(self, channel_id: int) -> Slot:
        """The next place in `channel_id`'s order; call it without awaiting anything after
        the service replied, and use it with `async with`."""
        slot = Slot(self, channel_id, self._last.get(channel_id))
        self._last[channel_id] = slot
        return slot

    def release(self, channel_id: int, slot: Slot) -> None:
        if self._last.get(channel_id) is slot:
            del self._last[channel_id]
