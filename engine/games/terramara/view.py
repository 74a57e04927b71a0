"""The typed per-viewer view of a Terramara position (what the renderer draws from).

Everything on the table is public, including a reserved card (H7); the only secret, the order
of the artifact deck, never leaves the state: the view gives the deck's size per level only.
The view is therefore the same for every viewer except `viewer` itself.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pydantic import BaseModel

from engine.core import View

from . import rules
from .board import (
    BANNERS,
    END_SLOTS,
    MILITARY_END,
    OUTPOST_ROWS,
    OUTPOST_VP,
    POWER_ZONES,
    RIVER_BONUS_LEVELS,
    RIVER_END,
    ROAD_NODES,
    ROUND_WORKER_LEVELS,
    ROWS,
    power_level,
    river_slots,
    round_of_row,
)
from .content import ARTIFACTS, BONUS_TILES, OUTPOSTS, PERSONS, START_CARDS, TERRITORIES
from .effects import PROCESSED, RAW
from .scoring import Score, final_scores
from .spaces import Space, crossroad_space
from .state import NEUTRAL_NAMES, TerramaraState
from .tasks import active, options, prompt

MemberKind = Literal["chief", "scout", "warrior"]
_KIND_OF = {"c": "chief", "s": "scout", "w": "warrior", "n": "scout"}


class MemberView(BaseModel):
    kind: MemberKind
    #: The seat of a player's member, or None for a neutral scout (see `neutral`).
    seat: int | None
    neutral: int | None = None


class SpaceView(BaseModel):
    id: str
    #: How a placement names it: `home raid`, `RT2-1 b`, `X-5`, `SA-W`.
    name: str
    kind: Literal["home", "territory", "crossroad", "special"]
    row: int
    effect: str
    capacity: int
    once_per_round: bool
    used_this_round: bool
    fire: bool
    blockade: bool
    #: Territory spaces in rows of later rounds (scouts only).
    future: bool
    condition: str = ""
    members: list[MemberView]


class TerritoryView(BaseModel):
    id: str
    column: Literal["left", "right"]
    level: int
    terrain: str
    turned: bool
    #: Its three spaces a–c while face up; empty once turned over.
    spaces: list[SpaceView]
    back: str | None


class OutpostView(BaseModel):
    id: str
    row: int
    condition: str
    thresholds: list[int]
    vp: list[int]
    text: str
    banners: list[int]


class RowView(BaseModel):
    row: int
    round: int
    left: TerritoryView
    right: TerritoryView
    #: Once the row is turned: its crossroad space and outpost; rows 5–6: the special space.
    crossroad: SpaceView | None
    outpost: OutpostView | None
    special: SpaceView | None


class BonusView(BaseModel):
    id: str
    level: int
    text: str


class RoadNodeView(BaseModel):
    id: str
    kind: Literal["start", "bonus", "outpost", "crossroad", "end"]
    row: int
    bonus: BonusView | None = None
    outpost: str | None = None
    revealed: bool = True
    #: One entry per cart standing here (a seat twice for both its carts).
    carts: list[int]


class CardView(BaseModel):
    id: str
    name: str
    level: int
    category: str
    cost: str
    vp: int
    effect: str


class RiverSlotView(BaseModel):
    slot: int
    card: CardView | None


class RiverView(BaseModel):
    end: int
    canoes: list[int]
    #: How many slots (from the left) each seat's canoe reaches.
    reach: list[int]
    milestones: dict[int, str]
    bonus: dict[int, list[BonusView]]
    slots: list[RiverSlotView]
    deck: dict[int, int]


class NeutralView(BaseModel):
    name: str
    military: int
    power_level: int
    drawn: int | None


class MilitaryView(BaseModel):
    end: int
    zones: list[int]
    markers: list[int]
    neutrals: list[NeutralView]


class RoundTrackView(BaseModel):
    round: int
    worker_levels: list[int]
    workers_left: list[int]


class WorkerView(BaseModel):
    level: int
    used: bool


class OwnedCardView(BaseModel):
    card: CardView
    rotated: bool


class PersonView(BaseModel):
    id: str
    name: str
    experienced: bool
    young: str
    experienced_side: str


class PlayerView(BaseModel):
    seat: int
    name: str
    raw: dict[str, int]
    processed: dict[str, int]
    workers: list[WorkerView]
    artifacts: list[OwnedCardView]
    reserved: CardView | None
    person: PersonView | None
    bonus_tiles: list[BonusView]
    #: The Surveyor's own crossroad space (while young) and own outpost.
    own_crossroad: SpaceView | None
    own_outpost: OutpostView | None
    banners: list[str]
    banners_left: int
    military: int
    power_level: int
    culture: int
    carts: list[str]
    vp_tokens: int
    #: Every term of the final scoring as if the game ended now, and their `total`.
    score: Score
    chief_home: bool
    scouts_home: int
    scouts: int
    warriors: int
    hut: list[MemberKind]
    start_player: bool
    to_act: bool
    resigned: bool


class LastPlacementView(BaseModel):
    seat: int
    member: MemberKind
    #: The placement as typed (`home raid`, `RT2-1 b`, `X-5`, `hut`) and the id of the space
    #: it named (`raid`, `RT2-1 b`, `X-5`; `hut` for the hut), to find it on the board.
    space: str
    space_id: str


class DecisionView(BaseModel):
    seat: int
    kind: str
    prompt: str
    source: str
    remaining: int
    options: list[str]


class StartCardView(BaseModel):
    id: str
    gain: str


class DraftView(BaseModel):
    persons: list[PersonView]
    cards: list[StartCardView]
    order: list[int]


class TerramaraView(View):
    game: Literal["terramara"] = "terramara"
    viewer: int | None
    phase: str
    first_game: bool
    round: int
    start_player: int
    current: int
    step: str
    to_act: list[int]
    last: LastPlacementView | None
    home: list[SpaceView]
    rows: list[RowView]
    road: list[RoadNodeView]
    end_slots: list[int]
    river: RiverView
    military: MilitaryView
    round_track: RoundTrackView
    players: list[PlayerView]
    decisions: list[DecisionView]
    draft: DraftView | None
    end_reason: str


def card_view(key: str) -> CardView:
    card = ARTIFACTS[key]
    return CardView(
        id=key,
        name=card.name,
        level=card.level,
        category=card.category,
        cost=card.cost_text,
        vp=card.vp,
        effect=card.text,
    )


def bonus_view(key: str) -> BonusView:
    tile = BONUS_TILES[key]
    return BonusView(id=key, level=tile.level, text=tile.text)


def person_view(key: str, experienced: bool) -> PersonView:
    person = PERSONS[key]
    return PersonView(
        id=key,
        name=person.name,
        experienced=experienced,
        young=person.young_text,
        experienced_side=person.experienced_text,
    )


def build_view(state: TerramaraState, viewer: int | None, to_act: Iterable[int]) -> TerramaraView:
    acting = sorted(to_act)
    scores = final_scores(state)
    return TerramaraView(
        viewer=viewer,
        phase=state.phase,
        first_game=state.first_game,
        round=state.round,
        start_player=state.start_player,
        current=state.current,
        step=state.step,
        to_act=acting,
        last=_last(state),
        home=[_space(state, s, f"home {'/'.join(s.actions)}") for s in _home(state)],
        rows=[_row(state, row) for row in range(1, ROWS + 1)],
        road=_road(state),
        end_slots=list(END_SLOTS),
        river=_river(state),
        military=MilitaryView(
            end=MILITARY_END,
            zones=list(POWER_ZONES),
            markers=[p.military for p in state.seats],
            neutrals=[
                NeutralView(
                    name=NEUTRAL_NAMES[n],
                    military=value,
                    power_level=power_level(value),
                    drawn=state.neutral_draw[n] if n < len(state.neutral_draw) else None,
                )
                for n, value in enumerate(state.neutral_military)
            ],
        ),
        round_track=RoundTrackView(
            round=state.round,
            worker_levels=list(ROUND_WORKER_LEVELS),
            workers_left=list(state.round_workers),
        ),
        players=[
            _player(state, seat, scores[seat], seat in acting) for seat in range(len(state.seats))
        ],
        decisions=[_decision(state, index) for index in active(state)],
        draft=_draft(state),
        end_reason=state.end_reason,
    )


def _last(state: TerramaraState) -> LastPlacementView | None:
    if not state.last:
        return None
    seat, member, name = state.last.split(" ", 2)
    space = None if name == rules.HUT else rules.target(state, int(seat), name)[0]
    return LastPlacementView(
        seat=int(seat), member=member, space=name, space_id=space.id if space else rules.HUT
    )


def _home(state: TerramaraState) -> list[Space]:
    return [s for s in rules.board(state).spaces.values() if s.kind == "home"]


def _members(state: TerramaraState, key: str) -> list[MemberView]:
    found = []
    for token in state.spaces.get(key, []):
        owner = int(token[1:])
        if token[0] == "n":
            found.append(MemberView(kind="scout", seat=None, neutral=owner))
        else:
            found.append(MemberView(kind=_KIND_OF[token[0]], seat=owner))
    return found


def _space(state: TerramaraState, space: Space, name: str) -> SpaceView:
    effect = space.text if space.kind != "home" else " / ".join(space.actions)
    condition = ""
    if space.kind == "special":
        condition = rules.condition_words(space.condition, space.threshold).english()
    return SpaceView(
        id=space.id,
        name=name,
        kind=space.kind,
        row=space.row,
        effect=effect,
        capacity=rules.capacity(state, space),
        once_per_round=space.once,
        used_this_round=space.id in state.used_spaces,
        fire=space.id in state.fire,
        blockade=rules.blockaded(state, space),
        future=space.kind == "territory" and rules.is_future(state, space.row),
        condition=condition,
        members=_members(state, space.id),
    )


def _territory(state: TerramaraState, key: str, row: int) -> TerritoryView:
    tile = TERRITORIES[key]
    turned = rules.is_turned(state, row)
    spaces = rules.board(state).spaces
    return TerritoryView(
        id=key,
        column=tile.column,
        level=tile.level,
        terrain=tile.terrain,
        turned=turned,
        spaces=[]
        if turned
        else [_space(state, spaces[f"{key} {s.letter}"], f"{key} {s.letter}") for s in tile.spaces],
        back=tile.back,
    )


def _outpost(state: TerramaraState, key: str, row: int) -> OutpostView:
    outpost = OUTPOSTS[key]
    return OutpostView(
        id=key,
        row=row,
        condition=outpost.condition,
        thresholds=list(outpost.thresholds),
        vp=list(OUTPOST_VP),
        text=" / ".join(str(t) for t in outpost.thresholds) + f" {outpost.condition}",
        banners=[s for s, p in enumerate(state.seats) if key in p.banners],
    )


def _row(state: TerramaraState, row: int) -> RowView:
    left_key, right_key = state.left_tiles[row - 1], state.right_tiles[row - 1]
    spaces = rules.board(state).spaces
    back = TERRITORIES[right_key].back or ""
    turned = rules.is_turned(state, row)
    outpost_key = TERRITORIES[left_key].back
    return RowView(
        row=row,
        round=round_of_row(row),
        left=_territory(state, left_key, row),
        right=_territory(state, right_key, row),
        crossroad=_space(state, spaces[back], back) if turned and back in spaces else None,
        outpost=_outpost(state, outpost_key, row) if turned and outpost_key else None,
        special=_space(state, spaces[back], back)
        if back in spaces and spaces[back].kind == "special"
        else None,
    )


def _road(state: TerramaraState) -> list[RoadNodeView]:
    nodes = []
    carts: dict[str, list[int]] = {}
    for seat, player in enumerate(state.seats):
        for cart in player.carts:
            carts.setdefault(cart, []).append(seat)
    for node in ROAD_NODES:
        here = carts.get(node, [])
        if node == "S":
            nodes.append(RoadNodeView(id=node, kind="start", row=0, carts=here))
        elif node == "E":
            nodes.append(RoadNodeView(id=node, kind="end", row=ROWS + 1, carts=here))
        else:
            row = int(node[1:])
            if node[0] == "B":
                bonus = bonus_view(state.road_bonus[row - 1])
                nodes.append(RoadNodeView(id=node, kind="bonus", row=row, bonus=bonus, carts=here))
            elif node[0] == "O":
                outpost = TERRITORIES[state.left_tiles[row - 1]].back
                revealed = row <= OUTPOST_ROWS and rules.is_turned(state, row)
                nodes.append(
                    RoadNodeView(
                        id=node,
                        kind="outpost",
                        row=row,
                        outpost=outpost,
                        revealed=revealed,
                        carts=here,
                    )
                )
            else:
                nodes.append(RoadNodeView(id=node, kind="crossroad", row=row, carts=here))
    return nodes


def _river(state: TerramaraState) -> RiverView:
    bonus: dict[int, list[BonusView]] = {}
    index = 0
    for space, levels in RIVER_BONUS_LEVELS.items():
        bonus[space] = [bonus_view(state.river_bonus[index + i]) for i in range(len(levels))]
        index += len(levels)
    deck: dict[int, int] = {1: 0, 2: 0, 3: 0}
    for key in state.deck:
        deck[ARTIFACTS[key].level] += 1
    return RiverView(
        end=RIVER_END,
        canoes=[p.culture for p in state.seats],
        reach=[river_slots(p.culture) for p in state.seats],
        milestones={
            4: "reserve artifacts",
            6: "level-1 bonus tile",
            8: "a new scout",
            10: "level-2 bonus tile",
            12: "reserved artifact costs 1 tile less",
            14: "level-2 and level-3 bonus tiles; beyond: 1 VP per culture",
        },
        bonus=bonus,
        slots=[
            RiverSlotView(slot=i + 1, card=card_view(key) if key else None)
            for i, key in enumerate(state.river)
        ],
        deck=deck,
    )


def _player(state: TerramaraState, seat: int, score: Score, acting: bool) -> PlayerView:
    player = state.seats[seat]
    used = list(player.used)
    workers = []
    for level in player.workers:
        was_used = level in used
        if was_used:
            used.remove(level)
        workers.append(WorkerView(level=level, used=was_used))
    return PlayerView(
        seat=seat,
        name=state.players[seat],
        raw={code: player.raw[k] for k, code in enumerate(RAW)},
        processed={code: player.processed[k] for k, code in enumerate(PROCESSED)},
        workers=workers,
        artifacts=[
            OwnedCardView(card=card_view(key), rotated=key in player.rotated)
            for key in player.artifacts
        ],
        reserved=card_view(player.reserved) if player.reserved else None,
        person=person_view(player.person, player.experienced) if player.person else None,
        bonus_tiles=[bonus_view(key) for key in player.bonus_tiles],
        own_crossroad=_space(state, crossroad_space(player.own_crossroad, 0), player.own_crossroad)
        if player.own_crossroad
        else None,
        own_outpost=_outpost(state, player.own_outpost, 0) if player.own_outpost else None,
        banners=list(player.banners),
        banners_left=BANNERS - len(player.banners),
        military=player.military,
        power_level=power_level(player.military),
        culture=player.culture,
        carts=list(player.carts),
        vp_tokens=player.vp,
        score=score,
        chief_home=player.chief_home,
        scouts_home=player.home_scouts,
        scouts=player.scouts,
        warriors=player.warriors,
        hut=list(player.hut),
        start_player=state.start_player == seat,
        to_act=acting,
        resigned=player.resigned,
    )


def _decision(state: TerramaraState, index: int) -> DecisionView:
    task = state.tasks[index]
    return DecisionView(
        seat=task.seat,
        kind=task.kind,
        prompt=prompt(task).english(),
        source=task.source,
        remaining=task.n,
        options=[action.text() for action in options(state, task)],
    )


def _draft(state: TerramaraState) -> DraftView | None:
    if state.phase != "draft":
        return None
    return DraftView(
        persons=[person_view(key, False) for key in state.draft_persons],
        cards=[StartCardView(id=key, gain=START_CARDS[key].text) for key in state.draft_cards],
        order=list(state.draft_order),
    )
