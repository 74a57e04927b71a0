"""Carrying out checked actions on a private copy of a state, then freezing it again.

`TurnBuilder` copies only the lists an action can change; `finish` returns a new state that
shares everything else with the old one (states are never mutated). It also runs what follows
an action by itself: scoring closed areas, ending the turn when no action is left, moving on
to the next player, and ending the game.
"""

from __future__ import annotations

from engine.core import Event

from . import rules
from .board import Board
from .state import (
    ACTIONS_PER_TURN,
    FREE,
    STONE,
    MovedFigure,
    ScoredArea,
    TerraNova2006State,
    TurnRecord,
)
from .view import winner_text

#: Points per cell of a scored area, by its number of landscapes (at most 3).
POINTS_PER_CELL: dict[int, int] = {1: 3, 2: 2, 3: 1}


class TurnBuilder:
    def __init__(self, board: Board, state: TerraNova2006State) -> None:
        self.board = board
        self.old = state
        self.players = state.players
        self.cells = list(state.board)
        self.scores = list(state.scores)
        self.to_place = list(state.to_place)
        self.out = list(state.out)
        self.resigned = list(state.resigned)
        self.moved = [m.model_copy() for m in state.moved]
        self.areas = list(state.areas)
        self.phase = state.phase
        self.turn = state.turn
        self.current = state.current
        self.done = state.done
        self.stones_left = state.stones_left
        self.open_cells = state.open_cells
        self.end_reason = state.end_reason
        self.record = state.last_turn
        self.events: list[Event] = []

    # -- actions (already checked by the game) ------------------------------------------

    def place(self, cell: int) -> None:
        seat = self.current
        self.cells[cell] = seat
        self.to_place[seat] -= 1
        self._record().placed = cell
        self._say(f"{self.players[seat]} places a figure on {self.board.names[cell]}", seat)
        self._end_turn()

    def move(self, start: int, end: int) -> None:
        seat = self.current
        self.cells[start], self.cells[end] = FREE, seat
        figure = next((m for m in self.moved if m.at == start), None)
        if figure is None:
            self.moved.append(MovedFigure(start=start, at=end, moves=1))
        else:
            figure.at, figure.moves = end, figure.moves + 1
        self.done += "M"
        self._record().moves.append((start, end))
        names = self.board.names
        self._say(f"{self.players[seat]} moves {names[start]} → {names[end]}", seat)
        self._after_action()

    def stone(self, cell: int) -> None:
        seat = self.current
        self.cells[cell] = STONE
        self.stones_left -= 1
        self.open_cells -= 1
        self.done += "S"
        self._record().stones.append(cell)
        left = f"{self.stones_left} left" if self.stones_left else "the last one"
        self._say(f"{self.players[seat]} places a stone on {self.board.names[cell]} ({left})", seat)
        for area in rules.new_areas(self.board, self.cells, cell):
            self._score(area)
        if self.open_cells == 0:
            self._game_over("every free cell belongs to a scored area")
        elif self.stones_left == 0:
            self._game_over("the last boundary stone is placed, so no area can close any more")
        else:
            self._after_action()

    def pass_turn(self) -> None:
        seat = self.current
        self._record().passed = True
        self._say(f"{self.players[seat]} cannot move a figure and passes", seat)
        self._end_turn()

    def skip(self) -> None:
        seat = self.current
        name = self.players[seat]
        if self.phase == "placement":
            self.to_place[seat] -= 1
            self.out[seat] += 1
            self._say(f"{name} is skipped; the figure they would have placed is set aside", seat)
        else:
            if not self.done:
                self._record().passed = True
            self._say(f"{name} is skipped for the rest of this turn", seat)
        self._end_turn()

    def resign(self, seat: int) -> None:
        name = self.players[seat]
        on_board = [cell for cell, code in enumerate(self.cells) if code == seat]
        for cell in on_board:
            self.cells[cell] = FREE
        self.out[seat] += len(on_board) + self.to_place[seat]
        self.to_place[seat] = 0
        self.resigned[seat] = True
        self._say(
            f"{name} resigns: their figures leave the board; they keep "
            f"{self.scores[seat]} points but rank last",
            seat,
        )
        if sum(not r for r in self.resigned) <= 1:
            self._game_over("at most one player has not resigned")
        elif seat == self.current:
            self._end_turn()
        else:
            self._at_most_one_can_move()

    # -- what follows an action ---------------------------------------------------------

    def _score(self, area: list[int]) -> None:
        kinds = rules.landscape_count(self.board, area)
        points = len(area) * POINTS_PER_CELL[kinds]
        counts = [0] * len(self.players)
        for cell in area:
            if self.cells[cell] >= 0:
                counts[self.cells[cell]] += 1
        top = max(counts)
        winners = [seat for seat, n in enumerate(counts) if n == top and top > 0]
        share = points // len(winners) if winners else 0
        for seat in winners:
            self.scores[seat] += share
        self.open_cells -= len(area)
        self.areas.append(
            ScoredArea(
                cells=area,
                landscapes=kinds,
                points=points,
                winners=winners,
                share=share,
                turn=self.turn,
            )
        )
        self._record().areas.append(len(self.areas) - 1)
        self._say(self._area_text(len(area), kinds, points, winners, share))
        for cell in area:
            self.cells[cell] = FREE
        inside = set(area)
        self.moved = [m for m in self.moved if m.at not in inside]
        for seat, n in enumerate(counts):
            if n:
                self.out[seat] += n
                figures = "1 figure leaves" if n == 1 else f"{n} figures leave"
                self._say(f"{self.players[seat]}'s {figures} the game", seat)

    def _area_text(self, size: int, kinds: int, points: int, winners: list[int], share: int) -> str:
        head = (
            f"the stone closes an area of {size} cell{'s' if size > 1 else ''} with {kinds} "
            f"landscape{'s' if kinds > 1 else ''} worth {points} points"
        )
        if not winners:
            return f"{head}: no figures in it, nobody scores"
        names = [self.players[s] for s in winners]
        if len(names) == 1:
            return f"{head}: {names[0]} takes {share}"
        return f"{head}: {' and '.join(names)} tie and take {share} each"

    def _after_action(self) -> None:
        """End the game at once if at most one player can still move (the rest of the turn is
        not played, so nothing more scores); else end the turn once three actions are done or
        no further action is possible."""
        if self._at_most_one_can_move():
            return
        if len(self.done) >= ACTIONS_PER_TURN:
            self._end_turn()
            return
        can_stone = bool(rules.stone_cells(self.board, self.cells, self.moved))
        if not can_stone and not rules.has_legal_move(
            self.board, self.cells, self.current, self.moved
        ):
            self._say(f"{self.players[self.current]} has no further action; the turn ends")
            self._end_turn()

    def _end_turn(self) -> None:
        self.done, self.moved = "", []
        if self.phase == "placement":
            waiting = [s for s in self._seats_after(self.current) if self.to_place[s] > 0]
            if waiting:
                self.turn, self.current = self.turn + 1, waiting[0]
                return
            self.phase = "play"
            self._say("every figure is placed; the play phase begins")
            previous = len(self.players) - 1
        else:
            previous = self.current
        if self._at_most_one_can_move():
            return
        self.turn += 1
        for seat in self._seats_after(previous):
            if seat in self.cells:
                self.current = seat
                return
            self._say(f"{self.players[seat]} has no figures left and is skipped", seat)

    def _at_most_one_can_move(self) -> bool:
        """End the game if at most one player who has not resigned has a figure with a free
        neighbouring cell (a figure boxed in by figures counts as unable to move, as the book
        calls any figure that cannot be moved blocked)."""
        movers = [
            s
            for s in range(len(self.players))
            if not self.resigned[s] and rules.can_move(self.board, self.cells, s)
        ]
        if len(movers) > 1:
            return False
        self._game_over("at most one player can still move a figure")
        return True

    def _seats_after(self, seat: int) -> list[int]:
        """The seats that have not resigned, in turn order starting after `seat`."""
        count = len(self.players)
        order = [(seat + step) % count for step in range(1, count + 1)]
        return [s for s in order if not self.resigned[s]]

    def _game_over(self, reason: str) -> None:
        self.phase, self.done, self.moved, self.end_reason = "over", "", [], reason
        self._say(f"the game ends: {reason}")
        self._say(winner_text(self.players, self.scores, self.resigned))

    # -- bookkeeping --------------------------------------------------------------------

    def _record(self) -> TurnRecord:
        """The record of the current turn: started at its first action, copied before changes."""
        if self.record is None or self.record.turn != self.turn:
            self.record = TurnRecord(turn=self.turn, seat=self.current)
        elif self.record is self.old.last_turn:
            old = self.record
            self.record = old.model_copy(
                update={
                    "moves": list(old.moves),
                    "stones": list(old.stones),
                    "areas": list(old.areas),
                }
            )
        return self.record

    def _say(self, text: str, seat: int | None = None) -> None:
        self.events.append(Event(text=text, seat=seat))

    def finish(self) -> TerraNova2006State:
        return self.old.model_copy(
            update={
                "phase": self.phase,
                "turn": self.turn,
                "current": self.current,
                "board": self.cells,
                "stones_left": self.stones_left,
                "open_cells": self.open_cells,
                "scores": self.scores,
                "to_place": self.to_place,
                "out": self.out,
                "resigned": self.resigned,
                "done": self.done,
                "moved": self.moved,
                "areas": self.areas,
                "last_turn": self.record,
                "end_reason": self.end_reason,
            }
        )
