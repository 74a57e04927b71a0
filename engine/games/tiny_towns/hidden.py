"""What a viewer cannot see, redrawn for `Game.determinize` (see engine/core/chance.py).

Hidden in Tiny Towns: the order of the resource deck, the cards buried face down, the monument
cards dealt to the other players (and which one each kept) until a monument is built, the
monuments left in the box, and every later draw. The solo player knows the cards they put
under the deck: those lie at its bottom in the order they went there.
"""

from __future__ import annotations

from engine.core import Chance, Rng, StateBuilder

from .cards import MONUMENTS, SOLO_REMOVED
from .rules import monument_built
from .state import BURIED, TinyTownsState


def resample_hidden(state: TinyTownsState, viewer: int | None, chance: Chance) -> TinyTownsState:
    hidden = len(state.deck) - _known_deck_bottom(state)
    buried = min(BURIED, len(state.discard)) if len(state.players) > 1 else 0
    # Sorted first: the result must not depend on the order the viewer cannot see.
    unseen = sorted(state.deck[:hidden] + state.discard[:buried])
    chance.shuffle(unseen, "the unseen resource cards")
    guess = StateBuilder(state)
    guess.assign("deck", unseen[:hidden] + state.deck[hidden:])
    guess.assign("discard", unseen[hidden:] + state.discard[buried:])
    _redeal_monuments(guess, viewer, chance)
    guess.assign("rng", Rng(seed=chance.below(1 << 64, "the seed of every later draw")))
    return guess.state


def _known_deck_bottom(state: TinyTownsState) -> int:
    """Solo: how many cards at the bottom of the deck the player put there (one a round)."""
    if len(state.players) > 1 or state.round == 0:
        return 0
    chosen = state.round - (1 if state.towns[0].step == "choose" else 0)
    return min(chosen, len(state.deck))


def _redeal_monuments(
    guess: StateBuilder[TinyTownsState], viewer: int | None, chance: Chance
) -> None:
    state = guess.old
    solo = len(state.players) == 1
    seen = set(state.towns[viewer].dealt) if viewer is not None else set()
    seen |= {town.monument for town in state.towns if monument_built(town) and town.monument}
    pool = [key for key in MONUMENTS if key not in seen and not (solo and key in SOLO_REMOVED)]
    chance.shuffle(pool, "the unseen monument cards")
    for seat, town in enumerate(state.towns):
        if seat == viewer or not town.dealt:
            continue
        built = town.monument if monument_built(town) else None
        dealt = [card if card == built else pool.pop() for card in town.dealt]
        kept = town.monument
        if kept is not None and built is None:
            kept = chance.choice(dealt, "the monument card kept")
        redealt = guess.edit_item("towns", seat)
        redealt.dealt, redealt.monument = dealt, kept
