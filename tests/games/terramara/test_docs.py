"""docs/games/terramara.md carries the content tables generated from the data.

Run `python -m tests.games.terramara.test_docs` to refresh the document after a data change.
"""

from __future__ import annotations

from pathlib import Path

from engine.games.terramara.tables import content_tables, replace_block

from .helpers import GAME, NAMES

DOC = Path(__file__).resolve().parents[3] / "docs" / "games" / "terramara.md"


def test_the_documented_tables_match_the_data() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert content_tables() in text, (
        "docs/games/terramara.md is out of date: run python -m tests.games.terramara.test_docs"
    )


def test_every_house_ruling_is_documented() -> None:
    text = DOC.read_text(encoding="utf-8")
    for number in range(1, 32):
        assert f"**H{number}" in text, number


def test_the_documented_examples_play() -> None:
    text = DOC.read_text(encoding="utf-8")
    block = text[text.index("Examples (the start of a 4-player first game with seed 1") :]
    block = block[block.index("```text\n") + 8 : block.index("```\n", 10)]
    state = GAME.new_game(list(NAMES), 1, {"first-game": True})
    for line in block.splitlines():
        name, _, action = line.split("#")[0].partition(":")
        state = GAME.apply(state, NAMES.index(name.strip()), action.strip()).state
    assert [s.military for s in state.seats] == [1, 3, 4, 3]
    assert state.seats[3].artifacts == ["T1d"] and state.seats[0].vp == 4


if __name__ == "__main__":
    DOC.write_text(replace_block(DOC.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"refreshed {DOC}")
