"""The errors a game can raise. Every message names the player's input and says what is wrong."""

from __future__ import annotations

from collections.abc import Sequence

from .echo import shorten
from .messages import Message, msg

#: An error offers at most this many nearest legal actions, best first.
MAX_SUGGESTIONS = 5


class EngineError(Exception):
    """Base of every error the engine raises on bad input; nothing has changed when it is raised.

    `message` is what the player reads, worded at the edge in their language
    (`engine.core.i18n.word`); `str(error)` is its English."""

    def __init__(self, message: Message | str) -> None:
        self.message = message if isinstance(message, Message) else Message(message)
        super().__init__(self.message.english())


class UnknownGame(EngineError):
    """No game is registered under this key."""

    def __init__(self, key: str, known: Sequence[str]) -> None:
        self.key = key
        super().__init__(
            msg(
                "There is no game called '{key}'. Known games: {known}.",
                key=shorten(key),
                known=", ".join(known),
            )
        )


class BadOptions(EngineError):
    """The game options or the player count are not acceptable."""


class ActionError(EngineError):
    """An error about one action text a player typed."""

    def __init__(self, text: str, message: Message | str) -> None:
        self.text = text
        super().__init__(message)
        #: The error without the part of a whole turn it was found in (`with_part`).
        self.reason = self.message

    def with_part(self, part: int, total: int) -> ActionError:
        """The same error, naming which part of a `;`-separated turn failed."""
        clone = self.__class__.__new__(self.__class__)
        clone.__dict__.update(self.__dict__)
        clone.message = msg(
            "Part {part} of {total} ('{text}'): {error}",
            part=part,
            total=total,
            text=shorten(self.text),
            error=self.message,
        )
        Exception.__init__(clone, clone.message.english())
        return clone


class ParseError(ActionError):
    """The text is not an action of this game at all."""

    def __init__(self, text: str, message: Message | str, suggestions: Sequence[str] = ()) -> None:
        self.detail = message
        self.suggestions = list(suggestions)[:MAX_SUGGESTIONS]
        said = msg("'{text}' is not understood: {detail}", text=shorten(text), detail=message)
        super().__init__(text, _with_suggestions(said, self.suggestions))

    def suggesting(self, suggestions: Sequence[str]) -> ParseError:
        """The same error, offering these nearest legal actions (an action type's reader
        knows the form, the game knows what is legal)."""
        return ParseError(self.text, self.detail, suggestions)


class IllegalAction(ActionError):
    """The text is a well-formed action that the rules forbid right now."""

    def __init__(self, text: str, why: Message | str, suggestions: Sequence[str] = ()) -> None:
        self.why = why
        self.suggestions = list(suggestions)[:MAX_SUGGESTIONS]
        said = msg("'{text}' is not allowed: {why}", text=shorten(text), why=why)
        super().__init__(text, _with_suggestions(said, self.suggestions))


class NotYourTurn(ActionError):
    """The seat is not among those that must act now."""

    def __init__(self, text: str, player: str, waiting_for: Sequence[str]) -> None:
        self.player = player
        self.waiting_for = list(waiting_for)
        super().__init__(
            text,
            msg(
                "It is not {player}'s turn ('{text}' was not played); waiting for {who}.",
                player=player,
                text=shorten(text),
                who=", ".join(waiting_for) if waiting_for else msg("nobody"),
            ),
        )


class GameOver(ActionError):
    """The game has ended; no further actions are accepted."""

    def __init__(self, text: str) -> None:
        super().__init__(
            text, msg("The game is over; '{text}' was not played.", text=shorten(text))
        )


def _with_suggestions(message: Message, suggestions: Sequence[str]) -> Message:
    if not suggestions:
        return message
    return msg(
        "{error}. Did you mean: {suggestions}?", error=message, suggestions=", ".join(suggestions)
    )
