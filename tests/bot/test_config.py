"""Settings from the environment and `.env`, and `.env.example` documenting every one."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.config import Settings

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _clean_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in Settings.model_fields:
        monkeypatch.delenv(name.upper(), raising=False)
    monkeypatch.chdir(tmp_path)


def test_defaults_without_any_setting() -> None:
    settings = Settings()
    assert settings.discord_token is None
    assert settings.database_path == Path("data/meeple.db")
    assert settings.board_dir == Path("boards")
    assert settings.log_level == "INFO"
    assert settings.dev_guild_id is None


def test_dotenv_is_read_and_the_environment_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    Path(".env").write_text(
        "DISCORD_TOKEN=secret\nBOARD_DIR=/tmp/pictures\nLOG_LEVEL=debug\nDEV_GUILD_ID=\n"
    )
    monkeypatch.setenv("BOARD_DIR", "/srv/boards")
    settings = Settings()
    assert settings.discord_token is not None
    assert settings.discord_token.get_secret_value() == "secret"
    assert "secret" not in repr(settings)
    assert settings.board_dir == Path("/srv/boards")
    assert settings.log_level == "DEBUG"
    assert settings.dev_guild_id is None


def test_env_example_documents_every_setting() -> None:
    text = (REPO / ".env.example").read_text()
    documented = set(re.findall(r"^([A-Z_]+)=", text, flags=re.MULTILINE))
    assert documented == {name.upper() for name in Settings.model_fields}


def test_shards_are_all_of_discords_count_unless_chosen(monkeypatch: pytest.MonkeyPatch) -> None:
    settings = Settings()
    assert (settings.shard_count, settings.shard_ids) == (None, None)
    monkeypatch.setenv("SHARD_COUNT", "4")
    monkeypatch.setenv("SHARD_IDS", "2, 3")
    settings = Settings()
    assert (settings.shard_count, settings.shard_ids) == (4, (2, 3))


@pytest.mark.parametrize(
    ("count", "ids", "problem"),
    [
        ("", "1", "SHARD_IDS needs SHARD_COUNT"),
        ("2", "2", "from 0 to 1"),
        ("2", "1,1", "different shards"),
        ("0", "", "greater than or equal to 1"),
    ],
)
def test_shards_that_cannot_be_run_are_refused(
    monkeypatch: pytest.MonkeyPatch, count: str, ids: str, problem: str
) -> None:
    monkeypatch.setenv("SHARD_COUNT", count)
    monkeypatch.setenv("SHARD_IDS", ids)
    with pytest.raises(ValueError, match=problem):
        Settings()


def test_the_default_language_is_one_of_the_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    assert Settings().default_language == "en"
    monkeypatch.setenv("DEFAULT_LANGUAGE", "de-AT")
    assert Settings().default_language == "de"
    monkeypatch.setenv("DEFAULT_LANGUAGE", "fr")
    with pytest.raises(ValueError, match="not a language of the bot"):
        Settings()
