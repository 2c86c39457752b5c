"""The CPU backend against numpy, torch CPU and this machine's ceilings, in one table.

    .venv/bin/python bench/cpu.py [--threads 1,2] [--quick] [--large] [--markdown] [--reps N]
                                  [--checked] [--only TEXT,...]

Kernels (Triton's tutorials, from test/python/kernels/tutorials.py): vector add 2^26 fp32,
softmax 4096x4096 and 16384x1024 fp32, layer norm forward 8192x4096 fp32, matmul fp32 and bf16
at 1024^3 and 2048^3 (4096^3 with --large; block shapes autotuned, as the tutorial's are, on the
first launch of each size, dtype and thread count, and named in the notes; where the CPU has
AVX-512 BF16, bf16 at the first size also with NEREID_CPU_BF16_DOT=vdpbf16ps), flash attention
forward (one head of 2048 x 64, f16), and an empty kernel's launch. Each runs on the CPU
backend (NEREID_INTERPRET unset) with num_threads = each of --threads (default 1 and every core).

Before any timing, each kernel is checked: on a small size against numpy and against the
interpreter (the golden model), and at the benchmarked size against numpy. A kernel that fails to
compile or gives a wrong result gets a FAILED row and a note, and is not timed.

The ceilings come from libnereid_bench_ceilings.so (bench/ceilings.cpp, built with the project):
a STREAM triad over arrays far larger than the last-level cache, in GB/s, and an FMA-peak loop of
independent vector FMA chains, in fp32 GFLOP/s, both on 1 thread and on every thread count of the
run, each the best that its repetitions reach in the run (at its start, before every kernel and
at its end: on a machine shared with other work, bandwidth and clocks vary). Kernel times, and
their peers', are the best of --reps timed launches and of as many more as fit in a second,
after a warm-up (time.perf_counter around whole launches); GB/s counts the bytes a kernel must
move (add: 12 per element; softmax: 8; layer norm: 8 per element plus the weights and row
statistics), GFLOP/s counts 2*M*N*K (attention: 4*N*N*D, its two products).

--checked also times the memory-bound kernels (GB/s rows) bounds-checked (the launch option
`debug=True`; docs/cpu.md, Bounds-checked kernels), in the same run and right after the
unchecked launches, in a row of its own that gives the checked time over the unchecked one
(issue 30 asks at most 1.5x).
"""

from __future__ import annotations

import argparse
import ctypes
import glob
import importlib.util
import math
import os
import platform
import subprocess
import sys
import time
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Optional

import numpy as np

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO / "test" / "python"))

os.environ.pop("NEREID_INTERPRET", None)
os.environ.pop("TRITON_INTERPRET", None)

import ml_dtypes  # noqa: E402

import nereid  # noqa: E402
from nereid_cpu.target import host_target  # noqa: E402

from cpu_ceilings import Ceilings  # noqa: E402
from kernels.tutorials import (add_kernel, attention_fwd_kernel, layer_norm_fwd,  # noqa: E402
                               matmul_kernel, softmax_kernel)

BF16 = np.dtype(ml_dtypes.bfloat16)


@nereid.jit
def empty_kernel(x_ptr, y_ptr, out_ptr, n, scale):
    pass


def call_us(function: Callable[[], Any], calls: int, reps: int,
            timer: Callable[[], float] = time.perf_counter) -> float:
    """The best of `reps` runs of `calls` calls, in microseconds per call (wall time, or the
    calling thread's CPU time with timer=time.thread_time)."""
    function()
    best = math.inf
    for _ in range(reps):
        start = timer()
        for _ in range(calls):
            function()
        best = min(best, timer() - start)
    return best / calls * 1e6


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


# --- Measuring --------------------------------------------------------------------------------

# Longer than OpenMP's and OpenBLAS's idle threads spin after a parallel region (libomp's
# KMP_BLOCKTIME is 200 ms), so that one runtime's spinning threads do not take the cores of the next.
SETTLE_SECONDS = 0.3


# Each kernel and peer is timed for at least this long, and for at least --reps calls: the
# ceilings are the best of their runs before every case, seconds of them in all, and a kernel
# timed for a few milliseconds on a machine whose bandwidth varies with its neighbours' work
# would have much less chance than they of a quiet moment.
MIN_TIMED_SECONDS = 1.0


def best_seconds(function: Callable[[], None], reps: int) -> float:
    """The best of at least `reps` timed calls, and of as many more as fit in MIN_TIMED_SECONDS,
    after one warm-up call; fewer when one call takes more than a second (at least 2)."""
    time.sleep(SETTLE_SECONDS)
    start = time.perf_counter()
    function()
    warmup = time.perf_counter() - start
    budget = MIN_TIMED_SECONDS
    if warmup > 1.0:
        reps, budget = max(2, min(reps, int(6.0 / warmup))), 0.0
    best, spent, calls = math.inf, 0.0, 0
    while calls < reps or spent < budget:
        start = time.perf_counter()
        function()
        elapsed = time.perf_counter() - start
        best, spent, calls = min(best, elapsed), spent + elapsed, calls + 1
    return best


def interpreted(launch: Callable[[], None]) -> None:
    os.environ["NEREID_INTERPRET"] = "1"
    try:
        launch()
    finally:
        del os.environ["NEREID_INTERPRET"]


def short_error(error: BaseException) -> str:
    text = f"{type(error).__name__}: {error}".strip()
    first = text.splitlines()[0] if text else type(error).__name__
    return first[:160]


def verify(case: Case) -> tuple[Optional[str], str]:
    """Checks `case` before timing it; returns (why it failed or None, the full error)."""
    stage = "small size on the CPU backend"
    try:
        on_cpu = case.make(case.small)
        case.launch(on_cpu, 1)
        case.check(on_cpu)
        stage = "small size in the interpreter"
        golden = case.make(case.small)
        interpreted(lambda: case.launch(golden, 1))
        case.check(golden)
        stage = "small size, CPU backend against the interpreter"
        if case.agree is not None:
            case.agree(on_cpu, golden)
        else:
            for name, value in on_cpu.items():
                assert_close(value, golden[name], 1e-5, 1e-6, f"{case.name}: `{name}`")
        return None, ""
    except Exception as error:  # noqa: BLE001 -- any failure is the row's result
        return f"{stage}: {short_error(error)}", traceback.format_exc()


@dataclass
class Row:
    kernel: str
    threads: str
    time: str = "-"
    achieved: str = "-"
    numpy: str = "-"
    vs_numpy: str = "-"
    torch: str = "-"
    vs_torch: str = "-"
    ceiling: str = "-"
    of_ceiling: str = "-"
    target: str = "-"
    met: str = "-"


HEADER = ["kernel", "threads", "time", "achieved", "numpy", "x numpy", "torch", "x torch",
          "ceiling", "of ceiling", "target", "met"]


def fmt_time(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:.2f} us"
    if seconds < 1.0:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds:.3f} s"


def fmt_rate(value: float, unit: str) -> str:
    return f"{value:.1f} {unit}" if value >= 10 else f"{value:.2f} {unit}"


def verdict(case: Case, rate: float, ceiling: float, numpy_rate: Optional[float]) -> str:
    if not case.target_fraction and not case.faster_than_numpy:
        return "no target"
    reasons = []
    if case.target_fraction and rate < case.target_fraction * ceiling:
        label = "triad" if case.ceiling == "triad" else "FMA peak"
        reasons.append(f"{rate / ceiling:.1%} of the {label}, not {case.target_fraction:.0%}")
    if case.faster_than_numpy and numpy_rate is not None and rate <= numpy_rate:
        reasons.append(f"{rate / numpy_rate:.2f}x numpy, not faster")
    return "no: " + "; ".join(reasons) if reasons else "yes"


@dataclass
class Measurement:
    """One case on one thread count (or, failed, on all of them): what was measured, before it
    is put against the ceilings of the whole run."""
    case: Case
    threads: str
    failed: bool = False
    seconds: float = 0.0            # best time of one launch; per call for the launch case
    cpu_seconds: float = 0.0        # launch case: the launching thread's CPU time per call
    numpy_rate: Optional[float] = None
    torch_rate: Optional[float] = None
    torch_failed: bool = False
    checked_seconds: Optional[float] = None  # --checked: the same launch bounds-checked


# The most a bounds-checked launch of a memory-bound kernel may take, in unchecked launches
# (issue 30).
CHECKED_TARGET = 1.5


def measure_case(case: Case, threads: list[int], reps: int, blas_threads,
                 notes: list[str], checked: bool = False) -> list[Measurement]:
    start = time.perf_counter()
    failure, details = verify(case)
    arrays = None
    if failure is None:
        try:
            arrays = case.make(case.shape)
            case.launch(arrays, threads[-1])
            case.check(arrays)
        except Exception as error:  # noqa: BLE001 -- any failure is the row's result
            failure = f"benchmarked size: {short_error(error)}"
            details = traceback.format_exc()
    if failure is not None:
        notes.append(f"{case.name} FAILED ({failure})\n" + "\n".join(
            "      " + line for line in details.strip().splitlines()[-12:]))
        return [Measurement(case, ",".join(map(str, threads)), failed=True)]
    notes.append(f"{case.name}: checks and first launch {time.perf_counter() - start:.1f} s "
                 "(including compilation, or loading it from the kernel cache)")
    checked = checked and case.unit == "GB/s"
    if checked:
        start = time.perf_counter()
        try:
            case.launch(arrays, threads[-1], debug=True)
            case.check(arrays)
        except Exception as error:  # noqa: BLE001 -- any failure is the row's result
            notes.append(f"{case.name}, bounds-checked FAILED ({short_error(error)})")
            checked = False
        else:
            notes.append(f"{case.name}, bounds-checked: checks and first launch "
                         f"{time.perf_counter() - start:.1f} s")
    measured = []
    for count in threads:
        m = Measurement(case, str(count))
        launch = lambda: case.launch(arrays, count)  # noqa: E731
        if case.ceiling == "launch":
            m.seconds = call_us(launch, 20000, reps) * 1e-6
            m.cpu_seconds = call_us(launch, 20000, reps, time.thread_time) * 1e-6
            measured.append(m)
            continue
        m.seconds = best_seconds(launch, reps)
        if checked:
            m.checked_seconds = best_seconds(lambda: case.launch(arrays, count, debug=True),
                                             reps)
        if case.numpy is not None:
            blas_threads(count)
            m.numpy_rate = case.work / best_seconds(case.numpy(arrays), reps) / 1e9
        if TORCH is not None and case.torch is not None:
            TORCH.set_num_threads(count)
            try:
                m.torch_rate = case.work / best_seconds(case.torch(arrays), reps) / 1e9
            except Exception as error:  # noqa: BLE001
                m.torch_failed = True
                notes.append(f"torch on {case.name}: {short_error(error)}")
        measured.append(m)
    if case.tuned is not None:
        notes.append(f"{case.name}: autotuned blocks " + ", ".join(
            f"{case.tuned(arrays, count)} on {count} thread{'s' * (count > 1)}"
            for count in threads))
    return measured


def kernel_row(m: Measurement, ceilings: dict) -> Row:
    case = m.case
    if m.failed:
        return Row(case.name, m.threads, time="FAILED", target=case.target,
                   met="failed, see notes")
    row = Row(case.name, m.threads, target=case.target)
    row.torch = row.vs_torch = "n/a"
    if case.ceiling == "launch":
        micros, floor = m.seconds * 1e6, ceilings[("launch", 1)]
        row.time = f"{micros:.2f} us (CPU {m.cpu_seconds * 1e6:.2f})"
        row.numpy = row.vs_numpy = "n/a"
        row.ceiling = f"ctypes call {floor:.2f} us"
        row.of_ceiling = f"{micros / floor:.1f}x the floor"
        row.met = "yes" if micros < 10.0 else f"no: {micros:.1f} us"
        return row
    rate = case.work / m.seconds / 1e9
    row.time, row.achieved = fmt_time(m.seconds), fmt_rate(rate, case.unit)
    if m.numpy_rate is not None:
        row.numpy, row.vs_numpy = fmt_rate(m.numpy_rate, case.unit), f"{rate / m.numpy_rate:.2f}x"
    if m.torch_rate is not None:
        row.torch, row.vs_torch = fmt_rate(m.torch_rate, case.unit), f"{rate / m.torch_rate:.2f}x"
    elif m.torch_failed:
        row.torch = row.vs_torch = "failed"
    ceiling = ceilings[(case.ceiling, int(m.threads))]
    if case.ceiling == "triad":
        row.ceiling = f"triad {fmt_rate(ceiling, 'GB/s')}"
    else:
        row.ceiling = f"FMA peak {fmt_rate(ceiling, 'GFLOP/s')}"
    row.of_ceiling = f"{rate / ceiling:.0%}"
    row.met = verdict(case, rate, ceiling, m.numpy_rate)
    return row


def checked_row(m: Measurement, ceilings: dict) -> Row:
    """The row of `m`'s bounds-checked launches, against its unchecked ones."""
    case = m.case
    rate = case.work / m.checked_seconds / 1e9
    ratio = m.checked_seconds / m.seconds
    ceiling = ceilings[(case.ceiling, int(m.threads))]
    return Row(f"{case.name}, bounds-checked", m.threads, time=fmt_time(m.checked_seconds),
               achieved=fmt_rate(rate, case.unit), ceiling=f"triad {fmt_rate(ceiling, 'GB/s')}",
               of_ceiling=f"{rate / ceiling:.0%}",
               target=f"<= {CHECKED_TARGET}x unchecked",
               met=f"{'yes' if ratio <= CHECKED_TARGET else 'no'}: {ratio:.2f}x unchecked")


def measure_ceilings(ceilings: Ceilings, threads: list[int], quick: bool, reps: int,
                     best: dict) -> None:
    elements = 2**23 if quick else 2**25   # doubles per array: 3 x 256 MiB, 8x the L3 here
    iterations = 2**22 if quick else 2**24
    for count in threads:
        triad = ceilings.triad_gbps(elements, count, reps)
        fma = ceilings.fma_gflops(iterations, count, reps)
        best[("triad", count)] = max(best.get(("triad", count), 0.0), triad)
        best[("fma", count)] = max(best.get(("fma", count), 0.0), fma)
    noop_args = ctypes.c_void_p(0)
    floor = call_us(lambda: ceilings.noop(noop_args, 1, 1, 1, 1), 20000, reps)
    best[("launch", 1)] = min(best.get(("launch", 1), math.inf), floor)


def ceiling_rows(ceilings: Ceilings, best: dict, threads: list[int]) -> list[Row]:
    rows = []
    for count in threads:
        rows.append(Row("STREAM triad (ceiling)", str(count),
                        achieved=fmt_rate(best[("triad", count)], "GB/s")))
    for count in threads:
        rows.append(Row(f"FMA peak, {ceilings.isa} (ceiling)", str(count),
                        achieved=fmt_rate(best[("fma", count)], "GFLOP/s")))
    rows.append(Row("ctypes call of a no-op (launch floor)", "1",
                    time=f"{best[('launch', 1)]:.2f} us"))
    return rows


# --- Output -----------------------------------------------------------------------------------

def render(rows: list[Row], markdown: bool) -> str:
    cells = [HEADER] + [[r.kernel, r.threads, r.time, r.achieved, r.numpy, r.vs_numpy, r.torch,
                         r.vs_torch, r.ceiling, r.of_ceiling, r.target, r.met] for r in rows]
    if markdown:
        lines = ["| " + " | ".join(cells[0]) + " |", "|" + "---|" * len(HEADER)]
        return "\n".join(lines + ["| " + " | ".join(c) + " |" for c in cells[1:]])
    widths = [max(len(c[i]) for c in cells) for i in range(len(HEADER))]
    lines = ["  ".join(c[i].ljust(widths[i]) for i in range(len(HEADER))).rstrip()
             for c in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def describe_machine() -> str:
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} CPUs, {platform.system()} {platform.release()}"


def git_revision() -> str:
    try:
        revision = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"],
                                  capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(REPO), "status", "--porcelain",
                                "--untracked-files=no"], capture_output=True, text=True).stdout
        return revision + (" plus uncommitted changes" if dirty.strip() else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def parse_threads(text: Optional[str]) -> list[int]:
    cores = os.cpu_count() or 1
    if not text:
        return sorted({1, cores})
    counts = sorted({int(t) for t in text.split(",") if t.strip()})
    if not counts or counts[0] < 1:
        raise argparse.ArgumentTypeError(f"--threads takes positive integers; got {text!r}")
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=str, default=None,
                        help="comma-separated thread counts (default: 1 and every core)")
    parser.add_argument("--quick", action="store_true", help="small sizes, for smoke tests")
    parser.add_argument("--large", action="store_true", help="also matmul 4096^3")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    parser.add_argument("--reps", type=int, default=5, help="timed repetitions (best of)")
    parser.add_argument("--checked", action="store_true",
                        help="also time the memory-bound kernels bounds-checked (debug=True)")
    parser.add_argument("--only", type=str, default=None,
                        help="only the kernels whose names contain one of these comma-separated "
                             "texts")
    args = parser.parse_args()
    threads = parse_threads(args.threads)
    reps = 3 if args.quick and args.reps == 5 else args.reps

    started = time.time()
    load_start = os.getloadavg()
    ceilings = Ceilings()
    blas_threads = NumpyBlasThreads()
    best: dict = {}
    measure_ceilings(ceilings, threads, args.quick, reps, best)
    notes: list[str] = []
    measured: list[Measurement] = []
    for case in cases(args.quick, args.large):
        if args.only is not None and not any(text in case.name
                                             for text in args.only.split(",")):
            continue
        # The machine's bandwidth and clock vary with other work on it: the ceilings are the best
        # they reach in the run, measured before every case too.
        measure_ceilings(ceilings, threads, args.quick, 5, best)
        measured += measure_case(case, threads, reps, blas_threads, notes, args.checked)
    measure_ceilings(ceilings, threads, args.quick, reps, best)
    load_end = os.getloadavg()

    torch_note = (f"torch {TORCH.__version__} CPU, torch.set_num_threads(row's threads)"
                  if TORCH is not None else "torch: n/a (not installed)")
    print(f"Nereid CPU backend, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime(started))}, "
          f"{git_revision()}; {describe_machine()}")
    print(f"threads {threads}; best of at least {reps} calls and {MIN_TIMED_SECONDS:.0f} s "
          f"after a warm-up; {torch_note}; "
          f"{blas_threads.note}; load average {load_start[0]:.2f} at the start, "
          f"{load_end[0]:.2f} at the end ({time.time() - started:.0f} s)"
          + ("; --quick sizes" if args.quick else ""))
    print()
    rows = ceiling_rows(ceilings, best, threads)
    for m in measured:
        rows.append(kernel_row(m, best))
        if m.checked_seconds is not None:
            rows.append(checked_row(m, best))
    print(render(rows, args.markdown))
    print()
    print("Notes:")
    print("- x numpy / x torch: Nereid's speed over the peer's (above 1: Nereid is faster). numpy's "
          "elementwise ops run on one thread at every row's thread count; bf16 matmul's numpy "
          "is sgemm on the same values widened to fp32 (numpy has no bf16 BLAS).")
    print("- Ceilings: the best that the triad and FMA loops reach in the run; they run at its start, "
          "before every kernel, and at its end.")
    print("- empty kernel launch: `empty_kernel[(1,)](x, y, out, n, scale, num_threads=t)`, the "
          "whole @jit path, per call over 20000 calls; wall time, and in brackets the launching "
          "thread's CPU time, which other work on the machine inflates less.")
    for note in notes:
        print(f"- {note}")


if __name__ == "__main__":
    main()
