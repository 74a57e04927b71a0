"""Finished games' results and the ratings they feed, per server and game.

`record_result` writes a table's result, its players' results and their new ratings in one
transaction, and only if the table has no result yet: the primary key of `game_results`
makes a second delivery of the same end a no-op, in this process or another.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from .database import Database, Row
from .values import stored_time


def guild_key(guild_id: str | None) -> str:
    """The server as the results key it: '' for tables outside any server."""
    return guild_id or ""


@dataclass(frozen=True, slots=True)
class RatingRecord:
    user_id: str
    display_name: str
    game_key: str
    mu: float
    sigma: float
    games: int
    #: Rated games the player won (a shared first place counts).
    wins: int


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One seat's outcome of a finished game, with its rating before and after (None when
    the game was not rated)."""

    user_id: str
    display_name: str
    seat: int
    place: int
    score: int
    won: bool
    resigned: bool
    before: tuple[float, float] | None = None
    after: tuple[float, float] | None = None


@dataclass(frozen=True, slots=True)
class GameResult:
    table_id: int
    guild_id: str | None
    game_key: str
    ended_at: datetime
    players: list[PlayerResult]
    #: Why the game does not change ratings; None when it does.
    unrated_reason: str | None


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A player's record in one game on one server (rating None: no rated game yet)."""

    game_key: str
    games: int
    wins: int
    best_score: int
    rating: RatingRecord | None


#: Given the players' current ratings (user id → (mu, sigma), missing: never rated), the
#: result to store. Called inside the transaction, so it must not touch the database.
Scorer = Callable[[dict[str, tuple[float, float]]], GameResult]


class ResultStore:
    def __init__(self, database: Database) -> None:
        self.database = database

    async def record_result(
        self,
        table_id: int,
        guild_id: str | None,
        game_key: str,
        user_ids: Sequence[str],
        score: Scorer,
        now: datetime,
    ) -> bool:
        """Store the table's result (and the ratings it changes) unless it has one already;
        True if this call stored it."""
        key = guild_key(guild_id)
        # Serialized: the new ratings are computed from the ones read here.
        async with self.database.write(serialized=True) as db:
            found = await db.fetch_one("SELECT 1 FROM game_results WHERE table_id = ?", (table_id,))
            if found is not None:
                return False
            marks = ", ".join("?" for _ in user_ids)
            rows = await db.fetch_all(
                "SELECT user_id, mu, sigma FROM ratings WHERE guild_key = ? AND game_key = ? "
                f"AND user_id IN ({marks})",
                (key, game_key, *user_ids),
            )
            current = {row["user_id"]: (row["mu"], row["sigma"]) for row in rows}
            result = score(current)
            await db.execute(
                "INSERT INTO game_results (table_id, guild_key, game_key, ended_at, rated, "
                "unrated_reason, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    table_id,
                    key,
                    game_key,
                    stored_time(result.ended_at),
                    int(result.unrated_reason is None),
                    result.unrated_reason,
                    stored_time(now),
                ),
            )
            await db.executemany(
                "INSERT INTO player_results (table_id, user_id, display_name, seat, place, score, "
                "won, resigned, mu_before, sigma_before, mu_after, sigma_after) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        table_id,
                        player.user_id,
                        player.display_name,
                        player.seat,
                        player.place,
                        player.score,
                        int(player.won),
                        int(player.resigned),
                        *(player.before or (None, None)),
                        *(player.after or (None, None)),
                    )
                    for player in result.players
                ],
            )
            await db.executemany(
                "INSERT INTO ratings (guild_key, game_key, user_id, display_name, mu, sigma, "
                "games, updated_at) VALUES (?, ?, ?, ?, ?, ?, 1, ?) "
                "ON CONFLICT (guild_key, game_key, user_id) DO UPDATE SET "
                "display_name = excluded.display_name, mu = excluded.mu, sigma = excluded.sigma, "
                "games = ratings.games + 1, updated_at = excluded.updated_at",
                [
                    (
                        key,
                        game_key,
                        player.user_id,
                        player.display_name,
                        *player.after,
                        stored_time(now),
                    )
                    for player in result.players
                    if player.after is not None
                ],
            )
        return True

    async def unrecorded_tables(self) -> list[int]:
        """Finished tables without a result, in the order they ended."""
        rows = await self.database.fetch_all(
            "SELECT t.id FROM game_tables AS t LEFT JOIN game_results AS r ON r.table_id = t.id "
            "WHERE t.status = 'finished' AND r.table_id IS NULL ORDER BY t.ended_at, t.id"
        )
        return [int(row["id"]) for row in rows]

    async def leaderboard(
        self, guild_id: str | None, game_key: str, limit: int
    ) -> list[RatingRecord]:
        """The best rated players of a game on a server, by conservative rating (mu - 3 sigma)."""
        rows = await self.database.fetch_all(
            f"{_RATINGS} WHERE r.guild_key = ? AND r.game_key = ? "
            "ORDER BY r.mu - 3 * r.sigma DESC, r.games DESC, r.user_id LIMIT ?",
            (guild_key(guild_id), game_key, limit),
        )
        return [_rating(row) for row in rows]

    async def rated_games(self, guild_id: str | None) -> list[str]:
        """The games with ratings on a server, most rated games first."""
        rows = await self.database.fetch_all(
            "SELECT game_key FROM game_results WHERE guild_key = ? AND rated = 1 "
            "GROUP BY game_key ORDER BY COUNT(*) DESC, game_key",
            (guild_key(guild_id),),
        )
        return [str(row["game_key"]) for row in rows]

    async def player_stats(self, guild_id: str | None, user_id: str) -> list[PlayerStats]:
        """The player's finished games on a server per game, most played first."""
        key = guild_key(guild_id)
        rows = await self.database.fetch_all(
            "SELECT g.game_key, COUNT(*) AS games, COUNT(CASE WHEN p.won = 1 THEN 1 END) AS wins, "
            "MAX(p.score) AS best "
            "FROM player_results AS p JOIN game_results AS g ON g.table_id = p.table_id "
            "WHERE g.guild_key = ? AND p.user_id = ? GROUP BY g.game_key "
            "ORDER BY games DESC, g.game_key",
            (key, user_id),
        )
        ratings = await self.database.fetch_all(
            f"{_RATINGS} WHERE r.guild_key = ? AND r.user_id = ?", (key, user_id)
        )
        by_game = {row["game_key"]: _rating(row) for row in ratings}
        return [
            PlayerStats(
                row["game_key"],
                row["games"],
                row["wins"],
                row["best"],
                by_game.get(row["game_key"]),
            )
            for row in rows
        ]

    async def find_player(self, guild_id: str | None, name: str) -> tuple[str, str] | None:
        """(user id, latest name) of a player with a result on the server, found by user id
        or by a name they played under (case ignored, the latest game first)."""
        row = await self.database.fetch_one(
            "SELECT p.user_id, p.display_name FROM player_results AS p "
            "JOIN game_results AS g ON g.table_id = p.table_id "
            "WHERE g.guild_key = ? AND (p.user_id = ? OR lower(p.display_name) = lower(?)) "
            "ORDER BY g.ended_at DESC LIMIT 1",
            (guild_key(guild_id), name, name),
        )
        return None if row is None else (str(row["user_id"]), str(row["display_name"]))


_RATINGS = (
    "SELECT r.user_id, r.display_name, r.game_key, r.mu, r.sigma, r.games, "
    "(SELECT COUNT(*) FROM player_results AS p JOIN game_results AS g ON g.table_id = p.table_id "
    " WHERE g.guild_key = r.guild_key AND g.game_key = r.game_key AND g.rated = 1 "
    " AND p.user_id = r.user_id AND p.won = 1) AS wins "
    "FROM ratings AS r"
)


def _rating(row: Row) -> RatingRecord:
    return RatingRecord(
        user_id=row["user_id"],
        display_name=row["display_name"],
        game_key=row["game_key"],
        mu=row["mu"],
        sigma=row["sigma"],
        games=row["games"],
        wins=row["wins"],
    )


__all__ = [
    "GameResult",
    "PlayerResult",
    "PlayerStats",
    "RatingRecord",
    "ResultStore",
    "Scorer",
    "guild_key",
]
