"""What a viewer cannot see, redrawn for `Game.determinize` (see engine/core/chance.py).

Hidden in Terramara: only the order of the artifact deck within each level (everybody knows
how many cards of each level are left, and that level 1 lies on level 2 on level 3), and every
later draw (neutral military, the draft's offer while neutral scouts are still placed).
"""

from __future__ import annotations

from engine.core import Chance, Rng

from .content import ARTIFACTS
from .state import TerramaraState


def resample_hidden(state: TerramaraState, viewer: int | None, chance: Chance) -> TerramaraState:
    deck: list[str] = []
    for level in (1, 2, 3):
        # Sorted first: the result must not depend on the order the viewer cannot see.
        cards = sorted(key for key in state.deck if ARTIFACTS[key].level == level)
        chance.shuffle(cards, f"the unseen level-{level} artifacts")
        deck.extend(cards)
    return state.model_copy(
        update={
            "deck": deck,
            "rng": Rng(seed=chance.below(1 << 64, "the seed of every later draw")),
        }
    )
