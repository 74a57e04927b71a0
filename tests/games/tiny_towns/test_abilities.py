"""Buildings and monuments with abilities: what they let a player do, and what they forbid."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.tiny_towns import TinyTownsState

from .helpers import GAME, at, legal, offer_with, play, position, texts, town

RESOURCES = {"wood", "wheat", "brick", "glass", "stone"}
FACTORY = "W . . .  B S S B  . . . .  . . . ."


def placed_resources(state: TinyTownsState, seat: int = 0) -> set[str]:
    return {a.split()[1] for a in legal(state, seat, "place")}


# -- Factory -------------------------------------------------------------------------------------


def test_a_new_factory_must_get_a_resource_before_anything_else() -> None:
    state = position(town(FACTORY), offer=offer_with("factory"))
    state, _ = play(state, 0, "build factory at A2 using A1 A2 B2 C2 D2")
    assert legal(state) == [
        f"put {res} on A2" for res in ("wood", "wheat", "brick", "glass", "stone")
    ]
    with pytest.raises(IllegalAction, match="first choose the resource for the Factory on A2"):
        play(state, 0, "done")
    state, events = play(state, 0, "put stone on A2")
    assert state.towns[0].held == {at("A2"): ["stone"]}
    assert texts(events)[0] == "alice puts stone on the Factory on A2"


def test_the_factory_swaps_a_given_resource_of_its_kind_for_any() -> None:
    factory = town("factory . . . . . . . . . . . . . . .", step="place", held={"A1": ["wood"]})
    state = position(factory, offer=offer_with("factory"), resource="wood")
    assert placed_resources(state) == RESOURCES
    state, events = play(state, 0, "place glass B1")
    assert texts(events)[0] == "alice places glass on B1 (instead of wood, thanks to the Factory)"
    other = position(factory, offer=offer_with("factory"), resource="brick")
    assert placed_resources(other) == {"brick"}


def test_the_factory_does_not_help_in_a_choice_round_banks_still_bind() -> None:
    layout = "factory bank . . . . . . . . . . . . . ."
    choice = town(layout, step="place", held={"A1": ["wood"], "B1": ["stone"]})
    state = position(choice, offer=offer_with("factory"), source="choice", resource=None)
    assert placed_resources(state) == RESOURCES - {"stone"}


# -- Warehouse -----------------------------------------------------------------------------------


def test_the_warehouse_stores_up_to_three_resources_instead_of_placing() -> None:
    warehouse = town(
        "warehouse . . . . . . . . . . . . . . .", step="place", held={"A1": ["brick", "brick"]}
    )
    state = position(warehouse, town(step="place"), offer=offer_with("warehouse"))
    assert "store wood on A1" in legal(state)
    state, events = play(state, 0, "store wood on A1")
    assert state.towns[0].held[at("A1")] == ["brick", "brick", "wood"]
    assert state.towns[0].cells.count("wood") == 0
    assert texts(events)[0] == "alice stores wood on the Warehouse on A1"
    full = position(
        town("warehouse . . . . . . . . . . . . . . .", step="place", held={"A1": ["brick"] * 3}),
        offer=offer_with("warehouse"),
    )
    with pytest.raises(IllegalAction, match="already holds 3 resources"):
        play(full, 0, "store wood on A1")


def test_the_warehouse_swaps_the_taken_resource_for_a_stored_one_to_place() -> None:
    warehouse = town(
        "warehouse . . . . . . . . . . . . . . .", step="place", held={"A1": ["brick", "glass"]}
    )
    state = position(warehouse, town(step="place"), offer=offer_with("warehouse"))
    assert sorted(legal(state, 0, "swap")) == [
        "swap wood for brick on A1",
        "swap wood for glass on A1",
    ]
    state, events = play(state, 0, "swap wood for glass on A1")
    assert "must now place the glass" in texts(events)[0]
    assert sorted(state.towns[0].held[at("A1")]) == ["brick", "wood"]
    assert state.towns[0].hand == "glass"
    assert {a.split()[0] for a in legal(state)} == {"place"}
    assert placed_resources(state) == {"glass"}
    with pytest.raises(IllegalAction, match="you must place the glass"):
        play(state, 0, "place wood B1")
    state, _ = play(state, 0, "place glass B1")
    assert state.towns[0].cells[at("B1")] == "glass" and state.towns[0].hand is None


def test_the_warehouse_holds_nothing_to_swap_that_it_lacks() -> None:
    warehouse = town("warehouse . . . . . . . . . . . . . . .", step="place", held={"A1": ["wood"]})
    state = position(warehouse, offer=offer_with("warehouse"))
    with pytest.raises(IllegalAction, match="swapping wood for wood would change nothing"):
        play(state, 0, "swap wood for wood on A1")
    with pytest.raises(IllegalAction, match="holds no stone"):
        play(state, 0, "swap wood for stone on A1")


# -- Bank ----------------------------------------------------------------------------------------


def test_a_bank_holds_a_resource_no_other_bank_holds_and_a_sixth_is_refused() -> None:
    layout = "H H . .  W G B .  bank bank . .  . . . ."
    held = {"A3": ["wood"], "B3": ["wheat"]}
    state = position(town(layout, held=held), offer=offer_with("bank"))
    state, _ = play(state, 0, "build bank at A1 using A1 B1 A2 B2 C2")
    assert legal(state) == ["put brick on A1", "put glass on A1", "put stone on A1"]
    with pytest.raises(IllegalAction, match="another of your Banks already holds wood"):
        play(state, 0, "put wood on A1")
    five_banks = town(
        "bank bank bank bank  bank H H .  . W G B  . . . .",
        held={"A1": ["wood"], "B1": ["wheat"], "C1": ["brick"], "D1": ["glass"], "A2": ["stone"]},
    )
    state = position(five_banks, offer=offer_with("bank"))
    assert not legal(state, 0, "build bank")
    with pytest.raises(IllegalAction, match="already have five Banks"):
        play(state, 0, "build bank at B2 using B2 C2 B3 C3 D3")


def test_five_banks_mean_no_resource_at_all_in_a_choice_round() -> None:
    five_banks = town(
        "bank bank bank bank  bank . . .  . . . .  . . . .",
        step="done",
        held={"A1": ["wood"], "B1": ["wheat"], "C1": ["brick"], "D1": ["glass"], "A2": ["stone"]},
    )
    state = position(
        five_banks,
        town("W S . . . . . . . . . . . . . ."),
        offer=offer_with("bank"),
        round_number=2,
    )
    state, events = play(state, 1, "done")
    assert state.round == 3 and state.source == "choice"
    assert "alice takes no resource this round (every resource lies on their Banks)" in texts(
        events
    )
    assert state.towns[0].step == "done"


# -- Architect's Guild ---------------------------------------------------------------------------


GUILD = ". . G .  . H S .  W B . .  well cottage fountain ."


def test_the_guild_replaces_up_to_two_buildings_with_other_buildings_on_offer() -> None:
    state = position(town(GUILD, monument="architects-guild"), town(step="done"))
    state, _ = play(state, 0, "build architects-guild at B2 using C1 B2 C2 A3 B3")
    replace = legal(state, 0, "replace")
    assert "replace A4 with farm" in replace and "replace A4 with well" not in replace
    assert not any(a.startswith("replace B2") for a in replace)  # monuments stay
    assert "pass" in legal(state)
    with pytest.raises(IllegalAction, match="first replace buildings with the Architect's Guild"):
        play(state, 0, "done")
    state, events = play(state, 0, "replace A4 with farm", "replace C4 with warehouse")
    assert "alice replaces the Well on A4 with a Farm (Architect's Guild)" in texts(events)
    assert state.towns[0].cells[at("A4")] == "farm" and state.towns[0].pending == []
    assert legal(state) == ["done"]


def test_the_guild_offer_may_be_cut_short_and_a_new_factory_needs_its_resource() -> None:
    offer = offer_with("factory")
    state = position(town(GUILD, monument="architects-guild"), town(step="done"), offer=offer)
    state, _ = play(state, 0, "build architects-guild at B2 using C1 B2 C2 A3 B3")
    state, _ = play(state, 0, "replace A4 with factory")
    assert state.towns[0].pending == ["put:12", "guild:1"]
    state, _ = play(state, 0, "put wheat on A4", "pass")
    assert state.towns[0].held[at("A4")] == ["wheat"] and state.towns[0].pending == []


# -- Grove University ----------------------------------------------------------------------------


def test_grove_university_places_a_free_building_on_an_empty_square() -> None:
    uni = ". B . .  S G S .  . . . .  . . . ."
    state = position(town(uni, monument="grove-university"), town(step="done"))
    state, _ = play(state, 0, "build grove-university at B2 using B1 A2 B2 C2")
    adds = legal(state, 0, "add")
    assert "add tavern at A1" in adds and "add tavern at B2" not in adds
    assert not any("grove" in a for a in adds)
    state, events = play(state, 0, "add tavern at D4")
    assert texts(events)[0] == "alice places a free Tavern on D4 (Grove University)"
    assert state.towns[0].cells[at("D4")] == "tavern"


def test_grove_university_may_be_declined() -> None:
    uni = ". B . .  S G S .  . . . .  . . . ."
    state = position(town(uni, monument="grove-university"), town(step="done"))
    state, events = play(state, 0, "build grove-university at B2 using B1 A2 B2 C2", "pass")
    assert "alice declines the rest of the Grove University's offer" in texts(events)
    assert state.towns[0].cells.count("") == 15 and legal(state) == ["done"]


# -- Opaleye's Watch -----------------------------------------------------------------------------


WATCH = "W . . .  B G H H  S . . .  . . . ."
COTTAGE = ". H . .  B G . .  . . . .  . . . ."


def watching(players: int = 2) -> TinyTownsState:
    towns = [town(WATCH, monument="opaleyes-watch")]
    towns += [town(COTTAGE) for _ in range(players - 1)]
    state = position(*towns)
    state, _ = play(state, 0, "build opaleyes-watch at A2 using A1 A2 B2 C2 D2 A3")
    assert legal(state, 0, "watch")[0] == "watch cottage farm well"
    state, _ = play(state, 0, "watch tavern cottage well")
    assert state.towns[0].watch == ["cottage", "well", "tavern"]
    return state


def test_opaleyes_watch_lets_its_owner_copy_a_neighbours_build_once() -> None:
    state = watching()
    state, events = play(state, 1, "build cottage at A2 using B1 A2 B2")
    assert state.towns[0].claims == ["cottage"]
    assert "alice may place the Cottage from Opaleye's Watch" in texts(events)[1]
    assert 0 in GAME.to_act(state)
    state, events = play(state, 0, "add cottage at D4")
    assert state.towns[0].cells[at("D4")] == "cottage"
    assert state.towns[0].watch == ["well", "tavern"] and state.towns[0].claims == []


def test_a_done_watch_owner_is_asked_again_and_the_round_waits() -> None:
    state, _ = play(watching(), 0, "done")
    assert GAME.to_act(state) == {1}
    state, _ = play(state, 1, "build cottage at A2 using B1 A2 B2")
    assert GAME.to_act(state) == {0, 1}
    assert set(legal(state, 0, "add")) == {
        f"add cottage at {sq}" for sq in _empty_names(state.towns[0].cells)
    }
    assert "pass" in legal(state, 0)
    state, events = play(state, 0, "pass")
    assert "alice leaves the Cottage on Opaleye's Watch" in texts(events)
    assert state.towns[0].watch == ["cottage", "well", "tavern"]
    state, _ = play(state, 1, "done")
    assert state.round == 2


def test_only_the_neighbours_left_and_right_trigger_the_watch() -> None:
    state = watching(players=4)
    state, _ = play(state, 2, "build cottage at A2 using B1 A2 B2")
    assert state.towns[0].claims == []
    state, _ = play(state, 3, "build cottage at A2 using B1 A2 B2")
    assert state.towns[0].claims == ["cottage"]


def test_the_watch_takes_three_different_buildings_never_a_monument() -> None:
    state = position(town(WATCH, monument="opaleyes-watch"), town(COTTAGE))
    state, _ = play(state, 0, "build opaleyes-watch at A2 using A1 A2 B2 C2 D2 A3")
    assert all(len(set(a.split()[1:])) == 3 for a in legal(state, 0, "watch"))
    assert not any("cathedral" in a for a in legal(state, 0, "watch"))
    with pytest.raises(IllegalAction, match="the Watch takes buildings on offer"):
        play(state, 0, "watch cathedral cottage well")
    with pytest.raises(IllegalAction, match="three different buildings"):
        play(state, 0, "watch cottage cottage well")


def test_a_free_building_does_not_trigger_the_watch_house_ruling() -> None:
    watch = town(
        "opaleyes-watch . . . . . . . . . . . . . . .",
        monument="opaleyes-watch",
        watch=["cottage", "well", "tavern"],
    )
    university = town(
        "grove-university . . . . . . . . . . . . . . .",
        monument="grove-university",
        pending=["university"],
    )
    state, _ = play(position(watch, university), 1, "add cottage at D4")
    assert state.towns[1].cells[at("D4")] == "cottage"
    assert state.towns[0].claims == []


def _empty_names(cells: list[str]) -> list[str]:
    from engine.games.tiny_towns.board import NAMES

    return [NAMES[i] for i, key in enumerate(cells) if not key]


# -- Fort Ironweed -------------------------------------------------------------------------------


def test_fort_ironweed_takes_no_resource_in_choice_rounds_while_others_play() -> None:
    fort = town(
        "fort-ironweed . . . . . . . . . . . . . . .", step="done", monument="fort-ironweed"
    )
    other = town("W S . . . . . . . . . . . . . .")
    state = position(fort, other, round_number=2)
    state, events = play(state, 1, "done")
    assert state.source == "choice"
    assert (
        "alice takes no resource this round (Fort Ironweed: no choice while others still play)"
        in texts(events)
    )
    alone = position(fort, town(step="finished", finished_round=1), round_number=2)
    alone.towns[0].step = "build"
    alone.towns[0].cells[1:3] = ["wood", "stone"]
    alone, _ = play(alone, 0, "done")
    assert alone.source == "choice" and len(placed_resources(alone)) == 5


# -- Statue of the Bondmaker ---------------------------------------------------------------------


def test_the_statue_puts_a_given_resource_on_a_cottage_one_each() -> None:
    statue = "statue cottage cottage . . . . . . . . . . . . ."
    state = position(town(statue, step="place", held={"C1": ["brick"]}), town(step="place"))
    targets = {a.split()[2] for a in legal(state, 0, "place")}
    assert "B1" in targets and "C1" not in targets
    state, events = play(state, 0, "place wood B1")
    assert state.towns[0].held[at("B1")] == ["wood"]
    assert texts(events)[0] == "alice puts wood on the Cottage on B1 (Statue of the Bondmaker)"
    choice = position(town(statue, step="place"), source="choice", resource=None)
    assert not any(a.split()[2] == "B1" for a in legal(choice, 0, "place"))
    with pytest.raises(IllegalAction, match="only takes resources you are given"):
        play(choice, 0, "place wood B1")


# -- Shrine of the Elder Tree --------------------------------------------------------------------


def test_the_shrine_scores_by_the_buildings_when_it_is_built() -> None:
    shrine = "B H S .  W G W .  well well well well  well . . ."
    state = position(town(shrine, monument="shrine"), town(step="done"))
    state, events = play(state, 0, "build shrine at A1 using A1 B1 C1 A2 B2 C2")
    assert state.towns[0].shrine == 8  # six buildings with the Shrine: 8 points
    assert "the Shrine of the Elder Tree scores 8 points for alice" in texts(events)
    three = position(
        town(shrine.replace("well well well well", "well well . ."), monument="shrine"),
        town(step="done"),
    )
    three, _ = play(three, 0, "build shrine at A1 using A1 B1 C1 A2 B2 C2")
    assert three.towns[0].shrine == 4
