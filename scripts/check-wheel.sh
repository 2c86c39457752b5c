#!/usr/bin/env bash
# Installs the wheel in DIST (default dist/) into a fresh virtual environment, as a user would,
# and runs a kernel there from a folder outside the source tree: on the CPU backend, linked
# in-process against the OpenMP runtime the wheel carries, with no program on the PATH, and in
# the interpreter, each checked against numpy, and loads the NVIDIA backend's runtime library.
# Fails when the wheel is missing, misses a file the package loads at run time, or imports
# anything from the checkout.
set -euo pipefail

#
#   scripts/check-wheel.sh [DIST] [--offline]
#
# --offline (a machine without the package index, such as the GPU machine): the environment
# sees the system's site packages (numpy) and pip installs the wheel alone.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DIST="$(cd "${1:-$ROOT/dist}" && pwd)"
PYTHON="${PYTHON:-python3}"
venv_options=() pip_options=()
if [[ "${2:-}" == "--offline" ]]; then
  venv_options=(--system-site-packages) pip_options=(--no-deps)
fi

shopt -s nullglob
wheels=("$DIST"/nereid_triton-*.whl)
if ((${#wheels[@]} != 1)); then
  echo "check-wheel: expected one nereid_triton wheel in $DIST, found ${#wheels[@]}" >&2
  exit 1
fi
wheel="${wheels[0]}"
case "$(basename "$wheel")" in
  *-py3-none-manylinux_*) ;;
  *) echo "check-wheel: $(basename "$wheel") is not tagged py3-none-manylinux_*" >&2; exit 1 ;;
esac

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$PYTHON" -m venv "${venv_options[@]}" "$work/venv"
"$work/venv/bin/python" -m pip install -q "${pip_options[@]}" "$wheel"

cat > "$work/kernel.py" <<'EOF'
import os
import sys

import numpy as np

import nereid
import nereid.language as tl

root, prefix = sys.argv[1], sys.prefix


@nereid.jit
def scaled_add(x_ptr, y_ptr, out_ptr, n, alpha, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, tl.exp(x) * alpha + y, mask=mask)


rng = np.random.default_rng()
n = 10_000
x = rng.standard_normal(n).astype(np.float32)
y = rng.standard_normal(n).astype(np.float32)
expected = np.exp(x) * np.float32(1.5) + y
for interpret in ("0", "1"):
    os.environ["NEREID_INTERPRET"] = interpret
    out = np.full(n, np.nan, np.float32)
    scaled_add[(nereid.cdiv(n, 256),)](x, y, out, n, 1.5, BLOCK=256)
    np.testing.assert_allclose(out, expected, rtol=1e-6, atol=1e-6)
os.environ["NEREID_INTERPRET"] = "0"
# The wheel's entry points register both backends (nereid.backends), each usable here.
import nereid.backends

statuses = {status.name: status for status in nereid.backends.list()}
assert statuses["cpu"].usable and statuses["interpreter"].usable, statuses
for backend in ("cpu", "interpreter"):
    out = np.full(n, np.nan, np.float32)
    compiled = scaled_add[(nereid.cdiv(n, 256),)](x, y, out, n, 1.5, BLOCK=256, backend=backend)
    assert compiled.metadata.backend == backend, compiled.metadata
    np.testing.assert_allclose(out, expected, rtol=1e-6, atol=1e-6)
# The nvidia backend is registered too, and its runtime library loads from the wheel (on a
# machine without a GPU the backend is not usable, and says why).
from nereid_nvidia import driver as nvidia_driver

assert "nvidia" in statuses, statuses
nvidia_runtime = nvidia_driver.runtime()._name
# The kernels were linked in-process and run with the wheel's OpenMP runtime (the PATH holds no
# tool to run): the machine needs no LLVM.
with open("/proc/self/maps") as maps:
    openmp = {line.split()[-1] for line in maps if "libomp" in line}
assert len(openmp) == 1, openmp
# Everything came from the virtual environment, nothing from the checkout.
for path in (nereid.__file__, sys.modules["nereid_cpu"].__file__, nereid._capi.library_path(),
             nvidia_driver.__file__, nvidia_runtime, *openmp):
    path = os.path.realpath(path)
    assert path.startswith(os.path.realpath(prefix) + os.sep), path
    assert not path.startswith(root + os.sep), path
print("check-wheel: the installed package ran a kernel on the CPU backend, linked in-process "
      "with the wheel's OpenMP runtime, and the interpreter, found through its entry points, "
      "with", nereid._capi.library_path())
EOF
# Run from the temporary folder, with a private kernel cache, nothing of the checkout on the path
# and no program on the PATH (no ld.lld, clang or llvm-config to find).
(cd "$work" && env -u PYTHONPATH NEREID_CACHE_DIR="$work/cache" PATH=/nonexistent \
  "$work/venv/bin/python" kernel.py "$ROOT")

# Ahead of time (docs/aot.md): the installed package compiles the kernel into a library, which a
# C program runs with an empty environment, finding what the library needs (libomp, the CPU
# runtime, the wheel's oneTBB) beside it.
(cd "$work" && env -u PYTHONPATH NEREID_CACHE_DIR="$work/cache" PATH=/nonexistent \
  "$work/venv/bin/python" -m nereid compile kernel.py scaled_add -o "$work/aot" -n scaled_add \
  -s "*fp32:16, *fp32:16, *fp32:16, i32, fp32, 256" > /dev/null)
cat > "$work/aot/program.c" <<'PROGRAM'
#include <math.h>
#include <stdlib.h>
#include "scaled_add.h"

int main(void) {
  enum { n = 10000 };
  static float x[n] __attribute__((aligned(16))), y[n] __attribute__((aligned(16))),
      out[n] __attribute__((aligned(16)));
  for (int i = 0; i < n; ++i) {
    x[i] = (float)rand() / RAND_MAX - 0.5f;
    y[i] = (float)rand() / RAND_MAX - 0.5f;
  }
  if (scaled_add(x, y, out, n, 1.5f, (n + 255) / 256, 1, 1, 0) != 0) return 1;
  for (int i = 0; i < n; ++i)
    if (fabsf(out[i] - (expf(x[i]) * 1.5f + y[i])) > 1e-5f * (1 + fabsf(out[i]))) return 2;
  return 0;
}
PROGRAM
cc -O1 -o "$work/aot/program" "$work/aot/program.c" -I"$work/aot" -L"$work/aot" -lscaled_add \
  -lm -Wl,-rpath,"$work/aot"
env -i "$work/aot/program"
echo "check-wheel: a C program ran the kernel compiled ahead of time by the installed package"
