"""The option sets worth playing for every game: defaults and each non-default option that
changes the rules. The golden games (tests/golden) and the random-playout tests use them.

Each set names the player counts it is played with (some options only exist for some counts:
Terra Nova's 2-player variants, Tiny Towns' solo game and Prospectors).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.game import OptionValue

NAMES = ["alice", "bob", "carol", "dave", "erin", "frank"]


@dataclass(frozen=True)
class OptionSet:
    label: str
    counts: tuple[int, ...]
    options: dict[str, OptionValue] = field(default_factory=dict)
    #: How many golden games (different seeds) are recorded per player count.
    golden_per_count: int = 1


OPTION_SETS: dict[str, tuple[OptionSet, ...]] = {
    "terra-nova": (
        OptionSet("default", (2, 3, 4)),
        OptionSet("first-game", (2, 3, 4), {"first-game": True}),
        OptionSet("drop-out", (3, 4), {"turn-order": "drop-out"}),
        OptionSet("planner", (2,), {"variant": "planner"}),
        OptionSet("lucky-digger", (2,), {"variant": "lucky-digger"}),
        OptionSet("planner-drop-out", (2,), {"variant": "planner", "turn-order": "drop-out"}),
    ),
    "terra-nova-2006": (OptionSet("default", (2, 3, 4), golden_per_count=3),),
    "terramara": (
        OptionSet("default", (2, 3, 4)),
        OptionSet("first-game", (2, 3, 4), {"first-game": True}),
        OptionSet(
            "first-game-random-territories", (3,), {"first-game": True, "random-territories": True}
        ),
    ),
    "tiny-towns": (
        OptionSet("default", (2, 3, 4, 5, 6)),
        OptionSet("solo", (1,)),
        OptionSet("solo-first-game", (1,), {"monuments": False, "buildings": "first-game"}),
        OptionSet("no-monuments", (2, 3), {"monuments": False}),
        OptionSet("first-game", (2, 4), {"buildings": "first-game", "monuments": False}),
        OptionSet("more-storage", (2, 3), {"more-storage": True}),
        OptionSet("prospectors", (2, 4), {"prospectors": True}),
        OptionSet("prospectors-more-storage", (3,), {"prospectors": True, "more-storage": True}),
        OptionSet(
            "chosen-cards",
            (3,),
            {
                "red": "greenhouse",
                "gray": "shed",
                "orange": "temple",
                "green": "almshouse",
                "yellow": "market",
                "black": "warehouse",
            },
        ),
    ),
}


def players(count: int) -> list[str]:
    return NAMES[:count]
