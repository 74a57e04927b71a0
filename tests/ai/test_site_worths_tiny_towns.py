"""Tiny Towns' `strong` credits a building with what its card scores where its shape lies, as
the rulebook counts it (`SiteWorths`), not with a fixed worth: a Millstone only beside a red
or yellow building, a Cottage only where something can feed it, a Granary only for the hungry
cottages around it."""

from __future__ import annotations

import pytest

from engine.ai.heuristics.tiny_towns import (
    FEEDER_HOPE,
    SITE_HOPE,
    SiteWorths,
    growth,
    signature,
)
from tests.games.tiny_towns import helpers as tt

OFFER = ("cottage", "farm", "millstone", "chapel", "tavern", "bakery", "warehouse")


def sites(
    layout: str, offer: tuple[str, ...] = OFFER, fed: frozenset[int] = frozenset()
) -> SiteWorths:
    cells = tt.cells(layout)
    return SiteWorths(cells, offer, fed, *signature(cells))


def mask(*names: str) -> int:
    return sum(1 << tt.at(name) for name in names)


def test_a_millstone_pays_only_beside_a_red_or_yellow_building() -> None:
    town = sites("farm . . . . . . . . . . . chapel chapel chapel chapel")
    assert town.worth("millstone", mask("B1", "C1"), 1.5) == 2.0  # B1 is beside the Farm
    assert town.worth("millstone", mask("C2", "D2"), 1.5) == SITE_HOPE  # room for one later
    # walled in by chapels: no red or yellow building can ever stand beside it
    walled = sites("chapel chapel chapel chapel chapel . . chapel" + " chapel" * 8)
    assert walled.worth("millstone", mask("B2", "C2"), 1.5) == 0.0


def test_a_cottage_is_worth_its_three_points_only_where_it_can_be_fed() -> None:
    with_farm = sites("farm . . . . . . . . . . . . . . .")
    assert with_farm.worth("cottage", mask("A2", "B2", "B3"), 2.5) == 3.0
    half_empty = sites(" ".join("." * 16))
    assert half_empty.worth("cottage", mask("A2", "B2", "B3"), 2.5) == pytest.approx(
        3.0 * FEEDER_HOPE
    )
    # nearly full, no Farm built and no room left for one: the cottage will stay hungry
    crowded = sites("chapel chapel chapel chapel chapel . . chapel . chapel" + " chapel" * 6)
    assert crowded.worth("cottage", mask("B2", "C2", "A3"), 2.5) == 0.0


def test_a_granary_feeds_only_the_hungry_cottages_around_it() -> None:
    offer = ("cottage", "granary", "millstone", "chapel", "tavern", "bakery", "warehouse")
    town = sites("cottage cottage . . . . . . . . . . . . . .", offer)
    assert town.worth("granary", mask("A2", "B2", "A3", "B3"), 3.5) == 1.0 + 3 * 2
    assert town.worth("granary", mask("C3", "D3", "C4", "D4"), 3.5) == 1.5


def test_site_worths_change_what_the_town_grows_into() -> None:
    """The same wood and stone, beside a Farm or in a far corner: the bare evaluation credits
    both Millstones alike, the site worths only the one that will score."""
    cards = list(OFFER)
    beside = tt.cells("farm W S . . . . . . . . . . . . .")
    far = tt.cells("farm . . . . . . . . . . . . . W S")
    assert growth(beside, cards, frozenset()) == pytest.approx(growth(far, cards, frozenset()))
    assert growth(beside, cards, frozenset(), True) > growth(far, cards, frozenset(), True)
