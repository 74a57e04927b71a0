"""Determinisation: a state the bot's seat cannot tell from the real one, secrets resampled.

The search never reads the real state directly: every iteration starts from
`determinize(game, state, seat, rng)`, whose result depends only on what `seat` can see and on
`rng`. Two states that differ only in things hidden from `seat` (another player's cards, the
order of a face-down deck, the random stream that decides future draws) give equal results
for the same `rng`, so nothing the bot decides can depend on them.

The engine's own chance API (`determinize` in engine/core, on branch `core`) will take over
from the samplers here; until then each game with secrets has one below, and every other game
only has its random stream replaced (nobody can see the future it would draw).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.game import Game
from engine.core.rng import Rng
from engine.games.tiny_towns.cards import MONUMENTS, SOLO_REMOVED
from engine.games.tiny_towns.state import BURIED, TinyTownsState

Sampler = Callable[[Any, int, Rng], Any]


def determinize(game: Game[Any], state: Any, seat: int, rng: Rng) -> Any:
    """A state consistent with what `seat` sees of `state`, everything unseen drawn from `rng`."""
    return _SAMPLERS.get(game.info.key, _fresh_stream)(state, seat, rng)


def fixed_future(game: Game[Any], state: Any) -> bool:
    """Whether every determinisation plays out the same: nothing hidden and no chance ahead.

    The search may then keep one state per tree node instead of replaying every iteration.
    """
    if game.info.key == "tiny-towns":
        return False
    if game.info.key == "terra-nova":
        return bool(state.options.get("variant") != "lucky-digger")
    return True


def _fresh_stream(state: Any, seat: int, rng: Rng) -> Any:
    """Only the random stream is secret: nobody may know what it will draw."""
    return state.model_copy(update={"rng": Rng(seed=rng.next_u64())})


def _tiny_towns(state: TinyTownsState, seat: int, rng: Rng) -> TinyTownsState:
    """Tiny Towns hides the deck order, the buried cards and the others' monument cards."""
    deck, discard = _resample_deck(state, rng)
    return state.model_copy(
        update={
            "deck": deck,
            "discard": discard,
            "towns": _resample_monuments(state, seat, rng),
            "rng": Rng(seed=rng.next_u64()),
        }
    )


def _resample_deck(state: TinyTownsState, rng: Rng) -> tuple[list[str], list[str]]:
    """Shuffle the cards nobody has seen, keeping the counts and the known cards in place.

    With two or more players the buried cards (the first five of the discard pile) and the
    draw pile are unseen. Alone, the draw pile's top is unseen but every card the player
    chose went under the deck, in an order the player knows.
    """
    if len(state.players) == 1:
        chosen = max(0, state.round - (1 if state.towns[0].step == "choose" else 0))
        hidden = max(0, len(state.deck) - chosen)
        pool = sorted(state.deck[:hidden])
        rng.shuffle(pool)
        return pool + state.deck[hidden:], list(state.discard)
    buried = min(BURIED, len(state.discard))
    pool = sorted(state.deck + state.discard[:buried])
    rng.shuffle(pool)
    return pool[buried:], pool[:buried] + state.discard[buried:]


def _resample_monuments(state: TinyTownsState, seat: int, rng: Rng) -> list[Any]:
    """Deal the others new monument cards from those `seat` has not seen; a built monument
    stays (it is public), and a kept one becomes the first of the new cards."""
    solo = len(state.players) == 1
    seen = set(state.towns[seat].dealt)
    seen.update(t.monument for t in state.towns if t.monument and t.monument in t.cells)
    pool = sorted(k for k in MONUMENTS if k not in seen and not (solo and k in SOLO_REMOVED))
    towns = list(state.towns)
    for other, town in enumerate(towns):
        if other == seat or not town.dealt:
            continue
        built = town.monument is not None and town.monument in town.cells
        kept = [town.monument] if built and town.monument else []
        fresh = [pool.pop(rng.below(len(pool))) for _ in range(len(town.dealt) - len(kept))]
        dealt = kept + fresh
        monument = dealt[0] if town.monument is not None else None
        towns[other] = town.model_copy(update={"dealt": dealt, "monument": monument})
    return towns


_SAMPLERS: dict[str, Sampler] = {"tiny-towns": _tiny_towns}
