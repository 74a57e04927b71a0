"""Slash commands built from their one definition (`bot/commands/specs.py`): the name, the
description and every option — its Discord type, whether it is required, its default, its
limits and choices — come from there, so Discord offers exactly what the console reads.
Each name and description carries its message, so that Discord shows it in the reader's
language (`translator.py`).

A cog supplies what to do: `slash_command("history", self.history)`, where the handler is
called with the interaction and each option by its Python name (`skip_after` for
`skip-after`). Options that Discord fills in while the user types (`autocomplete`) and the
choices of a game option are supplied by the cog too, because they depend on the bot.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Coroutine, Mapping, Sequence
from typing import Any

import discord
from discord import app_commands

from ..commands import COMMANDS, OptionDef
from ..commands.words import command_description, command_name, option_description, option_name
from .translator import localised

Handler = Callable[..., Awaitable[None]]
Suggest = Callable[[discord.Interaction, str], Awaitable[list[app_commands.Choice[str]]]]
SlashCommand = app_commands.Command[Any, ..., None]


def slash_command(
    name: str,
    handler: Handler,
    *,
    choices: Mapping[str, Sequence[app_commands.Choice[str]]] | None = None,
    suggest: Mapping[str, Suggest] | None = None,
) -> SlashCommand:
    """The slash command `name` of `COMMANDS`, calling `handler(interaction, **options)`.

    `choices` gives the choices of each `game` option; `suggest` the autocomplete of each
    option defined with `autocomplete` — exactly those, or this raises ValueError."""
    spec = COMMANDS[name]
    choices, suggest = choices or {}, suggest or {}
    _require(name, "choices for", {o.name for o in spec.options if o.kind == "game"}, choices)
    _require(name, "suggestions for", {o.name for o in spec.options if o.autocomplete}, suggest)

    async def callback(interaction: discord.Interaction, **options: Any) -> None:
        await handler(interaction, **options)

    interaction = inspect.Parameter(
        "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
    )
    callback.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [interaction, *(_parameter(option) for option in spec.options)]
    )
    command: SlashCommand = app_commands.Command(
        name=localised(name, command_name(spec)),
        description=localised(spec.description, command_description(spec), spec),
        callback=callback,
    )
    by_identifier = {option.identifier: option for option in spec.options}
    app_commands.describe(
        **{
            key: localised(o.description, option_description(spec, o), spec)
            for key, o in by_identifier.items()
        }
    )(command)
    app_commands.rename(
        **{key: localised(o.name, option_name(o)) for key, o in by_identifier.items()}
    )(command)
    app_commands.choices(
        **{_identifier(name, option): list(listed) for option, listed in choices.items()}
    )(command)
    for option, find in suggest.items():
        command.autocomplete(_identifier(name, option))(_suggestions(find))
    if spec.servers_only:
        app_commands.guild_only()(command)
    return command


def _parameter(option: OptionDef) -> inspect.Parameter:
    """The callback's parameter for `option`: its type (with its limits) and default."""
    annotation: Any
    if option.kind == "int":
        annotation = app_commands.Range[int, option.min_value, option.max_value]
    elif option.kind == "bool":
        annotation = bool
    elif option.kind == "member":
        annotation = discord.Member
    elif option.max_length is not None:
        annotation = app_commands.Range[str, option.min_length, option.max_length]
    else:
        annotation = str
    if option.required:
        return inspect.Parameter(
            option.identifier, inspect.Parameter.KEYWORD_ONLY, annotation=annotation
        )
    if option.default is None:
        annotation = annotation | None
    return inspect.Parameter(
        option.identifier,
        inspect.Parameter.KEYWORD_ONLY,
        annotation=annotation,
        default=option.default,
    )


def _suggestions(
    find: Suggest,
) -> Callable[[discord.Interaction, str], Coroutine[Any, Any, list[app_commands.Choice[str]]]]:
    """`find` as a plain coroutine function, as discord.py wants the autocomplete of a command
    that belongs to no class (a bound method would be taken for one needing its binding)."""

    async def suggest(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await find(interaction, current)

    return suggest


def _identifier(command: str, option: str) -> str:
    spec = COMMANDS[command].option(option)
    if spec is None:
        raise ValueError(f"/{command} has no option {option}")
    return spec.identifier


def _require(command: str, what: str, wanted: set[str], given: Mapping[str, object]) -> None:
    if set(given) != wanted:
        raise ValueError(
            f"/{command} needs {what} {sorted(wanted) or 'no option'}, not {sorted(given)}"
        )
