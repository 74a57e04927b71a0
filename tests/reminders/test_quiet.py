"""Quiet hours: reading what users type, and when a reminder due in them may be delivered —
across midnight, in different time zones, and in the nights the clocks change."""

from __future__ import annotations

from datetime import UTC, datetime, time

import pytest

from bot.reminders import QuietHours, zone_choices
from bot.reminders.quiet import is_off, parse_hour_range, parse_time_zone
from bot.service import BadRequest


def utc(year: int, month: int, day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=UTC)


BERLIN_NIGHTS = QuietHours(time(22), time(7), "Europe/Berlin")


# -- reading ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("22-07", time(22), time(7)),
        ("22:30-06:45", time(22, 30), time(6, 45)),
        (" 9 – 17 ", time(9), time(17)),
        ("0-6", time(0), time(6)),
    ],
)
def test_hour_ranges_are_read(text: str, start: time, end: time) -> None:
    assert parse_hour_range(text) == (start, end)


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("22to7", "not a range of hours"),
        ("late", "not a range of hours"),
        ("24-07", "from 0 to 23"),
        ("22:60-07", "from 00 to 59"),
        ("07-07", "would be empty"),
    ],
)
def test_bad_hour_ranges_are_explained(text: str, complaint: str) -> None:
    with pytest.raises(BadRequest) as refused:
        parse_hour_range(text)
    assert complaint in str(refused.value)
    assert "quiet:22-07" in str(refused.value)


@pytest.mark.parametrize("text", ["off", "OFF", " none "])
def test_off_words(text: str) -> None:
    assert is_off(text)


def test_time_zones_are_read_in_any_case() -> None:
    assert parse_time_zone("europe/berlin") == "Europe/Berlin"
    assert parse_time_zone(" UTC ") == "UTC"


@pytest.mark.parametrize(
    ("text", "suggestion"),
    [("Europe/Berln", "Did you mean Europe/Berlin"), ("Europe", ""), ("../etc/passwd", "")],
)
def test_unknown_time_zones_are_explained(text: str, suggestion: str) -> None:
    with pytest.raises(BadRequest) as refused:
        parse_time_zone(text)
    message = str(refused.value)
    assert f"'{text}' is not a time zone I know" in message
    assert suggestion in message
    assert "Europe/Berlin, America/New_York" in message


def test_time_zone_choices_match_what_was_typed() -> None:
    choices = zone_choices("berl")
    assert choices == ["Europe/Berlin"]
    assert zone_choices("America/")[:2] == ["America/Adak", "America/Anchorage"]
    assert len(zone_choices("")) == 25


# -- when quiet hours hold and end -----------------------------------------------------------


def test_across_midnight_in_winter() -> None:
    # Berlin is UTC+1 in January: quiet from 21:00 to 06:00 UTC.
    assert not BERLIN_NIGHTS.contains(utc(2026, 1, 10, 20, 59))
    assert BERLIN_NIGHTS.contains(utc(2026, 1, 10, 21, 0))
    assert BERLIN_NIGHTS.release(utc(2026, 1, 10, 21, 30)) == utc(2026, 1, 11, 6, 0)
    assert BERLIN_NIGHTS.release(utc(2026, 1, 11, 2, 0)) == utc(2026, 1, 11, 6, 0)
    assert BERLIN_NIGHTS.release(utc(2026, 1, 11, 6, 0)) == utc(2026, 1, 11, 6, 0)


def test_across_midnight_in_summer() -> None:
    # UTC+2 in July: quiet from 20:00 to 05:00 UTC.
    assert BERLIN_NIGHTS.release(utc(2026, 7, 10, 20, 0)) == utc(2026, 7, 11, 5, 0)
    assert BERLIN_NIGHTS.release(utc(2026, 7, 10, 19, 59)) == utc(2026, 7, 10, 19, 59)


def test_a_range_within_one_day() -> None:
    siesta = QuietHours(time(13), time(15, 30), "Europe/Madrid")
    assert siesta.release(utc(2026, 1, 10, 11, 59)) == utc(2026, 1, 10, 11, 59)
    assert siesta.release(utc(2026, 1, 10, 12, 0)) == utc(2026, 1, 10, 14, 30)
    assert not siesta.contains(utc(2026, 1, 10, 14, 30))


def test_the_same_moment_in_different_time_zones() -> None:
    moment = utc(2026, 1, 10, 15, 0)  # 16:00 in Berlin, 00:00 in Tokyo, 10:00 in New York
    tokyo = QuietHours(time(22), time(7), "Asia/Tokyo")
    new_york = QuietHours(time(22), time(7), "America/New_York")
    assert not BERLIN_NIGHTS.contains(moment)
    assert tokyo.release(moment) == utc(2026, 1, 10, 22, 0)  # 07:00 in Tokyo
    assert not new_york.contains(moment)
    assert new_york.release(utc(2026, 1, 11, 4, 0)) == utc(2026, 1, 11, 12, 0)


def test_the_short_night_when_clocks_go_forward() -> None:
    # 29 March 2026: Berlin goes from UTC+1 to UTC+2 at 01:00 UTC, so the night 22-07 is
    # 21:00 to 05:00 UTC.
    assert BERLIN_NIGHTS.contains(utc(2026, 3, 28, 21, 0))
    assert BERLIN_NIGHTS.release(utc(2026, 3, 28, 23, 0)) == utc(2026, 3, 29, 5, 0)
    assert not BERLIN_NIGHTS.contains(utc(2026, 3, 29, 5, 0))


def test_the_long_night_when_clocks_go_back() -> None:
    # 25 October 2026: back from UTC+2 to UTC+1 at 01:00 UTC: the night is 20:00 to 06:00 UTC.
    assert BERLIN_NIGHTS.contains(utc(2026, 10, 24, 20, 0))
    assert BERLIN_NIGHTS.release(utc(2026, 10, 24, 21, 0)) == utc(2026, 10, 25, 6, 0)
    assert BERLIN_NIGHTS.contains(utc(2026, 10, 25, 5, 59))


def test_an_end_the_clocks_jump_over_is_the_jump() -> None:
    # 02:30 does not exist in Berlin on 29 March 2026 (02:00 CET becomes 03:00 CEST).
    early_end = QuietHours(time(23), time(2, 30), "Europe/Berlin")
    assert early_end.release(utc(2026, 3, 28, 23, 0)) == utc(2026, 3, 29, 1, 0)


def test_an_end_the_clocks_show_twice_is_the_first_one_ahead() -> None:
    # 02:30 comes twice in Berlin on 25 October 2026: at 00:30 and at 01:30 UTC.
    early_end = QuietHours(time(23), time(2, 30), "Europe/Berlin")
    assert early_end.release(utc(2026, 10, 24, 22, 0)) == utc(2026, 10, 25, 0, 30)
    # 01:10 UTC reads 02:10 (the second time): quiet again until the second 02:30.
    assert early_end.release(utc(2026, 10, 25, 1, 10)) == utc(2026, 10, 25, 1, 30)


def test_new_york_changes_on_its_own_date() -> None:
    # 8 March 2026 in New York (UTC-5 → UTC-4); Berlin has not changed yet.
    nights = QuietHours(time(22), time(7), "America/New_York")
    assert nights.release(utc(2026, 3, 8, 4, 0)) == utc(2026, 3, 8, 11, 0)
    assert nights.release(utc(2026, 3, 7, 4, 0)) == utc(2026, 3, 7, 12, 0)
