"""What a test holds after sending an interaction: awaitable views of the bot's answers."""

from __future__ import annotations

from .gateway import Gateway
from .payloads import (
    INTERACTION_AUTOCOMPLETE,
    INTERACTION_COMMAND,
    INTERACTION_COMPONENT,
    INTERACTION_MODAL_SUBMIT,
    Json,
)
from .records import InteractionRecord, RecordedCallback, RecordedEdit, RecordedMessage, Rejection
from .state import LoopbackState

DEFAULT_TIMEOUT = 3.0
"""Discord's deadline for the first answer; waits for later answers may pass a longer one."""


class RefusedAnswer(AssertionError):
    """The bot answered, but Discord (the stand-in) refused the answer."""


class InteractionHandle:
    def __init__(self, record: InteractionRecord, state: LoopbackState, gateway: Gateway) -> None:
        self.record = record
        self._state = state
        self._gateway = gateway

    def __repr__(self) -> str:
        return f"<InteractionHandle {self._describe()}>"

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def payload(self) -> Json:
        """The INTERACTION_CREATE data sent to the bot."""
        return self.record.payload

    @property
    def message(self) -> RecordedMessage | None:
        """The interaction's message as it is now (``@original``), if the bot made one."""
        message_id = self.record.original_message_id
        return None if message_id is None else self._state.messages.get(message_id)

    async def response(self, timeout: float = DEFAULT_TIMEOUT) -> RecordedCallback:
        """The accepted initial callback; fails if none came in time or it was refused."""

        def outcome() -> RecordedCallback | Rejection | None:
            if self.record.callback is not None:
                return self.record.callback
            return self.record.rejections[0] if self.record.rejections else None

        result: RecordedCallback | Rejection = await self._state.wait_until(
            outcome, timeout=timeout, what=f"the bot's response to {self._describe()}"
        )
        if isinstance(result, Rejection):
            raise RefusedAnswer(
                f"the answer to {self._describe()} was refused (code {result.code}): "
                f"{result.message}"
            )
        return result

    async def original_message(self, timeout: float = DEFAULT_TIMEOUT) -> RecordedMessage:
        """The response message once it is no longer a deferred "thinking…" placeholder."""

        def ready() -> RecordedMessage | None:
            message = self.message
            return message if message is not None and not message.loading else None

        return await self._state.wait_until(
            ready, timeout=timeout, what=f"the filled-in response message of {self._describe()}"
        )

    async def followups(
        self, count: int = 1, timeout: float = DEFAULT_TIMEOUT
    ) -> list[RecordedMessage]:
        """All follow-up messages so far, once there are at least ``count``."""

        def enough() -> list[RecordedMessage] | None:
            ids = self.record.followup_ids
            return [self._state.messages[i] for i in ids] if len(ids) >= count else None

        return await self._state.wait_until(
            enough, timeout=timeout, what=f"{count} follow-up(s) to {self._describe()}"
        )

    async def edits(self, count: int = 1, timeout: float = DEFAULT_TIMEOUT) -> list[RecordedEdit]:
        """All webhook edits (``@original`` or follow-ups) so far, once there are ``count``."""

        def enough() -> list[RecordedEdit] | None:
            return list(self.record.edits) if len(self.record.edits) >= count else None

        return await self._state.wait_until(
            enough, timeout=timeout, what=f"{count} edit(s) of the answer to {self._describe()}"
        )

    async def rejections(self, count: int = 1, timeout: float = DEFAULT_TIMEOUT) -> list[Rejection]:
        """Answers the stand-in refused (a second callback, a late one, an invalid one)."""

        def enough() -> list[Rejection] | None:
            return list(self.record.rejections) if len(self.record.rejections) >= count else None

        return await self._state.wait_until(
            enough, timeout=timeout, what=f"{count} refused answer(s) to {self._describe()}"
        )

    async def deliver_again(self) -> None:
        """Send the very same interaction (same id and token) again, as Discord sometimes does."""
        self.record.deliveries += 1
        await self._gateway.dispatch("INTERACTION_CREATE", self.record.payload)

    def _describe(self) -> str:
        kinds = {
            INTERACTION_COMMAND: "/",
            INTERACTION_COMPONENT: "click on ",
            INTERACTION_AUTOCOMPLETE: "autocomplete of /",
            INTERACTION_MODAL_SUBMIT: "modal ",
        }
        prefix = kinds.get(int(self.record.payload["type"]), "")
        return f"{prefix}{self.record.name} (interaction {self.record.id})"
