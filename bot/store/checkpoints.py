"""The positions a table keeps (checkpoints), so that no action row needs the whole state
before it: any earlier position is the nearest checkpoint at or before it with the logged
actions after it played again (a game is exactly replayable — its randomness lives in the
state; the service replays, bot/service/positions.py).

Kept, each as zlib-compressed JSON (migration 0011):

- the start (position 0), for as long as the table exists: replays of a whole game start
  there;
- while the table runs, the position after its last action that revealed something — no undo
  reaches back past it, so every position undo can restore is at or after it — and every
  `CHECKPOINT_EVERY`-th position after that, so an undo replays fewer than that many actions.

A revealing action drops the checkpoints before it (but the start); the end of a game (or
its abandoning) drops all but the start; an undo drops those after the position it restores.
These writes run inside the transaction of the change they follow.
"""

from __future__ import annotations

from .database import Transaction
from .values import stored_state

#: How many positions apart checkpoints are kept after the last revealing action. An undo
#: replays fewer than this many actions (Terra Nova's ~300 µs each: under 10 ms); each
#: compressed state (~0.4–0.9 KB) costs the log 32 times less per action (~12–29 bytes).
CHECKPOINT_EVERY = 32


async def keep_start(db: Transaction, table_id: int, state_json: str) -> None:
    """The table has started at `state_json`."""
    await _keep(db, table_id, 0, state_json)


async def keep_after_action(
    db: Transaction,
    table_id: int,
    number: int,
    state_json: str,
    *,
    reveals: bool,
    finished: bool,
) -> None:
    """Action `number` has been logged and led to `state_json`."""
    if finished or reveals:
        await drop_all_but_start(db, table_id)
    if not finished and (reveals or number % CHECKPOINT_EVERY == 0):
        await _keep(db, table_id, number, state_json)


async def drop_all_but_start(db: Transaction, table_id: int) -> None:
    """The table no longer runs, so no undo will come: only the start stays."""
    await db.execute("DELETE FROM checkpoints WHERE table_id = ? AND number > 0", (table_id,))


async def drop_after(db: Transaction, table_id: int, number: int) -> None:
    """The actions after position `number` were taken back: so were the positions after it."""
    await db.execute(
        "DELETE FROM checkpoints WHERE table_id = ? AND number > ?", (table_id, number)
    )


async def _keep(db: Transaction, table_id: int, number: int, state_json: str) -> None:
    await db.execute(
        "INSERT INTO checkpoints (table_id, number, state) VALUES (?, ?, ?) "
        "ON CONFLICT (table_id, number) DO UPDATE SET state = excluded.state",
        (table_id, number, stored_state(state_json)),
    )
