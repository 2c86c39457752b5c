"""Tiles converted to fp8 on the CPU backend, which has no fp8 instructions: each element goes
through the runtime's conversion (the interpreter's). A 128 x 64 tile, the size of upstream's
fused-attention `p.to(float8e5)`, used to be converted by a loop that carried the tile as a
vector: split into one loop argument per register chunk, it reassembled the whole tile for
each element (534 MB of LLVM IR; the tutorial's fp8 test did not compile in 15 minutes). The
results are compared bit for bit with the interpreter's, on random values with the formats'
edge cases mixed in, with both roundings."""

import ml_dtypes
import numpy as np
import pytest

import nereid
import nereid.language as tl

FORMATS = {"float8e5": (tl.float8e5, ml_dtypes.float8_e5m2),
           "float8e4nv": (tl.float8e4nv, ml_dtypes.float8_e4m3fn)}


@nereid.jit
def to_fp8_kernel(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr, FMT: tl.constexpr,
                  ROUNDING: tl.constexpr):
    offsets = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    x = tl.load(x_ptr + offsets) * 1.5  # computed, as attention's p is
    tl.store(out_ptr + offsets, x.to(FMT, fp_downcast_rounding=ROUNDING))


def _values(shape, seed):
    rng = np.random.default_rng(seed)
    x = (rng.standard_normal(shape) * np.exp2(rng.integers(-20, 20, shape))).astype(np.float32)
    edges = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e30, -1e30, 57344.0, 448.0, 464.0,
                      2.0**-16, 2.0**-10, 1.5 * 2.0**-9, 2.0**-17], np.float32)
    flat = x.reshape(-1)
    flat[rng.choice(flat.size, edges.size * 8, replace=False)] = np.tile(edges, 8)
    return x


@pytest.mark.parametrize("rounding", ["rtne", "rtz"])
@pytest.mark.parametrize("fmt", list(FORMATS))
def test_a_large_tile_converts_as_in_the_interpreter(fmt, rounding):
    language_type, numpy_type = FORMATS[fmt]
    x = _values((128, 64), seed=len(fmt) + len(rounding))
    results = {}
    for backend in ("cpu", "interpreter"):
        out = np.zeros((128, 64), numpy_type)
        compiled = to_fp8_kernel[(1,)](x, out, M=128, N=64, FMT=language_type,
                                       ROUNDING=rounding, backend=backend)
        results[backend] = out.view(np.uint8)
        if backend == "cpu":
            llvm_ir = compiled.asm["llir"]
    differ = results["cpu"] != results["interpreter"]
    assert not differ.any(), (f"{differ.sum()} of {differ.size} differ, e.g. "
                              f"{x[differ][:4]}: {results['cpu'][differ][:4]} vs "
                              f"{results['interpreter'][differ][:4]}")
    # One loop over the elements, not the tile reassembled per element.
    assert len(llvm_ir) < 2_000_000, len(llvm_ir)
