"""Results and ratings: each finished game recorded exactly once, /leaderboard and /stats.

A game's result is recorded when its last action is saved, and again tried for every finished
table without a result when a process starts and before every /leaderboard or /stats (which
is also how games finished before this feature existed are counted). The store writes a
result at most once per table, so an end delivered twice, two processes, or a process that
died between the last move and the result all leave exactly one (docs/ratings.md).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from engine.core import Message, msg, plural_msg

from ..store import StorageFault, TableRecord
from ..store.results import GameResult, PlayerResult, PlayerStats, RatingRecord
from . import rating
from .base import ServiceBase, TableContext
from .errors import BadRequest
from .model import Channel, Reply, User
from .speech import say, say_decimal, speaking
from .texts import fit_lines

log = logging.getLogger(__name__)

LEADERBOARD_SIZE = 15
#: Per game when /leaderboard lists every game of the server.
LEADERBOARD_PER_GAME = 5


class ResultService(ServiceBase):
    async def record_result(self, table_id: int) -> bool:
        """Record a finished table's result and update the ratings it counts for; True if
        this call did it (False: already recorded, or the table has not finished)."""
        table = await self.store.tables.table(table_id)
        if table is None or table.status != "finished" or table.state_json is None:
            return False
        ctx = await self._context_of(table)
        outcomes, scores = await self._engine(_outcomes, ctx)
        seats = {seat.seat: seat for seat in ctx.seats}
        user_ids = [seats[outcome.seat].user_id for outcome in outcomes]
        played_by_bots = [
            seat.seat
            for seat in ctx.seats
            if seat.seat is not None and seat.played_by_bot is not None
        ]
        reason = rating.unrated_reason(len(outcomes), user_ids, bot_seats=played_by_bots)
        ended = table.ended_at or table.updated_at

        def score(current: dict[str, rating.Skill]) -> GameResult:
            after = rating.rate(outcomes, current) if reason is None else {}
            return GameResult(
                table.id,
                table.guild_id,
                table.game_key,
                ended,
                [
                    PlayerResult(
                        user_id=seats[outcome.seat].user_id,
                        display_name=seats[outcome.seat].display_name,
                        seat=outcome.seat,
                        place=outcome.place,
                        score=scores[outcome.seat],
                        won=rating.won(outcome, len(outcomes)),
                        resigned=outcome.resigned,
                        before=None
                        if reason
                        else current.get(seats[outcome.seat].user_id, rating.initial()),
                        after=after.get(seats[outcome.seat].user_id),
                    )
                    for outcome in outcomes
                ],
                reason,
            )

        stored = await self.store.results.record_result(
            table.id, table.guild_id, table.game_key, user_ids, score, self.clock()
        )
        if stored:
            log.info("recorded the result of table %s (%s)", table.id, reason or "rated")
        return stored

    async def _record_ended(self, table_id: int) -> None:
        """Record the result of the game just ended. The move is saved whatever happens here:
        a result that could not be recorded now is recorded at the next start, or before the
        next /leaderboard or /stats."""
        try:
            await self.record_result(table_id)
        except Exception:
            log.exception("could not record the result of table %s now; it will be later", table_id)

    async def catch_up_results(self) -> int:
        """Record every finished table still without a result, oldest end first (all past
        games on the first start with this feature); returns how many were recorded."""
        recorded = 0
        for table_id in await self.store.results.unrecorded_tables():
            try:
                recorded += await self.record_result(table_id)
            except Exception:
                # One table whose game can no longer be loaded must not stop the others.
                log.exception("could not record the result of table %s", table_id)
        return recorded

    async def record_past_results(self) -> None:
        """At start-up: `catch_up_results`, logged; a storage fault never stops a start (the
        results are recorded later, before the next /leaderboard or /stats)."""
        try:
            recorded = await self.catch_up_results()
        except StorageFault as fault:
            log.error("could not record past results now (%s); they will be later", fault)
            return
        if recorded:
            log.info("recorded the results of %d finished game(s)", recorded)

    async def leaderboard(self, channel: Channel, game_key: str = "") -> Reply:
        """The server's best players of one game, or of each rated game."""
        await self.catch_up_results()
        public = speaking(await self._channel_language(channel))
        if game_key.strip():
            game = self.catalog.get(game_key)
            key = game.info.key
            board = await self.store.results.leaderboard(channel.guild_id, key, LEADERBOARD_SIZE)
            if not board:
                nobody = msg(
                    "Nobody has a {game} rating on this server yet: ratings come from finished "
                    "games of two or more people.",
                    game=game.info.name,
                )
                return Reply(say(nobody), private=True)
            with public:
                lines = [say(msg("Leaderboard — {game} (rating = μ − 3σ):", game=game.info.name))]
                return Reply(fit_lines(lines, _board_lines(board), [], _more_players))
        keys = await self.store.results.rated_games(channel.guild_id)
        if not keys:
            nobody = msg(
                "Nobody has a rating on this server yet: ratings come from finished games of "
                "two or more people."
            )
            return Reply(say(nobody), private=True)
        with public:
            lines = [say(msg("Leaderboards (rating = μ − 3σ; /leaderboard game:<game> for more):"))]
            for key in keys:
                board = await self.store.results.leaderboard(
                    channel.guild_id, key, LEADERBOARD_PER_GAME
                )
                lines += [f"{self.catalog.name_of(key)}:", *_board_lines(board)]
            return Reply(fit_lines(lines[:1], lines[1:], [], _more_players))

    async def stats(self, channel: Channel, user: User, player: str = "") -> Reply:
        """A player's games, wins, ratings, favourite game and best scores on this server."""
        await self.catch_up_results()
        wanted = player.strip().removeprefix("@") or user.id
        found = await self.store.results.find_player(channel.guild_id, wanted)
        if found is None:
            raise BadRequest(
                msg(
                    "You have no finished game on this server yet. /stats player:<name> looks "
                    "up another player."
                )
                if not player.strip()
                else msg(
                    "That player has no finished game on this server yet. /stats "
                    "player:<name> looks up another player."
                )
            )
        user_id, name = found
        per_game = await self.store.results.player_stats(channel.guild_id, user_id)
        games = sum(entry.games for entry in per_game)
        wins = sum(entry.wins for entry in per_game)
        favourite = self.catalog.name_of(per_game[0].game_key)
        lines = [
            msg(
                "{player}: {games}, {wins} on this server; favourite game: {game}.",
                player=name,
                games=plural_msg("{count} finished game", "{count} finished games", count=games),
                wins=_wins(wins),
                game=favourite,
            ),
            *(self._stats_line(entry) for entry in per_game),
        ]
        return Reply("\n".join(say(line) for line in lines), private=True)

    def _stats_line(self, entry: PlayerStats) -> Message:
        rated = entry.rating
        skill = (
            msg("not rated")
            if rated is None
            else msg(
                "rating {rating} (μ {mu} ± σ {sigma}, {games})",
                rating=say_decimal(rating.shown((rated.mu, rated.sigma))),
                mu=say_decimal(rated.mu),
                sigma=say_decimal(rated.sigma),
                games=plural_msg("{count} rated game", "{count} rated games", count=rated.games),
            )
        )
        return msg(
            "• {game}: {games}, {wins}, best score {best}, {skill}",
            game=self.catalog.name_of(entry.game_key),
            games=_games(entry.games),
            wins=_wins(entry.wins),
            best=entry.best_score,
            skill=skill,
        )


def _outcomes(ctx: TableContext) -> tuple[list[rating.Outcome], list[int]]:
    """Each seat's place and resignation, and the scores (engine work, off the loop)."""
    game, state = ctx.game, _final_state(ctx.table, ctx)
    count = len(state.players)
    place = rating.places(game.ranking(state), count)
    outcomes = [
        rating.Outcome(seat, ctx.by_seat(seat).user_id, place[seat], game.has_resigned(state, seat))
        for seat in range(count)
    ]
    return outcomes, list(game.scores(state))


def _final_state(table: TableRecord, ctx: TableContext) -> Any:
    assert table.state_json is not None
    return ctx.game.load_state(table.state_json)


def _games(count: int) -> Message:
    return plural_msg("{count} game", "{count} games", count=count)


def _wins(count: int) -> Message:
    return plural_msg("{count} win", "{count} wins", count=count)


def _board_lines(board: Sequence[RatingRecord]) -> list[str]:
    """The leaderboard's lines, in the language being spoken."""
    return [
        f"{place}. {entry.display_name} — {say_decimal(rating.shown((entry.mu, entry.sigma)))} "
        f"(μ {say_decimal(entry.mu)} ± σ {say_decimal(entry.sigma)}), {say(_games(entry.games))}, "
        f"{say(_wins(entry.wins))}"
        for place, entry in enumerate(board, start=1)
    ]


def _more_players(count: int) -> str:
    return say(plural_msg("… and {count} more line", "… and {count} more lines", count=count))
