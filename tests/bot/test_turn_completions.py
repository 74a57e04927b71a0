"""/move completion of a whole turn `a; b` (the service's `turn_completions`)."""

from __future__ import annotations

from bot.service import GameCatalog, Service
from bot.store import Store
from engine.games.terra_nova import TerraNova
from tests.bot.helpers import ALICE, BOB, CHANNEL, ManualClock, fake_renderer, start_table


async def test_the_last_terra_nova_seat_in_a_round_is_offered_no_second_action(
    store: Store, clock: ManualClock
) -> None:
    # Once the other seat has passed, the turn comes back to the last one after each
    # action; yet a whole turn holds one action: after `sail` only exchanges may follow.
    service = Service(store, games=GameCatalog([TerraNova()]), renderer=fake_renderer, clock=clock)
    first, last = await start_table(
        service, [ALICE, BOB], game="terra-nova", options={"first-game": True}
    )
    passing = [a for a in await service.legal_actions(CHANNEL, first) if a.startswith("pass")]
    await service.act(CHANNEL, first, passing[0])
    completions = await service.turn_completions(CHANNEL, last, "sail; ")
    assert completions and all(c.startswith("sail; exchange ") for c in completions)
    await service.act(CHANNEL, last, completions[-1])
    assert "sail" in await service.legal_actions(CHANNEL, last)  # its next turn, now
