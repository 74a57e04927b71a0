"""What Terramara says in words: the round and the step of the turn (a decision first), your
tribe's stock, when the board shows something new, and the end with the tie-break that
decided (engine/core's hooks)."""

from __future__ import annotations

from tests.support.words import english

from .helpers import GAME, legal, new, play, seat_with, task, turn_of, with_fields


def test_the_turn_says_the_round_and_what_it_asks_now() -> None:
    state = new(4)
    placed = play(state, 0, "place scout home recruit")
    crafted = placed.model_copy(update={"crafted": True})

    assert english(GAME.summary(state, None)) == ["Round 1 of 5: ann places a member (5 at home)."]
    assert english(GAME.summary(placed, None)) == [
        "Round 1 of 5: ann has placed; craft or reserve, then 'done'."
    ]
    assert english(GAME.summary(crafted, None)) == [
        "Round 1 of 5: ann has placed; 'done' ends the turn."
    ]


def test_every_open_decision_is_named_with_whom_it_waits_for() -> None:
    raided = with_fields(
        turn_of(new(4), 0, "after"),
        tasks=[
            task(1, "give", n=2, to=0, optional=False, source="raid"),
            task(2, "give", n=1, to=0, optional=False, source="raid"),
        ],
    )
    assert english(GAME.summary(raided, None)) == [
        "Round 1 of 5, a decision for bob: hand over resources to the raider (raid); "
        "cat: hand over resources to the raider (raid)."
    ]


def test_the_set_up_says_who_places_a_neutral_scout_and_who_picks() -> None:
    neutral = GAME.new_game(["ann", "bob", "cat"], 1, {"first_game": False})
    placement = neutral.neutral_queue[0]
    assert english(GAME.summary(neutral, None)) == [
        f"Set-up: {neutral.players[placement.seat]} puts a scout of neutral A on a free "
        f"territory space of row {placement.row}."
    ]
    draft = neutral
    while draft.phase == "neutral":
        seat = min(GAME.to_act(draft))
        draft = play(draft, seat, legal(draft, seat)[0])
    offered = ", ".join([*draft.draft_persons, *draft.draft_cards])
    picker = draft.players[draft.draft_order[0]]
    assert english(GAME.summary(draft, None)) == [f"Set-up: {picker} picks ({offered} left)."]


def test_your_tribe_in_words() -> None:
    state = seat_with(
        new(4),
        1,
        raw=[2, 0, 1, 0],
        processed=[0, 3, 0, 0],
        workers=[1, 2, 2],
        used=[2],
        military=7,
        culture=4,
        carts=["B1", "S"],
        chief_home=False,
        home_scouts=1,
        warriors=2,
        reserved="W1d",
    )
    points = GAME.scores(state)[1]

    assert english(GAME.summary(state, 1))[1:] == [
        f"You: {points} points so far · military 7 · culture 4 · carts at B1 and S.",
        "Your stock: 2 stone, 1 ore, 3 timber.",
        "Workers ready: level 1, level 2 · at home: 1 scout, 2 warriors.",
        "Reserved: Spear (W1d) — 5 points off if still held at the end.",
    ]
    assert len(english(GAME.summary(state, None))) == 1  # the public reads the turn only


def test_a_done_alone_is_no_board_news_and_stays_the_players() -> None:
    state = new(4)
    placed = play(state, 0, "place scout home recruit")
    done = play(placed, 0, "done")

    assert GAME.board_news(state, placed)
    assert not GAME.board_news(placed, done)
    assert GAME.forced(placed, 0) is None


def test_the_end_names_the_winner_and_the_tie_breaks_that_decided() -> None:
    state = new(4)
    for seat, (culture, military, vp) in enumerate(((6, 3, 10), (5, 4, 7), (0, 0, 0), (0, 0, 0))):
        state = seat_with(state, seat, raw=[0, 0, 0, 0], culture=culture, military=military, vp=vp)
    assert GAME.scores(state) == [15, 15, 2, 2]

    assert english(GAME.outcome(state)) == [
        "ann wins with 15 points.",
        "ann ranks ahead of bob at 15 points each: more culture, 6 against 5.",
        "cat and dan stay tied at 2 points after every tie-break (more culture, more military) "
        "and share the place.",
    ]
