"""The typed view the renderer reads: its data reads back as the same model, the viewer's own
entry (and only theirs) carrying the secret monument cards."""

from __future__ import annotations

from engine.core.playout import random_playout
from engine.games.tiny_towns.view import OwnPlayerView, TinyTownsView

from .helpers import GAME


def test_every_view_reads_back_from_its_data_with_only_the_viewers_secrets() -> None:
    names = ["alice", "bob", "carol"]
    state = GAME.new_game(names, 4)
    log = random_playout(GAME, names, 4).log
    for number, (seat, text) in enumerate(log):
        if number % 9 == 0:
            for viewer in (None, 0, 1, 2):
                view = GAME.view_of(state, viewer)
                assert TinyTownsView.of(view.data()) == view
                own = [p.seat for p in view.players if isinstance(p, OwnPlayerView)]
                assert own == ([] if viewer is None else [viewer])
        state, _ = GAME.apply(state, seat, text)
