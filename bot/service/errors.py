"""Errors the service raises on a request it cannot carry out. Nothing changes when they are
raised; each message is complete and friendly enough to show the user as it is."""

from __future__ import annotations

from engine.core import EngineError, Message, msg

from .model import Reply


class ServiceError(Exception):
    """Base of every refusal. `message` is what the user reads, worded by the transport in
    their language (`speech.say`); `str(error)` is its English."""

    def __init__(self, message: Message | str) -> None:
        self.message = message
        super().__init__(str(message))


class NoOpenTable(ServiceError):
    """There is no lobby or active table in the channel."""


class TableAlreadyOpen(ServiceError):
    """The channel already has an open table."""


class NotAllowed(ServiceError):
    """The user may not do this here (not seated, not the creator, …)."""


class WrongStage(ServiceError):
    """The table is in the lobby when it must be running, or the other way round."""


class BadRequest(ServiceError):
    """An option or argument is out of range or names nobody."""


class RulesError(ServiceError):
    """The engine refused: its message (with its suggestions) passes through unchanged."""

    def __init__(self, error: EngineError) -> None:
        self.engine_error = error
        self.suggestions: list[str] = list(getattr(error, "suggestions", []))
        super().__init__(error.message)


class UndoRefused(ServiceError):
    """The undo cannot happen: something revealed in between, or the game moved on."""


class TableChanged(ServiceError):
    """Someone else changed the table at the same moment; nothing of this request applied."""


class BoardChanged(TableChanged):
    """Another move was committed while this one was being made. `position` shows the board
    as it is now, so the player can look again and retry."""

    def __init__(self, position: Reply) -> None:
        self.position = position
        super().__init__(
            msg(
                "The board changed while you were moving: another action was committed first, "
                "and yours was not applied. Here is the new position — check it and try again."
            )
        )
