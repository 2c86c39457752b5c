"""Scans and reductions with user combine functions on 2-D tiles, along both axes, the cases
that bench/sweep_scan_reduce.py found failing on the CPU backend (issue 29).

A combine function's constants (the 0 and 1 of upstream's 'roll') are hoisted out of its
region by canonicalize; cpu-convert-to-vector looked them up among the combiner's own
values, found nothing and crashed with SIGSEGV for every tile whose scan axis was longer than
one element. Integers, and floats whose sums of small integers are exact, must match the
interpreter exactly.

The combiners are associative on these inputs, so that a backend that combines in a tree (the
GPUs) must match the interpreter's in-order result exactly too: 'roll' is, where every first
operand is 1, which is how upstream uses it (test_non_associative_combiner_in_order in
test_reductions.py checks the order itself)."""

import ml_dtypes
import numpy as np
import pytest

import nereid
import nereid.language as tl

DTYPES = {"int32": np.int32, "float32": np.float32, "bfloat16": ml_dtypes.bfloat16}


@nereid.jit
def _roll(a1, b1_last, b1_cur, a2, b2_last, b2_cur):
    # Upstream's test_scan2d combine: returns one operand of each pair, with constants.
    return a1 + a2, tl.where(a2 == 1, b1_cur, 0) + b2_last, b2_cur


@nereid.jit
def _pick_right(a, b):
    return b


@nereid.jit
def _clamp_pair(a1, b1, a2, b2):
    # Two operands, constants in both results: the last first operand where it is positive,
    # else -1; the first second operand above 3, else the last one clamped below at -2.
    return tl.where(a2 > 0, a2, -1), tl.where(b1 > 3, b1, tl.maximum(b2, -2))


@nereid.jit
def combine_kernel(x_ptr, y_ptr, z_ptr, o0_ptr, o1_ptr, o2_ptr, AXIS: tl.constexpr,
                   OP: tl.constexpr, REVERSE: tl.constexpr, BM: tl.constexpr,
                   BN: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    offsets = rm[:, None] * BN + rn[None, :]
    x = tl.load(x_ptr + offsets)
    y = tl.load(y_ptr + offsets)
    z = tl.load(z_ptr + offsets)
    if OP == "roll":
        a, b, c = tl.associative_scan((x, y, z), AXIS, _roll, reverse=REVERSE)
        tl.store(o0_ptr + offsets, a)
        tl.store(o1_ptr + offsets, b)
        tl.store(o2_ptr + offsets, c)
    elif OP == "pick_right":
        tl.store(o0_ptr + offsets, tl.associative_scan(x, AXIS, _pick_right, reverse=REVERSE))
    elif OP == "clamp_pair":
        a, b = tl.associative_scan((x, y), AXIS, _clamp_pair, reverse=REVERSE)
        tl.store(o0_ptr + offsets, a)
        tl.store(o1_ptr + offsets, b)
    else:  # reduce_clamp_pair
        out = tl.arange(0, BN if AXIS == 0 else BM)
        a, b = tl.reduce((x, y), AXIS, _clamp_pair)
        tl.store(o0_ptr + out, a)
        tl.store(o1_ptr + out, b)


@pytest.mark.parametrize("dtype", list(DTYPES))
@pytest.mark.parametrize("axis", [0, 1])
@pytest.mark.parametrize("shape", [(1, 16), (16, 1), (2, 2), (8, 32)])
@pytest.mark.parametrize("reverse", [False, True])
def test_roll_scan(conform, rng, dtype, axis, shape, reverse):
    m, n = shape
    x = np.ones(shape, DTYPES[dtype])
    y = rng.integers(-100, 100, shape).astype(DTYPES[dtype])
    z = rng.integers(-100, 100, shape).astype(DTYPES[dtype])
    outs = [np.zeros(shape, DTYPES[dtype]) for _ in range(3)]
    conform(combine_kernel, (1,), x, y, z, *outs, AXIS=axis, OP="roll", REVERSE=reverse,
            BM=m, BN=n)


@pytest.mark.parametrize("op", ["pick_right", "clamp_pair", "reduce_clamp_pair"])
@pytest.mark.parametrize("dtype", list(DTYPES))
@pytest.mark.parametrize("axis", [0, 1])
def test_user_combines(conform, rng, op, dtype, axis):
    m, n = 4, 32
    x = rng.integers(-8, 8, (m, n)).astype(DTYPES[dtype])
    y = rng.integers(-8, 8, (m, n)).astype(DTYPES[dtype])
    z = np.zeros((m, n), DTYPES[dtype])
    shape = (m, n) if op != "reduce_clamp_pair" else (n if axis == 0 else m,)
    outs = [np.zeros(shape, DTYPES[dtype]) for _ in range(3)]
    conform(combine_kernel, (1,), x, y, z, *outs, AXIS=axis, OP=op, REVERSE=False, BM=m, BN=n)
