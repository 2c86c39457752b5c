"""The target a CPU kernel compiles for, and the link of its library."""

import pytest

import nereid_cpu
from nereid_cpu import linker, target
from nereid_cpu.target import Target, host_target, resolve_target

from conftest import PROBE_SIGNATURE, PROBE_TEXT


def test_the_host_is_a_known_cpu_target():
    host = host_target()
    assert host.triple and host.cpu and host.features
    assert host.ttg_target in ("cpu:x86_64:avx512", "cpu:x86_64:avx2", "cpu:aarch64:neon")
    assert host.ttg_target.split(":")[1] == host.triple.split("-")[0]


def test_options_override_the_host_one_by_one():
    host = host_target()
    assert resolve_target("k", {}) == host
    chosen = resolve_target("k", {"cpu": "x86-64-v3", "ttg_target": "cpu:x86_64:avx2"})
    assert chosen == Target(host.triple, "x86-64-v3", host.features, "cpu:x86_64:avx2")


def test_a_cpu_without_a_lowering_is_named(monkeypatch):
    old = Target("x86_64-pc-linux-gnu", "core2", "+sse4.1", "")
    monkeypatch.setattr(target, "host_target", lambda: old)
    with pytest.raises(ValueError, match="cannot compile kernel `k` for the CPU core2 "
                                         r"\(x86_64-pc-linux-gnu\): the CPU backend needs"):
        resolve_target("k", {})
    assert resolve_target("k", {"ttg_target": "cpu:x86_64:avx2"}).ttg_target == "cpu:x86_64:avx2"


def test_a_missing_openmp_runtime_is_named(monkeypatch, tmp_path):
    (tmp_path / "libclang_rt.builtins.a").write_bytes(b"")
    monkeypatch.setattr(linker, "runtime_directory", lambda: tmp_path)
    with pytest.raises(linker.LinkError, match="cannot link kernel `probe`: libomp.so.5 is not "
                                               "in .*, beside the CPU runtime"):
        nereid_cpu.compile(PROBE_TEXT, "probe", PROBE_SIGNATURE, stages=())


def test_a_machine_without_the_toolchain_says_the_cpu_backend_cannot_run(monkeypatch,
                                                                          tmp_path):
    # As in a broken installation, without the OpenMP runtime and compiler-rt's builtins
    # beside the CPU runtime: the backend is not available, saying why, and a launch says so
    # before compiling anything.
    import numpy as np

    import nereid
    import nereid.language as tl
    from nereid_cpu.backend import CpuBackend

    @nereid.jit
    def copy_kernel(x_ptr, y_ptr):
        tl.store(y_ptr + tl.arange(0, 8), tl.load(x_ptr + tl.arange(0, 8)))

    monkeypatch.setattr(linker, "runtime_directory", lambda: tmp_path)
    availability = CpuBackend().available()
    assert not availability
    assert availability.reason == (
        f"libomp.so.5 and libclang_rt.builtins.a are not in {tmp_path}, beside the CPU "
        "runtime: reinstall the package, or rebuild with LLVM 22's libomp-22-dev and "
        "libclang-rt-22-dev installed")
    x = np.arange(8, dtype=np.float32)
    with pytest.raises(RuntimeError, match="cannot launch `copy_kernel` on the cpu backend: "
                                           "libomp.so.5 and libclang_rt.builtins.a are not "
                                           "in"):
        copy_kernel[(1,)](x, np.zeros_like(x), backend="cpu")


@pytest.mark.skipif(not host_target().triple.startswith("x86_64"),
                    reason="names an x86-64 CPU and features")
def test_a_library_for_an_older_cpu_still_runs():
    import numpy as np

    kernel = nereid_cpu.compile(PROBE_TEXT, "probe", PROBE_SIGNATURE,
                                {"cpu": "x86-64", "features": "+sse2"}, stages=())
    out_i, out_f = np.zeros(3, np.int32), np.zeros(3, np.float32)
    kernel.launch([out_i, out_f, 2, 0.0], (3, 1, 1), 1)
    np.testing.assert_array_equal(out_i, [0, 2, 4])


def test_a_libnereid_built_without_the_cpu_backend_says_so(monkeypatch):
    # As a libnereid built with NEREID_BACKENDS=nvidia: the CPU backend is not available,
    # naming the library and the setting.
    from nereid import _capi
    from nereid_cpu.backend import CpuBackend

    assert "cpu" in _capi.built_backends()  # this build's
    monkeypatch.setattr(_capi, "built_backends", lambda: frozenset({"nvidia"}))
    availability = CpuBackend().available()
    assert not availability
    assert availability.reason == (f"libnereid ({_capi.library_path()}) was built without the "
                                   "cpu backend; build it with cpu in NEREID_BACKENDS")
