"""The NVIDIA backend against upstream Triton on the same GPU, in the same run (issue 26, "Speed").

    python3 bench/gpu.py [--rounds R] [--calls N] [--json PATH]

Two rows of the issue's table. The warm launch of an empty kernel, `empty(x, n)` on a
one-program grid with 4 warps, so that the time is all launch:
- upstream Triton's `kernel[grid](x, n)` (its @jit path: binding, specialization, the cache
  lookup, its launcher) -- the issue's baseline;
- Nereid's `kernel[grid](x, n)`, the same path, on the cubin it compiled;
- Nereid's `CompiledNvidiaKernel.launch` on the cubin nvcc builds from
  test/python/nvidia/launch_kernels.cu: the runtime's share of a launch (torch's current device
  and stream, the argument checks and marshalling, the grid check, cuLaunchKernelEx);
- the floor: the runtime's launch function, `nereid_cuda_launch_prepared` (which Nereid's warm
  launches call), on the kernel's launch prepared once, with its arguments packed once.
Each round times N launches and synchronizes once at its end; the figure is the median over the
rounds of the time per launch (host wall clock: the GPU runs empty kernels faster than they are
launched). Then the vector-add tutorial's bandwidth (fp32, 2^28 elements) compiled by upstream
Triton and by Nereid, beside torch's `x + y`, each checked against torch first."""

from __future__ import annotations

import argparse
import ctypes
import json
import statistics
import sys
import time
from pathlib import Path

import torch

ROOT = Path(__file__).resolve().parent.parent
try:
    import nereid_nvidia  # noqa: F401 -- installed (the wheel), with its libraries
except ImportError:  # the checkout, with its build tree's libraries
    sys.path[:0] = [str(ROOT / "python"), str(ROOT / "backends" / "nvidia" / "python")]

from nereid.language import dtypes  # noqa: E402
from nereid_nvidia import driver  # noqa: E402
from nereid_nvidia.kernel import CompiledNvidiaKernel  # noqa: E402
from nereid_nvidia.toolkit import compile_cuda_to_cubin  # noqa: E402


def per_launch_us(launch, rounds: int, calls: int) -> float:
    """The median over `rounds` of the wall time per call of `calls` calls of `launch`, in µs."""
    for _ in range(calls):  # warm-up: caches, module loads, the driver's first launches
        launch()
    torch.cuda.synchronize()
    times = []
    for _ in range(rounds):
        start = time.perf_counter_ns()
        for _ in range(calls):
            launch()
        torch.cuda.synchronize()
        times.append((time.perf_counter_ns() - start) / calls / 1000)
    return statistics.median(times)


def upstream_triton_launch():
    import triton

    @triton.jit
    def empty(x, n):
        pass

    x = torch.empty(1024, device="cuda")
    return triton.__version__, lambda: empty[(1,)](x, 1024, num_warps=4)


def nereid_jit_launch():
    """Nereid's whole `kernel[grid](...)` path on a kernel it compiled itself."""
    import nereid

    @nereid.jit
    def empty(x, n):
        pass

    x = torch.empty(1024, device="cuda")
    return lambda: empty[(1,)](x, 1024, num_warps=4)


def vector_add_bandwidth(n: int) -> list[tuple[str, float]]:
    """GB/s of the vector-add tutorial kernel (fp32, n elements: 12 n bytes moved) compiled by
    upstream Triton and by Nereid, and of torch's `x + y`, each the median of do_bench."""
    import nereid
    import nereid.language as tl
    import triton
    import triton.language as ttl
    from triton.testing import do_bench

    @triton.jit
    def upstream_add(x_ptr, y_ptr, out_ptr, n, BLOCK: ttl.constexpr):
        offsets = ttl.program_id(0) * BLOCK + ttl.arange(0, BLOCK)
        mask = offsets < n
        ttl.store(out_ptr + offsets, ttl.load(x_ptr + offsets, mask=mask)
                  + ttl.load(y_ptr + offsets, mask=mask), mask=mask)

    @nereid.jit
    def nereid_add(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
        offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        mask = offsets < n
        tl.store(out_ptr + offsets, tl.load(x_ptr + offsets, mask=mask)
                 + tl.load(y_ptr + offsets, mask=mask), mask=mask)

    x, y = torch.rand(n, device="cuda"), torch.rand(n, device="cuda")
    rows = []
    for name, run in (
            ("upstream Triton", lambda out: upstream_add[(triton.cdiv(n, 1024),)](
                x, y, out, n, BLOCK=1024)),
            ("Nereid", lambda out: nereid_add[((n + 1023) // 1024,)](x, y, out, n,
                                                                     BLOCK=1024)),
            ("torch x + y", lambda out: torch.add(x, y, out=out))):
        out = torch.full_like(x, float("nan"))
        run(out)
        if not torch.equal(out, x + y):
            raise AssertionError(f"{name}: the vector add is wrong")
        milliseconds = do_bench(lambda: run(out), return_mode="median")
        rows.append((name, 12 * n / milliseconds / 1e6))
    return rows


def nereid_launches():
    cubin = compile_cuda_to_cubin(ROOT / "test" / "python" / "nvidia" / "launch_kernels.cu")
    kernel = CompiledNvidiaKernel("empty", cubin, {"x": dtypes.pointer_type(dtypes.float32),
                                                   "n": dtypes.int32}, 4, 0)
    x = torch.empty(1024, device="cuda")
    values, grid = [x, 1024], (1,)

    def launch():
        kernel.launch(values, grid)

    launch()
    prepared = kernel.prepared(torch.cuda.current_device())
    prepared.stream = torch.cuda.current_stream().cuda_stream
    prepared.grid_x, prepared.grid_y, prepared.grid_z = 1, 1, 1
    kernel.marshaller.pack(values)
    raw, address = driver.launch_prepared_function(), ctypes.addressof(prepared)

    def floor():
        raw(address)

    return launch, floor


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=50)
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--json", type=Path, help="also write the results here")
    arguments = parser.parse_args()

    torch.cuda.init()
    device = torch.cuda.get_device_name()
    triton_version, triton_launch = upstream_triton_launch()
    nereid_launch, floor = nereid_launches()
    rows = [
        (f"upstream Triton {triton_version}: empty[(1,)](x, n)", triton_launch),
        ("Nereid: empty[(1,)](x, n)", nereid_jit_launch()),
        ("Nereid runtime: CompiledNvidiaKernel.launch([x, n], (1,))", nereid_launch),
        ("floor: the runtime's nereid_cuda_launch_prepared, arguments packed once", floor),
    ]
    results = {"device": device, "driver": driver.format_version(driver.driver_version()),
               "torch": torch.__version__, "rounds": arguments.rounds,
               "calls": arguments.calls, "warm_launch_us": {}}
    print(f"warm launch of an empty kernel on {device} (driver CUDA {results['driver']}, "
          f"torch {torch.__version__}); median of {arguments.rounds} rounds of "
          f"{arguments.calls} launches")
    print("| launch | µs per launch |\n|---|---|")
    for name, launch in rows:
        microseconds = per_launch_us(launch, arguments.rounds, arguments.calls)
        results["warm_launch_us"][name] = microseconds
        print(f"| {name} | {microseconds:.2f} |")
    n = 1 << 28
    print("\nvector add, fp32, n = 2^28 (12 n bytes moved), median of do_bench\n"
          "| kernel | GB/s |\n|---|---|")
    results["vector_add_gbps"] = {}
    for name, gbps in vector_add_bandwidth(n):
        results["vector_add_gbps"][name] = gbps
        print(f"| {name} | {gbps:.0f} |")
    if arguments.json:
        arguments.json.write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
