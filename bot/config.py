"""Settings of the bot process, read from the environment and from a `.env` file.

Every setting is documented in `.env.example`; environment variables win over `.env`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal, Self

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from engine.core.i18n import FALLBACK, LANGUAGES, language_of

from .store.dialect import DatabaseTarget

LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"]


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", env_ignore_empty=True, extra="ignore"
    )

    discord_token: SecretStr | None = None
    #: The SQLite file, unless DATABASE_URL names the database.
    database_path: Path = Path("./data/meeple.db")
    #: `postgresql://user:password@host:port/name` or `sqlite:///path` (wins over the path).
    database_url: str | None = None
    #: Seconds a write waits for another process's write before it is refused as busy.
    database_busy_timeout: float = Field(default=10.0, gt=0)
    board_dir: Path = Path("./boards")
    #: Seconds a bot player waits after the move it answers (Discord), so the channel follows.
    bot_delay_seconds: float = Field(default=3.0, ge=0, le=600)
    log_level: LogLevel = "INFO"
    dev_guild_id: int | None = None
    #: The bot's gateway shards in all (None: as many as Discord recommends, all in this
    #: process) and those this process runs (None: all of them); docs/deploy.md.
    shard_count: int | None = Field(default=None, ge=1)
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = None
    #: Seconds a process holds once-only work it claimed (a bot's turn, a reminder pass, the
    #: command sync) before another process may take it over (it died, say).
    work_lease_seconds: float = Field(default=120.0, gt=0)

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _comma_separated(cls, value: object) -> object:
        """`SHARD_IDS=0,2` (or `0 2`) → (0, 2)."""
        if isinstance(value, str):
            return tuple(int(part) for part in value.replace(",", " ").split())
        return value

    @model_validator(mode="after")
    def _shards_fit(self) -> Self:
        if self.shard_ids is None:
            return self
        if self.shard_count is None:
            raise ValueError("SHARD_IDS needs SHARD_COUNT (the shards of all processes)")
        wrong = [i for i in self.shard_ids if not 0 <= i < self.shard_count]
        if wrong or not self.shard_ids or len(set(self.shard_ids)) != len(self.shard_ids):
            raise ValueError(
                f"SHARD_IDS must name different shards from 0 to {self.shard_count - 1} "
                f"(SHARD_COUNT={self.shard_count}), not {self.shard_ids}"
            )
        return self

    #: The language of tables nobody chose one for (`/language` changes a table's or a
    #: server's), and of the console's replies: one of `engine.core.i18n.LANGUAGES`.
    default_language: str = FALLBACK

    @field_validator("default_language", mode="before")
    @classmethod
    def _known_language(cls, value: object) -> object:
        if isinstance(value, str):
            language = language_of(value)
            if language is None:
                raise ValueError(f"not a language of the bot ({', '.join(LANGUAGES)}): {value!r}")
            return language
        return value

    @field_validator("database_url")
    @classmethod
    def _known_database(cls, value: str | None) -> str | None:
        if value is not None:
            DatabaseTarget.parse(value)  # refuses any other scheme, saying which are known
        return value

    @property
    def database(self) -> DatabaseTarget:
        """The database the bot keeps its data in: DATABASE_URL, else the SQLite file at
        DATABASE_PATH."""
        return DatabaseTarget.parse(self.database_url or self.database_path)

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper_case_level(cls, value: object) -> object:
        return value.strip().upper() if isinstance(value, str) else value
