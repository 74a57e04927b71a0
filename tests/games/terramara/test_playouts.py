"""Seeded random playouts of Terramara over 2–4 players and both modes.

300 games are played with random legal actions (engine.core.playout): each must finish within
the action cap without raising, and replaying its log must reach an equal state. Along a share
of them every legal text must parse back to itself (text → action → text is the identity), and
every action must leave its input untouched and the supply, tracks and members consistent.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine.core import Rng
from engine.core.playout import Playout, random_playout, replay_log
from engine.games.terramara import TerramaraState
from engine.games.terramara.board import TILES_PER_KIND
from engine.games.terramara.content import ARTIFACTS
from engine.games.terramara.crafting import can_pay, payments
from engine.games.terramara.legal import RULES, open_kinds
from engine.games.terramara.rules import supply

from .helpers import GAME, NAMES

GAMES = 300
MAX_ACTIONS = 5_000
CHECKED_GAMES = 12


@dataclass
class Record:
    players: list[str]
    seed: int
    options: dict[str, bool]
    playout: Playout


def setting(seed: int) -> tuple[list[str], dict[str, bool]]:
    count = 2 + seed % 3
    return list(NAMES[:count]), {"first-game": (seed // 3) % 2 == 0}


@cache
def played() -> tuple[Record, ...]:
    records = []
    for seed in range(GAMES):
        players, options = setting(seed)
        records.append(
            Record(
                players, seed, options, random_playout(GAME, players, seed, options, MAX_ACTIONS)
            )
        )
    return tuple(records)


def test_random_games_over_every_count_and_mode_finish() -> None:
    records = played()
    assert len(records) >= 300
    assert {(len(r.players), r.options["first-game"]) for r in records} == {
        (n, first) for n in (2, 3, 4) for first in (True, False)
    }
    assert [r.seed for r in records if not r.playout.finished] == []
    for record in records:
        state = record.playout.state
        assert GAME.is_over(state) and GAME.to_act(state) == frozenset()
        assert sorted(s for group in GAME.ranking(state) for s in group) == list(
            range(len(record.players))
        )


def test_replaying_a_log_reaches_an_equal_state() -> None:
    for record in played():
        replayed = replay_log(GAME, record.players, record.seed, record.options, record.playout.log)
        assert replayed.model_dump() == record.playout.state.model_dump(), record.seed


def test_every_legal_text_parses_back_and_positions_stay_consistent() -> None:
    for record in played()[:CHECKED_GAMES]:
        state = GAME.new_game(record.players, record.seed, record.options)
        for seat, text in record.playout.log:
            for legal in GAME.legal_actions(state, seat):
                action = GAME.parse(state, legal)
                assert action.text() == legal and action.kind == legal.split()[0]
                assert GAME.public_text(state, seat, legal) == legal  # nothing is secret
            values = GAME.legal(state, seat)
            assert len(set(values)) == len(values)
            assert all(GAME.why(state, seat, action) is None for action in values)
            _fast_paths_agree(state, seat)
            before = state.model_dump()
            after = GAME.apply(state, seat, text).state
            assert state.model_dump() == before, text  # apply never changes its input
            state = after
            _consistent(state)


def _fast_paths_agree(state: TerramaraState, seat: int) -> None:
    """The quick listings (placements, crafts, reserves) and the quick payment check agree
    with the checkers."""
    for kind in open_kinds(state, seat):
        rule = RULES.get(kind)
        if rule is None or rule.legal is None:
            continue
        slow = [a for a in rule.candidates(state, seat) if rule.problem(state, seat, a) is None]
        assert sorted(a.text() for a in rule.listed(state, seat)) == sorted(a.text() for a in slow)
    player = state.seats[seat]
    for key in [k for k in state.river if k] + ([player.reserved] if player.reserved else []):
        for raw_ok, less_each in ((False, False), (True, False), (False, True)):
            reserved = key == player.reserved
            flags = {"reserved": reserved, "raw_ok": raw_ok, "less_each": less_each}
            assert can_pay(player, key, **flags) == bool(payments(player, key, **flags))


def _consistent(state: TerramaraState) -> None:
    for kind in range(4):
        assert 0 <= supply(state, kind) <= TILES_PER_KIND
    tokens = [t for ts in state.spaces.values() for t in ts]
    for index, seat in enumerate(state.seats):
        assert min(seat.raw) >= 0 and min(seat.processed) >= 0
        assert 0 <= seat.military <= 20 and 0 <= seat.culture <= 14
        out = sum(1 for t in tokens if t == f"s{index}")
        placed_in_hut = seat.hut.count("scout")
        assert seat.home_scouts + out + placed_in_hut == seat.scouts
    assert sum(s.warriors for s in state.seats) + sum(t[0] == "w" for t in tokens) <= 4


def test_determinize_redraws_only_the_deck_order_within_levels_and_later_draws() -> None:
    record = played()[5]
    state = GAME.new_game(record.players, record.seed, record.options)
    changed = 0
    for index, (seat, text) in enumerate(record.playout.log):
        if index % 25 == 0:
            for viewer in [None, *range(len(record.players))]:
                guess = GAME.determinize(state, viewer, Rng(seed=index))
                assert GAME.view(guess, viewer) == GAME.view(state, viewer)
                assert sorted(guess.deck) == sorted(state.deck)
                levels = [ARTIFACTS[key].level for key in guess.deck]
                assert levels == sorted(levels)
                changed += guess.deck != state.deck
                if viewer is not None:
                    assert GAME.legal_actions(guess, viewer) == GAME.legal_actions(state, viewer)
        state = GAME.apply(state, seat, text).state
    assert changed
