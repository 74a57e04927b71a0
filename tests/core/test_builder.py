"""The copy-on-write state builder (engine.core.builder)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from engine.core import BaseState, Event, Rng, StateBuilder, forced
from engine.core.builder import model_copy, writable_copy
from engine.core.fields import set_field
from engine.core.messages import Message, msg


class Piece(BaseModel):
    at: int
    marks: list[int] = Field(default_factory=list)


class Town(BaseModel):
    cells: list[str]
    held: dict[int, list[str]] = Field(default_factory=dict)


class Sample(BaseState):
    count: int = 0
    cells: list[int]
    pieces: list[Piece]
    towns: list[Town]
    record: Piece | None = None


def sample() -> Sample:
    return Sample(
        players=["alice", "bob"],
        rng=Rng(seed=3),
        cells=[0, 1, 2],
        pieces=[Piece(at=1, marks=[1]), Piece(at=2)],
        towns=[Town(cells=["", "wood"], held={1: ["brick"]}), Town(cells=["", ""])],
        record=Piece(at=0, marks=[5]),
    )


def test_an_untouched_builder_shares_every_field_and_changes_nothing() -> None:
    old = sample()
    new = StateBuilder(old).result().state
    assert new == old and new is not old
    assert all(getattr(new, name) is getattr(old, name) for name in Sample.model_fields)


def test_a_field_is_copied_on_its_first_edit_only() -> None:
    old = sample()
    before = old.model_dump()
    builder = StateBuilder(old)
    builder.edit("cells")[0] = 9
    builder.edit("cells")[1] = 8
    builder.state.count += 1
    state = builder.result().state
    assert (state.cells, state.count) == ([9, 8, 2], 1)
    assert old.model_dump() == before
    assert state.pieces is old.pieces and state.towns is old.towns


def test_models_inside_a_list_stay_shared_until_edited_as_items() -> None:
    old = sample()
    builder = StateBuilder(old)
    builder.edit("pieces").append(Piece(at=7))
    assert builder.state.pieces[0] is old.pieces[0]
    piece = builder.edit_item("pieces", 0)
    piece.at = 5
    piece.marks.append(2)
    assert builder.edit_item("pieces", 0) is piece
    assert old.pieces == [Piece(at=1, marks=[1]), Piece(at=2)]
    assert [p.at for p in builder.state.pieces] == [5, 2, 7]
    assert builder.state.pieces[1] is old.pieces[1]


def test_a_model_item_is_copied_with_its_containers_all_the_way_down() -> None:
    old = sample()
    builder = StateBuilder(old)
    town = builder.edit_item("towns", 0)
    town.cells[0] = "glass"
    town.held[1].append("stone")
    assert old.towns[0] == Town(cells=["", "wood"], held={1: ["brick"]})
    assert builder.state.towns[0].held == {1: ["brick", "stone"]}
    assert builder.state.towns[1] is old.towns[1]


def test_a_shallow_item_shares_its_containers_until_edited_in_full() -> None:
    old = sample()
    builder = StateBuilder(old)
    piece = builder.edit_item("pieces", 0, shallow=True)
    piece.at = 6
    assert piece is not old.pieces[0] and piece.marks is old.pieces[0].marks
    assert builder.edit_item("pieces", 0, shallow=True) is piece
    full = builder.edit_item("pieces", 0)
    full.marks.append(3)
    assert full is piece and builder.state.pieces[0] is piece  # (deepened in place)
    assert full.at == 6 and full.marks == [1, 3]
    assert builder.edit_item("pieces", 0, shallow=True) is full
    assert old.pieces[0] == Piece(at=1, marks=[1])


def test_a_sub_model_field_is_copied_before_it_changes() -> None:
    old = sample()
    builder = StateBuilder(old)
    builder.edit("record").marks.append(6)
    assert old.record == Piece(at=0, marks=[5])
    assert builder.state.record == Piece(at=0, marks=[5, 6])


def test_an_assigned_value_is_the_new_states_own() -> None:
    old = sample()
    builder = StateBuilder(old)
    builder.edit_item("pieces", 0).at = 4
    fresh = builder.assign("pieces", [old.pieces[1]])
    assert builder.edit("pieces") is fresh
    builder.edit_item("pieces", 0).at = 9  # copied: it was the old state's
    assert old.pieces[1].at == 2
    assert builder.state.pieces[0].at == 9


def test_writable_copy_leaves_scalars_and_tuples_alone() -> None:
    items = (1, 2)
    assert writable_copy(items) is items
    nested = [[1], [2]]
    copied = writable_copy(nested)
    assert copied == nested and copied[0] is not nested[0]


class Nested(BaseModel):
    """Every shape of container field a state model uses, as the copier reads annotations."""

    grid: list[list[int]]
    held: dict[int, list[str]]
    maybe: list[int] | None = None
    tags: set[str] = Field(default_factory=set)
    anything: list[Any] = Field(default_factory=list)
    piece: Piece | None = None
    pieces: list[Piece] = Field(default_factory=list)


def test_a_model_copy_copies_each_container_field_as_its_annotation_says() -> None:
    old = Nested(
        grid=[[1, 2], [3]],
        held={0: ["wood"]},
        maybe=[7],
        tags={"a"},
        anything=[[1], [2]],
        piece=Piece(at=1),
        pieces=[Piece(at=2)],
    )
    before = old.model_dump()
    new = writable_copy(old)
    assert new == old
    new.grid[0].append(9)
    new.held[0].append("brick")
    assert new.maybe is not None
    new.maybe.append(8)
    new.tags.add("b")
    new.anything[0].append(3)
    new.pieces.append(Piece(at=3))
    assert old.model_dump() == before
    assert new.piece is old.piece and new.pieces[0] is old.pieces[0]  # models stay shared
    assert writable_copy(Nested(grid=[], held={})).maybe is None


def test_events_and_the_draws_a_revealing_event_describes() -> None:
    old = sample()
    builder = StateBuilder(old)
    builder.say("alice thinks", seat=0)
    with forced(4):
        rolled = builder.chance.below(6, "a die")
    builder.chance.shuffle(builder.edit("cells"), "the cells")
    builder.say(f"alice rolls {rolled}", seat=0, reveals=True)
    builder.say("then nothing happens", reveals=True)
    state, events = builder.result()
    assert [e.text for e in events] == ["alice thinks", "alice rolls 4", "then nothing happens"]
    assert [e.reveals for e in events] == [False, True, True]
    assert events[0].draws == [] and events[2].draws == []
    assert [(d.what, d.outcome) for d in events[1].draws] == [
        ("a die", "4"),
        ("the cells", ", ".join(map(str, state.cells))),
    ]
    assert old.rng.draws == 0 and state.rng.draws > 0  # the forced draw took no number


class Loose(BaseModel):
    """A model with what a copy must carry besides its fields: extra and private attributes."""

    model_config = ConfigDict(extra="allow")
    at: int
    marks: list[int] = Field(default_factory=list)
    _seen: list[int] = PrivateAttr(default_factory=list)
    _note: str = PrivateAttr()


def test_a_model_copy_is_what_pydantic_copies() -> None:
    """The builder's fast copy gives what pydantic's `model_copy(update=…)` gives."""
    loose = Loose(at=1, colour="red")
    loose._seen.append(3)
    for model, update in (
        (loose, {"marks": [7]}),
        (loose, {}),
        (Loose(at=2), {"at": 5}),
        (Piece(at=1, marks=[1]), {"marks": [1, 2]}),
    ):
        ours, theirs = model_copy(model, update), model.model_copy(update=update)
        assert type(ours) is type(theirs) and ours == theirs
        assert ours.__dict__ == theirs.__dict__ and ours.__dict__ is not model.__dict__
        assert ours.model_fields_set == theirs.model_fields_set
        assert ours.__pydantic_extra__ == theirs.__pydantic_extra__
        assert ours.__pydantic_private__ == theirs.__pydantic_private__
    copied = model_copy(loose, {})
    copied._seen = [9]
    copied.__pydantic_extra__["colour"] = "blue"  # type: ignore[index]
    assert loose._seen == [3] and loose.colour == "red"  # type: ignore[attr-defined]


def test_an_event_said_is_the_event_pydantic_builds() -> None:
    """`say` makes its events without validating them: they are the events pydantic makes of
    the same values, fields set included, and store and load alike."""
    builder = StateBuilder(sample())
    builder.say("alice thinks", seat=0)
    builder.chance.below(6, "a die")
    builder.say(msg("{player} rolls", player="bob"), reveals=True)
    plain, revealing = builder.result().events
    expected = [
        Event(message=Message("alice thinks"), seat=0, reveals=False),
        Event(
            message=msg("{player} rolls", player="bob"),
            seat=None,
            reveals=True,
            draws=revealing.draws,
        ),
    ]
    for ours, theirs in zip((plain, revealing), expected, strict=True):
        assert ours == theirs and ours.model_fields_set == theirs.model_fields_set
        assert ours.model_dump_json() == theirs.model_dump_json()
        assert Event.model_validate_json(ours.model_dump_json()) == theirs
    assert len(revealing.draws) == 1


def test_a_field_set_is_what_pydantic_sets() -> None:
    ours, theirs = Rng(seed=1), Rng(seed=1)
    set_field(ours, "draws", 4)
    theirs.draws = 4
    assert ours == theirs and ours.model_fields_set == theirs.model_fields_set
