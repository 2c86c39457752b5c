"""Links a kernel's object file into a shared library with lld's ELF linker, which runs inside
libnereid (no toolchain on the machine), against what lies beside the CPU runtime (in the wheel
and in the build tree): LLVM's OpenMP runtime libomp.so.5, which the grid loop calls, the CPU
runtime itself (tt.print, tt.assert, the oneTBB scheduler), which the library then finds
through its rpath, and compiler-rt's builtins, which LLVM calls for what the target has no
instruction for (bf16 rounding without AVX-512 BF16: __truncsfbf2)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Optional

from nereid.ir import IRError, link_shared_library as run_lld

from .kernel import runtime_library_path

# What kernels link against, beside the CPU runtime (backends/cpu/runtime/CMakeLists.txt).
_OPENMP_RUNTIME = "libomp.so.5"
_BUILTINS = "libclang_rt.builtins.a"


class LinkError(RuntimeError):
    """The kernel's shared library could not be linked."""


def runtime_directory() -> Path:
    """The directory of the CPU runtime, where kernels find what they link against."""
    return runtime_library_path().parent


def missing_toolchain() -> Optional[str]:
    """What is missing beside the CPU runtime of what kernels link against, or None when
    nothing is."""
    directory = runtime_directory()
    missing = [name for name in (_OPENMP_RUNTIME, _BUILTINS) if not (directory / name).is_file()]
    if not missing:
        return None
    return (f"{' and '.join(missing)} {'is' if len(missing) == 1 else 'are'} not in {directory}, "
            "beside the CPU runtime: reinstall the package, or rebuild with LLVM 22's "
            "libomp-22-dev and libclang-rt-22-dev installed")


def link_shared_library(kernel_name: str, object_code: bytes, output: Path) -> None:
    """Links `object_code` into the shared library `output`, with libomp and the CPU runtime,
    and an rpath to them."""
    missing = missing_toolchain()
    if missing:
        raise LinkError(f"cannot link kernel `{kernel_name}`: {missing}")
    directory = runtime_directory()
    with tempfile.TemporaryDirectory(prefix="nereid-link-") as scratch:
        object_path = Path(scratch) / f"{kernel_name}.o"
        object_path.write_bytes(object_code)
        arguments = ["-shared", "-o", os.fspath(output), os.fspath(object_path),
                     os.fspath(directory / _OPENMP_RUNTIME), f"-L{directory}",
                     "-lnereid_cpu_runtime", "-rpath", os.fspath(directory), "--gc-sections",
                     os.fspath(directory / _BUILTINS)]
        try:
            run_lld(arguments)
        except IRError as error:
            raise LinkError(f"linking kernel `{kernel_name}` failed:\n  ld.lld "
                            f"{' '.join(arguments)}\n{error}") from error
