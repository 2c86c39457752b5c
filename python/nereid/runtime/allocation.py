"""The allocator of a kernel's global scratch memory, set with `triton.set_allocator(fn)` as in
upstream Triton: `fn(size, alignment, stream)` returns a buffer (anything with `data_ptr()`) of
at least `size` bytes at an address that is a multiple of `alignment`.

A backend whose kernels need scratch in device memory (the GPU backends: tensor descriptors
built on the device, global scratch of large reductions) calls `allocate` at launch. The CPU
backend and the interpreter never do: their kernels' scratch lives on the host threads' stacks
and heap. The allocator is a context variable, as upstream's is, so that each thread and each
asyncio task may set its own."""

from __future__ import annotations

from contextvars import ContextVar
from typing import Optional, Protocol


class Buffer(Protocol):
    def data_ptr(self) -> int:
        ...


class Allocator(Protocol):
    def __call__(self, size: int, alignment: int, stream: Optional[int]) -> Buffer:
        ...


class NullAllocator:
    """The allocator until one is set: a kernel that needs scratch memory fails to launch."""

    def __call__(self, size: int, alignment: int, stream: Optional[int]) -> Buffer:
        raise RuntimeError("Kernel requires a runtime memory allocation, but no allocator was "
                           "set. Use triton.set_allocator to specify an allocator.")


_NULL_ALLOCATOR = NullAllocator()

_allocator: ContextVar[Allocator] = ContextVar("_allocator", default=_NULL_ALLOCATOR)
_profile_allocator: ContextVar[Allocator] = ContextVar("_profile_allocator",
                                                       default=_NULL_ALLOCATOR)


def _checked(allocator: Optional[Allocator], what: str) -> Allocator:
    if allocator is None:
        return _NULL_ALLOCATOR
    if not callable(allocator):
        raise TypeError(f"{what} takes a function fn(size, alignment, stream) that returns a "
                        f"buffer with data_ptr(); got {allocator!r}")
    return allocator


def set_allocator(allocator: Optional[Allocator]) -> None:
    """Makes `allocator` the one that launches call for kernels that need global scratch
    memory (None: no allocator, as at start)."""
    _allocator.set(_checked(allocator, "set_allocator"))


def get_allocator() -> Allocator:
    return _allocator.get()


def set_profile_allocator(allocator: Optional[Allocator]) -> None:
    """Upstream's allocator of profiler scratch (Proton); None removes it."""
    _profile_allocator.set(_checked(allocator, "set_profile_allocator"))


def has_profile_allocator() -> bool:
    return not isinstance(_profile_allocator.get(), NullAllocator)


def allocate(kernel_name: str, size: int, alignment: int, stream: Optional[int]) -> Buffer:
    """Scratch memory for a launch of `kernel_name`, from the allocator set now. Raises
    RuntimeError when none is set, or when the buffer it returns has no `data_ptr()` or sits at
    an address that is not a multiple of `alignment`."""
    buffer = _allocator.get()(size, alignment, stream)
    address = getattr(buffer, "data_ptr", None)
    if address is None:
        raise RuntimeError(f"the allocator set with triton.set_allocator returned "
                           f"{type(buffer).__name__}, which has no data_ptr(), for the "
                           f"{size} bytes of scratch that kernel `{kernel_name}` needs")
    if alignment and int(address()) % alignment:
        raise RuntimeError(f"the allocator set with triton.set_allocator returned scratch for "
                           f"kernel `{kernel_name}` at {int(address()):#x}, which is not "
                           f"{alignment}-byte aligned")
    return buffer
