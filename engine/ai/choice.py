"""Drawing an action from the policy: softmax over logits, with the bot's own random stream."""

from __future__ import annotations

import math

from engine.core.rng import Rng


def uniform(rng: Rng) -> float:
    return rng.next_u64() / 2.0**64


def sample_softmax(rng: Rng, logits: list[float], temperature: float) -> int:
    """An index drawn with probability softmax(logits / temperature); 0 picks the best."""
    best = max(logits)
    if temperature <= 0:
        return logits.index(best)
    weights = [math.exp((value - best) / temperature) for value in logits]
    target = uniform(rng) * sum(weights)
    for index, weight in enumerate(weights):
        target -= weight
        if target < 0:
            return index
    return len(weights) - 1
