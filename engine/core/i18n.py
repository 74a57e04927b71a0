"""Wording messages in the reader's language, from gettext catalogues (Babel reads them).

Each package that says things keeps its German words beside its code, in
`<package>/locales/<language>.po` (gettext's PO format: the msgid is the English template, the
msgstr the translation; `msgctxt` tells apart one English word of two meanings; plural forms as
gettext has them). English needs no catalogue: a message's key is its English template. What a
catalogue lacks is worded in English, never lost.

The engine's core and every registered game are looked up by themselves; the edge registers its
own packages (`add_catalogues("bot")`, `add_catalogues("render")`). The catalogues are read once
per language, when first needed. See docs/i18n.md.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Iterator
from functools import cache, lru_cache
from importlib import resources

from babel.lists import format_list
from babel.messages import mofile, pofile
from babel.messages.catalog import Catalog
from babel.numbers import format_decimal

from .messages import Message, Param, fill, join_english

#: The languages a reader may choose, the fallback first.
LANGUAGES = ("en", "de")
FALLBACK = "en"

_extra_packages: list[str] = []


def add_catalogues(package: str) -> None:
    """Word messages with `<package>/locales/*.po` too (the service, the renderer)."""
    if package not in _extra_packages:
        _extra_packages.append(package)
        _translations.cache_clear()
        _known.cache_clear()


def language_of(locale: str | None) -> str | None:
    """One of `LANGUAGES` for a locale as Discord or a setting writes it (`de`, `en-US`,
    `de_AT`, `German` no), or None when it names no language of ours."""
    if not locale:
        return None
    base = locale.replace("_", "-").split("-")[0].strip().lower()
    return base if base in LANGUAGES else None


def word(message: Message | str, language: str = FALLBACK) -> str:
    """The message in `language` (English for what the catalogue lacks); a plain string is
    shown as it is."""
    if isinstance(message, str):
        return message
    if language == FALLBACK:
        return message.english()
    values = {name: _word_param(value, language) for name, value in message.params.items()}
    return fill(_template(message, _translations(language)), values)


def _word_param(value: Param, language: str) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, int):
        return number(value, language)
    if isinstance(value, Message):
        return word(value, language)
    return format_list([_word_param(item, language) for item in value], locale=language)


@lru_cache(maxsize=4096)
def number(value: int, language: str = FALLBACK) -> str:
    """A whole number as `language` writes it (`1,234`; `1.234`): Babel's number format of the
    locale."""
    return f"{value:,}" if language == FALLBACK else format_decimal(value, locale=language)


def decimal(value: float, language: str = FALLBACK, places: int = 1) -> str:
    """A number with `places` decimals as `language` writes it (`25.3`; `25,3`)."""
    if language == FALLBACK:
        return f"{value:.{places}f}"
    return format_decimal(value, format=f"#,##0.{'0' * places}", locale=language)


def join(items: list[str], language: str = FALLBACK) -> str:
    """Words joined as a list in `language` (`a, b and c` / `a, b und c`)."""
    return join_english(items) if language == FALLBACK else format_list(items, locale=language)


def _template(message: Message, translations: gettext.NullTranslations) -> str:
    context, key, plural = message.context, message.key, message.plural
    if plural is not None:
        count = message.params.get("count")
        n = count if isinstance(count, int) else 2
        if context is not None:
            return translations.npgettext(context, key, plural, n)
        return translations.ngettext(key, plural, n)
    if context is not None:
        return translations.pgettext(context, key)
    return translations.gettext(key)


@cache
def _translations(language: str) -> gettext.NullTranslations:
    """Every catalogue of `language`, merged (the first package to translate a key wins)."""
    merged = gettext.NullTranslations()
    for catalogue in catalogues(language):
        compiled = io.BytesIO()
        mofile.write_mo(compiled, catalogue)
        compiled.seek(0)
        merged.add_fallback(gettext.GNUTranslations(compiled))
    return merged


def missing(message: Message, language: str) -> list[str]:
    """The keys of `message` (and of the messages among its parameters) that `language`'s
    catalogues do not translate: what a reader of that language would read in English."""
    translated = language == FALLBACK or message.key in _known(language).get(message.context, ())
    keys = [] if translated else [message.key]
    for value in message.params.values():
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, Message):
                keys.extend(missing(item, language))
    return keys


@cache
def _known(language: str) -> dict[str | None, set[str]]:
    """The keys `language`'s catalogues translate, by context."""
    known: dict[str | None, set[str]] = {}
    for catalogue in catalogues(language):
        for entry in catalogue:
            if entry.id and entry.string and not entry.fuzzy:
                key = entry.id if isinstance(entry.id, str) else entry.id[0]
                known.setdefault(entry.context, set()).add(key)
    return known


def catalogues(language: str) -> Iterator[Catalog]:
    """The catalogues of `language`, one per package that has one."""
    for package in catalogue_packages():
        catalogue = package_catalogue(package, language)
        if catalogue is not None:
            yield catalogue


def package_catalogue(package: str, language: str) -> Catalog | None:
    """The catalogue of `language` beside `package`'s code, if it has one."""
    source = resources.files(package).joinpath("locales", f"{language}.po")
    if not source.is_file():
        return None
    with source.open("rb") as file:
        return pofile.read_po(file, locale=language)


def catalogue_packages() -> list[str]:
    """The packages whose catalogues word messages: the core, every game, the edge's."""
    from engine.games import ALL_GAMES

    games = [type(game).__module__.rsplit(".", 1)[0] for game in ALL_GAMES]
    return ["engine.core", *games, *_extra_packages]
