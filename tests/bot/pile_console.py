"""`python -m tests.bot.pile_console console …`: the console with the pile test game and the
stand-in renderer, for tests that run the console in a subprocess."""

from __future__ import annotations

import sys

from bot.__main__ import main
from tests.bot.helpers import fake_renderer, pile_catalog

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:], games=pile_catalog(), renderer=fake_renderer))
