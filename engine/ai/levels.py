"""The bot levels: how much a bot searches and how it turns its heuristics into a choice.

`random` plays a uniformly random legal action. `easy` searches nothing: it samples from the
game's move-ordering policy (softmax of its logits), so it plays plausible but shallow moves.
`normal` and `strong` run the search (search.py) with the number of iterations the game's
heuristics set for the level; `strong` also looks at more candidate actions per node.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.errors import EngineError


@dataclass(frozen=True)
class Level:
    name: str
    #: Whether the search runs at all (`random` and `easy` decide from the policy alone).
    searches: bool
    #: Candidate actions per node before widening, best logits first.
    width: int = 8
    #: Further candidates per square root of a node's visits (progressive widening).
    widening: float = 1.0
    #: Softmax temperature of the policy (`easy`); 0 plays the best logit.
    temperature: float = 1.0
    #: PUCT exploration constant.
    exploration: float = 1.0


LEVELS: dict[str, Level] = {
    "random": Level("random", searches=False),
    "easy": Level("easy", searches=False, temperature=1.0),
    "normal": Level("normal", searches=True, width=6, widening=1.0),
    "strong": Level("strong", searches=True, width=10, widening=1.5),
}


class UnknownLevel(EngineError):
    def __init__(self, name: str) -> None:
        super().__init__(f"There is no bot level '{name}'. Levels: {', '.join(LEVELS)}.")


def level(name: str) -> Level:
    """The level called `name`; raises UnknownLevel naming the known ones."""
    try:
        return LEVELS[name.strip().lower()]
    except KeyError:
        raise UnknownLevel(name) from None
