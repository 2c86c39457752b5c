"""`triton.runtime._allocation` under its Triton name (see `nereid.runtime.allocation`)."""

from ...runtime.allocation import (Allocator, Buffer, NullAllocator, _allocator,
                                   _NULL_ALLOCATOR, _profile_allocator, get_allocator,
                                   has_profile_allocator, set_allocator, set_profile_allocator)

__all__ = ["Allocator", "Buffer", "NullAllocator", "get_allocator", "has_profile_allocator",
           "set_allocator", "set_profile_allocator"]
