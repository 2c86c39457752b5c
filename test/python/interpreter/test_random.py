"""Random numbers and low-memory dropout against Triton's philox stream, computed here in numpy.

The numpy philox below is written from Random123's Philox4x32-10 (checked against its published
known-answer vectors) and Triton's conventions (python/triton/language/random.py):
- the key is the 64-bit seed: k0 = its low 32 bits, k1 = its high 32 bits (an int32 seed is
  sign-extended first);
- the counter is (offset, 0, 0, 0), the offset's bits as uint32;
- randint gives the first output word; randint4x all four;
- rand = uint_to_uniform_float(randint): the bits as int32 x, x < 0 -> -x - 1, times
  float32(4.6566127342e-10);
- randn = Box-Muller on the first two words.
"""

import numpy as np
import pytest

import nereid
import nereid.language as tl
from kernels import tutorials

MASK32 = 0xFFFFFFFF
PHILOX_KEY_A = 0x9E3779B9
PHILOX_KEY_B = 0xBB67AE85
PHILOX_ROUND_A = 0xD2511F53  # Random123's PHILOX_M4x32_0
PHILOX_ROUND_B = 0xCD9E8D57  # PHILOX_M4x32_1


def philox4x32(counter, key, rounds=10):
    """Philox4x32 on uint32 arrays: counter = (c0, c1, c2, c3), key = (k0, k1)."""
    c0, c1, c2, c3 = (np.asarray(c, dtype=np.uint64) for c in counter)
    k0, k1 = (np.asarray(k, dtype=np.uint64) for k in key)
    for _ in range(rounds):
        product_a = np.uint64(PHILOX_ROUND_A) * c0  # < 2^64: exact in uint64
        product_b = np.uint64(PHILOX_ROUND_B) * c2
        c0, c1, c2, c3 = ((product_b >> np.uint64(32)) ^ c1 ^ k0,
                          product_b & np.uint64(MASK32),
                          (product_a >> np.uint64(32)) ^ c3 ^ k1,
                          product_a & np.uint64(MASK32))
        k0 = (k0 + np.uint64(PHILOX_KEY_A)) & np.uint64(MASK32)
        k1 = (k1 + np.uint64(PHILOX_KEY_B)) & np.uint64(MASK32)
    return tuple(c.astype(np.uint32) for c in (c0, c1, c2, c3))


# Random123's kat_vectors: counter, key, output.
KNOWN_ANSWERS = [
    ((0, 0, 0, 0), (0, 0), (0x6627E8D5, 0xE169C58D, 0xBC57AC4C, 0x9B00DBD8)),
    ((MASK32,) * 4, (MASK32, MASK32), (0x408F276D, 0x41C83B0E, 0xA20BC7C6, 0x6D5451FD)),
    ((0x243F6A88, 0x85A308D3, 0x13198A2E, 0x03707344), (0xA4093822, 0x299F31D0),
     (0xD16CFE09, 0x94FDCCEB, 0x5001E420, 0x24126EA1)),
]


@pytest.mark.parametrize("counter,key,expected", KNOWN_ANSWERS)
def test_numpy_philox_known_answers(counter, key, expected):
    assert tuple(int(w) for w in philox4x32(counter, key)) == expected


def seed_key(seed: int):
    """Triton's key from a seed argument: an int32 seed is sign-extended to 64 bits."""
    seed &= (1 << 64) - 1
    return np.uint32(seed & MASK32), np.uint32(seed >> 32)


def randint4x_reference(seed: int, offsets: np.ndarray):
    counter = offsets.astype(np.int32).view(np.uint32)
    zero = np.zeros_like(counter)
    return philox4x32((counter, zero, zero, zero), seed_key(seed))


def uint_to_uniform_float_reference(bits: np.ndarray) -> np.ndarray:
    x = bits.view(np.int32)
    x = np.where(x < 0, -x - 1, x)  # int32: -(-2^31) - 1 wraps to 2^31 - 1
    return x.astype(np.float32) * np.float32(4.6566127342e-10)


def rand_reference(seed: int, offsets: np.ndarray) -> np.ndarray:
    return uint_to_uniform_float_reference(randint4x_reference(seed, offsets)[0])


def randn_reference(seed: int, offsets: np.ndarray) -> np.ndarray:
    i1, i2, _, _ = randint4x_reference(seed, offsets)
    u1 = np.maximum(np.float32(1e-7), uint_to_uniform_float_reference(i1))
    u2 = uint_to_uniform_float_reference(i2)
    th = np.float32(6.283185307179586) * u2
    r = np.sqrt(np.float32(-2.0) * np.log(u1))
    return r * np.cos(th)


# Seeds: zero, small, int32 with the sign bit (sign-extended), int64 using the high key word,
# and uint64.
SEEDS = [0, 1, 12345, -7, 2**31 - 1, 0x1234_5678_9ABC, 2**64 - 3]


@nereid.jit
def philox_kernel(out_ptr, seed, c0, c1, c2, c3):
    a, b, c, d = tl.philox(seed, c0, c1, c2, c3)
    tl.store(out_ptr + 0, a)
    tl.store(out_ptr + 1, b)
    tl.store(out_ptr + 2, c)
    tl.store(out_ptr + 3, d)


@pytest.mark.parametrize("counter,key,expected", KNOWN_ANSWERS)
def test_tl_philox_known_answers(counter, key, expected):
    out = np.zeros(4, dtype=np.uint32)
    seed = key[0] | key[1] << 32
    counters = [c - (1 << 32) if c >= 2**31 else c for c in counter]  # int32 arguments
    philox_kernel[(1,)](out, seed, *counters)
    assert tuple(int(w) for w in out) == expected


@nereid.jit
def random_kernel(int_ptr, int4x_ptr, rand_ptr, randn_ptr, seed, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(int_ptr + offs, tl.randint(seed, offs), mask=mask)
    r0, r1, r2, r3 = tl.randint4x(seed, offs)
    tl.store(int4x_ptr + offs, r0, mask=mask)
    tl.store(int4x_ptr + n + offs, r1, mask=mask)
    tl.store(int4x_ptr + 2 * n + offs, r2, mask=mask)
    tl.store(int4x_ptr + 3 * n + offs, r3, mask=mask)
    tl.store(rand_ptr + offs, tl.rand(seed, offs), mask=mask)
    tl.store(randn_ptr + offs, tl.randn(seed, offs), mask=mask)


@pytest.mark.conforms(ulps=8, atol=2.0**-20,
                      reason="randn's log, sqrt and cos are within a few ULP on the CPU; the "
                      "integer streams and rand stay exact")
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("n", [1, 1000])
def test_rand_randn_randint(seed, n):
    block = 256
    ints = np.zeros(n, dtype=np.uint32)
    ints4x = np.zeros((4, n), dtype=np.uint32)
    uniform = np.full(n, np.nan, dtype=np.float32)
    normal = np.full(n, np.nan, dtype=np.float32)
    random_kernel[(nereid.cdiv(n, block),)](ints, ints4x, uniform, normal, seed, n, BLOCK=block)
    offsets = np.arange(n)
    words = randint4x_reference(seed, offsets)
    np.testing.assert_array_equal(ints, words[0])
    np.testing.assert_array_equal(ints4x, np.stack(words))
    np.testing.assert_array_equal(uniform, rand_reference(seed, offsets))
    assert np.all((uniform >= 0) & (uniform <= 1))
    # log, sqrt and cos of float32 may differ from numpy's in the last place.
    np.testing.assert_allclose(normal, randn_reference(seed, offsets), rtol=1e-5, atol=2e-6)


@nereid.jit
def random_at_offsets_kernel(offsets_ptr, rand_ptr, seed, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(rand_ptr + offs, tl.rand(seed, tl.load(offsets_ptr + offs)))


def test_rand_at_arbitrary_offsets(rng):
    # Offsets anywhere in int32, the negative ones included: the counter is their bits.
    offsets = rng.integers(-2**31, 2**31, 512, dtype=np.int32)
    seed = int(rng.integers(0, 2**62))
    out = np.full(offsets.size, np.nan, dtype=np.float32)
    random_at_offsets_kernel[(1,)](offsets, out, seed, BLOCK=offsets.size)
    np.testing.assert_array_equal(out, rand_reference(seed, offsets))


# Low-memory dropout -------------------------------------------------------------------------

def dropout_reference(x: np.ndarray, p: float, seed: int) -> np.ndarray:
    keep = rand_reference(seed, np.arange(x.size)) > np.float32(p)
    return np.where(keep, x / (np.float32(1) - np.float32(p)), np.float32(0))


@pytest.mark.parametrize("n", [1, 1000, 4099])
@pytest.mark.parametrize("p", [0.1, 0.5, 0.9])
def test_dropout_matches_philox(rng, n, p):
    block = 1024
    x = (rng.standard_normal(n).astype(np.float32) + 3)  # no zeros of its own
    seed = int(rng.integers(0, 2**31))
    out = np.full_like(x, np.nan)
    tutorials.dropout_kernel[(nereid.cdiv(n, block),)](x, out, n, p, seed, BLOCK_SIZE=block)
    expected = dropout_reference(x, p, seed)
    # The kept/zeroed pattern and the scaled values, exactly.
    np.testing.assert_array_equal(out == 0, expected == 0)
    np.testing.assert_array_equal(out, expected)


def test_dropout_same_seed_same_mask(rng):
    n, block, p = 5000, 1024, 0.5
    x = rng.standard_normal(n).astype(np.float32) + 3
    seed = int(rng.integers(0, 2**31))
    first, second, other = (np.full_like(x, np.nan) for _ in range(3))
    grid = (nereid.cdiv(n, block),)
    tutorials.dropout_kernel[grid](x, first, n, p, seed, BLOCK_SIZE=block)
    tutorials.dropout_kernel[grid](x, second, n, p, seed, BLOCK_SIZE=block)
    tutorials.dropout_kernel[grid](x, other, n, p, seed + 1, BLOCK_SIZE=block)
    np.testing.assert_array_equal(first, second)
    np.testing.assert_array_equal(other, dropout_reference(x, p, seed + 1))
    # Another seed drops other elements: about half of them differ for p = 0.5.
    assert 0.4 < np.mean((first == 0) != (other == 0)) < 0.6
