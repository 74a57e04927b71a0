"""Ratings per server and game (docs/ratings.md): places with ties and resignations, which
games are rated, the past games counted at the first start, /leaderboard and /stats."""

from __future__ import annotations

import pytest

from bot.service import BadRequest, Channel, Service, User
from bot.service import rating as ratings
from bot.store import Store
from tests.bot.helpers import ALICE, BOB, CAROL, ManualClock, fake_renderer, pile_catalog

from .games import play_to_the_end

HOME = Channel("home", "guild-home")
AWAY = Channel("away", "guild-away")


def test_places_share_ties_and_skip_the_places_they_take() -> None:
    assert ratings.places([[1], [0, 2], [3]], 4) == [2, 1, 2, 4]
    assert ratings.places([[0, 1, 2]], 3) == [1, 1, 1]


def test_a_win_is_a_first_place_against_someone_without_resigning() -> None:
    assert ratings.won(ratings.Outcome(0, "a", 1, False), 2)
    assert not ratings.won(ratings.Outcome(0, "a", 1, False), 1)  # solo
    assert not ratings.won(ratings.Outcome(0, "a", 1, True), 3)
    assert not ratings.won(ratings.Outcome(0, "a", 2, False), 3)


@pytest.mark.parametrize(
    ("players", "users", "bots", "reason"),
    [
        (2, ["a", "b"], (), None),
        (4, ["a", "b", "c", "d"], (), None),
        (1, ["a"], (), "a solo game"),
        (3, ["a", "b", "c"], (2,), "a bot played at the table"),
        (2, ["a", "a"], (), "one person played more than one seat"),
    ],
)
def test_only_games_of_people_against_people_are_rated(
    players: int, users: list[str], bots: tuple[int, ...], reason: str | None
) -> None:
    assert ratings.unrated_reason(players, users, bots) == reason


def test_tied_players_gain_alike_and_more_than_those_below() -> None:
    outcomes = [
        ratings.Outcome(seat, f"p{seat}", place, False) for seat, place in enumerate((1, 1, 3))
    ]
    new = ratings.rate(outcomes, {})
    assert new["p0"] == new["p1"]
    assert new["p0"][0] > ratings.initial()[0] > new["p2"][0]
    assert all(sigma < ratings.initial()[1] for _, sigma in new.values())


def test_a_better_rated_winner_gains_less() -> None:
    outcome = [ratings.Outcome(0, "strong", 1, False), ratings.Outcome(1, "new", 2, False)]
    strong = ratings.rate(outcome, {"strong": (35.0, 3.0)})["strong"]
    fresh = ratings.rate(outcome, {})["strong"]
    assert strong[0] - 35.0 < fresh[0] - ratings.initial()[0]


def service_on(store: Store, clock: ManualClock) -> Service:
    return Service(store, games=pile_catalog(), renderer=fake_renderer, clock=clock)


async def play(service: Service, channel: Channel, users: list[User], seed: int) -> int:
    table_id = await play_to_the_end(
        service, channel, users, "pile", {"size": "6"}, seed, upsets=False
    )
    service.clock.advance(hours=1)  # type: ignore[attr-defined]
    return table_id


async def test_a_resignation_counts_as_the_last_place(store: Store, clock: ManualClock) -> None:
    service = service_on(store, clock)
    await service.create_table(HOME, ALICE, "pile", {"size": "9"}, 3)
    await service.join(HOME, BOB)
    await service.join(HOME, CAROL)
    await service.start(HOME, ALICE)
    await service.resign(HOME, CAROL)
    while (table := await store.tables.open_table(HOME.id)) is not None:
        seats = await store.tables.seats(table.id)
        user = {u.id: u for u in (ALICE, BOB, CAROL)}[seats[table.to_act[0]].user_id]
        await service.act(HOME, user, "take 1")
    rows = await store.database.fetch_all(
        "SELECT user_id, place, won, resigned, mu_after FROM player_results ORDER BY place"
    )
    assert [(row["user_id"], row["place"], row["resigned"]) for row in rows][-1] == (CAROL.id, 3, 1)
    assert sum(row["won"] for row in rows) == 1
    assert rows[-1]["mu_after"] < ratings.initial()[0] < rows[0]["mu_after"]


async def test_past_games_count_at_the_first_start_in_the_order_they_ended(
    store: Store, clock: ManualClock
) -> None:
    service = service_on(store, clock)
    first = await play(service, HOME, [ALICE, BOB], 1)
    second = await play(service, HOME, [ALICE, BOB, CAROL], 2)
    before = await store.database.fetch_all("SELECT * FROM ratings ORDER BY user_id")
    # As if both games had ended before ratings existed.
    async with store.database.write() as db:
        await db.execute("DELETE FROM game_results")
        await db.execute("DELETE FROM ratings")
    assert await store.results.unrecorded_tables() == [first, second]
    await service.record_past_results()
    again = await store.database.fetch_all(
        "SELECT user_id, mu, sigma, games FROM ratings ORDER BY user_id"
    )
    assert [tuple(row) for row in again] == [
        (row["user_id"], row["mu"], row["sigma"], row["games"]) for row in before
    ]
    alice = await store.database.fetch_all(
        "SELECT mu_before, mu_after FROM player_results WHERE user_id = ? ORDER BY table_id",
        (ALICE.id,),
    )
    assert alice[1]["mu_before"] == alice[0]["mu_after"]


async def test_the_leaderboard_ranks_a_servers_players_by_mu_minus_three_sigma(
    store: Store, clock: ManualClock
) -> None:
    service = service_on(store, clock)
    for seed in range(1, 5):
        await play(service, HOME, [ALICE, BOB, CAROL], seed)
    await play(service, AWAY, [ALICE, BOB], 9)
    reply = await service.leaderboard(HOME, "pile")
    board = await store.results.leaderboard("guild-home", "pile", 10)
    shown = [ratings.shown((entry.mu, entry.sigma)) for entry in board]
    assert shown == sorted(shown, reverse=True) and len(board) == 3
    assert [entry.games for entry in board] == [4, 4, 4]
    lines = reply.text.splitlines()
    assert lines[0].startswith("Leaderboard — Pile (test game)")
    assert lines[1].startswith(f"1. {board[0].display_name} — {shown[0]:.1f} ")
    assert f"{board[0].wins} win" in lines[1] and "4 games" in lines[1]
    every_game = await service.leaderboard(HOME)
    assert "Pile (test game):" in every_game.text and "1. " in every_game.text
    away = await store.results.leaderboard("guild-away", "pile", 10)
    assert [entry.games for entry in away] == [1, 1]


async def test_nobody_rated_yet_is_said_in_words(store: Store, clock: ManualClock) -> None:
    service = service_on(store, clock)
    assert "Nobody has a Pile (test game) rating" in (await service.leaderboard(HOME, "pile")).text
    assert "Nobody has a rating" in (await service.leaderboard(HOME)).text
    with pytest.raises(BadRequest, match="You have no finished game on this server"):
        await service.stats(HOME, ALICE)


async def test_stats_give_games_wins_rating_favourite_and_best_score(
    store: Store, clock: ManualClock
) -> None:
    service = service_on(store, clock)
    for seed in range(1, 4):
        await play(service, HOME, [ALICE, BOB], seed)
    rows = await store.database.fetch_all(
        "SELECT won, score FROM player_results WHERE user_id = ?", (BOB.id,)
    )
    wins, best = sum(row["won"] for row in rows), max(row["score"] for row in rows)
    (rated,) = [
        r for r in await store.results.leaderboard("guild-home", "pile", 5) if r.user_id == BOB.id
    ]
    for asked in (await service.stats(HOME, BOB), await service.stats(HOME, ALICE, "BOB")):
        first, line = asked.text.splitlines()
        assert first == (
            f"bob: 3 finished games, {wins} win{'s' if wins != 1 else ''} on this server; "
            "favourite game: Pile (test game)."
        )
        assert f"best score {best}" in line
        assert f"rating {ratings.shown((rated.mu, rated.sigma)):.1f}" in line
        assert f"± σ {rated.sigma:.1f}, 3 rated games" in line
        assert asked.private
    with pytest.raises(BadRequest, match="That player has no finished game"):
        await service.stats(HOME, ALICE, "zed")
    with pytest.raises(BadRequest):
        await service.stats(AWAY, BOB)


async def test_a_solo_game_is_recorded_but_not_rated(store: Store, clock: ManualClock) -> None:
    service = service_on(store, clock)
    await play(service, HOME, [ALICE], 1)
    rows = await store.database.fetch_all("SELECT rated, unrated_reason FROM game_results")
    assert [tuple(row) for row in rows] == [(0, "a solo game")]
    assert await store.database.fetch_all("SELECT * FROM ratings") == []
    stats = await service.stats(HOME, ALICE)
    assert "1 finished game, 0 wins" in stats.text and "not rated" in stats.text


async def test_a_table_where_a_bot_plays_a_seat_at_the_end_is_recorded_but_not_rated(
    store: Store, clock: ManualClock
) -> None:
    service = service_on(store, clock)
    table_id = await play(service, HOME, [ALICE, BOB], 1)
    # As if bob's seat had been handed to the bot (/replace) before the end: record it again.
    async with store.database.write() as db:
        await db.execute("DELETE FROM game_results")
        await db.execute("DELETE FROM ratings")
        await db.execute(
            "UPDATE seats SET covered_level = 'normal' WHERE table_id = ? AND user_id = ?",
            (table_id, BOB.id),
        )
    assert await service.record_result(table_id)
    rows = await store.database.fetch_all("SELECT rated, unrated_reason FROM game_results")
    assert [tuple(row) for row in rows] == [(0, "a bot played at the table")]
    assert await store.database.fetch_all("SELECT * FROM ratings") == []
