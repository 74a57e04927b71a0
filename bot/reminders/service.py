"""`/remind` and `/notify` without a transport: check, store, wake the scheduler, reply.

Errors are the service's (`BadRequest`, `NotAllowed`, `NoOpenTable`), raised before anything
is stored, so transports show them like any other refusal.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import timedelta

from engine.core import Message, msg
from engine.core.i18n import FALLBACK

from ..service.errors import BadRequest, NoOpenTable, NotAllowed
from ..service.model import Channel, Reply, User
from ..service.speech import say, speaking
from ..service.texts import clock
from ..service.waking import Clock, utc_now
from .model import DEFAULT_INTERVAL, MAX_INTERVAL, MAX_REMINDERS, MIN_INTERVAL, NotificationPrefs
from .policy import plan
from .quiet import QUIET_EXAMPLE, QuietHours, is_off, parse_hour_range, parse_time_zone
from .store import ChannelTable, ReminderStore
from .texts import interval_text

MIN_HOURS = int(MIN_INTERVAL.total_seconds() // 3600)
MAX_HOURS = int(MAX_INTERVAL.total_seconds() // 3600)


class ReminderService:
    def __init__(
        self,
        store: ReminderStore,
        *,
        wake: Callable[[], None],
        game_name: Callable[[str], str],
        clock: Clock = utc_now,
        default_language: str = FALLBACK,
    ) -> None:
        self.store = store
        self._wake = wake
        self._game_name = game_name
        self.clock = clock
        #: The language of tables nobody chose one for (the setting DEFAULT_LANGUAGE).
        self.default_language = default_language

    # -- /remind --------------------------------------------------------------------------------

    async def remind(
        self, channel: Channel, user: User, *, every: int | None = None, off: bool | None = None
    ) -> Reply:
        """Show (no options), change (`every` hours) or turn off (`off`) the table's reminders.
        Changing is for the table's creator and moderators."""
        table = await self._table(channel)
        label = msg(
            "table #{number} ({game})",
            number=str(table.table_id),
            game=self._game_name(table.game_key),
        )
        if every is None and off is None:
            return Reply(await self._describe(table, label), private=True, table_id=table.table_id)
        if every is not None and off:
            raise BadRequest(
                msg(
                    "Choose one: /remind every:<hours> sets the interval, /remind off:true "
                    "stops the reminders."
                )
            )
        if user.id != table.creator_id and not user.moderator:
            raise NotAllowed(
                msg(
                    "Only {creator}, who opened {table}, or a moderator can change its reminders.",
                    creator=table.creator_name,
                    table=label,
                )
            )
        if every is not None and not MIN_HOURS <= every <= MAX_HOURS:
            raise BadRequest(
                msg(
                    "Reminders can come every {least} to {most} hours (a week), not every {every}.",
                    least=MIN_HOURS,
                    most=MAX_HOURS,
                    every=every,
                )
            )
        current = await self.store.settings(table.table_id)
        interval = timedelta(hours=every) if every is not None else current.interval
        enabled = not off
        now = self.clock()
        await self.store.set_reminders(
            table.table_id, enabled=enabled, interval=interval, by=user.id, now=now
        )
        self._wake()
        if not enabled:
            said = msg(
                "{player} turned the reminders for {table} off. /remind every:<hours> turns them "
                "back on.",
                player=user.name,
                table=label,
            )
        else:
            said = msg(
                "{player} set the reminders for {table} to {interval}, counted {start} and after "
                "every move.",
                player=user.name,
                table=label,
                interval=interval_text(interval),
                start=msg("from now") if table.status == "active" else msg("once the game starts"),
            )
        with speaking(table.language or self.default_language):
            return Reply(say(said), table_id=table.table_id)

    async def _table(self, channel: Channel) -> ChannelTable:
        table = await self.store.open_table_in(channel.id)
        if table is None:
            raise NoOpenTable(
                msg(
                    "There is no open table in this channel, and reminders belong to a table. "
                    "Open one with /newgame game:<game>."
                )
            )
        return table

    async def _describe(self, table: ChannelTable, label: Message) -> str:
        settings = await self.store.settings(table.table_id)
        if not settings.enabled:
            return say(
                msg(
                    "Reminders for {table} are off; /remind every:<hours> turns them on.",
                    table=label,
                )
            )
        default = msg(" (the default)") if settings.interval == DEFAULT_INTERVAL else ""
        lines = [
            msg(
                "Reminders for {table}: {interval}{default}, to whoever the table waits for; "
                "after {most} unanswered ones the table is marked stalled.",
                table=label,
                interval=interval_text(settings.interval),
                default=default,
                most=MAX_REMINDERS,
            )
        ]
        watched = await self.store.watched_tables(table.table_id)
        if not watched:
            lines.append(msg("They start when the game starts."))
            return "\n".join(say(line) for line in lines)
        now = self.clock()
        current = plan(watched[0], now)
        if watched[0].stalled:
            lines.append(msg("The table is stalled: reminders rest until the next move."))
        elif current.next_due is not None:
            lines.append(msg("Next reminder: {moment}.", moment=clock(max(current.next_due, now))))
        return "\n".join(say(line) for line in lines)

    # -- /notify --------------------------------------------------------------------------------

    async def notify(
        self,
        user: User,
        *,
        dm: bool | None = None,
        quiet: str | None = None,
        tz: str | None = None,
    ) -> Reply:
        """Show or change how the user is reminded: by direct message or in the channel, and
        the quiet hours (in their time zone) when no reminder reaches them. Private."""
        prefs = await self.store.prefs(user.id)
        if dm is None and quiet is None and tz is None:
            return Reply(say(_describe_prefs(prefs)), private=True)
        updated = _updated(prefs, dm=dm, quiet=quiet, tz=tz)
        await self.store.save_prefs(updated, self.clock())
        self._wake()
        return Reply(say(msg("Saved. {prefs}", prefs=_describe_prefs(updated))), private=True)


def _updated(
    prefs: NotificationPrefs, *, dm: bool | None, quiet: str | None, tz: str | None
) -> NotificationPrefs:
    """The preferences with the given changes, all validated before anything is stored."""
    zone = parse_time_zone(tz) if tz is not None else prefs.zone
    hours = prefs.quiet
    if quiet is not None and is_off(quiet):
        hours = None
    elif quiet is not None:
        start, end = parse_hour_range(quiet)
        if zone is None:
            raise BadRequest(
                msg(
                    "Quiet hours need your time zone, so I know when it is night for you: e.g. "
                    "/notify {example}.",
                    example=QUIET_EXAMPLE,
                )
            )
        hours = QuietHours(start, end, zone)
    elif hours is not None and zone is not None:
        hours = replace(hours, zone=zone)
    return NotificationPrefs(
        prefs.user_id, dm=prefs.dm if dm is None else dm, quiet=hours, zone=zone
    )


def _describe_prefs(prefs: NotificationPrefs) -> Message:
    where = (
        msg("by direct message (if you refuse direct messages, in the table's channel instead)")
        if prefs.dm
        else msg("in the table's channel, with an @mention")
    )
    quiet: Message
    if prefs.quiet is not None:
        quiet = msg(
            "Quiet hours: {hours}; a reminder due then reaches you at {end} your time.",
            hours=prefs.quiet.describe(),
            end=f"{prefs.quiet.end:%H:%M}",
        )
    else:
        zone = msg(" Your time zone: {zone}.", zone=prefs.zone) if prefs.zone else ""
        quiet = msg(
            "No quiet hours (set them with /notify {example}).{zone}",
            example=QUIET_EXAMPLE,
            zone=zone,
        )
    return msg("Your turn reminders come {where}. {quiet}", where=where, quiet=quiet)
