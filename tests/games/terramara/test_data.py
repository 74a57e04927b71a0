"""The content data against the design (../shared/games/terramara.md §2): counts, values,
every effect in the vocabulary, every space and road node reachable."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.games.terramara.board import (
    FIRST_GAME_LEFT,
    FIRST_GAME_RIGHT,
    ROAD_BONUS_LEVELS,
    ROAD_NODES,
    ROUND_WORKER_LEVELS,
    WORKER_TILES,
    next_nodes,
    progress,
    river_slots,
)
from engine.games.terramara.content import (
    ARTIFACTS,
    BONUS_TILES,
    CROSSROADS,
    HOME_ACTIONS,
    OUTPOSTS,
    PERSONS,
    SPECIALS,
    START_CARDS,
    TERRITORIES,
    home_spaces_for,
)
from engine.games.terramara.effects import (
    ABILITIES,
    EffectError,
    Gain,
    Pick,
    parse_ability,
    parse_effect,
    parse_step,
)
from engine.games.terramara.spaces import layout


def test_territories_per_column_level_and_terrain() -> None:
    assert len(TERRITORIES) == 24
    counts = Counter((t.column, t.level, t.terrain) for t in TERRITORIES.values())
    for level in (1, 2, 3):
        for column, terrains in (("left", ("meadow", "quarry")), ("right", ("forest", "mountain"))):
            for terrain in terrains:
                assert counts[(column, level, terrain)] == 2, (column, level, terrain)


def test_territory_backs_are_outposts_crossroads_and_specials() -> None:
    for tile in TERRITORIES.values():
        if tile.level == 3:
            assert (tile.back in SPECIALS) == (tile.column == "right")
            assert tile.column == "right" or tile.back is None
        elif tile.column == "left":
            assert tile.back in OUTPOSTS
        else:
            assert tile.back in CROSSROADS
    backs = [t.back for t in TERRITORIES.values() if t.back]
    assert len(backs) == len(set(backs)) == 8 + 8 + 4


def test_territory_values_follow_the_design_table() -> None:
    assert TERRITORIES["LT1-1"].spaces[0].text == "2 ca, 1 mil"
    assert TERRITORIES["LT2-2"].spaces[2].text == "LEA, 1 rch, 1 cul, cvt1"
    assert TERRITORIES["RT1-3"].spaces[1].text == "or, 2 mil"
    assert TERRITORIES["RT3-4"].spaces[2].text == "2 MET, 2 rch"
    singles = {f"{t.id} {s.letter}" for t in TERRITORIES.values() for s in t.spaces if s.single}
    assert singles == {"RT2-3 c", "RT3-3 c"}
    for key in ("RT2-3", "RT3-3"):
        assert parse_effect("WAR2")[0] in TERRITORIES[key].spaces[2].effect


def test_artifact_counts_per_level_and_category() -> None:
    assert len(ARTIFACTS) == 52
    assert Counter(card.level for card in ARTIFACTS.values()) == {1: 16, 2: 16, 3: 20}
    per_category = Counter((card.category, card.level) for card in ARTIFACTS.values())
    for category in ("tools", "weapons", "pottery", "clothing"):
        assert [per_category[(category, level)] for level in (1, 2, 3)] == [4, 4, 5]


def test_artifact_categories_follow_their_main_resource() -> None:
    for card in ARTIFACTS.values():
        assert card.cost[card.main] == max(card.cost), card.id
        assert card.cost_text.split()[0].endswith(("TIM", "MET", "ASH", "LEA"))


def test_printed_demand_and_vp_per_processed_resource() -> None:
    demand = [sum(card.cost[k] for card in ARTIFACTS.values()) for k in range(4)]
    assert demand == [39, 39, 39, 40]  # ASH TIM MET LEA, design §2.10
    for level, ratio in ((1, 0.68), (2, 0.88), (3, 1.51)):
        cards = [c for c in ARTIFACTS.values() if c.level == level]
        vp = sum(c.vp for c in cards) / sum(sum(c.cost) for c in cards)
        assert round(vp, 2) == ratio


def test_artifact_values_spot_checks() -> None:
    assert ARTIFACTS["T3e"].cost_text == "3TIM 2ASH" and ARTIFACTS["T3e"].vp == 8
    assert ARTIFACTS["W1d"].vp == 3
    assert ARTIFACTS["C3c"].vp == 3
    assert ARTIFACTS["W3c"].per_round[0].text == "2 mil -> 1 cul + 1 rch"
    assert [a.text for a in ARTIFACTS["C3d"].end] == ["cart-end-vp 3"]


def test_bonus_tiles_six_per_level() -> None:
    assert Counter(tile.level for tile in BONUS_TILES.values()) == {1: 6, 2: 6, 3: 6}
    assert BONUS_TILES["BT3e"].effect[0].text == "raw? -> 2 cul / 2 rch / 3 mil"
    in_play = Counter(ROAD_BONUS_LEVELS) + Counter({1: 1, 2: 2, 3: 1})
    assert in_play == {1: 3, 2: 4, 3: 3}  # design §2.5: 8 left over (3 / 2 / 3)


def test_persons_start_cards_workers_and_home_tiles() -> None:
    assert len(PERSONS) == 7
    assert len(START_CARDS) == 12
    assert sum(WORKER_TILES) == 17 and WORKER_TILES == (9, 5, 3)
    assert Counter(ROUND_WORKER_LEVELS) == {1: 2, 2: 2, 3: 1}
    assert [len(home_spaces_for(n)) for n in (2, 3, 4)] == [3, 4, 5]
    assert set(HOME_ACTIONS) == {"recruit", "improve", "travel", "raid", "start"}


def test_start_cards_never_lift_to_power_level_two() -> None:
    for card in START_CARDS.values():
        gains = dict(card.effect[0].items) if isinstance(card.effect[0], Gain) else {}
        assert gains.get("mil", 0) <= 4, card.id


def test_outposts_use_each_condition_type_once() -> None:
    assert sorted(o.condition for o in OUTPOSTS.values()) == sorted(
        ["workers", "river", "military", "road", "tools", "weapons", "pottery", "clothing"]
    )
    assert OUTPOSTS["OP-A"].thresholds == (3, 5, 7)
    assert OUTPOSTS["OP-H"].thresholds == (5, 10, 15)
    assert OUTPOSTS["OP-F"].thresholds == (2, 4, 6)


def test_every_effect_is_in_the_vocabulary_and_reparses() -> None:
    steps = [
        *(s for t in TERRITORIES.values() for space in t.spaces for s in space.effect),
        *(s for c in CROSSROADS.values() for s in c.effect),
        *(s for c in SPECIALS.values() for s in c.effect),
        *(s for a in ARTIFACTS.values() for s in (*a.immediate, *a.per_round)),
        *(s for b in BONUS_TILES.values() for s in b.effect),
        *(s for c in START_CARDS.values() for s in c.effect),
        *(s for p in PERSONS.values() for s in p.on_taking_effect),
        *(s for h in HOME_ACTIONS.values() for s in h.effect),
    ]
    for step in steps:
        assert parse_step(step.text) == step
    abilities = [
        *(a for c in ARTIFACTS.values() for a in (*c.permanent, *c.end)),
        *(a for p in PERSONS.values() for a in (*p.young, *p.experienced)),
    ]
    assert {a.kind for a in abilities} <= set(ABILITIES)
    assert {a.kind for a in abilities} == set(ABILITIES)  # no keyword is left unused


@pytest.mark.parametrize("text", ["2 gold", "cvt", "raid twice", "raw? -> 2 fame", "craft fast"])
def test_words_outside_the_vocabulary_are_refused(text: str) -> None:
    with pytest.raises(EffectError):
        parse_effect(text)


def test_abilities_check_their_arguments() -> None:
    assert parse_ability("terrain forest wd").args == ("forest", "wd")
    for text in ("terrain desert wd", "discount spoons", "craft-vp 2", "flying"):
        with pytest.raises(EffectError):
            parse_ability(text)


def test_picks_and_gains_parse_as_the_design_writes_them() -> None:
    assert parse_effect("2 PRC?, 1 cul") == (Pick("prc", 2), Gain((("cul", 1),)))
    assert parse_effect("st, wd, or, ca, cvt2")[0] == Gain(
        (("st", 1), ("wd", 1), ("or", 1), ("ca", 1))
    )


def test_every_road_node_is_reachable_and_the_road_takes_7_to_13_steps() -> None:
    seen = {"S"}
    frontier = ["S"]
    while frontier:
        node = frontier.pop()
        for nxt in next_nodes(node):
            assert progress(nxt) > progress(node)
            if nxt not in seen:
                seen.add(nxt)
                frontier.append(nxt)
    assert seen == set(ROAD_NODES)

    def lengths(node: str) -> set[int]:
        if node == "E":
            return {0}
        return {1 + n for nxt in next_nodes(node) for n in lengths(nxt)}

    assert min(lengths("S")) == 7 and max(lengths("S")) == 13


def test_every_space_of_a_layout_exists_once_with_fire_numbers_per_row() -> None:
    lay = layout(FIRST_GAME_LEFT, FIRST_GAME_RIGHT, 4)
    for row, ids in lay.territory_rows.items():
        assert len(ids) == 6
        assert sorted(lay.spaces[key].fire_number for key in ids) == [0, 0, 1, 2, 3, 4], row
    kinds = Counter(space.kind for space in lay.spaces.values())
    assert kinds == {"home": 5, "territory": 36, "crossroad": 4, "special": 2}


def test_river_reach_table() -> None:
    expected = {0: 2, 1: 3, 2: 3, 3: 4, 4: 4, 5: 5, 6: 5, 7: 6, 8: 6, 9: 7, 10: 7, 11: 8, 14: 8}
    assert {space: river_slots(space) for space in expected} == expected
