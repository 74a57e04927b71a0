"""The typed view of a state (schema in docs/games/terra-nova-2006.md), read by the renderer.

Nothing in this game is hidden, so every viewer sees the same.
"""

from __future__ import annotations

from functools import cache, lru_cache

from engine.core import HexCellView, LinkView, Message, View, rank, winner_text

from .board import Board, standard_board
from .state import ACTIONS_PER_TURN, COLOURS, STONE, Phase, ScoredArea, TerraNova2006State
from .turn import final_text


class PlayerView(View):
    seat: int
    name: str
    colour: str
    score: int
    figures_on_board: int
    figures_to_place: int
    figures_out: int
    resigned: bool


class CellView(HexCellView):
    landscape: str


class FigureView(View):
    cell: str
    seat: int


class AreaView(View):
    cells: list[str]
    landscapes: int
    size: int
    points: int
    winners: list[int]
    #: Points per winning seat, keyed by the seat as text (JSON object keys are text).
    awarded: dict[str, int]
    turn: int


class LastTurnView(View):
    seat: int
    moves: list[LinkView]
    stones: list[str]
    placed: str | None
    passed: bool
    #: Indices into the view's `areas` of the areas this turn closed.
    areas: list[int]


class TerraNova2006View(View):
    game: str = "terra-nova-2006"
    phase: Phase
    turn: int
    to_act: list[int]
    actions_left: int
    stones_left: int
    players: list[PlayerView]
    cells: list[CellView]
    figures: list[FigureView]
    stones: list[str]
    areas: list[AreaView]
    last_turn: LastTurnView | None
    winner_text: str | None


def view_winner_text(view: TerraNova2006View) -> Message | None:
    """The message whose English the view's `winner_text` holds, read from the view (the
    renderer words it in the reader's language); None before the end."""
    if view.phase != "over":
        return None
    players = view.players
    best = rank([p.score for p in players], [p.resigned for p in players])[0]
    return winner_text([p.name for p in players], best, players[best[0]].score)


def build_view(board: Board, state: TerraNova2006State) -> TerraNova2006View:
    names, over = board.names, state.phase == "over"
    actions_left = {"over": 0, "placement": 1}.get(state.phase, ACTIONS_PER_TURN - len(state.done))
    return TerraNova2006View(
        phase=state.phase,
        turn=state.turn,
        to_act=[] if over else [state.current],
        actions_left=actions_left,
        stones_left=state.stones_left,
        players=[
            PlayerView(
                seat=seat,
                name=name,
                colour=COLOURS[seat],
                score=state.scores[seat],
                figures_on_board=state.board.count(seat),
                figures_to_place=state.to_place[seat],
                figures_out=state.out[seat],
                resigned=state.resigned[seat],
            )
            for seat, name in enumerate(state.players)
        ],
        cells=_cells(),
        figures=[
            FigureView(cell=names[cell], seat=code)
            for cell, code in enumerate(state.board)
            if code >= 0
        ],
        stones=[names[cell] for cell, code in enumerate(state.board) if code == STONE],
        areas=[_area_view(*_area_content(area)) for area in state.areas],
        last_turn=_last_turn(board, state),
        winner_text=final_text(state).english() if over else None,
    )


@cache
def _cells() -> list[CellView]:
    """The board's cells, the same in every view (views are frozen once built)."""
    board = standard_board()
    return [
        CellView(name=board.names[i], q=cell.q, r=cell.r, landscape=board.landscape_key(i))
        for i, cell in enumerate(board.grid.cells)
    ]


#: Views of scored areas kept (a late board shows a dozen; a bot playing many tables cycles
#: through some hundred).
AREA_VIEWS = 1024

AreaContent = tuple[tuple[int, ...], int, int, tuple[int, ...], int, int]


def _area_content(area: ScoredArea) -> AreaContent:
    """Everything the view of a scored area shows, hashable: the key of its kept view."""
    cells, winners = tuple(area.cells), tuple(area.winners)
    return cells, area.landscapes, area.points, winners, area.share, area.turn


@lru_cache(maxsize=AREA_VIEWS)
def _area_view(
    cells: tuple[int, ...],
    landscapes: int,
    points: int,
    winners: tuple[int, ...],
    share: int,
    turn: int,
) -> AreaView:
    """The view of a scored area, kept by its content: an area never changes once scored, and
    late in a game every view shows ten or more (views are frozen, so each is shared)."""
    names = standard_board().names
    return AreaView(
        cells=[names[cell] for cell in cells],
        landscapes=landscapes,
        size=len(cells),
        points=points,
        winners=list(winners),
        awarded={str(seat): share for seat in winners},
        turn=turn,
    )


def _last_turn(board: Board, state: TerraNova2006State) -> LastTurnView | None:
    record = state.last_turn
    if record is None:
        return None
    names = board.names
    return LastTurnView(
        seat=record.seat,
        moves=[LinkView(start=names[a], end=names[b]) for a, b in record.moves],
        stones=[names[cell] for cell in record.stones],
        placed=None if record.placed is None else names[record.placed],
        passed=record.passed,
        areas=list(record.areas),
    )
