"""Transposes of large tiles on the CPU: they go through stack buffers, copied by loops over
register blocks (cpu-transpose-tiles-in-memory, BlockTranspose.cpp), instead of being
unrolled element by element, which took 23 s to compile at 128 x 128 and more than 150 s at
256 x 256. Each result is checked against numpy's `.T` on random inputs, and the compile time
of a 256 x 256 transpose against a generous bound that the unrolled code missed by far."""

import time

import numpy as np
import pytest

import nereid
import nereid.language as tl


@nereid.jit
def transpose_kernel(x_ptr, y_ptr, M: tl.constexpr, N: tl.constexpr):
    rows = tl.arange(0, M)
    columns = tl.arange(0, N)
    x = tl.load(x_ptr + rows[:, None] * N + columns[None, :])
    tl.store(y_ptr + columns[:, None] * M + rows[None, :], tl.trans(x))


@nereid.jit
def transpose_scaled_kernel(x_ptr, y_ptr, M: tl.constexpr, N: tl.constexpr):
    """A transpose whose source and result are not a load and a store: the whole tiles go
    through the buffers."""
    rows = tl.arange(0, M)
    columns = tl.arange(0, N)
    x = tl.load(x_ptr + rows[:, None] * N + columns[None, :]) * 2
    y = tl.trans(x) + tl.arange(0, M)[None, :]
    tl.store(y_ptr + columns[:, None] * M + rows[None, :], y)


@nereid.jit
def batched_transpose_kernel(x_ptr, y_ptr, B: tl.constexpr, M: tl.constexpr,
                             N: tl.constexpr):
    b = tl.arange(0, B)[:, None, None]
    x = tl.load(x_ptr + b * M * N + tl.arange(0, M)[None, :, None] * N
                + tl.arange(0, N)[None, None, :])
    y = tl.permute(x, (0, 2, 1))
    tl.store(y_ptr + b * M * N + tl.arange(0, N)[None, :, None] * M
             + tl.arange(0, M)[None, None, :], y)


@nereid.jit
def transpose_mask_and_pointers_kernel(x_ptr, mask_ptr, y_ptr, N: tl.constexpr):
    """Masks (i1) and pointers go through buffers of bytes and of addresses."""
    r = tl.arange(0, N)
    offsets = r[:, None] * N + r[None, :]
    pointers = tl.trans(x_ptr + offsets)
    positive = tl.trans(tl.load(x_ptr + offsets) > 0)
    tl.store(mask_ptr + offsets, tl.where(positive, 1, 0))
    tl.store(y_ptr + offsets, pointers.to(tl.int64))


@nereid.jit
def rotate_kernel(x_ptr, y_ptr, B: tl.constexpr, M: tl.constexpr, N: tl.constexpr):
    b = tl.arange(0, B)[:, None, None]
    x = tl.load(x_ptr + b * M * N + tl.arange(0, M)[None, :, None] * N
                + tl.arange(0, N)[None, None, :])
    y = tl.permute(x, (2, 0, 1))
    tl.store(y_ptr + tl.arange(0, N)[:, None, None] * B * M + b.reshape(1, B, 1) * M
             + tl.arange(0, M)[None, None, :], y)


@nereid.jit
def dot_transposed_kernel(a_ptr, b_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr,
                          K: tl.constexpr):
    """`a @ b.T` of a b (N x K) loaded whole: the dot copies b's buffer transposed in register
    blocks."""
    m, n, k = tl.arange(0, M), tl.arange(0, N), tl.arange(0, K)
    a = tl.load(a_ptr + m[:, None] * K + k[None, :])
    b = tl.load(b_ptr + n[:, None] * K + k[None, :]) * 2
    tl.store(c_ptr + m[:, None] * N + n[None, :], tl.dot(a, tl.trans(b), input_precision="ieee"))


@nereid.jit
def timed_transpose_kernel(x_ptr, y_ptr, N: tl.constexpr):
    """transpose_kernel's twin, so that its compilation is not cached by the tests above."""
    r = tl.arange(0, N)
    x = tl.load(x_ptr + r[:, None] * N + r[None, :])
    tl.store(y_ptr + r[:, None] * N + r[None, :], tl.trans(x))


def random_array(shape, dtype, rng):
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        return rng.integers(info.min, info.max, size=shape, dtype=dtype, endpoint=True)
    return rng.standard_normal(shape).astype(dtype)


@pytest.mark.parametrize("dtype", [np.float32, np.float16, np.int8, np.int64])
@pytest.mark.parametrize("shape", [(16, 16), (32, 32), (64, 64), (128, 128), (256, 256),
                                   (64, 256)])
def test_transpose_matches_numpy(shape, dtype):
    rng = np.random.default_rng(sum(shape))
    x = random_array(shape, dtype, rng)
    y = np.zeros(shape[::-1], dtype)
    transpose_kernel[(1,)](x, y, M=shape[0], N=shape[1])
    np.testing.assert_array_equal(y, x.T)


@pytest.mark.parametrize("shape", [(64, 128), (128, 64)])
def test_transpose_of_computed_tiles_matches_numpy(shape):
    rng = np.random.default_rng(3)
    x = rng.standard_normal(shape).astype(np.float32)
    y = np.zeros(shape[::-1], np.float32)
    transpose_scaled_kernel[(1,)](x, y, M=shape[0], N=shape[1])
    np.testing.assert_array_equal(y, x.T * 2 + np.arange(shape[0], dtype=np.float32))


def test_batched_transpose_matches_numpy():
    rng = np.random.default_rng(4)
    x = rng.standard_normal((4, 64, 32)).astype(np.float32)
    y = np.zeros((4, 32, 64), np.float32)
    batched_transpose_kernel[(1,)](x, y, B=4, M=64, N=32)
    np.testing.assert_array_equal(y, x.transpose(0, 2, 1))


def test_transposes_of_masks_and_pointers_match_numpy():
    rng = np.random.default_rng(5)
    x = rng.standard_normal((64, 64)).astype(np.float32)
    mask = np.full((64, 64), -1, np.int32)
    addresses = np.zeros((64, 64), np.int64)
    transpose_mask_and_pointers_kernel[(1,)](x, mask, addresses, N=64)
    np.testing.assert_array_equal(mask, (x.T > 0).astype(np.int32))
    expected = x.ctypes.data + 4 * np.arange(64 * 64, dtype=np.int64).reshape(64, 64).T
    np.testing.assert_array_equal(addresses, expected)


# 128 x 64 and 256 x 64: more elements than a transpose in registers may have, which was refused
# although only the dot, which transposes in memory itself, read the transposed tile.
@pytest.mark.parametrize("M, N, K", [(64, 64, 64), (16, 128, 64), (32, 256, 64)])
def test_a_dot_of_a_transposed_tile_matches_numpy(M, N, K):
    rng = np.random.default_rng(7)
    a = rng.integers(-8, 8, (M, K)).astype(np.float32)
    b = rng.integers(-8, 8, (N, K)).astype(np.float32)
    c = np.full((M, N), np.nan, np.float32)
    dot_transposed_kernel[(1,)](a, b, c, M=M, N=N, K=K)
    np.testing.assert_array_equal(c, a @ (b * 2).T)  # small integers: exact in f32


def test_a_small_rotation_matches_numpy():
    rng = np.random.default_rng(6)
    x = rng.standard_normal((4, 16, 16)).astype(np.float32)
    y = np.zeros((16, 4, 16), np.float32)
    rotate_kernel[(1,)](x, y, B=4, M=16, N=16)
    np.testing.assert_array_equal(y, x.transpose(2, 0, 1))


def test_a_large_rotation_is_refused_with_its_shape():
    x = np.zeros((8, 32, 32), np.float32)
    y = np.zeros((32, 8, 32), np.float32)
    with pytest.raises(nereid.CompilationError, match=r"8x32x32 tile by order \[2, 0, 1\]"):
        rotate_kernel[(1,)](x, y, B=8, M=32, N=32)


def test_a_256_by_256_transpose_compiles_in_seconds():
    x = np.arange(256 * 256, dtype=np.float32).reshape(256, 256)
    y = np.zeros_like(x)
    start = time.perf_counter()
    # The cache on disk is private to the test (conftest.py): this call compiles.
    timed_transpose_kernel[(1,)](x, y, N=256)
    elapsed = time.perf_counter() - start
    np.testing.assert_array_equal(y, x.T)
    assert elapsed < 20, f"a 256 x 256 transpose took {elapsed:.1f} s to compile and run"
