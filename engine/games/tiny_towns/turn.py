"""Carrying out checked actions on a copy-on-write state (engine.core.builder), and running
the rounds.

`RoundBuilder` copies a town, a card list or the randomness only when an action changes it, so
the input state is never touched. After every action it settles what follows by itself: a
player who cannot take a resource moves on to building, a player with nothing at all to do in
a new round is done at once, a round whose players are all done ends (finishing full towns)
and the next one begins, and the game ends when every town is finished.
"""

from __future__ import annotations

from engine.core import Message, StateBuilder, comma_chain, msg, plural_msg

from . import rules
from .board import NAMES, names_of
from .cards import CARDS, RESOURCES, resources_list
from .cards import card_term as card_name
from .cards import resource_term as res
from .notation import Action
from .phases import phase_of
from .scoring import building_count, shrine_points
from .state import BURIED, GUILD_REPLACEMENTS, TinyTownsState, Town
from .view import final_text

_NEEDS_A_RESOURCE = ("factory", "bank")
#: The decision a monument asks for as soon as it is built (`town.pending`).
_OWED_WHEN_BUILT = {
    "opaleyes-watch": "watch",
    "grove-university": "university",
    "architects-guild": f"guild:{GUILD_REPLACEMENTS}",
}
#: The kinds of action whose methods settle what follows them themselves.
_FOLLOWED_UP = frozenset({"keep", "name", "done"})
#: The method that carries out each kind of action: the kind's own, but `pass` (a keyword).
_METHODS = {"pass": "pass_offer"}
#: Which candidate a skipped seat plays: lowest first, else the first listed.
_PLAINEST = {"done": 0, "pass": 1}


class RoundBuilder(StateBuilder[TinyTownsState]):
    def town(self, seat: int) -> Town:
        """The seat's town, copied before its first change."""
        town: Town = self.edit_item("towns", seat)
        return town

    def town_shallow(self, seat: int) -> Town:
        """The seat's town copied for giving its fields new values only (a step, a new list):
        its lists and dict still belong to the old state too — change them through `town`."""
        town: Town = self.edit_item("towns", seat, shallow=True)
        return town

    # -- set-up -------------------------------------------------------------------------------

    def deal_resources(self) -> None:
        """Shuffle the resource deck and bury 5 cards (solo: turn 3 face up instead)."""
        state = self.state
        deck = [res for res in RESOURCES for _ in range(3)]
        self.chance.shuffle(deck, "the resource deck")
        aside = 3 if len(state.players) == 1 else BURIED
        self.assign("face_up" if len(state.players) == 1 else "discard", deck[:aside])
        self.assign("deck", deck[aside:])

    # -- actions (already checked by the game) ------------------------------------------------

    def perform(self, seat: int, action: Action) -> None:
        """Carry out an action the checker allowed, and what follows it: for the seat
        (`_settle`), then for the round (`_advance`). Keeping a monument, naming the resource
        and `done` see to what follows them themselves."""
        getattr(self, _METHODS.get(action.kind, action.kind))(seat, action)
        if action.kind not in _FOLLOWED_UP:
            self._settle(seat)
            self._advance()

    def keep(self, seat: int, action: Action) -> None:
        town = self.town_shallow(seat)
        town.monument = action.card
        town.step = "done"
        self.tell(seat, "{player} keeps one of their two monument cards")
        if not any(t.step == "keep" for t in self.state.towns):
            self.say(msg("every monument is chosen; the game begins"))
            self.start_round(1)

    def name(self, seat: int, action: Action) -> None:
        state = self.state
        state.resource, state.phase = action.resource, "play"
        self.tell(
            seat,
            "{player} names {resource} for round {round}",
            resource=res(action.resource),
            round=state.round,
        )
        for other, town in enumerate(state.towns):
            if town.active:
                self._begin(other)
        self._advance()

    def choose(self, seat: int, action: Action) -> None:
        state, resource = self.state, action.resource
        slot = state.face_up.index(resource)
        deck = self.edit("deck")
        deck.append(resource)
        self.edit("face_up")[slot] = deck.pop(0)
        state.resource = resource
        self.town_shallow(seat).step = "place"
        self.tell(
            seat,
            "{player} takes the {resource} card and puts it under the deck; "
            "the new face-up card is {card}",
            resource=res(resource),
            card=res(state.face_up[slot]),
            reveals=True,
        )

    def place(self, seat: int, action: Action) -> None:
        town, resource, square = self.town(seat), action.resource, action.square
        where = NAMES[square]
        player, what = self.who(seat), res(resource)
        if town.cells[square]:
            town.held[square] = [resource]
            text = msg(
                "{player} puts {resource} on the Cottage on {square} (Statue of the Bondmaker)",
                player=player,
                resource=what,
                square=where,
            )
        else:
            town.cells[square] = resource
            text = msg(
                "{player} places {resource} on {square}", player=player, resource=what, square=where
            )
        self._changed(town, square)
        if town.hand is None and resource != self.state.resource and self.state.source != "choice":
            text = msg(
                "{action} (instead of {resource}, thanks to the Factory)",
                action=text,
                resource=res(self.state.resource or ""),
            )
        town.hand = None
        town.step = "build"
        self.say(text, seat)

    def store(self, seat: int, action: Action) -> None:
        town = self.town(seat)
        town.held.setdefault(action.square, []).append(action.resource)
        self._changed(town, action.square)
        town.step = "build"
        self.tell(
            seat,
            "{player} stores {resource} on the Warehouse on {square}",
            resource=res(action.resource),
            square=NAMES[action.square],
        )

    def swap(self, seat: int, action: Action) -> None:
        town, square, other = self.town(seat), action.square, action.other
        stock = town.held[square]
        stock.remove(other)
        stock.append(action.resource)
        town.hand = other
        self._changed(town, square)
        self.tell(
            seat,
            "{player} swaps {resource} for {other} on the Warehouse on {square} and must "
            "now place the {other}",
            resource=res(action.resource),
            other=res(other),
            square=NAMES[square],
        )

    def aside(self, seat: int, action: Action) -> None:
        town = self.town(seat)
        town.aside.append(action.resource)
        town.step = "build"
        left = 2 - len(town.aside)
        self.tell(
            seat,
            "{player} sets {resource} aside beside their town ({count} more allowed)",
            resource=res(action.resource),
            count=left,
        )

    def build(self, seat: int, action: Action) -> None:
        town, card, site, squares = self.town(seat), action.card, action.square, action.squares
        for square in squares:
            if town.cells[square] != "trading-post":
                town.cells[square] = ""
        town.cells[site] = card
        self._changed(town, site, *(square for square in squares if not town.cells[square]))
        used = names_of(squares)
        site_name = NAMES[site]
        if CARDS[card].is_monument:
            self.tell(
                seat,
                "{player} builds their monument, {monument}, on {square} (using {used})",
                monument=card_name(card),
                square=site_name,
                used=used,
                reveals=True,
            )
        else:
            self.tell(
                seat,
                "{player} builds a {building} on {square} (using {used})",
                building=card_name(card),
                square=site_name,
                used=used,
            )
        self._when_built(seat, card, site)
        if card in _OWED_WHEN_BUILT:
            town.pending.insert(0, _OWED_WHEN_BUILT[card])
        elif card == "shrine":
            town.shrine = shrine_points(building_count(town.cells))
            self.say(
                plural_msg(
                    "the Shrine of the Elder Tree scores {count} points for {player}",
                    "the Shrine of the Elder Tree scores {count} points for {player}",
                    count=town.shrine,
                    player=self.who(seat),
                ),
                seat,
            )
        self._alert_watches(seat, card)

    def put(self, seat: int, action: Action) -> None:
        town = self.town(seat)
        square = rules.put_square(town)
        town.held[square] = [action.resource]
        self._changed(town, square)
        town.pending.pop(0)
        what = card_name(town.cells[square])
        self.tell(
            seat,
            "{player} puts {resource} on the {building} on {square}",
            resource=res(action.resource),
            building=what,
            square=NAMES[square],
        )

    def watch(self, seat: int, action: Action) -> None:
        town = self.town(seat)
        town.watch = [card for card in self.state.buildings if card in action.cards]
        town.pending.pop(0)
        names = comma_chain([card_name(card) for card in town.watch])
        self.tell(seat, "{player} puts {buildings} on Opaleye's Watch", buildings=names)

    def replace(self, seat: int, action: Action) -> None:
        town, square, card = self.town(seat), action.square, action.card
        old = town.cells[square]
        town.cells[square] = card
        town.held.pop(square, None)
        self._changed(town, square)
        left = int(town.pending[0].split(":")[1]) - 1
        if left:
            town.pending[0] = f"guild:{left}"
        else:
            town.pending.pop(0)
        self.tell(
            seat,
            "{player} replaces the {old} on {square} with a {building} (Architect's Guild)",
            old=card_name(old),
            square=NAMES[square],
            building=card_name(card),
        )
        self._when_built(seat, card, square)

    def add(self, seat: int, action: Action) -> None:
        town, card, square = self.town(seat), action.card, action.square
        if town.pending and town.pending[0] == "university":
            town.pending.pop(0)
            source = card_name("grove-university")
        else:
            town.claims.remove(card)
            town.watch.remove(card)
            source = card_name("opaleyes-watch")
        town.cells[square] = card
        self._changed(town, square)
        self.tell(
            seat,
            "{player} places a free {building} on {square} ({source})",
            building=card_name(card),
            square=NAMES[square],
            source=source,
        )
        self._when_built(seat, card, square)

    def pass_offer(self, seat: int, action: Action) -> None:
        town = self.town(seat)
        if town.pending and town.pending[0].split(":")[0] in rules.OPTIONAL_PENDING:
            university = town.pending[0] == "university"
            what = card_name("grove-university" if university else "architects-guild")
            town.pending.pop(0)
            self.tell(seat, "{player} declines the rest of the {building}'s offer", building=what)
        else:
            self._decline_claims(seat)

    def done(self, seat: int, action: Action) -> None:
        self._decline_claims(seat)
        self.town_shallow(seat).step = "done"
        self.tell(seat, "{player} is done with round {round}", round=self.state.round)
        self._advance()

    def resign(self, seat: int) -> None:
        state = self.state
        town = self.town_shallow(seat)
        town.resigned = True
        town.step = "finished"
        town.pending, town.claims, town.hand = [], [], None
        self.tell(seat, "{player} resigns: their town is scored as it stands and ranks last")
        playing = [s for s, t in enumerate(state.towns) if not t.resigned]
        if len(playing) == 0 or (len(state.players) > 1 and len(playing) == 1):
            self._game_over(
                msg("every other player has resigned") if playing else msg("the player resigned")
            )
            return
        if state.phase == "keep" and not any(t.step == "keep" for t in state.towns):
            self.start_round(1)
            return
        if state.phase == "name" and state.hammer == seat:
            self._pass_hammer_now(seat)
        self._advance()

    def skip(self, seat: int) -> None:
        """A moderator finishes the absent seat's part of the round with the plainest choices."""
        state = self.state
        name = self.who(seat)
        if state.phase == "keep":
            self.say(
                msg("{player} is skipped and keeps the first of their monument cards", player=name),
                seat,
            )
            self.keep(seat, Action("keep", card=state.towns[seat].dealt[0]))
            return
        if state.phase == "name":
            if self._next_namer(seat, include_holder=False) is None:
                resource = rules.nameable(state.towns[seat])[0]
                self.say(
                    msg(
                        "{player} is skipped and names {resource}, the first they may",
                        player=name,
                        resource=res(resource),
                    ),
                    seat,
                )
                self.name(seat, Action("name", resource=resource))
            else:
                self.say(
                    msg("{player} is skipped; the hammer passes on for this round", player=name),
                    seat,
                )
                self._pass_hammer_now(seat)
            return
        self.say(
            msg("{player} is skipped: the rest of their round is played for them", player=name),
            seat,
        )
        current = state.round
        while state.phase == "play" and state.round == current and seat in rules.to_act(state):
            self._default_action(seat)

    def _default_action(self, seat: int) -> None:
        """The plainest of the seat's candidates: `done` (building nothing), else declining an
        offer (`pass`), else the first one listed (the first resource they may take on the
        first empty square, the first resource for a Factory or Bank, the first three
        buildings on offer for the Watch, the first face-up card)."""
        candidates = phase_of(self.state, seat).candidates(self.state, seat)
        self.perform(seat, min(candidates, key=lambda action: _PLAINEST.get(action.kind, 2)))

    # -- what follows an action ---------------------------------------------------------------

    def _when_built(self, seat: int, card: str, square: int) -> None:
        if card in _NEEDS_A_RESOURCE:
            self.town(seat).pending.insert(0, f"put:{square}")

    def _alert_watches(self, seat: int, card: str) -> None:
        """Opaleye's Watch: a neighbour of the builder may take a building of this type."""
        count = len(self.state.players)
        for owner in dict.fromkeys(((seat - 1) % count, (seat + 1) % count)):
            town = self.state.towns[owner]
            if (
                owner != seat
                and town.active
                and card in town.watch
                and card not in town.claims
                and rules.has_empty(town.cells)
                and rules.may_add(town, card)
            ):
                self.town(owner).claims.append(card)
                self.tell(
                    owner,
                    "{player} may place the {building} from Opaleye's Watch on an empty "
                    "square ('add {card} at <square>' or 'pass')",
                    building=card_name(card),
                    card=card,
                )

    def _decline_claims(self, seat: int) -> None:
        claims = self.state.towns[seat].claims
        if claims:
            names = comma_chain([card_name(card) for card in claims])
            self.tell(seat, "{player} leaves the {buildings} on Opaleye's Watch", buildings=names)
            self.town_shallow(seat).claims = []

    def _settle(self, seat: int) -> None:
        """Drop offers that lapsed and move the seat past a resource it cannot take."""
        state = self.state
        town = state.towns[seat]
        if not town.active:
            return
        if town.claims and not rules.has_empty(town.cells):
            self._decline_claims(seat)
        if town.pending and self._offer_lapsed(town):
            self.town(seat).pending.pop(0)
        if state.towns[seat].step == "place" and not rules.must_take(state, seat):
            self.town_shallow(seat).step = "build"
            self.say(
                msg(
                    "{player} takes no resource this round ({why})",
                    player=self.who(seat),
                    why=self._why_none(seat),
                )
            )

    def _begin(self, seat: int) -> None:
        """A round begins for the seat; with nothing to take and nothing to build it is done.

        Once a player has acted in a round, only their `done` ends their part of it, so that a
        whole round sent at once (`place wood B2; done`) always works.
        """
        self._settle(seat)
        town = self.state.towns[seat]
        if town.step == "build" and not town.claims and not rules.can_build(self.state, seat):
            self.town_shallow(seat).step = "done"
            self.tell(seat, "{player} has nothing to do this round")

    def _offer_lapsed(self, town: Town) -> bool:
        top = town.pending[0]
        if top == "university":
            return not rules.has_empty(town.cells)
        return top.startswith("guild") and not rules.replaceable(town.cells)

    def _why_none(self, seat: int) -> Message:
        state = self.state
        cells = state.towns[seat].cells
        if not rules.has_empty(cells):
            return msg("no empty square")
        if state.source == "none":
            return msg("nobody can name one")
        if "fort-ironweed" in cells:
            return msg("Fort Ironweed: no choice while others still play")
        return msg("every resource lies on their Banks")

    def _advance(self) -> None:
        """End rounds that nobody owes anything in any more, and start the next ones."""
        state = self.state
        while state.phase == "play" and not any(map(rules.owes_action, state.towns)):
            self._end_round()

    def _end_round(self) -> None:
        state = self.state
        for seat, town in enumerate(state.towns):
            if town.active and (state.source == "none" or not rules.has_empty(town.cells)):
                finishing = self.town_shallow(seat)
                finishing.step = "finished"
                finishing.finished_round = state.round
                self.tell(seat, "{player}'s town is finished")
        if state.source == "card" and state.resource is not None:
            self.edit("discard").append(state.resource)
        if not any(town.active for town in state.towns):
            self._game_over(msg("every town is finished"))
            return
        if state.options.get("prospectors") and state.hammer is not None:
            state.hammer = self._next_namer(state.hammer, include_holder=True)
        self.start_round(state.round + 1)

    def start_round(self, number: int) -> None:
        state = self.state
        state.round, state.resource, state.phase = number, None, "play"
        solo = len(state.players) == 1
        for seat, town in enumerate(state.towns):
            if town.active:
                self.town_shallow(seat).step = "choose" if solo else "place"
        if state.options.get("prospectors"):
            if state.hammer is None:
                state.source = "none"
                self.say(
                    msg(
                        "round {round}: nobody can name a resource; every town still being built "
                        "is finished at the end of this round",
                        round=number,
                    )
                )
            else:
                state.source, state.phase = "named", "name"
                self.say(
                    msg(
                        "round {round}: {player} names the resource",
                        round=number,
                        player=self.who(state.hammer),
                    )
                )
                return
        elif solo:
            state.source = "solo"
            self.say(
                msg(
                    "round {round}: choose one of the face-up cards ({cards})",
                    round=number,
                    cards=resources_list(state.face_up),
                )
            )
        elif number % 3 == 0:
            state.source = "choice"
            self.say(msg("round {round}: everyone chooses their own resource", round=number))
        else:
            state.source = "card"
            state.resource = self._draw()
            self.say(
                msg(
                    "round {round}: the resource card shows {resource}",
                    round=number,
                    resource=res(state.resource),
                ),
                reveals=True,
            )
        for seat, town in enumerate(state.towns):
            if town.active:
                self._begin(seat)

    def _draw(self) -> str:
        state = self.state
        if not state.deck:
            deck = list(state.discard)
            self.chance.shuffle(deck, "the resource deck")
            self.assign("discard", deck[:BURIED])
            self.assign("deck", deck[BURIED:])
            self.say(msg("the resource deck is reshuffled and 5 cards are buried face down"))
        card: str = self.edit("deck").pop(0)
        return card

    def _next_namer(self, holder: int, include_holder: bool) -> int | None:
        """Prospectors: the next player to the left of `holder` who takes the hammer.

        Only players still building take it; whoever built Fort Ironweed is passed over while
        anyone else still builds; a player with five Banks could name nothing and is passed
        over too. The holder comes last, if `include_holder`.
        """
        state = self.state
        count = len(state.players)
        active = [s for s, t in enumerate(state.towns) if t.active]
        for step in range(1, count + 1):
            seat = (holder + step) % count
            town = state.towns[seat]
            if seat not in active or (seat == holder and not include_holder):
                continue
            if "fort-ironweed" in town.cells and len(active) > 1:
                continue
            if len(rules.bank_resources(town)) < len(RESOURCES):
                return seat
        return None

    def _pass_hammer_now(self, holder: int) -> None:
        """The hammer holder resigned or was skipped before naming: the next player names."""
        self.state.hammer = self._next_namer(holder, include_holder=False)
        self.start_round(self.state.round)

    def _game_over(self, reason: Message) -> None:
        state = self.state
        state.phase, state.end_reason = "over", reason.english()
        self.say(msg("the game ends: {reason}", reason=reason))
        self.say(final_text(state))

    # -- bookkeeping --------------------------------------------------------------------------

    def _changed(self, town: Town, *squares: int) -> None:
        """Note squares of a town (the builder's copy) that its action changed this round."""
        if town.changed_round != self.state.round:
            town.changed, town.changed_round = [], self.state.round
        town.changed.extend(square for square in squares if square not in town.changed)
