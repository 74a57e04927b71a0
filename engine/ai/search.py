"""The search: Monte-Carlo tree search over determinised states (single-observer ISMCTS).

The search draws a fixed set of *worlds*: states the bot's seat cannot tell from the real one
(sampling.py), the hidden parts and every later draw sampled. Iterations take the worlds in
turn; each walks down one shared tree whose edges are action texts, choosing by PUCT (the
game's logits as priors, progressive widening over the best-ordered candidates), adds one
node and scores it with the game's evaluation. Each node keeps its state in every world it
was reached in, so an iteration applies only the new node's action. Values are kept per
seat, so any number of players works; each seat maximises its own. When nothing is hidden
and no chance lies ahead, one world is all there is.

Budgets are counted in iterations, so a decision depends only on the state, the level and the
seed; a wall-clock limit is only a safety net and is reported when it cuts a search short.
"""

from __future__ import annotations

import math
import time
import zlib
from dataclasses import dataclass
from typing import Any

from engine.core.game import Game
from engine.core.rng import Rng

from .heuristics.base import Heuristics
from .levels import Level
from .sampling import determinize

#: Weight of the win itself against the final margin in a finished game's value.
WIN_WEIGHT = 0.75


@dataclass(frozen=True)
class Decision:
    action: str
    #: Search iterations run (0 for levels that do not search, or a single legal action).
    iterations: int
    #: True when the wall-clock safety limit stopped the search early.
    capped: bool = False


class Node:
    __slots__ = ("actions", "children", "logits", "order", "states", "totals", "visits")

    def __init__(self, seats: int) -> None:
        self.visits = 0
        self.totals = [0.0] * seats  # summed values of every seat over the visits
        self.children: dict[str, Node] = {}
        self.logits: dict[str, float] = {}
        self.actions: list[str] | None = None  # the last action list the order was made for
        self.order: list[str] = []
        self.states: dict[int, tuple[Any, list[str]]] = {}  # per world: state, candidates


def sigmoid(x: float) -> float:
    if x < -40:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def acting_seat(seats: frozenset[int], me: int) -> int:
    """Whom the search lets act when several may: the bot first, then the lowest seat."""
    return me if me in seats else min(seats)


class Search:
    def __init__(
        self,
        game: Game[Any],
        heuristics: Heuristics,
        state: Any,
        seat: int,
        level: Level,
        rng: Rng,
    ) -> None:
        self.game = game
        self.heuristics = heuristics
        self.seat = seat
        self.level = level
        self.rng = rng
        self.seats = len(state.players)
        self.root = Node(self.seats)
        count = 1 if heuristics.fixed_future(state) else heuristics.worlds
        self.worlds = [determinize(game, state, seat, rng) for _ in range(count)]
        #: Where the game asks for it, ties between equally promising actions are broken by
        #: the seed rather than by the order the rules list them in (see `seeded_ties`).
        self.tie_salt = rng.next_u64().to_bytes(8, "little") if heuristics.seeded_ties else None
        self.iteration = 0
        first = self.worlds[0]
        #: Each seat's lead at the root: values are centred on it, so that the search tells
        #: its options apart even when one seat is far ahead (the logistic is flat there).
        self.root_leads = [0.0] * self.seats
        if not game.is_over(first):
            self.root_leads = self.leads(heuristics.evaluate(game, first, seat))

    # -- one iteration ------------------------------------------------------------------

    def run(self, iterations: int, max_seconds: float | None) -> Decision:
        started = time.perf_counter()
        done = 0
        capped = False
        while done < iterations:
            self.iterate()
            done += 1
            out_of_time = max_seconds is not None and time.perf_counter() - started > max_seconds
            if done % 8 == 0 and out_of_time:
                capped = True
                break
        return Decision(self.best_root_action(), done, capped)

    def iterate(self) -> None:
        game = self.game
        world = self.iteration % len(self.worlds)
        self.iteration += 1
        node = self.root
        state, actions = self.at(node, world, self.worlds[world])
        path = [node]
        while True:
            if game.is_over(state):
                values = self.final_values(state)
                break
            mover = acting_seat(game.to_act(state), self.seat)
            action = self.select(node, state, mover, actions)
            child = node.children.get(action)
            if child is None:
                child = Node(self.seats)
                node.children[action] = child
                state, _ = self.at(child, world, self.advance(state, mover, action))
                path.append(child)
                values = self.leaf_values(state)
                break
            if world in child.states:
                state, actions = child.states[world]
            else:
                state, actions = self.at(child, world, self.advance(state, mover, action))
            node = child
            path.append(node)
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for index, value in enumerate(values):
                totals[index] += value

    def advance(self, state: Any, mover: int, action: str) -> Any:
        """The state after `action`, and after the others' turns where they are not searched."""
        game = self.game
        state = game.apply(state, mover, action).state
        if self.heuristics.search_opponents:
            return state
        while not game.is_over(state):
            other = acting_seat(game.to_act(state), self.seat)
            if other == self.seat:
                break
            actions = game.legal_actions(state, other)
            chosen = self.heuristics.opponent_action(game, state, other, actions, self.rng)
            state = game.apply(state, other, chosen).state
        return state

    def at(self, node: Node, world: int, state: Any) -> tuple[Any, list[str]]:
        """Keep `state` as the node's in `world`, with the candidates of whoever acts there."""
        if world not in node.states:
            actions: list[str] = []
            if not self.game.is_over(state):
                mover = acting_seat(self.game.to_act(state), self.seat)
                legal = self.game.legal_actions(state, mover)
                actions = self.heuristics.candidates(self.game, state, mover, legal)
            node.states[world] = (state, actions)
        return node.states[world]

    def select(self, node: Node, state: Any, mover: int, actions: list[str]) -> str:
        """PUCT over the node's best-ordered candidates, widening as its visits grow."""
        if actions != node.actions:
            self._order(node, state, mover, actions)
        order = node.order
        level = self.level
        width = min(len(order), level.width + int(level.widening * math.sqrt(node.visits)))
        candidates = order[:width]
        logits = node.logits
        top = logits[candidates[0]]
        priors = [math.exp(logits[a] - top) for a in candidates]
        norm = sum(priors)
        explore = level.exploration * math.sqrt(node.visits + 1) / norm
        first_play = node.totals[mover] / node.visits if node.visits else 0.5
        best_action, best_score = candidates[0], -math.inf
        for action, prior in zip(candidates, priors, strict=True):
            child = node.children.get(action)
            if child is None:
                score = first_play + explore * prior
            else:
                mean = child.totals[mover] / child.visits
                score = mean + explore * prior / (1 + child.visits)
            if score > best_score:
                best_action, best_score = action, score
        return best_action

    def _order(self, node: Node, state: Any, mover: int, actions: list[str]) -> None:
        missing = [a for a in actions if a not in node.logits]
        if missing:
            scores = self.heuristics.logits(self.game, state, mover, missing)
            node.logits.update(zip(missing, scores, strict=True))
        salt = self.tie_salt
        node.actions = actions
        if salt is None:  # (a stable sort: equal scores keep the rules' listing order)
            node.order = sorted(actions, key=lambda a: -node.logits[a])
        else:
            node.order = sorted(
                actions, key=lambda a: (-node.logits[a], zlib.crc32(salt + a.encode()), a)
            )

    # -- values -------------------------------------------------------------------------

    def leaf_values(self, state: Any) -> list[float]:
        game = self.game
        if game.is_over(state):
            return self.final_values(state)
        estimate = self.heuristics.evaluate(game, state, self.seat)
        return self._from_points(estimate)

    def final_values(self, state: Any) -> list[float]:
        """A finished game: mostly who won (ties split), a little by how much.

        Where the others are not searched their play is no guide, so only points count.
        """
        margins = self._from_points([float(p) for p in self.game.scores(state)])
        if not self.heuristics.search_opponents:
            return margins
        top = self.game.ranking(state)[0]
        return [
            WIN_WEIGHT * (1 / len(top) if seat in top else 0.0) + (1 - WIN_WEIGHT) * margin
            for seat, margin in enumerate(margins)
        ]

    def leads(self, points: list[float]) -> list[float]:
        """Each seat's points over its best rival's; alone, or where the others are not
        searched (their simulated play says nothing about them), its points."""
        if len(points) == 1 or not self.heuristics.search_opponents:
            return points
        return [
            own - max(p for other, p in enumerate(points) if other != seat)
            for seat, own in enumerate(points)
        ]

    def _from_points(self, points: list[float]) -> list[float]:
        """Each seat's lead, against its lead at the root, squashed to a value in (0, 1)."""
        scale = self.heuristics.scale
        return [
            sigmoid((lead - base) / scale)
            for lead, base in zip(self.leads(points), self.root_leads, strict=True)
        ]

    # -- the answer ---------------------------------------------------------------------

    def best_root_action(self) -> str:
        """The most visited root action; ties go to the better mean, then the better logit."""
        root = self.root
        best: tuple[int, float, int] | None = None
        chosen = root.order[0]
        for rank, action in enumerate(root.order):
            child = root.children.get(action)
            if child is None:
                continue
            key = (child.visits, child.totals[self.seat] / child.visits, -rank)
            if best is None or key > best:
                best, chosen = key, action
        return chosen
