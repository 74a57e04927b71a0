"""Playing a whole game through the service, as a table of real people would, and handing every
reply to a checker together with who sees it.

Seeded random legal actions, now and then typed in odd spellings or sent as a whole turn,
refused moves, undo requests with their votes, and after every move what a rotating player
and an onlooker look at (/history, /status, /legal, /board). The checker decides what must
hold of each reply (no secret, no over-long text, …).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.service import Channel, Reply, Service, ServiceError, User
from engine.core import Rng
from engine.core.playout import choose_action

from .helpers import CHANNEL, MALLORY

#: An onlooker: in the channel, but not playing.
ONLOOKER = MALLORY


@dataclass(frozen=True, slots=True)
class Seen:
    """A reply and who reads it: `audience` None is everybody (a public reply)."""

    reply: Reply
    audience: User | None
    #: The game's state when it was read.
    state: Any


Checker = Callable[[Seen], None]
#: How a player types a legal text (returns the text to send).
Speller = Callable[[str, Rng], str]


def as_listed(text: str, rng: Rng) -> str:
    return text


def oddly(text: str, rng: Rng) -> str:
    """Upper or title case, tabs and double spaces between words, a trailing `;`."""
    case = (str.upper, str.title, str.lower)[rng.below(3)]
    gaps = ("\t", "  ", " ")
    words = [case(word) for word in text.split(" ")]
    spaced = words[0] + "".join(gaps[rng.below(3)] + word for word in words[1:])
    return spaced + (" ;" if rng.below(2) else "")


@dataclass
class WholeGame:
    service: Service
    users: Sequence[User]
    check: Checker
    spell: Speller = as_listed
    seed: int = 1
    channel: Channel = CHANNEL

    def __post_init__(self) -> None:
        self.rng = Rng(seed=self.seed ^ 0xC0FFEE)
        self.replies = 0

    async def state(self) -> Any:
        table = await self.service.store.tables.latest_table(self.channel.id)
        assert table is not None and table.state_json is not None
        return self.service.catalog.get(table.game_key).load_state(table.state_json)

    async def see(self, reply: Reply, audience: User | None) -> None:
        """Check `reply` as its readers see it, and its personal part as its user does —
        with their boards, once drawn."""
        reply = await reply.finished()
        self.replies += 1
        state = await self.state()
        self.check(Seen(reply, None if not reply.private else audience, state))
        if reply.personal is not None:
            assert reply.personal.private and audience is not None
            self.replies += 1
            self.check(Seen(reply.personal, audience, state))

    async def refused(self, error: ServiceError, user: User) -> None:
        await self.see(Reply(str(error), private=True), user)

    async def play(self, game_key: str, options: dict[str, str]) -> None:
        """From /newgame to the final result, checking every reply on the way."""
        service, channel, first = self.service, self.channel, self.users[0]
        await service.create_table(channel, first, game_key, options, self.seed)
        for user in self.users[1:]:
            await service.join(channel, user)
        await self.see(await service.start(channel, first), first)
        by_id = {user.id: user for user in self.users}
        table = await service.store.tables.open_table(channel.id)
        assert table is not None
        seated = {
            seat.seat: by_id[seat.user_id] for seat in await service.store.tables.seats(table.id)
        }
        step = 0
        while (table := await service.store.tables.open_table(channel.id)) is not None:
            step += 1
            user = seated[table.to_act[self.rng.below(len(table.to_act))]]
            await self.move(user)
            await self.look(self.users[step % len(self.users)], with_legal=step % 3 == 0)
            if self.rng.below(12) == 0:
                await self.undo(user, seated)
        for user in (*self.users, ONLOOKER):
            await self.look(user, with_legal=False)
        ended = await service.store.tables.latest_table(channel.id)
        assert ended is not None and ended.status == "finished"

    async def move(self, user: User) -> None:
        service, channel = self.service, self.channel
        legal = await service.legal_actions(channel, user)
        text = choose_action(self.rng, legal)
        if self.rng.below(3) == 0:  # a whole turn of up to three actions
            for _ in range(2):
                more = await service.turn_completions(channel, user, f"{text}; ")
                if more == [text] or not more:
                    break
                text = more[self.rng.below(len(more))]
        if self.rng.below(10) == 0:  # a refused move first: a typo of a legal one
            try:
                await service.act(channel, user, text[::-1])
            except ServiceError as error:
                await self.refused(error, user)
        parts = [self.spell(part, self.rng) for part in text.split("; ")]
        await self.see(await service.act(channel, user, "; ".join(parts)), user)

    async def look(self, user: User, *, with_legal: bool) -> None:
        service, channel = self.service, self.channel
        await self.see(await service.history(channel, user, 50), user)
        await self.see(await service.status(channel, user), user)
        await self.see(await service.board(channel, user), user)
        if with_legal and user is not ONLOOKER:
            try:
                await self.see(await service.legal(channel, user), user)
            except ServiceError as error:  # the table has just ended
                await self.refused(error, user)

    async def undo(self, user: User, seated: dict[int | None, User]) -> None:
        """Ask to take back one to three actions; everyone else approves (or one declines)."""
        service, channel = self.service, self.channel
        try:
            asked = await service.request_undo(channel, user, 1 + self.rng.below(3))
        except ServiceError as error:
            await self.refused(error, user)
            return
        await self.see(asked, user)
        if asked.undo_request_id is None:
            return
        for voter in (seat for seat in seated.values() if seat.id != user.id):
            try:
                if self.rng.below(4) == 0:
                    await self.see(await service.decline_undo(channel, voter), voter)
                    return
                await self.see(await service.approve_undo(channel, voter), voter)
            except ServiceError as error:
                await self.refused(error, voter)
