"""The seeded random stream kept in game states: reproducible, bounded, serialisable."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core.rng import Rng


def stream(rng: Rng, count: int = 20) -> list[int]:
    return [rng.next_u64() for _ in range(count)]


def test_seed_zero_gives_the_published_splitmix64_sequence() -> None:
    """Stored games replay only while the stream never changes; pin it to the reference."""
    assert stream(Rng(seed=0), 3) == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_same_seed_same_stream() -> None:
    assert stream(Rng(seed=42)) == stream(Rng(seed=42))


def test_different_seeds_give_different_streams() -> None:
    firsts = {tuple(stream(Rng(seed=seed), 4)) for seed in range(200)}
    assert len(firsts) == 200


def test_negative_and_huge_seeds_give_64_bit_draws() -> None:
    for seed in (-1, -(2**70), 2**64 - 1, 2**80):
        assert all(0 <= v < 2**64 for v in stream(Rng(seed=seed)))


def test_each_draw_is_counted() -> None:
    rng = Rng(seed=7)
    stream(rng, 5)
    assert rng.draws == 5


def test_draws_are_64_bit() -> None:
    values = stream(Rng(seed=3), 1000)
    assert all(0 <= v < 2**64 for v in values)
    assert max(values) >= 2**63  # the top bit is used
    assert len(set(values)) == 1000


@pytest.mark.parametrize("n", [1, 2, 3, 6, 7, 100, 2**33 + 1, 2**64 - 1, 2**64])
def test_below_stays_in_range(n: int) -> None:
    rng = Rng(seed=n)
    assert all(0 <= rng.below(n) < n for _ in range(500))


def test_below_one_is_always_zero() -> None:
    rng = Rng(seed=9)
    assert {rng.below(1) for _ in range(50)} == {0}


def test_below_takes_the_draws_next_u64_takes() -> None:
    """`below` counts its draws itself (a choice among one mixes nothing): the stream goes on
    as if each draw had been taken by `next_u64`."""
    ours, theirs = Rng(seed=11), Rng(seed=11)
    for n in (1, 3, 1, 2**63 + 1, 2**63 + 1, 7, 1):  # (2**63 + 1 rejects half the draws)
        while (value := theirs.next_u64()) >= _limit(n):
            pass
        assert ours.below(n) == value % n and ours.draws == theirs.draws
    assert theirs.draws > 7  # some draw was rejected


def _limit(n: int) -> int:
    return 2**64 - 2**64 % n


@pytest.mark.parametrize("n", [0, -1, 2**64 + 1, 2**70])
def test_below_rejects_ranges_it_cannot_draw_from(n: int) -> None:
    """Beyond 2**64 a single draw cannot cover the range (this used to loop forever)."""
    with pytest.raises(ValueError):
        Rng(seed=1).below(n)


@pytest.mark.parametrize("seed", [0, 1, 12345])
def test_below_is_roughly_uniform(seed: int) -> None:
    rng = Rng(seed=seed)
    counts = Counter(rng.below(6) for _ in range(6000))
    assert set(counts) == set(range(6))
    assert all(850 <= count <= 1150 for count in counts.values()), counts


def test_below_uses_the_high_range_too() -> None:
    """A modulo-biased or truncated generator would never reach the upper half."""
    rng = Rng(seed=5)
    n = 3 * 2**62
    values = [rng.below(n) for _ in range(400)]
    assert sum(v >= n // 2 for v in values) > 120


def test_shuffle_is_a_permutation() -> None:
    items = list(range(30))
    Rng(seed=11).shuffle(items)
    assert sorted(items) == list(range(30))
    assert items != list(range(30))


def test_shuffle_is_deterministic_per_seed() -> None:
    def shuffled(seed: int) -> list[int]:
        items = list(range(30))
        Rng(seed=seed).shuffle(items)
        return items

    assert shuffled(4) == shuffled(4)
    assert shuffled(4) != shuffled(5)


def test_shuffle_reaches_every_order_of_three() -> None:
    orders = set()
    for seed in range(200):
        items = ["a", "b", "c"]
        Rng(seed=seed).shuffle(items)
        orders.add(tuple(items))
    assert len(orders) == 6


def test_shuffle_of_short_lists() -> None:
    rng = Rng(seed=1)
    empty: list[int] = []
    one = [1]
    rng.shuffle(empty)
    rng.shuffle(one)
    assert (empty, one, rng.draws) == ([], [1], 0)


def test_choice_picks_a_member() -> None:
    rng = Rng(seed=2)
    items = ["x", "y", "z"]
    picked = {rng.choice(items) for _ in range(100)}
    assert picked == set(items)


def test_choice_of_nothing_raises() -> None:
    with pytest.raises(ValueError):
        Rng(seed=2).choice([])


def test_state_round_trips_and_continues_identically() -> None:
    rng = Rng(seed=99)
    stream(rng, 17)
    for copy in (
        Rng.model_validate(rng.model_dump()),
        Rng.model_validate_json(rng.model_dump_json()),
    ):
        assert copy == rng
        assert stream(copy) == stream(rng.model_copy())
    assert rng.model_dump() == {"seed": 99, "draws": 17}


def test_a_copy_advances_independently() -> None:
    rng = Rng(seed=8)
    copy = rng.model_copy()
    first = copy.next_u64()
    assert rng.draws == 0
    assert rng.next_u64() == first
