"""Every action space of a game, from its layout and player count (cached per layout).

Space ids: home spaces by their tile's name (`recruit`, `improve-travel`, `raid-start`, …),
territory spaces `RT2-1 b`, crossroad spaces `X-5`, special spaces `SA-W`. The own hut is no
board space; the Surveyor's own crossroad space has the id of its crossroad (`X-2`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Literal

from .content import (
    CROSSROADS,
    SPECIALS,
    TERRITORIES,
    home_spaces_for,
)
from .effects import Step

SpaceKind = Literal["home", "territory", "crossroad", "special"]


@dataclass(frozen=True)
class Space:
    id: str
    kind: SpaceKind
    row: int
    single: bool = False
    once: bool = False
    actions: tuple[str, ...] = ()
    merge: str = "one"
    tile: str = ""
    letter: str = ""
    terrain: str = ""
    text: str = ""
    effect: tuple[Step, ...] = ()
    #: Small territory spaces are numbered 1–4 across a row for fire (left a, b, right a, b).
    fire_number: int = 0
    condition: str = ""
    threshold: int = 0

    @property
    def capacity(self) -> int:
        return 1 if self.single else 2


@dataclass(frozen=True)
class Layout:
    spaces: dict[str, Space]
    #: Home action (`raid`) → the home space that offers it for this player count.
    home_of_action: dict[str, str]
    territory_rows: dict[int, tuple[str, ...]]
    #: What a placement may name: (name, space, home action), home spaces first.
    targets: tuple[tuple[str, Space, str], ...]


@cache
def layout(left: tuple[str, ...], right: tuple[str, ...], count: int) -> Layout:
    spaces: dict[str, Space] = {}
    home_of_action: dict[str, str] = {}
    for home in home_spaces_for(count):
        spaces[home.id] = Space(
            home.id, "home", 0, home.single, home.once, home.actions, home.merge
        )
        for action in home.actions:
            home_of_action[action] = home.id
    rows: dict[int, tuple[str, ...]] = {}
    for row in range(1, len(left) + 1):
        ids: list[str] = []
        for side, tile_id in enumerate((left[row - 1], right[row - 1])):
            tile = TERRITORIES[tile_id]
            for index, space in enumerate(tile.spaces):
                key = f"{tile_id} {space.letter}"
                fire = 0 if space.large else 2 * side + index + 1
                spaces[key] = Space(
                    key,
                    "territory",
                    row,
                    single=space.single,
                    tile=tile_id,
                    letter=space.letter,
                    terrain=tile.terrain,
                    text=space.text,
                    effect=space.effect,
                    fire_number=fire,
                )
                ids.append(key)
        rows[row] = tuple(ids)
        back = TERRITORIES[right[row - 1]].back
        if back in CROSSROADS:
            spaces[back] = crossroad_space(back, row)
        elif back in SPECIALS:
            special = SPECIALS[back]
            spaces[back] = Space(
                back,
                "special",
                row,
                tile=right[row - 1],
                text=special.text,
                effect=special.effect,
                condition=special.condition,
                threshold=special.threshold,
            )
    targets = [(f"home {action}", spaces[key], action) for action, key in home_of_action.items()]
    targets += [(key, space, "") for key, space in spaces.items() if space.kind != "home"]
    return Layout(spaces, home_of_action, rows, tuple(targets))


@cache
def crossroad_space(key: str, row: int) -> Space:
    crossroad = CROSSROADS[key]
    return Space(key, "crossroad", row, text=crossroad.text, effect=crossroad.effect)
