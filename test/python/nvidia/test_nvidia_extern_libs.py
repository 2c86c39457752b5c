"""Upstream's launch option `extern_libs` ({name: path of bitcode}): the NVIDIA backend links the
libdevice it names in place of the one it finds (upstream's tutorial 07 passes one); a library
that a backend does not link is refused, naming it and the backend."""

import os
import subprocess

import numpy as np
import pytest

import nereid
import nereid.language as tl
from nereid.compiler.errors import CompilationError
from nereid.language.extra import libdevice
from nereid_nvidia.toolkit import find_libdevice

_rng = np.random.default_rng()
LLVM_AS = "/usr/lib/llvm-22/bin/llvm-as"


@nereid.jit
def asin_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(y_ptr + offsets, libdevice.asin(tl.load(x_ptr + offsets, mask=mask)), mask=mask)


def _compile(tmp_path, monkeypatch, extern_libs):
    monkeypatch.setenv("NEREID_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("NEREID_DUMP_IR", str(tmp_path / "dump"))
    x = np.zeros(128, np.float32)
    kernel = asin_kernel.warmup(x, x, 128, BLOCK=128, grid=(1,), backend="nvidia",
                                target="cuda:90", extern_libs=extern_libs)
    native = nereid.backends.get("nvidia").compile(kernel)
    return native, (tmp_path / "dump" / f"{kernel.name}.ptx").read_text()


@pytest.mark.skipif(find_libdevice() is None, reason="libdevice (the CUDA toolkit) is not here")
def test_the_named_libdevice_is_linked(tmp_path, monkeypatch):
    _, ptx = _compile(tmp_path, monkeypatch, {"libdevice": str(find_libdevice())})
    assert "__nv_" not in ptx and ".extern .func" not in ptx


@pytest.mark.skipif(not os.path.exists(LLVM_AS), reason=f"writes its bitcode with {LLVM_AS}, "
                    "which this machine lacks (the GPU machine has no LLVM 22)")
def test_a_library_without_the_function_is_the_one_linked(tmp_path, monkeypatch):
    """A bitcode file without __nv_asinf, named by extern_libs, is what the kernel links, so
    its call stays unresolved and the compiler says so, naming the file."""
    empty = tmp_path / "empty.bc"
    subprocess.run([LLVM_AS, "-o", str(empty)], input=b'target triple = "nvptx64-nvidia-cuda"\n',
                   check=True)
    with pytest.raises(CompilationError, match=rf"libdevice \({empty}\) has no function "
                                               r"__nv_asinf"):
        _compile(tmp_path, monkeypatch, {"libdevice": str(empty)})


def test_a_missing_libdevice_is_an_error(tmp_path, monkeypatch):
    missing = tmp_path / "third_party" / "libdevice.10.bc"
    with pytest.raises(CompilationError, match=f"extern_libs names libdevice at {missing}, "
                                               "which is no file"):
        _compile(tmp_path, monkeypatch, {"libdevice": str(missing)})


@pytest.mark.parametrize("backend, libraries, message", [
    ("cpu", {"libdevice": "/x/libdevice.10.bc"},
     "extern_libs names libdevice, which the cpu backend does not link; it links no bitcode "
     "libraries"),
    ("interpreter", {"libdevice": "/x/libdevice.10.bc"},
     "which the interpreter backend does not link"),
    ("nvidia", {"ocml": "/x/ocml.bc"},
     "extern_libs names ocml, which the nvidia backend does not link; it links libdevice only"),
])
def test_a_library_the_backend_does_not_link_is_refused(backend, libraries, message):
    x = _rng.random(100).astype(np.float32)
    y = np.zeros_like(x)
    with pytest.raises(ValueError, match=message):
        asin_kernel[(1,)](x, y, x.size, BLOCK=128, backend=backend, extern_libs=libraries)
