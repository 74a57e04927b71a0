"""Discord's documented payload limits, so a bot that breaks them fails here as on Discord.

Each check returns problems as ``(path, message)``; :func:`invalid_form_body` answers them as
"Invalid Form Body" (HTTP 400, code 50035) with the nested ``errors`` object.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from aiohttp import web

from .http_io import INVALID_FORM_BODY, Upload, discord_error
from .payloads import ATTACHMENT_SIZE_LIMIT, Json
from .records import walk_components

Problem = tuple[tuple[str, ...], str]

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TEXT = 6000
MAX_FILES = 10
MAX_ACTION_ROWS = 5
MAX_ROW_WIDTH = 5
MAX_CUSTOM_ID = 100
MAX_CHOICES = 25
MAX_CHOICE_NAME = 100
MAX_GLOBAL_SLASH_COMMANDS = 100
MAX_OPTIONS = 25
MAX_DESCRIPTION = 100
MAX_COMMAND_TEXT = 4000
COMPONENTS_V2_FLAG = 1 << 15

_COMMAND_NAME = re.compile(r"^[-_'\w]{1,32}$")
#: The locales Discord accepts in `name_localizations` and `description_localizations`.
LOCALES = frozenset(locale.value for locale in discord.Locale)
_SUBCOMMAND_TYPES = (1, 2)


def form_errors(problems: list[Problem]) -> Json:
    """Discord's nested error object: ``{"content": {"_errors": [{"code", "message"}]}}``."""
    errors: Json = {}
    for path, message in problems:
        node = errors
        for key in path:
            node = node.setdefault(key, {})
        node.setdefault("_errors", []).append({"code": "BASE_TYPE_INVALID", "message": message})
    return errors


def invalid_form_body(problems: list[Problem]) -> web.Response:
    return discord_error(400, INVALID_FORM_BODY, "Invalid Form Body", form_errors(problems))


def message_problems(payload: Json, uploads: dict[int, Upload]) -> list[Problem]:
    problems: list[Problem] = []
    content = payload.get("content") or ""
    if len(content) > MAX_CONTENT:
        problems.append((("content",), f"Must be {MAX_CONTENT} or fewer in length."))
    embeds = payload.get("embeds") or []
    if len(embeds) > MAX_EMBEDS:
        problems.append((("embeds",), f"Must be {MAX_EMBEDS} or fewer in length."))
    if sum(_embed_text_length(embed) for embed in embeds) > MAX_EMBED_TEXT:
        problems.append((("embeds",), f"Embed size exceeds maximum size of {MAX_EMBED_TEXT}"))
    if len(uploads) > MAX_FILES:
        problems.append((("files",), f"Must be {MAX_FILES} or fewer in length."))
    for upload in uploads.values():
        if len(upload.data) > ATTACHMENT_SIZE_LIMIT:
            problems.append(((f"files[{upload.index}]",), "File cannot be larger than 10 MiB."))
    components_v2 = bool(int(payload.get("flags") or 0) & COMPONENTS_V2_FLAG)
    problems.extend(component_problems(payload.get("components") or [], components_v2))
    return problems


def component_problems(components: list[Json], components_v2: bool) -> list[Problem]:
    problems: list[Problem] = []
    if not components_v2 and len(components) > MAX_ACTION_ROWS:
        problems.append((("components",), f"Must be {MAX_ACTION_ROWS} or fewer in length."))
    for row_index, row in enumerate(components):
        children = row.get("components", [])
        if row.get("type") == 1 and len(children) > MAX_ROW_WIDTH:
            problems.append(
                (("components", str(row_index)), f"Must be {MAX_ROW_WIDTH} or fewer in length.")
            )
    for component in walk_components(components):
        custom_id = component.get("custom_id")
        if custom_id is not None and not 1 <= len(custom_id) <= MAX_CUSTOM_ID:
            message = f"custom_id {custom_id!r} must be between 1 and {MAX_CUSTOM_ID} in length."
            problems.append((("components",), message))
    return problems


def autocomplete_problems(data: Json) -> list[Problem]:
    choices = data.get("choices") or []
    problems: list[Problem] = []
    if len(choices) > MAX_CHOICES:
        problems.append((("data", "choices"), f"Must be {MAX_CHOICES} or fewer in length."))
    for index, choice in enumerate(choices):
        if not 1 <= len(str(choice.get("name", ""))) <= MAX_CHOICE_NAME:
            path = ("data", "choices", str(index), "name")
            problems.append((path, f"Must be between 1 and {MAX_CHOICE_NAME} in length."))
        value = choice.get("value")
        if isinstance(value, str) and len(value) > MAX_CHOICE_NAME:
            path = ("data", "choices", str(index), "value")
            problems.append((path, f"Must be {MAX_CHOICE_NAME} or fewer in length."))
    return problems


def command_sync_problems(commands: list[Json], *, is_global: bool) -> list[Problem]:
    problems: list[Problem] = []
    slash_commands = [c for c in commands if c.get("type", 1) == 1]
    if is_global and len(slash_commands) > MAX_GLOBAL_SLASH_COMMANDS:
        problems.append(((), f"Must be {MAX_GLOBAL_SLASH_COMMANDS} or fewer in length."))
    seen: set[tuple[str, int]] = set()
    for index, command in enumerate(commands):
        path = (str(index),)
        key = (str(command.get("name")), int(command.get("type", 1)))
        if key in seen:
            problems.append(((*path, "name"), "Application command names must be unique"))
        seen.add(key)
        if key[1] == 1:
            problems.extend(_named_problems(command, path))
            problems.extend(_options_problems(command.get("options") or [], path))
            if _text_length(command) > MAX_COMMAND_TEXT:
                problems.append((path, f"Command exceeds maximum size ({MAX_COMMAND_TEXT})"))
    problems.extend(_localised_name_clashes(slash_commands, ()))
    return problems


def _localised_name_clashes(items: list[Json], path: tuple[str, ...]) -> list[Problem]:
    """Names must be unique per level in every locale too (a localised name or, where a
    locale has none, the default name)."""
    problems: list[Problem] = []
    locales = {locale for item in items for locale in item.get("name_localizations") or {}}
    for locale in sorted(locales):
        shown = [
            (item.get("name_localizations") or {}).get(locale, item.get("name")) for item in items
        ]
        if len(shown) != len(set(shown)):
            message = f"Application command names must be unique (locale {locale})"
            problems.append(((*path, "name_localizations"), message))
    return problems


def _named_problems(item: Json, path: tuple[str, ...]) -> list[Problem]:
    problems: list[Problem] = []
    name = str(item.get("name", ""))
    if not _COMMAND_NAME.match(name) or name != name.lower():
        problems.append(((*path, "name"), f"Invalid name {name!r}: 1-32 lowercase letters, -, _"))
    description = str(item.get("description", ""))
    if not 1 <= len(description) <= MAX_DESCRIPTION:
        message = f"Description must be between 1 and {MAX_DESCRIPTION} in length."
        problems.append(((*path, "description"), message))
    for locale, localised in (item.get("name_localizations") or {}).items():
        if locale not in LOCALES:
            problems.append(((*path, "name_localizations"), f"Invalid locale {locale!r}"))
        if not _COMMAND_NAME.match(localised) or localised != localised.lower():
            message = f"Invalid name {localised!r} ({locale}): 1-32 lowercase letters, -, _"
            problems.append(((*path, "name_localizations", locale), message))
    for locale, localised in (item.get("description_localizations") or {}).items():
        if locale not in LOCALES:
            problems.append(((*path, "description_localizations"), f"Invalid locale {locale!r}"))
        if not 1 <= len(localised) <= MAX_DESCRIPTION:
            message = f"Description ({locale}) must be between 1 and {MAX_DESCRIPTION} in length."
            problems.append(((*path, "description_localizations", locale), message))
    return problems


def _options_problems(options: list[Json], path: tuple[str, ...]) -> list[Problem]:
    problems: list[Problem] = []
    if len(options) > MAX_OPTIONS:
        problems.append(((*path, "options"), f"Must be {MAX_OPTIONS} or fewer in length."))
    names = [option.get("name") for option in options]
    if len(names) != len(set(names)):
        problems.append(((*path, "options"), "Option names must be unique"))
    problems.extend(_localised_name_clashes(options, (*path, "options")))
    seen_optional = False
    for index, option in enumerate(options):
        option_path = (*path, "options", str(index))
        problems.extend(_named_problems(option, option_path))
        if option.get("type") in _SUBCOMMAND_TYPES:
            problems.extend(_options_problems(option.get("options") or [], option_path))
            continue
        if option.get("required") and seen_optional:
            problems.append((option_path, "Required options must be placed before optional"))
        seen_optional = seen_optional or not option.get("required")
        choices = option.get("choices") or []
        if len(choices) > MAX_CHOICES:
            message = f"Must be {MAX_CHOICES} or fewer in length."
            problems.append(((*option_path, "choices"), message))
        for choice_index, choice in enumerate(choices):
            for locale, localised in (choice.get("name_localizations") or {}).items():
                if locale not in LOCALES or not 1 <= len(localised) <= MAX_CHOICE_NAME:
                    choice_path = (*option_path, "choices", str(choice_index), "name_localizations")
                    problems.append((choice_path, f"Invalid choice name ({locale})"))
        if choices and option.get("autocomplete"):
            problems.append((option_path, "Autocomplete cannot be used with choices"))
    return problems


def _text_length(item: Any) -> int:
    """Characters Discord counts towards a command's size: names, descriptions, choices."""
    if isinstance(item, list):
        return sum(_text_length(element) for element in item)
    if not isinstance(item, dict):
        return 0
    own = sum(len(str(item.get(key) or "")) for key in ("name", "description"))
    if "value" in item:
        own += len(str(item["value"]))
    return own + _text_length(item.get("options") or []) + _text_length(item.get("choices") or [])


def _embed_text_length(embed: Json) -> int:
    fields = embed.get("fields") or []
    parts = [
        embed.get("title"),
        embed.get("description"),
        (embed.get("footer") or {}).get("text"),
        (embed.get("author") or {}).get("name"),
        *(f.get("name") for f in fields),
        *(f.get("value") for f in fields),
    ]
    return sum(len(str(part)) for part in parts if part)
