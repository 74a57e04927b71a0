"""A game's guide in one language: its pages, its topics, and finding a topic by a loose name.

The guide of game `X` is `bot/guides/<lang>/X.md` (see `book.py` for its sections) followed
by the pages of `<lang>/common.md` (options, topics), rendered with this context:

- `game`: the engine's `GameInfo` (name, players, options);
- whatever `bot/guides/topics/<x>.py`'s `context()` returns (`X` with `_` for `-`): the game's
  numbers and its collections of `Component`s, read from the engine's own data;
- `topics`: the topics written out in the file (`key`, `title`), and `collections`: the name
  of each `# each` collection with its components — for pages that list what to ask about.

A game without a file still has a guide: its summary and options from `common.md`.
"""

from __future__ import annotations

import difflib
import importlib
import importlib.util
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import jinja2

from engine.core import GameInfo, Message
from engine.core.i18n import FALLBACK, word

from .book import (
    Component,
    GuideFileError,
    Page,
    Section,
    page_title,
    read_sections,
    render_pages,
    render_text,
    text_template,
    topic_head,
)

GUIDES = Path(__file__).parent
#: The guides' fallback language: the engine's (`engine.core.i18n.FALLBACK`).
DEFAULT_LANGUAGE = FALLBACK
COMMON = "common"
#: The key of the guide's own pages among its topics.
MAIN = ""
MAX_SUGGESTIONS = 5

_FOLD = re.compile(r"[\W_]+")


def fold(text: str) -> str:
    """A name reduced to lower-case letters and digits: `Feast Hall` = `feast-hall`."""
    return _FOLD.sub("", text.casefold())


@dataclass(frozen=True)
class Topic:
    key: str
    title: str
    #: Everything a player may type for it: key, title, aliases.
    names: tuple[str, ...]
    pages: tuple[Page, ...]
    #: The `# each` collection it belongs to; None for the guide's pages and written topics.
    collection: str | None = None


@dataclass(frozen=True)
class GuidePage:
    """One page as shown: the header and the page's text, and where it is in its topic."""

    game_key: str
    lang: str
    topic: str
    number: int
    count: int
    text: str


class TopicNotFound(LookupError):
    def __init__(self, typed: str, suggestions: list[Topic]) -> None:
        self.typed = typed
        self.suggestions = suggestions
        super().__init__(typed)


class Guide:
    def __init__(
        self,
        info: GameInfo,
        lang: str,
        topics: dict[str, Topic],
        texts: Mapping[str, jinja2.Template],
    ) -> None:
        self.info = info
        self.lang = lang
        self.topics = topics
        self._texts = texts
        self._index: dict[str, Topic] = {}
        for topic in topics.values():
            for name in topic.names:
                self._index.setdefault(fold(name), topic)

    def say(self, name: str, **values: Any) -> str:
        """One of the language's short texts (`# text <name>` in common.md), filled in."""
        return self._texts[name].render(game=self.info, **values).strip()

    def find(self, typed: str) -> Topic:
        """The topic `typed` names, forgiving case, spaces, hyphens and a unique beginning;
        raises TopicNotFound with the nearest topics otherwise."""
        wanted = fold(typed)
        if wanted in self._index:
            return self._index[wanted]
        starting = self._unique(t for name, t in self._index.items() if name.startswith(wanted))
        if len(starting) == 1 and wanted:
            return starting[0]
        close = difflib.get_close_matches(wanted, list(self._index), n=20, cutoff=0.6)
        near = self._unique([*starting, *(self._index[name] for name in close)])
        raise TopicNotFound(typed, [t for t in near if t.key != MAIN][:MAX_SUGGESTIONS])

    def complete(self, typed: str) -> list[Topic]:
        """Topics for autocomplete: written topics first, then those whose name begins with
        what was typed, then those containing it."""
        wanted = fold(typed)
        ordered = sorted(
            (t for t in self.topics.values() if t.key != MAIN),
            key=lambda t: t.collection is not None,
        )
        starting = [t for t in ordered if any(fold(n).startswith(wanted) for n in t.names)]
        containing = [t for t in ordered if any(wanted in fold(n) for n in t.names)]
        return self._unique([*starting, *containing])

    def page(self, key: str, number: int) -> GuidePage:
        """Page `number` (from 1, within range) of a topic (MAIN: the guide itself)."""
        topic = self.topics[key]
        count = len(topic.pages)
        page = topic.pages[number - 1]
        header = self.say("header", title=page.title, number=number, count=count)
        return GuidePage(self.info.key, self.lang, key, number, count, f"{header}\n{page.body}")

    @staticmethod
    def _unique(topics: Any) -> list[Topic]:
        seen: dict[str, Topic] = {}
        for topic in topics:
            seen.setdefault(topic.key, topic)
        return list(seen.values())


def guide_for(info: GameInfo, lang: str = DEFAULT_LANGUAGE) -> Guide:
    """The game's guide in `lang` (English where that language has no file for the game)."""
    return _load(info.model_dump_json(), lang)


def clear_cache() -> None:
    """Forget loaded guides (tests change the engine's data and read them again)."""
    _load.cache_clear()
    languages.cache_clear()


@cache
def languages() -> tuple[str, ...]:
    """The languages a guide is written in (a folder with its common pages), read once."""
    return tuple(
        sorted(path.name for path in GUIDES.iterdir() if (path / f"{COMMON}.md").is_file())
    )


@cache
def _load(info_json: str, lang: str) -> Guide:
    info = GameInfo.model_validate_json(info_json)
    common_file = _file(lang, COMMON)
    if common_file is None:
        raise GuideFileError(f"there is no guide language '{lang}'")
    common = read_sections(common_file.read_text(encoding="utf-8"), common_file.name)
    game_file = _file(lang, info.key)
    own = read_sections(game_file.read_text(encoding="utf-8"), game_file.name) if game_file else []
    context: dict[str, Any] = {"game": info, "written": game_file is not None, "language": lang}
    context.update(_module_context(info.key))
    context["topics"] = [_written_topic(s) for s in own if s.kind == "topic"]
    context["collections"] = {s.head: _components(context, s.head) for s in own if s.kind == "each"}
    topics = _topics(own, common, context, game_file.name if game_file else info.key)
    texts = {
        s.head: text_template(s.body, f"{common_file.name} text {s.head}")
        for s in common
        if s.kind == "text"
    }
    return Guide(info, lang, topics, texts)


def _file(lang: str, name: str) -> Path | None:
    for folder in (lang, DEFAULT_LANGUAGE):
        path = GUIDES / folder / f"{name}.md"
        if path.is_file():
            return path
    return None


def _module_context(game_key: str) -> Mapping[str, Any]:
    """The game's topics module's context, if the game has one."""
    name = f"{__package__}.topics.{game_key.replace('-', '_')}"
    if importlib.util.find_spec(name) is None:
        return {}
    module = importlib.import_module(name)
    context: Mapping[str, Any] = module.context()
    return context


@dataclass(frozen=True)
class _Written:
    key: str
    title: str


def _written_topic(section: Section) -> _Written:
    key, _, title = topic_head(section.head, section.head)
    return _Written(key, title)


def _components(context: Mapping[str, Any], collection: str) -> Sequence[Component]:
    found = context.get(collection)
    if not isinstance(found, Sequence) or not all(isinstance(c, Component) for c in found):
        raise GuideFileError(f"'# each {collection}': the topics module has no such collection")
    return found


def _title(component: Component, language: str) -> str:
    """The component's title in `language` (its term's words there, if it is a term)."""
    if component.title_words is not None:
        return word(component.title_words, language)
    if component.term is None:
        return component.title
    return word(Message(component.title, context=component.term), language)


def _topics(
    own: list[Section], common: list[Section], context: dict[str, Any], where: str
) -> dict[str, Topic]:
    macros = "".join(s.body + "\n" for s in own if s.kind == "macros")
    common_macros = "".join(s.body + "\n" for s in common if s.kind == "macros")
    main: list[Page] = []
    topics: dict[str, Topic] = {}

    def add(topic: Topic) -> None:
        if topic.key in topics:
            raise GuideFileError(f"{where}: the topic '{topic.key}' is there twice")
        if not topic.pages:
            raise GuideFileError(f"{where}: the topic '{topic.key}' has no text")
        topics[topic.key] = topic

    def render(title: str, body: str, extra: Mapping[str, Any], mac: str, at: str) -> list[Page]:
        values = {**context, **extra}
        return render_pages(render_text(title, mac, values, at).strip(), body, mac, values, at)

    for section in own:
        at = f"{where} '# {section.kind} {section.head}'"
        if section.kind == "page":
            main += render(page_title(section.head, at), section.body, {}, macros, at)
        elif section.kind == "topic":
            key, aliases, title = topic_head(section.head, at)
            pages = render(title, section.body, {}, macros, at)
            add(Topic(key, title, (key, title, *aliases), (*pages,)))
        elif section.kind == "each":
            for component in context["collections"][section.head]:
                title = _title(component, context["language"])
                extra = {**component.data, "key": component.key, "title": title}
                pages = render(title, section.body, extra, macros, at)
                names = (component.key, title, component.title, *component.aliases)
                add(Topic(component.key, title, names, (*pages,), section.head))
        elif section.kind != "macros":
            raise GuideFileError(f"{at}: a game's file has pages, topics and each-sections")
    for section in common:
        if section.kind == "page":
            at = f"common.md '# page{section.head}'"
            main += render(page_title(section.head, at), section.body, {}, common_macros, at)
    add(Topic(MAIN, context["game"].name, (), (*main,)))
    return topics
