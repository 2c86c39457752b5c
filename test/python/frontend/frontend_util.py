"""Helpers of the frontend tests: compile a kernel with `warmup` and look at its tt IR."""

from __future__ import annotations

import re
from typing import Any

import ml_dtypes
import numpy as np

# An op's location ends its line: loc("file":line:col), or loc(callsite(... at ...)) for
# the ops of an inlined function.
_LOCATION = re.compile(r' loc\((?:"|callsite\().*$', re.MULTILINE)

# numpy dtypes of the language's dtype names, for fresh kernel arguments.
NUMPY_DTYPES = {
    "int1": np.bool_, "int8": np.int8, "int16": np.int16, "int32": np.int32,
    "int64": np.int64, "uint8": np.uint8, "uint16": np.uint16, "uint32": np.uint32,
    "uint64": np.uint64, "float16": np.float16, "bfloat16": ml_dtypes.bfloat16,
    "float32": np.float32, "float64": np.float64, "float8e4nv": ml_dtypes.float8_e4m3fn,
    "float8e5": ml_dtypes.float8_e5m2, "float8e4b15": ml_dtypes.float8_e4m3b11fnuz,
}

# MLIR element types of the language's dtype names.
MLIR_TYPES = {
    "int1": "i1", "int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64",
    "uint8": "i8", "uint16": "i16", "uint32": "i32", "uint64": "i64", "float16": "f16",
    "bfloat16": "bf16", "float32": "f32", "float64": "f64", "float8e4nv": "f8E4M3FN",
    "float8e5": "f8E5M2", "float8e4b15": "f8E4M3B11FNUZ",
}

_rng = np.random.default_rng()


def array(dtype: str = "float32", n: int = 256) -> np.ndarray:
    """A fresh random array of `n` elements of the language dtype named `dtype`, 64-byte
    aligned (so that pointer arguments specialize as divisible by 16)."""
    np_dtype = np.dtype(NUMPY_DTYPES[dtype])
    if np_dtype.kind == "b":
        values = _rng.integers(0, 2, n).astype(np.bool_)
    elif np_dtype.kind in "iu":
        info = np.iinfo(np_dtype)
        values = _rng.integers(max(info.min, -100), min(info.max, 100), n).astype(np_dtype)
    else:
        values = _rng.standard_normal(n).astype(np.float32).astype(np_dtype)
    raw = np.empty(n * np_dtype.itemsize + 64, dtype=np.uint8)
    start = -raw.ctypes.data % 64
    aligned = raw[start:start + n * np_dtype.itemsize].view(np_dtype)
    aligned[...] = values
    assert aligned.ctypes.data % 64 == 0
    return aligned


def misaligned(dtype: str = "float32", n: int = 256) -> np.ndarray:
    """A fresh array whose address is not a multiple of 16."""
    base = array(dtype, n + 1)
    view = base[1:]
    assert view.ctypes.data % 16 != 0
    return view


def ttir(kernel: Any, *args: Any, **kwargs: Any) -> str:
    """The verified tt IR of `kernel` compiled for these arguments."""
    return kernel.warmup(*args, **kwargs).asm["ttir"]


def strip_locations(text: str) -> str:
    return _LOCATION.sub("", text)


def _op_pattern(op: str) -> re.Pattern:
    # The op name as a whole word: `tt.reduce` matches `tt.reduce(` but not `tt.reduce.return`.
    return re.compile(rf"(?:^|[\s=]){re.escape(op)}(?=[\s(\[{{:]|$)")


def op_lines(text: str, op: str) -> list[str]:
    """The lines of `text` (locations removed, stripped) that hold operation `op`. An op with
    regions is its first line joined with the line that closes its regions (which holds its
    attributes and type signature), as `head ... } tail`."""
    pattern = _op_pattern(op)
    lines = strip_locations(text).splitlines()
    found = []
    for index, line in enumerate(lines):
        if not pattern.search(line):
            continue
        depth = line.count("{") - line.count("}")
        if depth <= 0:
            found.append(line.strip())
            continue
        for closing in lines[index + 1:]:
            depth += closing.count("{") - closing.count("}")
            if depth <= 0:
                found.append(f"{line.strip()} ... {closing.strip()}")
                break
        else:
            found.append(line.strip())
    return found


def count_ops(text: str, op: str) -> int:
    return len(op_lines(text, op))


def find_op(text: str, op: str, *fragments: str) -> str:
    """The first line with `op` that contains every fragment (a plain substring, or a compiled
    regex); fails with the lines of `op` there are."""
    lines = op_lines(text, op)
    for line in lines:
        if all((f.search(line) if isinstance(f, re.Pattern) else f in line)
               for f in fragments):
            return line
    listing = "\n  ".join(lines) or "(none)"
    raise AssertionError(f"no `{op}` line with {list(fragments)}; the `{op}` lines are:\n  "
                         f"{listing}")


def has_op(text: str, op: str, *fragments: str) -> bool:
    try:
        find_op(text, op, *fragments)
    except AssertionError:
        return False
    return True


def func_signature(text: str) -> str:
    """The `tt.func` line of the kernel."""
    return find_op(text, "tt.func")


_CONSTANT = re.compile(r"= arith\.constant (\S+) : (\S+)$")


def constants(text: str, mlir_type: str) -> list:
    """The values of the scalar `arith.constant`s of `mlir_type` (floats as Python floats,
    including those written as bit patterns; integers as ints)."""
    values = []
    for line in op_lines(text, "arith.constant"):
        match = _CONSTANT.search(line)
        if not match or match.group(2) != mlir_type:
            continue
        literal = match.group(1)
        if mlir_type.startswith("i"):
            values.append(True if literal == "true" else False if literal == "false"
                          else int(literal))
        elif literal.startswith("0x"):
            values.append(literal)
        else:
            values.append(float(literal))
    return values


def has_constant(text: str, value: float, mlir_type: str) -> bool:
    """Whether `text` has an `arith.constant` of `mlir_type` equal to `value`."""
    import math

    for found in constants(text, mlir_type):
        if isinstance(found, str):
            continue
        if isinstance(value, float) or isinstance(found, float):
            if math.isclose(found, value, rel_tol=1e-9, abs_tol=0.0):
                return True
        elif found == value:
            return True
    return False
