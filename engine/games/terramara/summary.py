"""What Terramara says at the table besides its rules (engine/core's hooks): the round and the
step of the turn in words, a tribe's stock, when the board shows something new, and the
book's tie-breaks by name.

Terramara marks no action as forced: the engine already takes a decision's only answer when it
may not be declined (`tasks.forced`) and passes over a player with no member left; a lone
`done` after a placement stays the player's, who may still take the turn back.
Only the order of the artifact deck is hidden, so what a viewer reads of their own tribe
anybody may read.
"""

from __future__ import annotations

from engine.core import (
    Message,
    Param,
    TieBreak,
    and_chain,
    chain,
    comma_chain,
    msg,
    plural_msg,
    term,
)

from .content import artifact_term, source_words
from .effects import PROCESSED, RAW, amount
from .scoring import final_scores
from .state import NEUTRAL_NAMES, Seat, TerramaraState
from .tasks import active, prompt

State = TerramaraState

#: After the points (docs/games/terramara.md, "Final scoring"): the canoe further down the
#: river, then the higher military; `Terramara.rank_keys` applies them in this order.
TIE_BREAKS = (
    TieBreak(term("culture", "tie-break")),
    TieBreak(term("military", "tie-break")),
)

#: The fields that change with whose turn it is, or its step, and nothing the board shows
#: besides (the message names whom the table waits for).
_TURN_FIELDS = {"current", "step", "crafted", "placed"}


def turn_line(state: State) -> Message | None:
    """The set-up step, or the round and what the turn asks now (a decision first)."""
    if state.phase == "over":
        return None
    decisions = sorted((state.tasks[index] for index in active(state)), key=lambda t: t.seat)
    if decisions:
        asked: list[Param] = []
        for task in decisions:
            one = msg("{player}: {prompt}", player=state.players[task.seat], prompt=prompt(task))
            if task.source:
                one = msg("{decision} ({source})", decision=one, source=source_words(task.source))
            asked.append(one)
        return msg("{when}, a decision for {asked}.", when=_when(state), asked=chain(asked, ";"))
    if state.phase == "neutral":
        placement = state.neutral_queue[0]
        return msg(
            "Set-up: {player} puts a scout of {neutral} on a free territory space of row {row}.",
            player=state.players[placement.seat],
            neutral=NEUTRAL_NAMES[placement.neutral],
            row=placement.row,
        )
    if state.phase == "draft":
        return msg(
            "Set-up: {player} picks ({offered} left).",
            player=state.players[state.draft_order[0]],
            offered=", ".join([*state.draft_persons, *state.draft_cards]),
        )
    name = state.players[state.current]
    if state.step == "before":
        return msg(
            "Round {round} of 5: {player} places a member ({count} at home).",
            round=state.round,
            player=name,
            count=state.seats[state.current].members_left,
        )
    if state.crafted:
        return msg(
            "Round {round} of 5: {player} has placed; 'done' ends the turn.",
            round=state.round,
            player=name,
        )
    return msg(
        "Round {round} of 5: {player} has placed; craft or reserve, then 'done'.",
        round=state.round,
        player=name,
    )


def _when(state: State) -> Message:
    if state.phase in ("neutral", "draft"):
        return msg("Set-up")
    return msg("Round {round} of 5", round=state.round)


def own_lines(state: State, seat: int) -> list[Message]:
    """The seat's tribe: points so far, the tracks, the stock, the workers, who is at home."""
    player = state.seats[seat]
    if player.resigned:
        return []
    lines = [
        msg(
            "You: {points} points so far · military {military} · culture {culture} · carts at "
            "{carts}.",
            points=final_scores(state)[seat].total,
            military=player.military,
            culture=player.culture,
            carts=and_chain(list(player.carts)),
        ),
        msg("Your stock: {stock}.", stock=_stock(player)),
    ]
    ready = sorted(player.workers)
    for level in player.used:
        ready.remove(level)
    workers: Param = (
        comma_chain([msg("level {level}", level=level) for level in ready])
        if ready
        else msg("none")
    )
    home: list[Param] = [msg("chief")] if player.chief_home else []
    if player.home_scouts:
        home.append(plural_msg("{count} scout", "{count} scouts", count=player.home_scouts))
    if player.warriors:
        home.append(plural_msg("{count} warrior", "{count} warriors", count=player.warriors))
    lines.append(
        msg(
            "Workers ready: {workers} · at home: {home}.",
            workers=workers,
            home=comma_chain(home) if home else msg("nobody"),
        )
    )
    if player.reserved:
        lines.append(
            msg(
                "Reserved: {artifact} ({key}) — 5 points off if still held at the end.",
                artifact=artifact_term(player.reserved),
                key=player.reserved,
            )
        )
    return lines


def _stock(player: Seat) -> Param:
    held: list[Param] = [
        amount(code, count)
        for count, code in zip([*player.raw, *player.processed], [*RAW, *PROCESSED], strict=True)
        if count
    ]
    return comma_chain(held) if held else msg("nothing")


class TerramaraTableTalk:
    """The core's table hooks for Terramara (mixed into the game class)."""

    def summary(self, state: State, viewer: int | None) -> list[Message]:
        line = turn_line(state)
        lines = [] if line is None else [line]
        return lines + ([] if viewer is None else own_lines(state, viewer))

    def board_news(self, before: State, after: State) -> bool:
        """Anything changed but whose turn it is and its step: a `done` alone shows nothing
        new; a placement, a craft, a worker used or a round's end does."""
        return before.model_dump(exclude=_TURN_FIELDS) != after.model_dump(exclude=_TURN_FIELDS)

    def tie_breaks(self) -> tuple[TieBreak, ...]:
        return TIE_BREAKS
