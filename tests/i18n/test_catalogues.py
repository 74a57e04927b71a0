"""The catalogues are complete: every message the code names (`msg`, `plural_msg`, `term`) has
a German translation with the same parameters, and no translation loses or invents a field."""

from __future__ import annotations

import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir

import bot.discord_app  # noqa: F401 (registers the catalogues of the adapter and the commands)
import render  # noqa: F401 (registers the board images' catalogue)
from engine.core.i18n import FALLBACK, LANGUAGES, catalogues

ROOT = Path(__file__).resolve().parents[2]
#: How the code names messages (Babel's keyword specs: which arguments are msgid, plural, context);
#: `StateBuilder.tell(seat, key, …)` names its key second.
KEYWORDS = {"msg": None, "plural_msg": (1, 2), "term": ((2, "c"), 1), "tell": (2,)}
TRANSLATED = [language for language in LANGUAGES if language != FALLBACK]


def named_in_code() -> dict[tuple[str | None, str], str]:
    """Every message key the code names, with where (context, key) → file:line."""
    found: dict[tuple[str | None, str], str] = {}
    for package in ("engine", "bot", "render"):
        for filename, line, key, _comments, context in extract_from_dir(
            ROOT / package, method_map=[("**.py", "python")], keywords=KEYWORDS
        ):
            # a plural message is known by its singular, the msgid (its plural is msgid_plural)
            one = key[0] if isinstance(key, tuple) else key
            if one:
                found.setdefault((context, one), f"{package}/{filename}:{line}")
    return found


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_the_code_names_is_translated(language: str) -> None:
    translated = {
        (entry.context, key)  # a plural entry translates its singular and its plural key
        for catalogue in catalogues(language)
        for entry in catalogue
        if entry.id and entry.string and not entry.fuzzy
        for key in (entry.id if isinstance(entry.id, tuple) else (entry.id,))
    }
    lacking = [
        f"{where}: {key!r}"
        for (context, key), where in named_in_code().items()
        if (context, key) not in translated
    ]
    assert not lacking, f"{len(lacking)} messages lack a {language} translation:\n" + "\n".join(
        lacking
    )


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_translation_keeps_the_fields_of_its_key(language: str) -> None:
    wrong = []
    for catalogue in catalogues(language):
        for entry in catalogue:
            if not entry.id:
                continue
            ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
            strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
            expected = set().union(*(fields(one) for one in ids))
            for translation in strings:
                # a plural form may leave the count out ("einen Punkt"), nothing else
                if fields(translation) - expected or (expected - {"count"}) - fields(translation):
                    wrong.append(f"{entry.id!r} → {translation!r}")
    assert not wrong, "translations with other fields than their key:\n" + "\n".join(wrong)


def test_the_code_names_messages_the_extraction_finds() -> None:
    """The extraction itself works (so the completeness test above cannot pass vacuously)."""
    found = named_in_code()
    assert (None, "'{text}' is not allowed: {why}") in found


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_two_catalogues_translate_one_key_differently(language: str) -> None:
    """The catalogues are merged (the first package to translate a key wins), so a key that
    two packages word differently would read one way or the other by the order they were
    loaded in: such a key needs a context (`term(word, context)`) or one translation."""
    first: dict[tuple[str | None, str], object] = {}
    clashes = []
    for catalogue in catalogues(language):
        for entry in catalogue:
            if not entry.id:
                continue
            key = (entry.context, entry.id if isinstance(entry.id, str) else entry.id[0])
            if key in first and first[key] != entry.string:
                clashes.append(f"{key!r}: {first[key]!r} / {entry.string!r}")
            first.setdefault(key, entry.string)
    assert not clashes, "keys translated two ways:\n" + "\n".join(clashes)
