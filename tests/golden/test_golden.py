"""Every stored golden game replays to the results recorded with it (see tests/golden)."""

from __future__ import annotations

import pytest

import engine
from tests.golden import ROOT, Spec, Transcript, replay, specs

SPECS = list(specs())


@pytest.mark.parametrize("spec", SPECS, ids=[f"{s.game}/{s.name}" for s in SPECS])
def test_golden_game_replays_to_its_recorded_results(spec: Spec) -> None:
    assert spec.path.exists(), f"{spec.path} is missing: record it with `make golden`"
    text = spec.path.read_text(encoding="utf-8")
    stored = Transcript.parse(text)
    assert stored.text() == text
    assert (stored.game, stored.players, stored.seed) == (spec.game, list(spec.players), spec.seed)
    assert stored.options == spec.options
    assert replay(stored) == stored.results


def test_every_stored_file_is_a_golden_game_of_the_list() -> None:
    stored = {path.relative_to(ROOT) for path in ROOT.glob("*/*.txt")}
    assert stored == {spec.path.relative_to(ROOT) for spec in SPECS}


def test_every_registered_game_has_golden_games_with_players_leaving_and_whole_turns() -> None:
    for game in engine.all_games():
        labels = {spec.label for spec in SPECS if spec.game == game.info.key}
        assert {"default", "leaving", "whole-turns"} <= labels, game.info.key


def test_the_golden_games_stay_small() -> None:
    assert sum(path.stat().st_size for path in ROOT.glob("*/*.txt")) < 1_000_000
