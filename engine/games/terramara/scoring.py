"""Final scoring (also shown during the game as "VP so far").

Terms: VP tokens, printed artifact VP, end-game effects, the military ranking (8 / 5 / 2,
neutral markers included, ties share a place and skip the next ones), carts at the road end,
outposts with a banner (and the Surveyor's own outpost), −5 for a reserved card still held,
½ VP per raw tile (rounded down over all, H17) and 1 VP per processed tile. The tie-breaks
(further on the river, then higher military) are the game's `rank_keys`.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, computed_field

from . import rules
from .board import MILITARY_PLACES, OUTPOST_VP, RESERVED_PENALTY, power_level
from .content import ARTIFACTS, OUTPOSTS
from .state import TerramaraState


class Score(BaseModel):
    tokens: int
    artifacts: int
    effects: int
    military: int
    road: int
    outposts: int
    reserved: int
    resources: int

    @computed_field  # type: ignore[prop-decorator]
    @property
    def total(self) -> int:
        return (
            self.tokens
            + self.artifacts
            + self.effects
            + self.military
            + self.road
            + self.outposts
            + self.reserved
            + self.resources
        )


def military_ranking(values: Sequence[int]) -> list[int]:
    """VP per marker: places 8 / 5 / 2; tied markers share their place, skipping the next."""
    result = []
    for value in values:
        place = sum(1 for other in values if other > value)
        result.append(MILITARY_PLACES[place] if place < len(MILITARY_PLACES) else 0)
    return result


def outpost_vp(state: TerramaraState, seat: int, outpost: str) -> int:
    condition = OUTPOSTS[outpost]
    vp = 0
    for threshold, points in zip(condition.thresholds, OUTPOST_VP, strict=True):
        if rules.meets(state, seat, condition.condition, threshold):
            vp = points
    return vp


def outposts_of(state: TerramaraState, seat: int) -> list[tuple[str, int]]:
    """(outpost, VP) for every outpost the seat scores: banners and the Surveyor's own."""
    player = state.seats[seat]
    keys = list(player.banners)
    if player.own_outpost:
        keys.append(player.own_outpost)
    return [(key, outpost_vp(state, seat, key)) for key in keys]


def end_effects(state: TerramaraState, seat: int, best_outpost: int) -> int:
    player = state.seats[seat]
    vp = 0
    for key in player.artifacts:
        card = ARTIFACTS[key]
        for ability in card.end:
            kind = ability.kind
            if kind == "worker-vp":
                vp += ability.number() * rules.worker_levels(player)
            elif kind == "category-vp":
                vp += ability.number() * (rules.crafted_in(player, card.category) - 1)
            elif kind == "power-vp":
                vp += power_level(player.military)
            elif kind == "river-vp":
                vp += min(ability.number(), player.culture // 2)
            elif kind == "processed-vp":
                vp += min(ability.number(), sum(player.processed))
            elif kind == "outpost-again":
                vp += best_outpost
            elif kind == "cart-end-vp":
                vp += ability.number() * player.carts.count("E")
    return vp


def final_scores(state: TerramaraState) -> list[Score]:
    markers = [p.military for p in state.seats] + list(state.neutral_military)
    ranked = military_ranking(markers)
    scores = []
    for seat, player in enumerate(state.seats):
        outposts = outposts_of(state, seat)
        best = max((vp for _, vp in outposts), default=0)
        scores.append(
            Score(
                tokens=player.vp,
                artifacts=sum(ARTIFACTS[key].vp for key in player.artifacts),
                effects=end_effects(state, seat, best),
                military=ranked[seat],
                road=sum(player.end_vp),
                outposts=sum(vp for _, vp in outposts),
                reserved=-RESERVED_PENALTY if player.reserved else 0,
                resources=sum(player.raw) // 2 + sum(player.processed),
            )
        )
    return scores
