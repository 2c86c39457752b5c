"""References for the precisions of tl.dot."""

import numpy as np


def round_to_tf32(a: np.ndarray) -> np.ndarray:
    """float32 values rounded to 10 mantissa bits, to nearest with ties away from zero (what
    input_precision="tf32" does: NVIDIA's cvt.rna.tf32, as docs/semantics.md specifies)."""
    bits = np.ascontiguousarray(a, dtype=np.float32).view(np.uint32)
    rounded = ((bits.astype(np.uint64) + 0x1000) & 0xFFFFE000).astype(np.uint32)
    finite = np.isfinite(a)
    return np.where(finite, rounded.view(np.float32), a)
