"""Standing answers: a player answers, in advance, a question their game asks again and again
(Terra Nova: "exchange power at this round end?" — never), so the table stops waiting for
them each time. Kept per seat (`store.answers`); while an answer is set, the service plays it
whenever the game asks that question of the seat (automatic.py) — at once, if it is asked
right now."""

from __future__ import annotations

from dataclasses import replace

from engine.core import StandingAnswer, normalize, shorten

from .announce import AnnounceService
from .base import TableContext
from .errors import BadRequest
from .model import Channel, Reply, User
from .texts import names_list

_ON = {"true": True, "yes": True, "on": True, "1": True}
_OFF = {"false": False, "no": False, "off": False, "0": False}
#: How long an answer's key may be typed (Discord caps the option there).
LONGEST_ANSWER = 64


class StandingService(AnnounceService):
    async def standing(self, channel: Channel, user: User, answer: str = "", on: str = "") -> Reply:
        """/standing: without `answer`, your game's standing answers and which you have set;
        with `answer` and `on` (true or false), set or clear it — and if its question is asked
        of you now, it is answered at once (a public reply, with the confirmation for you)."""
        async with self._in_turn(channel.id):
            return await self._standing(channel, user, answer, on)

    async def _standing(self, channel: Channel, user: User, answer: str, on: str) -> Reply:
        ctx = await self._context(channel)
        seat = self._playing_seat(ctx, user)
        offered = ctx.game.info.standing_answers
        if not offered:
            raise BadRequest(
                f"{ctx.game.info.name} asks no question again and again, so it has no standing "
                "answers to set."
            )
        mine = (await self.store.answers.answers(ctx.table.id)).get(seat, [])
        if not answer.strip():
            return Reply(_listing(ctx, offered, mine), private=True, table_id=ctx.table.id)
        chosen = _find(ctx, offered, answer)
        if not on.strip():
            state = "on" if chosen.key in mine else "off"
            return Reply(
                f"Your standing answer {chosen.key} is {state} at {ctx.label}: "
                f"{chosen.description}. /standing answer:{chosen.key} on:true or on:false "
                "changes it.",
                private=True,
                table_id=ctx.table.id,
            )
        wanted = _ON.get(on.strip().lower(), _OFF.get(on.strip().lower()))
        if wanted is None:
            raise BadRequest(f"on takes true or false, not '{shorten(on)}'.")
        changed = await self.store.answers.set_answer(
            ctx.table.id, seat, chosen.key, wanted, self.clock()
        )
        was = "is now" if changed else "was already"
        confirmation = Reply(
            f"Your standing answer {chosen.key} {was} {'on' if wanted else 'off'} at "
            f"{ctx.label}: {chosen.description}.",
            private=True,
            table_id=ctx.table.id,
        )
        steps = await self._play_automatic(ctx) if wanted else []
        if not steps:
            return confirmation
        return replace(await self._announce(ctx, steps), personal=confirmation)

    async def standing_choices(self, channel: Channel, typed: str) -> list[str]:
        """The keys of the channel's game's standing answers containing `typed`."""
        ctx = await self._context(channel)
        wanted = normalize(typed)
        keys = [answer.key for answer in ctx.game.info.standing_answers]
        return [key for key in keys if wanted in normalize(key)]


def _listing(ctx: TableContext, offered: list[StandingAnswer], mine: list[str]) -> str:
    lines = [f"Standing answers of {ctx.game.info.name} (set per player, at {ctx.label}):"]
    for answer in offered:
        state = "on" if answer.key in mine else "off"
        lines.append(f"• {answer.key} ({state}): {answer.description}.")
    lines.append("Set one with /standing answer:<name> on:true, clear it with on:false.")
    return "\n".join(lines)


def _find(ctx: TableContext, offered: list[StandingAnswer], typed: str) -> StandingAnswer:
    wanted = normalize(typed)
    for answer in offered:
        if normalize(answer.key) == wanted:
            return answer
    keys = names_list([answer.key for answer in offered])
    raise BadRequest(
        f"{ctx.game.info.name} has no standing answer '{shorten(typed)}'; its answers: {keys}."
    )
