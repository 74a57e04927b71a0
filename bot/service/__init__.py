"""The transport-independent service: tables, seats, turns, undo by consent, replies as data."""

from .catalog import GameCatalog, Renderer, default_renderer
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
from .model import BoardImage, Channel, LobbyPost, Mention, Reply, TableSummary, User
from .service import Service

__all__ = [
    "BadRequest",
    "BoardChanged",
    "BoardImage",
    "Channel",
    "GameCatalog",
    "ListingStyle",
    "LobbyPost",
    "Mention",
    "NoOpenTable",
    "NotAllowed",
    "Renderer",
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
    "default_renderer",
]
