"""The course of a game: set-up, neutral scouts, the draft, turns, rounds and the end.

Every function here changes a Builder's private state; `settle` then runs what follows by
itself (automatic tasks, forced answers, the end of the neutral placement and the draft) until
the game waits for a player's decision.
"""

from __future__ import annotations

from engine.core import Chance, Message, Param, Rng, chain, msg

from . import rules
from .board import (
    FIRST_GAME_LEFT,
    FIRST_GAME_RIGHT,
    NEUTRAL_CARDS,
    ROAD_BONUS_LEVELS,
    ROUND_WORKER_LEVELS,
    ROUNDS,
    ROW_LEVELS,
    ROWS,
    WORKER_TILES,
    WORKERS_PER_ROUND,
    power_level,
    round_of_row,
)
from .builder import Builder
from .content import (
    ARTIFACTS,
    BONUS_TILES,
    HOME_ACTIONS,
    PERSONS,
    START_CARDS,
    TERRITORIES,
    artifact_term,
    member_term,
    person_term,
    source_words,
    territories_of,
)
from .effects import Gain, Simple, Trade, amount
from .rules import HUT
from .scoring import final_scores
from .spaces import layout
from .state import NEUTRAL_NAMES, Member, NeutralPlacement, Seat, Task, TerramaraState
from .tasks import STOP, active, forced, options, resolve, run_automatic, start_craft

# -- set-up ---------------------------------------------------------------------------------------


def setup(players: list[str], seed: int, first_game: bool, random_layout: bool) -> TerramaraState:
    rng = Rng(seed=seed)
    chance = Chance(rng)
    count = len(players)
    if first_game and not random_layout:
        left, right = list(FIRST_GAME_LEFT), list(FIRST_GAME_RIGHT)
    else:
        left, right = _draw_column("left", chance), _draw_column("right", chance)
    road, river, spare = _deal_bonus_tiles(chance)
    deck = []
    for level in (1, 2, 3):
        cards = [key for key, card in ARTIFACTS.items() if card.level == level]
        chance.shuffle(cards, f"the level-{level} artifacts")
        deck.extend(cards)
    seats = [Seat() for _ in players]
    supply = list(WORKER_TILES)
    for level in ROUND_WORKER_LEVELS:
        supply[level - 1] -= WORKERS_PER_ROUND
    if first_game:
        for index, seat in enumerate(seats):
            seat.raw = [1, 1, 1, 1]
            seat.workers = [1]
            seat.culture = 1
            seat.military = index + 1
        supply[0] -= count
    neutrals = {4: 0, 3: 1, 2: 2}[count]
    state = TerramaraState(
        players=players,
        options={},
        rng=rng,
        phase="play" if first_game else "draft",
        first_game=first_game,
        left_tiles=left,
        right_tiles=right,
        worker_supply=supply,
        deck=deck[8:],
        river=deck[:8],
        road_bonus=road,
        river_bonus=river,
        spare_bonus=spare,
        neutral_military=[0] * neutrals,
        seats=seats,
    )
    chance = Chance(state.rng)
    if neutrals:
        state.fire = _fire(state, chance)
        state.neutral_queue = _neutral_queue(count, neutrals)
        state.phase = "neutral"
    if state.phase == "draft":
        _deal_draft(state, chance)
    b = Builder(state)
    if state.phase == "play":
        start_round(b, 1)
    settle(b)
    return b.state


def _draw_column(column: str, chance: Chance) -> list[str]:
    tiles: list[str] = []
    for level in sorted(set(ROW_LEVELS)):
        pool = territories_of("left" if column == "left" else "right", level)
        chance.shuffle(pool, f"the level-{level} {column} territories")
        tiles.extend(pool[: ROW_LEVELS.count(level)])
    return tiles


def _deal_bonus_tiles(chance: Chance) -> tuple[list[str], list[str], list[str]]:
    by_level: dict[int, list[str]] = {}
    for level in (1, 2, 3):
        pool = [key for key, tile in BONUS_TILES.items() if tile.level == level]
        chance.shuffle(pool, f"the level-{level} bonus tiles")
        by_level[level] = pool
    road = [by_level[level].pop(0) for level in ROAD_BONUS_LEVELS]
    river = [by_level[level].pop(0) for level in (1, 2, 2, 3)]
    spare = [key for level in (1, 2, 3) for key in by_level[level]]
    return road, river, spare


def _fire(state: TerramaraState, chance: Chance) -> list[str]:
    """Fire on one small space per row: one card per row for rows 1–4, reshuffled for 5–6."""
    lay = layout(tuple(state.left_tiles), tuple(state.right_tiles), len(state.players))
    cards = list(NEUTRAL_CARDS)
    chance.shuffle(cards, "the fire cards of rows 1-4")
    numbers = list(cards)
    chance.shuffle(cards, "the fire cards of rows 5 and 6")
    numbers += cards[: ROWS - len(NEUTRAL_CARDS)]
    fire = []
    for row in range(1, ROWS + 1):
        for key in lay.territory_rows[row]:
            if lay.spaces[key].fire_number == numbers[row - 1]:
                fire.append(key)
    return fire


def _neutral_queue(count: int, neutrals: int) -> list[NeutralPlacement]:
    queue = []
    turn = 0
    for neutral in range(neutrals):
        for row in range(1, ROWS + 1):
            queue.append(NeutralPlacement(seat=turn % count, row=row, neutral=neutral))
            turn += 1
    return queue


def _deal_draft(state: TerramaraState, chance: Chance) -> None:
    count = len(state.players)
    persons = list(PERSONS)
    cards = list(START_CARDS)
    chance.shuffle(persons, "the persons on offer")
    chance.shuffle(cards, "the start resource cards on offer")
    state.draft_persons = sorted(persons[: count + 1])
    state.draft_cards = sorted(cards[: count + 1])
    state.draft_order = [*range(count - 1, -1, -1), *range(count)]


def neutral_spaces(state: TerramaraState) -> list[str]:
    """The free territory spaces of the row the next neutral scout goes to (H15)."""
    row = state.neutral_queue[0].row
    lay = rules.board(state)
    return [
        key
        for key in lay.territory_rows[row]
        if key not in state.fire and not state.spaces.get(key)
    ]


def place_neutral(b: Builder, seat: int, key: str) -> None:
    state = b.state
    placement = b.edit("neutral_queue").pop(0)
    b.spaces[key] = [*state.spaces.get(key, []), f"n{placement.neutral}"]
    b.tell(
        seat,
        "{player} puts a scout of {neutral} on {key}",
        neutral=NEUTRAL_NAMES[placement.neutral],
        key=key,
    )


# -- the draft (advanced game) ----------------------------------------------------------------


def draft_choices(state: TerramaraState, seat: int) -> list[str]:
    """What the seat may pick: either kind first, then the kind it does not have yet."""
    player = state.seats[seat]
    picks = state.draft_order.count(seat)
    if picks == 2:
        return [*state.draft_persons, *state.draft_cards]
    return list(state.draft_cards if player.person else state.draft_persons)


def pick(b: Builder, seat: int, key: str) -> None:
    state = b.state
    b.edit("draft_order").pop(0)
    player = b.seat(seat)
    if key in START_CARDS:
        b.edit("draft_cards").remove(key)
        card = START_CARDS[key]
        b.tell(seat, "{player} picks start resource card {key} ({text})", key=key, text=card.text)
        for step in card.effect:
            assert isinstance(step, Gain)
            b.gain(seat, step, f"start card {key}", triggers=False)
        return
    b.edit("draft_persons").remove(key)
    person = PERSONS[key]
    player.person = key
    b.tell(seat, "{player} picks person {key}, the {name}", key=key, name=person_term(person.name))
    for step in person.on_taking_effect:
        assert isinstance(step, Gain)
        b.gain(seat, step, f"the {person.name}", triggers=False)
    if person.on_taking == "bonus-tiles":
        player.bonus_tiles = list(state.spare_bonus)
        state.spare_bonus = []
        b.tell(seat, "{player} takes the {count} spare bonus tiles", count=len(player.bonus_tiles))
    elif person.on_taking == "scout":
        player.scouts += 1
        player.home_scouts += 1
        b.tell(seat, "{player}'s tribe gains a sixth scout")
    elif person.on_taking == "survey":
        b.push(_survey_tasks(state, seat))


def _survey_tasks(state: TerramaraState, seat: int) -> list[Task]:
    """The Surveyor chooses a left-over level-1 tile of each column, back up."""
    tasks = []
    for column, spec in (("right", "survey-crossroad"), ("left", "survey-outpost")):
        used = state.right_tiles if column == "right" else state.left_tiles
        backs = [
            TERRITORIES[tile].back or ""
            for tile in territories_of("right" if column == "right" else "left", 1)
            if tile not in used
        ]
        tasks.append(
            Task(
                seat=seat,
                kind="choose",
                spec=spec,
                options=[f"take {back}" for back in backs],
                optional=False,
                source="the Surveyor",
            )
        )
    return tasks


# -- rounds and turns ---------------------------------------------------------------------------


def start_round(b: Builder, number: int) -> None:
    state = b.state
    state.round = number
    b.say(msg("round {number} begins", number=number))
    if number == 2:
        b.clear_deck_level(1)
    elif number == 3:
        b.clear_river_level(1)
    elif number == 4:
        b.clear_deck_level(2)
    elif number == 5:
        b.clear_river_level(2)
        b.say(
            msg(
                "the start-player card turns to its round-5 side (2 reach, 2 military or 2 culture)"
            )
        )
    _neutral_military(b)
    for index in range(len(state.seats)):
        player = b.seat(index)
        player.placed_round = False
        player.left = []
    first = _next_with_members(state, state.start_player - 1)
    if first is None:
        finish(b, msg("nobody has a member left to place"))
        return
    _begin_turn(b, first)


def _neutral_military(b: Builder) -> None:
    state = b.state
    if not state.neutrals:
        return
    cards = [c for c in NEUTRAL_CARDS if not (state.first_game and c == max(NEUTRAL_CARDS))]
    b.chance.shuffle(cards, "the neutral military cards")
    order = sorted(range(state.neutrals), key=lambda n: (state.neutral_military[n], n))
    state.neutral_draw = [0] * state.neutrals
    for index, neutral in enumerate(order):
        state.neutral_draw[neutral] = cards[index]
        b.advance_neutral(neutral, cards[index])
        b.say(
            msg(
                "{neutral} draws {index}: military {neutral2}",
                neutral=NEUTRAL_NAMES[neutral],
                index=cards[index],
                neutral2=state.neutral_military[neutral],
            ),
            reveals=True,
        )


def _next_with_members(state: TerramaraState, after: int) -> int | None:
    count = len(state.players)
    for step in range(1, count + 1):
        seat = (after + step) % count
        if state.seats[seat].members_left:
            return seat
    return None


def _begin_turn(b: Builder, seat: int) -> None:
    state = b.state
    state.current = seat
    state.step = "before"
    state.crafted = False
    state.placed = ""


def next_turn(b: Builder) -> None:
    state = b.state
    seat = _next_with_members(state, state.current)
    if seat is None:
        end_round(b)
    else:
        _begin_turn(b, seat)


def end_round(b: Builder) -> None:
    state = b.state
    number = state.round
    b.say(msg("round {number} ends", number=number))
    if number == ROUNDS:
        finish(b, msg("the fifth round is over"))
        return
    lay = rules.board(state)
    returned = [0] * len(state.seats)
    kept: dict[str, list[str]] = {}
    for key, tokens in state.spaces.items():
        space = lay.spaces.get(key)
        if space is not None and space.kind == "territory" and round_of_row(space.row) > number:
            kept[key] = tokens  # members on future spaces stay (H15 for neutral scouts)
            continue
        for token in tokens:
            if token[0] == "s":
                returned[int(token[1:])] += 1
    b.assign("spaces", kept)
    for index in range(len(state.seats)):
        player = b.seat(index)
        player.chief_home = True
        player.home_scouts += returned[index] + player.hut.count("scout")
        player.hut = []
        player.warriors = 0
        player.used = []
        player.rotated = []
    state.used_spaces = []
    b.edit("round_workers")[number - 1] = 0
    right = TERRITORIES[state.right_tiles[number - 1]]
    left = TERRITORIES[state.left_tiles[number - 1]]
    b.say(
        msg(
            "row {number} is turned over: crossroad space {back} and outpost {back2} are open",
            number=number,
            back=right.back or "",
            back2=left.back or "",
        )
    )
    if len(state.players) == 2 and right.back:
        b.edit("blockades").append(right.back)
        b.say(msg("a blockade on {back} lets only one member there per round", back=right.back))
    start_round(b, number + 1)


def finish(b: Builder, reason: Message) -> None:
    state = b.state
    state.phase = "over"
    state.end_reason = reason.english()
    b.assign("tasks", [])
    b.say(msg("the game ends: {reason}", reason=reason))
    scores = final_scores(state)
    text = ", ".join(f"{state.players[s]} {score.total}" for s, score in enumerate(scores))
    b.say(msg("final scores: {scores}", scores=text))


# -- a player's turn ------------------------------------------------------------------------------


def take_member(player: Seat, member: Member) -> None:
    if member == "chief":
        player.chief_home = False
    elif member == "scout":
        player.home_scouts -= 1
    else:
        player.warriors -= 1


def place(b: Builder, seat: int, member: Member, name: str) -> None:
    state = b.state
    player = b.seat(seat)
    take_member(player, member)
    player.placed_round = True
    state.step = "after"
    state.last = f"{seat} {member} {name}"
    who = msg("{player} sends their {member}", player=b.who(seat), member=member_term(member))
    if name == HUT:
        player.hut = [*player.hut, member]
        state.placed = f"{member} {HUT}"
        b.say(msg("{who} to their hut", who=who), seat)
        b.push([Task(seat=seat, kind="hut", source="hut")])
        return
    space, action = rules.target(state, seat, name)
    assert space is not None
    occupants = state.spaces.get(space.id, [])
    foreign = next((t for t in occupants if t[0] == "n" or t[1:] != str(seat)), None)
    notes: list[Param] = []
    if member == "scout" and foreign:
        if rules.join_costs(state, seat, foreign):
            b.lose_military(seat, 1)
            notes.append(msg("paying 1 military to join"))
        _bonus_vp(b, seat, sum(a.number() for a in rules.abilities(player, "join-vp")), notes)
    if member == "chief":
        for ability in rules.abilities(player, "chief-vp"):
            if foreign:
                _bonus_vp(b, seat, ability.number(0), notes)
            elif not occupants:
                _bonus_vp(b, seat, ability.number(1), notes)
    if space.kind == "crossroad" and member != "warrior":
        vp = sum(a.number() for a in rules.abilities(player, "crossroad-place-vp"))
        _bonus_vp(b, seat, vp, notes)
    b.spaces[space.id] = [*occupants, f"{member[0]}{seat}"]
    if space.once:
        b.edit("used_spaces").append(space.id)
    state.placed = f"{member} {space.id}"
    said = msg("{who} to {name}", who=who, name=name)
    if notes:
        said = msg("{placement} ({notes})", placement=said, notes=chain(notes, ";"))
    b.say(said, seat)
    if space.kind == "territory":
        for ability in rules.abilities(player, "terrain"):
            if ability.args[0] == space.terrain:
                b.gain(seat, Gain(((ability.args[1], 1),)), f"{space.terrain} bonus")
    if space.kind == "home":
        tasks = b.effect_tasks(seat, HOME_ACTIONS[action].effect, f"home {action}", False)
        if space.merge == "both":
            other = next(a for a in space.actions if a != action)
            tasks.append(
                Task(seat=seat, kind="choose", spec="merged", options=[other], source=space.id)
            )
        b.push(tasks)
    else:
        b.push_effect(seat, space.effect, name, optional=False)


def _bonus_vp(b: Builder, seat: int, vp: int, notes: list[Param]) -> None:
    if vp:
        b.seat(seat).vp += vp
        notes.append(amount("VP", vp))


def turn_person(b: Builder, seat: int) -> None:
    player = b.seat(seat)
    assert player.person is not None
    person = PERSONS[player.person]
    player.experienced = True
    b.tell(seat, "{player} turns the {name} to the experienced side", name=person_term(person.name))
    if player.bonus_tiles:
        b.tell(
            seat,
            "{player}'s {count} unused bonus tiles go to the box",
            count=len(player.bonus_tiles),
        )
        player.bonus_tiles = []
    if person.on_taking == "scout":
        player.scouts -= 1
        player.home_scouts -= 1
        b.tell(seat, "{player} gives back the sixth scout")
    if player.own_crossroad:
        b.tell(
            seat,
            "{player} loses the own crossroad space {own_crossroad}",
            own_crossroad=player.own_crossroad,
        )
        player.own_crossroad = None


def use_worker(b: Builder, seat: int, level: int) -> None:
    player = b.seat(seat)
    player.used = [*player.used, level]
    b.push([Task(seat=seat, kind="cvt", n=level, source=f"level-{level} worker")])


def use(b: Builder, seat: int, key: str) -> None:
    """A once-per-round effect: an artifact's R effect, the Shield-bearer's VP, a Keeper tile."""
    player = b.seat(seat)
    name = b.who(seat)
    if key in ARTIFACTS:
        card = ARTIFACTS[key]
        player.rotated = [*player.rotated, key]
        step = card.per_round[0]
        if isinstance(step, Simple) and step.text == "take-back":
            _take_back(b, seat)
            return
        b.say(
            msg(
                "{player} uses {artifact} ({key})",
                player=name,
                artifact=artifact_term(key),
                key=key,
            ),
            seat,
        )
        if isinstance(step, Trade) and step.pay_fixed is not None:
            b.push([Task(seat=seat, kind="step", spec=step.text, source=card.name)])
        else:
            b.push_effect(seat, card.per_round, card.name, optional=True)
    elif key in PERSONS:
        player.rotated = [*player.rotated, key]
        vp = power_level(player.military)
        player.vp += vp
        b.say(
            msg("{name} gains {vp} VP, their power level (Shield-bearer)", name=name, vp=vp), seat
        )
    else:
        player.rotated = [*player.rotated, "P5"]
        player.bonus_tiles = [t for t in player.bonus_tiles if t != key]
        b.push([Task(seat=seat, kind="bonus", spec=key, source="the Keeper")])


def _take_back(b: Builder, seat: int) -> None:
    state = b.state
    space = state.placed.split(" ", 1)[1]
    tokens = list(state.spaces[space])
    tokens.remove(f"s{seat}")
    if tokens:
        b.spaces[space] = tokens
    else:
        del b.spaces[space]
    player = b.seat(seat)
    player.home_scouts += 1
    player.left = [*player.left, space]
    state.placed = ""
    b.tell(seat, "{player} takes their scout back from {space} (Runner's Sandals)", space=space)


def craft_after_action(b: Builder, seat: int, target: str) -> None:
    b.state.crafted = True
    start_craft(b, seat, target, None, "")


def reserve(b: Builder, seat: int, target: str) -> None:
    state = b.state
    state.crafted = True
    key = b.take_from_river(int(target) - 1)
    b.seat(seat).reserved = key
    b.tell(
        seat,
        "{player} reserves {name} ({key}) from river slot {target}",
        name=artifact_term(key),
        key=key,
        target=target,
    )
    b.refill()


# -- settling -----------------------------------------------------------------------------------


def settle(b: Builder) -> None:
    """Run everything automatic until the game waits for a player (or is over)."""
    state = b.state
    while state.phase != "over":
        if state.tasks:
            if _progress(b):
                continue
            return
        if state.phase == "neutral":
            if not state.neutral_queue:
                state.phase = "play" if state.first_game else "draft"
                if state.phase == "draft":
                    _deal_draft(state, b.chance)
                    b.say(msg("the persons and start resource cards are revealed"), reveals=True)
                else:
                    start_round(b, 1)
                continue
            head = state.neutral_queue[0]
            if state.seats[head.seat].resigned:
                place_neutral(b, head.seat, neutral_spaces(state)[0])
                continue
            return
        if state.phase == "draft":
            while state.draft_order and state.seats[state.draft_order[0]].resigned:
                b.edit("draft_order").pop(0)
            if not state.draft_order:
                state.phase = "play"
                start_round(b, 1)
                continue
            return
        if state.seats[state.current].resigned:
            next_turn(b)
            continue
        return


def _progress(b: Builder) -> bool:
    """Run one automatic task or forced answer, or drop a lapsed decision; False to wait."""
    state = b.state
    indices = active(state)
    top = state.tasks[indices[0]]
    if top.kind in ("step", "bonus"):
        run_automatic(b, indices[0])
        return True
    for index in indices:
        task = state.tasks[index]
        if state.seats[task.seat].resigned or (task.to >= 0 and state.seats[task.to].resigned):
            b.tasks.pop(index)
            return True
        answers = options(state, task)
        if not answers or answers == [STOP]:
            b.tasks.pop(index)
            if not task.optional:
                b.tell(
                    task.seat,
                    "{player} has nothing to choose from ({source})",
                    source=source_words(task.source),
                )
            return True
        answer = forced(state, task)
        if answer is not None:
            resolve(b, index, answer)
            return True
    return False


# -- leaving the game -----------------------------------------------------------------------------


def resign(b: Builder, seat: int) -> None:
    state = b.state
    player = b.seat(seat)
    player.resigned = True
    player.warriors = 0
    b.tell(seat, "{player} resigns: their points stay, they place no more members and rank last")
    b.assign("tasks", [t for t in state.tasks if t.seat != seat and t.to != seat])
    playing = [s for s, p in enumerate(state.seats) if not p.resigned]
    if len(playing) < 2:
        finish(b, msg("fewer than two players are left"))
        return
    if state.phase == "play" and state.current == seat:
        next_turn(b)
    settle(b)
