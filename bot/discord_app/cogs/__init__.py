"""One cog per feature of the Discord bot."""

from .bots import BotsCog
from .confirm import ConfirmationCog
from .guide import GuideCog
from .info import InfoCog
from .languages import LanguagesCog
from .lobby import LobbyCog
from .moderation import ModerationCog
from .play import PlayCog
from .ratings import RatingsCog
from .records import RecordsCog
from .undo import UndoCog

__all__ = [
    "BotsCog",
    "ConfirmationCog",
    "GuideCog",
    "InfoCog",
    "LanguagesCog",
    "LobbyCog",
    "ModerationCog",
    "PlayCog",
    "RatingsCog",
    "RecordsCog",
    "UndoCog",
]
