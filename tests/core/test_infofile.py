"""A game's `GameInfo` read from a data file (engine/core/infofile.py)."""

from __future__ import annotations

import pytest

from engine.core import BadOptions, read_info
from engine.core.infofile import info_of

TEXT = """
# a comment
game | pile | Pile | 1 | 3 | Take from the pile.
option | fast | bool | yes | - | shorter games
option | size | int | 12 | - | the pile's size | 5 | 20
option | colour | choice | red | red blue | the pile's colour
standing | never-take | never take from the pile
"""


def test_every_record_becomes_part_of_the_info_with_typed_defaults() -> None:
    info = info_of(TEXT)
    assert (info.key, info.name, info.min_players, info.max_players) == ("pile", "Pile", 1, 3)
    assert info.summary == "Take from the pile."
    fast, size, colour = info.options
    assert (fast.kind, fast.default, fast.choices) == ("bool", True, [])
    assert (size.default, size.minimum, size.maximum) == (12, 5, 20)
    assert (colour.default, colour.choices) == ("red", ["red", "blue"])
    assert [(a.key, a.description) for a in info.standing_answers] == [
        ("never-take", "never take from the pile")
    ]
    assert info.resolve_options({"size": "7"}) == {"fast": True, "size": 7, "colour": "red"}


def test_a_default_the_option_would_refuse_is_refused() -> None:
    with pytest.raises(BadOptions):
        info_of(TEXT.replace("| red | red blue |", "| green | red blue |"))


def test_terra_nova_reads_its_info_from_its_data_file() -> None:
    info = read_info("engine.games.terra_nova")
    assert info.key == "terra-nova"
    assert [option.key for option in info.options] == ["first-game", "turn-order", "variant"]
    assert info.options[0].default is False
