"""Launches on a machine that other work keeps busy: how the CPU backend's thread settings fare
when each core also runs another process.

    .venv/bin/python bench/shared_machine.py [--launches N] [--size N] [--busy K]

A vector add of --size fp32 elements (in 64 programs) is launched --launches times, in a fresh
process per setting so that each starts the OpenMP runtime with its own environment: the
default (oneTBB on every core), one thread, and every core on OpenMP with libomp's defaults,
its threads spinning (OMP_WAIT_POLICY=active), sleeping at once (passive, or KMP_BLOCKTIME=0)
or sleeping after 1 ms. Each setting runs once on the idle
machine and once next to --busy processes (default: one per core) that spin at the same
priority. Each is measured --repeats times: the table gives the best idle time per launch,
the median busy one, and their ratio.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import subprocess
import sys
import tempfile
import time

OPENMP = {"scheduler": "openmp"}
SETTINGS = (
    ("default (oneTBB, every core)", {}, {}),
    ("1 thread", {}, {"num_threads": 1}),
    ("OpenMP, libomp's defaults", {}, OPENMP),
    ("OpenMP, OMP_WAIT_POLICY=active", {"OMP_WAIT_POLICY": "active"}, OPENMP),
    ("OpenMP, OMP_WAIT_POLICY=passive", {"OMP_WAIT_POLICY": "passive"}, OPENMP),
    ("OpenMP, KMP_BLOCKTIME=0", {"KMP_BLOCKTIME": "0"}, OPENMP),
    ("OpenMP, KMP_BLOCKTIME=1 (ms)", {"KMP_BLOCKTIME": "1"}, OPENMP),
)

CHILD = r"""
import sys, time
import numpy as np
import nereid
import nereid.language as tl

@nereid.jit
def add(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) + tl.load(y_ptr + offs, mask=mask),
             mask=mask)

size, launches, options = int(sys.argv[1]), int(sys.argv[2]), eval(sys.argv[3])
rng = np.random.default_rng()
x, y = rng.standard_normal(size).astype(np.float32), rng.standard_normal(size).astype(np.float32)
out = np.empty_like(x)
block = size // 64
add[(64,)](x, y, out, size, BLOCK=block, **options)
np.testing.assert_array_equal(out, x + y)
start = time.perf_counter()
for _ in range(launches):
    add[(64,)](x, y, out, size, BLOCK=block, **options)
print((time.perf_counter() - start) / launches * 1e6)
"""


def spin(stop_at: float) -> None:
    while time.time() < stop_at:
        pass


def run(script: str, size: int, launches: int, environment: dict, options: dict) -> float:
    env = dict(os.environ, **environment)
    for name in ("OMP_WAIT_POLICY", "KMP_BLOCKTIME"):
        if name not in environment:
            env.pop(name, None)
    output = subprocess.run([sys.executable, script, str(size), str(launches), repr(options)],
                            env=env, check=True, capture_output=True, text=True).stdout
    return float(output.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--launches", type=int, default=200)
    parser.add_argument("--size", type=int, default=1 << 20)
    parser.add_argument("--busy", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--repeats", type=int, default=3)
    arguments = parser.parse_args()
    print(f"{arguments.size} fp32 elements, {arguments.launches} launches, "
          f"{os.cpu_count()} cores, {arguments.busy} busy processes")
    # The kernel's source must be in a file (@jit reads it).
    script = os.path.join(tempfile.mkdtemp(prefix="nereid-shared-machine-"), "launches.py")
    with open(script, "w") as stream:
        stream.write(CHILD)
    print("| setting | idle us/launch | busy us/launch | busy / idle |")
    print("|---|---|---|---|")
    for name, environment, options in SETTINGS:
        idle = min(run(script, arguments.size, arguments.launches, environment, options)
                   for _ in range(arguments.repeats))
        stop_at = time.time() + 3600
        spinners = [multiprocessing.Process(target=spin, args=(stop_at,), daemon=True)
                    for _ in range(arguments.busy)]
        for process in spinners:
            process.start()
        try:
            busy = statistics.median(
                run(script, arguments.size, arguments.launches, environment, options)
                for _ in range(arguments.repeats))
        finally:
            for process in spinners:
                process.terminate()
                process.join()
        print(f"| {name} | {idle:.0f} | {busy:.0f} | {busy / idle:.1f}x |", flush=True)


if __name__ == "__main__":
    main()
