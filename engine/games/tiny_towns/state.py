"""The state of a Tiny Towns game: one town per seat plus the round, the deck and the hammer.

A town's `cells` hold one entry per square (board.py indexes them): "" for empty, a resource
key, or a card key for a building. Resources lying on buildings (a Factory's, a Bank's, a
Warehouse's store, a resource put on a cottage by the Statue of the Bondmaker) are kept in
`held`, keyed by the building's square; they never count for building.

States are treated as immutable: `apply` copies the towns and lists an action changes and shares
the rest (turn.py).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from engine.core import BaseState

#: A seat's progress in the current round (or at the start of the game).
Step = Literal["keep", "choose", "place", "build", "done", "finished"]
#: What decides the round's resource: a revealed card, every player's own choice, the hammer
#: holder's word (Prospectors), or the solo player's pick among three face-up cards; "none"
#: when no player could name one (Prospectors with five Banks): the last round.
Source = Literal["card", "choice", "named", "solo", "none"]
Phase = Literal["keep", "name", "play", "over"]

EMPTY = ""
BURIED = 5
WAREHOUSE_CAPACITY = 3
ASIDE_LIMIT = 2
MAX_BANKS = 5
GUILD_REPLACEMENTS = 2


class Town(BaseModel):
    cells: list[str]
    held: dict[int, list[str]] = Field(default_factory=dict)
    step: Step = "place"
    #: The resource a Warehouse swap put in the player's hand: it must be placed in the town.
    hand: str | None = None
    #: Decisions owed, the first one now: `put:<square>` (a Factory's or Bank's resource),
    #: `watch` (fill Opaleye's Watch), `university` (a free building), `guild:<n>` (n
    #: replacements left).
    pending: list[str] = Field(default_factory=list)
    #: Buildings on this player's Opaleye's Watch that a neighbour has just built.
    claims: list[str] = Field(default_factory=list)
    dealt: list[str] = Field(default_factory=list)
    monument: str | None = None
    watch: list[str] = Field(default_factory=list)
    aside: list[str] = Field(default_factory=list)
    shrine: int = 0
    finished_round: int | None = None
    resigned: bool = False
    #: The squares this town's own actions changed in round `changed_round` (a resource
    #: placed or stored, a building built or replaced, the resources it used): the board
    #: marks them while that round or the next is played. Defaults let older states load.
    changed: list[int] = Field(default_factory=list)
    changed_round: int = 0

    @property
    def active(self) -> bool:
        return self.step != "finished"


class TinyTownsState(BaseState):
    phase: Phase
    round: int
    #: The building cards on offer: the Cottage, then one card per colour.
    buildings: list[str]
    source: Source = "card"
    #: The round's resource (revealed card, named or chosen in solo); None in choice rounds.
    resource: str | None = None
    deck: list[str] = Field(default_factory=list)
    discard: list[str] = Field(default_factory=list)
    face_up: list[str] = Field(default_factory=list)
    hammer: int | None = None
    towns: list[Town]
    end_reason: str | None = None
