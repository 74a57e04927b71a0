"""A game's record as a moves file with a header (docs/cli.md, "Records").

The header is comment lines before the first move that also carry what `python -m engine`
would otherwise take as arguments — `# game: KEY`, `# players: A, B` (seat order),
`# seed: N` and one `# option: KEY=VALUE` per option — so that a record replays as it is:
`python -m engine play --moves record.txt`. Any other comment line is free text.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from .game import OptionValue

#: A move line's action that resigns its player, or skips them (a moderator's decision).
RESIGN = "/resign"
SKIP = "/skip"

#: Characters a player's name may not hold in a moves file: `:` ends the name, `#` starts a
#: comment, `,` separates the names of `# players:`.
UNSAFE_IN_NAMES = (":", "#", ",")


@dataclass(frozen=True, slots=True)
class RecordHeader:
    game: str
    players: list[str]
    seed: int = 0
    #: Option values as text (`true`, `3`, `advanced`), as `--option KEY=VALUE` takes them.
    options: dict[str, str] = field(default_factory=dict)


class HeaderError(ValueError):
    """A header line that names a known field but cannot be read; names the line."""


def option_text(value: OptionValue) -> str:
    """How an option's value is written: `true`/`false` for switches, else as it is."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def header_lines(
    game: str, players: Sequence[str], seed: int, options: Mapping[str, OptionValue]
) -> list[str]:
    """The header's argument lines (the caller adds any free-text comment lines)."""
    lines = [f"# game: {game}", f"# players: {', '.join(players)}", f"# seed: {seed}"]
    lines += [f"# option: {key}={option_text(value)}" for key, value in sorted(options.items())]
    return lines


def safe_names(names: Sequence[str]) -> list[str]:
    """The names as a moves file can hold them: `:`, `#` and `,` become `_`, and a name
    that then equals an earlier one gets ` 2`, ` 3`, … (the seat order is what counts)."""
    safe: list[str] = []
    for name in names:
        cleaned = name
        for character in UNSAFE_IN_NAMES:
            cleaned = cleaned.replace(character, "_")
        cleaned = " ".join(cleaned.split()) or "player"
        candidate, number = cleaned, 1
        while candidate.casefold() in {taken.casefold() for taken in safe}:
            number += 1
            candidate = f"{cleaned} {number}"
        safe.append(candidate)
    return safe


def read_header(lines: Iterable[str]) -> RecordHeader | None:
    """The arguments in the comment lines before the first move; None without `# game:` and
    `# players:`. Raises HeaderError on a field that is present but unreadable."""
    fields: dict[str, str] = {}
    options: dict[str, str] = {}
    for number, line in enumerate(lines, start=1):
        text = line.strip()
        if not text:
            continue
        if not text.startswith("#"):
            break
        key, sep, value = text[1:].partition(":")
        key, value = key.strip().lower(), value.strip()
        if not sep or key not in ("game", "players", "seed", "option"):
            continue
        if key == "option":
            name, equals, setting = value.partition("=")
            if not equals or not name.strip():
                raise HeaderError(f"line {number}: '# option:' takes KEY=VALUE, not '{value}'")
            options[name.strip()] = setting.strip()
        else:
            fields[key] = value
    if "game" not in fields or "players" not in fields:
        return None
    seed = fields.get("seed", "0")
    try:
        seed_number = int(seed)
    except ValueError:
        raise HeaderError(f"'# seed:' takes a whole number, not '{seed}'") from None
    players = [name.strip() for name in fields["players"].split(",") if name.strip()]
    return RecordHeader(fields["game"], players, seed_number, options)
