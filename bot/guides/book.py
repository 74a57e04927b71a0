"""Reading a game's guide: a per-language Markdown file of sections, rendered with Jinja2 from
the game's own data, and cut into pages that fit one Discord message.

A guide file (`bot/guides/<lang>/<game-key>.md`) is a list of sections, each opened by a
level-1 heading:

- `# page: <title>` — a page of the guide itself (`/rules game:X`), in file order;
- `# topic <key>[, <alias> …]: <title>` — a topic written out (`/rules game:X topic:key`);
- `# each <collection>` — one topic per component of that collection of the game's topics
  module (a faction, a card …); the section is the template for one of them;
- `# text <name>` — a short text the transports fill in at run time (only in `common.md`);
- `# macros` — Jinja macros every other section of the file may call.

A line `---` inside a section starts a new page. Sections are Jinja2 templates rendered with
the game's context (see `guide.py`); a page that renders empty is left out.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import jinja2
import jinja2.runtime

from engine.core import Message
from engine.core.i18n import FALLBACK, word

SECTION = re.compile(r"^# (page|topic|each|text|macros)\b[ \t]*(.*)$", re.MULTILINE)
PAGE_BREAK = re.compile(r"^---[ \t]*$", re.MULTILINE)
_TOPIC_HEAD = re.compile(r"^([a-z0-9-]+(?:\s*,\s*[^,:]+)*)\s*:\s*(.+)$")


@jinja2.pass_context
def _words(context: jinja2.runtime.Context, value: Any) -> Any:
    """A message of the game's context (an effect in words) in the guide's `language`:
    `{{ words }}` shows it so by itself; `{{ words|words|capitalize }}` words it before
    another filter reads it as text."""
    return word(value, context.get("language", FALLBACK)) if isinstance(value, Message) else value


ENVIRONMENT = jinja2.Environment(
    autoescape=False,  # Discord Markdown, not HTML
    undefined=jinja2.StrictUndefined,  # a misspelt field fails the tests, not a player
    trim_blocks=True,
    lstrip_blocks=True,
    keep_trailing_newline=False,
    finalize=_words,
)


@jinja2.pass_context
def _term(context: jinja2.runtime.Context, value: str, kind: str) -> str:
    """`{{ "wood"|term("resource") }}`: one of the game's words in the guide's `language`, as
    the game's catalogue words it (docs/i18n.md); as it is where the catalogue lacks it."""
    return word(Message(str(value), context=kind), context.get("language", FALLBACK))


ENVIRONMENT.filters["term"] = _term
ENVIRONMENT.filters["words"] = _words


class GuideFileError(ValueError):
    """A guide file is malformed (a bug in the file, caught by the tests)."""


@dataclass(frozen=True)
class Component:
    """One thing of a game a player may ask about by name: a faction, a card, a tile.

    `data` is what its section template words (each key becomes a template variable)."""

    key: str
    title: str
    aliases: tuple[str, ...] = ()
    data: Mapping[str, Any] = field(default_factory=dict)
    #: The context of the game's catalogue in which the title is a term (`building`): a
    #: guide in another language shows the title in its words (None: as it is).
    term: str | None = None
    #: The title as a message, where it is more than one term (`Singer (P2)`): a guide in
    #: another language shows it in its words.
    title_words: Message | None = None


@dataclass(frozen=True)
class Section:
    kind: str
    head: str
    body: str


@dataclass(frozen=True)
class Page:
    title: str
    body: str


def read_sections(text: str, name: str) -> list[Section]:
    """The sections of a guide file, in order (text before the first heading is a comment)."""
    matches = list(SECTION.finditer(text))
    sections = []
    for index, match in enumerate(matches):
        end = matches[index + 1].start() if index + 1 < len(matches) else len(text)
        body = text[match.end() : end].strip("\n")
        sections.append(Section(match.group(1), match.group(2).strip(), body))
    if not sections:
        raise GuideFileError(f"{name} has no sections (# page: …, # topic …, # each …)")
    return sections


def topic_head(head: str, name: str) -> tuple[str, tuple[str, ...], str]:
    """`bonus-tiles, bonus tiles, bonus: Bonus tiles` → key, aliases, title."""
    match = _TOPIC_HEAD.match(head)
    if match is None:
        raise GuideFileError(f"{name}: write a topic heading as '# topic key, alias: Title'")
    names = [part.strip() for part in match.group(1).split(",")]
    return names[0], tuple(names[1:]), match.group(2).strip()


def page_title(head: str, name: str) -> str:
    if not head.startswith(":") or not head[1:].strip():
        raise GuideFileError(f"{name}: write a page heading as '# page: Title'")
    return head[1:].strip()


def render_pages(
    title: str, body: str, macros: str, context: Mapping[str, Any], where: str
) -> list[Page]:
    """The section's text for `context`, cut at `---` lines; empty pages are left out."""
    parts = (_tidy(part) for part in PAGE_BREAK.split(render_text(body, macros, context, where)))
    return [Page(title, part) for part in parts if part]


def render_text(text: str, macros: str, context: Mapping[str, Any], where: str) -> str:
    try:
        return _compiled(macros + text).render(context)
    except jinja2.TemplateError as error:
        raise GuideFileError(f"{where}: {error}") from error


@functools.cache
def _compiled(source: str) -> jinja2.Template:
    """A section's template, compiled once however many components it words."""
    return ENVIRONMENT.from_string(source)


def text_template(body: str, where: str) -> jinja2.Template:
    try:
        return ENVIRONMENT.from_string(body.strip())
    except jinja2.TemplateError as error:
        raise GuideFileError(f"{where}: {error}") from error


def _tidy(text: str) -> str:
    """Trailing spaces off every line, at most one blank line in a row, no blank ends."""
    lines = [line.rstrip() for line in text.strip("\n").splitlines()]
    kept: list[str] = []
    for line in lines:
        if line or (kept and kept[-1]):
            kept.append(line)
    return "\n".join(kept).strip()
