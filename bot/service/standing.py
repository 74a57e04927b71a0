"""Standing answers: a player answers, in advance, a question their game asks again and again
(Terra Nova: "exchange power at this round end?" — never), so the table stops waiting for
them each time. Kept per seat (`store.answers`); while an answer is set, the service plays it
whenever the game asks that question of the seat (automatic.py) — at once, if it is asked
right now."""

from __future__ import annotations

from dataclasses import replace

from engine.core import Message, StandingAnswer, msg, normalize, shorten

from .announce import AnnounceService
from .base import TableContext
from .errors import BadRequest
from .model import Channel, Reply, User
from .speech import say
from .texts import who

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
                msg(
                    "{game} asks no question again and again, so it has no standing answers to "
                    "set.",
                    game=ctx.game.info.name,
                )
            )
        mine = (await self.store.answers.answers(ctx.table.id)).get(seat, [])
        if not answer.strip():
            return Reply(_listing(ctx, offered, mine), private=True, table_id=ctx.table.id)
        chosen = _find(ctx, offered, answer)
        if not on.strip():
            state = msg(
                "Your standing answer {answer} is {state} at {table}: {description}. /standing "
                "answer:{answer} on:true or on:false changes it.",
                answer=chosen.key,
                state=_state(chosen.key in mine),
                table=ctx.label,
                description=chosen.description,
            )
            return Reply(say(state), private=True, table_id=ctx.table.id)
        wanted = _ON.get(on.strip().lower(), _OFF.get(on.strip().lower()))
        if wanted is None:
            raise BadRequest(msg("on takes true or false, not '{text}'.", text=shorten(on)))
        changed = await self.store.answers.set_answer(
            ctx.table.id, seat, chosen.key, wanted, self.clock()
        )
        template = (
            msg(
                "Your standing answer {answer} is now {state} at {table}: {description}.",
                answer=chosen.key,
                state=_state(wanted),
                table=ctx.label,
                description=chosen.description,
            )
            if changed
            else msg(
                "Your standing answer {answer} was already {state} at {table}: {description}.",
                answer=chosen.key,
                state=_state(wanted),
                table=ctx.label,
                description=chosen.description,
            )
        )
        confirmation = Reply(say(template), private=True, table_id=ctx.table.id)
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


def _state(on: bool) -> Message:
    return msg("on") if on else msg("off")


def _listing(ctx: TableContext, offered: list[StandingAnswer], mine: list[str]) -> str:
    lines = [
        msg(
            "Standing answers of {game} (set per player, at {table}):",
            game=ctx.game.info.name,
            table=ctx.label,
        )
    ]
    for answer in offered:
        lines.append(
            msg(
                "• {answer} ({state}): {description}.",
                answer=answer.key,
                state=_state(answer.key in mine),
                description=answer.description,
            )
        )
    lines.append(msg("Set one with /standing answer:<name> on:true, clear it with on:false."))
    return "\n".join(say(line) for line in lines)


def _find(ctx: TableContext, offered: list[StandingAnswer], typed: str) -> StandingAnswer:
    wanted = normalize(typed)
    for answer in offered:
        if normalize(answer.key) == wanted:
            return answer
    raise BadRequest(
        msg(
            "{game} has no standing answer '{text}'; its answers: {answers}.",
            game=ctx.game.info.name,
            text=shorten(typed),
            answers=who([answer.key for answer in offered]),
        )
    )
