"""The vector math library reaches kernels as LLVM bitcode: its functions inline into the
kernel's loops, their rare paths (results outside xsimd's range) still give the C library's
values, and a missing library is an error that names it."""

import platform
import re

import numpy as np
import pytest

import nereid
import nereid.language as tl
import nereid_cpu
from nereid_cpu import compiler as cpu_compiler
from nereid_cpu.linker import LinkError

from conftest import PROBE_SIGNATURE, PROBE_TEXT


@nereid.jit
def exp_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(y_ptr + offsets, tl.exp(tl.load(x_ptr + offsets, mask=mask)), mask=mask)


def test_exp_inlines_and_keeps_its_edges(tmp_path, monkeypatch):
    monkeypatch.setenv("NEREID_DUMP_IR", str(tmp_path))
    rng = np.random.default_rng()
    n = 1000
    x = rng.uniform(-20, 20, n).astype(np.float32)
    # Lanes past xsimd's f32 range take the out-of-line path: overflow to infinity, subnormal
    # results, and underflow to zero.
    x[rng.choice(n, 24, replace=False)] = rng.choice(
        np.array([89.5, 100.0, -95.0, -100.0, -104.0, -200.0], np.float32), 24)
    y = np.full(n, np.nan, np.float32)
    exp_kernel[(nereid.cdiv(n, 256),)](x, y, n, BLOCK=256)
    with np.errstate(over="ignore", under="ignore"):
        expected = np.exp(x)
    np.testing.assert_allclose(y, expected, rtol=4e-7, atol=0)
    assembly = (tmp_path / "exp_kernel.s").read_text()
    calls = [line for line in assembly.splitlines()
             if "call" in line and "nereid_cpu_math" in line]
    assert calls == [], calls
    # The polynomials use fused multiply-adds where the host has them: the AVX-512 build once
    # had none, since xsimd 8 spells fma as a product and a sum there.
    if platform.machine() in ("x86_64", "AMD64") and host_has_fma():
        assert re.search(r"\bvfn?madd", assembly), "exp's polynomial has no fused multiply-add"


def host_has_fma() -> bool:
    try:
        with open("/proc/cpuinfo") as cpuinfo:
            return any(line.startswith("flags") and " fma " in f"{line} "
                       for line in cpuinfo)
    except OSError:
        return False


def test_a_missing_math_library_is_an_error(tmp_path, monkeypatch):
    monkeypatch.setattr(cpu_compiler, "runtime_library_path",
                        lambda: tmp_path / "libnereid_cpu_runtime.so")
    with pytest.raises(LinkError, match=r"cannot compile kernel `probe` for cpu:.*: the vector "
                                        r"math library .*nereid_cpu_math_.*\.bc is missing"):
        nereid_cpu.compile(PROBE_TEXT, "probe", PROBE_SIGNATURE, stages=())
