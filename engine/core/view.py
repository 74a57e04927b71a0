"""Views with types: a game's view of a state is a pydantic model, shared by engine and renderer.

`Game.view_of(state, viewer)` gives the typed view; `Game.view` its JSON-ready data (what the
CLI prints and the service hands to the renderer). A renderer takes either and reads
attributes (`View.of` turns the data back into the model).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self

from pydantic import BaseModel, ConfigDict, Field


class View(BaseModel):
    """Base of every game's view model: frozen once built. Field aliases name keys that are
    not Python names."""

    model_config = ConfigDict(populate_by_name=True, frozen=True)

    def data(self) -> dict[str, Any]:
        """The JSON-ready data of the view (keys by alias)."""
        return self.model_dump(mode="json", by_alias=True)

    @classmethod
    def of(cls, view: Self | Mapping[str, Any]) -> Self:
        """The view itself, or the model read from its data."""
        return view if isinstance(view, cls) else cls.model_validate(view)


class HexCellView(View):
    """A cell of a hex board (engine.core.HexBoard): its name and axial coordinates."""

    name: str
    q: int
    r: int


class LinkView(View):
    """Two cells joined by a move or a bridge, named `from` and `to` in the data."""

    start: str = Field(alias="from")
    end: str = Field(alias="to")
