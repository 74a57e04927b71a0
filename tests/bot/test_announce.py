"""One message per move, a picture only when it shows something new, words a player on a phone
can read, and no wait for an action nobody chose (bot/service/announce.py, automatic.py).

Tiny Towns posts its public board once a round, when the round is complete; each part of a
round before that is one line in the channel and the player's own board for them alone.
Terra Nova posts no board for an exchange of power alone. Terra Nova (2006) plays the pass of a
boxed-in player for them, and says so."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service import GameCatalog, Reply, Service, User, bots
from bot.service.bot_policy import BOT_DELAY, ROBOT
from bot.store import Store
from engine.core import Rng
from engine.core.playout import choose_action
from engine.games.terra_nova import TerraNova
from engine.games.terra_nova_2006 import TerraNova2006
from engine.games.tiny_towns import TinyTowns
from tests.bot.helpers import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    ManualClock,
    drawn_view,
    fake_renderer,
    played,
    set_position,
    start_game,
)
from tests.games.terra_nova.helpers import first_game
from tests.games.terra_nova_2006.helpers import position

TOWNS, TN, TN2006 = TinyTowns(), TerraNova(), TerraNova2006()


@pytest.fixture
def service(store: Store, clock: ManualClock) -> Service:
    return Service(
        store, games=GameCatalog([TOWNS, TN, TN2006]), renderer=fake_renderer, clock=clock
    )


async def open_table(service: Service, game: str, options: dict[str, str]) -> list[User]:
    """A started 3-player table of `game`; the users in seat order."""
    return await start_game(service, game, (ALICE, BOB, CAROL), options, 4)


async def state_now(service: Service) -> Any:
    table = await service.store.tables.latest_table(CHANNEL.id)
    assert table is not None and table.state_json is not None
    return service.catalog.get(table.game_key).load_state(table.state_json)


# -- Tiny Towns: the board once a round ------------------------------------------------------


async def test_a_part_of_a_round_is_one_line_and_the_players_own_board(service: Service) -> None:
    first, second, third = await open_table(service, "tiny-towns", {"monuments": "false"})
    resource = (await state_now(service)).resource

    placed = await played(service.act(CHANNEL, first, f"place {resource} A1"))

    assert placed.text == (
        f"{first.name}: place {resource} A1. Waiting for {first.name}, {second.name} and "
        f"{third.name}."
    )
    assert placed.image is None and placed.mentions == () and not placed.private
    own = placed.personal
    assert own is not None and own.private and own.image is not None
    assert drawn_view(own.image.png)["viewer"] == 0
    assert own.text.splitlines() == [
        "Your board after your move:",
        f"• {first.name} places {resource} on A1",
        f"Round 1: the resource is {resource}, from the resource card.",
        "Your town: -16 points so far, 16 empty squares.",
    ]


async def test_the_round_posts_its_public_board_once_it_is_complete(service: Service) -> None:
    first, second, third = await open_table(service, "tiny-towns", {"monuments": "false"})
    resource = (await state_now(service)).resource

    parts = [
        await played(service.act(CHANNEL, user, f"place {resource} B2; done"))
        for user in (first, second)
    ]
    last = await played(service.act(CHANNEL, third, f"place {resource} B2; done"))

    assert all(reply.image is None and reply.personal is not None for reply in parts)
    assert parts[1].text.endswith(
        f"Waiting for {third.name} — {first.name} and {second.name} are done."
    )
    assert last.image is not None and drawn_view(last.image.png)["viewer"] is None
    assert last.personal is None
    following = (await state_now(service)).resource
    assert f"Round 2: the resource is {following}, from the resource card." in last.text
    assert last.text.endswith(f"Waiting for {first.name}, {second.name} and {third.name}.")
    assert [mention.name for mention in last.mentions] == [first.name, second.name]


async def test_a_whole_tiny_towns_game_posts_one_public_board_per_round(service: Service) -> None:
    seated = await open_table(service, "tiny-towns", {"monuments": "true"})
    chooser = Rng(seed=11)
    replies: list[Reply] = []
    while (table := await service.store.tables.open_table(CHANNEL.id)) is not None:
        state = await state_now(service)
        seat = min(table.to_act)
        turn, start = [], state.round
        while seat in TOWNS.to_act(state) and state.round == start and not TOWNS.is_over(state):
            action = choose_action(chooser, TOWNS.legal_actions(state, seat))
            state, _ = TOWNS.apply(state, seat, action)
            turn.append(action)
        replies.append(await played(service.act(CHANNEL, seated[seat], "; ".join(turn))))

    final = await state_now(service)
    public = [reply for reply in replies if reply.image is not None]
    personal = [reply for reply in replies if reply.personal is not None]
    assert len(public) == final.round + 1  # each round, and the monuments kept
    assert len(personal) == len(replies) - len(public) > len(public)
    assert all(reply.personal.image is not None for reply in personal if reply.personal)
    assert all("\n" not in reply.text or "monument" in reply.text for reply in personal)


# -- Terra Nova: an exchange shows nothing new -----------------------------------------------


async def test_an_exchange_alone_posts_words_and_no_board(service: Service) -> None:
    seated = await open_table(service, "terra-nova", {})
    state = first_game(3)
    await set_position(service, state, seated)
    mover = seated[state.current]

    exchanged = await played(service.act(CHANNEL, mover, "exchange 1"))

    assert exchanged.image is None and exchanged.personal is None
    player = (await state_now(service)).seats[state.current]
    assert (
        f"• {mover.name} (" in exchanged.text and "exchanges 1 power for 1 money" in exchanged.text
    )
    assert (
        f"{mover.name} (" in exchanged.text and f"{player.money} money · power " in exchanged.text
    )
    built = await played(service.act(CHANNEL, mover, f"pass {min(state.offer)}"))
    assert built.image is not None


# -- Terra Nova (2006): the forced pass ------------------------------------------------------


async def box_in_the_second_player(service: Service) -> tuple[list[User], str]:
    """A Terra Nova (2006) table where the first player's turn, returned, leaves the second
    player's only figure (on A1) boxed in by the first player's figures and a stone."""
    seated = await open_table(service, "terra-nova-2006", {})
    boxed = position(
        players=3, figures={"H8": 0, "B1": 0, "B2": 0, "A1": 1, "M9": 2}, stones=["A2"]
    )
    await set_position(service, boxed, seated)
    state = await state_now(service)
    turn = ["move H8 H5"]
    for _ in range(2):
        state, _ = TN2006.apply(state, 0, turn[-1])
        turn.append(next(a for a in TN2006.legal_actions(state, 0) if a.startswith("stone")))
    return seated, "; ".join(turn)


async def test_a_boxed_in_player_passes_without_being_waited_for(service: Service) -> None:
    (first, second, third), turn = await box_in_the_second_player(service)

    reply = await played(service.act(CHANNEL, first, turn))

    assert f"{second.name}: pass — played for them: none of their figures can move." in reply.text
    assert f"• {second.name} cannot move a figure and passes" in reply.text
    assert reply.text.endswith(f"Waiting for {third.name}.")
    assert [mention.name for mention in reply.mentions] == [third.name]
    assert reply.image is not None  # first's turn changed the island
    (logged,) = await service.store.actions.recent_actions(1, 1)
    assert (logged.seat, logged.text, logged.automatic) == (
        1,
        "pass",
        "none of their figures can move",
    )
    history = await service.history(CHANNEL, third)
    assert f"#2 {second.name}: pass (played for them)" in history.text
    status = await service.status(CHANNEL, third)
    assert f"Turn 32: {third.name} has 3 actions, the first a move;" in status.text


async def test_an_undo_takes_back_the_forced_pass_with_the_move_that_led_to_it(
    service: Service,
) -> None:
    (first, second, third), turn = await box_in_the_second_player(service)
    start = await service.store.tables.open_table(CHANNEL.id)
    assert start is not None
    await service.act(CHANNEL, first, turn)

    asked = await service.request_undo(CHANNEL, first)  # count:1 — the turn, and the pass after it

    assert f"#1 {first.name}: {turn}, #2 {second.name}: pass (played for them)" in asked.text
    await service.approve_undo(CHANNEL, second)
    taken = await service.approve_undo(CHANNEL, third)
    assert taken.text.endswith(f"Waiting for {first.name}.")
    table = await service.store.tables.open_table(CHANNEL.id)
    assert table is not None and table.move_count == 0 and table.state_json == start.state_json


async def test_a_bots_turn_is_a_chosen_move_and_the_forced_pass_after_it_is_in_its_message(
    service: Service, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot's decision is fixed here (the turn that boxes the second player in): what is
    tested is the move path after it — the same as after a person's move."""
    (first, second, third), turn = await box_in_the_second_player(service)
    await service.replace(CHANNEL, first, first.name)
    monkeypatch.setattr(bots, "choose_turn", lambda *_: turn)
    clock.advance(seconds=BOT_DELAY.total_seconds())

    (due,) = (await service.bot_turns_due(clock()))[0]
    move = await service.play_bot_turn(due)

    assert move is not None
    lines = move.reply.text.splitlines()
    assert lines[0] == f"{first.name} ({ROBOT} bot, normal): {turn}"
    assert f"{second.name}: pass — played for them: none of their figures can move." in lines
    assert move.reply.text.endswith(f"Waiting for {third.name}.")
    assert [mention.name for mention in move.reply.mentions] == [third.name]
    assert move.reply.personal is None
    chosen, forced = await service.store.actions.actions_from(1, 1)
    assert (chosen.seat, chosen.bot_level, chosen.automatic) == (0, "normal", None)
    assert (forced.seat, forced.bot_level, forced.automatic) == (
        1,
        None,
        "none of their figures can move",
    )
    asked = await service.request_undo(CHANNEL, third)  # count:1 — the bot's turn and the pass
    assert f"#1 {first.name} ({ROBOT} bot, normal): {turn}, #2 {second.name}: pass" in asked.text
