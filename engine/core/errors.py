"""The errors a game can raise. Every message names the player's input and says what is wrong."""

from __future__ import annotations

from collections.abc import Sequence

from .echo import shorten

#: An error offers at most this many nearest legal actions, best first.
MAX_SUGGESTIONS = 5


class EngineError(Exception):
    """Base of every error the engine raises on bad input; nothing has changed when it is raised."""


class UnknownGame(EngineError):
    """No game is registered under this key."""

    def __init__(self, key: str, known: Sequence[str]) -> None:
        self.key = key
        super().__init__(
            f"There is no game called '{shorten(key)}'. Known games: {', '.join(known)}."
        )


class BadOptions(EngineError):
    """The game options or the player count are not acceptable."""


class ActionError(EngineError):
    """An error about one action text a player typed."""

    def __init__(self, text: str, message: str) -> None:
        self.text = text
        self.reason = message
        super().__init__(message)

    def with_part(self, part: int, total: int) -> ActionError:
        """The same error, naming which part of a `;`-separated turn failed."""
        clone = self.__class__.__new__(self.__class__)
        clone.__dict__.update(self.__dict__)
        Exception.__init__(clone, f"Part {part} of {total} ('{shorten(self.text)}'): {self}")
        return clone


class ParseError(ActionError):
    """The text is not an action of this game at all."""

    def __init__(self, text: str, message: str, suggestions: Sequence[str] = ()) -> None:
        self.detail = message
        self.suggestions = list(suggestions)[:MAX_SUGGESTIONS]
        super().__init__(
            text,
            _with_suggestions(f"'{shorten(text)}' is not understood: {message}", self.suggestions),
        )

    def suggesting(self, suggestions: Sequence[str]) -> ParseError:
        """The same error, offering these nearest legal actions (an action type's reader
        knows the form, the game knows what is legal)."""
        return ParseError(self.text, self.detail, suggestions)


class IllegalAction(ActionError):
    """The text is a well-formed action that the rules forbid right now."""

    def __init__(self, text: str, why: str, suggestions: Sequence[str] = ()) -> None:
        self.why = why
        self.suggestions = list(suggestions)[:MAX_SUGGESTIONS]
        super().__init__(
            text, _with_suggestions(f"'{shorten(text)}' is not allowed: {why}", self.suggestions)
        )


class NotYourTurn(ActionError):
    """The seat is not among those that must act now."""

    def __init__(self, text: str, player: str, waiting_for: Sequence[str]) -> None:
        self.player = player
        self.waiting_for = list(waiting_for)
        who = ", ".join(waiting_for) or "nobody"
        super().__init__(
            text,
            f"It is not {player}'s turn ('{shorten(text)}' was not played); waiting for {who}.",
        )


class GameOver(ActionError):
    """The game has ended; no further actions are accepted."""

    def __init__(self, text: str) -> None:
        super().__init__(text, f"The game is over; '{shorten(text)}' was not played.")


def _with_suggestions(message: str, suggestions: Sequence[str]) -> str:
    if not suggestions:
        return message
    return f"{message}. Did you mean: {', '.join(suggestions)}?"
