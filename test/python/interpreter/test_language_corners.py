"""Corners of the language that upstream Triton's kernels and tests use (issue 29, item 9),
each checked against numpy in the interpreter and on the CPU backend."""

import numpy as np
import pytest

import nereid.triton as triton
import nereid.triton.language as tl


@triton.jit
def if_one_element(c_ptr, out_ptr, WHILE: tl.constexpr):
    c = tl.load(c_ptr + tl.arange(0, 1))
    if WHILE:
        n = tl.zeros((1,), tl.int32)
        while n < c:
            n += 1
        tl.store(out_ptr, tl.sum(n).to(tl.float32))
    else:
        if c:
            tl.store(out_ptr, 1.0)
        else:
            tl.store(out_ptr, 2.0)


@pytest.mark.parametrize("condition", [3, 0, -1])
def test_if_on_a_tensor_of_one_element(condition):
    out = np.zeros(1, np.float32)
    if_one_element[(1,)](np.array([condition], np.int32), out, False)
    assert out[0] == (1.0 if condition else 2.0)


@pytest.mark.parametrize("count", [0, 5])
def test_while_on_a_tensor_of_one_element(count):
    out = np.full(1, -1, np.float32)
    if_one_element[(1,)](np.array([count], np.int32), out, True)
    assert out[0] == count


@triton.jit
def void_ternary(c_ptr, x_ptr, y_ptr, out_ptr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    c = tl.load(c_ptr + pid)
    tl.store(out_ptr + offs, tl.load(x_ptr + offs)) if c > 0 else \
        tl.store(out_ptr + offs, tl.load(y_ptr + offs))


def test_conditional_expression_whose_branches_yield_nothing(rng):
    """Triton's test_if "if_exp_dynamic_void": `a() if c else b()` for their effects."""
    programs, block = 8, 32
    c = rng.integers(-2, 3, programs).astype(np.int32)
    x, y = (rng.standard_normal(programs * block).astype(np.float32) for _ in range(2))
    out = np.zeros_like(x)
    void_ternary[(programs,)](c, x, y, out, BLOCK=block)
    expected = np.where(np.repeat(c > 0, block), x, y)
    np.testing.assert_array_equal(out, expected)


@triton.jit
def full_static_and_dynamic(out_ptr, value, DTYPE: tl.constexpr, SHAPE: tl.constexpr):
    a = tl.full(SHAPE, 3, DTYPE)
    b = tl.full(SHAPE, value, DTYPE)
    tl.static_assert(a.shape == SHAPE)
    tl.store(out_ptr + tl.arange(0, 128), a + b)


INTEGERS = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]


@pytest.mark.parametrize("dtype", INTEGERS)
@pytest.mark.parametrize("shape", [[], [1], [128]])
def test_full_of_every_integer_dtype(rng, dtype, shape):
    info = np.iinfo(dtype)
    value = int(rng.integers(max(info.min, -100), min(info.max - 3, 100)))
    out = np.zeros(128, dtype)
    full_static_and_dynamic[(1,)](out, value, getattr(tl, dtype), shape)
    np.testing.assert_array_equal(out, np.full(128, value + 3, dtype))


@triton.jit
def join_scalars(x_ptr, y_ptr, z_ptr, w_ptr, a, b):
    z = tl.join(tl.load(x_ptr), tl.load(y_ptr))
    tl.static_assert(z.shape == [2])
    tl.store(z_ptr + tl.arange(0, 2), z)
    w = tl.interleave(a, b)
    tl.static_assert(w.shape == [tl.constexpr(2)])
    tl.store(w_ptr + tl.arange(0, 2), w)


def test_join_and_interleave_of_scalars(rng):
    x, y = rng.integers(-1000, 1000, 2).astype(np.int32)
    a, b = (int(v) for v in rng.integers(-1000, 1000, 2))
    z, w = np.zeros(2, np.float32), np.zeros(2, np.int32)
    join_scalars[(1,)](np.array([x]), np.array([y]), z, w, a, b)
    np.testing.assert_array_equal(z, [x, y])
    np.testing.assert_array_equal(w, [a, b])


@triton.jit
def arg_extremes(x_ptr, out_ptr, values_ptr, N: tl.constexpr, TIE_LEFT: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, N))
    tl.store(out_ptr, tl.argmax(x, 0, tie_break_left=TIE_LEFT))
    tl.store(out_ptr + 1, tl.argmin(x, 0, tie_break_left=TIE_LEFT))
    maximum, at_max = tl.max(x, 0, return_indices=True,
                             return_indices_tie_break_left=TIE_LEFT)
    minimum, at_min = tl.min(x, 0, return_indices=True,
                             return_indices_tie_break_left=TIE_LEFT)
    tl.store(out_ptr + 2, at_max)
    tl.store(out_ptr + 3, at_min)
    tl.store(values_ptr, maximum)
    tl.store(values_ptr + 1, minimum)


@pytest.mark.parametrize("n", [2, 64, 1024])
@pytest.mark.parametrize("nan_fraction", [0.0, 0.05, 0.5, 1.0])
@pytest.mark.parametrize("dtype", ["float32", "float16"])
def test_argmin_argmax_with_nan(rng, n, nan_fraction, dtype):
    """A NaN orders before every number, as numpy's and torch's argmax and argmin (and
    upstream's interpreter, which calls numpy) have it: the index of the first NaN."""
    x = rng.standard_normal(n).astype(dtype)
    x[rng.random(n) < nan_fraction] = np.nan
    x[rng.integers(0, n, n // 8)] = x[0]  # ties
    out, values = np.zeros(4, np.int32), np.zeros(2, np.float32)
    arg_extremes[(1,)](x, out, values, n, True)
    np.testing.assert_array_equal(out, [np.argmax(x), np.argmin(x), np.argmax(x), np.argmin(x)])
    np.testing.assert_array_equal(values, [x[np.argmax(x)], x[np.argmin(x)]])


@triton.jit
def arg_extremes_2d(x_ptr, rows_ptr, columns_ptr, all_ptr, value_ptr, M: tl.constexpr,
                    N: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :])
    tl.store(rows_ptr + tl.arange(0, M), tl.argmax(x, 1))
    at_min = tl.argmin(x, 0, keep_dims=True)
    tl.store(columns_ptr + tl.arange(0, N)[None, :], at_min)
    value, at = tl.max(x, None, return_indices=True)
    tl.store(all_ptr, at)
    tl.store(value_ptr, value)


@pytest.mark.parametrize("nan_fraction", [0.0, 0.02, 0.3])
def test_argmin_argmax_with_nan_along_each_axis(rng, nan_fraction):
    m, n = 8, 64
    x = rng.standard_normal((m, n)).astype(np.float32)
    x[rng.random((m, n)) < nan_fraction] = np.nan
    rows, columns = np.zeros(m, np.int32), np.zeros(n, np.int32)
    flat, value = np.zeros(1, np.int32), np.zeros(1, np.float32)
    arg_extremes_2d[(1,)](x, rows, columns, flat, value, m, n)
    np.testing.assert_array_equal(rows, np.argmax(x, 1))
    np.testing.assert_array_equal(columns, np.argmin(x, 0))
    assert flat[0] == np.argmax(x)
    np.testing.assert_array_equal(value, x.ravel()[np.argmax(x)])


def test_argmax_with_nan_without_tie_breaking(rng):
    x = rng.standard_normal(256).astype(np.float32)
    x[rng.random(256) < 0.1] = np.nan
    out, values = np.zeros(4, np.int32), np.zeros(2, np.float32)
    arg_extremes[(1,)](x, out, values, 256, False)
    assert np.isnan(x[out]).all() and np.isnan(values).all()


@triton.jit
def batched_dot(q_ptr, k_ptr, o_ptr, B: tl.constexpr, M: tl.constexpr, N: tl.constexpr,
                K: tl.constexpr, TRANSPOSE_K: tl.constexpr):
    b = tl.arange(0, B)
    m = tl.arange(0, M)
    n = tl.arange(0, N)
    kk = tl.arange(0, K)
    q = tl.load(q_ptr + b[:, None, None] * M * K + m[None, :, None] * K + kk[None, None, :])
    if TRANSPOSE_K:  # k is stored as [B, N, K]
        k = tl.load(k_ptr + b[:, None, None] * N * K + n[None, :, None] * K + kk[None, None, :])
        k = tl.trans(k, (0, 2, 1))
    else:
        k = tl.load(k_ptr + b[:, None, None] * K * N + kk[None, :, None] * N + n[None, None, :])
    o = tl.dot(q, k, input_precision="ieee")
    tl.store(o_ptr + b[:, None, None] * M * N + m[None, :, None] * N + n[None, None, :], o)


@pytest.mark.conforms(rtol=1e-5, atol=1e-5, reason="dot sums in a different order")
@pytest.mark.parametrize("b, m, n, k", [(1, 16, 16, 16), (2, 32, 32, 32), (4, 16, 32, 64),
                                        (8, 32, 16, 16)])
@pytest.mark.parametrize("transpose_k", [False, True])
def test_batched_dot(rng, b, m, n, k, transpose_k):
    q = rng.standard_normal((b, m, k)).astype(np.float32)
    kt = rng.standard_normal((b, k, n)).astype(np.float32)
    stored = np.ascontiguousarray(kt.transpose(0, 2, 1)) if transpose_k else kt
    o = np.zeros((b, m, n), np.float32)
    batched_dot[(1,)](q, stored, o, b, m, n, k, transpose_k)
    np.testing.assert_allclose(o, q @ kt, rtol=1e-4, atol=1e-4)


@triton.jit
def permute_3d(x_ptr, out_ptr, A: tl.constexpr, B: tl.constexpr, C: tl.constexpr,
               P0: tl.constexpr, P1: tl.constexpr, P2: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, A * B * C)).reshape(A, B, C)
    y = tl.trans(x, P0, P1, P2)
    tl.store(out_ptr + tl.arange(0, A * B * C), y.reshape(A * B * C))
    z = x.permute((P0, P1, P2))
    tl.store(out_ptr + A * B * C + tl.arange(0, A * B * C), tl.ravel(z))


@pytest.mark.parametrize("perm", [(0, 2, 1), (2, 1, 0), (1, 0, 2), (1, 2, 0), (2, 0, 1)])
def test_transposes_of_rank_3(rng, perm):
    shape = (2, 4, 8)
    x = rng.integers(-1000, 1000, 64).astype(np.int32)
    out = np.zeros(128, np.int32)
    permute_3d[(1,)](x, out, *shape, *perm)
    expected = x.reshape(shape).transpose(perm).ravel()
    np.testing.assert_array_equal(out[:64], expected)
    np.testing.assert_array_equal(out[64:], expected)


@triton.jit
def split_to_scalars(x_ptr, z1_ptr, z2_ptr):
    z1, z2 = tl.split(tl.load(x_ptr + tl.arange(0, 2)))
    tl.static_assert(z1.shape == [])
    tl.store(z1_ptr, z1)
    tl.store(z2_ptr, z2)


@pytest.mark.parametrize("dtype", ["int64", "float32", "float16"])
def test_split_into_scalars(rng, dtype):
    """Triton's test_split_to_scalar: the halves of a tensor of shape [2] are scalars."""
    x = rng.standard_normal(2).astype(dtype) * 100
    z1, z2 = np.zeros(1, dtype), np.zeros(1, dtype)
    split_to_scalars[(1,)](x, z1, z2)
    np.testing.assert_array_equal(np.concatenate([z1, z2]), x)


@triton.jit
def shapes_compare_to_lists(out_ptr, N: tl.constexpr):
    """Triton's test_expand_dims, test_slice and test_shapes_as_params, compile-time checks
    of shapes against lists."""
    offsets = tl.arange(0, N)
    tl.static_assert(tl.expand_dims(offsets, (0, 1, 3)).shape == [1, 1, N, 1])
    tl.static_assert(tl.expand_dims(offsets, (-4, 2, -1)).shape == [1, N, 1, 1])
    tl.static_assert(tl.expand_dims(offsets, (3, 1, 2)).shape == [N, 1, 1, 1])
    tl.static_assert(tl.expand_dims(N, -1).shape == [1])
    tl.static_assert(tl.sum(offsets).shape == [])
    tl.static_assert(offsets[None, :, None].shape == [1, N, 1])
    tl.static_assert(tl.full([], 1, tl.int32)[None, None].shape == [1, 1])
    a = tl.arange(0, 64).reshape(2, 4, 8).trans(2, 1, 0)
    tl.static_assert(a.shape == [tl.constexpr(8), tl.constexpr(4), tl.constexpr(2)])
    tl.static_assert(a.shape != [8, 2, 4])
    tl.store(out_ptr + offsets, offsets)


def test_shapes_compare_equal_to_lists():
    out = np.zeros(32, np.int32)
    shapes_compare_to_lists[(1,)](out, 32)
    np.testing.assert_array_equal(out, np.arange(32))
