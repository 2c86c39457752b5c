"""Fixtures of the NVIDIA backend's tests: the cubin of launch_kernels.cu, built here with nvcc,
and the GPU, whose tests are skipped with the backend's reason where it cannot run, with
libnereid to compile kernels for it (`cuda`)."""

from pathlib import Path

import pytest

import nereid
from nereid_nvidia.backend import NvidiaBackend
from nereid_nvidia.toolkit import compile_cuda_to_cubin, find_tool

KERNELS = Path(__file__).with_name("launch_kernels.cu")


@pytest.fixture(scope="session")
def cubin() -> bytes:
    if find_tool("nvcc") is None:
        pytest.skip("nvcc is not installed: the test kernels cannot be built")
    return compile_cuda_to_cubin(KERNELS)


@pytest.fixture(scope="session")
def torch_cuda():
    """torch, on a machine where the NVIDIA backend and torch's CUDA both run."""
    availability = NvidiaBackend().available()
    if not availability:
        pytest.skip(f"the nvidia backend cannot run here: {availability.reason}")
    torch = pytest.importorskip("torch")
    if not torch.cuda.is_available():
        pytest.skip("torch has no CUDA here")
    torch.cuda.init()
    return torch


@pytest.fixture(scope="session")
def cuda(torch_cuda):
    """torch on the GPU, where libnereid is there to compile kernels for it."""
    try:
        nereid._capi.lib()
    except ImportError as error:  # a GPU run that carries the runtime alone (scripts/gpu)
        pytest.skip(f"compiling needs libnereid: {error}")
    return torch_cuda


@pytest.fixture
def compile_ptx(monkeypatch, tmp_path):
    """A function that compiles a kernel warmed up for the nvidia backend here, with a kernel
    cache and IR dumps of the test's own, and returns its PTX, after checking its cubin:
    ptxas's ELF where the CUDA toolkit is here, else the PTX for the driver to compile."""
    monkeypatch.setenv("NEREID_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("NEREID_DUMP_IR", str(tmp_path / "dump"))

    def compile_ptx(kernel) -> str:
        native = nereid.backends.get("nvidia").compile(kernel)
        ptx = (tmp_path / "dump" / f"{kernel.name}.ptx").read_text()
        if find_tool("ptxas") is None:
            assert native.cubin == ptx.encode() + b"\0"
        else:
            assert native.cubin[:4] == b"\x7fELF"
        return ptx

    return compile_ptx
