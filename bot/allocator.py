"""The C allocator of the bot's process, so that memory the renderer frees goes back to the
system (docs/architecture.md, "Memory").

Drawing a board allocates and frees some ten megabytes of image buffers. glibc's malloc keeps
freed memory for reuse, in one arena per thread that allocated it (up to eight per core), so
the worker threads that draw each keep a board's worth or more: with many tables in play
that was over half of the process's memory. So the bot's process uses one arena and maps
image buffers on their own (`tune_allocator`, at start, before any thread), and hands freed
memory back after each drawing (`release_freed_memory`). Where the C library is not glibc (macOS,
musl), both do nothing.
"""

from __future__ import annotations

import ctypes
import platform
from functools import cache

#: glibc's mallopt parameters (malloc.h): the most arenas, and the size from which a block
#: is mapped on its own (and unmapped when freed) rather than carved from an arena.
M_ARENA_MAX = -8
M_MMAP_THRESHOLD = -3
#: A board's image buffers (megabytes) are mapped on their own, so freeing one returns it at
#: once and never leaves a hole among smaller blocks that keeps the arena from shrinking.
MMAP_THRESHOLD = 256 * 1024


@cache
def _glibc() -> ctypes.CDLL | None:
    if platform.system() != "Linux" or platform.libc_ver()[0] != "glibc":
        return None
    try:
        return ctypes.CDLL("libc.so.6")
    except OSError:
        return None


def tune_allocator() -> bool:
    """Make every thread allocate from one arena and map large blocks on their own (call
    before threads start); whether it could."""
    libc = _glibc()
    if libc is None:
        return False
    return bool(libc.mallopt(M_ARENA_MAX, 1)) and bool(
        libc.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)
    )


def release_freed_memory() -> None:
    """Give the memory malloc holds free back to the system (`malloc_trim`)."""
    libc = _glibc()
    if libc is not None:
        libc.malloc_trim(0)
