from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.guides import clear_cache


@pytest.fixture(autouse=True)
def fresh_guides() -> Iterator[None]:
    """Every test reads the guides from the engine's data as it is during that test."""
    clear_cache()
    yield
    clear_cache()
