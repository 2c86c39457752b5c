"""Splats of runtime scalars reach every kind of consumer: the interpreter keeps a tt.splat as
one element and writes it out only for the ops that read elements by index (a store, a
reduction, a loop-carried value, a reshape), while pointer arithmetic, integer and float
binary ops and comparisons read it in place, on either side. Each result is checked against
numpy; on the CPU backend the interpreter also shadows every launch."""

import numpy as np
import pytest

import nereid
import nereid.language as tl

BLOCK = 256


@nereid.jit
def splat_consumers_kernel(x_ptr, out_ptr, f16_ptr, s, t, h, n, steps, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    ones = tl.full((BLOCK,), 1, tl.int32)
    s_tile = tl.full((BLOCK,), s, tl.float32)  # a splat of a runtime scalar
    # Stored as it is: written out by the store.
    tl.store(out_ptr + 0 * BLOCK + offs, s_tile)
    # Float ops with the splat on either side, and a comparison.
    tl.store(out_ptr + 1 * BLOCK + offs, x - s_tile, mask=mask)
    tl.store(out_ptr + 2 * BLOCK + offs, s_tile / (x + 3.0), mask=mask)
    tl.store(out_ptr + 3 * BLOCK + offs, tl.where(s_tile < x, 1.0, 0.0), mask=mask)
    # Two splats: both operands uniform.
    tl.store(out_ptr + 4 * BLOCK + offs, s_tile * tl.full((BLOCK,), t, tl.float32))
    # Reduced: written out by the reduction.
    tl.store(out_ptr + 5 * BLOCK, tl.sum(s_tile, axis=0))
    # Carried around a loop and used after it.
    acc = s_tile
    for _ in range(steps):
        acc = acc + x
    tl.store(out_ptr + 6 * BLOCK + offs, acc, mask=mask)
    # Reshaped and broadcast.
    grid2 = tl.reshape(s_tile, (16, BLOCK // 16)) + tl.reshape(x, (16, BLOCK // 16))
    tl.store(out_ptr + 7 * BLOCK + tl.reshape(offs, (16, BLOCK // 16)), grid2)
    # Integer splats: offsets that are a splat added to a range, on either side of a pointer.
    step = tl.full((BLOCK,), n, tl.int32) * ones  # a splat times a tensor
    shifted = tl.load(x_ptr + (offs * 0 + n - 1 - offs), mask=mask)  # splat + range offsets
    tl.store(out_ptr + 8 * BLOCK + offs, shifted + (step - n).to(tl.float32), mask=mask)
    # Integer comparisons with the splat on the left, signed and unsigned.
    tl.store(out_ptr + 9 * BLOCK + offs, tl.where(tl.full((BLOCK,), n, tl.int32) > offs, 1.0, 0.0))
    wrapped = (offs - 3).to(tl.uint32)  # 2^32 - 3 .. for the first three
    tl.store(out_ptr + 10 * BLOCK + offs,
             tl.where(tl.full((BLOCK,), n, tl.uint32) >= wrapped, 1.0, 0.0))
    # f16: narrow floats write the splat out before computing.
    y16 = tl.load(f16_ptr + offs, mask=mask, other=0.0)
    tl.store(f16_ptr + BLOCK + offs, y16 * tl.full((BLOCK,), h, tl.float16), mask=mask)


@pytest.mark.conforms(ulps=64, reason="tl.sum of 256 equal floats: the CPU associates the sum "
                     "in its own order (the other outputs are exact, checked against numpy)")
@pytest.mark.parametrize("n", [1, 100, BLOCK])
def test_splats_reach_every_consumer(rng, n):
    x = rng.standard_normal(BLOCK).astype(np.float32)
    f16 = np.zeros(2 * BLOCK, np.float16)
    f16[:BLOCK] = rng.standard_normal(BLOCK).astype(np.float16)
    s, t = np.float32(rng.standard_normal()), np.float32(rng.standard_normal())
    h = float(np.float16(rng.standard_normal()))
    steps = int(rng.integers(0, 4))
    out = np.full(11 * BLOCK, np.nan, np.float32)
    splat_consumers_kernel[(1,)](x, out, f16, float(s), float(t), h, n, steps, BLOCK=BLOCK)

    live = np.arange(BLOCK) < n
    xs = np.where(live, x, 0).astype(np.float32)
    np.testing.assert_array_equal(out[:BLOCK], np.full(BLOCK, s))
    np.testing.assert_array_equal(out[BLOCK:2 * BLOCK][live], (x - s)[live])
    np.testing.assert_array_equal(out[2 * BLOCK:3 * BLOCK][live],
                                  (s / (x + np.float32(3.0)))[live])
    np.testing.assert_array_equal(out[3 * BLOCK:4 * BLOCK][live],
                                  np.where(s < x, 1.0, 0.0)[live])
    np.testing.assert_array_equal(out[4 * BLOCK:5 * BLOCK], np.full(BLOCK, s * t))
    np.testing.assert_allclose(out[5 * BLOCK], np.float32(s) * BLOCK, rtol=1e-5)
    acc = np.full(BLOCK, s, np.float32)
    for _ in range(steps):
        acc = acc + xs
    np.testing.assert_array_equal(out[6 * BLOCK:7 * BLOCK][live], acc[live])
    np.testing.assert_array_equal(out[7 * BLOCK:8 * BLOCK], s + xs)
    reversed_x = x[n - 1 - np.arange(BLOCK)[live]]
    np.testing.assert_array_equal(out[8 * BLOCK:9 * BLOCK][live], reversed_x)
    positions = np.arange(BLOCK)
    np.testing.assert_array_equal(out[9 * BLOCK:10 * BLOCK], np.where(n > positions, 1.0, 0.0))
    wrapped = (positions - 3).astype(np.int64) % 2**32
    np.testing.assert_array_equal(out[10 * BLOCK:11 * BLOCK], np.where(n >= wrapped, 1.0, 0.0))
    np.testing.assert_array_equal(f16[BLOCK:][live], (f16[:BLOCK] * np.float16(h))[live])
