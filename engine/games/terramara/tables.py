"""The content tables of docs/games/terramara.md, generated from the data.

The document holds the generated block between BEGIN and END; a test compares it with
`content_tables()`, so the documentation and the data cannot drift apart. To refresh the
document after changing the data: `python -m tests.games.terramara.test_docs`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .board import (
    END_SLOTS,
    MILITARY_PLACES,
    OUTPOST_VP,
    POWER_ZONES,
    RAID_DIVISORS,
    RIVER_BONUS_LEVELS,
    ROAD_BONUS_LEVELS,
    ROUND_WORKER_LEVELS,
    WORKER_TILES,
    river_slots,
)
from .content import (
    ARTIFACTS,
    BONUS_TILES,
    CROSSROADS,
    HOME_ACTIONS,
    HOME_TILES,
    OUTPOSTS,
    PERSONS,
    SPECIALS,
    START_CARDS,
    TERRITORIES,
    TILE_OF_BACK,
)

BEGIN = "<!-- content tables: generated from engine/games/terramara/data, do not edit -->"
END = "<!-- end of generated content tables -->"


def _table(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def content_tables() -> str:
    parts = [
        BEGIN,
        "",
        "### Home tiles",
        "",
        _table(
            ["tile", "players", "spaces"],
            (
                (
                    tile.id,
                    " ".join(str(c) for c in tile.counts),
                    " · ".join(
                        _home_space(s.id, s.actions, s.merge, s.single, s.once) for s in tile.spaces
                    ),
                )
                for tile in HOME_TILES.values()
            ),
        ),
        "",
        _table(["home action", "effect"], ((a.id, a.text) for a in HOME_ACTIONS.values())),
        "",
        "### Territories",
        "",
        _table(
            ["id", "terrain", "a (small)", "b (small)", "c (large)", "back"],
            (
                (
                    t.id,
                    t.terrain,
                    *(("single: " if s.single else "") + s.text for s in t.spaces),
                    t.back or "—",
                )
                for t in TERRITORIES.values()
            ),
        ),
        "",
        "### Outposts (easy / medium / hard = " + " / ".join(f"{vp} VP" for vp in OUTPOST_VP) + ")",
        "",
        _table(
            ["id", "on the back of", "condition", "thresholds"],
            (
                (o.id, TILE_OF_BACK[o.id], o.condition, " / ".join(str(t) for t in o.thresholds))
                for o in OUTPOSTS.values()
            ),
        ),
        "",
        "### Crossroad spaces",
        "",
        _table(
            ["id", "on the back of", "gain"],
            ((c.id, TILE_OF_BACK[c.id], c.text) for c in CROSSROADS.values()),
        ),
        "",
        "### Special action spaces (round 5)",
        "",
        _table(
            ["id", "on", "condition", "gain"],
            (
                (s.id, TILE_OF_BACK[s.id], f"{s.condition} ≥ {s.threshold}", s.text)
                for s in SPECIALS.values()
            ),
        ),
        "",
        "### Artifacts",
        "",
        _table(
            ["id", "name", "level", "cost", "VP", "effects"],
            ((a.id, a.name, a.level, a.cost_text, a.vp, a.text) for a in ARTIFACTS.values()),
        ),
        "",
        "### Bonus tiles",
        "",
        _table(["id", "level", "effect"], ((b.id, b.level, b.text) for b in BONUS_TILES.values())),
        "",
        "Road bonus spots B1–B6 take tiles of levels "
        + ", ".join(str(level) for level in ROAD_BONUS_LEVELS)
        + "; river spaces "
        + ", ".join(
            f"{space} ({' and '.join(f'level {lv}' for lv in levels)})"
            for space, levels in RIVER_BONUS_LEVELS.items()
        )
        + ".",
        "",
        "### Persons",
        "",
        _table(
            ["id", "name", "on taking", "young side", "experienced side"],
            (
                (p.id, p.name, p.on_taking, p.young_text, p.experienced_text)
                for p in PERSONS.values()
            ),
        ),
        "",
        "### Start resource cards",
        "",
        _table(["id", "gain"], ((c.id, c.text) for c in START_CARDS.values())),
        "",
        "### Board",
        "",
        _table(
            ["what", "values"],
            [
                ("power zones (first space of levels 1–4)", " / ".join(map(str, POWER_ZONES))),
                (
                    "raid divisor by victim level − raider level",
                    ", ".join(f"{d:+d}: {n}" for d, n in sorted(RAID_DIVISORS.items())),
                ),
                (
                    "river slots reached by canoe space",
                    ", ".join(f"{c}: {river_slots(c)}" for c in (0, 1, 3, 5, 7, 9, 11)),
                ),
                ("road end slots", " / ".join(map(str, END_SLOTS)) + " / …"),
                ("military ranking", " / ".join(map(str, MILITARY_PLACES))),
                (
                    "workers on the round track",
                    ", ".join(
                        f"round {r}: 2 × level {lv}" for r, lv in enumerate(ROUND_WORKER_LEVELS, 1)
                    ),
                ),
                ("worker tiles by level", " / ".join(map(str, WORKER_TILES))),
            ],
        ),
        "",
        END,
    ]
    return "\n".join(parts)


def _home_space(key: str, actions: Sequence[str], merge: str, single: bool, once: bool) -> str:
    joined = ("+" if merge == "both" else "/").join(actions)
    flags = [flag for flag, on in (("single", single), ("once per round", once)) if on]
    return f"{key} = {joined}" + (f" ({', '.join(flags)})" if flags else "")


def replace_block(document: str) -> str:
    """The document with its generated block replaced by the current tables."""
    start = document.index(BEGIN)
    end = document.index(END) + len(END)
    return document[:start] + content_tables() + document[end:]
