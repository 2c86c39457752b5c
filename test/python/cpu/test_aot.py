"""Kernels compiled ahead of time (`python -m nereid compile`, docs/aot.md): the library, header
and manifest that the command writes, and C programs built against them with the system's C
compiler, run with no Python in their environment, on random inputs written to files, their
outputs against numpy's."""

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

import nereid
from nereid.aot import AotError, load_kernel, parse_signature

KERNELS = textwrap.dedent('''
    import nereid
    import nereid.language as tl


    @nereid.jit
    def scaled_add(x_ptr, y_ptr, out_ptr, n, alpha, BLOCK: tl.constexpr):
        offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        mask = offsets < n
        x = tl.load(x_ptr + offsets, mask=mask)
        y = tl.load(y_ptr + offsets, mask=mask)
        tl.store(out_ptr + offsets, x * alpha + y, mask=mask)


    @nereid.jit
    def matmul(a_ptr, b_ptr, c_ptr, M, N, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
               BLOCK_K: tl.constexpr):
        rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
        rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
        rk = tl.arange(0, BLOCK_K)
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for k in range(0, K, BLOCK_K):
            a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :],
                        mask=(rm[:, None] < M) & ((k + rk)[None, :] < K), other=0.0)
            b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :],
                        mask=((k + rk)[:, None] < K) & (rn[None, :] < N), other=0.0)
            acc = tl.dot(a, b, acc, input_precision="ieee")
        tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc,
                 mask=(rm[:, None] < M) & (rn[None, :] < N))
''')


@pytest.fixture(scope="module")
def c_compiler():
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        pytest.skip("no C compiler (cc, gcc or clang) to build the C programs")
    return compiler


@pytest.fixture
def kernels(tmp_path):
    path = tmp_path / "kernels.py"
    path.write_text(KERNELS)
    return path


def compile_kernel(kernels: Path, kernel: str, signature: str, name: str, out: Path):
    """`python -m nereid compile` in a process of its own; returns what it printed."""
    result = subprocess.run(
        [sys.executable, "-m", "nereid", "compile", str(kernels), kernel, "--signature",
         signature, "--name", name, "--out-dir", str(out)],
        capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return result.stdout.split()


# The sanitizer runtime that `make test-sanitize` preloads, whose sanitized CPU runtime the
# libraries copy: the programs need it first too.
SANITIZER_ENVIRONMENT = {name: os.environ[name] for name in ("LD_PRELOAD", "ASAN_OPTIONS",
                                                             "UBSAN_OPTIONS")
                         if "asan" in os.environ.get("LD_PRELOAD", "") and name in os.environ}


def build_and_run(c_compiler, source: str, out: Path, libraries: list, arguments: list):
    """Builds the C program `source` against the libraries in `out` and runs it with an empty
    environment (no PYTHONPATH, no LD_LIBRARY_PATH; the sanitizer's variables only under
    `make test-sanitize`): the loader finds everything through the program's rpath and the
    libraries' own."""
    program = out / "program"
    (out / "program.c").write_text(source)
    subprocess.run([c_compiler, "-O1", "-o", str(program), str(out / "program.c"), f"-I{out}",
                    f"-L{out}", *(f"-l{library}" for library in libraries),
                    f"-Wl,-rpath,{out}"], check=True)
    return subprocess.run([str(program), *map(str, arguments)], capture_output=True, text=True,
                          env=dict(SANITIZER_ENVIRONMENT), check=False)


VECTOR_PROGRAM = r'''
#include <stdio.h>
#include <stdlib.h>
#include "scaled_add_f32.h"

static float *read_floats(const char *path, int n) {
  float *data = aligned_alloc(64, ((n * sizeof(float) + 63) / 64) * 64);
  FILE *file = fopen(path, "rb");
  if (!data || !file || fread(data, sizeof(float), n, file) != (size_t)n) exit(3);
  fclose(file);
  return data;
}

int main(int argc, char **argv) {
  int n = atoi(argv[1]);
  float *x = read_floats(argv[2], n), *y = read_floats(argv[3], n);
  float *out = read_floats(argv[3], n);
  int status = scaled_add_f32(x, y, out, n, 1.5f, (n + 255) / 256, 1, 1, atoi(argv[5]));
  if (status != 0) return 10 + status;
  /* A pointer that breaks its `:16` promise is refused, naming it (the second argument). */
  printf("misaligned %d\n", scaled_add_f32(x, y + 1, out, n, 1.5f, 1, 1, 1, 0));
  printf("negative grid %d\n", scaled_add_f32(x, y, out, n, 1.5f, -1, 1, 1, 0));
  FILE *file = fopen(argv[4], "wb");
  fwrite(out, sizeof(float), n, file);
  fclose(file);
  return 0;
}
'''


@pytest.mark.parametrize("threads", [1, 0])
def test_c_program_runs_a_kernel_compiled_ahead_of_time(c_compiler, kernels, tmp_path,
                                                        threads):
    out = tmp_path / "aot"
    written = compile_kernel(kernels, "scaled_add", "*fp32:16, *fp32:16, *fp32:16, i32, fp32, 256",
                             "scaled_add_f32", out)
    assert written[0] == str(out / "libscaled_add_f32.so")
    assert {Path(path).name for path in written} >= {"libomp.so.5", "libnereid_cpu_runtime.so",
                                                     "scaled_add_f32.h", "scaled_add_f32.json"}
    rng = np.random.default_rng()
    n = 10_007
    x, y = (rng.standard_normal(n).astype(np.float32) for _ in range(2))
    x.tofile(tmp_path / "x.bin")
    y.tofile(tmp_path / "y.bin")
    run = build_and_run(c_compiler, VECTOR_PROGRAM, out, ["scaled_add_f32"],
                        [n, tmp_path / "x.bin", tmp_path / "y.bin", tmp_path / "out.bin",
                         threads])
    assert run.returncode == 0, run.stderr
    assert run.stdout.split("\n")[:2] == ["misaligned 2", "negative grid -1"]
    got = np.fromfile(tmp_path / "out.bin", np.float32)
    np.testing.assert_array_equal(got, x * np.float32(1.5) + y)


MATMUL_PROGRAM = r'''
#include <stdio.h>
#include <stdlib.h>
#include "matmul_32.h"
#include "matmul_16.h"

static float *read_floats(const char *path, int n) {
  float *data = malloc(n * sizeof(float));
  FILE *file = fopen(path, "rb");
  if (!data || !file || fread(data, sizeof(float), n, file) != (size_t)n) exit(3);
  fclose(file);
  return data;
}

int main(int argc, char **argv) {
  int M = atoi(argv[1]), N = atoi(argv[2]), K = atoi(argv[3]);
  float *a = read_floats(argv[4], M * K), *b = read_floats(argv[5], K * N);
  float *c32 = calloc(M * N, sizeof(float)), *c16 = calloc(M * N, sizeof(float));
  /* Two specializations of one kernel, linked into one program. */
  if (matmul_32(a, b, c32, M, N, K, (M + 31) / 32, (N + 31) / 32, 1, 0) != 0) return 10;
  if (matmul_16(a, b, c16, M, N, K, (M + 15) / 16, (N + 15) / 16, 1, 2) != 0) return 11;
  FILE *file = fopen(argv[6], "wb");
  fwrite(c32, sizeof(float), M * N, file);
  fwrite(c16, sizeof(float), M * N, file);
  fclose(file);
  return 0;
}
'''


def test_specializations_of_one_kernel_live_in_one_program(c_compiler, kernels, tmp_path):
    out = tmp_path / "aot"
    for block in (32, 16):
        compile_kernel(kernels, "matmul", f"*fp32, *fp32, *fp32, i32, i32, i32, {block}, "
                       f"{block}, 16", f"matmul_{block}", out)
    rng = np.random.default_rng()
    M, N, K = 70, 45, 37  # ragged: every edge masked
    a = rng.standard_normal((M, K)).astype(np.float32)
    b = rng.standard_normal((K, N)).astype(np.float32)
    a.tofile(tmp_path / "a.bin")
    b.tofile(tmp_path / "b.bin")
    run = build_and_run(c_compiler, MATMUL_PROGRAM, out, ["matmul_32", "matmul_16"],
                        [M, N, K, tmp_path / "a.bin", tmp_path / "b.bin", tmp_path / "c.bin"])
    assert run.returncode == 0, run.stderr
    got = np.fromfile(tmp_path / "c.bin", np.float32).reshape(2, M, N)
    want = a.astype(np.float64) @ b.astype(np.float64)
    bound = (K + 1) * 2.0 ** -24 * (np.abs(a).astype(np.float64) @ np.abs(b))
    for c in got:
        assert (np.abs(c - want) <= bound).all()


def test_manifest_says_what_was_compiled(kernels, tmp_path):
    out = tmp_path / "aot"
    compile_kernel(kernels, "scaled_add", "*fp32:16, *fp32, *fp32, i32:16, fp32, 128",
                   "scaled_add_128", out)
    manifest = json.loads((out / "scaled_add_128.json").read_text())
    assert manifest["kernel"] == "scaled_add" and manifest["backend"] == "cpu"
    assert manifest["entry"] == "scaled_add_128_grid"
    assert manifest["nereid_version"] == nereid.__version__
    assert manifest["target"].startswith("cpu:")
    assert manifest["constexprs"] == {"BLOCK": 128}
    assert [(p["name"], p["type"], p["divisible_by_16"]) for p in manifest["parameters"]] == [
        ("x_ptr", "*fp32", True), ("y_ptr", "*fp32", False), ("out_ptr", "*fp32", False),
        ("n", "i32", True), ("alpha", "fp32", False)]
    header = (out / "scaled_add_128.h").read_text()
    assert "if (n % 16 != 0) return 4;" in header


@pytest.mark.parametrize("signature,message", [
    ("*fp32, *fp32, *fp32, i32, fp32", "the signature gives 5 entries; kernel `scaled_add` has "
                                       "6 parameters"),
    ("*fp32, *fp32, *fp32, i33, fp32, 64", "parameter `n`: unknown type 'i33'"),
    ("*fp32, *fp32, *fp32, i32, fp16, 64", "parameter `alpha`: a scalar of fp16 cannot be "
                                           "passed ahead of time yet"),
    ("*fp32, *fp32, *fp32, i32:8, fp32, 64", "parameter `n`: 'i32:8': the only "
                                             "specialization is `:16`"),
    ("*fp32, *fp32, *fp32, i32, fp32, wide", "constexpr `BLOCK`: 'wide' is no integer"),
])
def test_bad_signatures_are_refused_naming_the_parameter(kernels, signature, message):
    function = load_kernel(kernels, "scaled_add")
    with pytest.raises(AotError, match=message.replace("(", r"\(").replace("*", r"\*")):
        parse_signature(function, signature)


def test_command_line_errors_exit_with_a_message(kernels, tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "nereid", "compile", str(kernels), "missing", "-s", "1"],
        capture_output=True, text=True)
    assert result.returncode == 2
    assert "has no @nereid.jit kernel `missing`" in result.stderr
    result = subprocess.run(
        [sys.executable, "-m", "nereid", "compile", str(kernels), "scaled_add", "-s",
         "*fp32, *fp32, *fp32, i32, fp32, 64", "--name", "int"], capture_output=True, text=True)
    assert result.returncode == 2 and "'int' cannot name a C function" in result.stderr
