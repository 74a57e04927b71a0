"""Where everything lies in the image, from top to bottom:

- the header (round, who acts, what is asked) and a key of the pieces;
- the home band: the road's start, the home spaces and the round track;
- six territory rows; beside each, the road's segment (bonus tile, outpost, crossroad);
- the road's end and the military track (one lane per marker);
- the river track (one lane per canoe, milestones and their bonus tiles) and the 8 card slots;
- one panel per player, two per line; a line of notation at the bottom.

Only the number of players changes the layout (panel lines, track lanes).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine.games.terramara.view import TerramaraView
from render.common import Box
from render.language import ENGLISH, say

from .canvas import wrapped
from .style import LINE, MARGIN, SMALL, WIDTH
from .words import draft_lines

HEADER_HEIGHT = 80
BAND_GAP = 8
HOME_HEIGHT = 136
ROW_HEIGHT = 108
ROWS = 6
ROAD_LEFT, ROAD_RIGHT = MARGIN, 240
BONUS_RIGHT = 104  # bonus tiles lie left of the road, its nodes right of them
NODE_LEFT = BONUS_RIGHT + 10
BOARD_LEFT = ROAD_RIGHT + 10  # territories, home spaces and the tracks start here
BOARD_RIGHT = WIDTH - MARGIN
TILE_GAP = 10
TILE_HEADER = 22
LANE = 24
TRACK_HEAD = 46  # a track's title and scale above its lanes
#: The height of the river's milestone list (left of the river track).
MILESTONE_LIST = 176
CARD_HEIGHT = 200
CARD_GAP = 7
SLOTS = 8
PANEL_HEIGHT = 232
PANEL_GAP = 8
LEGEND_HEIGHT = 76
DRAFT_HEAD = 30
MILITARY_CELLS = 21
RIVER_CELLS = 15


@dataclass(frozen=True)
class Layout:
    players: int
    #: Lanes on the military track: players and neutral markers (always four).
    military_lanes: int
    #: Lines of the draft's offer (advanced game set-up), 0 when there is no draft.
    draft_lines: int = 0

    # -- bands ----------------------------------------------------------------------------

    @property
    def home_top(self) -> int:
        return HEADER_HEIGHT

    @property
    def rows_top(self) -> int:
        return self.home_top + HOME_HEIGHT + BAND_GAP

    @property
    def military_top(self) -> int:
        return self.rows_top + ROWS * ROW_HEIGHT + BAND_GAP

    @property
    def military_bottom(self) -> int:
        return self.military_top + TRACK_HEAD + self.military_lanes * LANE + 6

    @property
    def river_top(self) -> int:
        return self.military_bottom + BAND_GAP

    @property
    def river_lanes_top(self) -> int:
        return self.river_top + TRACK_HEAD

    @property
    def river_bottom(self) -> int:
        lanes = self.river_lanes_top + self.players * LANE + 6
        return max(lanes, self.river_top + MILESTONE_LIST)

    @property
    def cards_top(self) -> int:
        return self.river_bottom + BAND_GAP

    @property
    def draft_top(self) -> int:
        return self.cards_top + CARD_HEIGHT + BAND_GAP + 4

    @property
    def panels_top(self) -> int:
        if not self.draft_lines:
            return self.draft_top
        return self.draft_top + DRAFT_HEAD + self.draft_lines * LINE + 8 + BAND_GAP

    @property
    def legend_top(self) -> int:
        lines = (self.players + 1) // 2
        return self.panels_top + lines * (PANEL_HEIGHT + PANEL_GAP)

    @property
    def height(self) -> int:
        return self.legend_top + LEGEND_HEIGHT

    # -- the home band and the rows -------------------------------------------------------

    def row_top(self, row: int) -> int:
        return self.rows_top + (row - 1) * ROW_HEIGHT

    def start_box(self) -> Box:
        return (NODE_LEFT, self.home_top + 4, ROAD_RIGHT, self.home_top + HOME_HEIGHT - 4)

    def home_boxes(self, count: int) -> list[Box]:
        right = ROUND_LEFT - TILE_GAP
        return _split(BOARD_LEFT, right, count, 8, self.home_top, self.home_top + HOME_HEIGHT)

    def round_boxes(self) -> list[Box]:
        top = self.home_top + 24
        return _split(ROUND_LEFT, BOARD_RIGHT, 5, 5, top, self.home_top + HOME_HEIGHT)

    def bonus_box(self, row: int) -> Box:
        top = self.row_top(row)
        return (ROAD_LEFT, top + 4, BONUS_RIGHT, top + ROW_HEIGHT - 8)

    def outpost_node(self, row: int) -> Box:
        top = self.row_top(row)
        return (NODE_LEFT, top + 4, ROAD_RIGHT, top + 46)

    def crossroad_node(self, row: int) -> Box:
        top = self.row_top(row)
        return (NODE_LEFT, top + 54, ROAD_RIGHT, top + ROW_HEIGHT - 8)

    def end_box(self) -> Box:
        return (NODE_LEFT, self.military_top, ROAD_RIGHT, self.military_top + 70)

    def tile_box(self, row: int, column: str) -> Box:
        top = self.row_top(row)
        middle = (BOARD_LEFT + BOARD_RIGHT) // 2
        if column == "left":
            return (BOARD_LEFT, top, middle - TILE_GAP // 2, top + ROW_HEIGHT - 8)
        return (middle + TILE_GAP // 2, top, BOARD_RIGHT, top + ROW_HEIGHT - 8)

    def space_boxes(self, row: int, column: str, count: int) -> list[Box]:
        left, top, right, bottom = self.tile_box(row, column)
        return _split(left + 5, right - 5, count, 5, top + TILE_HEADER + 2, bottom - 5)

    # -- the tracks -----------------------------------------------------------------------

    def military_cell(self, value: int) -> Box:
        return _cell(
            value, MILITARY_CELLS, self.military_top + TRACK_HEAD - 22, self.military_bottom
        )

    def military_lane(self, lane: int) -> int:
        """The middle y of a lane of the military track."""
        return self.military_top + TRACK_HEAD + lane * LANE + LANE // 2

    def river_cell(self, space: int) -> Box:
        return _cell(space, RIVER_CELLS, self.river_top + TRACK_HEAD - 22, self.river_bottom)

    def river_lane(self, lane: int) -> int:
        return self.river_lanes_top + lane * LANE + LANE // 2

    def slot_box(self, slot: int) -> Box:
        width = (BOARD_RIGHT - MARGIN - (SLOTS - 1) * CARD_GAP) / SLOTS
        left = round(MARGIN + (slot - 1) * (width + CARD_GAP))
        return (left, self.cards_top, round(left + width), self.cards_top + CARD_HEIGHT)

    # -- panels ---------------------------------------------------------------------------

    def panel_box(self, seat: int) -> Box:
        line, column = divmod(seat, 2)
        middle = WIDTH // 2
        top = self.panels_top + line * (PANEL_HEIGHT + PANEL_GAP)
        left, right = (MARGIN, middle - 4) if column == 0 else (middle + 4, BOARD_RIGHT)
        return (left, top, right, top + PANEL_HEIGHT)


ROUND_LEFT = BOARD_RIGHT - 5 * 40 - 4 * 5


def _split(left: int, right: int, count: int, gap: int, top: int, bottom: int) -> list[Box]:
    """`count` boxes side by side between `left` and `right`, `gap` apart."""
    width = (right - left - (count - 1) * gap) / count
    return [
        (round(left + i * (width + gap)), top, round(left + i * (width + gap) + width), bottom)
        for i in range(count)
    ]


def _cell(index: int, cells: int, top: int, bottom: int) -> Box:
    width = (BOARD_RIGHT - BOARD_LEFT) / cells
    left = BOARD_LEFT + index * width
    return (round(left), top, round(left + width), bottom)


@cache
def layout_for(players: int, military_lanes: int, draft_lines: int = 0) -> Layout:
    return Layout(players, military_lanes, draft_lines)


def layout_of(view: TerramaraView, language: str = ENGLISH) -> Layout:
    """The layout of a view. During the draft its band keeps the height of the full offer
    (players + 1 persons of up to two lines, players + 1 start cards), so that the layout —
    and the cached layer — stays the same from the first pick to the last."""
    lanes = len(view.players) + len(view.military.neutrals)
    draft = 0
    if view.draft is not None:
        offer = len(view.players) + 1
        draft = max(len(draft_rows(view, language)), 1 + 3 * offer)
    return layout_for(len(view.players), lanes, draft)


def draft_rows(view: TerramaraView, language: str = ENGLISH) -> list[tuple[str, bool]]:
    """The draft's offer as drawn: each line of `draft_lines` wrapped to the board's width,
    with whether the row continues the line above (and is indented). The first line, the
    picking order, names players and is cut short rather than wrapped: names never change
    the layout."""
    width = BOARD_RIGHT - MARGIN - 40
    lines = [say(line, language) for line in draft_lines(view)]
    rows = [(line, False) for line in lines[:1]]
    for line in lines[1:]:
        rows += [(row, index > 0) for index, row in enumerate(wrapped(line, SMALL, width))]
    return rows
