"""What the channel and the acting player read after a move (or a resignation, a skip): one
message per move, with a picture only when it shows something new.

- **A part of a simultaneous round** — the round goes on and the table still waits for
  others of it (Tiny Towns players placing and building, Terra Nova players exchanging at a
  round end): the channel gets one line, `alice: place wood A1. Waiting for bob and carol —
  alice is done.`, plus any event that concerns somebody else; the player alone gets their
  own board (their view, with their secrets), what the move did in their game, and the
  game's summary for them (not a bot: nobody would read it).
- **Any other move** — it ends the round, goes on with the player's own turn, or ends the
  game: the channel gets the move, every event, the game's public summary, whom the table
  waits for (pinging those it newly waits for), and the public board if it shows something
  new since the position before this move (`Game.board_news`: a pass, or an exchange of
  power for money, changes nothing on the board) — always at the end of the game. So a
  simultaneous round posts its board once, when it is complete.

Actions the service played automatically after the move (forced ones, standing answers)
follow in the same message, each saying so.

The reply is made as soon as its text is: its board (public or the player's own) is being
drawn in a worker thread meanwhile (`Reply.drawing`), and the transport adds it when ready.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Event, msg

from .automatic import AutomaticService
from .base import TableContext, others, waiting_text
from .model import Reply
from .saving import Step, more_events
from .speech import language, say, speaking
from .texts import clip, fit_lines


def is_part_of_round(steps: Sequence[Step]) -> bool:
    """Whether `steps` leave the round open with others still owing their part of it: the
    game goes on, nobody new is waited for, and somebody besides the first step's seat is."""
    last = steps[-1]
    if last.played.over or any(step.progress.newly_owed for step in steps):
        return False
    return bool(set(last.played.to_act) - {steps[0].seat})


def _for_others(step: Step) -> list[Event]:
    """What others read of a step in a simultaneous round: of a move, the events about
    somebody else or nobody in particular, and those that reveal something (a monument
    built) — what else it did in the player's own game is theirs to read; of a resignation
    or a skip, everything."""
    events = step.played.events
    if step.kind != "move":
        return events
    return [e for e in events if e.seat != step.seat or e.reveals]


class AnnounceService(AutomaticService):
    async def _announce_after(self, ctx: TableContext, step: Step) -> Reply:
        """Play what is automatic after `step` (automatic.py), and announce it all."""
        return await self._announce(ctx, [step, *await self._play_automatic(ctx, step)])

    async def _announce(self, ctx: TableContext, steps: Sequence[Step]) -> Reply:
        """The reply to `steps`: an action taken, then those played automatically after it —
        what the channel reads in the table's language, what the acting player reads alone in
        the language being spoken (theirs)."""
        if is_part_of_round(steps):
            reader = language()
            with self._public(ctx.table):
                return await self._part_of_round(ctx, steps, reader)
        with self._public(ctx.table):
            return await self._whole_message(ctx, steps)

    async def _whole_message(self, ctx: TableContext, steps: Sequence[Step]) -> Reply:
        first, last = steps[0], steps[-1]
        game, final = ctx.game, last.played
        body: list[str] = []
        for step in steps:
            if step is not first:
                body.append(clip(say(step.header)))
            body += self._lines_of(ctx, step.played.events)
            body += [say(step.lapsed)] if step.lapsed else []
        tail = [] if final.over else [say(line) for line in game.summary(final.state, None)]
        next_text, _ = await self._next_text(ctx, final.state, last.progress)
        opening = [clip(say(line)) for line in (first.note, first.header) if line]
        text = fit_lines(opening, body, [*tail, next_text], more_events)
        news = final.over or game.board_news(first.played.before, final.state)
        owed = {seat for step in steps for seat in step.progress.newly_owed}
        owed &= set(final.to_act) - ({first.seat} if first.kind == "move" else set())
        return Reply(
            text,
            drawing=self._drawing(ctx, final.state, None, last.number) if news else None,
            mentions=others(ctx.mentions(owed), first.user),
            table_id=ctx.table.id,
            table_version=last.version,
        )

    async def _part_of_round(self, ctx: TableContext, steps: Sequence[Step], reader: str) -> Reply:
        """One line for the channel (and what concerns others); the player's own board and
        news for them alone, in `reader`'s language."""
        first, last = steps[0], steps[-1]
        public = [
            self._lines_of(ctx, _for_others(step)) + ([say(step.lapsed)] if step.lapsed else [])
            for step in steps
        ]
        lines = [say(first.header), *public[0]]
        for step, shown in zip(steps[1:], public[1:], strict=True):
            lines += [say(step.header), *shown]
        waiting = waiting_text(ctx, last.progress) + "."
        if len(lines) == 1:
            lines = [f"{say(first.header).removesuffix('.')}. {waiting}"]
        else:
            lines.append(waiting)
        if first.note:
            lines.insert(0, say(first.note))
        own = None
        if first.kind == "move" and not first.automatic and first.bot_level is None:
            with speaking(reader):
                own = self._own_board(ctx, first, last)
        return Reply(
            "\n".join(clip(line) for line in lines),
            table_id=ctx.table.id,
            table_version=last.version,
            personal=own,
        )

    def _own_board(self, ctx: TableContext, first: Step, last: Step) -> Reply:
        """What the player of `first` reads alone: their own board after it, what it did in
        their game, and the game's summary for them."""
        seat, state = first.seat, last.played.state
        mine = [e for e in first.played.events if e not in _for_others(first)]
        lines = self._lines_of(ctx, mine) + [say(line) for line in ctx.game.summary(state, seat)]
        return Reply(
            fit_lines([say(msg("Your board after your move:"))], lines, [], more_events),
            drawing=self._drawing(ctx, state, seat, last.number),
            private=True,
            table_id=ctx.table.id,
        )

    def _lines_of(self, ctx: TableContext, events: Sequence[Event]) -> list[str]:
        return self._event_lines(ctx, [event.message for event in events])
