"""The protocol every game implements, and the machinery all games share.

A game is a stateless object; all that changes lives in its pydantic state model. `apply`
never mutates its input: it returns a new state plus the events that say what happened.

How a game says what is legal (one design for every game):

- its **phases** form a table: each `Phase` names the action kinds it accepts, lists the
  candidate actions of a seat, and says why any other kind is refused;
- one **checker**, `check(state, seat, action)`, says why an action of an accepted kind is
  refused right now (None when it is allowed);
- `perform(state, seat, action)` carries out a checked action (usually with a `StateBuilder`).

From these the base class derives `legal` / `legal_actions` (the candidates the checker
allows, as typed values or canonical texts), `why` (the explanation of any refusal) and
`apply_action` (parse → check → perform; an `IllegalAction` carries the why and the nearest
legal texts). A game being ported may still override `legal_actions` and `apply_action`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, field_serializer, field_validator
from typing_extensions import TypeVar

from .action import Action
from .automatic import Automatic, StandingAnswer
from .chance import Chance, Draw
from .echo import shorten
from .errors import ActionError, BadOptions, GameOver, IllegalAction, NotYourTurn, ParseError
from .messages import Message
from .notation import TURN_SEPARATOR, join_turn, nearest, split_turn
from .ranking import TieBreak, outcome_lines, rank
from .rng import Rng
from .view import View

OptionValue = int | bool | str

#: A game that does not say how long its actions get is assumed to stay within this…
DEFAULT_LONGEST_ACTION = 100
#: …and to allow this many actions in one whole turn.
DEFAULT_TURN_PARTS = 10
#: Players may spell an action more wordily than `legal_actions` writes it (card names
#: instead of keys, `E5 → E8`, extra spaces): each part may be this many times as long.
SPELLING_ROOM = 2


def option_key(key: str) -> str:
    """An option's key as every game writes it: kebab-case (`first-game`). The snake-case
    spelling of earlier versions (`first_game`), kept by stored tables and still typed by
    players, is read as the same key."""
    return key.strip().lower().replace("_", "-")


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
    #: Answers a player may give in advance to a question the game asks again and again
    #: (engine/core/automatic.py); `Game.standing_answer` says what each plays.
    standing_answers: list[StandingAnswer] = Field(default_factory=list)

    def resolve_options(self, given: Mapping[str, OptionValue] | None) -> dict[str, OptionValue]:
        """Defaults overlaid with the given options, each checked and coerced."""
        specs = {spec.key: spec for spec in self.options}
        resolved: dict[str, OptionValue] = {spec.key: spec.default for spec in self.options}
        seen: set[str] = set()
        for written, raw in (given or {}).items():
            key = option_key(written)
            spec = specs.get(key)
            if spec is None:
                known = ", ".join(specs) or "none"
                raise BadOptions(
                    f"{self.name} has no option '{shorten(written)}' (its options: {known})."
                )
            if key in seen:
                raise BadOptions(f"The option {key} of {self.name} is given twice.")
            seen.add(key)
            resolved[key] = spec.coerce(raw)
        return resolved

    def changed_options(self, options: Mapping[str, OptionValue]) -> dict[str, OptionValue]:
        """The options (as `resolve_options` gives them) that differ from their defaults, in
        the order the game lists its options."""
        return {
            spec.key: options[spec.key]
            for spec in self.options
            if spec.key in options and options[spec.key] != spec.default
        }


class Event(BaseModel):
    """Something that happened, as a message worded at the edge (`engine.core.i18n.word`);
    `text` is its English.

    `reveals` marks events that uncovered hidden information or consumed randomness: an undo
    may not reach back past such an event. `draws` describes the random draws it reveals.
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    message: Message
    seat: int | None = None
    reveals: bool = False
    draws: list[Draw] = Field(default_factory=list)

    @property
    def text(self) -> str:
        return self.message.english()

    @field_validator("message", mode="before")
    @classmethod
    def _message_from_data(cls, value: object) -> object:
        """A message as `to_data` wrote it, or a plain text, reads back as a message."""
        if isinstance(value, (str, dict)):
            return Message.from_data(value)
        return value

    @field_serializer("message")
    def _message_data(self, message: Message) -> dict[str, object]:
        return message.to_data()


class BaseState(BaseModel):
    """What every game state carries: the players' names (seat order), options and randomness."""

    players: list[str]
    options: dict[str, OptionValue] = Field(default_factory=dict)
    rng: Rng

    @field_validator("options", mode="before")
    @classmethod
    def _kebab_case_keys(cls, options: object) -> object:
        """A state stored with an older spelling of its option keys loads as today's."""
        if isinstance(options, dict):
            return {option_key(str(key)): value for key, value in options.items()}
        return options


S = TypeVar("S", bound=BaseState)
#: A game's action type; `Game[S]` alone means a game with any action type.
A = TypeVar("A", bound=Action, default=Any)


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


@dataclass(frozen=True)
class Phase(Generic[S, A]):
    """One row of a game's phase table.

    `kinds`: the action kinds the phase accepts. `candidates(state, seat)`: the seat's
    candidate actions, in the order `legal_actions` lists them (a fresh list or any iterable;
    the caller may keep a list it is given); the checker filters them,
    unless the phase declares them `exact` (every candidate is legal — faster on the hot path
    of playouts and searches; the conformance tests check that the checker agrees).
    `refusal`: why an action of another kind is refused (a text, or a function of the state,
    the seat and the kind).
    """

    kinds: frozenset[str]
    candidates: Callable[[S, int], Iterable[A]]
    refusal: str | Callable[[S, int, str], str]
    exact: bool = False

    def refuse(self, state: S, seat: int, kind: str) -> str:
        return self.refusal if isinstance(self.refusal, str) else self.refusal(state, seat, kind)


class Game(ABC, Generic[S, A]):
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

    # -- the phase table and the checker (see the module doc) ---------------------------

    @abstractmethod
    def phase(self, state: S, seat: int) -> Phase[S, A]:
        """The row of the phase table that applies to `seat` now."""

    @abstractmethod
    def check(self, state: S, seat: int, action: A) -> str | None:
        """Why `action`, of a kind the seat's phase accepts, is refused now; None if allowed."""

    @abstractmethod
    def perform(self, state: S, seat: int, action: A) -> Result[S]:
        """Carry out an action the checker allowed. Must not mutate `state`."""

    @abstractmethod
    def parse(self, state: S, text: str) -> A:
        """Read one action text (no `;`) as the game's action value; raises ParseError.

        Only the form is checked (and that named things exist), not whether it is allowed.
        """

    # -- turns --------------------------------------------------------------------------

    @abstractmethod
    def to_act(self, state: S) -> frozenset[int]:
        """The seats that must act now (empty once the game is over)."""

    def legal(self, state: S, seat: int) -> list[A]:
        """Every action `seat` may play now, as values (the candidates the checker allows)."""
        if seat not in self.to_act(state):
            return []
        phase = self.phase(state, seat)
        found = phase.candidates(state, seat)
        if phase.exact:
            return found if isinstance(found, list) else list(found)
        return [action for action in found if self.check(state, seat, action) is None]

    def legal_actions(self, state: S, seat: int) -> list[str]:
        """Every action text `seat` may play now, in canonical notation."""
        return [action.text() for action in self.legal(state, seat)]

    def why(self, state: S, seat: int, action: A) -> str | None:
        """Why `seat` may not play `action` now, in words; None if it may."""
        if self.is_over(state):
            return "the game is over"
        if seat not in self.to_act(state):
            return f"it is not {state.players[seat]}'s turn"
        return self._why_now(state, seat, action)

    def _why_now(self, state: S, seat: int, action: A) -> str | None:
        phase = self.phase(state, seat)
        if action.kind not in phase.kinds:
            return phase.refuse(state, seat, action.kind)
        return self.check(state, seat, action)

    def play(self, state: S, seat: int, action: A) -> Result[S]:
        """Apply one action value (what a bot picked from `legal`), checked like a text."""
        self._check_may_act(state, seat, action.text())
        why = self._why_now(state, seat, action)
        if why is not None:
            raise IllegalAction(action.text(), why, self.suggestions(state, seat, action.text()))
        return self.perform(state, seat, action)

    def play_listed(self, state: S, seat: int, action: A) -> Result[S]:
        """Play an action that `legal(state, seat)` has just listed (random playouts,
        searches): `perform` without checking it again, as python-chess's `Board.push` plays
        a move from `legal_moves`. A game whose own `play` does more than check and perform
        (finishing a whole turn, say) gets its `play`."""
        if type(self).play is not Game.play:
            return self.play(state, seat, action)
        return self.perform(state, seat, action)

    def apply_action(self, state: S, seat: int, text: str) -> Result[S]:
        """Apply one action (no `;`) for a seat that is to act. Must not mutate `state`.

        Raises ParseError or IllegalAction naming `text`, with the nearest legal texts.
        """
        try:
            action = self.parse(state, text)
        except ParseError as error:
            raise error.suggesting(self.suggestions(state, seat, text)) from None
        why = self._why_now(state, seat, action)
        if why is not None:
            raise IllegalAction(text, why, self.suggestions(state, seat, text))
        return self.perform(state, seat, action)

    def suggestions(self, state: S, seat: int, text: str) -> list[str]:
        """The legal texts an error about `text` offers: the nearest ones (a game may narrow
        them, e.g. to actions of the kind typed)."""
        return nearest(text, self.legal_actions(state, seat))

    def apply(self, state: S, seat: int, text: str) -> Result[S]:
        """Apply a whole turn `a; b; c` atomically: every part applies, or nothing does.

        A seat that may not act at all is refused for the whole text; a later part can still
        fail as "not your turn" (named as that part) when an earlier part ended the turn.
        A game whose turn ends only with the whole text (Terra Nova) overrides this to end
        it after `apply_parts`.
        """
        return self.apply_parts(state, seat, text)

    def legal_after(self, state: S, seat: int, done: str) -> list[str] | None:
        """The action texts that may follow the parts `done` in the same whole turn: `apply`
        accepts `done; a` for each. None when nothing may follow (the game is over, `seat`
        no longer acts, or its turn holds no more parts). Raises like `apply` if `done`
        is refused."""
        after = self.apply_parts(state, seat, done).state
        if self.is_over(after) or seat not in self.to_act(after):
            return None
        return self.legal_actions(after, seat) or None

    def apply_parts(self, state: S, seat: int, text: str) -> Result[S]:
        """The parts of the turn `text` applied one after the other, as `apply` does before
        anything that ends the whole turn."""
        parts = split_turn(text)
        if not parts:
            raise ParseError(text, "it is empty; type an action the game lists as legal")
        self._check_may_act(state, seat, text)
        if len(parts) == 1:
            return self.apply_action(state, seat, parts[0])
        events: list[Event] = []
        current = state
        for index, part in enumerate(parts, start=1):
            try:
                if index > 1:  # an earlier part may have ended the turn or the game
                    self._check_may_act(current, seat, part)
                current, part_events = self.apply_action(current, seat, part)
            except ActionError as error:
                raise error.with_part(index, len(parts)) from error
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

    def _check_may_act(self, state: S, seat: int, text: str) -> None:
        if self.is_over(state):
            raise GameOver(text)
        waiting = self.to_act(state)
        if seat not in waiting:
            names = [state.players[s] for s in sorted(waiting)]
            raise NotYourTurn(text, state.players[seat], names)

    def describe_action(self, state: S, seat: int, text: str) -> ActionText:
        """How one action `text` (no `;`), which `seat` may play on `state`, is written.

        Both forms come from the action value the text reads as, never from how it was
        spelt: every spelling the reader accepts (case, commas, spacing, card names…) gives
        the same canonical text (`Action.text`) and public text (`Action.public_text`: the
        canonical text, unless the action names a secret, a card kept in hand, say). The log
        keeps the real text too, since replay needs it. (Event texts are always public: games
        word them so.)
        """
        action = self.parse(state, text)
        return ActionText(action.text(), action.public_text())

    def describe_turn(self, state: S, seat: int, text: str) -> list[ActionText]:
        """Each part of the turn `text` that `apply` accepted on `state`, described. Every
        part is read against `state`: a reader uses only what a turn cannot change (the board
        side, the cards on offer)."""
        return [self.describe_action(state, seat, part) for part in split_turn(text)]

    def canonical_text(self, state: S, seat: int, text: str) -> str:
        """The turn `text` (accepted by `apply` on `state`) in canonical form, parts joined
        by `; `; `apply` accepts it and plays the same turn."""
        return join_turn(part.canonical for part in self.describe_turn(state, seat, text))

    def public_text(self, state: S, seat: int, text: str) -> str:
        """How everybody but `seat` reads the turn `text` that `apply` accepted on `state`:
        every part in its public form (see `describe_action`)."""
        return join_turn(part.public for part in self.describe_turn(state, seat, text))

    # -- leaving the game ---------------------------------------------------------------

    def resign(self, state: S, seat: int) -> Result[S]:
        """The seat gives up for good; what that means is documented per game."""
        if self.is_over(state):
            raise GameOver("resign")
        if self.has_resigned(state, seat):
            raise IllegalAction("resign", f"{state.players[seat]} has already resigned")
        return self.resign_seat(state, seat)

    def skip(self, state: S, seat: int) -> Result[S]:
        """A moderator skips an absent seat that is to act; documented per game."""
        self._check_may_act(state, seat, "skip")
        return self.skip_seat(state, seat)

    @abstractmethod
    def has_resigned(self, state: S, seat: int) -> bool: ...

    @abstractmethod
    def resign_seat(self, state: S, seat: int) -> Result[S]:
        """`resign` once the game is known to go on and the seat not to have resigned yet."""

    @abstractmethod
    def skip_seat(self, state: S, seat: int) -> Result[S]:
        """`skip` once the seat is known to be one that must act."""

    # -- the end ------------------------------------------------------------------------

    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    @abstractmethod
    def scores(self, state: S) -> list[int]:
        """Points per seat (during the game: points so far)."""

    def rank_keys(self, state: S) -> Sequence[Any]:
        """What ranks a seat, higher first: its score, or a tuple `(score, *values)` adding
        the values of `tie_breaks` (negated where fewer wins)."""
        return self.scores(state)

    def tie_breaks(self) -> Sequence[TieBreak]:
        """The game's tie-breaks after the score, in order, named (none by default: equal
        scores share a place)."""
        return ()

    def ranking(self, state: S) -> list[list[int]]:
        """Seats best first, grouped where the game's tie-breaks leave them tied; resigned
        seats after all others."""
        resigned = [self.has_resigned(state, seat) for seat in range(len(state.players))]
        return rank(self.rank_keys(state), resigned)

    def outcome(self, state: S) -> list[str]:
        """The end of the game in words: the winner(s) with their points, and the tie-break
        that decided between every two places with equal scores (`ranking.outcome_lines`)."""
        seats = range(len(state.players))
        return outcome_lines(
            state.players,
            self.scores(state),
            self.rank_keys(state),
            self.ranking(state),
            self.tie_breaks(),
            [self.has_resigned(state, seat) for seat in seats],
        )

    # -- words for players, and waits nobody chose --------------------------------------

    def summary(self, state: S, viewer: int | None) -> list[str]:
        """A few short lines saying in words what a player reading on a phone needs now —
        the round's resource, your money, the actions left in a turn — as `viewer` may read
        them: None is everybody (no secret), a seat may add what only that seat knows. The
        service shows them in /status and with moves, beside whom the table waits for and
        the scores, which it says itself; so by default a game adds nothing."""
        return []

    def board_news(self, before: S, after: S) -> bool:
        """Whether the public board after a step shows something the board before it did
        not, so that a picture is worth posting (an exchange of power for money changes
        nothing on a map). By default every step does."""
        return True

    def forced(self, state: S, seat: int) -> Automatic | None:
        """The seat's forced action, if it has one: its only legal action, with nothing to
        decide in it (see automatic.py); the service plays it for the seat. A game marks
        only what is truly forced — a lone meaningful choice stays the player's. None by
        default."""
        return None

    def standing_answer(self, state: S, seat: int, key: str) -> Automatic | None:
        """What the standing answer `key` (one of `info.standing_answers`), set by `seat`,
        plays now — or None when its question is not asked of the seat now."""
        return None

    # -- what players may know ----------------------------------------------------------

    @abstractmethod
    def view_of(self, state: S, viewer: int | None) -> View:
        """What `viewer` may see (None = the public), as the game's typed view."""

    def view(self, state: S, viewer: int | None) -> dict[str, Any]:
        """What `viewer` may see (None = the public), as JSON-ready data."""
        return self.view_of(state, viewer).data()

    def determinize(self, state: S, viewer: int | None, rng: Rng) -> S:
        """A state consistent with everything `viewer` sees, the unseen parts (deck order,
        other players' secret cards, future draws) resampled with `rng`. For searches that
        must guess what they cannot see; the identity for a game without secrets."""
        return self.resample_hidden(state, viewer, Chance(rng))

    def resample_hidden(self, state: S, viewer: int | None, chance: Chance) -> S:
        """The hook behind `determinize`: a game with secrets redraws them with `chance`."""
        return state

    # -- persistence --------------------------------------------------------------------

    def load_state(self, data: Mapping[str, Any] | str) -> S:
        if isinstance(data, str):
            return self.state_model.model_validate_json(data)  # type: ignore[return-value]
        return self.state_model.model_validate(data)  # type: ignore[return-value]

    def dump_state(self, state: S) -> str:
        return state.model_dump_json()
