"""Atomic read-modify-write semantics in the interpreter, return values included.

What the interpreter defines (interpreter/lib/Atomics.cpp): each element's update is indivisible;
the elements of one tensor are updated in row-major order; each returned element is the value
memory held just before that element's update; float max and min propagate NaN; atomic_cas
compares bits. With one thread the programs run one after another in order of their linear id,
so the values each program sees are determined; with several threads only the final memory is.
"""

import numpy as np
import pytest

import nereid
import nereid.language as tl

THREADS = [1, 4]


@nereid.jit
def rmw_kernel(values_ptr, target_ptr, old_ptr, BLOCK: tl.constexpr, OP: tl.constexpr):
    # Every program updates the same BLOCK counters with its own row of values, and records
    # what it saw.
    pid = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    values = tl.load(values_ptr + pid * BLOCK + offs)
    if OP == "max":
        old = tl.atomic_max(target_ptr + offs, values)
    elif OP == "min":
        old = tl.atomic_min(target_ptr + offs, values)
    elif OP == "xchg":
        old = tl.atomic_xchg(target_ptr + offs, values)
    elif OP == "add":
        old = tl.atomic_add(target_ptr + offs, values)
    elif OP == "and":
        old = tl.atomic_and(target_ptr + offs, values)
    elif OP == "or":
        old = tl.atomic_or(target_ptr + offs, values)
    else:
        old = tl.atomic_xor(target_ptr + offs, values)
    tl.store(old_ptr + pid * BLOCK + offs, old)


NUMPY_COMBINE = {"max": np.maximum, "min": np.minimum, "add": np.add, "and": np.bitwise_and,
                 "or": np.bitwise_or, "xor": np.bitwise_xor, "xchg": lambda old, new: new}


def random_values(rng, shape, dtype):
    if dtype == "float32":
        return (rng.standard_normal(shape) * 100).astype(np.float32)
    info = np.iinfo(dtype)
    return rng.integers(info.min, info.max, shape, dtype=dtype, endpoint=True)


@pytest.mark.parametrize("op,dtype", [
    ("max", "int32"), ("max", "uint32"), ("max", "float32"), ("max", "int64"),
    ("min", "int32"), ("min", "uint32"), ("min", "float32"),
    ("add", "int32"), ("add", "uint64"),
    ("and", "int32"), ("or", "uint32"), ("xor", "int64"),
    ("xchg", "int32"), ("xchg", "float32"),
])
@pytest.mark.parametrize("num_threads", THREADS)
def test_rmw_with_contention(rng, op, dtype, num_threads):
    programs, block = 200, 32
    values = random_values(rng, (programs, block), dtype)
    initial = random_values(rng, block, dtype)
    target = initial.copy()
    old = np.zeros_like(values)
    rmw_kernel[(programs,)](values, target, old, BLOCK=block, OP=op, num_threads=num_threads)

    combine = NUMPY_COMBINE[op]
    with np.errstate(over="ignore"):
        if op == "xchg":
            # Each counter ends with one program's value; every other value was returned once,
            # and so was the initial one.
            seen = np.concatenate([old, target[None, :]])
            expected_seen = np.concatenate([values, initial[None, :]])
            np.testing.assert_array_equal(np.sort(seen, axis=0), np.sort(expected_seen, axis=0))
        else:
            np.testing.assert_array_equal(target, combine.reduce(
                np.concatenate([initial[None, :], values]), axis=0, dtype=values.dtype))
        if num_threads == 1:
            # In program order, program p sees the initial value combined with programs < p.
            running = initial.copy()
            for p in range(programs):
                np.testing.assert_array_equal(old[p], running, err_msg=f"program {p}")
                running = combine(running, values[p]).astype(values.dtype)


@nereid.jit
def float_add_kernel(values_ptr, target_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.atomic_add(target_ptr + offs, tl.load(values_ptr + tl.program_id(0) * BLOCK + offs))


@pytest.mark.parametrize("num_threads", THREADS)
def test_float_atomic_add_with_contention(rng, num_threads):
    programs, block = 300, 16
    values = rng.standard_normal((programs, block)).astype(np.float32)
    target = np.zeros(block, dtype=np.float32)
    float_add_kernel[(programs,)](values, target, BLOCK=block, num_threads=num_threads)
    exact = values.astype(np.float64).sum(axis=0)
    bound = (programs + 1) * 2.0**-24 * np.abs(values.astype(np.float64)).sum(axis=0)
    np.testing.assert_array_less(np.abs(target - exact), bound)
    if num_threads == 1:
        # One program after another: the float32 sum in program order, exactly.
        sequential = np.zeros(block, dtype=np.float32)
        for row in values:
            sequential = sequential + row
        np.testing.assert_array_equal(target, sequential)


@nereid.jit
def same_address_kernel(values_ptr, target_ptr, old_ptr, BLOCK: tl.constexpr, OP: tl.constexpr):
    # All lanes of one tensor update the same address.
    offs = tl.arange(0, BLOCK)
    values = tl.load(values_ptr + offs)
    pointers = target_ptr + offs * 0
    if OP == "add":
        old = tl.atomic_add(pointers, values)
    else:
        old = tl.atomic_max(pointers, values)
    tl.store(old_ptr + offs, old)


@pytest.mark.parametrize("op", ["add", "max"])
def test_lanes_of_one_tensor_update_in_row_major_order(rng, op):
    block = 64
    values = rng.integers(-1000, 1000, block, dtype=np.int32)
    target = np.array([5], dtype=np.int32)
    old = np.zeros(block, dtype=np.int32)
    same_address_kernel[(1,)](values, target, old, BLOCK=block, OP=op)
    combine = np.add if op == "add" else np.maximum
    running = np.concatenate([[5], combine.accumulate(np.concatenate([[5], values]))[1:]])
    np.testing.assert_array_equal(old, running[:-1])
    assert target[0] == running[-1]


@nereid.jit
def masked_rmw_kernel(values_ptr, keep_ptr, target_ptr, old_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    keep = tl.load(keep_ptr + offs) != 0
    old = tl.atomic_max(target_ptr + offs, tl.load(values_ptr + offs), mask=keep)
    tl.store(old_ptr + offs, old, mask=keep)


def test_masked_out_lanes_do_not_update(rng):
    block = 128
    values = rng.integers(-100, 100, block, dtype=np.int32)
    keep = rng.integers(0, 2, block, dtype=np.int8)
    initial = rng.integers(-100, 100, block, dtype=np.int32)
    target = initial.copy()
    old = np.full(block, 12345, dtype=np.int32)
    masked_rmw_kernel[(1,)](values, keep, target, old, BLOCK=block)
    np.testing.assert_array_equal(target, np.where(keep != 0, np.maximum(initial, values),
                                                   initial))
    np.testing.assert_array_equal(old, np.where(keep != 0, initial, 12345))


@nereid.jit
def float_max_nan_kernel(values_ptr, target_ptr, old_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    old = tl.atomic_max(target_ptr + offs, tl.load(values_ptr + offs))
    tl.store(old_ptr + offs, old)


def test_float_atomic_max_propagates_nan():
    nan = np.nan
    initial = np.array([1, nan, 1, nan, -0.0, 0.0, 5, 2], dtype=np.float32)
    values = np.array([nan, 1, 2, nan, 0.0, -0.0, 3, 4], dtype=np.float32)
    target = initial.copy()
    old = np.zeros_like(initial)
    float_max_nan_kernel[(1,)](values, target, old, BLOCK=8)
    np.testing.assert_array_equal(target, np.maximum(initial, values))  # numpy: NaN wins
    np.testing.assert_array_equal(old.view(np.uint32), initial.view(np.uint32))
    # max(-0.0, +0.0) and max(+0.0, -0.0) are +0.0 (arith.maximumf).
    assert not np.signbit(target[4]) and not np.signbit(target[5])


# Compare-and-swap ------------------------------------------------------------------------------

@nereid.jit
def cas_kernel(target_ptr, expected_ptr, new_ptr, old_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    old = tl.atomic_cas(target_ptr + offs, tl.load(expected_ptr + offs), tl.load(new_ptr + offs))
    tl.store(old_ptr + offs, old)


@pytest.mark.parametrize("dtype", ["int32", "int64", "float32"])
def test_cas_swaps_where_equal_and_returns_the_old_value(rng, dtype):
    block = 128
    initial = random_values(rng, block, dtype)
    expected = np.where(rng.integers(0, 2, block) == 1, initial, random_values(rng, block, dtype))
    new = random_values(rng, block, dtype)
    target = initial.copy()
    old = np.zeros_like(initial)
    cas_kernel[(1,)](target, expected, new, old, BLOCK=block)
    np.testing.assert_array_equal(target, np.where(initial == expected, new, initial))
    np.testing.assert_array_equal(old, initial)


def test_cas_compares_bits():
    # A NaN equals the same NaN, and -0.0 does not equal +0.0.
    nan = np.float32(np.nan)
    initial = np.array([nan, -0.0, 0.0, 1.0], dtype=np.float32)
    expected = np.array([nan, 0.0, 0.0, 1.0], dtype=np.float32)
    new = np.array([7, 8, 9, 10], dtype=np.float32)
    target = initial.copy()
    old = np.zeros_like(initial)
    cas_kernel[(1,)](target, expected, new, old, BLOCK=4)
    np.testing.assert_array_equal(target.view(np.uint32),
                                  np.array([7, -0.0, 9, 10], dtype=np.float32).view(np.uint32))
    np.testing.assert_array_equal(old.view(np.uint32), initial.view(np.uint32))


@nereid.jit
def claim_kernel(flag_ptr, winner_ptr, seen_ptr):
    # Every program tries to claim the flag; exactly one finds it free.
    pid = tl.program_id(0)
    seen = tl.atomic_cas(flag_ptr, 0, pid + 1)
    tl.store(seen_ptr + pid, seen)
    if seen == 0:
        tl.store(winner_ptr, pid)


@pytest.mark.parametrize("num_threads", THREADS)
def test_cas_claim_has_one_winner(num_threads):
    programs = 500
    flag = np.zeros(1, dtype=np.int32)
    winner = np.full(1, -1, dtype=np.int32)
    seen = np.full(programs, -1, dtype=np.int32)
    claim_kernel[(programs,)](flag, winner, seen, num_threads=num_threads)
    assert np.count_nonzero(seen == 0) == 1
    assert flag[0] == winner[0] + 1
    assert np.all(seen[seen != 0] == flag[0])
    if num_threads == 1:
        assert winner[0] == 0


@nereid.jit
def cas_increment_kernel(counter_ptr, tries_ptr, ROUNDS: tl.constexpr):
    # A lock-free increment: read, then CAS the incremented value until nobody interfered.
    for _ in range(ROUNDS):
        done = 0
        while done == 0:
            current = tl.atomic_add(counter_ptr, 0)
            seen = tl.atomic_cas(counter_ptr, current, current + 1)
            done = (seen == current).to(tl.int32)
            tl.atomic_add(tries_ptr, 1)


@pytest.mark.parametrize("num_threads", THREADS)
def test_cas_loop_counts_exactly(num_threads):
    programs, rounds = 300, 3
    counter = np.zeros(1, dtype=np.int32)
    tries = np.zeros(1, dtype=np.int32)
    cas_increment_kernel[(programs,)](counter, tries, ROUNDS=rounds, num_threads=num_threads)
    assert counter[0] == programs * rounds
    assert tries[0] >= programs * rounds
    if num_threads == 1:
        assert tries[0] == programs * rounds  # nobody interferes
