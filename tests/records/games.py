"""Random whole games through the service, with resignations, skips and undos now and then,
for the record and rating tests."""

from __future__ import annotations

from collections.abc import Sequence

from bot.service import Channel, RulesError, Service, ServiceError, User
from engine.core import Rng
from engine.core.playout import choose_action
from tests.bot.helpers import ManualClock


async def play_to_the_end(
    service: Service,
    channel: Channel,
    users: Sequence[User],
    game_key: str,
    options: dict[str, str],
    seed: int,
    *,
    upsets: bool = True,
) -> int:
    """Open, start and play a table to its end with random legal moves; with `upsets`, now
    and then a player resigns, the creator skips the player to act, or an undo is approved.
    Returns the table's id."""
    rng = Rng(seed=seed ^ 0xBADC0DE)
    creator = users[0]
    await service.create_table(channel, creator, game_key, options, seed)
    for user in users[1:]:
        await service.join(channel, user)
    await service.start(channel, creator)
    table = await service.store.tables.open_table(channel.id)
    assert table is not None
    table_id = table.id
    by_id = {user.id: user for user in users}
    seated = {s.seat: by_id[s.user_id] for s in await service.store.tables.seats(table_id)}
    while (table := await service.store.tables.open_table(channel.id)) is not None:
        user = seated[table.to_act[rng.below(len(table.to_act))]]
        roll = rng.below(300) if upsets else 299
        try:
            if roll == 0 and len(users) > 1:
                await service.resign(channel, seated[rng.below(len(seated))])
                continue
            if roll <= 5:
                if isinstance(service.clock, ManualClock):  # past the table's skip time
                    service.clock.advance(hours=25)
                await service.skip(channel, creator, user.name)
                continue
            if roll <= 12:
                await _undo(service, channel, user, seated.values())
                continue
        except ServiceError:
            pass  # not allowed now (resigned already, an undo refused …): play on
        legal = await service.legal_actions(channel, user)
        try:
            await service.act(channel, user, choose_action(rng, legal))
        except RulesError as error:  # pragma: no cover - a legal action must be accepted
            raise AssertionError(error) from error
    return table_id


async def _undo(service: Service, channel: Channel, user: User, seated: Sequence[User]) -> None:
    asked = await service.request_undo(channel, user, 1)
    if asked.undo_request_id is None:
        return
    for voter in seated:
        if voter.id != user.id:
            try:
                await service.approve_undo(channel, voter)
            except ServiceError:
                return
