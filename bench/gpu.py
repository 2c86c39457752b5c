"""The NVIDIA backend against upstream Triton on the same GPU, in the same run (issue 26, "Speed").

    python3 bench/gpu.py [--rounds R] [--calls N] [--json PATH]
    python3 bench/gpu.py --profile     where Nereid's warm launch spends its time (cProfile)

The rows of the issue's speed table. The warm launch of an empty kernel, `empty(x, n)` on a
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
launched). Then the memory-bound rows: vector add (fp32, 2^28 elements), softmax (fp32,
16384x4096) and the layer norm's forward pass (fp32, 8192x8192), each kernel written once
(bench/triton_kernels.py) and compiled by upstream Triton and by Nereid with the same launch
parameters, beside torch's operator; the fp16 matmul 8192^3 of the matmul tutorial's plain
pointer kernel (issue 27), by each compiler with the same blocks, with num_stages 3 (the
default), 4 and 1 (no pipelining in either), Nereid with and without implicit TMA, and the same
matmul through host tensor descriptors, beside cuBLAS; the fp8 (e4m3) matmul 8192^3 of the same
kernel with upstream tutorial 03's fp8 blocks, beside cuBLAS's; the fused attention forward
(fp16, 4 x 32 heads of 4096 x 128), beside torch's SDPA; and the cold compile and first launch
of the vector add by each compiler, in fresh processes with empty caches."""

from __future__ import annotations

import argparse
import ctypes
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, Callable

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


def profile_warm_launch(calls: int) -> None:
    """Prints the functions that Nereid's warm `kernel[grid](...)` of the empty kernel spends
    its time in, over `calls` launches, by their own time (cProfile's)."""
    import cProfile
    import pstats

    launch = nereid_jit_launch()
    for _ in range(calls):
        launch()
    torch.cuda.synchronize()
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(calls):
        launch()
    profiler.disable()
    torch.cuda.synchronize()
    pstats.Stats(profiler).sort_stats("tottime").print_stats(25)


def load_kernels(runtime: str) -> ModuleType:
    """bench/triton_kernels.py compiled by `runtime` ("triton": upstream Triton, "nereid"), as
    a module of its own, so that one process holds both: the same source for both compilers."""
    previous = os.environ.get("BENCH_RUNTIME")
    os.environ["BENCH_RUNTIME"] = runtime
    try:
        name = f"triton_kernels_{runtime}"
        spec = importlib.util.spec_from_file_location(name, ROOT / "bench" / "triton_kernels.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    finally:
        if previous is None:
            del os.environ["BENCH_RUNTIME"]
        else:
            os.environ["BENCH_RUNTIME"] = previous
    return module


@dataclass
class BandwidthCase:
    """A memory-bound row: the bytes one run must move, how each peer runs it (each returns its
    output), the reference output and the tolerance of the check, and the issue's target (the
    least Nereid / upstream Triton)."""
    name: str
    bytes_moved: int
    runs: dict[str, Callable[[], torch.Tensor]]
    expected: torch.Tensor
    rtol: float
    atol: float
    target: float


def returning(output: torch.Tensor, launch: Callable[[], Any]) -> Callable[[], torch.Tensor]:
    """`launch`, as a run that returns the tensor it writes."""
    def run() -> torch.Tensor:
        launch()
        return output
    return run


def bandwidth_cases(upstream: ModuleType, nereid: ModuleType) -> list[BandwidthCase]:
    """The issue's memory-bound rows, each kernel from bench/triton_kernels.py compiled by
    upstream Triton and by Nereid with the same launch parameters, beside torch's operator."""
    cases = []

    n = 1 << 28
    x, y = torch.rand(n, device="cuda"), torch.rand(n, device="cuda")
    added = torch.full_like(x, float("nan"))

    def add(kernels):
        return returning(added, lambda: kernels.add_kernel[((n + 1023) // 1024,)](
            x, y, added, n, BLOCK_SIZE=1024))

    cases.append(BandwidthCase(
        "vector add fp32 2^28", 12 * n,
        {"upstream": add(upstream), "nereid": add(nereid), "torch": lambda: x + y},
        x + y, 0, 0, 0.95))

    rows, cols = 16384, 4096
    s = torch.randn(rows, cols, device="cuda")
    normalized = torch.full_like(s, float("nan"))

    def softmax(kernels):
        # Read from `s` here: the enclosing `rows` and `cols` are rebound to the layer norm's
        # shape before the runs.
        rows, cols = s.shape
        return returning(normalized, lambda: kernels.softmax_kernel[(rows,)](
            normalized, s, cols, cols, cols, BLOCK_SIZE=4096, num_warps=8))

    cases.append(BandwidthCase(
        f"softmax fp32 {rows}x{cols}", 2 * rows * cols * 4,
        {"upstream": softmax(upstream), "nereid": softmax(nereid),
         "torch": lambda: torch.softmax(s, dim=1)},
        torch.softmax(s.double(), dim=1).float(), 1e-5, 1e-7, 0.95))

    rows, cols = 8192, 8192
    z = torch.randn(rows, cols, device="cuda")
    w, b = torch.rand(cols, device="cuda"), torch.rand(cols, device="cuda")
    out = torch.full_like(z, float("nan"))
    mean, rstd = torch.empty(rows, device="cuda"), torch.empty(rows, device="cuda")

    def layer_norm(kernels):
        return returning(out, lambda: kernels.layer_norm_fwd_kernel[(rows,)](
            z, out, w, b, mean, rstd, cols, cols, 1e-5, BLOCK_SIZE=8192, num_warps=8))

    cases.append(BandwidthCase(
        f"layer norm fwd fp32 {rows}x{cols}", 2 * rows * cols * 4,
        {"upstream": layer_norm(upstream), "nereid": layer_norm(nereid),
         "torch": lambda: torch.nn.functional.layer_norm(z, (cols,), w, b, 1e-5)},
        torch.nn.functional.layer_norm(z.double(), (cols,), w.double(), b.double(),
                                       1e-5).float(), 1e-4, 1e-4, 1.0))
    return cases


def measure_matmul(upstream: ModuleType, nereid: ModuleType, num_stages: int,
                   descriptors: bool = False, size: int = 8192) -> dict[str, Any]:
    """TFLOP/s of the fp16 matmul `size`^3 (f32 accumulation) of bench/triton_kernels.py
    compiled by upstream Triton and by Nereid with the same blocks (128 x 128 x 64, 8 warps)
    and `num_stages` (both pipeline the loads through shared memory in that many stages from 2
    on: cp.async for plain pointers; with `descriptors`, the kernel that reads a and b through
    host-side tensor descriptors, which both copy with TMA), and of torch.matmul (cuBLAS); each checked against cuBLAS first (f16 results of sums of 8192 products: within
    2^-8 relative, 0.05 absolute). A peer that fails gets its error instead."""
    a = torch.randn(size, size, device="cuda", dtype=torch.float16)
    b = torch.randn(size, size, device="cuda", dtype=torch.float16)
    expected = torch.matmul(a, b)
    c = torch.empty_like(expected)
    blocks = dict(BLOCK_M=128, BLOCK_N=128, BLOCK_K=64, GROUP_M=8, num_warps=8,
                  num_stages=num_stages)
    grid = ((size // 128) * (size // 128),)

    def tutorial(kernels):
        if descriptors:
            a_desc = kernels.TensorDescriptor.from_tensor(a, [128, 64])
            b_desc = kernels.TensorDescriptor.from_tensor(b, [64, 128])
            return returning(c, lambda: kernels.matmul_descriptor_kernel[grid](
                a_desc, b_desc, c, size, size, size, size, 1, **blocks))
        return returning(c, lambda: kernels.matmul_kernel[grid](
            a, b, c, size, size, size, size, 1, size, 1, size, 1, **blocks))

    runs = {"upstream": tutorial(upstream), "nereid": tutorial(nereid),
            "cuBLAS": lambda: torch.matmul(a, b)}
    return tflops_of_peers(runs, c, expected, 2 * size ** 3, rtol=2**-8, atol=0.05)


def measure_fp8_matmul(upstream: ModuleType, nereid: ModuleType,
                       size: int = 8192) -> dict[str, Any]:
    """TFLOP/s of the fp8 (e4m3) matmul `size`^3 into f32, stored as f16, of the same kernel
    (bench/triton_kernels.py's matmul_kernel) compiled by upstream Triton and by Nereid with the
    blocks of upstream tutorial 03's fp8 configuration (128 x 256 x 128, 8 warps, 3 stages),
    b K-major as the tutorial passes it (the transpose of a row-major N x K), and of cuBLAS
    (torch._scaled_mm, unit scales); each checked first (f16 results: within 2^-8 relative,
    0.05 absolute). cuBLAS is checked against the f32 product of the same values. The two
    compilers are checked against upstream's result: on sm_90 both leave the tensor cores to
    add each wgmma's products into about 13 mantissa bits (upstream's default
    max_num_imprecise_acc), and at K = 8192 both differed from the f32 product by up to 3.5
    in the same 9% of the elements (bench/RESULTS.md, 2026-12-08), while cuBLAS promotes its
    sums. Where upstream fails, the f32 product is the reference for both. A peer that fails
    gets its error instead."""
    a = torch.randn(size, size, device="cuda").to(torch.float8_e4m3fn)
    b = torch.randn(size, size, device="cuda").to(torch.float8_e4m3fn).t()
    expected = torch.matmul(a.float(), b.float()).half()
    c = torch.empty_like(expected)
    blocks = dict(BLOCK_M=128, BLOCK_N=256, BLOCK_K=128, GROUP_M=8, num_warps=8, num_stages=3)
    grid = ((size // 128) * (size // 256),)

    def tutorial(kernels):
        return returning(c, lambda: kernels.matmul_kernel[grid](
            a, b, c, size, size, size, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
            c.stride(0), c.stride(1), **blocks))

    one = torch.ones((), device="cuda")
    flops = 2 * size ** 3
    compilers = {"upstream": tutorial(upstream), "nereid": tutorial(nereid)}
    try:
        accumulated_alike = compilers["upstream"]().clone()
    except Exception:  # noqa: BLE001 - upstream's row says why
        accumulated_alike = expected
    results = tflops_of_peers(compilers, c, accumulated_alike, flops, rtol=2**-8, atol=0.05)
    results.update(tflops_of_peers(
        {"cuBLAS": lambda: torch._scaled_mm(a, b, one, one, out_dtype=torch.float16)}, c,
        expected, flops, rtol=2**-8, atol=0.05))
    return results


def measure_attention(upstream: ModuleType, nereid: ModuleType, batch: int = 4, heads: int = 32,
                      n_ctx: int = 4096, head_dim: int = 128) -> dict[str, Any]:
    """TFLOP/s (4 N^2 D per head: its two products) of the fused attention forward of
    bench/triton_kernels.py (fp16, not causal) compiled by upstream Triton and by Nereid with
    the same blocks (128 queries by 64 keys, 8 warps, 3 stages), and of torch's
    scaled_dot_product_attention; each checked first against SDPA in f32 (f16 results:
    within 0.01 relative and absolute). A peer that fails gets its error instead."""
    shape = (batch, heads, n_ctx, head_dim)
    q, k, v = (torch.randn(shape, device="cuda", dtype=torch.float16) for _ in range(3))
    scale = head_dim ** -0.5
    sdpa = torch.nn.functional.scaled_dot_product_attention
    expected = sdpa(q.float(), k.float(), v.float(), scale=scale).half()
    out = torch.empty_like(q)
    grid = (n_ctx // 128, batch * heads)

    def fused(kernels):
        return returning(out, lambda: kernels.attention_fwd_kernel[grid](
            q, k, v, out, scale, n_ctx, BLOCK_M=128, BLOCK_N=64, HEAD_DIM=head_dim, num_warps=8,
            num_stages=3))

    runs = {"upstream": fused(upstream), "nereid": fused(nereid),
            "SDPA": lambda: sdpa(q, k, v, scale=scale)}
    return tflops_of_peers(runs, out, expected, 4 * batch * heads * n_ctx ** 2 * head_dim,
                           rtol=0.01, atol=0.01)


def tflops_of_peers(runs: dict[str, Callable[[], torch.Tensor]], output: torch.Tensor,
                    expected: torch.Tensor, flops: int, rtol: float, atol: float
                    ) -> dict[str, Any]:
    """TFLOP/s of each peer's run of `flops` operations, its `output` poisoned first and then
    checked against `expected` (checked_milliseconds); a peer that fails gets its error."""
    results = {}
    for peer, run in runs.items():
        output.fill_(float("nan"))
        milliseconds = checked_milliseconds(run, expected, rtol=rtol, atol=atol)
        results[peer] = (flops / milliseconds / 1e9
                         if isinstance(milliseconds, float) else milliseconds)
    return results


def checked_milliseconds(run: Callable[[], torch.Tensor], expected: torch.Tensor, rtol: float,
                         atol: float) -> Any:
    """The median of do_bench for `run`, once its output is checked against `expected`; where
    it fails to compile, run or match, "failed: " and the error's lines (assert_close's say how
    many elements differ, and by how much), so that the row says why and the others still run."""
    from triton.testing import do_bench

    try:
        torch.testing.assert_close(run(), expected, rtol=rtol, atol=atol)
        return float(do_bench(run, return_mode="median"))
    except Exception as error:
        said = "; ".join(line.strip() for line in str(error).splitlines() if line.strip())
        return f"failed: {said[:400]}"


def measure_bandwidth(case: BandwidthCase) -> dict[str, Any]:
    """GB/s of each peer of `case` (the median of do_bench), each checked against the reference
    first; a peer that fails gets its error instead (checked_milliseconds)."""
    results = {}
    for peer, run in case.runs.items():
        milliseconds = checked_milliseconds(run, case.expected, case.rtol, case.atol)
        results[peer] = (case.bytes_moved / milliseconds / 1e6
                         if isinstance(milliseconds, float) else milliseconds)
    return results


def table_row(name: str, row: dict[str, Any], peers: tuple[str, str, str], target: str) -> str:
    """A table row: each peer's figure (or error), Nereid / upstream, and the target."""
    cells = [f"{row[peer]:.0f}" if isinstance(row[peer], float) else row[peer] for peer in peers]
    ratio = (f"{row['nereid'] / row['upstream']:.3f}"
             if all(isinstance(row[p], float) for p in ("upstream", "nereid")) else "-")
    return f"| {name} | {' | '.join(cells)} | {ratio} | {target} |"


def cold_first_launch_seconds(runtime: str) -> float:
    """Seconds from the first call of the vector-add kernel to the end of its run, in a fresh
    process with an empty kernel cache (Nereid's or upstream Triton's): compiling it and
    launching it once, the imports and torch's CUDA start-up aside."""
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NEREID_CACHE_DIR=cache, TRITON_CACHE_DIR=cache)
        output = subprocess.run([sys.executable, __file__, "--cold", runtime], env=env,
                                check=True, capture_output=True, text=True).stdout
    return float(output.strip().splitlines()[-1])


def time_cold_first_launch(runtime: str) -> None:
    """The child of cold_first_launch_seconds: prints the seconds."""
    torch.cuda.init()
    n = 1 << 20
    x, y = torch.rand(n, device="cuda"), torch.rand(n, device="cuda")
    out = torch.empty_like(x)
    kernels = load_kernels(runtime)
    torch.cuda.synchronize()
    start = time.perf_counter()
    kernels.add_kernel[((n + 1023) // 1024,)](x, y, out, n, BLOCK_SIZE=1024)
    torch.cuda.synchronize()
    seconds = time.perf_counter() - start
    if not torch.equal(out, x + y):
        raise AssertionError(f"{runtime}: the vector add is wrong")
    print(seconds)


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
    parser.add_argument("--profile", action="store_true",
                        help="profile Nereid's warm launches instead of measuring")
    parser.add_argument("--cold", choices=["triton", "nereid"],
                        help="(internal) time one cold first launch of the vector add")
    arguments = parser.parse_args()
    if arguments.cold:
        time_cold_first_launch(arguments.cold)
        return
    if arguments.profile:
        profile_warm_launch(arguments.calls * 10)
        return

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
    upstream, nereid = load_kernels("triton"), load_kernels("nereid")
    print("\nmemory-bound kernels, GB/s (the median of do_bench; each checked against a float64 "
          "torch reference first)\n| kernel | upstream Triton | Nereid | torch | Nereid / "
          "upstream | target |\n|---|---|---|---|---|---|")
    results["bandwidth_gbps"] = {}
    for case in bandwidth_cases(upstream, nereid):
        row = measure_bandwidth(case)
        results["bandwidth_gbps"][case.name] = row
        print(table_row(case.name, row, ("upstream", "nereid", "torch"), f">= {case.target}"))
    print("\ncompute-bound kernels, TFLOP/s (the median of do_bench; each checked against "
          "cuBLAS first)\n| kernel | upstream Triton | Nereid | cuBLAS | Nereid / upstream | "
          "target |\n|---|---|---|---|---|---|")
    # Implicit TMA (NEREID_IMPLICIT_TMA, a compile setting read at each launch) is on where a
    # row says.
    for num_stages, implicit, key, target in (
            (3, "1", "matmul_tflops", ">= 0.9 (>= upstream's descriptors with implicit TMA)"),
            (3, "0", "matmul_tflops_no_implicit_tma", ">= 0.9"),
            (4, "1", "matmul_tflops_four_stages", "(more stages)"),
            (1, "1", "matmul_tflops_one_stage", "(no pipelining)")):
        os.environ["NEREID_IMPLICIT_TMA"] = implicit
        row = measure_matmul(upstream, nereid, num_stages)
        del os.environ["NEREID_IMPLICIT_TMA"]
        results[key] = row
        tma = "implicit TMA" if implicit == "1" else "no implicit TMA"
        print(table_row(f"fp16 matmul 8192^3, plain pointers ({tma}), 128x128x64 blocks, "
                        f"num_stages={num_stages}", row, ("upstream", "nereid", "cuBLAS"), target))
    for num_stages, key in ((3, "matmul_descriptors_tflops"),
                            (4, "matmul_descriptors_tflops_four_stages")):
        row = measure_matmul(upstream, nereid, num_stages, descriptors=True)
        results[key] = row
        print(table_row(f"fp16 matmul 8192^3, host tensor descriptors (TMA), 128x128x64 "
                        f"blocks, num_stages={num_stages}", row, ("upstream", "nereid", "cuBLAS"),
                        "(explicit TMA)"))
    row = measure_fp8_matmul(upstream, nereid)
    results["fp8_matmul_tflops"] = row
    print(table_row("fp8 e4m3 matmul 8192^3, plain pointers, b K-major, 128x256x128 blocks, "
                    "num_stages=3", row, ("upstream", "nereid", "cuBLAS"), ">= 0.85"))
    row = measure_attention(upstream, nereid)
    results["attention_tflops"] = row
    print(table_row("fused attention fwd fp16, B4 H32 N4096 D128, not causal, plain pointers, "
                    "128x64 blocks, num_stages=3", row, ("upstream", "nereid", "SDPA"),
                    ">= 0.85"))
    print("\ncold compile and first launch of the vector add (a fresh process, an empty cache)\n"
          "| compiler | seconds |\n|---|---|")
    results["cold_first_launch_s"] = {}
    for runtime in ("triton", "nereid"):
        seconds = cold_first_launch_seconds(runtime)
        results["cold_first_launch_s"][runtime] = seconds
        print(f"| {'upstream Triton' if runtime == 'triton' else 'Nereid'} | {seconds:.3f} |")
    if arguments.json:
        arguments.json.write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
