"""Nereid's demo: unchanged Triton kernels, written in Python, compile to native vectorized
multicore code on this CPU. Each result is checked against the interpreter (the golden model
of the language) on the same inputs, and each kernel is timed against numpy.

Run it with `make demo`.
"""

import contextlib
import os
import time
from typing import Callable, Iterator

import numpy as np

import nereid
import nereid.language as tl


@nereid.jit
def add_kernel(x_ptr, y_ptr, output_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(output_ptr + offsets, x + y, mask=mask)


@nereid.jit
def softmax_kernel(output_ptr, input_ptr, row_stride, n_cols, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols
    x = tl.load(input_ptr + row * row_stride + cols, mask=mask, other=-float("inf"))
    numerator = tl.exp(x - tl.max(x, axis=0))
    tl.store(output_ptr + row * row_stride + cols, numerator / tl.sum(numerator, axis=0),
             mask=mask)


@nereid.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    ks = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_ptr + rows[:, None] * stride_am + (k + ks)[None, :],
                    mask=(rows[:, None] < M) & ((k + ks)[None, :] < K), other=0.0)
        b = tl.load(b_ptr + (k + ks)[:, None] * stride_bk + cols[None, :],
                    mask=((k + ks)[:, None] < K) & (cols[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc, input_precision="ieee")
    tl.store(c_ptr + rows[:, None] * stride_cm + cols[None, :], acc,
             mask=(rows[:, None] < M) & (cols[None, :] < N))


@contextlib.contextmanager
def interpreter() -> Iterator[None]:
    """Launches inside run in the interpreter instead of natively."""
    os.environ["NEREID_INTERPRET"] = "1"
    try:
        yield
    finally:
        del os.environ["NEREID_INTERPRET"]


def best_time(run: Callable[[], object], repeats: int = 5) -> float:
    run()
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def report(name: str, work: str, native: float, numpy_time: float, unit: float) -> None:
    print(f"  {name:<28} {native * 1e3:8.2f} ms  {unit / native / 1e9:7.1f} {work}"
          f"   numpy {numpy_time * 1e3:8.2f} ms   {numpy_time / native:5.2f}x numpy")


def vector_add(rng: np.random.Generator) -> None:
    n = 1_000_003  # ragged: the last program is partly masked
    x, y = rng.standard_normal(n, dtype=np.float32), rng.standard_normal(n, dtype=np.float32)
    native, golden = np.empty_like(x), np.empty_like(x)
    grid = (nereid.cdiv(n, 1024),)
    add_kernel[grid](x, y, native, n, BLOCK_SIZE=1024)
    with interpreter():
        add_kernel[grid](x, y, golden, n, BLOCK_SIZE=1024)
    assert np.array_equal(native, golden), "vector add differs from the interpreter"
    assert np.array_equal(native, x + y), "vector add differs from numpy"
    print(f"vector add, {n} fp32: bit-identical to the interpreter and to numpy")

    n = 1 << 24
    x, y = rng.standard_normal(n, dtype=np.float32), rng.standard_normal(n, dtype=np.float32)
    out = np.empty_like(x)
    grid = (nereid.cdiv(n, 4096),)
    native_time = best_time(lambda: add_kernel[grid](x, y, out, n, BLOCK_SIZE=4096))
    numpy_time = best_time(lambda: np.add(x, y, out=out))
    report(f"vector add 2^24 fp32", "GB/s", native_time, numpy_time, 3 * x.nbytes)


def softmax(rng: np.random.Generator) -> None:
    rows, cols = 123, 781
    a = rng.standard_normal((rows, cols), dtype=np.float32)
    native, golden = np.empty_like(a), np.empty_like(a)
    softmax_kernel[(rows,)](native, a, cols, cols, BLOCK_SIZE=1024)
    with interpreter():
        softmax_kernel[(rows,)](golden, a, cols, cols, BLOCK_SIZE=1024)
    reference = np.exp(a - a.max(axis=1, keepdims=True))
    reference /= reference.sum(axis=1, keepdims=True)
    versus_golden = float(np.abs(native - golden).max())
    versus_numpy = float(np.abs(native - reference).max())
    assert versus_golden < 1e-6 and versus_numpy < 1e-6
    print(f"softmax, {rows}x{cols} fp32: max |difference| {versus_golden:.2g} from the "
          f"interpreter, {versus_numpy:.2g} from numpy")

    rows = cols = 4096
    a = rng.standard_normal((rows, cols), dtype=np.float32)
    out = np.empty_like(a)

    def numpy_softmax() -> np.ndarray:
        e = np.exp(a - a.max(axis=1, keepdims=True))
        return np.divide(e, e.sum(axis=1, keepdims=True), out=out)

    native_time = best_time(lambda: softmax_kernel[(rows,)](out, a, cols, cols,
                                                            BLOCK_SIZE=cols))
    numpy_time = best_time(numpy_softmax)
    report(f"softmax {rows}x{cols} fp32", "GB/s", native_time, numpy_time, 2 * a.nbytes)


def matmul(rng: np.random.Generator) -> None:
    def launch(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> None:
        (m, k), n = a.shape, b.shape[1]
        grid = (nereid.cdiv(m, 32), nereid.cdiv(n, 32))
        matmul_kernel[grid](a, b, c, m, n, k, k, n, n, BLOCK_M=32, BLOCK_N=32, BLOCK_K=16)

    m, n, k = 100, 90, 70
    a = rng.standard_normal((m, k), dtype=np.float32)
    b = rng.standard_normal((k, n), dtype=np.float32)
    native, golden = np.empty((m, n), np.float32), np.empty((m, n), np.float32)
    launch(a, b, native)
    with interpreter():
        launch(a, b, golden)
    assert np.array_equal(native, golden), "matmul differs from the interpreter"
    versus_numpy = float(np.abs(native - a @ b).max())
    assert versus_numpy < 1e-4
    print(f"matmul, {m}x{k} @ {k}x{n} fp32: bit-identical to the interpreter (same order of "
          f"fused multiply-adds), max |difference| {versus_numpy:.2g} from numpy")

    size = 1024
    a = rng.standard_normal((size, size), dtype=np.float32)
    b = rng.standard_normal((size, size), dtype=np.float32)
    c = np.empty((size, size), np.float32)
    native_time = best_time(lambda: launch(a, b, c), repeats=3)
    numpy_time = best_time(lambda: np.matmul(a, b, out=c), repeats=3)
    report(f"matmul {size}^3 fp32", "GFLOP/s", native_time, numpy_time, 2 * size**3)


def main() -> None:
    rng = np.random.default_rng()
    threads = os.environ.get("NEREID_NUM_THREADS", str(os.cpu_count()))
    print(f"== Triton kernels, native on this CPU ({threads} threads), checked against the "
          "interpreter ==")
    vector_add(rng)
    softmax(rng)
    matmul(rng)
    print("\nThe kernels' IR at every stage: NEREID_DUMP_IR=<dir> python examples/demo.py")


if __name__ == "__main__":
    main()
