"""The protocol every game implements, and the machinery all games share.

A game is a stateless object; all that changes lives in its pydantic state model. `apply`
never mutates its input: it returns a new state plus the events that say what happened.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, Literal, NamedTuple, TypeVar

from pydantic import BaseModel, Field

from .errors import ActionError, BadOptions, GameOver, NotYourTurn, ParseError
from .notation import split_turn
from .rng import Rng

OptionValue = int | bool | str


class OptionSpec(BaseModel):
    """A documented game option; values arrive as text from the CLI and are coerced."""

    key: str
    description: str
    kind: Literal["int", "bool", "choice"]
    default: OptionValue
    choices: list[str] = Field(default_factory=list)
    minimum: int | None = None
    maximum: int | None = None

    def coerce(self, raw: OptionValue) -> OptionValue:
        text = str(raw).strip().lower()
        if self.kind == "bool":
            if isinstance(raw, bool):
                return raw
            if text in ("true", "yes", "on", "1"):
                return True
            if text in ("false", "no", "off", "0"):
                return False
            raise BadOptions(f"Option {self.key} takes true or false, not '{raw}'.")
        if self.kind == "int":
            try:
                value = int(text)
            except ValueError:
                raise BadOptions(f"Option {self.key} takes a whole number, not '{raw}'.") from None
            if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum
            ):
                raise BadOptions(
                    f"Option {self.key} must lie between {self.minimum} and {self.maximum}, "
                    f"not {value}."
                )
            return value
        if text not in self.choices:
            raise BadOptions(
                f"Option {self.key} takes one of {', '.join(self.choices)}, not '{raw}'."
            )
        return text


class GameInfo(BaseModel):
    """What a game is called, how many may play it, and which options it has."""

    key: str
    name: str
    min_players: int
    max_players: int
    summary: str
    options: list[OptionSpec] = Field(default_factory=list)

    def resolve_options(self, given: Mapping[str, OptionValue] | None) -> dict[str, OptionValue]:
        """Defaults overlaid with the given options, each checked and coerced."""
        specs = {spec.key: spec for spec in self.options}
        resolved: dict[str, OptionValue] = {spec.key: spec.default for spec in self.options}
        for key, raw in (given or {}).items():
            spec = specs.get(key)
            if spec is None:
                known = ", ".join(specs) or "none"
                raise BadOptions(f"{self.name} has no option '{key}' (its options: {known}).")
            resolved[key] = spec.coerce(raw)
        return resolved


class Event(BaseModel):
    """Something that happened, said in plain words.

    `reveals` marks events that uncovered hidden information or consumed randomness: an undo
    may not reach back past such an event.
    """

    text: str
    seat: int | None = None
    reveals: bool = False


class BaseState(BaseModel):
    """What every game state carries: the players' names (seat order), options and randomness."""

    players: list[str]
    options: dict[str, OptionValue] = Field(default_factory=dict)
    rng: Rng


S = TypeVar("S", bound=BaseState)


class Result(NamedTuple, Generic[S]):
    state: S
    events: list[Event]

    @property
    def reveals(self) -> bool:
        return any(event.reveals for event in self.events)


class Game(ABC, Generic[S]):
    """A game's rules. Subclasses set `info` and `state_model` and implement the hooks."""

    info: ClassVar[GameInfo]
    state_model: ClassVar[type[BaseState]]

    # -- set-up -------------------------------------------------------------------------

    def new_game(
        self,
        players: Sequence[str],
        seed: int,
        options: Mapping[str, OptionValue] | None = None,
    ) -> S:
        """A fresh game for `players` in seat order (seat 0 acts first)."""
        count = len(players)
        if not self.info.min_players <= count <= self.info.max_players:
            raise BadOptions(
                f"{self.info.name} is for {self.info.min_players}–{self.info.max_players} "
                f"players, not {count}."
            )
        if len(set(players)) != count:
            raise BadOptions("Every player needs a different name.")
        return self.setup(list(players), seed, self.info.resolve_options(options))

    @abstractmethod
    def setup(self, players: list[str], seed: int, options: dict[str, OptionValue]) -> S:
        """Build the initial state (options already checked)."""

    # -- turns --------------------------------------------------------------------------

    @abstractmethod
    def to_act(self, state: S) -> frozenset[int]:
        """The seats that must act now (empty once the game is over)."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[str]:
        """Every action text `seat` may play now, in canonical notation."""

    @abstractmethod
    def apply_action(self, state: S, seat: int, text: str) -> Result[S]:
        """Apply one action (no `;`) for a seat that is to act. Must not mutate `state`.

        Raises ParseError or IllegalAction naming `text`.
        """

    def apply(self, state: S, seat: int, text: str) -> Result[S]:
        """Apply a whole turn `a; b; c` atomically: every part applies, or nothing does.

        A seat that may not act at all is refused for the whole text; a later part can still
        fail as "not your turn" (named as that part) when an earlier part ended the turn.
        """
        parts = split_turn(text)
        if not parts:
            raise ParseError(text, "it is empty; type an action the game lists as legal")
        self._check_may_act(state, seat, text)
        events: list[Event] = []
        current = state
        for index, part in enumerate(parts, start=1):
            try:
                current, part_events = self._apply_checked(current, seat, part)
            except ActionError as error:
                if len(parts) > 1:
                    raise error.with_part(index, len(parts)) from error
                raise
            events.extend(part_events)
        return Result(current, events)

    def _apply_checked(self, state: S, seat: int, text: str) -> Result[S]:
        self._check_may_act(state, seat, text)
        return self.apply_action(state, seat, text)

    def _check_may_act(self, state: S, seat: int, text: str) -> None:
        if self.is_over(state):
            raise GameOver(text)
        waiting = self.to_act(state)
        if seat not in waiting:
            names = [state.players[s] for s in sorted(waiting)]
            raise NotYourTurn(text, state.players[seat], names)

    def public_text(self, state: S, seat: int, text: str) -> str:
        """How `text`, which `seat` played on `state`, is shown to everybody but that player.

        Action texts are public by default. A game whose actions can name a secret (a card
        kept in hand, say) overrides this to word such parts without it; the log keeps the
        real text, since replay needs it. `text` is a turn `apply` accepted on `state`, and
        may have several `;` parts. (Event texts are always public: games word them so.)
        """
        return text

    # -- leaving the game ---------------------------------------------------------------

    @abstractmethod
    def resign(self, state: S, seat: int) -> Result[S]:
        """The seat gives up for good; what that means is documented per game."""

    @abstractmethod
    def skip(self, state: S, seat: int) -> Result[S]:
        """A moderator skips an absent seat that is to act; documented per game."""

    # -- the end ------------------------------------------------------------------------

    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    @abstractmethod
    def scores(self, state: S) -> list[int]:
        """Points per seat (during the game: points so far)."""

    @abstractmethod
    def ranking(self, state: S) -> list[list[int]]:
        """Seats best first, grouped where the game's tie-breaks leave them tied."""

    # -- views and persistence ----------------------------------------------------------

    @abstractmethod
    def view(self, state: S, viewer: int | None) -> dict[str, Any]:
        """What `viewer` may see (None = the public), as JSON-ready data."""

    def load_state(self, data: Mapping[str, Any] | str) -> S:
        if isinstance(data, str):
            return self.state_model.model_validate_json(data)  # type: ignore[return-value]
        return self.state_model.model_validate(data)  # type: ignore[return-value]

    def dump_state(self, state: S) -> str:
        return state.model_dump_json()
