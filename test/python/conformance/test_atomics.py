"""Atomics with contention, and their return values (docs/semantics.md, Atomics).

With one thread the programs run one after another, so what each program's atomic returns is
determined, and must match the interpreter exactly (integers; float max, min and exchange,
which do not round; a float add in program order rounds the same way each step). With several
threads only the final memory is determined, and only for commutative updates: integer add,
max, min, and, or, xor must match exactly; a float add within the rounding of a reordered sum.
A GPU backend runs its programs at once whatever `num_threads` says, as with several threads."""

import numpy as np
import pytest

import nereid
import nereid.language as tl

from kernels.conformance import Tolerance


@nereid.jit
def rmw_kernel(values_ptr, target_ptr, old_ptr, BLOCK: tl.constexpr, OP: tl.constexpr):
    pid = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    # Two programs in three share a counter: contention between programs and between lanes
    # of one tensor (lane i and lane i + BLOCK / 2 update the same address).
    counters = target_ptr + (offs % (BLOCK // 2))
    values = tl.load(values_ptr + pid * BLOCK + offs)
    mask = (pid % 3 != 2) | (offs % 2 == 0)
    if OP == "add":
        old = tl.atomic_add(counters, values, mask=mask)
    elif OP == "max":
        old = tl.atomic_max(counters, values, mask=mask)
    elif OP == "min":
        old = tl.atomic_min(counters, values, mask=mask)
    elif OP == "xchg":
        old = tl.atomic_xchg(counters, values, mask=mask)
    elif OP == "and":
        old = tl.atomic_and(counters, values, mask=mask)
    elif OP == "or":
        old = tl.atomic_or(counters, values, mask=mask)
    else:
        old = tl.atomic_xor(counters, values, mask=mask)
    tl.store(old_ptr + pid * BLOCK + offs, old, mask=mask)


CASES = [("add", "int32"), ("add", "uint64"), ("add", "float32"), ("max", "int32"),
         ("max", "uint32"), ("max", "float32"), ("min", "int64"), ("min", "float32"),
         ("xchg", "int32"), ("xchg", "float32"), ("and", "int32"), ("or", "int64"),
         ("xor", "uint32")]


def values_of(rng, shape, dtype):
    if dtype == "float32":
        values = (rng.standard_normal(shape) * 100).astype(np.float32)
        values.flat[::37] = -0.0
        return values
    info = np.iinfo(dtype)
    return rng.integers(info.min, info.max, shape, dtype=dtype, endpoint=True)


@pytest.mark.parametrize("op,dtype", CASES)
@pytest.mark.parametrize("num_threads", [1, 2])
def test_rmw_with_contention(conform, rng, op, dtype, num_threads):
    programs, block = 60, 32
    values = values_of(rng, (programs, block), dtype)
    target = values_of(rng, block // 2, dtype)
    old = np.zeros_like(values)
    ordered = num_threads == 1 and conform.in_order
    tolerances = {}
    if not ordered:
        tolerances[2] = None  # who saw what depends on the order of programs
        if op == "xchg":
            tolerances[1] = None  # the last writer wins
        elif op == "add" and dtype == "float32":
            # A float32 sum of the contributions to each counter, in some order.
            contributions = np.abs(values.astype(np.float64)).sum() + np.abs(target).max()
            tolerances[1] = Tolerance(atol=(programs * 2 + 1) * 2.0**-24 * contributions)
    conform(rmw_kernel, (programs,), values, target, old, BLOCK=block, OP=op,
            num_threads=num_threads, tolerances=tolerances)


@nereid.jit
def cas_kernel(target_ptr, expected_ptr, new_ptr, old_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    old = tl.atomic_cas(target_ptr + offs, tl.load(expected_ptr + offs), tl.load(new_ptr + offs))
    tl.store(old_ptr + offs, old)


@pytest.mark.parametrize("dtype", ["int32", "int64", "float32"])
def test_cas_returns_the_old_value(conform, rng, dtype):
    block = 128
    initial = values_of(rng, block, dtype)
    expected = np.where(rng.integers(0, 2, block) == 1, initial, values_of(rng, block, dtype))
    if dtype == "float32":
        # Bits compare: the same NaN is equal, -0 is not +0.
        initial[:4] = [np.nan, -0.0, 0.0, 1.0]
        expected[:4] = [np.nan, 0.0, 0.0, 1.0]
    new = values_of(rng, block, dtype)
    old = np.zeros_like(initial)
    conform(cas_kernel, (1,), initial, expected, new, old, BLOCK=block)


@nereid.jit
def cas_counter_kernel(counter_ptr, tickets_ptr, ROUNDS: tl.constexpr):
    # A lock-free increment with compare-and-swap; each program records the values it won.
    pid = tl.program_id(0)
    for r in range(ROUNDS):
        done = 0
        current = tl.atomic_add(counter_ptr, 0)
        while done == 0:
            current = tl.atomic_add(counter_ptr, 0)
            seen = tl.atomic_cas(counter_ptr, current, current + 1)
            done = (seen == current).to(tl.int32)
        tl.store(tickets_ptr + pid * ROUNDS + r, current)


@pytest.mark.parametrize("num_threads", [1, 2])
def test_cas_loop_with_contention(conform, num_threads):
    programs, rounds = 50, 4
    counter = np.zeros(1, dtype=np.int32)
    tickets = np.full(programs * rounds, -1, dtype=np.int32)
    backend_args, _ = conform(cas_counter_kernel, (programs,), counter, tickets, ROUNDS=rounds,
                              num_threads=num_threads,
                              tolerances={} if num_threads == 1 and conform.in_order
                              else {1: None})
    # Every ticket handed out exactly once, whatever the order.
    np.testing.assert_array_equal(np.sort(backend_args[1]), np.arange(programs * rounds))
