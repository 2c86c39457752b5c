"""The kernels that bench/cpu.py times, each at its sizes (`cases`): how to make its inputs,
launch it on the CPU backend, check it against numpy, and run its peers (numpy, and torch where
it is installed), with what the row is measured against. The kernels are Triton's tutorials,
from test/python/kernels/tutorials.py."""

from __future__ import annotations

import ctypes
import glob
import importlib.util
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Optional

import ml_dtypes
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "test" / "python"))

import nereid  # noqa: E402
from nereid_cpu.target import host_target  # noqa: E402

from kernels.tutorials import (add_kernel, attention_fwd_kernel, layer_norm_fwd,  # noqa: E402
                               matmul_kernel, softmax_kernel)

BF16 = np.dtype(ml_dtypes.bfloat16)


@nereid.jit
def empty_kernel(x_ptr, y_ptr, out_ptr, n, scale):
    pass


# --- Peers ------------------------------------------------------------------------------------

class NumpyBlasThreads:
    """Sets the thread count of the BLAS under numpy (OpenBLAS as numpy's wheels ship it), so that
    numpy's matmul runs on a row's threads; numpy's elementwise ops always run on one."""

    def __init__(self) -> None:
        self._set = None
        self.note = "numpy's BLAS runs on its default threads (its thread count could not be set)"
        libraries = glob.glob(str(Path(np.__file__).parent.parent / "numpy.libs" / "*openblas*"))
        for path in libraries:
            library = ctypes.CDLL(path)
            for name in ("scipy_openblas_set_num_threads64_", "scipy_openblas_set_num_threads",
                         "openblas_set_num_threads64_", "openblas_set_num_threads"):
                if hasattr(library, name):
                    self._set = getattr(library, name)
                    self._set.argtypes = [ctypes.c_int]
                    self.note = f"numpy's BLAS ({Path(path).name}) set to the row's threads"
                    return

    def __call__(self, threads: int) -> None:
        if self._set is not None:
            self._set(threads)


TORCH = None
if importlib.util.find_spec("torch") is not None:
    import torch as TORCH  # noqa: N812


def torch_tensor(array: np.ndarray) -> Any:
    """A torch CPU tensor sharing `array`'s memory (bf16 through its bits)."""
    if array.dtype == BF16:
        return TORCH.from_numpy(array.view(np.int16)).view(TORCH.bfloat16)
    return TORCH.from_numpy(array)


# --- Benchmarked kernels ----------------------------------------------------------------------

@dataclass
class Case:
    """One benchmarked kernel at one size: how to make its inputs, launch it on the CPU backend
    (or the interpreter), check its output, and run its peers."""
    name: str
    unit: str                       # "GB/s", "GFLOP/s" or "us"
    work: float                     # bytes moved or flops of one launch
    target: str                     # in words
    make: Callable[[tuple], dict]   # shape -> arrays
    launch: Callable[..., None]    # arrays, threads[, debug=True: bounds-checked]
    check: Callable[[dict], None]   # raises AssertionError when the output is wrong
    shape: tuple
    small: tuple                    # the shape checked against the interpreter
    numpy: Optional[Callable[[dict], Callable[[], None]]] = None
    torch: Optional[Callable[[dict], Callable[[], None]]] = None
    agree: Optional[Callable[[dict, dict], None]] = None  # CPU against interpreter outputs
    ceiling: str = "triad"          # "triad", "fma" or "launch"
    target_fraction: float = 0.0    # of the ceiling
    faster_than_numpy: bool = False
    tuned: Optional[Callable[[dict, int], str]] = None  # arrays, threads -> what tuning chose


def random(shape, dtype=np.float32, seed=0) -> np.ndarray:
    values = np.random.default_rng(seed).standard_normal(shape, dtype=np.float32)
    return values.astype(dtype)


def assert_close(actual, expected, rtol, atol, what) -> None:
    np.testing.assert_allclose(np.asarray(actual, np.float64), np.asarray(expected, np.float64),
                               rtol=rtol, atol=atol, err_msg=what)


# vector add
def add_make(shape):
    (n,) = shape
    return {"x": random(n, seed=1), "y": random(n, seed=2), "out": np.full(n, np.nan, np.float32)}


def add_launch(a, threads, block=1024, debug=False):
    n = a["x"].size
    add_kernel[(nereid.cdiv(n, block),)](a["x"], a["y"], a["out"], n, BLOCK_SIZE=block,
                                         num_threads=threads, debug=debug)


def add_check(a):
    np.testing.assert_array_equal(a["out"], a["x"] + a["y"], err_msg="vector add")


# softmax (the tutorial's persistent form, with one row per program)
def softmax_make(shape):
    return {"x": random(shape, seed=3), "out": np.full(shape, np.nan, np.float32)}


def softmax_launch(a, threads, debug=False):
    rows, cols = a["x"].shape
    softmax_kernel[(rows,)](a["out"], a["x"], cols, cols, rows, cols,
                            BLOCK_SIZE=nereid.next_power_of_2(cols), num_stages=1,
                            num_threads=threads, debug=debug)


def numpy_softmax(x, out):
    np.subtract(x, x.max(axis=1, keepdims=True), out=out)
    np.exp(out, out=out)
    out /= out.sum(axis=1, keepdims=True)


def softmax_check(a):
    expected = np.empty_like(a["x"])
    numpy_softmax(a["x"], expected)
    assert_close(a["out"], expected, 1e-5, 1e-7, "softmax")


# layer norm forward
LAYER_NORM_EPS = 1e-5


def layer_norm_make(shape):
    rows, cols = shape
    return {"x": random(shape, seed=4), "w": random(cols, seed=5), "b": random(cols, seed=6),
            "y": np.full(shape, np.nan, np.float32), "mean": np.empty(rows, np.float32),
            "rstd": np.empty(rows, np.float32)}


def layer_norm_launch(a, threads, debug=False):
    rows, cols = a["x"].shape
    block = min(65536 // a["x"].itemsize, nereid.next_power_of_2(cols))
    layer_norm_fwd[(rows,)](a["x"], a["y"], a["w"], a["b"], a["mean"], a["rstd"], cols, cols,
                            LAYER_NORM_EPS, BLOCK_SIZE=block, num_threads=threads, debug=debug)


def numpy_layer_norm(x, w, b, y, mean, rstd):
    np.mean(x, axis=1, out=mean)
    np.subtract(x, mean[:, None], out=y)
    variance = np.einsum("ij,ij->i", y, y) / x.shape[1]
    np.reciprocal(np.sqrt(variance + LAYER_NORM_EPS, out=rstd), out=rstd)
    y *= rstd[:, None]
    y *= w
    y += b


def layer_norm_check(a):
    x = a["x"].astype(np.float64)
    mean = x.mean(axis=1)
    rstd = 1 / np.sqrt(x.var(axis=1) + LAYER_NORM_EPS)
    expected = (x - mean[:, None]) * rstd[:, None] * a["w"] + a["b"]
    assert_close(a["mean"], mean, 1e-4, 1e-5, "layer norm: mean")
    assert_close(a["rstd"], rstd, 1e-4, 1e-5, "layer norm: rstd")
    assert_close(a["y"], expected, 1e-4, 1e-4, "layer norm: y")


# matmul: the tutorial's kernel, autotuned over block shapes as Triton's tutorial is (per size,
# dtype and thread count: what suits one CPU's caches does not suit another's)
MATMUL_CONFIGS = [nereid.Config(dict(BLOCK_SIZE_M=m, BLOCK_SIZE_N=n, BLOCK_SIZE_K=k,
                                     GROUP_SIZE_M=8))
                  for m, n, k in ((64, 64, 32), (128, 128, 32), (128, 256, 32), (256, 128, 32),
                                  (256, 256, 32), (256, 256, 64), (256, 512, 64))]


def tuned_matmul():
    return nereid.autotune(
        MATMUL_CONFIGS, key=["M", "N", "K", "a_ptr", "num_threads"],
        do_bench=lambda call: nereid.testing.do_bench(call, return_mode="min"))(matmul_kernel)


matmul_tuned = tuned_matmul()
# bf16 in pairs of K with vdpbf16ps (NEREID_CPU_BF16_DOT, docs/cpu.md "dot"), tuned on its own.
matmul_tuned_pairs = tuned_matmul()


def matmul_make(dtype, b_by_columns=False):
    """A matmul's arrays: B row-major, or, `b_by_columns`, held as its (n, k) transpose (`a @
    b.T`, as torch keeps linear weights), which the kernel reads with strides (1, k)."""
    def make(shape):
        m, n, k = shape
        # bf16's reference is numpy's sgemm on the same values, widened to fp32 once here.
        a = random((m, k), dtype, 7)
        stored = random((n, k) if b_by_columns else (k, n), dtype, 8)
        b = stored.T if b_by_columns else stored
        return {"a": a, "b": b, "c": np.full((m, n), np.nan, dtype), "b_stored": stored,
                "b_strides": (1, k) if b_by_columns else (n, 1),
                "a32": a.astype(np.float32), "b32": b.astype(np.float32),
                "c32": np.zeros((m, n), np.float32)}
    return make


def matmul_launch(a, threads, tuned=matmul_tuned):
    """Tunes on the first launch of a size, dtype and thread count (the check of the small size
    on the CPU tunes it, and the interpreter's check then runs the chosen blocks), and records
    the chosen blocks in `a["blocks"]` by thread count."""
    (m, k), (_, n) = a["a"].shape, a["b"].shape
    grid = lambda meta: (nereid.cdiv(m, meta["BLOCK_SIZE_M"])  # noqa: E731
                         * nereid.cdiv(n, meta["BLOCK_SIZE_N"]),)
    tuned[grid](a["a"], a["b_stored"], a["c"], m, n, k, k, 1, *a["b_strides"], n, 1,
                num_threads=threads)
    blocks = tuned.best_config.kwargs
    a.setdefault("blocks", {})[threads] = (f"{blocks['BLOCK_SIZE_M']}x{blocks['BLOCK_SIZE_N']}"
                                           f"x{blocks['BLOCK_SIZE_K']}")


def matmul_pairs_launch(a, threads):
    """matmul_launch with NEREID_CPU_BF16_DOT=vdpbf16ps, whatever the default on this CPU."""
    saved = os.environ.get("NEREID_CPU_BF16_DOT")
    os.environ["NEREID_CPU_BF16_DOT"] = "vdpbf16ps"
    try:
        matmul_launch(a, threads, matmul_tuned_pairs)
    finally:
        if saved is None:
            del os.environ["NEREID_CPU_BF16_DOT"]
        else:
            os.environ["NEREID_CPU_BF16_DOT"] = saved


def dot_bound(a) -> np.ndarray:
    """How far a correct C may lie from the exact product, elementwise: tl.dot on fp32 means tf32
    operands (10 mantissa bits; docs/semantics.md, "tt.dot"), whose products are off by at most
    2^-10 of |a||b| each; fp32 sums add k * 2^-24 of the same; bf16 output rounds once more."""
    k = a["a"].shape[1]
    magnitude = np.abs(a["a32"]).astype(np.float64) @ np.abs(a["b32"]).astype(np.float64)
    bound = (2.0**-10 + k * 2.0**-24) * magnitude + 1e-6
    if a["c"].dtype == BF16:
        bound += 2.0**-8 * np.abs(a["a32"].astype(np.float64) @ a["b32"].astype(np.float64))
    return bound


def assert_within(actual, expected, bound, what) -> None:
    error = np.abs(np.asarray(actual, np.float64) - np.asarray(expected, np.float64))
    worst = np.unravel_index(np.argmax(error - bound), error.shape)
    if not np.all(error <= bound):
        raise AssertionError(f"{what}: {np.count_nonzero(error > bound)} of {error.size} elements "
                             f"off by more than the dot tolerance; worst at {tuple(worst)}: "
                             f"{float(np.asarray(actual)[worst])} for "
                             f"{float(np.asarray(expected)[worst])}")


def matmul_check(a):
    expected = a["a32"].astype(np.float64) @ a["b32"].astype(np.float64)
    assert_within(a["c"], expected, dot_bound(a), f"matmul {a['c'].dtype}")


def matmul_agree(cpu, golden):
    """The CPU backend rounds fp32 operands to tf32 as the interpreter does, but adds the products
    in another order (blocks of rows and columns, docs/cpu.md): it agrees with the interpreter
    within twice the dot tolerance, not exactly."""
    assert_within(cpu["c"], golden["c"], 2 * dot_bound(cpu), "matmul: CPU against interpreter")


# flash attention forward: one head, f16 in and out, the softmax and accumulators in fp32
ATTENTION_BLOCK = 64


def attention_make(shape):
    n, d = shape
    q, k, v = (random((n, d), np.float16, seed) for seed in (9, 10, 11))
    return {"q": q, "k": k, "v": v, "out": np.full((n, d), np.nan, np.float16),
            "q32": q.astype(np.float32), "k32": k.astype(np.float32),
            "v32": v.astype(np.float32), "scores": np.empty((n, n), np.float32),
            "out32": np.empty((n, d), np.float32)}


def attention_launch(a, threads):
    n, d = a["q"].shape
    attention_fwd_kernel[(nereid.cdiv(n, ATTENTION_BLOCK),)](
        a["q"], a["k"], a["v"], d**-0.5, a["out"], d, d, d, d, n, BLOCK_M=ATTENTION_BLOCK,
        BLOCK_N=ATTENTION_BLOCK, HEAD_DIM=d, num_threads=threads)


def numpy_attention(a):
    scores = a["scores"]
    np.matmul(a["q32"], a["k32"].T, out=scores)
    scores *= a["q"].shape[1] ** -0.5
    scores -= scores.max(axis=1, keepdims=True)
    np.exp(scores, out=scores)
    scores /= scores.sum(axis=1, keepdims=True)
    np.matmul(scores, a["v32"], out=a["out32"])


def attention_check(a):
    q, k, v = (a[name].astype(np.float64) for name in ("q32", "k32", "v32"))
    scores = q @ k.T * q.shape[1] ** -0.5
    p = np.exp(scores - scores.max(axis=1, keepdims=True))
    expected = p / p.sum(axis=1, keepdims=True) @ v
    # The kernel rounds the probabilities and the output to f16 (2^-11 each, relative).
    assert_close(a["out"], expected, 0, 2.0**-9 * np.abs(v).max(), "attention")


def attention_agree(cpu, golden):
    assert_close(cpu["out"], golden["out"], 0, 2.0**-9 * np.abs(cpu["v32"]).max(),
                 "attention: CPU against interpreter")


# empty kernel
def empty_make(shape):
    return {"x": np.zeros(1024, np.float32), "y": np.zeros(1024, np.float32),
            "out": np.zeros(1024, np.float32)}


def empty_launch(a, threads):
    empty_kernel[(1,)](a["x"], a["y"], a["out"], 1024, 0.5, num_threads=threads)


def cases(quick: bool, large: bool) -> list[Case]:
    add_n = 2**22 if quick else 2**26
    softmax_shapes = [(512, 4096), (2048, 1024)] if quick else [(4096, 4096), (16384, 1024)]
    layer_norm_shape = (1024, 4096) if quick else (8192, 4096)
    matmul_sizes = [256] if quick else [1024, 2048] + ([4096] if large else [])
    memory_target = "triad 85%, > numpy"
    result = [Case(
        f"vector add {add_n} fp32", "GB/s", 12.0 * add_n, memory_target, add_make, add_launch,
        add_check, (add_n,), (2**16 + 3,),
        numpy=lambda a: lambda: np.add(a["x"], a["y"], out=a["out"]),
        torch=lambda a: (lambda tx, ty, to: lambda: TORCH.add(tx, ty, out=to))(
            torch_tensor(a["x"]), torch_tensor(a["y"]), torch_tensor(a["out"])),
        target_fraction=0.85, faster_than_numpy=True)]
    for rows, cols in softmax_shapes:
        result.append(Case(
            f"softmax {rows}x{cols} fp32", "GB/s", 8.0 * rows * cols, memory_target,
            softmax_make, softmax_launch, softmax_check, (rows, cols), (7, cols),
            numpy=lambda a: lambda: numpy_softmax(a["x"], a["out"]),
            torch=lambda a: (lambda tx: lambda: TORCH.softmax(tx, dim=1))(torch_tensor(a["x"])),
            target_fraction=0.85, faster_than_numpy=True))
    rows, cols = layer_norm_shape
    result.append(Case(
        f"layer norm fwd {rows}x{cols} fp32", "GB/s", 8.0 * rows * cols + 8 * cols + 8 * rows,
        "triad 70%", layer_norm_make, layer_norm_launch, layer_norm_check, (rows, cols),
        (5, cols),
        numpy=lambda a: lambda: numpy_layer_norm(a["x"], a["w"], a["b"], a["y"], a["mean"],
                                                 a["rstd"]),
        torch=lambda a: (lambda tx, tw, tb: lambda: TORCH.nn.functional.layer_norm(
            tx, (tx.shape[1],), tw, tb, LAYER_NORM_EPS))(
            torch_tensor(a["x"]), torch_tensor(a["w"]), torch_tensor(a["b"])),
        target_fraction=0.70))
    for dtype, label in ((np.float32, "fp32"), (BF16, "bf16")):
        for size in matmul_sizes:
            fp32 = dtype == np.float32
            result.append(Case(
                f"matmul {size}^3 {label}", "GFLOP/s", 2.0 * size**3,
                "FMA peak 60%" if fp32 else "(none; vs numpy sgemm)",
                matmul_make(dtype), matmul_launch, matmul_check, (size,) * 3, (128, 128, 128),
                # numpy has no bf16 BLAS: its row is sgemm on the same values widened to fp32.
                numpy=lambda a: lambda: np.matmul(a["a32"], a["b32"], out=a["c32"]),
                torch=lambda a: (lambda ta, tb, tc: lambda: TORCH.matmul(ta, tb, out=tc))(
                    torch_tensor(a["a"]), torch_tensor(a["b"]), torch_tensor(a["c"])),
                agree=matmul_agree, ceiling="fma", target_fraction=0.60 if fp32 else 0.0,
                tuned=lambda a, threads: a["blocks"][threads]))
    size = matmul_sizes[0]
    if "+avx512bf16" in host_target().features.split(","):
        result.append(Case(
            f"matmul {size}^3 bf16, vdpbf16ps", "GFLOP/s", 2.0 * size**3,
            "(none; vs the fma row)", matmul_make(BF16), matmul_pairs_launch, matmul_check,
            (size,) * 3, (128, 128, 128),
            numpy=lambda a: lambda: np.matmul(a["a32"], a["b32"], out=a["c32"]),
            agree=matmul_agree, ceiling="fma", tuned=lambda a, threads: a["blocks"][threads]))
    result.append(Case(
        f"matmul {size}^3 fp32, b column-major", "GFLOP/s", 2.0 * size**3, "(none; a @ b.T)",
        matmul_make(np.float32, b_by_columns=True), matmul_launch, matmul_check, (size,) * 3,
        (128, 128, 128), numpy=lambda a: lambda: np.matmul(a["a32"], a["b32"], out=a["c32"]),
        torch=lambda a: (lambda ta, tb, tc: lambda: TORCH.matmul(ta, tb.T, out=tc))(
            torch_tensor(a["a"]), torch_tensor(a["b_stored"]), torch_tensor(a["c"])),
        agree=matmul_agree, ceiling="fma", tuned=lambda a, threads: a["blocks"][threads]))
    n, d = (512, 64) if quick else (2048, 64)
    result.append(Case(
        f"flash attention fwd {n}x{d} f16", "GFLOP/s", 4.0 * n * n * d, "(none; vs numpy fp32)",
        attention_make, attention_launch, attention_check, (n, d), (128, d),
        numpy=lambda a: lambda: numpy_attention(a), agree=attention_agree, ceiling="fma"))
    result.append(Case("empty kernel launch", "us", 1.0, "< 10 us", empty_make, empty_launch,
                       lambda a: None, (1,), (1,), ceiling="launch"))
    return result
