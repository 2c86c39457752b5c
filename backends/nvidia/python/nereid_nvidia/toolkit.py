"""The CUDA toolkit's programs (nvcc, ptxas, cuobjdump) and libdevice, where a machine has them:
building a cubin needs them, launching one does not."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Optional

# The environment variables that name libdevice's bitcode: Nereid's, then upstream Triton's.
LIBDEVICE_VARIABLES = ("NEREID_LIBDEVICE_PATH", "TRITON_LIBDEVICE_PATH")
LIBDEVICE = Path("nvvm") / "libdevice" / "libdevice.10.bc"


def find_tool(name: str) -> Optional[Path]:
    """The toolkit program `name`: in $CUDA_HOME/bin, then on PATH, then in /usr/local/cuda/bin;
    None when none has it."""
    directories = [Path(os.environ["CUDA_HOME"]) / "bin"] if os.environ.get("CUDA_HOME") else []
    found = shutil.which(name)
    if found:
        directories.append(Path(found).parent)
    directories.append(Path("/usr/local/cuda/bin"))
    return next((d / name for d in directories if (d / name).is_file()), None)


def _pip_cuda_roots() -> list[Path]:
    """The folders of the `nvidia` namespace package where NVIDIA's pip wheels install the
    toolkit's parts (nvidia/cuda_nvcc for CUDA 12, nvidia/cu13 for CUDA 13)."""
    spec = importlib.util.find_spec("nvidia")
    if spec is None or not spec.submodule_search_locations:
        return []
    roots = []
    for location in spec.submodule_search_locations:
        roots += sorted(p for p in Path(location).iterdir() if p.is_dir())
    return roots


def find_libdevice() -> Optional[Path]:
    """libdevice's bitcode (libdevice.10.bc), which NVIDIA kernels that call math functions
    link: the file that $NEREID_LIBDEVICE_PATH or $TRITON_LIBDEVICE_PATH names, else the one in
    $CUDA_HOME/nvvm/libdevice, beside the `ptxas` that find_tool finds, in
    /usr/local/cuda/nvvm/libdevice, or in NVIDIA's pip wheels (nvidia-cuda-nvcc-cu12,
    nvidia-nvvm); None when none has it. A variable that names a missing file is an error."""
    for variable in LIBDEVICE_VARIABLES:
        configured = os.environ.get(variable)
        if configured:
            if not Path(configured).is_file():
                raise FileNotFoundError(f"{variable}={configured} names no file; it should "
                                        "name libdevice's bitcode, libdevice.10.bc")
            return Path(configured)
    roots = [Path(os.environ["CUDA_HOME"])] if os.environ.get("CUDA_HOME") else []
    ptxas = find_tool("ptxas")
    if ptxas is not None:
        roots.append(ptxas.resolve().parent.parent)
    roots.append(Path("/usr/local/cuda"))
    roots += _pip_cuda_roots()
    return next((root / LIBDEVICE for root in roots if (root / LIBDEVICE).is_file()), None)


def compile_cuda_to_cubin(source: Path, arch: str = "sm_90a") -> bytes:
    """The cubin of the CUDA C++ file `source` for `arch`, built with nvcc; RuntimeError with
    nvcc's message when it fails or is missing."""
    nvcc = find_tool("nvcc")
    if nvcc is None:
        raise RuntimeError("nvcc is not installed (looked in $CUDA_HOME/bin, PATH and "
                           "/usr/local/cuda/bin)")
    virtual = arch.replace("sm_", "compute_")
    with tempfile.TemporaryDirectory() as directory:
        output = Path(directory) / "kernels.cubin"
        result = subprocess.run([str(nvcc), "-cubin", f"-gencode=arch={virtual},code={arch}",
                                 "-o", str(output), str(source)], capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(f"nvcc failed on {source}:\n{result.stderr}")
        return output.read_bytes()
