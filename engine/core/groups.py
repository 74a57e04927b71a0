"""Connected groups on any grid: hex boards, square towns, anything with a neighbour function.

`neighbours(node)` says which nodes a node is joined to; a game narrows it to what connects
for its question (same landscape, no stone between, a bridge or a river crossing, …).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import TypeVar

N = TypeVar("N", bound=Hashable)
Neighbours = Callable[[N], Iterable[N]]


def reach(start: N, neighbours: Neighbours[N]) -> Iterator[N]:
    """Every node joined to `start` (itself first), each once, as a depth-first flood finds
    them. A caller may stop early, e.g. once a group has grown too large to matter."""
    seen = {start}
    stack = [start]
    yield start
    while stack:
        for n in neighbours(stack.pop()):
            if n not in seen:
                seen.add(n)
                stack.append(n)
                yield n


def flood(start: N, neighbours: Neighbours[N]) -> set[N]:
    """The group of `start`: every node joined to it, itself included."""
    return set(reach(start, neighbours))


def components(nodes: Iterable[N], neighbours: Neighbours[N]) -> list[set[N]]:
    """The connected groups of `nodes` (joined by `neighbours` within `nodes`), in the order of
    each group's first node in `nodes`."""
    members = list(nodes)
    inside = set(members)

    def joined(node: N) -> Iterator[N]:
        return (n for n in neighbours(node) if n in inside)

    seen: set[N] = set()
    groups: list[set[N]] = []
    for node in members:
        if node not in seen:
            group = flood(node, joined)
            seen |= group
            groups.append(group)
    return groups
