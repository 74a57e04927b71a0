"""Scores in context, the ranking, and the typed view (schema in docs/games/tiny-towns.md),
read by the renderer.

The view hides what the rulebook keeps secret: the order of the resource deck and the buried
cards, and every player's monument cards until that player builds the monument. A player's
own view adds their monument cards (`OwnPlayerView`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cache
from typing import Literal

from engine.core import (
    Message,
    OptionValue,
    View,
    msg,
    plural_msg,
    rank,
    stored,
    term,
    winner_text,
)

from .board import NAMES
from .cards import CARDS, RESOURCE_COLOURS, RESOURCE_LETTERS, RESOURCES, TABLES, card_term
from .rules import monument_built, to_act
from .scoring import Context, Score, score_town
from .state import Phase, Source, Step, TinyTownsState, Town

#: The solo ranks, best first, each with the fewest points it takes (tables.txt).
SOLO_RANKS: tuple[tuple[int, str], ...] = tuple(
    (int(least), title) for least, title in TABLES["solo rank"]
)
LOWEST_SOLO_RANK = TABLES["lowest solo rank"][0][0]
_PENDING_TEXT = {
    "watch": msg("choose three buildings for Opaleye's Watch"),
    "university": msg("may place a free building (Grove University)"),
}


def solo_rank(points: int) -> str:
    return next((title for least, title in SOLO_RANKS if points >= least), LOWEST_SOLO_RANK)


def solo_title(points: int) -> Message:
    """The solo rank as a word of the game (`Town Planner`, `Stadtplanerin`)."""
    return term(solo_rank(points), "solo rank")


def starloom_place(state: TinyTownsState, seat: int) -> int:
    """1 + the towns finished in earlier rounds (those finished in the same round don't count).

    A town not finished yet counts as finishing after every town finished so far.
    """
    mine = state.towns[seat].finished_round
    return 1 + sum(
        1
        for other, town in enumerate(state.towns)
        if other != seat
        and not town.resigned
        and town.finished_round is not None
        and (mine is None or town.finished_round < mine)
    )


def context(state: TinyTownsState, seat: int) -> Context:
    right = state.towns[(seat - 1) % len(state.towns)]
    return Context(
        offer=tuple(state.buildings),
        right_feast_halls=right.cells.count("feast-hall"),
        starloom_place=starloom_place(state, seat),
    )


def town_scores(state: TinyTownsState) -> list[Score]:
    return [
        score_town(town.cells, town.held, town.shrine, context(state, seat))
        for seat, town in enumerate(state.towns)
    ]


def rank_keys(scores: Sequence[Score]) -> list[tuple[int, int, int]]:
    """What ranks a seat: most points, then fewest empty squares, then most cottages (Barrett
    Castle counts two); still equal seats share a place."""
    return [(score.total, -score.empty, score.cottages) for score in scores]


def final_text(state: TinyTownsState) -> Message:
    """`alice wins with 31 points`, who shares the win, or the solo result and rank (resigned
    seats rank last)."""
    scores = town_scores(state)
    totals = [score.total for score in scores]
    return _final(state.players, totals, rank_keys(scores), [t.resigned for t in state.towns])


def view_final_text(view: TinyTownsView) -> Message | None:
    """The message whose English the view's `winner_text` holds, read from the view (the
    renderer words it in the reader's language); None before the end."""
    if view.phase != "over":
        return None
    players = view.players
    keys = [(p.score, -p.empty_squares, p.cottages) for p in players]
    resigned = [p.status == "resigned" for p in players]
    return _final([p.name for p in players], [p.score for p in players], keys, resigned)


def _final(
    players: Sequence[str],
    totals: Sequence[int],
    keys: Sequence[tuple[int, int, int]],
    resigned: Sequence[bool],
) -> Message:
    if len(players) == 1:
        return plural_msg(
            "{player} scores {count} points: {rank}",
            "{player} scores {count} points: {rank}",
            player=players[0],
            count=totals[0],
            rank=solo_title(totals[0]),
        )
    best = rank(keys, resigned)[0]
    return winner_text(players, best, totals[best[0]])


class ResourceView(View):
    key: str
    letter: str
    colour: str


class DeckView(View):
    draw_pile: int
    discard_pile: int
    face_up: list[str]


class CardView(View):
    key: str
    name: str
    colour: str
    monument: bool
    shape: tuple[tuple[str | None, ...], ...]
    text: str


class ScoreLineView(View):
    what: str
    count: int
    points: int


class SquareView(View):
    square: str
    column: int
    row: int
    resource: str | None
    building: str | None
    name: str | None
    colour: str | None
    fed: bool | None
    holds: list[str]


class ChangesView(View):
    round: int
    squares: list[str]


class PlayerView(View):
    seat: int
    name: str
    status: Step | Literal["resigned"]
    score: int
    score_lines: list[ScoreLineView]
    empty_squares: int
    cottages: int
    finished_round: int | None
    left: int
    right: int
    monument: CardView | None
    has_kept_monument: bool
    hand: str | None
    owes: list[str]
    watch: list[str]
    claims: list[str]
    aside: list[str]
    town: list[SquareView]
    last_changes: ChangesView | None


class OwnPlayerView(PlayerView):
    """The viewer's own entry adds their secret monument cards."""

    monument_cards: list[CardView]
    kept_monument: str | None


class TinyTownsView(View):
    game: Literal["tiny-towns"] = "tiny-towns"
    viewer: int | None
    phase: Phase
    round: int
    round_kind: Source
    resource: str | None
    solo: bool
    options: dict[str, OptionValue]
    resources: list[ResourceView]
    deck: DeckView
    hammer: int | None
    to_act: list[int]
    waiting_for: list[str]
    cards: list[CardView]
    players: list[OwnPlayerView | PlayerView]
    end_reason: str | None
    winner_text: str | None
    solo_rank: str | None


@cache
def card_view(key: str) -> CardView:
    card = CARDS[key]
    return CardView(
        key=card.key,
        name=card.name,
        colour=card.colour,
        monument=card.is_monument,
        shape=card.shape,
        text=card.text,
    )


RESOURCE_VIEWS = [
    ResourceView(key=res, letter=RESOURCE_LETTERS[res], colour=RESOURCE_COLOURS[res])
    for res in RESOURCES
]


def build_view(state: TinyTownsState, viewer: int | None) -> TinyTownsView:
    over = state.phase == "over"
    scores = town_scores(state)
    waiting = sorted(to_act(state))
    return TinyTownsView(
        viewer=viewer,
        phase=state.phase,
        round=state.round,
        round_kind=state.source,
        resource=state.resource,
        solo=len(state.players) == 1,
        options=state.options,
        resources=RESOURCE_VIEWS,
        deck=DeckView(
            draw_pile=len(state.deck),
            discard_pile=len(state.discard),
            face_up=state.face_up,
        ),
        hammer=state.hammer,
        to_act=waiting,
        waiting_for=[state.players[s] for s in waiting],
        cards=[card_view(key) for key in state.buildings],
        players=[
            _player_view(state, seat, scores[seat], viewer == seat)
            for seat in range(len(state.players))
        ],
        end_reason=state.end_reason,
        winner_text=final_text(state).english() if over else None,
        solo_rank=solo_rank(scores[0].total) if len(state.players) == 1 else None,
    )


def _player_view(state: TinyTownsState, seat: int, score: Score, own: bool) -> PlayerView:
    town = state.towns[seat]
    count = len(state.players)
    built = monument_built(town)
    public = PlayerView(
        seat=seat,
        name=state.players[seat],
        status="resigned" if town.resigned else town.step,
        score=score.total,
        score_lines=[
            ScoreLineView(what=line.what, count=line.count, points=line.points)
            for line in score.lines
        ],
        empty_squares=score.empty,
        cottages=score.cottages,
        finished_round=town.finished_round,
        left=(seat + 1) % count,
        right=(seat - 1) % count,
        monument=card_view(town.monument) if built and town.monument else None,
        has_kept_monument=town.monument is not None,
        hand=town.hand,
        owes=[pending_text(town, item).english() for item in town.pending],
        watch=town.watch,
        claims=town.claims,
        aside=town.aside,
        town=[_square_view(town, i, score) for i in range(len(NAMES))],
        last_changes=_last_changes(state, town),
    )
    if not own:
        return public
    return OwnPlayerView(
        **dict(public),
        monument_cards=[card_view(key) for key in town.dealt]
        if town.monument is None
        else [card_view(town.monument)],
        kept_monument=town.monument,
    )


def _last_changes(state: TinyTownsState, town: Town) -> ChangesView | None:
    """The squares the town's own actions changed in the current round, or else in the
    round before (each town shows its own latest changes while others still play)."""
    if not town.changed or town.changed_round < state.round - 1:
        return None
    return ChangesView(round=town.changed_round, squares=[NAMES[i] for i in sorted(town.changed)])


def pending_text(town: Town, item: str) -> Message:
    """What a decision the town owes (`town.pending`) asks for."""
    if item.startswith("put:"):
        at = int(item.split(":")[1])
        return _put_text(card_term(town.cells[at]), NAMES[at])
    if item.startswith("guild:"):
        return _guild_text(int(item.split(":")[1]))
    return _PENDING_TEXT[item]


def _put_text(building: Message, square: str) -> Message:
    return msg("put a resource on the {building} on {square}", building=building, square=square)


def _guild_text(count: int) -> Message:
    return plural_msg(
        "may replace up to {count} buildings (Architect's Guild)",
        "may replace up to {count} buildings (Architect's Guild)",
        count=count,
    )


_OWED_FORMS: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], Message]], ...] = (
    (
        re.compile(r"put a resource on the (.+) on (\S+)"),
        lambda found: _put_text(term(found[1], "building"), found[2]),
    ),
    (
        re.compile(r"may replace up to (\d+) buildings \(Architect's Guild\)"),
        lambda found: _guild_text(int(found[1])),
    ),
)


def owed_message(text: str) -> Message:
    """A text of a player's `owes` in the view (the English of `pending_text`) read back into
    its message, so that the renderer words it in the reader's language."""
    for message in _PENDING_TEXT.values():
        if message.english() == text:
            return message
    for pattern, words in _OWED_FORMS:
        found = pattern.fullmatch(text)
        if found:
            return words(found)
    return stored(text)


def _square_view(town: Town, index: int, score: Score) -> SquareView:
    key = town.cells[index]
    card = CARDS.get(key)
    return SquareView(
        square=NAMES[index],
        column=index % 4,
        row=index // 4,
        resource=key if key in RESOURCE_LETTERS else None,
        building=key if card else None,
        name=card.name if card else None,
        colour=card.colour if card else RESOURCE_COLOURS.get(key),
        fed=(index in score.fed) if key in ("cottage", "barrett-castle") else None,
        holds=town.held.get(index, []),
    )
