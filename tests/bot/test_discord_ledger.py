"""The ledger's memory of handled interactions: repeats refused, old ids forgotten."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.store import Store
from bot.store.ledger import HANDLED_IDS_KEPT

NOON = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)


async def _stored_ids(store: Store) -> list[str]:
    rows = await store.database.fetch_all("SELECT id FROM discord_interactions ORDER BY id")
    return [row[0] for row in rows]


async def test_a_repeated_interaction_is_claimed_once(store: Store) -> None:
    ledger = store.ledger
    assert await ledger.claim_interaction(1, NOON)
    assert not await ledger.claim_interaction(1, NOON + timedelta(minutes=5))


async def test_ids_older_than_the_window_are_dropped_while_claiming(store: Store) -> None:
    ledger = store.ledger
    await ledger.claim_interaction(1, NOON)
    await ledger.claim_interaction(2, NOON + timedelta(hours=1))
    later = NOON + HANDLED_IDS_KEPT + timedelta(minutes=30)
    await ledger.claim_interaction(3, later)
    assert await _stored_ids(store) == ["2", "3"]
    assert not await ledger.claim_interaction(2, later)
