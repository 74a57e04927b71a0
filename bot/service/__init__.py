"""The transport-independent service: tables, seats, turns, undo by consent, replies as data."""

from .catalog import Animator, GameCatalog, Renderer, default_animator, default_renderer
from .errors import (
    BadRequest,
    BoardChanged,
    NoOpenTable,
    NotAllowed,
    RulesError,
    ServiceError,
    TableAlreadyOpen,
    TableChanged,
    UndoRefused,
    WrongStage,
)
from .listings import ListingStyle
from .model import (
    Attachment,
    BoardImage,
    Channel,
    Drawing,
    LobbyPost,
    Mention,
    Reply,
    TableSummary,
    User,
)
from .records import ReplayJob
from .service import Service

__all__ = [
    "Animator",
    "Attachment",
    "BadRequest",
    "BoardChanged",
    "BoardImage",
    "Channel",
    "Drawing",
    "GameCatalog",
    "ListingStyle",
    "LobbyPost",
    "Mention",
    "NoOpenTable",
    "NotAllowed",
    "Renderer",
    "ReplayJob",
    "Reply",
    "RulesError",
    "Service",
    "ServiceError",
    "TableAlreadyOpen",
    "TableChanged",
    "TableSummary",
    "UndoRefused",
    "User",
    "WrongStage",
    "default_animator",
    "default_renderer",
]
