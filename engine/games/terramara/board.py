"""The board's fixed parts as data: road graph, river, military track, round track, end slots.

Rows 1–6 hold the territories (row r belongs to round r; rows 5 and 6 both to round 5, H1).
The road runs beside the rows: segment r leads from crossroad C(r-1) (the start S for r = 1)
to crossroad C(r), either straight or by a detour over the bonus spot B(r) or the outpost O(r)
(only rows 1–4 have outposts, and only once their row has been turned). C6 leads to the end E.
Every edge costs one reach.
"""

from __future__ import annotations

from functools import cache

ROWS = 6
ROUNDS = 5
OUTPOST_ROWS = 4
#: The level of the bonus tile on the road's bonus spots B1…B6.
ROAD_BONUS_LEVELS = (1, 1, 2, 2, 3, 3)
#: River spaces with a bonus tile, and the levels of the tiles lying there (F-I, F-II, F-III).
RIVER_BONUS_LEVELS: dict[int, tuple[int, ...]] = {6: (1,), 10: (2,), 14: (2, 3)}
RIVER_END = 14
RIVER_RESERVE = 4
RIVER_SCOUT = 8
RIVER_DISCOUNT = 12
RIVER_SLOTS = 8
MILITARY_END = 20
#: The first space of each power zone (shields I–IV).
POWER_ZONES = (0, 5, 10, 15)
#: Raid divisors by d = victim's level − raider's level, d clamped to −3…+3.
RAID_DIVISORS = {-3: 2, -2: 3, -1: 4, 0: 5, 1: 6, 2: 7, 3: 8}
#: End-of-road slots, best first; every later cart takes the last value.
END_SLOTS = (8, 5, 3)
MILITARY_PLACES = (8, 5, 2)
OUTPOST_VP = (2, 5, 10)
RESERVED_PENALTY = 5
#: Worker levels lying on the round track: two workers per round space.
ROUND_WORKER_LEVELS = (1, 1, 2, 2, 3)
WORKERS_PER_ROUND = 2
#: The whole worker supply (17 tiles) by level.
WORKER_TILES = (9, 5, 3)
TILES_PER_KIND = 16
WARRIORS = 4
BANNERS = 4
START_SCOUTS = 4
#: The neutral-player cards, drawn for fire spaces and neutral military.
NEUTRAL_CARDS = (1, 2, 3, 4)
#: First game (design §2.14): the fixed territory layout, rows 1–6, left and right.
FIRST_GAME_LEFT = ("LT1-1", "LT1-3", "LT2-2", "LT2-4", "LT3-1", "LT3-4")
FIRST_GAME_RIGHT = ("RT1-1", "RT1-3", "RT2-1", "RT2-4", "RT3-1", "RT3-4")
#: Levels of the territories in rows 1–6 of each column.
ROW_LEVELS = (1, 1, 2, 2, 3, 3)


def round_of_row(row: int) -> int:
    return min(row, ROUNDS)


def power_level(military: int) -> int:
    return sum(1 for start in POWER_ZONES if military >= start)


def raid_divisor(victim_level: int, raider_level: int) -> int:
    return RAID_DIVISORS[max(-3, min(3, victim_level - raider_level))]


def river_slots(culture: int) -> int:
    """How many river slots (from the left) a canoe on space `culture` reaches."""
    if culture <= 0:
        return 2
    return min(RIVER_SLOTS, 3 + (culture - 1) // 2)


def end_slot_vp(arrival: int) -> int:
    """VP of the `arrival`-th cart (0-based) to reach the end of the road."""
    return END_SLOTS[min(arrival, len(END_SLOTS) - 1)]


# -- the road ----------------------------------------------------------------------------------


def road_nodes() -> tuple[str, ...]:
    nodes = ["S"]
    for r in range(1, ROWS + 1):
        nodes.append(f"B{r}")
        if r <= OUTPOST_ROWS:
            nodes.append(f"O{r}")
        nodes.append(f"C{r}")
    nodes.append("E")
    return tuple(nodes)


ROAD_NODES = road_nodes()


@cache
def progress(node: str) -> int:
    """Twice a node's distance down the road: S 0, B(r)/O(r) 2r − 1, C(r) 2r, E 14."""
    if node == "S":
        return 0
    if node == "E":
        return 2 * ROWS + 2
    row = int(node[1:])
    return 2 * row if node[0] == "C" else 2 * row - 1


@cache
def next_nodes(node: str) -> tuple[str, ...]:
    """Where one step leads from `node` (outposts listed whether revealed or not)."""
    if node == "E":
        return ()
    if node[0] in "BO":
        return (f"C{node[1:]}",)
    row = 0 if node == "S" else int(node[1:])
    if row == ROWS:
        return ("E",)
    nxt = row + 1
    branches = [f"B{nxt}"]
    if nxt <= OUTPOST_ROWS:
        branches.append(f"O{nxt}")
    branches.append(f"C{nxt}")
    return tuple(branches)


def crossroad_progress(row: int) -> int:
    return 2 * row
