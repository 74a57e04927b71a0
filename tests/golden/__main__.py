"""`python -m tests.golden --record [NAME…]`: play and store the golden games again;
`python -m tests.golden --check`: replay every stored golden game and list those that differ."""

from __future__ import annotations

import argparse
import sys

from . import ROOT, Transcript, record, replay, specs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.golden", description=__doc__)
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--record", action="store_true", help="record golden games again")
    action.add_argument("--check", action="store_true", help="replay and compare them")
    parser.add_argument(
        "names", nargs="*", help="only these (game/name, e.g. tiny-towns/solo-1p-s6)"
    )
    args = parser.parse_args(argv)
    chosen = [s for s in specs() if not args.names or f"{s.game}/{s.name}" in args.names]
    if args.record:
        wanted = {s.path for s in chosen}
        if not args.names:
            for stale in ROOT.glob("*/*.txt"):
                if stale not in wanted:
                    stale.unlink()
        for spec in chosen:
            spec.path.parent.mkdir(exist_ok=True)
            spec.path.write_text(record(spec).text(), encoding="utf-8")
            print(f"recorded {spec.game}/{spec.name}")
        return 0
    differ = 0
    for spec in chosen:
        stored = Transcript.parse(spec.path.read_text(encoding="utf-8"))
        if replay(stored) != stored.results:
            differ += 1
            print(f"differs: {spec.game}/{spec.name}")
    print(f"{len(chosen) - differ} of {len(chosen)} golden games match")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
