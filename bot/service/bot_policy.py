"""Who a bot plays for, and when (pure: no I/O, no clock).

A seat is played by the bot
- always, if it is a bot's seat (`/addbot`) or a person's seat handed to the bot (`/replace`,
  until its player moves again or uses /return) — a short `delay` after the position changed,
  so that the channel can follow;
- for one turn at `normal`, when the table has a move clock (`/newgame clock:48h`) and has
  waited for the player longer than that (an announced absence, `/away`, changes nothing
  here: the clock alone decides).

Bots' seeds come from the table, so a bot's move can be explained and played again: the
table's seed, the number of the action and the seat (`bot_seed`).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Literal

from engine.ai import LEVELS

from ..store import SeatRecord, TableRecord

#: The level the move clock's bot plays at, and a new bot's level unless one is chosen.
CLOCK_LEVEL = "normal"
DEFAULT_LEVEL = "normal"
BOT_LEVELS = tuple(LEVELS)
#: How long a bot waits after the position changed before it plays, so that its move does
#: not arrive in the channel before the move it answers.
BOT_DELAY = timedelta(seconds=3)
#: The move clocks `/newgame clock:` accepts.
MIN_CLOCK = timedelta(hours=1)
MAX_CLOCK = timedelta(days=14)
#: The robot mark every bot's name carries (lobby, /status, history, the images' panels).
ROBOT = "🤖"
#: The robot mark as the board images draw it: their fonts have no 🤖, DejaVu has the gear.
DRAWN_ROBOT = "⚙"
#: Bots' names (with the mark), the first not taken at the table.
BOT_NAMES = ("Ada", "Alan", "Grace", "Claude", "Edsger", "Barbara", "Donald", "Frances")

Reason = Literal["bot", "covered", "clock"]


@dataclass(frozen=True, slots=True)
class BotTurn:
    """A seat the bot is to play at a table, from `due` on."""

    table_id: int
    seat: int
    level: str
    reason: Reason
    due: datetime
    #: The table's version the turn was found at (with the table and seat it names the turn
    #: in the claim that lets one process play it: `bot_runner.py`).
    version: int = 0


def bot_name(taken: Iterable[str]) -> str:
    """`🤖 Ada`, or the next name not taken at the table."""
    used = {name.casefold() for name in taken}
    for number in range(1, 100):
        for name in BOT_NAMES:
            candidate = f"{ROBOT} {name}" + ("" if number == 1 else f" {number}")
            if candidate.casefold() not in used:
                return candidate
    raise AssertionError("a table has far fewer seats than bot names")


def drawable_marks(data: Any) -> Any:
    """A view's data with every robot mark as the images can draw it (`DRAWN_ROBOT`)."""
    if isinstance(data, str):
        return data.replace(ROBOT, DRAWN_ROBOT)
    if isinstance(data, list):
        return [drawable_marks(item) for item in data]
    if isinstance(data, dict):
        return {key: drawable_marks(value) for key, value in data.items()}
    return data


def bot_seed(table_seed: int, move_number: int, seat: int, part: int = 0) -> int:
    """The seed of a bot's decision: from the table's seed, the number of actions played so
    far, the seat and the part of its turn — the same position always gets the same move."""
    digest = hashlib.blake2b(f"{table_seed}:{move_number}:{seat}:{part}".encode(), digest_size=8)
    return int.from_bytes(digest.digest(), "big") >> 1


def bot_turns(
    table: TableRecord, seats: Sequence[SeatRecord], delay: timedelta = BOT_DELAY
) -> list[BotTurn]:
    """The seats of an active table that a bot is to play, each with when it is due."""
    if table.status != "active":
        return []
    by_seat = {record.seat: record for record in seats if record.seat is not None}
    turns: list[BotTurn] = []
    for seat in sorted(table.to_act):
        record = by_seat.get(seat)
        if record is None:
            continue
        level = record.played_by_bot
        after_change = table.updated_at + delay
        if level is not None:
            reason: Reason = "bot" if record.is_bot else "covered"
            turns.append(BotTurn(table.id, seat, level, reason, after_change, table.version))
        elif table.clock is not None and table.waiting_since is not None:
            due = max(table.waiting_since + table.clock, after_change)
            turns.append(BotTurn(table.id, seat, CLOCK_LEVEL, "clock", due, table.version))
    return turns


_DURATION = re.compile(r"^\s*(\d{1,4})\s*(h|hours?|d|days?)\s*$", re.IGNORECASE)


def parse_duration(text: str) -> timedelta | None:
    """`48h`, `2d`, `36 hours` → the duration; None if the text is none of these."""
    match = _DURATION.match(text)
    if match is None:
        return None
    amount, unit = int(match[1]), match[2].lower()
    return timedelta(days=amount) if unit.startswith("d") else timedelta(hours=amount)
