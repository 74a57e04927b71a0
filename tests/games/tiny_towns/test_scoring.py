"""Final scoring: every building card's points, the rulebook's examples and Ronja's town."""

from __future__ import annotations

import pytest

from engine.games.tiny_towns.board import NAMES

from .helpers import GAME, OFFER, fed, points, position, score, town

RONJA = """
    cottage   well    cottage tavern
    cottage   cottage well    tavern
    farm      bakery  chapel  tavern
    warehouse .       .       cottage
"""


def test_ronjas_town_scores_28_line_by_line() -> None:
    result = score(RONJA, held={"A4": ["wood", "brick", "stone"]})
    lines = {line.what: (line.count, line.points) for line in result.lines}
    assert lines == {
        "cottage": (5, 12),
        "farm": (1, 0),
        "well": (2, 5),
        "chapel": (1, 4),
        "tavern": (3, 9),
        "bakery": (1, 3),
        "warehouse": (1, -3),
        "empty": (2, -2),
    }
    assert result.total == 28
    assert len(result.fed) == 4


def test_resources_left_in_the_town_count_as_empty_squares() -> None:
    assert score(". W H B G S cottage . . . . . . . . .").empty == 15
    assert score(". W H B G S cottage . . . . . . . . .").total == -15


# -- cottages and feeding ------------------------------------------------------------------------


def test_a_cottage_scores_3_only_when_fed() -> None:
    assert points("cottage . . . . . . . . . . . . . . .", "cottage") == 0
    assert points("cottage farm . . . . . . . . . . . . . .", "cottage") == 3


def test_a_farm_feeds_four_cottages_anywhere() -> None:
    town = "cottage . . cottage  . farm . .  . . . .  cottage . cottage cottage"
    assert len(fed(town)) == 4
    assert points(town, "cottage") == 12
    two_farms = town.replace(". farm . .", ". farm farm .")
    assert fed(two_farms) == ["A1", "A4", "C4", "D1", "D4"]


def test_a_granary_feeds_the_eight_squares_around_it_only() -> None:
    town = """
        cottage cottage cottage cottage
        cottage granary cottage cottage
        cottage cottage cottage cottage
        cottage .       .       .
    """
    assert fed(town) == ["A1", "A2", "A3", "B1", "B3", "C1", "C2", "C3"]


def test_a_greenhouse_feeds_one_connected_group_the_largest() -> None:
    town = """
        cottage cottage .       cottage
        .       cottage .       .
        .       .       .       cottage
        greenhouse .    cottage .
    """
    assert fed(town) == ["A1", "B1", "B2"]  # diagonal cottages do not join a group
    two_greenhouses = """
        cottage    cottage .       cottage
        .          cottage .       .
        greenhouse .       .       cottage
        greenhouse .       cottage .
    """
    assert len(fed(two_greenhouses)) == 4
    assert {"A1", "B1", "B2"} <= set(fed(two_greenhouses))


def test_an_orchard_feeds_its_row_and_column() -> None:
    town = """
        cottage cottage cottage cottage
        cottage orchard cottage cottage
        cottage cottage cottage cottage
        .       cottage .       .
    """
    assert fed(town) == ["A2", "B1", "B3", "B4", "C2", "D2"]


def test_feeding_is_chosen_to_score_most_temples_want_their_cottages_fed() -> None:
    town = """
        cottage cottage cottage .
        cottage cottage .       .
        farm    .       cottage temple
        .       .       .       cottage
    """
    assert "C3" in fed(town) and "D4" in fed(town)
    assert points(town, "temple") == 4
    assert points(town, "cottage") == 12


def test_barrett_castle_counts_as_two_cottages_for_farms_wells_chapels_and_ties() -> None:
    town = "barrett-castle farm cottage cottage  well chapel cottage . . . . . . . . ."
    result = score(town)
    lines = {line.what: line.points for line in result.lines}
    # the Farm's 4: the castle (2) and two cottages, or three cottages and no castle
    assert lines["barrett-castle"] + lines["cottage"] == 11
    assert lines["chapel"] == 4
    assert lines["well"] == 2
    assert result.cottages == 5


# -- gray ----------------------------------------------------------------------------------------


def test_fountain_scores_2_next_to_another_fountain_not_diagonally() -> None:
    assert points("fountain fountain . . . . . . . . . . . . . .", "fountain") == 4
    assert points("fountain . . . . fountain . . . . . . . . . .", "fountain") == 0


def test_fountain_needs_another_fountain_not_just_any_gray_building() -> None:
    # The German rulebook says another Fountain (some English sources say a gray building).
    assert points("fountain well shed . . . . . . . . . . . . .", "fountain") == 0


def test_millstone_scores_2_next_to_a_red_or_yellow_building() -> None:
    assert points("millstone farm . . . . . . . . . . . . . .", "millstone") == 2
    assert points("millstone bakery . . farm . . . . . . . . . . .", "millstone") == 2
    assert points("millstone tavern . . . farm . . . . . . . . . .", "millstone") == 0


def test_shed_scores_1() -> None:
    assert points("shed shed . . . . . . . . . . . . . .", "shed") == 2


def test_well_scores_1_per_neighbouring_cottage_fed_or_not() -> None:
    assert points(". cottage . .  cottage well cottage .  . cottage . .  . . . .", "well") == 4
    assert points("cottage . . . . well . . . . . . . . . .", "well") == 0


# -- orange --------------------------------------------------------------------------------------


def test_abbey_scores_3_unless_next_to_black_green_or_yellow() -> None:
    assert points("abbey farm . . cottage . . . . . . . . . . .", "abbey") == 3
    for neighbour in ("tavern", "bakery", "factory"):
        assert points(f"abbey {neighbour} . . . . . . . . . . . . . .", "abbey") == 0


def test_chapel_scores_1_per_fed_cottage_each() -> None:
    town = "chapel chapel cottage cottage  cottage farm . .  . . . .  . . . cottage"
    assert points(town, "chapel") == 8


def test_cloister_scores_per_cloister_in_a_corner_rulebook_example() -> None:
    town = "cloister . . cloister  . cloister . .  . . . .  . . . ."
    assert points(town, "cloister") == 6  # 2 in corners, 1 inside: 2 points each


def test_temple_needs_two_fed_cottages_next_to_it() -> None:
    assert points("cottage temple cottage farm . . . . . . . . . . . .", "temple") == 4
    assert points("cottage temple cottage . . . . . . . . . . . . .", "temple") == 0
    assert points("cottage temple . farm . . . . . . . . . . . .", "temple") == 0


def test_temple_next_to_a_fed_barrett_castle_counts_two_fed_cottages() -> None:
    assert points("barrett-castle temple farm . . . . . . . . . . . . .", "temple") == 4
    assert points("barrett-castle temple . . . . . . . . . . . . . .", "temple") == 0


# -- green ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("count", "expected"), [(1, -1), (2, 5), (3, -3), (4, 15), (5, -5), (6, 26), (7, 26)]
)
def test_almshouses_score_together_by_count(count: int, expected: int) -> None:
    town = " ".join(["almshouse"] * count + ["."] * (16 - count))
    assert points(town, "almshouse") == expected


@pytest.mark.parametrize(("count", "expected"), [(1, 2), (2, 5), (3, 9), (4, 14), (5, 20), (6, 20)])
def test_taverns_score_together_by_count(count: int, expected: int) -> None:
    town = " ".join(["tavern"] * count + ["."] * (16 - count))
    assert points(town, "tavern") == expected


def test_feast_hall_bonus_needs_strictly_more_than_the_player_on_the_right() -> None:
    town = "feast-hall feast-hall . . . . . . . . . . . . . ."
    assert points(town, "feast-hall", right_feast_halls=1) == 6
    assert points(town, "feast-hall", right_feast_halls=2) == 4
    assert points(town, "feast-hall", right_feast_halls=3) == 4


def test_inn_scores_3_only_alone_in_its_row_and_column() -> None:
    assert points("inn . . . . inn . . . . inn . . . . inn", "inn") == 12
    assert points("inn . . inn . . . . . . . . . . . .", "inn") == 0
    assert points("inn . . . . . . . inn . . . . . . .", "inn") == 0


# -- yellow --------------------------------------------------------------------------------------


def test_bakery_scores_3_next_to_a_red_or_black_building() -> None:
    assert points("bakery farm . . . . . . . . . . . . . .", "bakery") == 3
    assert points("bakery . . . factory . . . . . . . . . . .", "bakery") == 3
    assert points("bakery tavern . . . farm . . . . . . . . . .", "bakery") == 0


def test_market_counts_the_better_of_its_row_and_its_column() -> None:
    town = "market market market .  market . . .  . . . .  . . . ."
    # A1: row has 2 others, column 1 -> 3; B1, C1: row 2 -> 3; A2: column 1, row 0 -> 2
    assert points(town, "market") == 3 + 3 + 3 + 2


def test_tailor_rulebook_example_two_in_the_centre_one_at_the_edge() -> None:
    town = ". . . .  . tailor tailor .  tailor . . .  . . . ."
    assert points(town, "tailor") == 9


def test_theater_counts_other_types_in_its_row_and_column_rulebook_example() -> None:
    # The rulebook's example: three types beside it in its row, and in its column two buildings
    # of one of those types and one of another of them: 3 points, a type counts once.
    town = """
        farm    .       .       .
        theater cottage well    farm
        farm    .       .       .
        cottage .       .       .
    """
    assert points(town, "theater") == 3
    column = "theater . . .  farm . . .  farm . . .  cottage . . ."
    assert points(column, "theater") == 2


def test_theater_ignores_theaters_and_counts_a_monument_barrett_castle_as_cottage() -> None:
    assert points("theater theater cathedral . . . . . . . . . . . . .", "theater") == 2
    assert points("theater cottage barrett-castle . . . . . . . . . . . . .", "theater") == 1


# -- black ---------------------------------------------------------------------------------------


def test_black_buildings() -> None:
    assert points("bank . . . . . . . . . . . . . . .", "bank") == 4
    assert points("factory . . . . . . . . . . . . . . .", "factory") == 0
    assert points("trading-post . . . . . . . . . . . . . . .", "trading-post") == 1
    warehouse = "warehouse warehouse . . . . . . . . . . . . . ."
    assert points(warehouse, "warehouse", held={"A1": ["wood", "wood"], "B1": ["stone"]}) == -3


# -- monuments -----------------------------------------------------------------------------------


def test_monument_points() -> None:
    assert points("architects-guild . . . . . . . . . . . . . . .", "architects-guild") == 1
    assert points("fort-ironweed . . . . . . . . . . . . . . .", "fort-ironweed") == 7
    assert points("grove-university . . . . . . . . . . . . . . .", "grove-university") == 3
    for key in ("obelisk", "opaleyes-watch", "statue"):
        assert points(f"{key} . . . . . . . . . . . . . . .", key) == 0


def test_archive_counts_building_types_without_monuments() -> None:
    town = "archive cottage cottage farm  well . . .  . . . .  . . . ."
    assert points(town, "archive") == 3


def test_cathedral_scores_2_and_empty_squares_cost_nothing() -> None:
    result = score("cathedral . . . . . . . . . . . . . . W")
    assert result.total == 2
    assert result.empty == 15


def test_mausoleum_scores_3_per_unfed_cottage() -> None:
    assert points("mausoleum cottage cottage cottage . . . . . . . . . . . .", "mausoleum") == 9
    assert points("mausoleum cottage cottage cottage farm . . . . . . . . . . .", "mausoleum") == 0


MAUSOLEUM_TIE = """
    cottage .       .       .
    .       .       .       .
    .       .       cottage cottage
    greenhouse mausoleum cottage .
"""


def test_with_the_mausoleum_a_tie_in_points_feeds_the_most_cottages() -> None:
    """Feeding A1 or the group C3, D3, C4 scores 12 either way (3 per cottage, fed by the
    Greenhouse or unfed for the Mausoleum); the engine feeds the larger group, as promised."""
    result = score(MAUSOLEUM_TIE)
    assert sorted(NAMES[i] for i in result.fed) == ["C3", "C4", "D3"]
    lines = {line.what: (line.count, line.points) for line in result.lines}
    assert lines["cottage"] == (4, 9) and lines["mausoleum"] == (1, 3)
    assert result.total == 12 - 10  # 10 empty squares


def test_the_fed_marks_of_the_view_show_the_feeding_of_most_cottages() -> None:
    view = GAME.view(position(town(MAUSOLEUM_TIE, step="place")), None)
    squares = view["players"][0]["town"]
    assert sorted(sq["square"] for sq in squares if sq["fed"]) == ["C3", "C4", "D3"]
    assert [sq["square"] for sq in squares if sq["fed"] is False] == ["A1"]


def test_mandras_palace_scores_2_per_different_neighbouring_type() -> None:
    town = ". cottage . .  farm mandras-palace well .  . cottage . .  . . . ."
    assert points(town, "mandras-palace") == 6


def test_shrine_keeps_the_points_it_scored_when_built() -> None:
    assert points("shrine . . . . . . . . . . . . . . .", "shrine", shrine=8) == 8


def test_silva_forum_scores_1_plus_the_largest_group_of_one_type() -> None:
    town = "silva-forum tavern tavern .  . tavern . .  well well . .  . . . well"
    assert points(town, "silva-forum") == 4


def test_sky_baths_score_1_per_offered_type_missing() -> None:
    town = "sky-baths cottage farm . . . . . . . . . . . . ."
    assert points(town, "sky-baths", offer=OFFER) == 5


@pytest.mark.parametrize(("place", "expected"), [(1, 6), (2, 3), (3, 2), (4, 0)])
def test_starloom_scores_by_finishing_place(place: int, expected: int) -> None:
    assert (
        points("starloom . . . . . . . . . . . . . . .", "starloom", starloom_place=place)
        == expected
    )
