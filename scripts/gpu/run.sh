#!/usr/bin/env bash
# The NVIDIA backend on a GPU machine (docs/nvidia.md, "Running the GPU suite").
#
#   scripts/gpu/run.sh prepare [--wheel]   here: builds what travels to the GPU machine
#   scripts/gpu/run.sh device [OUT]        there: the GPU tests, then bench/gpu.py
#   scripts/gpu/run.sh tests|bench [OUT]   there: one of the two
#   scripts/gpu/run.sh cpu-bench [OUT]      there: bench/cpu.py on the host's cores (issue 28)
#
# prepare builds the runtime library, build/lib/libnereid_nvidia_runtime.so, which is all that
# loading and launching cubins needs; with --wheel, also the wheel (dist/), whose libnereid is
# self-contained (-DNEREID_SELF_CONTAINED=ON: LLVM linked in, so the GPU machine needs no LLVM)
# and which compiles kernels there -- a long build on a small machine. It prints the paths to
# carry to the GPU machine.
#
# device runs on the GPU machine (Ubuntu 24.04, Python 3.12, torch with CUDA, upstream Triton,
# the CUDA toolkit's nvcc, no LLVM), in the checkout's root: it installs the wheel if dist/
# holds one, else uses the source tree with the carried runtime library (kernels that need
# libnereid to compile then skip, saying so); it registers the source tree's entry points, runs
# the GPU tests (test/python/nvidia, upstream's tutorials on the GPU; the conformance suite's cuda
# cases with the wheel) and the bench. With OUT, the test log and the bench's JSON go there.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"

prepare() {
  flock /tmp/nereid-build.lock ninja -C build -j2 nereid_nvidia_runtime
  local carry=(build/lib/libnereid_nvidia_runtime.so)
  if [[ "${1:-}" == "--wheel" ]]; then
    make wheel
    carry+=(dist)
  fi
  echo "carry to the GPU machine: ${carry[*]}"
}

# The Python that runs Nereid there: the wheel of dist/ installed, else the source tree on the
# path. Sets `python`, `tests` (the suites this setup can run) and `pytest_options`.
use_nereid() {
  python="${PYTHON:-python3}"
  # The GPU tests, and upstream's tutorials 01, 02, 03, 05, 06, 07 and 08 unchanged on the GPU.
  tests=(test/python/nvidia test/python/upstream_tutorials/test_upstream_tutorials.py::test_on_nvidia)
  pytest_options=()
  local wheel
  wheel="$(ls dist/nereid_triton-*.whl 2>/dev/null | head -n 1 || true)"
  if [[ -n "$wheel" ]]; then
    "$python" -m pip install --no-deps --force-reinstall -q "$wheel"
    tests+=(test/python/conformance)
    # The installed packages, not the checkout's (pyproject.toml's pytest pythonpath), whose
    # nereid finds no libraries beside it.
    pytest_options+=(-o pythonpath=)
  else
    # The source tree, as the development environment sees it: its packages on the path and
    # its entry points registered in a folder of their own.
    local site
    site="$(mktemp -d)"
    "$python" scripts/register-source-tree.py "$site"
    export PYTHONPATH="$site:$ROOT/python:$ROOT/backends/nvidia/python${PYTHONPATH:+:$PYTHONPATH}"
  fi
}

# The GPU tests; with OUT, their log goes to OUT/gpu-tests.log.
run_tests() {
  local out="${1:-}" log=/dev/null
  [[ -n "$out" ]] && log="$out/gpu-tests.log"
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
  local parallel=()
  # pytest-xdist, where installed: a worker per core, tests spread one by one (test_nvidia_dot's
  # compilations alone take minutes).
  if "$python" -c "import xdist" 2>/dev/null; then
    parallel=(-n "$(nproc)" --dist load)
  fi
  "$python" -m pytest -q -rs -p no:cacheprovider "${parallel[@]}" "${pytest_options[@]}" \
    "${tests[@]}" 2>&1 | tee "$log"
}

# bench/gpu.py; with OUT, its JSON goes to OUT/gpu-bench.json.
run_bench() {
  local out="${1:-}" json=()
  [[ -n "$out" ]] && json=(--json "$out/gpu-bench.json")
  "$python" bench/gpu.py "${json[@]}"
}

# bench/cpu.py on the GPU machine's host, at 1, 2, 4, 8 threads and every core (issue 28): the
# ceilings library (bench/ceilings.cpp) is built here with the host's compiler, for its CPU. The
# rows run in parts, each under its own time limit, most important first, so that a part that
# runs long loses only itself; with OUT, the tables go to OUT/cpu-bench.md.
run_cpu_bench() {
  local out="${1:-}" table=/dev/null
  [[ -n "$out" ]] && table="$out/cpu-bench.md"
  mkdir -p build/lib
  "${CXX:-c++}" -O3 -march=native -fopenmp -fPIC -shared -Wno-unknown-pragmas \
    -o build/lib/libnereid_bench_ceilings.so bench/ceilings.cpp
  local threads part
  threads="1,2,4,8,$(nproc)"
  for part in "vector add,softmax,layer norm,empty" "matmul 4096^3 fp32" "matmul 1024,matmul 2048" \
    "attention" "matmul 4096^3 bf16"; do
    timeout "${CPU_BENCH_PART_SECONDS:-400}" "$python" bench/cpu.py --threads "$threads" --large \
      --markdown --only "$part" 2>&1 | tee -a "$table" || echo "bench/cpu.py --only '$part' failed"
  done
}

case "${1:-}" in
  prepare) shift; prepare "$@" ;;
  device) shift; use_nereid; status=0; run_tests "$@" || status=$?; run_bench "$@"; exit "$status" ;;
  tests) shift; use_nereid; run_tests "$@" ;;
  bench) shift; use_nereid; run_bench "$@" ;;
  cpu-bench) shift; use_nereid; run_cpu_bench "$@" ;;
  *) sed -n '2,7p' "${BASH_SOURCE[0]}"; exit 2 ;;
esac
