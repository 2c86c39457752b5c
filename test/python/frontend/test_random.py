"""Random numbers: philox, randint, randint4x, rand, randn and their helpers, checked against
the structure of Triton's philox stream (Random123's Philox4x32-10 and Philox4x64-10)."""

import pytest

import nereid
import nereid.language as tl
from frontend_util import array, count_ops, find_op, has_constant, has_op, op_lines, ttir

# Random123's constants, which Triton's tl.random uses.
PHILOX_32 = {"key_a": 0x9E3779B9, "key_b": 0xBB67AE85, "round_a": 0xD2511F53,
             "round_b": 0xCD9E8D57}
PHILOX_64 = {"key_a": 0x9E3779B97F4A7C15, "key_b": 0xBB67AE8584CAA73B,
             "round_a": 0xD2E7470EE14C6C93, "round_b": 0xCA5A826395121157}


def signed(value: int, bits: int) -> int:
    """`value` as MLIR prints a signless integer constant of `bits` bits."""
    return value - (1 << bits) if value >= 1 << (bits - 1) else value


@nereid.jit
def random_kernel(out_ptr, seed, FN: tl.constexpr, OFFSET: tl.constexpr,
                  ROUNDS: tl.constexpr):
    offs = tl.program_id(0) * 64 + tl.arange(0, 64)
    counters = offs.to(OFFSET)
    if FN == "randint":
        r = tl.randint(seed, counters, ROUNDS)
    elif FN == "rand":
        r = tl.rand(seed, counters, n_rounds=ROUNDS)
    elif FN == "randn":
        r = tl.randn(seed, counters, ROUNDS)
    else:
        a, b, c, d = tl.randint4x(seed, counters, ROUNDS)
        r = a ^ b ^ c ^ d
    tl.store(out_ptr + offs, r)


def compile_random(fn, out_dtype, offset=tl.int32, rounds=10, seed=1234):
    return ttir(random_kernel, array(out_dtype), seed, FN=fn, OFFSET=offset, ROUNDS=rounds)


@pytest.mark.parametrize("rounds", [10, 7])
def test_randint_runs_philox_rounds_with_triton_constants(rounds):
    ir = compile_random("randint", "uint32", rounds=rounds)
    # Each round multiplies two counters with umulhi (and their low halves with muli).
    assert count_ops(ir, "tt.mulhiui") == 2 * rounds
    for line in op_lines(ir, "tt.mulhiui"):
        assert line.endswith(": tensor<64xi32>"), line
    for value in PHILOX_32.values():
        find_op(ir, "arith.constant", f"{signed(value, 32)} : i32")
    # The key is raised once per round, in both of its words.
    key_a = signed(PHILOX_32["key_a"], 32)
    assert len([l for l in op_lines(ir, "arith.constant") if f"{key_a} : i32" in l]) == rounds


def test_randint_splits_the_seed_into_two_32_bit_words():
    ir = compile_random("randint", "uint32")
    find_op(ir, "arith.extsi", "i32 to i64")  # the int32 seed argument becomes uint64
    find_op(ir, "arith.shrui", ": i64")  # seed >> 32, logical
    find_op(ir, "arith.constant", "32 : i64")
    find_op(ir, "arith.constant", "4294967295 : i64")  # & 0xffffffff
    assert count_ops(ir, "arith.trunci") >= 2


def test_randint_with_64_bit_offsets_uses_philox4x64():
    ir = compile_random("randint", "uint64", offset=tl.int64)
    assert count_ops(ir, "tt.mulhiui") == 20
    for line in op_lines(ir, "tt.mulhiui"):
        assert line.endswith(": tensor<64xi64>"), line
    for value in PHILOX_64.values():
        find_op(ir, "arith.constant", f"{signed(value, 64)} : i64")
    for value in PHILOX_32.values():
        assert not has_op(ir, "arith.constant", f"{value} : i64")


def test_rand_scales_to_the_unit_interval():
    ir = compile_random("rand", "float32")
    assert count_ops(ir, "tt.mulhiui") == 20
    # uint_to_uniform_float: x < 0 ? -x - 1 : x, times 4.6566127342e-10, in float32.
    find_op(ir, "arith.cmpi", "slt", ": tensor<64xi32>")
    find_op(ir, "arith.select", "tensor<64xi1>, tensor<64xi32>")
    assert has_constant(ir, 4.6566127342e-10, "f32")
    find_op(ir, "arith.sitofp", "tensor<64xi32> to tensor<64xf32>")
    find_op(ir, "arith.mulf", ": tensor<64xf32>")


def test_rand_with_64_bit_offsets_scales_int64():
    ir = compile_random("rand", "float32", offset=tl.int64)
    assert has_constant(ir, 1.0842020432385337e-19, "f32")
    find_op(ir, "arith.sitofp", "tensor<64xi64> to tensor<64xf32>")


def test_randn_is_box_muller_of_two_uniforms():
    ir = compile_random("randn", "float32")
    assert count_ops(ir, "tt.mulhiui") == 20  # one philox call gives both uniforms
    find_op(ir, "arith.maxnumf", ": tensor<64xf32>")  # max(1e-7, u1)
    assert has_constant(ir, 6.283185307179586, "f32")
    find_op(ir, "math.log", ": tensor<64xf32>")
    find_op(ir, "math.sqrt", ": tensor<64xf32>")
    find_op(ir, "math.cos", ": tensor<64xf32>")


def test_randint4x_returns_four_streams():
    ir = compile_random("randint4x", "uint32")
    assert count_ops(ir, "tt.mulhiui") == 20
    assert count_ops(ir, "arith.xori") >= 3


def test_randint_with_a_64_bit_seed():
    ir = compile_random("randint", "uint32", seed=2**40 + 5)
    func = find_op(ir, "tt.func")
    assert "i64" in func
    find_op(ir, "arith.shrui", ": i64")


@nereid.jit
def philox_direct(out_ptr, seed):
    offs = tl.arange(0, 16)
    c0 = offs.to(tl.uint32)
    a, b, c, d = tl.philox(seed, c0, c0 + 1, c0 + 2, c0 + 3, n_rounds=4)
    tl.store(out_ptr + offs, a + b + c + d)


def test_philox_with_explicit_counters_and_rounds():
    ir = ttir(philox_direct, array("uint32"), 99)
    assert count_ops(ir, "tt.mulhiui") == 8


@nereid.jit
def philox_bad_seed(out_ptr, seed):
    offs = tl.arange(0, 16)
    tl.store(out_ptr + offs, tl.randint(seed, offs))


def test_philox_needs_an_integer_seed():
    with pytest.raises(nereid.CompilationError):
        ttir(philox_bad_seed, array("uint32"), 1.5)
