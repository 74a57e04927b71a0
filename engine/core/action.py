"""Actions as typed values: what a game's action type offers (cf. python-chess's Move).

A game reads a player's text into its action type (`Game.parse`) and writes an action back as
its one canonical text (`text()`, what `legal_actions` lists); reading that text again gives
the same action. `public_text()` says how the others see the action: its text, unless it
names a secret (Tiny Towns' `keep <monument>`, say).
"""

from __future__ import annotations

from typing import Protocol


class Action(Protocol):
    """What every game's action type offers."""

    @property
    def kind(self) -> str:
        """The action's kind: the first word of its text (`move`, `place`, `pass`)."""
        ...

    def text(self) -> str:
        """The canonical text, as `legal_actions` lists it."""
        ...

    def public_text(self) -> str:
        """How everybody but the acting player reads the action."""
        ...
