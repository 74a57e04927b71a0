"""The commands every transport offers, with their options: the console parses lines with
them, and the Discord adapter registers the same names and options as slash commands."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

OptionKind = Literal["text", "int"]


@dataclass(frozen=True, slots=True)
class OptionDef:
    name: str
    description: str
    kind: OptionKind = "text"
    required: bool = False


@dataclass(frozen=True, slots=True)
class CommandDef:
    name: str
    description: str
    options: tuple[OptionDef, ...] = ()
    #: Also takes options not listed here (the game's own options for /newgame).
    open_options: bool = False
    example: str = field(default="")

    def option(self, name: str) -> OptionDef | None:
        return next((option for option in self.options if option.name == name), None)

    def usage(self) -> str:
        parts = [f"/{self.name}"]
        for option in self.options:
            part = f"{option.name}:<{option.kind if option.kind == 'int' else option.name}>"
            parts.append(part if option.required else f"[{part}]")
        if self.open_options:
            parts.append("[option:value …]")
        return " ".join(parts)


COMMANDS: dict[str, CommandDef] = {
    command.name: command
    for command in (
        CommandDef(
            "newgame",
            "Open a table in this channel; you take the first seat.",
            (
                OptionDef("game", "the game's key (see /rules)", required=True),
                OptionDef("seed", "a seed for seat order and randomness", "int"),
            ),
            open_options=True,
            example="/newgame game:terra-nova-2006",
        ),
        CommandDef("join", "Take a seat at the table in the lobby."),
        CommandDef("leave", "Give up your seat while the table is still in the lobby."),
        CommandDef("start", "Start the game (the table's creator); seat order is drawn."),
        CommandDef(
            "move",
            "Play an action, or a whole turn with actions separated by ';'.",
            (OptionDef("action", "what to play, as /legal lists it", required=True),),
            example="/move action:move E5 E8; stone F6",
        ),
        CommandDef("board", "Show the current board."),
        CommandDef(
            "status", "Who is to act and who is done, scores, and your own view (only for you)."
        ),
        CommandDef(
            "history",
            "The last actions: who played what, and when.",
            (OptionDef("count", "how many (1–50, default 10)", "int"),),
        ),
        CommandDef(
            "legal",
            "Your legal actions now.",
            (OptionDef("filter", "only those containing this text"),),
        ),
        CommandDef(
            "undo",
            "Ask to take back the last action(s); others approve unless it concerns only you.",
            (OptionDef("count", "how many actions (default 1)", "int"),),
        ),
        CommandDef("approve", "Agree to the open undo request."),
        CommandDef("decline", "Refuse the open undo request (or withdraw your own)."),
        CommandDef("resign", "Give up the game for good."),
        CommandDef("abandon", "Close the table without a result (its creator or a moderator)."),
        CommandDef(
            "skip",
            "Skip an absent player the table waits for (its creator or a moderator).",
            (OptionDef("player", "the player's name", required=True),),
        ),
        CommandDef("games", "The open tables here and whom each waits for."),
        CommandDef("mygames", "Every table that waits for you."),
        CommandDef(
            "rules",
            "How to play a game, page by page, or one topic; without a game, the list of games.",
            (
                OptionDef("game", "the game's key"),
                OptionDef("topic", "one thing to explain: a faction, card, tile, rule …"),
                OptionDef("page", "which page (default 1)", "int"),
            ),
            example="/rules game:tiny-towns topic:tavern",
        ),
        CommandDef(
            "export",
            "The game's record, a file `python -m engine play` replays.",
            (OptionDef("table", "a table number of this server (default: this channel's)", "int"),),
            example="/export",
        ),
        CommandDef(
            "replay",
            "The game, or a part, as an animated image.",
            (
                OptionDef("from", "the first action to show (default 1)", "int"),
                OptionDef("to", "the last action to show (default: the latest)", "int"),
                OptionDef(
                    "table", "a table number of this server (default: this channel's)", "int"
                ),
            ),
            example="/replay from:40 to:60",
        ),
        CommandDef(
            "leaderboard",
            "This server's best rated players.",
            (OptionDef("game", "the game's key (default: every rated game)"),),
            example="/leaderboard game:terra-nova",
        ),
        CommandDef(
            "stats",
            "A player's games, wins and ratings here.",
            (OptionDef("player", "the player's name (default: you)"),),
            example="/stats player:alice",
        ),
        CommandDef("help", "This list of commands."),
    )
}


def help_text() -> str:
    lines = ["Commands (options are written key:value):"]
    for command in COMMANDS.values():
        lines.append(f"{command.usage()} — {command.description}")
        if command.example:
            lines.append(f"    e.g. {command.example}")
    return "\n".join(lines)
