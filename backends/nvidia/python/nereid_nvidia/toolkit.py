"""The CUDA toolkit's programs (nvcc, ptxas, cuobjdump), where a machine has them: building a
cubin needs them, launching one does not."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Optional


def find_tool(name: str) -> Optional[Path]:
    """The toolkit program `name`: in $CUDA_HOME/bin, then on PATH, then in /usr/local/cuda/bin;
    None when none has it."""
    directories = [Path(os.environ["CUDA_HOME"]) / "bin"] if os.environ.get("CUDA_HOME") else []
    found = shutil.which(name)
    if found:
        directories.append(Path(found).parent)
    directories.append(Path("/usr/local/cuda/bin"))
    return next((d / name for d in directories if (d / name).is_file()), None)


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
