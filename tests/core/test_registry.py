"""The registry: `engine.all_games()` lists every game, `engine.get(key)` finds one."""

from __future__ import annotations

import pytest

import engine
from engine.core.errors import UnknownGame
from engine.core.game import Game


def test_games_are_listed_once_each() -> None:
    keys = [game.info.key for game in engine.all_games()]
    assert "terra-nova-2006" in keys
    assert len(keys) == len(set(keys))
    assert all(isinstance(game, Game) for game in engine.all_games())


def test_get_finds_each_listed_game() -> None:
    for game in engine.all_games():
        assert engine.get(game.info.key) is game


def test_an_unknown_key_names_itself_and_the_known_games() -> None:
    with pytest.raises(UnknownGame) as caught:
        engine.get("terra-mystica")
    assert caught.value.key == "terra-mystica"
    assert "'terra-mystica'" in str(caught.value)
    assert "terra-nova-2006" in str(caught.value)


def test_game_metadata_is_consistent() -> None:
    for game in engine.all_games():
        info = game.info
        assert 1 <= info.min_players <= info.max_players
        assert info.name and info.summary
        for spec in info.options:
            assert spec.coerce(spec.default) == spec.default


def test_game_packages_import_by_their_dotted_name() -> None:
    import engine.games.terra_nova_2006 as tn2006
    import engine.games.tiny_towns as tt

    assert engine.get("tiny-towns").__class__ is tt.TinyTowns
    assert engine.get("terra-nova-2006").__class__ is tn2006.TerraNova2006
