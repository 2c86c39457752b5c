"""The interpreter's throughput: vector add and softmax in GB/s, on one thread and on every core,
next to upstream Triton's interpreter (TRITON_INTERPRET=1) when `triton` and `torch` are
installed, and numpy doing the same work as the machine's practical ceiling.

    .venv/bin/python bench/interpreter.py [--rep MS]

Times are nereid.testing.do_bench means (host timing) of whole launches; GB/s counts the bytes
each kernel must move (add: read x and y, write out; softmax: read and write the matrix). The
upstream peer runs in a subprocess, because TRITON_INTERPRET must be set before triton is
imported and the two runtimes should not share a process.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

# (name, kind, shape, block)
CASES = [
    ("vector add", "add", (2**20,), 1024),
    ("vector add", "add", (2**22,), 1024),
    ("softmax", "softmax", (1024, 1024), 1024),
]


def bytes_moved(kind: str, shape: tuple) -> int:
    elements = int(np.prod(shape))
    return 4 * elements * (3 if kind == "add" else 2)


def make_inputs(kind: str, shape: tuple):
    rng = np.random.default_rng(0)
    x = rng.standard_normal(shape, dtype=np.float32)
    y = rng.standard_normal(shape, dtype=np.float32) if kind == "add" else None
    return x, y


def numpy_softmax(x, out):
    np.subtract(x, x.max(axis=1, keepdims=True), out=out)
    np.exp(out, out=out)
    out /= out.sum(axis=1, keepdims=True)


def launcher(kernels, kind, shape, block, x, y, out, **options):
    """A function that launches one case; x, y, out are arrays of the runtime's kind."""
    if kind == "add":
        n = shape[0]
        grid = ((n + block - 1) // block,)
        return lambda: kernels.add_kernel[grid](x, y, out, n, BLOCK_SIZE=block, **options)
    rows, cols = shape
    return lambda: kernels.softmax_kernel[(rows,)](out, x, cols, cols, cols, BLOCK_SIZE=block,
                                                   **options)


def check(kind, x, y, out):
    if kind == "add":
        expected = x + y
    else:
        expected = np.empty_like(x)
        numpy_softmax(x, expected)
    np.testing.assert_allclose(out, expected, rtol=1e-5, atol=1e-6)


def measure_nereid(threads: list[int], rep_ms: int) -> dict:
    os.environ["NEREID_INTERPRET"] = "1"
    import triton_kernels as kernels
    from nereid.testing import do_bench

    results = {}
    for name, kind, shape, block in CASES:
        x, y = make_inputs(kind, shape)
        out = np.empty_like(x)
        key = f"{name} {shape}"
        results[key] = {}
        for count in threads:
            run = launcher(kernels, kind, shape, block, x, y, out, num_threads=count)
            results[key][f"nereid x{count}"] = do_bench(run, warmup=1, rep=rep_ms)
            check(kind, x, y, out)
        if kind == "add":
            results[key]["numpy"] = do_bench(lambda: np.add(x, y, out=out), rep=rep_ms)
        else:
            results[key]["numpy"] = do_bench(lambda: numpy_softmax(x, out), rep=rep_ms)
    return results


def measure_triton(rep_ms: int) -> dict:
    """Runs in the subprocess, with TRITON_INTERPRET=1 and BENCH_RUNTIME=triton."""
    import torch

    import triton_kernels as kernels
    from nereid.testing import do_bench

    results = {}
    for name, kind, shape, block in CASES:
        x, y = make_inputs(kind, shape)
        tx = torch.from_numpy(x)
        ty = torch.from_numpy(y) if y is not None else None
        tout = torch.empty_like(tx)
        run = launcher(kernels, kind, shape, block, tx, ty, tout)
        results[f"{name} {shape}"] = {"triton": do_bench(run, warmup=1, rep=rep_ms)}
        check(kind, x, y, tout.numpy())
    return results


def triton_peer(rep_ms: int) -> tuple[dict, str]:
    missing = [m for m in ("triton", "torch") if importlib.util.find_spec(m) is None]
    if missing:
        return {}, f"upstream Triton interpreter: not measured ({' and '.join(missing)} " \
                   "not installed)"
    env = dict(os.environ, TRITON_INTERPRET="1", BENCH_RUNTIME="triton")
    env.pop("NEREID_INTERPRET", None)
    done = subprocess.run([sys.executable, __file__, "--peer-triton", "--rep", str(rep_ms)],
                          env=env, capture_output=True, text=True)
    if done.returncode != 0:
        return {}, "upstream Triton interpreter: failed:\n" + done.stderr[-2000:]
    import triton

    return json.loads(done.stdout.splitlines()[-1]), \
        f"upstream Triton {triton.__version__} interpreter (TRITON_INTERPRET=1), torch CPU tensors"


def table(nereid_ms: dict, triton_ms: dict, threads: list[int]) -> str:
    header = ["kernel", "MB moved"] + [f"nereid x{t} GB/s" for t in threads]
    if triton_ms:
        header += ["triton GB/s"] + [f"nereid x{t} / triton" for t in threads]
    header += ["numpy GB/s", f"nereid x{threads[-1]} / numpy"]
    rows = []
    for name, kind, shape, block in CASES:
        key = f"{name} {shape}"
        moved = bytes_moved(kind, shape)
        gbps = {k: moved / (ms * 1e-3) / 1e9 for k, ms in nereid_ms[key].items()}
        label = f"{name} {'x'.join(str(s) for s in shape)} fp32"
        row = [label, f"{moved / 1e6:.1f}"] + [f"{gbps[f'nereid x{t}']:.3f}" for t in threads]
        if triton_ms:
            upstream = moved / (triton_ms[key]["triton"] * 1e-3) / 1e9
            row += [f"{upstream:.3f}"] + [f"{gbps[f'nereid x{t}'] / upstream:.1f}x"
                                          for t in threads]
        row += [f"{gbps['numpy']:.2f}", f"{gbps[f'nereid x{threads[-1]}'] / gbps['numpy']:.4f}"]
        rows.append(row)
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rep", type=int, default=300, help="do_bench rep in ms")
    parser.add_argument("--peer-triton", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.peer_triton:
        print(json.dumps(measure_triton(args.rep)))
        return
    cores = os.cpu_count() or 1
    threads = [1] if cores == 1 else [1, cores]
    nereid_ms = measure_nereid(threads, args.rep)
    triton_ms, peer_note = triton_peer(args.rep)
    print(f"Nereid interpreter, {cores} cores (num_threads={threads}); {peer_note}")
    print(table(nereid_ms, triton_ms, threads))


if __name__ == "__main__":
    main()
