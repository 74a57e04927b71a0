"""Terramara: VP so far, plus what the tribe's engine will still bring in the rounds left.

A seat's evaluation is its score if the game ended now (the game's own "VP so far": tokens,
artifacts, road end, outposts, resources) plus, for every round still to come, what grows
it: each worker level turns a raw tile (½ VP) into a processed one (1 VP) once a round, each
member of the tribe is one placement a round, and an artifact with a permanent or
once-a-round effect keeps paying; and each member still at home this round is the placement
it will still make. Progress that scores only later counts by the step: culture (more river
slots, the milestones' bonus tiles) and the carts' way down the road (bonus tiles, 8 / 5 / 3
VP at its end); military a little. Each of these is a rough average, not an exact worth.

What a deeper search chased where the evaluation misjudged (each is a test in
tests/ai/test_evaluation_terramara.py):

- placements: counting only the chief at home made the chief's placement look like a loss
  and every round's end a drop; a scout sent to a later round's space looked like a free
  gain, since the rounds it misses were charged only as they came. Both count at once now.
- outposts: a cart hurrying down the road passed every outpost row before it was turned and
  gave its banners up unnoticed. An outpost a cart can still visit is credited a share of
  what a banner there will likely score, so passing it costs that share and placing the
  banner turns it into the whole; a banner is credited part of what its outpost will likely
  add by the end.
- the military ranking is volatile until the end (the neutral markers draw a card each
  round): it counts as the VP a seat may expect from its chances against every marker, not
  the ranking now.

Move ordering by kind: crafting first, then conversions and placements, ending a turn or
declining a decision last. `strong` (StrongHeuristics) also orders placements by what they
change its evaluation by at once, and takes the outposts' growth at the bots' own pace.
Two decisions are pruned: a worker's or the hut's conversions are never declined while a
raw tile can be turned (a processed tile is worth more and stands in for its raw kind
everywhere), and a cart never stops short while it can move (carts never go back, and
every node pays or leads on).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.core.game import Game
from engine.games.terramara import rules
from engine.games.terramara.board import (
    BANNERS,
    MILITARY_PLACES,
    OUTPOST_ROWS,
    OUTPOST_VP,
    RIVER_END,
    ROUNDS,
    progress,
    round_of_row,
)
from engine.games.terramara.content import ARTIFACTS, OUTPOSTS, TERRITORIES
from engine.games.terramara.scoring import final_scores
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


@dataclass(frozen=True)
class Paces:
    """How much of what an outpost asks for a tribe gains in a round: per condition, and per
    category of crafted artifacts."""

    conditions: Mapping[str, float]
    category: float

    def per_round(self, condition: str) -> float:
        return self.conditions.get(condition, self.category)


#: The pace guessed in the fourth session (`normal` keeps it).
GUESSED_PACES = Paces({"workers": 1.5, "river": 2.0, "military": 2.0, "road": 1.0}, 0.4)
#: The pace of the bots' own games (`strong`): each measure at the end of a game over its 5
#: rounds, both seats of the first three `strong` v `normal` arena games of the fifth session
#: (seed 2026; a rough fit). Every canoe reached the river's end (14); the tribes crafted
#: 11-24 artifacts (about 0.9 a category a round, not 0.4), their workers' levels came to 1-10
#: (0.9 a round, not 1.5), their military to 9-17, both carts to crossroad 1-6.
FITTED_PACES = Paces({"workers": 0.9, "river": 3.0, "military": 2.7, "road": 0.7}, 0.9)
#: The share of the growth of an outpost's score by the end that a banner is credited now.
OUTPOST_GROWTH_SHARE = 0.5
#: The share of a banner's worth credited for an outpost a cart can still visit.
OPEN_OUTPOST_SHARE = 0.6
#: A neutral marker's mean step a round (cards 1-4; 1-3 in a first game), and a tribe's.
NEUTRAL_MILITARY_ROUND = 2.5
FIRST_GAME_NEUTRAL_MILITARY_ROUND = 2.0
TRIBE_MILITARY_ROUND = 2.0
#: How far a marker's military may stray from that pace in a round (standard deviation of
#: the difference between two markers).
MILITARY_SPREAD = 2.5
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
#: How many points of a placement's immediate change of the evaluation count as one unit of
#: its move-ordering logit (`strong`).
PLACEMENT_DELTA_SCALE = 2.0
#: Declining these decisions is pruned while another answer exists (see the docstring).
NEVER_DECLINED = ("cvt", "road")


def rounds_left(state: TerramaraState) -> int:
    """Whole rounds still to come after the current one."""
    return max(0, ROUNDS - max(state.round, 1))


def lasting(key: str) -> bool:
    card = ARTIFACTS[key]
    return bool(card.permanent or card.per_round)


def rounds_away(state: TerramaraState, seat: int) -> int:
    """The rounds to come that the seat's scouts on later rounds' spaces will miss: such a
    scout comes home only at the end of its row's round (rows 5 and 6: never)."""
    now = max(state.round, 1)
    token = f"s{seat}"
    spaces = rules.board(state).spaces
    missed = 0
    for key, tokens in state.spaces.items():
        space = spaces.get(key)
        if space is not None and space.kind == "territory" and round_of_row(space.row) > now:
            missed += tokens.count(token) * (round_of_row(space.row) - now)
    return missed


def placements_value(state: TerramaraState, seat: int) -> float:
    """The placements the seat's members will still make: the chief's and every scout's in
    each round to come, but for the rounds a scout on a later round's space misses, and this
    round's by the members still at home. Unchanged when a round ends and the members come
    home, so that the search sees no swing there; a scout sent ahead costs its missed rounds
    at once, not only when they come (a search that saw them only at a round's end took
    later rounds' spaces for a free gain)."""
    player = state.seats[seat]
    return (
        MEMBER_ROUND * (rounds_left(state) * (1 + player.scouts) - rounds_away(state, seat))
        + MEMBER_AT_HOME * player.members_left
    )


def threshold_vp(thresholds: Sequence[int], measure: float) -> int:
    vp = 0
    for threshold, points in zip(thresholds, OUTPOST_VP, strict=True):
        if measure >= threshold:
            vp = points
    return vp


def banner_growth(
    state: TerramaraState, player: Seat, outpost: str, paces: Paces = GUESSED_PACES
) -> tuple[int, float]:
    """What a banner on `outpost` scores for the seat now, and the share credited of what it
    will likely score more by the end, at the pace of a usual game."""
    condition = OUTPOSTS[outpost]
    now = rules.condition_measure(player, condition.condition)
    growth = paces.per_round(condition.condition) * rounds_left(state)
    scored = threshold_vp(condition.thresholds, now)
    later = threshold_vp(condition.thresholds, now + growth)
    return scored, OUTPOST_GROWTH_SHARE * (later - scored)


def outpost_value(state: TerramaraState, player: Seat, paces: Paces = GUESSED_PACES) -> float:
    """What the outposts will still bring beyond the VP the banners score now: the growth of
    the banners placed, and a share of the best outposts a cart can still visit (while
    banners last). A cart that hurries past an outpost row gives that share up for good;
    placing a banner turns the share into the whole."""
    placed = sum(banner_growth(state, player, key, paces)[1] for key in player.banners)
    left = BANNERS - len(player.banners)
    if not left:
        return placed
    hindmost = rules.min_cart(player)
    open_worths = []
    for row in range(1, OUTPOST_ROWS + 1):
        if hindmost > 2 * row - 2:
            continue  # both carts are past the row's outpost (or on it)
        key = TERRITORIES[state.left_tiles[row - 1]].back
        if key is None or key in player.banners:
            continue
        open_worths.append(sum(banner_growth(state, player, key, paces)))
    open_worths.sort(reverse=True)
    share = OPEN_OUTPOST_SHARE
    if not rounds_left(state):  # the last round: only the placements left can bring reach
        share *= player.members_left / (1 + player.scouts)
    return placed + share * sum(open_worths[:left])


def engine_value(state: TerramaraState, seat: int, paces: Paces = GUESSED_PACES) -> float:
    """What the seat's workers, members, artifacts and unscored progress are still worth."""
    player = state.seats[seat]
    if player.resigned:
        return 0.0
    left = rounds_left(state)
    unused = sum(player.workers) - sum(player.used)
    return (
        left * WORKER_LEVEL_ROUND * sum(player.workers)
        + placements_value(state, seat)
        + left * LASTING_ARTIFACT_ROUND * sum(1 for key in player.artifacts if lasting(key))
        + UNUSED_WORKER_LEVEL * unused
        + CULTURE_STEP * min(player.culture, RIVER_END)
        + CART_PROGRESS * sum(progress(cart) for cart in player.carts)
        + MILITARY_STEP * player.military
        + outpost_value(state, player, paces)
    )


def military_outlook(state: TerramaraState) -> list[float]:
    """The military ranking's VP each seat may expect at the end, rather than the ranking
    now: every marker still moves (the neutral ones draw a card each round to come), so
    each other marker is ahead at the end with a probability that grows smoothly with its
    lead now, and the places' VP (8 / 5 / 2) are weighed by those chances. A lead of one
    early in the game is not yet a first place, and a step of military is worth something
    even where it does not change the ranking now."""
    left = rounds_left(state)
    neutral_step = FIRST_GAME_NEUTRAL_MILITARY_ROUND if state.first_game else NEUTRAL_MILITARY_ROUND
    markers = [player.military + TRIBE_MILITARY_ROUND * left for player in state.seats]
    markers += [military + neutral_step * left for military in state.neutral_military]
    spread = MILITARY_SPREAD * math.sqrt(left + 0.5)
    outlook = []
    for seat, own in enumerate(markers[: len(state.seats)]):
        # ahead[k]: the chance that exactly k other markers end strictly ahead.
        ahead = [1.0]
        for other, theirs in enumerate(markers):
            if other == seat:
                continue
            chance = 0.5 * (1 + math.erf((theirs - own) / (spread * math.sqrt(2))))
            ahead = [
                (ahead[k] if k < len(ahead) else 0.0) * (1 - chance)
                + (ahead[k - 1] * chance if k else 0.0)
                for k in range(len(ahead) + 1)
            ]
        outlook.append(
            sum(p * MILITARY_PLACES[k] for k, p in enumerate(ahead) if k < len(MILITARY_PLACES))
        )
    return outlook


class TerramaraHeuristics(Heuristics):
    scale: ClassVar[float] = 8.0
    iterations: ClassVar[Mapping[str, int]] = {"easy": 0, "normal": 150, "strong": 600}
    #: Whether placements are ordered by what they give (`strong`, see StrongHeuristics).
    ordered_placements: ClassVar[bool] = False
    #: The pace at which the outposts' conditions are expected to grow.
    paces: ClassVar[Paces] = GUESSED_PACES

    def for_level(self, name: str) -> Heuristics:
        return STRONG if name == "strong" else self

    def evaluate(self, game: Game[Any], state: TerramaraState, bot: int) -> list[float]:
        scores = final_scores(state)
        outlook = military_outlook(state)
        return [
            score.total - score.military + military + engine_value(state, seat, self.paces)
            for seat, (score, military) in enumerate(zip(scores, outlook, strict=True))
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
        if self.ordered_placements:
            self.order_placements(game, state, seat, actions, values)
        return values

    def order_placements(
        self,
        game: Game[Any],
        state: TerramaraState,
        seat: int,
        actions: Sequence[str],
        values: list[float],
    ) -> None:
        """Add to each placement's logit what it changes the seat's evaluation by at once,
        less the best placement's change, per PLACEMENT_DELTA_SCALE points."""
        placements = [i for i, action in enumerate(actions) if action.startswith("place ")]
        if len(placements) < 2:
            return
        deltas = {}
        for index in placements:
            after = game.apply(state, seat, actions[index]).state
            deltas[index] = self.evaluate(game, after, seat)[seat]
        best = max(deltas.values())
        for index, value in deltas.items():
            values[index] += (value - best) / PLACEMENT_DELTA_SCALE


class StrongHeuristics(TerramaraHeuristics):
    """`strong`'s: placements are ordered by what the evaluation sees them give at once (the
    space's goods, a scout sent ahead's missed rounds), not all alike in the rules' listing
    order, so that a node's first candidates are the spaces worth searching; and the
    outposts are valued at the pace of the bots' own games."""

    ordered_placements: ClassVar[bool] = True
    paces: ClassVar[Paces] = FITTED_PACES


STRONG = StrongHeuristics()
