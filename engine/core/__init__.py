"""What all games share: the protocol and its phase table, typed actions and views, the
copy-on-write state builder, chance, errors, ranking and its tie-breaks, forced actions and
standing answers, connected groups, hex grids, board files, cell codes, data files, lazily
computed attributes, typed records from data files and notation helpers (forms)."""

from .action import Action
from .automatic import Automatic, StandingAnswer
from .boardfile import BoardFile, read_board
from .builder import StateBuilder
from .cells import positions
from .chance import Chance, Draw, forced
from .datafile import one_of, read_kinds, read_rows, read_text
from .echo import printable, shorten
from .errors import (
    ActionError,
    BadOptions,
    EngineError,
    GameOver,
    IllegalAction,
    NotYourTurn,
    ParseError,
    UnknownGame,
)
from .forms import Form
from .game import (
    ActionText,
    BaseState,
    Event,
    Game,
    GameInfo,
    OptionSpec,
    OptionValue,
    Phase,
    Result,
    option_key,
)
from .groups import components, flood, reach
from .hexgrid import DIRECTION_NAMES, DIRECTIONS, Hex, HexBoard, HexGrid
from .infofile import read_info
from .lazy import once
from .messages import Message, Param, about, and_chain, chain, comma_chain, msg, plural_msg, term
from .notation import join_turn, nearest, normalize, split_turn
from .ranking import TieBreak, outcome_lines, rank, winner_text
from .records import from_row
from .rng import Rng
from .view import HexCellView, LinkView, View

__all__ = [
    "DIRECTIONS",
    "DIRECTION_NAMES",
    "Action",
    "ActionError",
    "ActionText",
    "Automatic",
    "BadOptions",
    "BaseState",
    "BoardFile",
    "Chance",
    "Draw",
    "EngineError",
    "Event",
    "Form",
    "Game",
    "GameInfo",
    "GameOver",
    "Hex",
    "HexBoard",
    "HexCellView",
    "HexGrid",
    "IllegalAction",
    "LinkView",
    "Message",
    "NotYourTurn",
    "OptionSpec",
    "OptionValue",
    "Param",
    "ParseError",
    "Phase",
    "Result",
    "Rng",
    "StandingAnswer",
    "StateBuilder",
    "TieBreak",
    "UnknownGame",
    "View",
    "about",
    "and_chain",
    "chain",
    "comma_chain",
    "components",
    "flood",
    "forced",
    "from_row",
    "join_turn",
    "msg",
    "nearest",
    "normalize",
    "once",
    "one_of",
    "option_key",
    "outcome_lines",
    "plural_msg",
    "positions",
    "printable",
    "rank",
    "reach",
    "read_board",
    "read_info",
    "read_kinds",
    "read_rows",
    "read_text",
    "shorten",
    "split_turn",
    "term",
    "winner_text",
]
