"""Every command of every transport, defined once: its name, description and options — each
option's name, kind, whether it is required, its default, its limits (lengths, ranges) and
its choices. The console parses and checks its lines with these definitions, and the Discord
adapter builds its slash commands from them (`bot/discord_app/slash.py`), so both speak the
same commands with the same options; `tests/discord/test_sync.py` compares the two.

Option names are kebab-case (`skip-after`), as Discord shows them.
"""

from __future__ import annotations

import keyword
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

import engine
from engine.core import Game
from engine.core.messages import fill

from ..reminders.service import MAX_HOURS, MIN_HOURS
from ..service.bot_policy import BOT_LEVELS, DEFAULT_LEVEL
from ..service.info import MAX_HISTORY
from ..service.skipping import MAX_SKIP_HOURS, MIN_SKIP_HOURS
from ..service.standing import LONGEST_ANSWER
from ..store import DEFAULT_SKIP_AFTER

#: text: free text; int: a whole number; bool: true or false; member: a member of the server
#: (Discord's member picker; at the console, a player's name); game: one of the bot's games
#: (Discord offers them as choices; at the console the key is typed).
OptionKind = Literal["text", "int", "bool", "member", "game"]

#: What the option names look like: lower-case words joined by hyphens.
KEBAB_CASE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


@dataclass(frozen=True, slots=True)
class OptionDef:
    name: str
    #: The English description; `{fields}` in it are filled from `values` (so that the
    #: template is the catalogue's msgid and the numbers are written once, in the code).
    template: str
    kind: OptionKind = "text"
    required: bool = False
    #: What the command gets when the option is not given.
    default: Any = None
    #: Limits of an int option (inclusive).
    min_value: int | None = None
    max_value: int | None = None
    #: The most characters a text option takes (text options take at least one).
    max_length: int | None = None
    #: Discord suggests values while the user types (the console has no suggestions).
    autocomplete: bool = False
    values: tuple[tuple[str, str | int], ...] = ()

    @property
    def description(self) -> str:
        """The description in English, its fields filled in."""
        return fill(self.template, {name: str(value) for name, value in self.values})

    @property
    def min_length(self) -> int | None:
        return 1 if self.kind == "text" else None

    @property
    def identifier(self) -> str:
        """The name as a Python identifier (`skip_after` for `skip-after`, `with_` for
        `with`, `from_` for `from`)."""
        name = self.name.replace("-", "_")
        return f"{name}_" if keyword.iskeyword(name) else name


@dataclass(frozen=True, slots=True)
class CommandDef:
    name: str
    description: str
    options: tuple[OptionDef, ...] = ()
    example: str = field(default="")
    #: Only in a server's channels (Discord); False: also in direct messages with the bot.
    servers_only: bool = True

    def option(self, name: str) -> OptionDef | None:
        return next((option for option in self.options if option.name == name), None)

    def usage(
        self, *, short: bool = False, placeholder: Callable[[OptionDef], str] | None = None
    ) -> str:
        """`/skip player:<player>`; `short`: optional options by their names only
        (`[count]`), as /help lists them; `placeholder`: what stands for an option's value
        (`placeholder_of`, the English)."""
        parts = [f"/{self.name}"]
        for option in self.options:
            part = f"{option.name}:<{(placeholder or placeholder_of)(option)}>"
            if not option.required:
                part = f"[{option.name if short else part}]"
            parts.append(part)
        return " ".join(parts)


_PLACEHOLDER = {"int": "number", "bool": "true|false", "member": "player", "game": "game"}


def placeholder_of(option: OptionDef) -> str:
    """What stands for the option's value in a usage: its kind (`number`), or for text its
    name (`action:<action>`)."""
    return _PLACEHOLDER.get(option.kind, option.name)


#: Discord's own limit for a text option.
DISCORD_TEXT_OPTION = 6000
#: Discord's integer options end at 2**53 - 1.
MAX_SEED = 2**53 - 1
MAX_UNDO = 50
#: Pages a guide or topic could ever have (a guard for the option, not a real limit).
MAX_PAGE = 99
#: How long a topic's name may be (Discord shows at most 100 characters of a choice).
TOPIC_LENGTH = 100
#: Action and table numbers (Discord's integer options; far beyond any game or server).
MAX_ACTION = 2**31 - 1
DEFAULT_SKIP_HOURS = int(DEFAULT_SKIP_AFTER.total_seconds() // 3600)


def _options_text_length(game: Game[Any]) -> int:
    """`key:value` for every option of `game` with its longest value, twice over for room."""
    longest = {"bool": "false", "int": "-" + "9" * 20}
    written = [
        f"{spec.key}:{max(spec.choices, key=len) if spec.choices else longest[spec.kind]}"
        for spec in game.info.options
    ]
    return 2 * len(" ".join(written))


#: What users may type into text options, so absurd input never reaches the bot: a move as
#: long as the longest turn of any registered game (the service checks each game's own
#: limit), a /legal filter as long as the longest action, every option of a game, a time
#: zone (the longest tz name has 32 characters) and quiet hours (`22:30-06:45`).
MOVE_LENGTH = min(DISCORD_TEXT_OPTION, max(game.max_turn_length() for game in engine.all_games()))
FILTER_LENGTH = max(game.longest_action() for game in engine.all_games())
OPTIONS_LENGTH = max(_options_text_length(game) for game in engine.all_games())
TIME_ZONE_LENGTH = 64
#: `strong`, `48h`, `2026-12-24 18:00`, with room for spaces.
LEVEL_LENGTH = 16
CLOCK_LENGTH = 16
AWAY_LENGTH = 32
LEVEL_DESCRIPTION = "the bot's level: {levels} (default {level})"
LEVEL_VALUES = (("levels", ", ".join(BOT_LEVELS)), ("level", DEFAULT_LEVEL))
QUIET_HOURS_LENGTH = 24
#: `Deutsch`, `de-AT`, with room for spaces.
LANGUAGE_LENGTH = 16


_TABLE_OPTION = OptionDef(
    "table",
    "a table number of this server (default: this channel's)",
    "int",
    min_value=1,
    max_value=MAX_ACTION,
)

COMMANDS: dict[str, CommandDef] = {
    command.name: command
    for command in (
        CommandDef(
            "newgame",
            "Open a table here.",
            (
                OptionDef("game", "the game (see /rules)", "game", required=True),
                OptionDef(
                    "options",
                    "the game's options as key:value, e.g. monuments:off (see /rules)",
                    max_length=OPTIONS_LENGTH,
                ),
                OptionDef(
                    "seed",
                    "a seed for seat order and randomness",
                    "int",
                    min_value=0,
                    max_value=MAX_SEED,
                ),
                OptionDef(
                    "thread",
                    "open the table in a new thread of this channel",
                    "bool",
                    default=False,
                ),
                OptionDef(
                    "skip-after",
                    "hours the table waits for a player before they may be skipped (default 24)",
                    "int",
                    default=DEFAULT_SKIP_HOURS,
                    min_value=MIN_SKIP_HOURS,
                    max_value=MAX_SKIP_HOURS,
                ),
                OptionDef(
                    "clock",
                    "move clock, e.g. 48h or 3d: the bot plays a turn not played in time "
                    "(default off)",
                    max_length=CLOCK_LENGTH,
                ),
            ),
            example="/newgame game:tiny-towns options:monuments:off",
        ),
        CommandDef("join", "Take a seat in the lobby."),
        CommandDef("leave", "Leave the lobby."),
        CommandDef("start", "Start the game (its creator); seat order is drawn."),
        CommandDef(
            "addbot",
            "Seat a bot (the table's creator).",
            (OptionDef("level", LEVEL_DESCRIPTION, max_length=LEVEL_LENGTH, values=LEVEL_VALUES),),
            example="/addbot level:strong",
        ),
        CommandDef("removebot", "Remove the last bot (the table's creator)."),
        CommandDef(
            "move",
            "Play an action, or a whole turn: a; b; c.",
            (
                OptionDef(
                    "action",
                    "what to play, as /legal lists it",
                    required=True,
                    max_length=MOVE_LENGTH,
                    autocomplete=True,
                ),
                OptionDef(
                    "preview",
                    "first see the board after it, privately, then confirm or cancel",
                    "bool",
                    default=False,
                ),
            ),
            example="/move action:move E5 E8; stone F6",
        ),
        CommandDef(
            "legal",
            "Your legal actions.",
            (OptionDef("filter", "only those containing these words", max_length=FILTER_LENGTH),),
            example="/legal filter:stone",
        ),
        CommandDef(
            "standing",
            "Answer a recurring question in advance.",
            (
                OptionDef(
                    "answer",
                    "which standing answer (without it: the list)",
                    max_length=LONGEST_ANSWER,
                    autocomplete=True,
                ),
                OptionDef("on", "true to set it, false to clear it", "bool"),
            ),
            example="/standing answer:no-round-end-exchange on:true",
        ),
        CommandDef("resign", "Give up the game (you confirm it first)."),
        CommandDef(
            "undo",
            "Take back the last action(s), if others approve.",
            (
                OptionDef(
                    "count",
                    "how many of the last actions to take back (default 1)",
                    "int",
                    default=1,
                    min_value=1,
                    max_value=MAX_UNDO,
                ),
            ),
        ),
        CommandDef("approve", "Agree to the undo request."),
        CommandDef("decline", "Refuse the undo request (or withdraw yours)."),
        CommandDef("confirm", "Carry out your preview, /resign, /abandon or /skip."),
        CommandDef("cancel", "Drop your preview, /resign, /abandon or /skip."),
        CommandDef("board", "The current board."),
        CommandDef("status", "Who is to act, scores, your view."),
        CommandDef(
            "history",
            "The last actions.",
            (
                OptionDef(
                    "count",
                    "how many (1–{most}, default 10)",
                    "int",
                    default=10,
                    min_value=1,
                    max_value=MAX_HISTORY,
                    values=(("most", MAX_HISTORY),),
                ),
            ),
        ),
        CommandDef("games", "Open tables here, whom each awaits."),
        CommandDef("mygames", "Tables waiting for you.", servers_only=False),
        CommandDef(
            "abandon",
            "End the table, no result (creator or moderator).",
        ),
        CommandDef(
            "skip",
            "Skip a long-awaited player (creator or moderator).",
            (OptionDef("player", "the player the table waits for", "member", required=True),),
            example="/skip player:bob",
        ),
        CommandDef(
            "replace",
            "The bot plays a seat (creator, moderator or its player).",
            (
                OptionDef("player", "the player whose seat the bot plays", "member", required=True),
                OptionDef("with", "who plays instead: bot", required=True, max_length=LEVEL_LENGTH),
                OptionDef("level", LEVEL_DESCRIPTION, max_length=LEVEL_LENGTH, values=LEVEL_VALUES),
            ),
            example="/replace player:bob with:bot",
        ),
        CommandDef(
            "return",
            "Take your seat back from the bot; end /away.",
        ),
        CommandDef(
            "away",
            "Away until a date: no reminders.",
            (
                OptionDef(
                    "until",
                    "when you are back: 2026-12-24, 2026-12-24 18:00 (UTC) or 5d",
                    required=True,
                    max_length=AWAY_LENGTH,
                ),
            ),
            example="/away until:2026-12-24",
            servers_only=False,
        ),
        CommandDef(
            "remind",
            "This table's reminder interval.",
            (
                OptionDef(
                    "every",
                    "hours between reminders, {least} to {most} (the default is 24)",
                    "int",
                    min_value=MIN_HOURS,
                    max_value=MAX_HOURS,
                    values=(("least", MIN_HOURS), ("most", MAX_HOURS)),
                ),
                OptionDef(
                    "off",
                    "true: no reminders at this table (every:<hours> turns them on again)",
                    "bool",
                ),
            ),
            example="/remind every:12",
        ),
        CommandDef(
            "notify",
            "Reminders by DM, quiet hours.",
            (
                OptionDef("dm", "true: reminders by direct message; false: in the channel", "bool"),
                OptionDef(
                    "quiet",
                    "hours without reminders, e.g. 22-07 or 22:30-06:45; off removes them",
                    max_length=QUIET_HOURS_LENGTH,
                ),
                OptionDef(
                    "tz",
                    "your time zone for the quiet hours, e.g. Europe/Berlin",
                    max_length=TIME_ZONE_LENGTH,
                    autocomplete=True,
                ),
            ),
            example="/notify quiet:22-07 tz:Europe/Berlin",
            servers_only=False,
        ),
        CommandDef(
            "rules",
            "How to play a game, by page or by topic.",
            (
                OptionDef("game", "the game", "game"),
                OptionDef(
                    "topic",
                    "one thing to explain: a faction, card, tile, rule …",
                    max_length=TOPIC_LENGTH,
                    autocomplete=True,
                ),
                OptionDef(
                    "page",
                    "which page (default 1)",
                    "int",
                    default=1,
                    min_value=1,
                    max_value=MAX_PAGE,
                ),
            ),
            example="/rules game:tiny-towns topic:tavern",
            servers_only=False,
        ),
        CommandDef(
            "export",
            "The game's record as a replayable file.",
            (_TABLE_OPTION,),
            example="/export",
        ),
        CommandDef(
            "replay",
            "The game, or part, as an animation.",
            (
                OptionDef(
                    "from",
                    "the first action to show (default 1)",
                    "int",
                    min_value=1,
                    max_value=MAX_ACTION,
                ),
                OptionDef(
                    "to",
                    "the last action to show (default: the latest)",
                    "int",
                    min_value=1,
                    max_value=MAX_ACTION,
                ),
                _TABLE_OPTION,
            ),
            example="/replay from:40 to:60",
        ),
        CommandDef(
            "leaderboard",
            "The best rated players here.",
            (OptionDef("game", "the game (default: every rated game)", "game"),),
            example="/leaderboard game:terra-nova",
        ),
        CommandDef(
            "stats",
            "A player's games and ratings.",
            (OptionDef("player", "the player (default: you)", "member"),),
            example="/stats player:alice",
        ),
        CommandDef(
            "language",
            "The table's or server's language.",
            (
                OptionDef(
                    "language",
                    "en (English) or de (Deutsch); without it: the languages here",
                    max_length=LANGUAGE_LENGTH,
                ),
                OptionDef(
                    "server",
                    "true: the server's language for new tables (moderators)",
                    "bool",
                    default=False,
                ),
            ),
            example="/language language:de",
        ),
        CommandDef("help", "Every command.", servers_only=False),
    )
}
