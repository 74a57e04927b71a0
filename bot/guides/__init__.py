"""Each game's guide for /rules: how to play in a few pages, and topics (a faction, a card, a
tile …) whose texts come from the engine's own data. The prose lives in per-language files,
`bot/guides/<lang>/<game-key>.md`; see `guide.py` and `book.py`."""

from .book import Component, GuideFileError
from .guide import (
    DEFAULT_LANGUAGE,
    MAIN,
    Guide,
    GuidePage,
    Topic,
    TopicNotFound,
    clear_cache,
    fold,
    guide_for,
    languages,
)

__all__ = [
    "DEFAULT_LANGUAGE",
    "MAIN",
    "Component",
    "Guide",
    "GuideFileError",
    "GuidePage",
    "Topic",
    "TopicNotFound",
    "clear_cache",
    "fold",
    "guide_for",
    "languages",
]
