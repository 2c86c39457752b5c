"""The Python overhead of launching a CPU kernel: an empty kernel on a one-program grid, so that
the time is all launch. Each row adds one layer over the floor, the bare ctypes call.

    .venv/bin/python bench/cpu_launch_overhead.py [--calls N]

Rows: the ctypes call of `K_grid` with packed arguments (the floor); `CompiledCpuKernel.launch`
(argument checks and marshalling, then the call) on one thread with the OpenMP entry, on every
core, and with the oneTBB scheduler; and `kernel[grid](...)`, the whole @jit path (binding,
specialization, the compiled-kernel lookup, backend choice). Times are the best of 5 runs of
N calls each, per call: wall time, and the CPU time of the launching thread, which a machine
shared with other work inflates less.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
import timeit

import numpy as np

import nereid
import nereid_cpu


@nereid.jit
def empty_kernel(x_ptr, y_ptr, out_ptr, n, scale):
    pass


def per_call_us(function, calls: int, timer=time.perf_counter) -> float:
    function()
    return min(timeit.repeat(function, number=calls, repeat=5, timer=timer)) / calls * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=100_000)
    calls = parser.parse_args().calls
    os.environ.setdefault("NEREID_CACHE_DIR", tempfile.mkdtemp(prefix="nereid-bench-"))

    x, y, out = (np.zeros(1024, np.float32) for _ in range(3))
    arguments = [x, y, out, 1024, 0.5]
    compiled = empty_kernel.warmup(*arguments, grid=(1,))
    kernel = nereid_cpu.compile(compiled.asm["ttir"], compiled.name, compiled.signature.types)
    kernel.launch(arguments, (1, 1, 1), 1)
    grid_fn, args_address = kernel._grid_fn, kernel._marshaller.args_address

    rows = [
        ("ctypes call of K_grid (floor)", lambda: grid_fn(args_address, 1, 1, 1, 1)),
        ("CompiledCpuKernel.launch, openmp, 1 thread",
         lambda: kernel.launch(arguments, (1, 1, 1), 1)),
        (f"CompiledCpuKernel.launch, openmp, {os.cpu_count()} threads",
         lambda: kernel.launch(arguments, (1, 1, 1))),
        ("CompiledCpuKernel.launch, tbb, 1 thread",
         lambda: kernel.launch(arguments, (1, 1, 1), 1, "tbb")),
        ("empty_kernel[(1,)](...), num_threads=1",
         lambda: empty_kernel[(1,)](*arguments, num_threads=1)),
    ]
    print(f"Launch overhead of an empty CPU kernel (3 arrays, an int, a float), {calls} calls")
    print("| launch | wall us per call | thread CPU us per call |")
    print("|---|---|---|")
    for name, function in rows:
        wall = per_call_us(function, calls)
        cpu = per_call_us(function, calls, time.thread_time)
        print(f"| {name} | {wall:.2f} | {cpu:.2f} |")


if __name__ == "__main__":
    main()
