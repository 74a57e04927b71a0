"""The task stack: automatic steps, and the decisions the engine waits for.

The top of the stack is the end of `state.tasks`. Automatic tasks (`step`, `bonus`) run as
soon as they are on top; a decision waits for its seat, which answers with one of `options`
(optional decisions also with `stop`, H22). Raided players answer their `give` tasks in any
order: every `give` on top of the stack is active at once. A decision with a single possible
answer that may not be declined is taken automatically, and one without any answer lapses.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from engine.core import Message, Param, comma_chain, msg, plural_msg

from . import rules
from .actions import RESERVED, Action, act, sort_tiles
from .board import OUTPOST_ROWS, ROUND_WORKER_LEVELS, WARRIORS, next_nodes
from .builder import Builder
from .content import BONUS_TILES, HOME_ACTIONS, source_words
from .crafting import Payment, can_pay, payment_of, payment_tiles, payments
from .effects import (
    PROCESSED,
    RAW,
    Craft,
    Gain,
    Raid,
    Simple,
    Trade,
    Warriors,
    parse_step,
)
from .state import Task, TerramaraState

STOP = Action("stop")
DECISION_KINDS = {
    "pick": ("take", "stop"),
    "cvt": ("cvt", "stop"),
    "trade": ("trade", "stop"),
    "road": ("road", "stop"),
    "give": ("give",),
    "pay": ("pay",),
    "choose": ("take", "raid", "start", "stop"),
    "hut": ("cvt", "swap", "stop"),
    "craft": ("craft", "stop"),
}
PROMPTS = {
    "pick": msg("choose a resource"),
    "cvt": msg("turn raw tiles to their processed side"),
    "trade": msg("make an exchange"),
    "road": msg("move your carts"),
    "give": msg("hand over resources to the raider"),
    "pay": msg("choose how to pay"),
    "choose": msg("choose"),
    "hut": msg("use your hut: turn a raw tile, or swap a raw tile for another kind"),
    "craft": msg("craft an artifact"),
}
CHOICE_PROMPTS = {
    "start5": msg("choose 2 reach, 2 military or 2 culture"),
    "merged": msg("also use the other half of the space, or stop"),
    "survey-crossroad": msg("choose your own crossroad space"),
    "survey-outpost": msg("choose your own outpost"),
}


def prompt(task: Task) -> Message:
    """What a decision asks, in words."""
    if task.kind == "choose":
        return CHOICE_PROMPTS[task.spec]
    return PROMPTS[task.kind]


# -- which tasks wait for whom --------------------------------------------------------------------


def active(state: TerramaraState) -> list[int]:
    """Indices of the tasks that may be answered now: the top one, or all `give` tasks on top."""
    tasks = state.tasks
    if not tasks:
        return []
    if tasks[-1].kind != "give":
        return [len(tasks) - 1]
    found = []
    for index in range(len(tasks) - 1, -1, -1):
        if tasks[index].kind != "give":
            break
        found.append(index)
    return found


def task_of(state: TerramaraState, seat: int) -> int | None:
    for index in active(state):
        if state.tasks[index].seat == seat:
            return index
    return None


def waiting_seats(state: TerramaraState) -> set[int]:
    return {state.tasks[index].seat for index in active(state)}


# -- the answers a decision takes ---------------------------------------------------------------


def options(state: TerramaraState, task: Task) -> list[Action]:
    """Every answer to a decision, `stop` last for optional ones."""
    found = _answers(state, task)
    if task.optional and task.kind not in ("give", "pay") and found:
        found.append(STOP)
    return found


def _answers(state: TerramaraState, task: Task) -> list[Action]:
    player = state.seats[task.seat]
    kind = task.kind
    if kind == "pick":
        codes = PROCESSED if task.spec == "prc" else RAW
        return [Action("take", target=c) for k, c in enumerate(codes) if rules.supply(state, k)]
    if kind == "cvt":
        return [Action("cvt", items=(c,)) for k, c in enumerate(RAW) if player.raw[k]]
    if kind == "hut":
        held = [k for k in range(4) if player.raw[k]]
        found = [Action("cvt", items=(RAW[k],)) for k in held]
        found += [
            Action("swap", items=(RAW[a], RAW[b]))
            for a in held
            for b in range(4)
            if b != a and rules.supply(state, b)
        ]
        return found
    if kind == "give":  # the cheapest first: what a skipped player hands over (H26)
        tiles = [c for k, c in enumerate(RAW) if player.raw[k]]
        tiles += [c for k, c in enumerate(PROCESSED) if player.processed[k]]
        return [Action("give", items=(c,)) for c in tiles]
    if kind == "road":
        return _road_moves(state, task.seat)
    if kind == "trade":
        return _trades(state, task)
    if kind == "craft":
        step = parse_step(task.spec)
        assert isinstance(step, Craft)
        return craft_choices(state, task.seat, step.raw_ok, step.less_each)
    found = [Action.parse(text) for text in task.options]
    if task.spec == "merged":  # the raid half costs 1 military (H5)
        poor = player.military < 1 and not rules.never_loses_military(player)
        found = [a for a in found if not (a.kind == "raid" and poor)]
    return found


def _road_moves(state: TerramaraState, seat: int) -> list[Action]:
    moves = []
    for start in dict.fromkeys(state.seats[seat].carts):
        for end in next_nodes(start):
            if end[0] == "O":
                row = int(end[1:])
                if row > OUTPOST_ROWS or not rules.is_turned(state, row):
                    continue
            moves.append(Action("road", items=(start, end)))
    return moves


def _trades(state: TerramaraState, task: Task) -> list[Action]:
    """Every way to pay an exchange; a processed tile may stand in for its raw kind (the book),
    so a `raw?` payment may use either side."""
    step = parse_step(task.spec)
    assert isinstance(step, Trade)
    player = state.seats[task.seat]
    if step.pay_pool == "raw":
        held = [*player.processed, *player.raw]
        codes = [*PROCESSED, *RAW]
    else:
        held, codes = list(player.processed), list(PROCESSED)
    names = (
        [_alternative_name(alt) for alt in step.alternatives]
        if len(step.alternatives) > 1
        else [""]
    )
    found: list[Action] = []
    kinds = [k for k in range(len(codes)) if held[k]]
    for combo in combinations_with_replacement(kinds, step.pay_count):
        if all(combo.count(k) <= held[k] for k in set(combo)):
            tiles = sort_tiles([codes[k] for k in combo])
            found.extend(Action("trade", target=name, items=tiles) for name in names)
    return found


def _alternative_name(alternative: tuple[Gain | object, ...]) -> str:
    first = alternative[0]
    assert isinstance(first, Gain)
    return first.items[0][0]


def craft_choices(
    state: TerramaraState, seat: int, raw_ok: bool = False, less_each: bool = False
) -> list[Action]:
    """`craft <slot>` for every reachable card the seat can pay for, and `craft reserved`."""
    player = state.seats[seat]
    found = []
    for slot in range(min(rules.reachable_slots(player), len(state.river))):
        key = state.river[slot]
        if key and can_pay(player, key, reserved=False, raw_ok=raw_ok, less_each=less_each):
            found.append(act("craft", target=str(slot + 1)))
    if player.reserved and can_pay(
        player, player.reserved, reserved=True, raw_ok=raw_ok, less_each=less_each
    ):
        found.append(act("craft", target=RESERVED))
    return found


def forced(state: TerramaraState, task: Task) -> Action | None:
    """The answer taken automatically: the only one of a decision that may not be declined."""
    if task.optional and task.kind not in ("give", "pay"):
        return None
    answers = _answers(state, task)
    return answers[0] if len(answers) == 1 else None


# -- carrying tasks out ---------------------------------------------------------------------------


def run_automatic(b: Builder, index: int) -> None:
    task = b.tasks.pop(index)
    if task.kind == "bonus":
        tile = BONUS_TILES[task.spec]
        b.tell(
            task.seat,
            "{player} uses bonus tile {id} ({text}) at {source}",
            id=tile.id,
            text=tile.text,
            source=source_words(task.source),
        )
        b.push_effect(task.seat, tile.effect, f"bonus tile {tile.id}", optional=True)
        return
    step = parse_step(task.spec)
    seat = task.seat
    if isinstance(step, Gain):
        b.gain(seat, step, task.source)
    elif isinstance(step, Warriors):
        _warriors(b, seat, step.count)
    elif isinstance(step, Raid):
        raid(b, seat, step, task.source)
    elif isinstance(step, Trade):
        _fixed_trade(b, seat, step, task.source)
    elif isinstance(step, Simple):
        _simple(b, seat, step.name, task.source)
    else:  # pragma: no cover - effect_tasks never makes a `step` task of other kinds
        raise AssertionError(f"unexpected automatic step {task.spec}")


def _warriors(b: Builder, seat: int, count: int) -> None:
    state = b.state
    out = sum(p.warriors for p in state.seats) + sum(
        1 for tokens in state.spaces.values() for t in tokens if t[0] == "w"
    )
    got = min(count, WARRIORS - out)
    b.seat(seat).warriors += got
    b.say(
        plural_msg(
            "{player} takes {count} warrior for this round",
            "{player} takes {count} warriors for this round",
            player=b.who(seat),
            count=got,
        ),
        seat,
    )


def raid(b: Builder, seat: int, step: Raid, source: str) -> None:
    state = b.state
    paid = 0 if step.free else b.lose_military(seat, 1)
    level = rules.raid_level(state, seat, step.level)
    owed = rules.raid_owed(state, seat, level)
    parts: list[Param] = [msg("{player} owes {count}", player=b.who(v), count=n) for v, n in owed]
    if paid:
        said = msg(
            "{player} raids at power level {level}, paying {paid} military: {owed}",
            player=b.who(seat),
            level=level,
            paid=paid,
            owed=comma_chain(parts) if parts else msg("nobody"),
        )
    else:
        said = msg(
            "{player} raids at power level {level}: {owed}",
            player=b.who(seat),
            level=level,
            owed=comma_chain(parts) if parts else msg("nobody"),
        )
    b.say(said, seat)
    b.push(
        [
            Task(seat=victim, kind="give", n=n, to=seat, optional=False, source="raid")
            for victim, n in owed
            if n
        ]
    )


def _fixed_trade(b: Builder, seat: int, step: Trade, source: str) -> None:
    assert step.pay_fixed is not None
    for code, count in step.pay_fixed.items:
        if code == "mil":
            b.lose_military(seat, count, exchange=True)
    b.tell(
        seat,
        "{player} pays {text} ({source})",
        text=step.pay_fixed.text,
        source=source_words(source),
    )
    b.push_effect(seat, step.alternatives[0], source, optional=False)


def _simple(b: Builder, seat: int, name: str, source: str) -> None:
    state = b.state
    if name == "mil per richer":
        count = rules.richer_players(state, seat)
        if count:
            b.gain(seat, Gain((("mil", count),)), source)
        else:
            b.tell(
                seat,
                "{player} has no richer fellow player: no military ({source})",
                source=source_words(source),
            )
    elif name == "recruit":
        level = ROUND_WORKER_LEVELS[state.round - 1]
        b.edit("round_workers")[state.round - 1] -= 1
        player = b.seat(seat)
        player.workers = sorted([*player.workers, level])
        b.tell(seat, "{player} recruits a level-{level} worker", level=level)
    elif name == "start-player":
        start_player(b, seat)
    else:  # pragma: no cover - the data use no other simple step here
        raise AssertionError(f"unexpected step {name}")


def start_player(b: Builder, seat: int) -> None:
    state = b.state
    if state.round == 5:
        b.push(
            [
                Task(
                    seat=seat,
                    kind="choose",
                    spec="start5",
                    options=["take rch", "take mil", "take cul"],
                    optional=False,
                    source="start player, round 5",
                )
            ]
        )
        return
    state.start_player = seat
    b.tell(
        seat,
        "{player} takes the start-player card and will begin round {value}",
        value=state.round + 1,
    )
    count = len(state.players)
    gains: list[tuple[int, Gain]] = []
    if count >= 3:
        gains.append(((seat + 2) % count, Gain((("cul", 1),))))
    if count >= 4:
        gains.append(((seat + 3) % count, Gain((("mil", 2),))))
    gains.append((seat, Gain((("rch", 1),))))
    b.push(
        [
            Task(seat=target, kind="step", spec=gain.text, source="start-player card")
            for target, gain in gains
            if not state.seats[target].resigned
        ]
    )


def resolve(b: Builder, index: int, action: Action) -> None:
    """Answer the decision at `index` (already checked to be among its options)."""
    state = b.state
    task = state.tasks[index]
    seat = task.seat
    if action.kind == "stop":
        b.tasks.pop(index)
        b.tell(
            seat,
            "{player} stops: {prompt} ({source}) ends",
            prompt=prompt(task),
            source=source_words(task.source),
        )
        return
    kind = task.kind
    if kind in ("pick", "cvt", "give", "road"):
        _count_down(b, index)
    else:
        b.tasks.pop(index)
    if kind == "pick":
        b.gain(seat, Gain(((action.target, 1),)), task.source)
    elif kind == "cvt" or (kind == "hut" and action.kind == "cvt"):
        convert(b, seat, action.items[0], task.source)
    elif kind == "hut":
        _swap(b, seat, action.items[0], action.items[1])
    elif kind == "give":
        _give(b, seat, task.to, action.items[0])
    elif kind == "road":
        b.move_cart(seat, action.items[0], action.items[1])
    elif kind == "trade":
        _trade(b, seat, task, action)
    elif kind == "craft":
        start_craft(b, seat, action.target, parse_step(task.spec), task.source)
    elif kind == "pay":
        finish_craft(b, seat, task.spec, task.n, payment_of(action.items), task.source)
    else:
        _choose(b, task, action)


def _count_down(b: Builder, index: int) -> None:
    tasks = b.tasks
    task = tasks[index]
    if task.n <= 1:
        tasks.pop(index)
    else:
        tasks[index] = task.model_copy(update={"n": task.n - 1})


def convert(b: Builder, seat: int, code: str, source: str) -> None:
    kind = RAW.index(code)
    player = b.seat(seat)
    player.raw[kind] -= 1
    player.processed[kind] += 1
    b.tell(
        seat,
        "{player} turns {code} into {kind} ({source})",
        code=code,
        kind=PROCESSED[kind],
        source=source_words(source),
    )


def _swap(b: Builder, seat: int, give: str, take: str) -> None:
    player = b.seat(seat)
    player.raw[RAW.index(give)] -= 1
    player.raw[RAW.index(take)] += 1
    b.tell(seat, "{player} swaps {give} for {take} in the hut", give=give, take=take)


def _give(b: Builder, victim: int, raider: int, code: str) -> None:
    giver, taker = b.seat(victim), b.seat(raider)
    if code in RAW:
        kind = RAW.index(code)
        giver.raw[kind] -= 1
        taker.raw[kind] += 1
    else:
        kind = PROCESSED.index(code)
        giver.processed[kind] -= 1
        taker.processed[kind] += 1
    b.tell(victim, "{player} hands {code} over to {player2}", code=code, player2=b.who(raider))


def _trade(b: Builder, seat: int, task: Task, action: Action) -> None:
    step = parse_step(task.spec)
    assert isinstance(step, Trade)
    player = b.seat(seat)
    for code in action.items:
        if code in RAW:
            player.raw[RAW.index(code)] -= 1
        else:
            player.processed[PROCESSED.index(code)] -= 1
    choice = 0
    if action.target:
        choice = [_alternative_name(alt) for alt in step.alternatives].index(action.target)
    b.tell(
        seat,
        "{player} trades {items} ({source})",
        items=" ".join(action.items),
        source=source_words(task.source),
    )
    b.push_effect(seat, step.alternatives[choice], task.source, optional=False)


def _choose(b: Builder, task: Task, action: Action) -> None:
    seat = task.seat
    player = b.seat(seat)
    if task.spec == "start5":
        b.gain(seat, Gain(((action.target, 2),)), task.source)
    elif task.spec == "survey-crossroad":
        player.own_crossroad = action.target
        b.tell(seat, "{player} takes crossroad space {target} as their own", target=action.target)
    elif task.spec == "survey-outpost":
        player.own_outpost = action.target
        b.tell(seat, "{player} takes outpost {target} as their own", target=action.target)
    else:  # "merged": the other half of the 2-player raid / start-player space
        home = HOME_ACTIONS[action.kind]
        b.push_effect(seat, home.effect, f"home {action.kind}", optional=False)


# -- crafting -------------------------------------------------------------------------------------


def start_craft(b: Builder, seat: int, target: str, step: object, source: str) -> None:
    """Craft the card in a river slot or the reserved card; ask how to pay if that is open."""
    raw_ok = isinstance(step, Craft) and step.raw_ok
    less_each = isinstance(step, Craft) and step.less_each
    player = b.state.seats[seat]
    reserved = target == RESERVED
    key = player.reserved if reserved else b.state.river[int(target) - 1]
    assert key
    ways = payments(player, key, reserved=reserved, raw_ok=raw_ok, less_each=less_each)
    slot = 0 if reserved else int(target)
    if len(ways) == 1:
        finish_craft(b, seat, key, slot, ways[0], source)
        return
    b.push(
        [
            Task(
                seat=seat,
                kind="pay",
                spec=key,
                n=slot,
                options=[Action("pay", items=payment_tiles(way)).text() for way in ways],
                optional=False,
                source=source,
            )
        ]
    )


def finish_craft(b: Builder, seat: int, key: str, slot: int, payment: Payment, source: str) -> None:
    b.pay_tiles(seat, *payment)
    tiles: Param = " ".join(payment_tiles(payment)) or msg("nothing")
    if slot:
        b.take_from_river(b.state.river.index(key))
        how = msg("from the river, paying {tiles}", tiles=tiles)
    else:
        b.seat(seat).reserved = None
        how = msg("from their reserve, paying {tiles}", tiles=tiles)
    if source:
        how = msg("{how} ({source})", how=how, source=source_words(source))
    b.complete_craft(seat, key, how)
    if slot:
        b.refill()
