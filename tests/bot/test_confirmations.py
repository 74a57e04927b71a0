"""Nothing irreversible by a slip: /resign, /abandon and /skip ask first and happen only on
Confirm — once, in time, and on the very position they were asked on; a player may be
skipped only after the table's skip time (or once it is stalled)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.service import (
    BadRequest,
    NotAllowed,
    Service,
    TableChanged,
    User,
    WrongStage,
)
from bot.store import StaleVersion, Store
from tests.bot.helpers import ALICE, BOB, CAROL, CHANNEL, ManualClock, start_table

MODERATOR = User(id="u-mod", name="mod", moderator=True)


async def actions(service: Service) -> list[tuple[str, str]]:
    return [(a.kind, a.text) for a in await service.store.actions.recent_actions(1, 50)]


async def test_resign_asks_and_happens_only_on_confirm(service: Service) -> None:
    first, second = await start_table(service, [ALICE, BOB])

    asked = await service.ask_resign(CHANNEL, second)

    assert asked.private and asked.confirmation_id is not None
    assert asked.text.startswith("Resign from table #1 (Pile (test game))? You give up")
    assert "/confirm to go ahead, /cancel to keep things as they are (within 10 min)" in (
        asked.text
    )
    assert await actions(service) == []
    with pytest.raises(NotAllowed, match="Only the player who asked"):
        await service.confirm(CHANNEL, first, asked.confirmation_id)

    done = await service.confirm(CHANNEL, second)

    assert done.text.startswith(f"{second.name} used /resign.") and not done.private
    assert await actions(service) == [("resign", "resign")]
    with pytest.raises(BadRequest, match="already confirmed or cancelled"):
        await service.confirm(CHANNEL, second, asked.confirmation_id)


async def test_a_cancelled_question_does_nothing(service: Service) -> None:
    await start_table(service, [ALICE, BOB])
    asked = await service.ask_abandon(CHANNEL, ALICE)
    assert asked.text.startswith("Abandon table #1 (Pile (test game)) after 0 actions? It closes")

    cancelled = await service.cancel(CHANNEL, ALICE)

    assert (cancelled.text, cancelled.private) == ("Cancelled — nothing was done.", True)
    table = await service.store.tables.open_table(CHANNEL.id)
    assert table is not None and table.status == "active"
    with pytest.raises(BadRequest, match="You have nothing to confirm or cancel at table #1"):
        await service.confirm(CHANNEL, ALICE)


async def test_a_question_of_a_position_gone_by_is_refused(service: Service) -> None:
    first, second = await start_table(service, [ALICE, BOB])
    asked = await service.ask_abandon(CHANNEL, ALICE)
    await service.act(CHANNEL, first, "take 1")

    with pytest.raises(TableChanged, match=r"changed since you asked .* /abandon again"):
        await service.confirm(CHANNEL, ALICE, asked.confirmation_id)

    table = await service.store.tables.open_table(CHANNEL.id)
    assert table is not None and table.status == "active"
    await service.act(CHANNEL, second, "take 1")


async def test_a_question_expires_after_ten_minutes(service: Service, clock: ManualClock) -> None:
    _, second = await start_table(service, [ALICE, BOB])
    await service.ask_resign(CHANNEL, second)
    clock.advance(minutes=10)

    with pytest.raises(WrongStage, match="Too late: a /resign must be confirmed within 10 min"):
        await service.confirm(CHANNEL, second)

    assert await actions(service) == []
    with pytest.raises(BadRequest, match="nothing to confirm"):
        await service.cancel(CHANNEL, second)


async def test_asking_refuses_at_once_what_the_command_would(service: Service) -> None:
    await service.create_table(CHANNEL, ALICE, "pile")
    with pytest.raises(WrongStage, match="has not started yet, so there is nothing to resign"):
        await service.ask_resign(CHANNEL, ALICE)
    with pytest.raises(NotAllowed, match="Only alice, who opened"):
        await service.ask_abandon(CHANNEL, BOB)
    assert (await service.ask_abandon(CHANNEL, ALICE)).text.startswith("Abandon table #1")
    assert (await service.confirm(CHANNEL, ALICE)).closed


async def test_a_newer_question_replaces_the_older_one(service: Service) -> None:
    first, _ = await start_table(service, [ALICE, BOB])
    preview = await service.preview(CHANNEL, first, "take 2")
    asked = await service.ask_resign(CHANNEL, first)
    assert preview.confirmation_id is not None

    with pytest.raises(BadRequest, match="a newer question replaced it"):
        await service.confirm(CHANNEL, first, preview.confirmation_id)
    assert (await service.confirm(CHANNEL, first)).text.startswith(f"{first.name} used /resign")
    assert asked.confirmation_id != preview.confirmation_id


async def test_a_confirmed_skip_is_the_skip_that_was_asked(
    service: Service, clock: ManualClock
) -> None:
    first, _, _ = await start_table(service, [ALICE, BOB, CAROL])
    clock.advance(hours=25)
    asked = await service.ask_skip(CHANNEL, MODERATOR, first.name)
    assert asked.text.startswith(f"Skip {first.name} at table #1 (Pile (test game))?")

    done = await service.confirm(CHANNEL, MODERATOR)

    assert done.text.startswith(f"mod used /skip on {first.name}.")
    assert await actions(service) == [("skip", f"skip {first.name}")]


async def test_a_player_is_skipped_only_after_the_tables_skip_time(
    service: Service, clock: ManualClock
) -> None:
    first, second, _ = await start_table(service, [ALICE, BOB, CAROL])
    clock.advance(hours=20)
    await service.act(CHANNEL, first, "take 1")  # the table waits for the next player now
    clock.advance(hours=5)

    with pytest.raises(WrongStage) as early:
        await service.ask_skip(CHANNEL, ALICE, second.name)

    assert str(early.value) == (
        f"Table #1 (Pile (test game)) has waited for {second.name} only since 2026-01-02 "
        f"08:00 UTC (5 h 0 min ago). You can skip {second.name} from 2026-01-03 08:00 UTC "
        "(in 19 h 0 min), once the table has waited 24 h for them — or sooner if the table "
        "stalls (its reminders go unanswered)."
    )
    with pytest.raises(WrongStage, match="You can skip"):
        await service.skip(CHANNEL, ALICE, second.name)
    clock.advance(hours=19)
    assert (await service.ask_skip(CHANNEL, ALICE, second.name)).confirmation_id is not None


async def test_a_table_chooses_its_skip_time_and_shows_it(
    service: Service, clock: ManualClock
) -> None:
    opened = await service.create_table(CHANNEL, ALICE, "pile", {}, 3, timedelta(hours=2))
    assert "skip after 2 h" in opened.text
    await service.join(CHANNEL, BOB)
    assert "skip after 2 h" in (await service.status(CHANNEL, BOB)).text
    await service.start(CHANNEL, ALICE)
    status = await service.status(CHANNEL, BOB)
    assert (
        "Skipping: a player the table waits for may be skipped after 2 h, or once the table stalls."
    ) in status.text
    table = await service.store.tables.open_table(CHANNEL.id)
    assert table is not None
    waiting = (await service.store.tables.seats(table.id))[table.to_act[0]]
    clock.advance(hours=2)
    assert (await service.ask_skip(CHANNEL, ALICE, waiting.display_name)).confirmation_id
    with pytest.raises(BadRequest, match="The skip time must be from 1 to 168 hours, not 0 h"):
        await service.create_table(CHANNEL.__class__("c-2"), ALICE, "pile", {}, 3, timedelta())


async def test_a_stalled_table_may_skip_at_once(service: Service, store: Store) -> None:
    first, _ = await start_table(service, [ALICE, BOB])
    table = await store.tables.open_table(CHANNEL.id)
    assert table is not None
    async with store.database.write() as db:  # what the reminders write when it stalls
        await db.execute(
            "INSERT INTO table_reminders (table_id, stalled_version, stalled_at) VALUES (?, ?, ?)",
            (table.id, table.version, "2026-01-01T12:00:00+00:00"),
        )
    assert await store.tables.stalled(table)

    await service.ask_skip(CHANNEL, ALICE, first.name)
    assert (await service.confirm(CHANNEL, ALICE)).text.startswith(
        f"alice used /skip on {first.name}"
    )


async def test_a_confirmation_that_loses_a_race_changes_nothing(
    service: Service, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The version guard: a move saved between the check and the write wins."""
    _, second = await start_table(service, [ALICE, BOB])
    await service.ask_resign(CHANNEL, second)

    async def lost(*args: object, **kwargs: object) -> int:
        raise StaleVersion(1)

    monkeypatch.setattr(store.actions, "commit_action", lost)
    with pytest.raises(TableChanged):
        await service.confirm(CHANNEL, second)
