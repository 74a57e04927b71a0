"""Carrying out checked actions on a copy-on-write state (engine.core.builder).

Besides the action itself, `TurnBuilder` runs what follows it: scoring closed areas, ending the
turn when no action is left, moving on to the next player, and ending the game.
"""

from __future__ import annotations

from engine.core import Message, StateBuilder, and_chain, msg, plural_msg, rank, winner_text

from . import rules
from .actions import Action
from .board import standard_board
from .state import (
    ACTIONS_PER_TURN,
    FREE,
    STONE,
    MovedFigure,
    ScoredArea,
    TerraNova2006State,
    TurnRecord,
)

#: Points per cell of a scored area, by its number of landscapes (at most 3).
POINTS_PER_CELL: dict[int, int] = {1: 3, 2: 2, 3: 1}


class TurnBuilder(StateBuilder[TerraNova2006State]):
    board = standard_board()

    # -- actions (already checked by the game) ------------------------------------------

    def perform(self, seat: int, action: Action) -> None:
        if action.kind == "place":
            self.place(action.cells[0])
        elif action.kind == "move":
            self.move(*action.cells)
        elif action.kind == "stone":
            self.stone(action.cells[0])
        else:
            self.pass_turn()

    def place(self, cell: int) -> None:
        seat = self.state.current
        self.edit("board")[cell] = seat
        self.edit("to_place")[seat] -= 1
        self._record().placed = cell
        self.tell(seat, "{player} places a figure on {cell}", cell=self.board.names[cell])
        self._end_turn()

    def move(self, start: int, end: int) -> None:
        state, seat = self.state, self.state.current
        cells = self.edit("board")
        cells[start], cells[end] = FREE, seat
        index = next((i for i, m in enumerate(state.moved) if m.at == start), None)
        if index is None:
            self.edit("moved").append(MovedFigure(start=start, at=end, moves=1))
        else:
            figure = self.edit_item("moved", index)
            figure.at, figure.moves = end, figure.moves + 1
        state.done += "M"
        self._record().moves.append((start, end))
        names = self.board.names
        self.tell(seat, "{player} moves {start} → {end}", start=names[start], end=names[end])
        self._after_action()

    def stone(self, cell: int) -> None:
        state, seat = self.state, self.state.current
        self.edit("board")[cell] = STONE
        state.stones_left -= 1
        state.open_cells -= 1
        state.done += "S"
        self._record().stones.append(cell)
        player, name = self.who(seat), self.board.names[cell]
        if state.stones_left:
            said = msg(
                "{player} places a stone on {cell} ({count} left)",
                player=player,
                cell=name,
                count=state.stones_left,
            )
        else:
            said = msg("{player} places a stone on {cell} (the last one)", player=player, cell=name)
        self.say(said, seat)
        for area in rules.new_areas(self.board, state.board, cell):
            self._score(area)
        if state.open_cells == 0:
            self._game_over(msg("every free cell belongs to a scored area"))
        elif state.stones_left == 0:
            self._game_over(msg("the last boundary stone is placed, so no area can close any more"))
        else:
            self._after_action()

    def pass_turn(self) -> None:
        seat = self.state.current
        self._record().passed = True
        self.tell(seat, "{player} cannot move a figure and passes")
        self._end_turn()

    def skip(self, seat: int) -> None:
        state, seat = self.state, self.state.current
        name = self.who(seat)
        if state.phase == "placement":
            self.edit("to_place")[seat] -= 1
            self.edit("out")[seat] += 1
            self.say(
                msg(
                    "{player} is skipped; the figure they would have placed is set aside",
                    player=name,
                ),
                seat,
            )
        else:
            if not state.done:
                self._record().passed = True
            self.say(msg("{player} is skipped for the rest of this turn", player=name), seat)
        self._end_turn()

    def resign(self, seat: int) -> None:
        state = self.state
        on_board = [cell for cell, code in enumerate(state.board) if code == seat]
        cells = self.edit("board")
        for cell in on_board:
            cells[cell] = FREE
        self.edit("out")[seat] += len(on_board) + state.to_place[seat]
        self.edit("to_place")[seat] = 0
        self.edit("resigned")[seat] = True
        self.say(
            plural_msg(
                "{player} resigns: their figures leave the board; they keep {count} points "
                "but rank last",
                "{player} resigns: their figures leave the board; they keep {count} points "
                "but rank last",
                player=self.who(seat),
                count=state.scores[seat],
            ),
            seat,
        )
        if sum(not r for r in state.resigned) <= 1:
            self._game_over(msg("at most one player has not resigned"))
        elif seat == state.current:
            self._end_turn()
        else:
            self._at_most_one_can_move()

    # -- what follows an action ---------------------------------------------------------

    def _score(self, area: list[int]) -> None:
        state = self.state
        kinds = rules.landscape_count(self.board, area)
        points = len(area) * POINTS_PER_CELL[kinds]
        counts = [0] * len(state.players)
        for cell in area:
            if state.board[cell] >= 0:
                counts[state.board[cell]] += 1
        top = max(counts)
        winners = [seat for seat, n in enumerate(counts) if n == top and top > 0]
        share = points // len(winners) if winners else 0
        scores = self.edit("scores")
        for seat in winners:
            scores[seat] += share
        state.open_cells -= len(area)
        scored = ScoredArea(
            cells=area,
            landscapes=kinds,
            points=points,
            winners=winners,
            share=share,
            turn=state.turn,
        )
        self.edit("areas").append(scored)
        self._record().areas.append(len(state.areas) - 1)
        self.say(self._area_text(len(area), kinds, points, winners, share))
        cells = self.edit("board")
        for cell in area:
            cells[cell] = FREE
        inside = set(area)
        if any(m.at in inside for m in state.moved):
            self.assign("moved", [m for m in state.moved if m.at not in inside])
        for seat, n in enumerate(counts):
            if n:
                self.edit("out")[seat] += n
                self.say(
                    plural_msg(
                        "{player}'s {count} figure leaves the game",
                        "{player}'s {count} figures leave the game",
                        player=self.who(seat),
                        count=n,
                    ),
                    seat,
                )

    def _area_text(
        self, size: int, kinds: int, points: int, winners: list[int], share: int
    ) -> Message:
        head = msg(
            "the stone closes an area of {cells} with {landscapes} worth {points} points",
            cells=plural_msg("{count} cell", "{count} cells", count=size),
            landscapes=plural_msg("{count} landscape", "{count} landscapes", count=kinds),
            points=points,
        )
        if not winners:
            return msg("{area}: no figures in it, nobody scores", area=head)
        names = [self.who(s) for s in winners]
        if len(names) == 1:
            return msg("{area}: {player} takes {share}", area=head, player=names[0], share=share)
        return msg(
            "{area}: {players} tie and take {share} each",
            area=head,
            players=and_chain(names),
            share=share,
        )

    def _after_action(self) -> None:
        """End the game at once if at most one player can still move (the rest of the turn is
        not played, so nothing more scores); else end the turn once three actions are done or
        no further action is possible."""
        if self._at_most_one_can_move():
            return
        state = self.state
        if len(state.done) >= ACTIONS_PER_TURN:
            self._end_turn(checked=True)
            return
        board, cells = self.board, state.board
        can_stone = not all(rules.is_blocked(board, cells, m.at) for m in state.moved)
        if not can_stone and not rules.has_legal_move(board, cells, state.current, state.moved):
            self.say(
                msg("{player} has no further action; the turn ends", player=self.who(state.current))
            )
            self._end_turn(checked=True)

    def _end_turn(self, checked: bool = False) -> None:
        """Pass the turn on (`checked`: whether the game may go on was just asked)."""
        state = self.state
        state.done = ""
        self.assign("moved", [])
        if state.phase == "placement":
            waiting = [s for s in self._seats_after(state.current) if state.to_place[s] > 0]
            if waiting:
                state.turn, state.current = state.turn + 1, waiting[0]
                return
            state.phase = "play"
            self.say(msg("every figure is placed; the play phase begins"))
            previous = len(state.players) - 1
        else:
            previous = state.current
        if not checked and self._at_most_one_can_move():
            return
        state.turn += 1
        for seat in self._seats_after(previous):
            if seat in state.board:
                state.current = seat
                return
            self.tell(seat, "{player} has no figures left and is skipped")

    def _at_most_one_can_move(self) -> bool:
        """End the game if at most one player who has not resigned has a figure with a free
        neighbouring cell (a figure boxed in by figures counts as unable to move, as the book
        calls any figure that cannot be moved blocked)."""
        if len(rules.movable_seats(self.board, self.state.board, enough=2)) > 1:
            return False  # (a player who resigned has no figures left)
        self._game_over(msg("at most one player can still move a figure"))
        return True

    def _seats_after(self, seat: int) -> list[int]:
        """The seats that have not resigned, in turn order starting after `seat`."""
        count = len(self.state.players)
        order = [(seat + step) % count for step in range(1, count + 1)]
        return [s for s in order if not self.state.resigned[s]]

    def _game_over(self, reason: Message) -> None:
        state = self.state
        state.phase, state.done, state.end_reason = "over", "", reason.english()
        self.assign("moved", [])
        self.say(msg("the game ends: {reason}", reason=reason))
        self.say(final_text(state))

    # -- bookkeeping --------------------------------------------------------------------

    def _record(self) -> TurnRecord:
        """The record of the current turn: started at its first action."""
        state = self.state
        record = state.last_turn
        if record is None or record.turn != state.turn:
            return self.assign("last_turn", TurnRecord(turn=state.turn, seat=state.current))
        edited: TurnRecord = self.edit("last_turn")
        return edited


def final_text(state: TerraNova2006State) -> Message:
    """`alice wins with 54 points`, or who shares the win (resigned players rank last)."""
    best = rank(state.scores, state.resigned)[0]
    return winner_text(state.players, best, state.scores[best[0]])
