"""Tiny Towns: fill a 4×4 town with resources and turn their patterns into buildings.

Everyone plays each round at once: the engine lets every seat place and build in its own time
and moves on when the last one is done. The rules as implemented, with every house ruling,
are in docs/games/tiny-towns.md.
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from engine.core import (
    BadOptions,
    BaseState,
    Chance,
    Game,
    GameInfo,
    Message,
    OptionSpec,
    OptionValue,
    Phase,
    Rng,
    msg,
    nearest,
    read_info,
)
from engine.core.turns import BuilderTurns

from . import rules
from .board import NAMES
from .cards import BUILDINGS, BY_COLOUR, CARDS, CHOSEN_COLOURS, FIRST_GAME, MONUMENTS, SOLO_REMOVED
from .checks import check
from .hidden import resample_hidden
from .notation import PUBLIC_KEEP, Action, build_text, kind_typed, parse_action
from .phases import kinds_in_game, phase_of
from .state import EMPTY, TinyTownsState, Town
from .summary import TinyTownsTableTalk
from .turn import RoundBuilder
from .view import TinyTownsView, build_view, rank_keys, town_scores

State = TinyTownsState
_DEFAULT = "default"
__all__ = ["PUBLIC_KEEP", "TinyTowns"]
#: Actions a player takes at most once a round: keep, the resource (name or choose), place, done.
_ONCE_A_ROUND = 4


def _info() -> GameInfo:
    """game.txt's description, with an option per chosen colour after `buildings`."""
    info = read_info(__package__, "game.txt")
    colours = [
        OptionSpec(
            key=colour,
            description=f"The {colour} building card ('default': as the buildings option says).",
            kind="choice",
            default=_DEFAULT,
            choices=[_DEFAULT, *BY_COLOUR[colour]],
        )
        for colour in CHOSEN_COLOURS
    ]
    at = 1 + [option.key for option in info.options].index("buildings")
    return info.model_copy(update={"options": [*info.options[:at], *colours, *info.options[at:]]})


class TinyTowns(
    TinyTownsTableTalk, BuilderTurns[TinyTownsState, Action], Game[TinyTownsState, Action]
):
    info: ClassVar[GameInfo] = _info()
    state_model: ClassVar[type[BaseState]] = TinyTownsState
    #: German resource and card names are typed as aliases (`place Holz B2`).
    alias_contexts: ClassVar[tuple[str, ...]] = ("resource", "building")

    # -- set-up -------------------------------------------------------------------------------

    def setup(self, players: list[str], seed: int, options: dict[str, OptionValue]) -> State:
        solo = len(players) == 1
        if solo and options["prospectors"]:
            raise BadOptions(
                msg("Prospectors needs at least 2 players; alone you play the solo rules.")
            )
        rng = Rng(seed=seed)
        chance = Chance(rng)
        buildings = [
            "cottage",
            *(self._card_for(colour, options, solo, chance) for colour in CHOSEN_COLOURS),
        ]
        monuments = bool(options["monuments"])
        state = TinyTownsState(
            players=players,
            options=options,
            rng=rng,
            phase="keep" if monuments else "play",
            round=0,
            buildings=buildings,
            towns=[Town(cells=[EMPTY] * 16, step="keep") for _ in players],
        )
        builder = RoundBuilder(state)
        builder.deal_resources()
        if monuments:
            pool = [key for key in MONUMENTS if not (solo and key in SOLO_REMOVED)]
            builder.chance.shuffle(pool, "the monument cards dealt")
            for seat in range(len(players)):
                builder.town(seat).dealt = pool[2 * seat : 2 * seat + 2]
        if options["prospectors"]:
            builder.state.hammer = builder.chance.below(len(players), "the first hammer holder")
        if not monuments:
            builder.start_round(1)
        return builder.state

    @staticmethod
    def _card_for(colour: str, options: dict[str, OptionValue], solo: bool, chance: Chance) -> str:
        chosen = str(options[colour])
        if chosen != _DEFAULT:
            if solo and chosen in SOLO_REMOVED:
                raise BadOptions(
                    msg("The solo game leaves the {card} card in the box.", card=chosen)
                )
            return chosen
        if options["buildings"] == "first-game":
            return FIRST_GAME[colour]
        cards = [key for key in BY_COLOUR[colour] if not (solo and key in SOLO_REMOVED)]
        return chance.choice(cards, f"the {colour} building card")

    # -- turns --------------------------------------------------------------------------------

    def to_act(self, state: State) -> frozenset[int]:
        return rules.to_act(state)

    def phase(self, state: State, seat: int) -> Phase[State, Action]:
        return phase_of(state, seat)

    def longest_action(self) -> int:
        """The longest build (the longest card key on the largest pattern) or Watch filling
        (the three longest building keys); every other action is shorter."""
        longest_key = max(CARDS, key=len)
        largest = max(
            sum(cell is not None for row in c.shape for cell in row) for c in CARDS.values()
        )
        build = build_text(longest_key, 0, range(largest))
        watch = "watch " + " ".join(sorted(BUILDINGS, key=len)[-3:])
        return max(len(build), len(watch))

    def max_turn_parts(self) -> int:
        """A round: the once-a-round actions, and per square of the town at most one build
        and one decision it brings (a resource to put, a Watch to fill, …)."""
        return _ONCE_A_ROUND + 2 * len(NAMES)

    def parse(self, state: State, text: str) -> Action:
        """An action read from `text`; a `watch` names its buildings in offer order, as
        `legal_actions` does. A notation error lists the forms of this game only."""
        action = parse_action(text, kinds=kinds_in_game(state))
        if action.kind != "watch":
            return action
        order = {card: index for index, card in enumerate(state.buildings)}
        return replace(action, cards=tuple(sorted(action.cards, key=lambda c: order.get(c, 99))))

    def suggestions(self, state: State, seat: int, text: str) -> list[str]:
        """The nearest legal texts of the kind typed, when its first word names one: a failed
        build suggests builds (or nothing), never `done`."""
        kind = kind_typed(text)
        legal = self.legal(state, seat)
        if kind is not None:
            legal = [action for action in legal if action.kind == kind]
        return nearest(text, [action.text() for action in legal])

    def check(self, state: State, seat: int, action: Action) -> Message | None:
        return check(state, seat, action)

    def builder(self, state: State) -> RoundBuilder:
        return RoundBuilder(state)

    # -- leaving the game ---------------------------------------------------------------------

    def has_resigned(self, state: State, seat: int) -> bool:
        return state.towns[seat].resigned

    # -- the end ------------------------------------------------------------------------------

    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def scores(self, state: State) -> list[int]:
        return [score.total for score in town_scores(state)]

    def rank_keys(self, state: State) -> list[tuple[int, int, int]]:
        return rank_keys(town_scores(state))

    # -- views --------------------------------------------------------------------------------

    def view_of(self, state: State, viewer: int | None) -> TinyTownsView:
        return build_view(state, viewer)

    def resample_hidden(self, state: State, viewer: int | None, chance: Chance) -> State:
        return resample_hidden(state, viewer, chance)
