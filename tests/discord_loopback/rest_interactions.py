"""REST for answering interactions: the initial callback, ``@original`` and follow-ups.

Discord's rules enforced here: one callback per interaction (a second answer gets 400 / 40060),
within the response deadline (later: 404 / 10062), a callback type that fits the interaction,
and the interaction webhook only works after the callback. The first follow-up after a
deferred "thinking" callback fills in the deferred message, as on Discord.
"""

from __future__ import annotations

import asyncio

from aiohttp import web

from .http_io import (
    ALREADY_ACKNOWLEDGED,
    INVALID_FORM_BODY,
    UNKNOWN_INTERACTION,
    UNKNOWN_MESSAGE,
    UNKNOWN_WEBHOOK,
    RequestBody,
    discord_error,
    json_response,
    no_content,
    read_body,
)
from .limits import Problem, autocomplete_problems, invalid_form_body, message_problems
from .payloads import (
    EPHEMERAL_FLAG,
    INTERACTION_AUTOCOMPLETE,
    INTERACTION_COMMAND,
    INTERACTION_MODAL_SUBMIT,
    LOADING_FLAG,
    MESSAGE_CHAT_INPUT_COMMAND,
    MESSAGE_DEFAULT,
    Json,
)
from .records import (
    CALLBACK_AUTOCOMPLETE,
    CALLBACK_DEFERRED_MESSAGE,
    CALLBACK_DEFERRED_UPDATE,
    CALLBACK_MESSAGE,
    CALLBACK_MODAL,
    CALLBACK_UPDATE_MESSAGE,
    InteractionRecord,
    RecordedCallback,
    RecordedFile,
    RecordedMessage,
    Rejection,
)
from .state import LoopbackState


class InteractionRoutes:
    def __init__(self, state: LoopbackState) -> None:
        self._state = state

    def routes(self) -> list[web.RouteDef]:
        webhook = "/webhooks/{application_id}/{interaction_token}"
        # @original before {message_id}: aiohttp matches routes in registration order.
        original = webhook + "/messages/@original"
        message = webhook + "/messages/{message_id}"
        return [
            web.post("/interactions/{interaction_id}/{interaction_token}/callback", self.callback),
            web.get(original, self.get_message),
            web.patch(original, self.edit_message),
            web.delete(original, self.delete_message),
            web.post(webhook, self.followup),
            web.get(message, self.get_message),
            web.patch(message, self.edit_message),
            web.delete(message, self.delete_message),
        ]

    # -- the initial callback --------------------------------------------------------------

    async def callback(self, request: web.Request) -> web.Response:
        record = self._state.interactions.get(int(request.match_info["interaction_id"]))
        if record is None or record.token != request.match_info["interaction_token"]:
            return discord_error(404, UNKNOWN_INTERACTION, "Unknown interaction")
        body = await read_body(request)
        callback_type = int(body.payload.get("type", 0))
        data: Json = body.payload.get("data") or {}
        elapsed = asyncio.get_running_loop().time() - record.dispatched_at
        if record.callback is not None:
            reason = "Interaction has already been acknowledged."
            return await self._reject(record, 400, ALREADY_ACKNOWLEDGED, reason, callback_type)
        if elapsed > self._state.response_deadline:
            reason = f"Unknown interaction (answered after {elapsed:.2f} s)"
            return await self._reject(record, 404, UNKNOWN_INTERACTION, reason, callback_type)
        problems = self._callback_problems(record, callback_type, data, body)
        if problems:
            reason = "Invalid Form Body: " + "; ".join(text for _, text in problems)
            return await self._reject(record, 400, INVALID_FORM_BODY, reason, callback_type)
        message, files = self._apply_callback(record, callback_type, data, body)
        record.callback = RecordedCallback(callback_type, data, files, elapsed)
        await self._state.changed()
        return json_response(self._callback_answer(record, callback_type, message))

    def _callback_problems(
        self, record: InteractionRecord, callback_type: int, data: Json, body: RequestBody
    ) -> list[Problem]:
        interaction_type = int(record.payload["type"])
        on_component = "message" in record.payload
        if interaction_type == INTERACTION_AUTOCOMPLETE:
            if callback_type != CALLBACK_AUTOCOMPLETE:
                return [(("type",), "autocomplete must be answered with type 8")]
            return autocomplete_problems(data)
        allowed = {CALLBACK_MESSAGE, CALLBACK_DEFERRED_MESSAGE}
        if on_component:
            allowed |= {CALLBACK_DEFERRED_UPDATE, CALLBACK_UPDATE_MESSAGE}
        if interaction_type != INTERACTION_MODAL_SUBMIT:
            allowed.add(CALLBACK_MODAL)
        if callback_type not in allowed:
            return [(("type",), f"callback type {callback_type} is not valid here")]
        if callback_type in (CALLBACK_MESSAGE, CALLBACK_UPDATE_MESSAGE):
            return message_problems(data, body.uploads)
        return []

    def _apply_callback(
        self, record: InteractionRecord, callback_type: int, data: Json, body: RequestBody
    ) -> tuple[RecordedMessage | None, list[RecordedFile]]:
        """The message the callback created or updated (none for 8 and 9) and its new files."""
        channel = self._state.channels[int(record.payload["channel_id"])]
        extra = self._webhook_message_fields(record)
        files: list[RecordedFile] = []
        if callback_type == CALLBACK_MESSAGE:
            message = self._state.create_message(
                channel,
                RequestBody(data, body.uploads),
                "interaction",
                interaction_id=record.id,
                extra=extra,
            )
            files = message.files
        elif callback_type == CALLBACK_DEFERRED_MESSAGE:
            flags = LOADING_FLAG | (int(data.get("flags") or 0) & EPHEMERAL_FLAG)
            message = self._state.create_message(
                channel,
                RequestBody({"flags": flags}, {}),
                "interaction",
                interaction_id=record.id,
                extra=extra,
            )
        elif callback_type in (CALLBACK_DEFERRED_UPDATE, CALLBACK_UPDATE_MESSAGE):
            message = self._state.messages[int(record.payload["message"]["id"])]
            if callback_type == CALLBACK_UPDATE_MESSAGE:
                files = self._state.edit_message(message, RequestBody(data, body.uploads)).files
        else:
            return None, files
        record.original_message_id = message.id
        return message, files

    def _webhook_message_fields(self, record: InteractionRecord) -> Json:
        application_id = str(self._state.world.application_id)
        is_command = record.payload["type"] == INTERACTION_COMMAND
        return {
            "webhook_id": application_id,
            "application_id": application_id,
            "type": MESSAGE_CHAT_INPUT_COMMAND if is_command else MESSAGE_DEFAULT,
        }

    @staticmethod
    def _callback_answer(
        record: InteractionRecord, callback_type: int, message: RecordedMessage | None
    ) -> Json:
        """The ``?with_response=1`` body discord.py expects (not an empty 204)."""
        interaction: Json = {
            "id": str(record.id),
            "type": record.payload["type"],
            "response_message_loading": callback_type == CALLBACK_DEFERRED_MESSAGE,
            "response_message_ephemeral": bool(message and message.ephemeral),
        }
        resource: Json = {"type": callback_type}
        if message is not None:
            interaction["response_message_id"] = str(message.id)
            resource["message"] = message.payload
        return {"interaction": interaction, "resource": resource}

    async def _reject(
        self, record: InteractionRecord, status: int, code: int, message: str, callback_type: int
    ) -> web.Response:
        elapsed = asyncio.get_running_loop().time() - record.dispatched_at
        record.rejections.append(Rejection(code, message, callback_type, elapsed))
        await self._state.changed()
        return discord_error(status, code, message)

    # -- the interaction webhook: @original and follow-ups -----------------------------------

    def _record(self, request: web.Request) -> InteractionRecord | web.Response:
        record = self._state.interactions_by_token.get(request.match_info["interaction_token"])
        application_id = str(self._state.world.application_id)
        if record is None or request.match_info["application_id"] != application_id:
            return discord_error(404, UNKNOWN_WEBHOOK, "Unknown Webhook")
        if record.callback is None:
            # The webhook only exists once the interaction has been answered.
            return discord_error(404, UNKNOWN_WEBHOOK, "Unknown Webhook")
        return record

    def _target(
        self, request: web.Request
    ) -> tuple[InteractionRecord, RecordedMessage] | web.Response:
        record = self._record(request)
        if isinstance(record, web.Response):
            return record
        raw_id = request.match_info.get("message_id")
        message_id = record.original_message_id if raw_id is None else int(raw_id)
        owned = {record.original_message_id, *record.followup_ids}
        message = self._state.messages.get(message_id or 0)
        if message is None or message.id not in owned or message.deleted:
            return discord_error(404, UNKNOWN_MESSAGE, "Unknown Message")
        return record, message

    async def get_message(self, request: web.Request) -> web.Response:
        target = self._target(request)
        if isinstance(target, web.Response):
            return target
        return json_response(target[1].payload)

    async def edit_message(self, request: web.Request) -> web.Response:
        target = self._target(request)
        if isinstance(target, web.Response):
            return target
        record, message = target
        body = await read_body(request)
        problems = message_problems(body.payload, body.uploads)
        if problems:
            return invalid_form_body(problems)
        record.edits.append(self._state.edit_message(message, body))
        message.payload["flags"] = message.flags & ~LOADING_FLAG
        await self._state.changed()
        return json_response(message.payload)

    async def delete_message(self, request: web.Request) -> web.Response:
        target = self._target(request)
        if isinstance(target, web.Response):
            return target
        target[1].deleted = True
        await self._state.changed()
        return no_content()

    async def followup(self, request: web.Request) -> web.Response:
        record = self._record(request)
        if isinstance(record, web.Response):
            return record
        body = await read_body(request)
        problems = message_problems(body.payload, body.uploads)
        if problems:
            return invalid_form_body(problems)
        original = self._state.messages.get(record.original_message_id or 0)
        if original is not None and original.loading and not record.followup_ids:
            self._state.edit_message(original, body)
            original.payload["flags"] = original.flags & ~LOADING_FLAG
            message = original
        else:
            channel = self._state.channels[int(record.payload["channel_id"])]
            message = self._state.create_message(
                channel,
                body,
                "followup",
                interaction_id=record.id,
                extra=self._webhook_message_fields(record) | {"type": MESSAGE_DEFAULT},
            )
        record.followup_ids.append(message.id)
        await self._state.changed()
        if request.query.get("wait") in ("1", "true", "True"):
            return json_response(message.payload)
        return no_content()
