"""The slash commands shared by all transports: their definitions, parsing and dispatch."""

from .dispatch import Backend, dispatch
from .parse import CommandError, Invocation, parse_command, parse_game_options
from .specs import COMMANDS, CommandDef, OptionDef
from .words import help_text

__all__ = [
    "COMMANDS",
    "Backend",
    "CommandDef",
    "CommandError",
    "Invocation",
    "OptionDef",
    "dispatch",
    "help_text",
    "parse_command",
    "parse_game_options",
]
