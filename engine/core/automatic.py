"""Actions nobody has to wait for: forced ones, and the players' standing answers.

A game marks an action **forced** (`Game.forced`) when it is the seat's only legal action and
there is nothing to decide in playing it (Terra Nova (2006)'s `pass` when every figure is
boxed in). Not every lone legal action is forced: a lone meaningful choice — one the player
may want to look at, or take back what led to it — stays theirs.

A **standing answer** is a player's answer, given in advance, to a question the game asks
again and again (Terra Nova's "exchange power at the round end?" — "never"). A game lists the
answers it offers in `GameInfo.standing_answers`; `Game.standing_answer` says what an answer a
seat has set plays now, if its question is asked now. Who set which answer is the service's
business (it stores them per seat); the engine only says what they play.

Either way the transport plays the action for the seat, as if the seat had typed it, and
says so with `why`.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel

from .messages import Message


@dataclass(frozen=True, slots=True)
class Automatic:
    """An action to play for a seat without waiting: its canonical `text` (what the seat
    would type) and `why` it is played for them, in words that follow the player's name
    (`none of their figures can move`)."""

    text: str
    why: Message


class StandingAnswer(BaseModel):
    """An answer a player may give in advance: its key (kebab-case, as typed) and what it
    does, in words."""

    key: str
    description: str
