"""Ratings from a finished game's ranking (pure; the rules are in docs/ratings.md).

openskill's Plackett-Luce model (Weng & Lin 2011) rates any number of players at once from
their places, ties included. A player's displayed rating is the conservative estimate
mu - 3 sigma (openskill's `ordinal`): it starts at 0 and rises as the rating grows surer.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()

#: (mu, sigma)
Skill = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Outcome:
    """One seat of a finished game as the ratings see it."""

    seat: int
    user_id: str
    place: int
    resigned: bool


def places(ranking: Sequence[Sequence[int]], seats: int) -> list[int]:
    """Each seat's place from the engine's ranking (groups of tied seats, best first; resigned
    seats are last): 1 for the best, tied seats share a place, the next place skips theirs
    (1, 1, 3)."""
    place = [0] * seats
    done = 0
    for group in ranking:
        for seat in group:
            place[seat] = done + 1
        done += len(group)
    return place


def won(outcome: Outcome, players: int) -> bool:
    """A win: first place (shared or not), not resigned, against at least one other player."""
    return players >= 2 and outcome.place == 1 and not outcome.resigned


def unrated_reason(players: int, user_ids: Sequence[str], bot_seats: Collection[int]) -> str | None:
    """Why a finished game does not change ratings, or None when it does: a rating measures a
    person against other people, so a solo game, a table with a bot seat (issue 13 marks
    them) and a table where one person held two seats are left out."""
    if players < 2:
        return "a solo game"
    if bot_seats:
        return "a bot played at the table"
    if len(set(user_ids)) < len(user_ids):
        return "one person played more than one seat"
    return None


def initial() -> Skill:
    rating = MODEL.rating()
    return (rating.mu, rating.sigma)


def rate(outcomes: Sequence[Outcome], current: Mapping[str, Skill]) -> dict[str, Skill]:
    """The players' new ratings after a game with these places (current: missing players
    start at openskill's default, mu 25, sigma 25/3)."""
    teams = []
    for outcome in outcomes:
        mu, sigma = current.get(outcome.user_id, initial())
        teams.append([MODEL.rating(mu=mu, sigma=sigma)])
    rated = MODEL.rate(teams, ranks=[float(outcome.place) for outcome in outcomes])
    return {
        outcome.user_id: (team[0].mu, team[0].sigma)
        for outcome, team in zip(outcomes, rated, strict=True)
    }


def shown(skill: Skill) -> float:
    """The displayed rating: mu - 3 sigma."""
    mu, sigma = skill
    return mu - 3 * sigma
