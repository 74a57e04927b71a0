"""Rounds of simultaneous play as the service derives them from `to_act`, and event wording."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from bot.service.progress import next_round
from bot.service.texts import as_sentence
from bot.store import TableRecord

BEGAN = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
LATER = BEGAN + timedelta(hours=3)


def table(to_act: list[int], round_seats: list[int], since: datetime | None = BEGAN) -> TableRecord:
    return TableRecord(
        id=1,
        channel_id="c1",
        guild_id=None,
        game_key="tiny-towns",
        options={},
        seed=1,
        creator_id="u1",
        status="active",
        created_at=BEGAN,
        updated_at=BEGAN,
        started_at=BEGAN,
        ended_at=None,
        version=3,
        move_count=2,
        state_json=None,
        to_act=to_act,
        waiting_since=since,
        round_seats=round_seats,
    )


def test_a_round_goes_on_while_the_seats_owed_only_shrink() -> None:
    progress = next_round(table([0, 2], [0, 1, 2]), [2], LATER)
    assert (progress.to_act, progress.done, progress.newly_owed) == ([2], [0, 1], [])
    assert progress.waiting_since == BEGAN


def test_a_round_begins_when_a_seat_is_owed_that_was_not_just_before() -> None:
    progress = next_round(table([2], [0, 1, 2]), [0, 1, 2], LATER)
    assert (progress.round_seats, progress.done, progress.newly_owed) == ([0, 1, 2], [], [0, 1])
    assert progress.waiting_since == LATER


def test_turn_after_turn_every_turn_is_a_round_of_its_own() -> None:
    progress = next_round(table([0], [0]), [1], LATER)
    assert (progress.round_seats, progress.done, progress.newly_owed) == ([1], [], [1])


def test_the_start_begins_a_round_for_everyone_owed() -> None:
    lobby = replace(table([], [], since=None), status="lobby")
    progress = next_round(lobby, [0, 1], LATER)
    assert (progress.round_seats, progress.newly_owed, progress.waiting_since) == (
        [0, 1],
        [0, 1],
        LATER,
    )


def test_events_read_as_sentences_but_names_stay_as_written() -> None:
    names = ["alice", "Bob"]
    assert as_sentence("round 4: the resource card shows wood", names) == (
        "Round 4: the resource card shows wood"
    )
    assert as_sentence("alice is done with round 3", names) == "alice is done with round 3"
    assert as_sentence("", names) == ""
