"""What the search may know about a game beyond its rules: the defaults every game starts from.

A game's own module (one per game, registered in `heuristics/__init__.py`) subclasses
`Heuristics` and overrides what pays: an evaluation of unfinished positions, move ordering,
and how strong a lead is. Nothing here may read another seat's secrets: every method is only
ever called on a state the search sampled from what the bot's seat can see.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from engine.core.game import Game
from engine.core.rng import Rng

from ..choice import sample_softmax


class Heuristics:
    """Game-blind defaults: points so far as the evaluation, every action equally promising."""

    #: A lead of this many points in `evaluate` counts as a ~73 % chance to win (the slope of
    #: the logistic that turns a lead into a value between 0 and 1).
    scale: ClassVar[float] = 10.0
    #: Whether the other seats' choices are searched (a tree node each) or simply played by
    #: the move-ordering policy, which suits games where others hardly change one's plans.
    search_opponents: ClassVar[bool] = True
    #: How many search iterations each level spends per decision in this game; a slow engine
    #: gets fewer (see levels.py for what a level is).
    iterations: ClassVar[Mapping[str, int]] = {"easy": 0, "normal": 200, "strong": 800}
    #: How many determinisations (worlds) a search draws when something is hidden or chance
    #: lies ahead: more average better over what cannot be seen, fewer share more work.
    worlds: ClassVar[int] = 16
    #: Whether the search breaks ties between equally promising actions by its seed instead
    #: of the order the rules list them in. That order often carries sense (Terramara lists
    #: the home spaces first, and its `normal` plays clearly worse without it), but in a game
    #: where nothing is random two bots that keep it play the same game every time.
    seeded_ties: ClassVar[bool] = False

    def for_level(self, name: str) -> Heuristics:
        """The heuristics the bot level `name` decides with: these, unless a game gives a
        level its own (Tiny Towns' `strong` looks one placement further)."""
        return self

    def evaluate(self, game: Game[Any], state: Any, bot: int) -> list[float]:
        """Each seat's expected final points, estimated from an unfinished state.

        `bot` is the searching seat: where the others are not searched (`search_opponents`
        off) only its own figure is used, and the others' may be left at 0.
        """
        return [float(points) for points in game.scores(state)]

    def fixed_future(self, state: Any) -> bool:
        """Whether every determinisation of `state` plays out alike: nothing is hidden and no
        chance lies ahead. The search may then keep one state per tree node instead of
        replaying each iteration's path; the default assumes nothing and replays."""
        return False

    def candidates(self, game: Game[Any], state: Any, seat: int, actions: list[str]) -> list[str]:
        """The actions worth considering at all (a non-empty part of `actions`).

        A game may prune here what a sensible player never does; the default keeps all.
        """
        return actions

    def logits(self, game: Game[Any], state: Any, seat: int, actions: Sequence[str]) -> list[float]:
        """How promising each action looks before searching it (higher is better).

        The search tries actions in this order, gives them prior weight softmax(logit), and
        the `easy` level samples from that softmax. Must be cheap: it runs
        once for each node of the search tree.
        """
        return [0.0] * len(actions)

    def opponent_action(
        self, game: Game[Any], state: Any, seat: int, actions: Sequence[str], rng: Rng
    ) -> str:
        """What another seat plays when `search_opponents` is off: its policy's choice."""
        return actions[sample_softmax(rng, self.logits(game, state, seat, actions), 1.0)]
