"""The whole service: one object per process (or per store connection) serving any transport."""

from __future__ import annotations

from .bots import BotService
from .completion import CompletionService
from .confirmations import ConfirmationService
from .guide import GuideService
from .info import InfoService
from .languages import LanguageService
from .listings import ListingService
from .lobby import LobbyService
from .lobby_message import LobbyMessageService
from .previews import PreviewService
from .records import RecordService
from .standing import StandingService
from .undo import UndoService


class Service(
    ConfirmationService,
    BotService,
    StandingService,
    UndoService,
    PreviewService,
    LobbyService,
    LobbyMessageService,
    RecordService,
    InfoService,
    ListingService,
    CompletionService,
    GuideService,
    LanguageService,
):
    """Tables in channels, played by users, stored in SQLite, answered with `Reply` data.

    Build it with `Service(store, games=…, renderer=…, animator=…, clock=…, default_language=…)`;
    every argument but the store has a default (the engine's registry, `render.render_png`, the
    UTC clock, English).
    """
