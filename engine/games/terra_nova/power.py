"""The power cycle: three bowls; power is gained bowl I first, and spent only from bowl III.

Gaining one power moves one token a step along the cycle: from bowl I to II while bowl I holds
any, otherwise from II to III; with everything in bowl III further power is lost. Spending
moves tokens from bowl III back to bowl I.
"""

from __future__ import annotations


def gain(bowls: list[int], amount: int) -> int:
    """Move tokens for `amount` power gained (in place); return the power actually used."""
    from_first = min(amount, bowls[0])
    bowls[0] -= from_first
    bowls[1] += from_first
    from_second = min(amount - from_first, bowls[1])
    bowls[1] -= from_second
    bowls[2] += from_second
    return from_first + from_second


def spend(bowls: list[int], amount: int) -> None:
    """Move `amount` tokens from bowl III to bowl I (in place); the caller checks there are."""
    if amount > bowls[2]:
        raise ValueError(f"cannot spend {amount} power with {bowls[2]} in bowl III")
    bowls[2] -= amount
    bowls[0] += amount
