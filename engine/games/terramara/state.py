"""The state of a Terramara game: the board, the supply, the stack of decisions and the seats.

States are treated as immutable: the builder (builder.py) copies what an action changes on
first write and shares the rest. Lists inside a shared state are never mutated in place.

Members on action spaces are tokens: `c0` (seat 0's chief), `s1` (a scout of seat 1), `w2`
(a warrior placed by seat 2), `n0` / `n1` (a scout of neutral A / B). `spaces` holds only the
occupied spaces.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from engine.core import BaseState

from .board import START_SCOUTS

Member = Literal["chief", "scout", "warrior"]
MEMBERS: tuple[Member, ...] = ("chief", "scout", "warrior")
Phase = Literal["neutral", "draft", "play", "over"]
TurnStep = Literal["before", "after"]
#: Decisions and automatic steps waiting on the stack (see tasks.py).
TaskKind = Literal[
    "step", "bonus", "pick", "cvt", "trade", "road", "give", "pay", "choose", "hut", "craft"
]
NEUTRAL_NAMES = ("neutral A", "neutral B")


class Task(BaseModel):
    """Something owed by a seat: an automatic step (kind `step`, `bonus`) or a decision.

    `spec` is the step's text in the effect vocabulary (a bonus tile or artifact id for
    `bonus` and `pay`); `n` counts what is left (reach, conversions, tiles to give, picks);
    `options` holds the fixed choices of `choose` and `pay` tasks; `to` is the raider a `give`
    goes to; `optional` decisions can be ended early with `stop`; `source` says, in words,
    where the task comes from.
    """

    seat: int
    kind: TaskKind
    spec: str = ""
    n: int = 0
    to: int = -1
    options: list[str] = Field(default_factory=list)
    optional: bool = True
    source: str = ""


class Seat(BaseModel):
    raw: list[int] = Field(default_factory=lambda: [0, 0, 0, 0])
    processed: list[int] = Field(default_factory=lambda: [0, 0, 0, 0])
    #: Worker levels owned, sorted; `used` the levels of those used this round.
    workers: list[int] = Field(default_factory=list)
    used: list[int] = Field(default_factory=list)
    military: int = 0
    culture: int = 0
    carts: list[str] = Field(default_factory=lambda: ["S", "S"])
    vp: int = 0
    artifacts: list[str] = Field(default_factory=list)
    #: Once-per-round effects used this round: artifact ids, `P3` and `P5` (person abilities).
    rotated: list[str] = Field(default_factory=list)
    reserved: str | None = None
    person: str | None = None
    experienced: bool = False
    #: Keeper (P5): the personal bonus tiles not used yet.
    bonus_tiles: list[str] = Field(default_factory=list)
    #: Surveyor (P7): the own crossroad space (while young) and the own outpost.
    own_crossroad: str | None = None
    own_outpost: str | None = None
    banners: list[str] = Field(default_factory=list)
    #: VP of this seat's carts that reached the end of the road, in order of arrival.
    end_vp: list[int] = Field(default_factory=list)
    scouts: int = START_SCOUTS
    home_scouts: int = START_SCOUTS
    chief_home: bool = True
    warriors: int = 0
    #: Members placed in the own hut this round (they come back at round end).
    hut: list[str] = Field(default_factory=list)
    placed_round: bool = False
    #: Spaces a scout was taken back from this round (Runner's Sandals, H13).
    left: list[str] = Field(default_factory=list)
    resigned: bool = False

    @property
    def members_left(self) -> int:
        if self.resigned:
            return 0
        return int(self.chief_home) + self.home_scouts + self.warriors

    @property
    def resources(self) -> int:
        return sum(self.raw) + sum(self.processed)


class NeutralPlacement(BaseModel):
    """Set-up with 2–3 players: `seat` puts a scout of neutral `neutral` on row `row`."""

    seat: int
    row: int
    neutral: int


class TerramaraState(BaseState):
    phase: Phase
    first_game: bool
    round: int = 0
    start_player: int = 0
    current: int = 0
    step: TurnStep = "before"
    #: Whether this turn's craft-or-reserve was used, and what this turn placed (C2d).
    crafted: bool = False
    placed: str = ""
    left_tiles: list[str]
    right_tiles: list[str]
    fire: list[str] = Field(default_factory=list)
    blockades: list[str] = Field(default_factory=list)
    spaces: dict[str, list[str]] = Field(default_factory=dict)
    used_spaces: list[str] = Field(default_factory=list)
    round_workers: list[int] = Field(default_factory=lambda: [2, 2, 2, 2, 2])
    worker_supply: list[int] = Field(default_factory=lambda: [5, 1, 1])
    deck: list[str] = Field(default_factory=list)
    river: list[str] = Field(default_factory=list)
    road_bonus: list[str] = Field(default_factory=list)
    #: River bonus tiles: space 6 (level 1), 10 (level 2), 14 (level 2), 14 (level 3).
    river_bonus: list[str] = Field(default_factory=list)
    spare_bonus: list[str] = Field(default_factory=list)
    neutral_military: list[int] = Field(default_factory=list)
    #: The neutral cards drawn at the start of this round (for the view).
    neutral_draw: list[int] = Field(default_factory=list)
    end_arrivals: int = 0
    tasks: list[Task] = Field(default_factory=list)
    draft_persons: list[str] = Field(default_factory=list)
    draft_cards: list[str] = Field(default_factory=list)
    draft_order: list[int] = Field(default_factory=list)
    neutral_queue: list[NeutralPlacement] = Field(default_factory=list)
    #: The latest placement: `<seat> <member> <space>` (empty before the first).
    last: str = ""
    seats: list[Seat]
    end_reason: str = ""

    @property
    def neutrals(self) -> int:
        return len(self.neutral_military)
