"""The NVIDIA backend: launches kernels compiled to cubins on CUDA memory (torch CUDA tensors,
`__cuda_array_interface__`, CUDA DLPack arrays). `nereid.backends` finds it through its entry
point `nvidia` (`backend.NvidiaBackend`). `driver` talks to the GPU through the runtime library
and needs neither libnereid nor the CUDA toolkit."""

from .backend import NvidiaBackend
from .kernel import CompiledNvidiaKernel

__all__ = ["CompiledNvidiaKernel", "NvidiaBackend"]
