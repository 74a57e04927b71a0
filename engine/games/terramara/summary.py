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

from engine.core import TieBreak

from .content import ARTIFACTS
from .effects import PROCESSED_NAMES, RAW_NAMES
from .scoring import final_scores
from .state import NEUTRAL_NAMES, Seat, TerramaraState
from .tasks import active, prompt

State = TerramaraState

#: After the points (docs/games/terramara.md, "Final scoring"): the canoe further down the
#: river, then the higher military; `Terramara.rank_keys` applies them in this order.
TIE_BREAKS = (TieBreak("culture"), TieBreak("military"))

#: The fields that change with whose turn it is, or its step, and nothing the board shows
#: besides (the message names whom the table waits for).
_TURN_FIELDS = {"current", "step", "crafted", "placed"}


def turn_line(state: State) -> str | None:
    """The set-up step, or the round and what the turn asks now (a decision first)."""
    if state.phase == "over":
        return None
    decisions = sorted((state.tasks[index] for index in active(state)), key=lambda t: t.seat)
    if decisions:
        asked = "; ".join(
            f"{state.players[task.seat]}: {prompt(task)}"
            + (f" ({task.source})" if task.source else "")
            for task in decisions
        )
        return f"{_when(state)}, a decision for {asked}."
    if state.phase == "neutral":
        placement = state.neutral_queue[0]
        neutral = NEUTRAL_NAMES[placement.neutral]
        return (
            f"Set-up: {state.players[placement.seat]} puts a scout of {neutral} on a free "
            f"territory space of row {placement.row}."
        )
    if state.phase == "draft":
        offered = ", ".join([*state.draft_persons, *state.draft_cards])
        return f"Set-up: {state.players[state.draft_order[0]]} picks ({offered} left)."
    name = state.players[state.current]
    if state.step == "before":
        left = state.seats[state.current].members_left
        return f"Round {state.round} of 5: {name} places a member ({left} at home)."
    then = "'done' ends the turn" if state.crafted else "craft or reserve, then 'done'"
    return f"Round {state.round} of 5: {name} has placed; {then}."


def _when(state: State) -> str:
    return "Set-up" if state.phase in ("neutral", "draft") else f"Round {state.round} of 5"


def own_lines(state: State, seat: int) -> list[str]:
    """The seat's tribe: points so far, the tracks, the stock, the workers, who is at home."""
    player = state.seats[seat]
    if player.resigned:
        return []
    points = final_scores(state)[seat].total
    lines = [
        f"You: {points} points so far · military {player.military} · culture "
        f"{player.culture} · carts at {' and '.join(player.carts)}.",
        f"Your stock: {_stock(player)}.",
    ]
    ready = sorted(player.workers)
    for level in player.used:
        ready.remove(level)
    workers = ", ".join(f"level {level}" for level in ready) or "none"
    home = ["chief"] if player.chief_home else []
    home += _count(player.home_scouts, "scout") + _count(player.warriors, "warrior")
    lines.append(f"Workers ready: {workers} · at home: {', '.join(home) or 'nobody'}.")
    if player.reserved:
        lines.append(
            f"Reserved: {ARTIFACTS[player.reserved].name} ({player.reserved}) — "
            "5 points off if still held at the end."
        )
    return lines


def _stock(player: Seat) -> str:
    held = [
        f"{count} {name}"
        for count, name in zip(
            [*player.raw, *player.processed], [*RAW_NAMES, *PROCESSED_NAMES], strict=True
        )
        if count
    ]
    return ", ".join(held) or "nothing"


def _count(number: int, what: str) -> list[str]:
    if not number:
        return []
    return [f"{number} {what}{'' if number == 1 else 's'}"]


class TerramaraTableTalk:
    """The core's table hooks for Terramara (mixed into the game class)."""

    def summary(self, state: State, viewer: int | None) -> list[str]:
        line = turn_line(state)
        lines = [] if line is None else [line]
        return lines + ([] if viewer is None else own_lines(state, viewer))

    def board_news(self, before: State, after: State) -> bool:
        """Anything changed but whose turn it is and its step: a `done` alone shows nothing
        new; a placement, a craft, a worker used or a round's end does."""
        return before.model_dump(exclude=_TURN_FIELDS) != after.model_dump(exclude=_TURN_FIELDS)

    def tie_breaks(self) -> tuple[TieBreak, ...]:
        return TIE_BREAKS
