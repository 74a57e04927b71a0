"""`/remind` and `/notify` without a transport: who may change what, friendly refusals that
change nothing, and the scheduler being woken by every change."""

from __future__ import annotations

from datetime import time, timedelta

import pytest

from bot.reminders import NotificationPrefs, QuietHours, ReminderService, ReminderStore
from bot.service import BadRequest, Channel, NoOpenTable, NotAllowed, User
from bot.store import Store
from tests.reminders.clock import TestClock
from tests.reminders.support import ALICE, BOB, CAROL, CHANNEL, GUILD, open_table

HERE = Channel(CHANNEL, GUILD)
ALICE_USER, BOB_USER, CAROL_USER = User(ALICE, "alice"), User(BOB, "bob"), User(CAROL, "carol")
MODERATOR = User("u-mia", "mia", moderator=True)


class Wakes:
    def __init__(self) -> None:
        self.count = 0

    def __call__(self) -> None:
        self.count += 1


@pytest.fixture
def wakes() -> Wakes:
    return Wakes()


@pytest.fixture
def service(reminders: ReminderStore, clock: TestClock, wakes: Wakes) -> ReminderService:
    return ReminderService(reminders, wake=wakes, game_name=lambda key: "Pile", clock=clock)


# -- /remind ---------------------------------------------------------------------------------


async def test_remind_shows_the_default_and_the_next_reminder(
    store: Store, service: ReminderService, clock: TestClock
) -> None:
    await open_table(store, clock.now, [ALICE, BOB], to_act=[1])
    reply = await service.remind(HERE, BOB_USER)
    assert reply.private
    assert "Reminders for table #1 (Pile): every 24 h (the default)" in reply.text
    assert "Next reminder: 2026-01-06 12:00 UTC." in reply.text


async def test_the_creator_sets_the_interval_for_everyone_to_see(
    store: Store,
    service: ReminderService,
    reminders: ReminderStore,
    clock: TestClock,
    wakes: Wakes,
) -> None:
    await open_table(store, clock.now, [ALICE, BOB], to_act=[1])
    reply = await service.remind(HERE, ALICE_USER, every=6)
    assert not reply.private
    assert reply.text == (
        "alice set the reminders for table #1 (Pile) to every 6 h, counted from now and after "
        "every move."
    )
    assert (await reminders.settings(1)).interval == timedelta(hours=6)
    assert wakes.count == 1


async def test_a_moderator_turns_them_off_and_the_creator_on_again(
    store: Store, service: ReminderService, reminders: ReminderStore, clock: TestClock
) -> None:
    await open_table(store, clock.now, [ALICE, BOB], to_act=[1])
    off = await service.remind(HERE, MODERATOR, off=True)
    assert off.text.startswith("mia turned the reminders for table #1 (Pile) off.")
    assert "are off" in (await service.remind(HERE, BOB_USER)).text
    await service.remind(HERE, ALICE_USER, off=False)
    settings = await reminders.settings(1)
    assert settings.enabled and settings.interval == timedelta(hours=24)


async def test_remind_in_the_lobby_counts_from_the_start(
    store: Store, service: ReminderService, clock: TestClock
) -> None:
    await store.tables.create_table(
        channel_id=CHANNEL,
        guild_id=GUILD,
        game_key="pile",
        options={},
        seed=1,
        creator_id=ALICE,
        creator_name="alice",
        now=clock.now,
    )
    assert "once the game starts" in (await service.remind(HERE, ALICE_USER, every=12)).text
    assert "They start when the game starts." in (await service.remind(HERE, ALICE_USER)).text


@pytest.mark.parametrize(
    ("user", "options", "refusal", "message"),
    [
        (BOB_USER, {"every": 2}, NotAllowed, "Only alice, who opened table #1 (Pile), or a mod"),
        (ALICE_USER, {"every": 0}, BadRequest, "every 1 to 168 hours (a week), not every 0"),
        (ALICE_USER, {"every": 169}, BadRequest, "not every 169"),
        (ALICE_USER, {"every": 2, "off": True}, BadRequest, "Choose one"),
    ],
)
async def test_remind_refusals_change_nothing(
    store: Store,
    service: ReminderService,
    reminders: ReminderStore,
    clock: TestClock,
    wakes: Wakes,
    user: User,
    options: dict[str, int | bool],
    refusal: type[Exception],
    message: str,
) -> None:
    await open_table(store, clock.now, [ALICE, BOB], to_act=[1])
    with pytest.raises(refusal) as refused:
        await service.remind(HERE, user, **options)  # type: ignore[arg-type]
    assert message in str(refused.value)
    assert (await reminders.settings(1)).changed_at is None
    assert wakes.count == 0


async def test_remind_without_a_table(service: ReminderService) -> None:
    with pytest.raises(NoOpenTable, match="reminders belong to a table"):
        await service.remind(HERE, ALICE_USER, every=2)


# -- /notify ---------------------------------------------------------------------------------


async def test_notify_shows_the_defaults(service: ReminderService) -> None:
    reply = await service.notify(ALICE_USER)
    assert reply.private
    assert "in the table's channel, with an @mention" in reply.text
    assert "No quiet hours (set them with /notify quiet:22-07 tz:Europe/Berlin)." in reply.text


async def test_notify_saves_direct_messages_and_quiet_hours(
    service: ReminderService, reminders: ReminderStore, wakes: Wakes
) -> None:
    reply = await service.notify(CAROL_USER, dm=True, quiet="22-07", tz="europe/berlin")
    assert reply.text.startswith("Saved. Your turn reminders come by direct message")
    assert "Quiet hours: 22:00–07:00 (Europe/Berlin)" in reply.text
    assert await reminders.prefs(CAROL) == NotificationPrefs(
        CAROL, dm=True, quiet=QuietHours(time(22), time(7), "Europe/Berlin"), zone="Europe/Berlin"
    )
    assert wakes.count == 1


async def test_a_new_time_zone_moves_the_quiet_hours_and_off_keeps_the_zone(
    service: ReminderService, reminders: ReminderStore
) -> None:
    await service.notify(CAROL_USER, quiet="23-06", tz="Europe/Berlin")
    await service.notify(CAROL_USER, tz="Asia/Tokyo")
    moved = await reminders.prefs(CAROL)
    assert moved.quiet == QuietHours(time(23), time(6), "Asia/Tokyo")
    await service.notify(CAROL_USER, quiet="off")
    assert await reminders.prefs(CAROL) == NotificationPrefs(CAROL, zone="Asia/Tokyo")
    again = await service.notify(CAROL_USER, quiet="21-05")
    assert "21:00–05:00 (Asia/Tokyo)" in again.text


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"quiet": "22-07"}, "Quiet hours need your time zone"),
        ({"quiet": "22-07", "tz": "Berlin"}, "'Berlin' is not a time zone I know"),
        ({"dm": True, "quiet": "late", "tz": "UTC"}, "'late' is not a range of hours"),
    ],
)
async def test_notify_refusals_change_nothing(
    service: ReminderService,
    reminders: ReminderStore,
    wakes: Wakes,
    options: dict[str, str | bool],
    message: str,
) -> None:
    with pytest.raises(BadRequest) as refused:
        await service.notify(CAROL_USER, **options)  # type: ignore[arg-type]
    assert message in str(refused.value)
    assert await reminders.prefs(CAROL) == NotificationPrefs(CAROL)
    assert wakes.count == 0
