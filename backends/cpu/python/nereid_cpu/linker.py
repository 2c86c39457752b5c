"""Links a kernel's object file into a shared library with LLVM's lld, against the OpenMP
runtime (libomp) that the grid loop calls and the CPU runtime (tt.print, tt.assert), which the
library then finds through its rpath, and against compiler-rt's builtins, which LLVM calls for
what the target has no instruction for (bf16 rounding without AVX-512 BF16: __truncsfbf2)."""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Optional

from .kernel import runtime_library_path

# Where Debian installs LLVM 22, the version libnereid is built against.
_DEFAULT_LLVM_PREFIX = Path("/usr/lib/llvm-22")


class LinkError(RuntimeError):
    """The kernel's shared library could not be linked."""


@functools.lru_cache(maxsize=None)
def llvm_library_dir() -> Path:
    """The directory of LLVM's libraries, libomp.so among them: `llvm-config-22 --libdir`,
    or Debian's default."""
    llvm_config = shutil.which("llvm-config-22") or shutil.which("llvm-config")
    if llvm_config:
        try:
            output = subprocess.run([llvm_config, "--libdir"], check=True, capture_output=True,
                                    text=True).stdout.strip()
            if output:
                return Path(output)
        except (OSError, subprocess.CalledProcessError):
            pass
    return _DEFAULT_LLVM_PREFIX / "lib"


@functools.lru_cache(maxsize=None)
def lld_path() -> str:
    """The ld.lld executable: ld.lld-22 or ld.lld on the PATH, or the one beside LLVM's
    libraries."""
    for candidate in ("ld.lld-22", "ld.lld"):
        found = shutil.which(candidate)
        if found:
            return found
    beside = llvm_library_dir().parent / "bin" / "ld.lld"
    if beside.is_file():
        return str(beside)
    raise LinkError("the CPU backend needs LLVM's linker ld.lld to link kernels; install lld-22 "
                    "(apt-get install lld-22)")


@functools.lru_cache(maxsize=None)
def compiler_rt_builtins() -> Path:
    """compiler-rt's builtins archive of LLVM 22 for this host (libclang-rt-22-dev)."""
    clang = shutil.which("clang-22") or shutil.which("clang")
    if clang:
        try:
            found = Path(subprocess.run(
                [clang, "--rtlib=compiler-rt", "-print-libgcc-file-name"], check=True,
                capture_output=True, text=True).stdout.strip())
            if found.is_file():
                return found
        except (OSError, subprocess.CalledProcessError):
            pass
    found = sorted(llvm_library_dir().glob("clang/*/lib/**/libclang_rt.builtins*.a"))
    if found:
        return found[0]
    raise LinkError("the CPU backend needs compiler-rt's builtins (libclang_rt.builtins) to link "
                    "kernels; install libclang-rt-22-dev")


def _missing_libomp() -> Optional[str]:
    """What is wrong when LLVM's OpenMP runtime is not where kernels link it from, or None."""
    if (llvm_library_dir() / "libomp.so").exists():
        return None
    return (f"the OpenMP runtime libomp.so is not in {llvm_library_dir()}; install "
            "libomp-22-dev")


def missing_toolchain() -> Optional[str]:
    """What this machine lacks of the toolchain that links kernels (LLVM 22's lld, libomp and
    compiler-rt's builtins), or None when it has all of it."""
    try:
        lld_path()
        compiler_rt_builtins()
    except LinkError as error:
        return str(error)
    return _missing_libomp()


def link_shared_library(kernel_name: str, object_code: bytes, output: Path) -> None:
    """Links `object_code` into the shared library `output`, with libomp and an rpath to it."""
    library_dir = llvm_library_dir()
    missing = _missing_libomp()
    if missing:
        raise LinkError(f"cannot link kernel `{kernel_name}`: {missing}")
    with tempfile.TemporaryDirectory(prefix="nereid-link-") as scratch:
        object_path = Path(scratch) / f"{kernel_name}.o"
        object_path.write_bytes(object_code)
        runtime_dir = runtime_library_path().parent
        command = [lld_path(), "-shared", "-o", os.fspath(output), os.fspath(object_path),
                   f"-L{library_dir}", "-lomp", "-rpath", os.fspath(library_dir),
                   f"-L{runtime_dir}", "-lnereid_cpu_runtime", "-rpath", os.fspath(runtime_dir),
                   "--gc-sections"]
        command.append(os.fspath(compiler_rt_builtins()))
        result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        raise LinkError(f"linking kernel `{kernel_name}` failed:\n  {' '.join(command)}\n"
                        f"{result.stderr.strip()}")
