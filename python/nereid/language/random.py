"""Counter-based random numbers with Triton's philox stream: the same seed and offsets give the
same numbers as Triton."""

from __future__ import annotations

from .device_function import jit
from . import dtypes, math, ops
from .core import constexpr

N_ROUNDS_DEFAULT = 10  # Random123's default
PHILOX_KEY_A: constexpr = constexpr(0x9E3779B9)
PHILOX_KEY_B: constexpr = constexpr(0xBB67AE85)
PHILOX_ROUND_A: constexpr = constexpr(0xD2511F53)
PHILOX_ROUND_B: constexpr = constexpr(0xCD9E8D57)
# Philox4x64's constants, which Triton uses for 64-bit offsets.
PHILOX_KEY_A_64: constexpr = constexpr(0x9E3779B97F4A7C15)
PHILOX_KEY_B_64: constexpr = constexpr(0xBB67AE8584CAA73B)
PHILOX_ROUND_A_64: constexpr = constexpr(0xD2E7470EE14C6C93)
PHILOX_ROUND_B_64: constexpr = constexpr(0xCA5A826395121157)


@jit
def philox_impl(c0, c1, c2, c3, k0, k1, n_rounds: constexpr = N_ROUNDS_DEFAULT):
    """Runs `n_rounds` rounds of Philox4x32 (or 4x64) on counters c0..c3 with key k0, k1."""
    if c0.dtype == dtypes.uint32:
        key_a: constexpr = PHILOX_KEY_A
        key_b: constexpr = PHILOX_KEY_B
        round_a: constexpr = PHILOX_ROUND_A
        round_b: constexpr = PHILOX_ROUND_B
    else:
        ops.static_assert(c0.dtype == dtypes.uint64, "philox_impl needs uint32 or uint64 "
                                                     "counters")
        key_a: constexpr = PHILOX_KEY_A_64
        key_b: constexpr = PHILOX_KEY_B_64
        round_a: constexpr = PHILOX_ROUND_A_64
        round_b: constexpr = PHILOX_ROUND_B_64
    for _ in ops.static_range(n_rounds):
        A = round_a
        B = round_b
        _c0, _c2 = c0, c2
        c0 = ops.umulhi(B, _c2) ^ c1 ^ k0
        c2 = ops.umulhi(A, _c0) ^ c3 ^ k1
        c1 = B * _c2
        c3 = A * _c0
        k0 = k0 + key_a
        k1 = k1 + key_b
    return c0, c1, c2, c3


@jit
def philox(seed, c0, c1, c2, c3, n_rounds: constexpr = N_ROUNDS_DEFAULT):
    """Four blocks of random integers from the Philox generator for the counters `c0..c3` and the
    key `seed`: uint32 for 32-bit counters, uint64 for 64-bit ones.

    :param seed: an integer scalar, the key.
    :param n_rounds: the rounds of Philox to run (10 by default)."""
    seed = ops.to_tensor(seed)
    ops.static_assert(seed.dtype.is_int())
    seed = seed.to(dtypes.uint64)
    c0 = ops.to_tensor(c0)
    c1 = ops.to_tensor(c1)
    c2 = ops.to_tensor(c2)
    c3 = ops.to_tensor(c3)
    if c0.dtype.primitive_bitwidth == 32:
        int_dtype: constexpr = dtypes.uint32
        seed_hi = ((seed >> 32) & 0xffffffff).to(dtypes.uint32)
        seed_lo = (seed & 0xffffffff).to(dtypes.uint32)
    else:
        ops.static_assert(c0.dtype.primitive_bitwidth == 64, "philox needs 32- or 64-bit "
                                                             "offsets")
        int_dtype: constexpr = dtypes.uint64
        seed_hi = ops.full((1, ), 0, dtype=int_dtype)
        seed_lo = seed
    c0 = c0.to(int_dtype, bitcast=True)
    c1 = c1.to(int_dtype, bitcast=True)
    c2 = c2.to(int_dtype, bitcast=True)
    c3 = c3.to(int_dtype, bitcast=True)
    return philox_impl(c0, c1, c2, c3, seed_lo, seed_hi, n_rounds)


@jit
def randint(seed, offset, n_rounds: constexpr = N_ROUNDS_DEFAULT):
    """A block of random uint32 for each offset: the first of the four philox outputs."""
    ret, _, _, _ = randint4x(seed, offset, n_rounds)
    return ret


@jit
def randint4x(seed, offset, n_rounds: constexpr = N_ROUNDS_DEFAULT):
    """Four blocks of random uint32 for each offset."""
    _0 = offset * 0
    return philox(seed, offset, _0, _0, _0, n_rounds)


@jit
def uint_to_uniform_float(x):
    """Numbers uniform in [0, 1) from random integers."""
    if x.dtype == dtypes.uint32 or x.dtype == dtypes.int32:
        x = x.to(dtypes.int32, bitcast=True)
        scale = 4.6566127342e-10
    else:
        ops.static_assert(x.dtype == dtypes.uint64 or x.dtype == dtypes.int64)
        x = x.to(dtypes.int64, bitcast=True)
        scale = 1.0842020432385337e-19
    x = ops.where(x < 0, -x - 1, x)
    return x * scale


@jit
def rand(seed, offset, n_rounds: constexpr = N_ROUNDS_DEFAULT):
    """A block of float32 uniform in [0, 1) for each offset."""
    source = randint(seed, offset, n_rounds)
    return uint_to_uniform_float(source)


@jit
def rand4x(seed, offsets, n_rounds: constexpr = N_ROUNDS_DEFAULT):
    """Four blocks of float32 uniform in [0, 1) for each offset, from one run of Philox."""
    i1, i2, i3, i4 = randint4x(seed, offsets, n_rounds)
    u1 = uint_to_uniform_float(i1)
    u2 = uint_to_uniform_float(i2)
    u3 = uint_to_uniform_float(i3)
    u4 = uint_to_uniform_float(i4)
    return u1, u2, u3, u4


@jit
def pair_uniform_to_normal(u1, u2):
    """Box-Muller: two standard normal numbers from two uniform ones."""
    u1 = ops.maximum(1.0e-7, u1)
    th = 6.283185307179586 * u2
    r = math.sqrt(-2.0 * math.log(u1))
    return r * math.cos(th), r * math.sin(th)


@jit
def randn(seed, offset, n_rounds: constexpr = N_ROUNDS_DEFAULT):
    """A block of standard normal float32 for each offset."""
    i1, i2, _, _ = randint4x(seed, offset, n_rounds)
    u1 = uint_to_uniform_float(i1)
    u2 = uint_to_uniform_float(i2)
    n1, _ = pair_uniform_to_normal(u1, u2)
    return n1


@jit
def randn4x(seed, offset, n_rounds: constexpr = N_ROUNDS_DEFAULT):
    """Four blocks of standard normal float32 for each offset, from one run of Philox."""
    u1, u2, u3, u4 = rand4x(seed, offset, n_rounds)
    n1, n2 = pair_uniform_to_normal(u1, u2)
    n3, n4 = pair_uniform_to_normal(u3, u4)
    return n1, n2, n3, n4
