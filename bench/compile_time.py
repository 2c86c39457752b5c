"""Compile time of the CPU backend against tile size, for the ops that move data across a tile.

    .venv/bin/python bench/compile_time.py [--ops trans,sum0,...] [--sizes 16,32,...]
                                           [--timeout 120] [--markdown]

Each kernel loads one N x N f32 tile (two for dot), applies one op and stores the result, in
one program: `copy` (x + 1), `trans` (tl.trans), `sum0`/`sum1` (tl.sum over axis 0 or 1),
`cumsum0`/`cumsum1` (tl.cumsum over axis 0 or 1), `argmax0`/`argmax1` (tl.argmax over axis 0
or 1: a reduction of value-index pairs with a combiner of its own, and one for NaNs), `dot`
(tl.dot of two tiles) and `attention` (bench/triton_kernels.py's flash attention forward loop
over 256 keys of head dimension 64, in blocks of N queries by 64 keys, f16 in and out). Each
(op, N) runs in a process of its own with an empty kernel cache, under --timeout seconds: the
first launch's time is the compile time (all stages and LLVM; the run itself is microseconds to
milliseconds), then the best of 5 launches is the run time. The result is checked against numpy. A kernel that does not
compile within the timeout is reported as such, and larger sizes of that op are skipped.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

OPS = ["copy", "trans", "sum0", "sum1", "cumsum0", "cumsum1", "argmax0", "argmax1", "dot",
       "attention"]
SIZES = [16, 32, 64, 128, 256, 512, 1024]

CHILD = r'''
import json, sys, time
import numpy as np
import nereid
import nereid.language as tl

op, n = sys.argv[1], int(sys.argv[2])
sys.path.insert(0, sys.argv[3])  # bench/, for the benchmarked attention kernel
from triton_kernels import attention_fwd_kernel


@nereid.jit
def copy(x_ptr, y_ptr, N: tl.constexpr):
    r = tl.arange(0, N)
    x = tl.load(x_ptr + r[:, None] * N + r[None, :])
    tl.store(y_ptr + r[:, None] * N + r[None, :], x + 1)


@nereid.jit
def trans(x_ptr, y_ptr, N: tl.constexpr):
    r = tl.arange(0, N)
    x = tl.load(x_ptr + r[:, None] * N + r[None, :])
    tl.store(y_ptr + r[:, None] * N + r[None, :], tl.trans(x))


@nereid.jit
def reduce(x_ptr, y_ptr, N: tl.constexpr, AXIS: tl.constexpr):
    r = tl.arange(0, N)
    x = tl.load(x_ptr + r[:, None] * N + r[None, :])
    tl.store(y_ptr + r, tl.sum(x, axis=AXIS))


@nereid.jit
def argmax(x_ptr, y_ptr, N: tl.constexpr, AXIS: tl.constexpr):
    r = tl.arange(0, N)
    x = tl.load(x_ptr + r[:, None] * N + r[None, :])
    tl.store(y_ptr + r, tl.argmax(x, axis=AXIS))


@nereid.jit
def scan(x_ptr, y_ptr, N: tl.constexpr, AXIS: tl.constexpr):
    r = tl.arange(0, N)
    x = tl.load(x_ptr + r[:, None] * N + r[None, :])
    tl.store(y_ptr + r[:, None] * N + r[None, :], tl.cumsum(x, axis=AXIS))


@nereid.jit
def dot(a_ptr, b_ptr, c_ptr, N: tl.constexpr):
    r = tl.arange(0, N)
    a = tl.load(a_ptr + r[:, None] * N + r[None, :])
    b = tl.load(b_ptr + r[:, None] * N + r[None, :])
    tl.store(c_ptr + r[:, None] * N + r[None, :], tl.dot(a, b, input_precision="ieee"))


rng = np.random.default_rng(0)
x = rng.standard_normal((n, n)).astype(np.float32)
if op == "copy":
    y = np.zeros((n, n), np.float32)
    launch, expected, tolerance = (lambda: copy[(1,)](x, y, N=n)), x + 1, 0
elif op == "trans":
    y = np.zeros((n, n), np.float32)
    launch, expected, tolerance = (lambda: trans[(1,)](x, y, N=n)), x.T, 0
elif op in ("sum0", "sum1"):
    axis = int(op[-1])
    y = np.zeros(n, np.float32)
    launch = lambda: reduce[(1,)](x, y, N=n, AXIS=axis)
    expected, tolerance = x.astype(np.float64).sum(axis=axis), 1e-3 * n
elif op in ("argmax0", "argmax1"):
    axis = int(op[-1])
    y = np.zeros(n, np.int32)
    launch = lambda: argmax[(1,)](x, y, N=n, AXIS=axis)
    expected, tolerance = x.argmax(axis=axis), 0
elif op in ("cumsum0", "cumsum1"):
    axis = int(op[-1])
    y = np.zeros((n, n), np.float32)
    launch = lambda: scan[(1,)](x, y, N=n, AXIS=axis)
    expected, tolerance = x.astype(np.float64).cumsum(axis=axis), 1e-3 * n
elif op == "attention":
    q, k, v = (rng.standard_normal((256, 64)).astype(np.float16) for _ in range(3))
    y = np.zeros((256, 64), np.float16)
    launch = lambda: attention_fwd_kernel[(256 // n, 1)](q, k, v, y, 0.125, 256, BLOCK_M=n,
                                                         BLOCK_N=64, HEAD_DIM=64)
    scores = q.astype(np.float64) @ k.astype(np.float64).T * 0.125
    p = np.exp(scores - scores.max(axis=1, keepdims=True))
    expected = p / p.sum(axis=1, keepdims=True) @ v.astype(np.float64)
    tolerance = 2.0 ** -9 * np.abs(v.astype(np.float64)).max()
else:
    b = rng.standard_normal((n, n)).astype(np.float32)
    y = np.zeros((n, n), np.float32)
    launch = lambda: dot[(1,)](x, b, y, N=n)
    expected, tolerance = x.astype(np.float64) @ b, 1e-3 * n
start = time.perf_counter()
launch()
compile_s = time.perf_counter() - start
ok = bool(np.all(np.abs(y - expected) <= tolerance))
runs = []
for _ in range(5):
    start = time.perf_counter()
    launch()
    runs.append(time.perf_counter() - start)
print(json.dumps({"compile_s": compile_s, "run_s": min(runs), "ok": ok}))
'''


def measure(op: str, n: int, timeout: float) -> dict:
    with tempfile.TemporaryDirectory() as scratch:
        # @jit reads a kernel's source from its file.
        script = os.path.join(scratch, "compile_time_kernels.py")
        with open(script, "w") as file:
            file.write(CHILD)
        env = dict(os.environ, NEREID_CACHE_DIR=os.path.join(scratch, "cache"))
        for name in ("NEREID_INTERPRET", "TRITON_INTERPRET", "NEREID_BACKEND", "NEREID_DUMP_IR"):
            env.pop(name, None)
        env.setdefault("NEREID_NUM_THREADS", "1")
        try:
            done = subprocess.run([sys.executable, script, op, str(n),
                                   os.path.dirname(os.path.abspath(__file__))], env=env,
                                  capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return {"error": f"not compiled in {timeout:.0f} s"}
    if done.returncode != 0:
        lines = (done.stderr.strip() or done.stdout.strip() or "failed").splitlines()
        return {"error": lines[-1][:100]}
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ops", default=",".join(OPS))
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)))
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]
    if args.markdown:
        print("| op | shape | compile s | run us | result |\n|---|---|---|---|---|")
    else:
        print(f"{'op':8} {'shape':>10} {'compile s':>10} {'run us':>10}  result")
    for op in args.ops.split(","):
        for n in sizes:
            row = measure(op, n, args.timeout)
            shape = f"{n}x64" if op == "attention" else f"{n}x{n}"
            if "error" in row:
                cells = [op, shape, "-", "-", row["error"]]
            else:
                cells = [op, shape, f"{row['compile_s']:.2f}", f"{row['run_s'] * 1e6:.0f}",
                         "ok" if row["ok"] else "WRONG"]
            if args.markdown:
                print("| " + " | ".join(cells) + " |", flush=True)
            else:
                print(f"{cells[0]:8} {cells[1]:>10} {cells[2]:>10} {cells[3]:>10}  {cells[4]}",
                      flush=True)
            if "error" in row:
                break


if __name__ == "__main__":
    main()
