"""Standing answers through the service: Terra Nova's `no-round-end-exchange` answers the
round-end question for its player — at once when it is being asked, and at every later round
end — so the table waits only for those who may still want to exchange; /status shows it."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service import BadRequest, GameCatalog, Service, User
from bot.store import Store
from engine.games.terra_nova import TerraNova
from engine.games.terra_nova_2006 import TerraNova2006
from tests.bot.helpers import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    MALLORY,
    ManualClock,
    fake_renderer,
    set_position,
    start_game,
)
from tests.games.terra_nova.helpers import first_game, play, position
from tests.games.terra_nova.test_round_end import BOWLS, _round_end

TN = TerraNova()
ANSWER = "no-round-end-exchange"


@pytest.fixture
def service(store: Store, clock: ManualClock) -> Service:
    return Service(
        store, games=GameCatalog([TN, TerraNova2006()]), renderer=fake_renderer, clock=clock
    )


async def open_table(service: Service, game: str = "terra-nova", count: int = 4) -> list[User]:
    return await start_game(service, game, (ALICE, BOB, CAROL, MALLORY)[:count], {}, 1)


async def state_now(service: Service) -> Any:
    table = await service.store.tables.open_table(CHANNEL.id)
    assert table is not None and table.state_json is not None
    return TN.load_state(table.state_json)


async def test_set_while_asked_it_answers_at_once_and_the_table_waits_for_the_others(
    service: Service,
) -> None:
    seated = await open_table(service)
    await set_position(service, _round_end(BOWLS), seated)  # seats 0 and 2 are asked

    reply = await service.standing(CHANNEL, seated[2], ANSWER, "true")

    assert not reply.private and reply.text.startswith(
        f"{seated[2].name}: done — played for them: their standing answer is never to "
        "exchange at a round end."
    )
    assert reply.text.endswith(f"Waiting for {seated[0].name} — {seated[2].name} is done.")
    assert reply.personal is not None and reply.personal.text.startswith(
        f"Your standing answer {ANSWER} is now on at table #1 (Terra Nova): never exchange"
    )
    table = await service.store.tables.open_table(CHANNEL.id)
    assert table is not None and table.to_act == [0]
    (logged,) = await service.store.actions.recent_actions(1, 1)
    assert logged.automatic == "their standing answer is never to exchange at a round end"

    # Emptying bowl III leaves `done` as the only action: it is played too, and round 2 begins.
    emptied = await service.act(CHANNEL, seated[0], "exchange 4")
    assert f"{seated[0].name}: done — played for them: nothing is left in their bowl III" in (
        emptied.text
    )
    assert (await state_now(service)).round == 2


async def test_set_beforehand_it_answers_when_the_round_end_comes(service: Service) -> None:
    seated = await open_table(service)
    state = position(first_game(4), bowls=BOWLS)
    while sum(not player.passed for player in state.seats) > 1:  # all but one pass
        state, _ = play(state, state.current, f"pass {min(state.offer)}")
    await set_position(service, state, seated)
    set_early = await service.standing(CHANNEL, seated[2], ANSWER, "on")
    assert set_early.private and "is now on" in set_early.text  # not asked yet: nothing played

    last = seated[state.current]
    passed = await service.act(CHANNEL, last, f"pass {min(state.offer)}")

    assert f"{seated[2].name}: done — played for them: their standing answer" in passed.text
    assert passed.text.endswith(f"Waiting for {seated[0].name} — {seated[2].name} is done.")
    assert [mention.name for mention in passed.mentions] == [seated[0].name]
    status = await service.status(CHANNEL, seated[2])
    assert f"Your standing answers (/standing changes them): {ANSWER}." in status.text
    other = await service.status(CHANNEL, seated[0])
    assert f"Standing answers you may set with /standing: {ANSWER}." in other.text


async def test_listing_showing_clearing_and_refusing(service: Service) -> None:
    seated = await open_table(service)
    listing = await service.standing(CHANNEL, seated[1])
    assert listing.private and f"• {ANSWER} (off): never exchange power" in listing.text

    await service.standing(CHANNEL, seated[1], ANSWER.upper(), "yes")
    shown = await service.standing(CHANNEL, seated[1], ANSWER)
    assert shown.text.startswith(f"Your standing answer {ANSWER} is on at table #1")
    cleared = await service.standing(CHANNEL, seated[1], ANSWER, "false")
    assert f"{ANSWER} is now off" in cleared.text
    assert (await service.store.answers.answers(1)) == {}

    with pytest.raises(BadRequest, match=f"no standing answer 'never'; its answers: {ANSWER}"):
        await service.standing(CHANNEL, seated[1], "never", "true")
    with pytest.raises(BadRequest, match="on takes true or false, not 'maybe'"):
        await service.standing(CHANNEL, seated[1], ANSWER, "maybe")


async def test_a_game_without_standing_answers_says_so(service: Service) -> None:
    seated = await open_table(service, "terra-nova-2006", 2)
    with pytest.raises(BadRequest, match="asks no question again and again"):
        await service.standing(CHANNEL, seated[0], ANSWER, "true")
