"""The protocol every game implements, and the machinery all games share.

A game is a stateless object; all that changes lives in its pydantic state model. `apply`
never mutates its input: it returns a new state plus the events that say what happened.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, Literal, NamedTuple, TypeVar

from pydantic import BaseModel, Field

from .echo import shorten
from .errors import ActionError, BadOptions, GameOver, NotYourTurn, ParseError
from .notation import TURN_SEPARATOR, join_turn, normalize, split_turn
from .rng import Rng

OptionValue = int | bool | str

#: A game that does not say how long its actions get is assumed to stay within this…
DEFAULT_LONGEST_ACTION = 100
#: …and to allow this many actions in one whole turn.
DEFAULT_TURN_PARTS = 10
#: Players may spell an action more wordily than `legal_actions` writes it (card names
#: instead of keys, `E5 → E8`, extra spaces): each part may be this many times as long.
SPELLING_ROOM = 2


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
            raise BadOptions(f"Option {self.key} takes true or false, not '{shorten(str(raw))}'.")
        if self.kind == "int":
            try:
                value = int(text)
            except ValueError:
                raise BadOptions(
                    f"Option {self.key} takes a whole number, not '{shorten(str(raw))}'."
                ) from None
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
                f"Option {self.key} takes one of {', '.join(self.choices)}, "
                f"not '{shorten(str(raw))}'."
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
                raise BadOptions(
                    f"{self.name} has no option '{shorten(key)}' (its options: {known})."
                )
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


class ActionText(NamedTuple):
    """One action as it is written for people: `canonical` is the form `legal_actions` lists
    (what its player reads back, and what the log keeps); `public` is what everybody else
    reads — the canonical form, unless the action names a secret."""

    canonical: str
    public: str


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

    def longest_action(self) -> int:
        """The most characters an action text `legal_actions` lists can have. Games derive it
        from their data (cell and card names, keys); the default is a generous guess."""
        return DEFAULT_LONGEST_ACTION

    def max_turn_parts(self) -> int:
        """The most actions one whole turn (`a; b; c`) can hold under the rules."""
        return DEFAULT_TURN_PARTS

    def max_turn_length(self) -> int:
        """The longest text worth reading as a turn: every part as long as `SPELLING_ROOM`
        times the longest action, with the separators. Longer input is no turn of this
        game, and transports refuse it before any work."""
        part = SPELLING_ROOM * self.longest_action() + len(TURN_SEPARATOR) + 1
        return self.max_turn_parts() * part

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

    def describe_action(self, state: S, seat: int, text: str) -> ActionText:
        """How one action `text` (no `;`), which `seat` may play on `state`, is written.

        Both forms follow from what the text means, never from how it was spelt: every
        spelling the parser accepts (case, commas, spacing, card names…) gives the same
        canonical and public text. The default finds the legal action with the same words
        (case and spacing ignored) and treats every action as public. A game whose parser
        accepts other spellings overrides this to write the parsed action canonically; a game
        whose actions can name a secret (a card kept in hand, say) words such actions without
        it in `public`. (Event texts are always public: games word them so.)
        """
        wanted = normalize(text)
        legal = self.legal_actions(state, seat)
        canonical = next((action for action in legal if normalize(action) == wanted), None)
        written = canonical if canonical is not None else " ".join(text.split())
        return ActionText(written, written)

    def describe_turn(self, state: S, seat: int, text: str) -> list[ActionText]:
        """Each part of the turn `text` that `apply` accepted on `state`, described on the
        position it is played on (the parts before it applied)."""
        parts = split_turn(text)
        described: list[ActionText] = []
        current = state
        for index, part in enumerate(parts):
            described.append(self.describe_action(current, seat, part))
            if index + 1 < len(parts):
                current = self._apply_checked(current, seat, part).state
        return described

    def canonical_text(self, state: S, seat: int, text: str) -> str:
        """The turn `text` (accepted by `apply` on `state`) in canonical form, parts joined
        by `; `; `apply` accepts it and plays the same turn."""
        return join_turn(part.canonical for part in self.describe_turn(state, seat, text))

    def public_text(self, state: S, seat: int, text: str) -> str:
        """How everybody but `seat` reads the turn `text` that `apply` accepted on `state`:
        every part in its public form (see `describe_action`)."""
        return join_turn(part.public for part in self.describe_turn(state, seat, text))

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
