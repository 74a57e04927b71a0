"""The phase table: the action kinds a seat may use now, their candidates, one checker.

Rows: a seat with a decision on the stack answers it (one row per kind of decision, its
answers listed by tasks.py); otherwise `neutral` (set-up, 2–3 players), `draft` (advanced
game), and in a turn `before` the placement (`place`, `worker`, `use`, `turn`) and `after` it
(`craft`, `reserve`, `worker`, `use`, `done`). Every row lists exactly the legal actions
(`exact`): each kind has a checker (`Rule.problem`) and its candidates filtered by it, or a
faster listing the tests compare with that filter.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from engine.core import Message, Phase, msg

from . import rules
from .actions import RESERVED, Action, Kind, act
from .board import RIVER_RESERVE
from .content import ARTIFACTS, BONUS_TILES, PERSONS, artifact_term, person_term, source_words
from .crafting import can_pay
from .effects import Convert, Simple, Trade
from .flow import draft_choices, neutral_spaces
from .state import MEMBERS, Member, TerramaraState
from .tasks import DECISION_KINDS, craft_choices, options, prompt, task_of

BEFORE: tuple[Kind, ...] = ("place", "worker", "use", "turn")
AFTER: tuple[Kind, ...] = ("craft", "reserve", "worker", "use", "done")
TurnPhase = Phase[TerramaraState, Action]


@dataclass(frozen=True)
class Rule:
    """A kind's candidate actions and its checker; `legal` is an optional faster way to list
    exactly the candidates the checker accepts (tests compare the two)."""

    candidates: Callable[[TerramaraState, int], Iterable[Action]]
    problem: Callable[[TerramaraState, int, Action], Message | None]
    legal: Callable[[TerramaraState, int], Iterable[Action]] | None = None

    def listed(self, state: TerramaraState, seat: int) -> Iterable[Action]:
        if self.legal is not None:
            return self.legal(state, seat)
        return (a for a in self.candidates(state, seat) if self.problem(state, seat, a) is None)


def phase_of(state: TerramaraState, seat: int) -> TurnPhase:
    """The row of the phase table for a seat that is to act."""
    if state.phase == "over":
        return OVER
    index = task_of(state, seat)
    if index is not None:
        return DECISIONS[state.tasks[index].kind]
    if state.phase in SET_UP:
        return SET_UP[state.phase]
    return TURN[state.step]


def open_kinds(state: TerramaraState, seat: int) -> frozenset[str]:
    return phase_of(state, seat).kinds


def check(state: TerramaraState, seat: int, action: Action) -> Message | None:
    """Why an action of a kind the seat's row accepts is refused now; None if it is legal."""
    if task_of(state, seat) is not None:
        return None if action in _answers(state, seat) else _asked(state, seat)
    return RULES[action.kind].problem(state, seat, action)


def _asked(state: TerramaraState, seat: int) -> Message:
    index = task_of(state, seat)
    assert index is not None
    task = state.tasks[index]
    listed = ", ".join(a.text() for a in options(state, task))
    if task.source:
        return msg(
            "you are asked to {prompt} ({source}); answer with one of: {listed}",
            prompt=prompt(task),
            source=source_words(task.source),
            listed=listed,
        )
    return msg(
        "you are asked to {prompt}; answer with one of: {listed}",
        prompt=prompt(task),
        listed=listed,
    )


def _answers(state: TerramaraState, seat: int) -> list[Action]:
    index = task_of(state, seat)
    return [] if index is None else options(state, state.tasks[index])


def _listing(kinds: tuple[Kind, ...]) -> Callable[[TerramaraState, int], list[Action]]:
    return lambda state, seat: [a for kind in kinds for a in RULES[kind].listed(state, seat)]


def _closed(state: TerramaraState, seat: int, kind: str) -> Message:
    if state.step == "before":
        return msg("'{kind}' is not possible before you have placed a member this turn", kind=kind)
    if kind in ("place", "turn"):
        return msg("you have placed a member this turn; craft, reserve, use effects or say 'done'")
    return msg("'{kind}' is not an action of this moment", kind=kind)


# -- candidates and checkers ----------------------------------------------------------------------


def _place_candidates(state: TerramaraState, seat: int) -> Iterable[Action]:
    player = state.seats[seat]
    targets = rules.placement_targets(state, seat)
    for member in MEMBERS:
        if rules.member_problem(player, member) is None:
            for name, _, _ in targets:
                yield Action("place", member=member, target=name)


def _place_legal(state: TerramaraState, seat: int) -> Iterable[Action]:
    return [act("place", member=m, target=name) for m, name in rules.placements(state, seat)]


def _place_problem(state: TerramaraState, seat: int, action: Action) -> Message | None:
    member: Member = action.member  # type: ignore[assignment]
    return rules.placement_problem(state, seat, member, action.target)


def _worker_candidates(state: TerramaraState, seat: int) -> Iterable[Action]:
    return [Action("worker", level=level) for level in rules.unused_workers(state.seats[seat])]


def _worker_problem(state: TerramaraState, seat: int, action: Action) -> Message | None:
    player = state.seats[seat]
    if action.level not in rules.unused_workers(player):
        return msg("you have no unused level-{level} worker this round", level=action.level)
    if not any(player.raw):
        return msg("you have no raw tile for a worker to turn")
    return None


def _use_candidates(state: TerramaraState, seat: int) -> Iterable[Action]:
    player = state.seats[seat]
    keys = [key for key in player.artifacts if ARTIFACTS[key].per_round]
    if player.person:
        keys.append(player.person)
    keys.extend(player.bonus_tiles)
    return [Action("use", target=key) for key in keys]


def _use_problem(state: TerramaraState, seat: int, action: Action) -> Message | None:
    player = state.seats[seat]
    key = action.target
    if key in ARTIFACTS:
        card = ARTIFACTS[key]
        if key not in player.artifacts:
            return msg("you have not crafted {name} ({key})", name=artifact_term(key), key=key)
        if not card.per_round:
            return msg("{name} has no once-per-round effect", name=artifact_term(key))
        if key in player.rotated:
            return msg("{name} has been used this round", name=artifact_term(key))
        return _per_round_problem(state, seat, card.per_round[0])
    if key in PERSONS:
        if player.person != key:
            return msg("{key} is not your person", key=key)
        if not (player.experienced and rules.has(player, "power-vp-round")):
            return msg(
                "the {name} has no effect to use on this side", name=person_term(PERSONS[key].name)
            )
        if key in player.rotated:
            return msg("you have used it this round")
        return None
    if key in BONUS_TILES:
        if key not in player.bonus_tiles or player.experienced:
            return msg("{key} is not one of your personal bonus tiles", key=key)
        if "P5" in player.rotated:
            return msg("you have used a personal bonus tile this round")
        allowed = min(state.round, 3)
        if BONUS_TILES[key].level > allowed:
            return msg(
                "in round {round} only bonus tiles up to level {allowed} may be used",
                round=state.round,
                allowed=allowed,
            )
        return None
    return msg("'{key}' has no effect to use", key=key)


def _per_round_problem(state: TerramaraState, seat: int, step: object) -> Message | None:
    player = state.seats[seat]
    if isinstance(step, Convert):
        return None if any(player.raw) else msg("you have no raw tile for it")
    if isinstance(step, Trade) and step.pay_pool == "raw":
        return None if player.resources else msg("you have no tile to pay with")
    if isinstance(step, Trade) and step.pay_fixed is not None:
        need = dict(step.pay_fixed.items).get("mil", 0)
        return None if player.military >= need else msg("it costs {need} military", need=need)
    if isinstance(step, Simple):  # take-back (Runner's Sandals)
        member, _, where = state.placed.partition(" ")
        space = rules.board(state).spaces.get(where)
        if state.step != "after" or member != "scout" or space is None or space.kind != "home":
            return msg("it takes back a scout you placed on a home space this turn")
        return None
    return None


def _turn_problem(state: TerramaraState, seat: int, action: Action) -> Message | None:
    player = state.seats[seat]
    if player.person is None:
        return msg("you have no person card")
    if player.experienced:
        return msg("your person is already on the experienced side")
    if player.placed_round:
        return msg("a person turns only before your first placement of a round")
    if PERSONS[player.person].on_taking == "scout" and player.home_scouts == 0:
        return msg("the sixth scout must be at home to be given back (H14)")
    return None


def _craft_candidates(state: TerramaraState, seat: int) -> Iterable[Action]:
    return craft_choices(state, seat)


def _craft_legal(state: TerramaraState, seat: int) -> Iterable[Action]:
    """The candidates are the reachable cards the seat can pay for: all allowed, unless the
    seat has crafted or reserved this turn."""
    return [] if state.crafted else craft_choices(state, seat)


def _craft_problem(state: TerramaraState, seat: int, action: Action) -> Message | None:
    if state.crafted:
        return msg("you have crafted or reserved once this turn already")
    player = state.seats[seat]
    if action.target == RESERVED:
        if player.reserved is None:
            return msg("you have no reserved artifact")
        if not can_pay(player, player.reserved, reserved=True):
            return msg("you cannot pay for {name}", name=artifact_term(player.reserved))
        return None
    problem = _slot_problem(state, seat, action.target)
    if problem:
        return problem
    key = state.river[int(action.target) - 1]
    if not can_pay(player, key, reserved=False):
        card = ARTIFACTS[key]
        return msg(
            "you cannot pay {cost_text} for {name}",
            cost_text=card.cost_text,
            name=artifact_term(key),
        )
    return None


def _slot_problem(state: TerramaraState, seat: int, target: str) -> Message | None:
    slot = int(target)
    reach = rules.reachable_slots(state.seats[seat])
    if slot > reach:
        return msg("your canoe reaches river slots 1-{reach} only", reach=reach)
    if slot > len(state.river) or not state.river[slot - 1]:
        return msg("river slot {slot} is empty", slot=slot)
    return None


def _reserve_candidates(state: TerramaraState, seat: int) -> Iterable[Action]:
    return [Action("reserve", target=str(slot)) for slot in range(1, 9)]


def _reserve_legal(state: TerramaraState, seat: int) -> Iterable[Action]:
    """The slots `_reserve_problem` allows, found at once."""
    player = state.seats[seat]
    if state.crafted or player.culture < RIVER_RESERVE or player.reserved:
        return []
    slots = range(1, min(rules.reachable_slots(player), len(state.river)) + 1)
    return [act("reserve", target=str(slot)) for slot in slots if state.river[slot - 1]]


def _reserve_problem(state: TerramaraState, seat: int, action: Action) -> Message | None:
    if state.crafted:
        return msg("you have crafted or reserved once this turn already")
    player = state.seats[seat]
    if player.culture < RIVER_RESERVE:
        return msg(
            "you may reserve once your canoe has reached river space {river_reserve}",
            river_reserve=RIVER_RESERVE,
        )
    if player.reserved:
        return msg("you already hold a reserved artifact; craft it first")
    return _slot_problem(state, seat, action.target)


def _neutral_candidates(state: TerramaraState, seat: int) -> Iterable[Action]:
    return [Action("neutral", target=key) for key in neutral_spaces(state)]


def _neutral_problem(state: TerramaraState, seat: int, action: Action) -> Message | None:
    if action.target in neutral_spaces(state):
        return None
    row = state.neutral_queue[0].row
    return msg(
        "this neutral scout goes on a free territory space of row {row}, not on fire", row=row
    )


def _pick_candidates(state: TerramaraState, seat: int) -> Iterable[Action]:
    return [Action("pick", target=key) for key in draft_choices(state, seat)]


def _pick_problem(state: TerramaraState, seat: int, action: Action) -> Message | None:
    if action.target in draft_choices(state, seat):
        return None
    offered = ", ".join(draft_choices(state, seat))
    return msg(
        "'{target}' is not on offer to you; you may pick {offered}",
        target=action.target,
        offered=offered,
    )


def _always(state: TerramaraState, seat: int, action: Action) -> Message | None:
    return None


def _single(kind: Kind) -> Callable[[TerramaraState, int], Iterable[Action]]:
    return lambda state, seat: [Action(kind)]


RULES: dict[Kind, Rule] = {
    "place": Rule(_place_candidates, _place_problem, _place_legal),
    "worker": Rule(_worker_candidates, _worker_problem),
    "use": Rule(_use_candidates, _use_problem),
    "turn": Rule(_single("turn"), _turn_problem),
    "craft": Rule(_craft_candidates, _craft_problem, _craft_legal),
    "reserve": Rule(_reserve_candidates, _reserve_problem, _reserve_legal),
    "done": Rule(_single("done"), _always),
    "neutral": Rule(_neutral_candidates, _neutral_problem),
    "pick": Rule(_pick_candidates, _pick_problem),
}


OVER: TurnPhase = Phase(frozenset(), lambda state, seat: [], msg("the game is over"), exact=True)
DECISIONS: dict[str, TurnPhase] = {
    kind: Phase(frozenset(kinds), _answers, lambda state, seat, _: _asked(state, seat), exact=True)
    for kind, kinds in DECISION_KINDS.items()
}
SET_UP: dict[str, TurnPhase] = {
    "neutral": Phase(
        frozenset({"neutral"}),
        _listing(("neutral",)),
        msg("the neutral scouts are being placed: 'neutral <space>'"),
        exact=True,
    ),
    "draft": Phase(
        frozenset({"pick"}),
        _listing(("pick",)),
        msg("persons and start resource cards are being picked: 'pick <id>'"),
        exact=True,
    ),
}
TURN: dict[str, TurnPhase] = {
    "before": Phase(frozenset(BEFORE), _listing(BEFORE), _closed, exact=True),
    "after": Phase(frozenset(AFTER), _listing(AFTER), _closed, exact=True),
}
