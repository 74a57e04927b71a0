"""Terramara: VP so far, plus what the tribe's engine will still bring in the rounds left.

A seat's evaluation is its score if the game ended now (the game's own "VP so far": tokens,
artifacts, military ranking, road end, outposts, resources) plus, for every round still to
come, what grows it: each worker level turns a raw tile (½ VP) into a processed one (1 VP)
once a round, each member of the tribe is one placement a round, and an artifact with a
permanent or once-a-round effect keeps paying; and each member still at home this round is
the placement it will still make. (Counting only the chief at home, as this module first
did, made the chief's placement look like a loss of up to 6 points and every round's end a
drop, swings a deeper search chases.) Progress that scores only later counts by the step:
culture (more river slots, the milestones' bonus tiles) and the carts' way down the road
(bonus tiles, outposts, 8 / 5 / 3 VP at its end); military a little, beyond the ranking the
score already holds. Each of these is a rough average, not an exact worth.

Move ordering by kind: crafting first, then conversions and placements, ending a turn or
declining a decision last. Two decisions are pruned: a worker's or the hut's conversions
are never declined while a raw tile can be turned (a processed tile is worth more and
stands in for its raw kind everywhere), and a cart never stops short while it can move
(carts never go back, and every node pays or leads on).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from engine.core.game import Game
from engine.games.terramara.board import RIVER_END, ROUNDS, progress
from engine.games.terramara.content import ARTIFACTS
from engine.games.terramara.state import Seat, TerramaraState

from .base import Heuristics

#: Per round still to come: a worker level (one raw tile turned), a member of the tribe (one
#: placement), an artifact with a lasting effect.
WORKER_LEVEL_ROUND = 0.5
MEMBER_ROUND = 3.0
#: A member still at home this round: the placement it will still make.
MEMBER_AT_HOME = 3.0
LASTING_ARTIFACT_ROUND = 0.75
#: Per step that scores only later: culture, a cart's progress (half a road step), military.
CULTURE_STEP = 0.4
CART_PROGRESS = 0.3
MILITARY_STEP = 0.15
#: This round's unused workers still turn a tile each level.
UNUSED_WORKER_LEVEL = 0.4
#: Move-ordering logits by the action's first word.
KIND_LOGITS: dict[str, float] = {
    "craft": 3.0,
    "cvt": 2.0,
    "worker": 1.5,
    "use": 1.5,
    "pay": 1.0,
    "take": 1.0,
    "road": 1.0,
    "place": 1.0,
    "pick": 0.5,
    "trade": 0.5,
    "reserve": 0.0,
    "swap": 0.0,
    "give": 0.0,
    "raid": 0.5,
    "start": 0.5,
    "turn": 0.0,
    "neutral": 0.0,
    "done": -0.5,
    "stop": -1.5,
}
#: Declining these decisions is pruned while another answer exists (see the docstring).
NEVER_DECLINED = ("cvt", "road")


def rounds_left(state: TerramaraState) -> int:
    """Whole rounds still to come after the current one."""
    return max(0, ROUNDS - max(state.round, 1))


def lasting(key: str) -> bool:
    card = ARTIFACTS[key]
    return bool(card.permanent or card.per_round)


def placements_value(state: TerramaraState, player: Seat) -> float:
    """The placements the seat's members will still make: the chief's and every scout's in
    each round to come, and this round's by the members still at home. Unchanged when a round
    ends and the members come home, so that the search sees no swing there."""
    return (
        rounds_left(state) * MEMBER_ROUND * (1 + player.scouts)
        + MEMBER_AT_HOME * player.members_left
    )


def engine_value(state: TerramaraState, player: Seat) -> float:
    """What the seat's workers, members, artifacts and unscored progress are still worth."""
    if player.resigned:
        return 0.0
    left = rounds_left(state)
    unused = sum(player.workers) - sum(player.used)
    return (
        left * WORKER_LEVEL_ROUND * sum(player.workers)
        + placements_value(state, player)
        + left * LASTING_ARTIFACT_ROUND * sum(1 for key in player.artifacts if lasting(key))
        + UNUSED_WORKER_LEVEL * unused
        + CULTURE_STEP * min(player.culture, RIVER_END)
        + CART_PROGRESS * sum(progress(cart) for cart in player.carts)
        + MILITARY_STEP * player.military
    )


class TerramaraHeuristics(Heuristics):
    scale: ClassVar[float] = 8.0
    iterations: ClassVar[Mapping[str, int]] = {"easy": 0, "normal": 150, "strong": 600}

    def evaluate(self, game: Game[Any], state: TerramaraState, bot: int) -> list[float]:
        scores = game.scores(state)
        return [
            float(points) + engine_value(state, player)
            for points, player in zip(scores, state.seats, strict=True)
        ]

    def candidates(
        self, game: Game[Any], state: TerramaraState, seat: int, actions: list[str]
    ) -> list[str]:
        """Every answer but `stop` where a conversion or a cart's step is on offer."""
        if "stop" in actions and any(a.split()[0] in NEVER_DECLINED for a in actions):
            return [a for a in actions if a != "stop"]
        return actions

    def logits(
        self, game: Game[Any], state: TerramaraState, seat: int, actions: Sequence[str]
    ) -> list[float]:
        values = []
        for action in actions:
            words = action.split()
            value = KIND_LOGITS.get(words[0], 0.0)
            if words[0] in ("take", "give") and len(words) == 2:
                # Take a processed tile (upper case) rather than a raw one; give the raw.
                processed = words[1].isupper()
                value += 0.5 if processed == (words[0] == "take") else -0.5
            elif words[0] == "place" and words[1] == "scout":
                value += 0.25  # scouts first: the chief closes a space but is one member
            values.append(value)
        return values
