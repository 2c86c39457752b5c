"""Programs whose tiles outgrow a thread's stack: a matmul in 1024 x 1024 blocks keeps a 4 MiB
f32 accumulator, which crashed oneTBB's workers (4 MiB stacks) with a segmentation fault
before cpu-limit-stack-buffers moved it to the heap. On OpenMP's threads and oneTBB's, the
result is checked against numpy within the dot tolerance of tf32 operands (the tutorial's
default precision)."""

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from kernels import tutorials  # noqa: E402


@pytest.mark.parametrize("scheduler", ["openmp", "tbb"])
def test_a_matmul_in_blocks_larger_than_a_stack(scheduler):
    rng = np.random.default_rng()
    m, n, k = 1024, 2048, int(rng.integers(33, 64))  # a ragged last K block
    a = rng.standard_normal((m, k)).astype(np.float32)
    b = rng.standard_normal((k, n)).astype(np.float32)
    c = np.full((m, n), np.nan, np.float32)
    tutorials.matmul_kernel[(2,)](a, b, c, m, n, k, k, 1, n, 1, n, 1, BLOCK_SIZE_M=1024,
                                  BLOCK_SIZE_N=1024, BLOCK_SIZE_K=16, GROUP_SIZE_M=1,
                                  num_threads=2, scheduler=scheduler)
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    bound = (2.0**-10 + k * 2.0**-24) * (np.abs(a64) @ np.abs(b64)) + 1e-6
    error = np.abs(c - a64 @ b64)
    assert np.all(error <= bound), f"{np.count_nonzero(error > bound)} elements off"
