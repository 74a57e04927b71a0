"""Simultaneous turns and secrets through the service, with Tiny Towns: what others read of a
kept monument, whose view each image shows, who is done and who is pinged, reminders for the
seats still owed an action, and undo while several players act at once."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from bot.reminders import ReminderStore
from bot.reminders.policy import plan
from bot.service import Channel, GameCatalog, Reply, Service, UndoRefused, User
from bot.store import Store
from engine.games.tiny_towns import TinyTowns
from engine.games.tiny_towns.cards import CARDS, fold
from render import render_png
from tests.bot.helpers import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    MALLORY,
    ManualClock,
    drawn_view,
    fake_renderer,
    played,
)

GAME = TinyTowns()
FIRST_GAME = {"buildings": "first-game"}
SEED = 4


@pytest.fixture
def towns(store: Store, clock: ManualClock) -> Service:
    return Service(store, games=GameCatalog([GAME]), renderer=fake_renderer, clock=clock)


async def open_towns(
    service: Service, *, monuments: bool, channel: Channel = CHANNEL, seed: int = SEED
) -> list[User]:
    """A started 3-player table; returns the users in seat order."""
    options = {**FIRST_GAME, "monuments": str(monuments).lower()}
    await service.create_table(channel, ALICE, GAME.info.key, options, seed)
    for user in (BOB, CAROL):
        await service.join(channel, user)
    await service.start(channel, ALICE)
    table = await service.store.tables.open_table(channel.id)
    assert table is not None
    by_id = {user.id: user for user in (ALICE, BOB, CAROL)}
    return [by_id[seat.user_id] for seat in await service.store.tables.seats(table.id)]


async def state_now(service: Service, channel: Channel = CHANNEL) -> Any:
    table = await service.store.tables.open_table(channel.id)
    assert table is not None and table.state_json is not None
    return GAME.load_state(table.state_json)


def pinged(reply: Reply) -> list[str]:
    return [mention.name for mention in reply.mentions]


def secret_words(card: str) -> list[str]:
    return [card, CARDS[card].name]


def names_card(text: str, card: str) -> bool:
    """Whether `text` names `card` in any spelling (case, spaces and punctuation ignored;
    short aliases such as `watch` are everyday words and left out)."""
    folded = fold(text)
    long_aliases = [alias for alias in CARDS[card].aliases if len(fold(alias)) > 8]
    return any(fold(alias) in folded for alias in (card, CARDS[card].name, *long_aliases))


# -- secrets -------------------------------------------------------------------------------


async def test_a_kept_monument_is_secret_everywhere_but_for_its_keeper(towns: Service) -> None:
    first, second, third = await open_towns(towns, monuments=True)
    card = (await state_now(towns)).towns[0].dealt[1]

    kept = await played(towns.act(CHANNEL, first, f"keep {CARDS[card].name}"))

    # A part of the round: one line for the channel, the keeper's own board for them alone.
    assert kept.text == (
        f"{first.name}: keep a monument card. Waiting for {second.name} and {third.name} — "
        f"{first.name} is done."
    )
    assert kept.image is None and kept.personal is not None
    own = kept.personal
    assert own.private and own.image is not None and drawn_view(own.image.png)["viewer"] == 0
    assert f"• {first.name} keeps one of their two monument cards" in own.text
    assert f"Your monument: {CARDS[card].name} (secret until you build it)." in own.text
    theirs = await towns.history(CHANNEL, second)
    mine = await towns.history(CHANNEL, first)
    status = await towns.status(CHANNEL, second)
    for reply in (kept, theirs, status):
        assert not any(word in reply.text for word in secret_words(card))
    assert f"#1 {first.name}: keep a monument card" in theirs.text
    assert f"Since your last action: #1 {first.name}: keep a monument card." in status.text
    assert f"#1 {first.name}: keep {card}" in mine.text
    (logged,) = await towns.store.actions.recent_actions(1, 5)
    assert logged.text == f"keep {card}"  # the real action in canonical form, for replay

    await towns.act(CHANNEL, third, f"keep {(await state_now(towns)).towns[2].dealt[0]}")
    asked = await towns.request_undo(CHANNEL, first, count=2)
    assert "keep a monument card, #2" in asked.text
    assert not any(word in asked.text for word in secret_words(card))


@pytest.mark.parametrize(
    "spelling",
    [
        "keep,{key}",
        "KEEP {key}",
        "keep\t{key}",
        "keep   {name}",
        "keep {key};",
        " Keep , {name} ; ",
        "kEeP,{key},",
    ],
)
async def test_no_spelling_of_keep_names_the_kept_monument_to_the_others(
    towns: Service, spelling: str
) -> None:
    """Whatever spelling the parser accepts, others read the one public form — in the channel,
    in /history and /status, and in every undo text (and the undo record)."""
    first, second, third = await open_towns(towns, monuments=True)
    dealt = (await state_now(towns)).towns[0].dealt
    card = dealt[0]
    typed = spelling.format(key=card, name=CARDS[card].name)

    kept = await towns.act(CHANNEL, first, typed)
    seen = [
        kept,
        await towns.history(CHANNEL, second),
        await towns.history(CHANNEL, MALLORY),
        await towns.status(CHANNEL, second),
        await towns.status(CHANNEL, MALLORY),
    ]
    assert kept.text.startswith(f"{first.name}: keep a monument card. Waiting for")
    own = await towns.history(CHANNEL, first)
    assert f"#1 {first.name}: keep {card}  (" in own.text  # the keeper's, in canonical form
    taken = await towns.request_undo(CHANNEL, first)  # only their own: no votes needed
    seen.append(taken)
    assert f"Taken back: #1 {first.name}: keep a monument card." in taken.text
    await towns.act(CHANNEL, first, typed)
    await towns.act(CHANNEL, third, f"keep {(await state_now(towns)).towns[2].dealt[0]}")
    asked = await towns.request_undo(CHANNEL, first, count=2)
    seen += [asked, await towns.approve_undo(CHANNEL, second)]
    seen.append(await towns.approve_undo(CHANNEL, third))
    assert "keep a monument card" in seen[-1].text

    for reply in seen:
        assert not any(names_card(reply.text, secret) for secret in dealt), reply.text
    rows = await towns.store.database.fetch_all("SELECT undone_json FROM undo_requests")
    assert rows and not any(names_card(str(row[0]), secret) for row in rows for secret in dealt)


async def test_status_shows_your_own_view_and_the_public_images_never_a_secret(
    towns: Service,
) -> None:
    _, second, _ = await open_towns(towns, monuments=True)
    dealt = (await state_now(towns)).towns[1].dealt

    status = await towns.status(CHANNEL, second)
    board = await towns.board(CHANNEL, second)

    assert status.private and status.image is not None and board.image is not None
    own = drawn_view(status.image.png)
    assert own["viewer"] == 1
    assert [card["key"] for card in own["players"][1]["monument_cards"]] == dealt
    public = drawn_view(board.image.png)
    assert public["viewer"] is None
    assert all("monument_cards" not in player for player in public["players"])
    assert not board.private


async def test_the_public_image_is_the_same_whichever_card_was_kept(
    store: Store, clock: ManualClock
) -> None:
    """With the real renderer: keeping one card or the other gives the same public image
    once everyone has kept one, and the keeper's own image differs from the public one."""
    service = Service(store, games=GameCatalog([GAME]), clock=clock)
    images: list[bytes] = []
    for index, channel in enumerate((CHANNEL, Channel("chan-2", CHANNEL.guild_id))):
        seated = await open_towns(service, monuments=True, channel=channel)
        dealt = [town.dealt for town in (await state_now(service, channel)).towns]
        first = await played(service.act(channel, seated[0], f"keep {dealt[0][index]}"))
        await played(service.act(channel, seated[1], f"keep {dealt[1][0]}"))
        moved = await played(service.act(channel, seated[2], f"keep {dealt[2][0]}"))
        assert moved.image is not None and first.personal is not None
        images.append(moved.image.png)
        assert first.personal.image is not None and first.personal.image.png != moved.image.png
    assert images[0] == images[1]
    state = await state_now(service, CHANNEL)
    assert render_png(GAME.info.key, GAME.view(state, None)) == images[0]


# -- simultaneous rounds -------------------------------------------------------------------


async def test_a_round_shows_who_is_done_pings_only_the_newly_owed_and_is_announced(
    towns: Service, clock: ManualClock
) -> None:
    first, second, third = await open_towns(towns, monuments=False)
    table = await towns.store.tables.open_table(CHANNEL.id)
    assert table is not None and table.to_act == [0, 1, 2]
    began = table.waiting_since
    resource = (await state_now(towns)).resource

    clock.advance(minutes=5)
    placed = await towns.act(CHANNEL, first, f"place {resource} A1")
    done = await towns.act(CHANNEL, first, "done")

    assert placed.mentions == () and done.mentions == ()
    assert placed.text.endswith(f"Waiting for {first.name}, {second.name} and {third.name}.")
    waiting = f"Waiting for {second.name} and {third.name}"
    assert done.text.endswith(f"{waiting} — {first.name} is done.")
    theirs = await towns.status(CHANNEL, second)
    mine = await towns.status(CHANNEL, first)
    assert f"{waiting} since 2026-01-01 12:00 UTC (5 min ago) — {first.name} is done." in (
        theirs.text
    )
    assert "You are to act (/legal lists your actions)." in theirs.text
    assert "You have done your part; the others are still to act." in mine.text
    legal = await towns.legal(CHANNEL, first)
    assert legal.text == (
        "You have done your part for now; table #1 (Tiny Towns) waits for "
        f"{second.name} and {third.name}."
    )

    await towns.act(CHANNEL, second, f"place {resource} A1; done")
    clock.advance(minutes=5)
    last = await towns.act(CHANNEL, third, f"place {resource} A1; done")

    state = await state_now(towns)
    assert state.round == 2
    assert f"• Round 2: the resource card shows {state.resource}" in last.text
    assert last.text.endswith(f"Waiting for {first.name}, {second.name} and {third.name}.")
    assert pinged(last) == [first.name, second.name]  # the last player has just acted
    table = await towns.store.tables.open_table(CHANNEL.id)
    assert table is not None and began is not None
    assert table.waiting_since == began + timedelta(minutes=10)


async def test_reminders_go_only_to_the_players_still_owed_an_action(
    towns: Service, store: Store, clock: ManualClock
) -> None:
    first, second, third = await open_towns(towns, monuments=False)
    resource = (await state_now(towns)).resource
    await towns.act(CHANNEL, second, f"place {resource} B2; done")

    reminders = ReminderStore.sharing(store)
    (watched,) = await reminders.watched_tables()
    due = plan(watched, clock() + timedelta(hours=25))

    assert [player.name for player in watched.awaited] == [first.name, third.name]
    assert [player.name for player in due.remind] == [first.name, third.name]


# -- undo ----------------------------------------------------------------------------------


async def test_your_own_part_of_a_round_is_taken_back_without_asking(towns: Service) -> None:
    first, *_ = await open_towns(towns, monuments=False)
    resource = (await state_now(towns)).resource
    await towns.act(CHANNEL, first, f"place {resource} A1")
    await towns.act(CHANNEL, first, "done")

    taken = await towns.request_undo(CHANNEL, first, count=2)

    assert taken.undo_request_id is None
    assert taken.text.startswith(f"{first.name} takes back their own 2 actions; nobody else")
    assert f"Taken back: #1 {first.name}: place {resource} A1, #2 {first.name}: done" in taken.text
    table = await towns.store.tables.open_table(CHANNEL.id)
    assert table is not None and table.move_count == 0 and table.to_act == [0, 1, 2]
    assert await towns.store.undo.open_undo_request(table.id) is None


async def test_taking_back_another_players_action_needs_everyones_consent(
    towns: Service,
) -> None:
    first, second, third = await open_towns(towns, monuments=False)
    resource = (await state_now(towns)).resource
    await towns.act(CHANNEL, first, f"place {resource} A1")
    await towns.act(CHANNEL, second, f"place {resource} A1")

    asked = await towns.request_undo(CHANNEL, first, count=2)

    assert asked.undo_request_id is not None
    assert pinged(asked) == [second.name, third.name]


async def test_the_action_that_turned_up_the_next_card_cannot_be_taken_back(
    towns: Service,
) -> None:
    first, second, third = await open_towns(towns, monuments=False)
    resource = (await state_now(towns)).resource
    for user in (first, second, third):
        await towns.act(CHANNEL, user, f"place {resource} A1; done")

    with pytest.raises(UndoRefused, match="revealed hidden information"):
        await towns.request_undo(CHANNEL, third)
