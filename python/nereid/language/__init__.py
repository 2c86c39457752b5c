"""`nereid.language`, imported as `tl`: the names of `triton.language`, with Triton's
signatures and semantics. docs/language.md lists them and every difference from Triton."""

from . import extra
from .core import constexpr, constexpr_type, tensor
from .dtypes import (bfloat16, block_type, const, dtype, float8e4b15, float8e4nv, float8e5, float16,
                     float32, float64, int1, int8, int16, int32, int64, pi32_t, pointer_type,
                     uint8, uint16, uint32, uint64, void)
from .math import (abs, ceil, cos, erf, exp, exp2, floor, log, log2, rsqrt, sin, sqrt,
                   sqrt_rn)
from .ops import (PropagateNan, advance, arange, assume, associative_scan, atomic_add,
                  atomic_and, atomic_cas, atomic_max, atomic_min, atomic_or, atomic_xchg,
                  atomic_xor, broadcast, broadcast_to, cast, cat, debug_barrier, device_assert,
                  device_print, div_rn, dot, dot_scaled, expand_dims, fdiv, flip, fma, full,
                  full_like, gather, histogram, inline_asm_elementwise, interleave, join, load,
                  load_tensor_descriptor, make_block_ptr, make_tensor_descriptor,
                  max_constancy, max_contiguous, maximum, minimum, clamp, multiple_of,
                  num_programs, permute, program_id, range, ravel, reduce, reshape,
                  static_assert, static_print, static_range, store, store_tensor_descriptor,
                  split, tensor_descriptor, to_tensor, trans, umulhi, view, where, zeros,
                  zeros_like)
from .random import (pair_uniform_to_normal, philox, philox_impl, rand, rand4x, randint,
                     randint4x, randn, randn4x, uint_to_uniform_float)
from .standard import (argmax, argmin, cdiv, cumprod, cumsum, max, min, sigmoid, softmax,
                       sort, sum, topk, xor_sum)

# Triton spells float8 types these ways too.
float8e4 = float8e4nv
float8e5m2 = float8e5
float8e4m3fn = float8e4nv
