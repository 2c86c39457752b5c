"""Conformance of a backend to the interpreter, the golden model (docs/semantics.md):
- integers (and booleans) must match exactly;
- floats within the documented tolerance of the op that made them, in units in the last place
  (ULPs) of the result's type, or relative or absolute error;
- NaNs in the same places (their payload and sign are not specified); infinities in the same
  places, with the same sign.

`assert_conforms` compares one result; `shadow_launch` runs a launch on the interpreter and
on a backend on copies of the same arrays, and compares every array afterwards (outputs and
in-place updates alike)."""

from __future__ import annotations

import contextlib
import ctypes
import dataclasses
import os
from dataclasses import dataclass
from typing import Any, Callable, Optional

import ml_dtypes
import numpy as np
import pytest
from numpy.lib.array_utils import byte_bounds

from nereid.runtime.arguments import array_dtype
from nereid.runtime.reinterpret import reinterpret
from nereid.runtime.tensor_descriptor import TensorDescriptor


@dataclass(frozen=True)
class Tolerance:
    """How far a float result may be from the interpreter's: the larger of `ulps` units in the
    last place of the reference value (in the result's type), `rtol` times its magnitude, and
    `atol` (a number, or an array of per-element bounds). All zero: bit-exact (except NaN
    payloads)."""
    ulps: float = 0
    rtol: float = 0.0
    atol: Any = 0.0

    @property
    def exact(self) -> bool:
        return self.ulps == 0 and self.rtol == 0 and not np.any(np.asarray(self.atol))


EXACT = Tolerance()


def _finfo(dtype: np.dtype):
    try:
        return np.finfo(dtype)
    except ValueError:
        return ml_dtypes.finfo(dtype)


def is_float(dtype: np.dtype) -> bool:
    dtype = np.dtype(dtype)
    if dtype.kind == "f":
        return True
    try:
        ml_dtypes.finfo(dtype)
        return True
    except ValueError:
        return False


def ulp(values: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """One unit in the last place of `dtype` at each of `values` (float64), subnormals
    included."""
    info = _finfo(dtype)
    magnitude = np.maximum(np.abs(values.astype(np.float64)), float(info.smallest_normal))
    return np.ldexp(1.0, (np.floor(np.log2(magnitude)) - info.nmant).astype(np.int64))


def _bits(array: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(array).view(f"u{array.dtype.itemsize}")


def assert_conforms(actual: Any, reference: Any, tolerance: Tolerance = EXACT,
                    name: str = "result") -> None:
    """Asserts that a backend's `actual` conforms to the interpreter's `reference`: same shape
    and dtype; integers exactly; floats within `tolerance`, NaNs and infinities in the same
    places."""
    actual, reference = np.asarray(actual), np.asarray(reference)
    assert actual.shape == reference.shape, f"{name}: shape {actual.shape} != {reference.shape}"
    assert actual.dtype == reference.dtype, f"{name}: dtype {actual.dtype} != {reference.dtype}"
    if not is_float(actual.dtype):
        mismatch = _bits(actual) != _bits(reference)
        if np.any(mismatch):
            _fail(name, actual, reference, mismatch, "integers must match exactly")
        return
    a, r = actual.astype(np.float64), reference.astype(np.float64)
    a_nan, r_nan = np.isnan(a), np.isnan(r)
    if np.any(a_nan != r_nan):
        _fail(name, actual, reference, a_nan != r_nan, "NaNs must be in the same places")
    numbers = ~r_nan
    if tolerance.exact:
        mismatch = numbers & (_bits(actual) != _bits(reference))
        if np.any(mismatch):
            _fail(name, actual, reference, mismatch, "floats must match bit for bit")
        return
    infinite = numbers & (np.isinf(a) | np.isinf(r))
    mismatch = infinite & (a != r)
    if np.any(mismatch):
        _fail(name, actual, reference, mismatch, "infinities must be in the same places")
    finite = numbers & ~infinite
    with np.errstate(invalid="ignore", over="ignore"):
        bound = np.maximum.reduce([tolerance.ulps * ulp(r, actual.dtype),
                                   tolerance.rtol * np.abs(r),
                                   np.broadcast_to(np.asarray(tolerance.atol, np.float64),
                                                   r.shape)])
        mismatch = finite & ~(np.abs(a - r) <= bound)
    if np.any(mismatch):
        _fail(name, actual, reference, mismatch, f"floats must be within {tolerance}")


def _fail(name: str, actual: np.ndarray, reference: np.ndarray, mismatch: np.ndarray,
          rule: str) -> None:
    where = np.argwhere(mismatch)
    shown = ", ".join(f"{tuple(int(i) for i in index)}: {actual[tuple(index)]!r} "
                      f"(interpreter {reference[tuple(index)]!r})" for index in where[:8])
    raise AssertionError(f"{name} does not conform to the interpreter ({rule}): "
                         f"{len(where)} of {mismatch.size} elements differ; {shown}")


@contextlib.contextmanager
def on_interpreter():
    """Launches inside run in the interpreter (NEREID_INTERPRET=1)."""
    saved = os.environ.get("NEREID_INTERPRET")
    os.environ["NEREID_INTERPRET"] = "1"
    try:
        yield
    finally:
        if saved is None:
            del os.environ["NEREID_INTERPRET"]
        else:
            os.environ["NEREID_INTERPRET"] = saved


# Shadow launches ------------------------------------------------------------------------------

def _aligned_bytes(size: int, like_address: int) -> np.ndarray:
    """`size` fresh bytes whose address is congruent to `like_address` modulo 64, so that a
    copy keeps the alignment a kernel was specialized for."""
    raw = np.empty(size + 64, dtype=np.uint8)
    start = (like_address - raw.ctypes.data) % 64
    return raw[start:start + size]


def _numpy_memory(value: Any) -> Any:
    """The numpy array whose memory a kernel argument is: the array itself, or the base of a
    host-side tensor descriptor; None for other arguments."""
    if isinstance(value, TensorDescriptor) and isinstance(value.base, np.ndarray):
        return value.base
    return value if isinstance(value, np.ndarray) else None


def _with_memory(value: Any, array: np.ndarray) -> Any:
    if isinstance(value, TensorDescriptor):
        return dataclasses.replace(value, base=array)
    return array


def _memory_groups(values: dict[str, Any]) -> tuple[dict[str, np.ndarray], list[list]]:
    """The non-empty numpy memory of `values` by name, and the spans of bytes it covers: each
    [low, high, names], where the arrays whose bytes overlap (views of one buffer) share one."""
    arrays = {name: _numpy_memory(v) for name, v in values.items()}
    arrays = {name: a for name, a in arrays.items() if a is not None and a.size}
    spans = sorted((byte_bounds(v), name) for name, v in arrays.items())
    groups: list[list] = []  # [low, high, names]
    for (low, high), name in spans:
        if groups and low < groups[-1][1]:
            groups[-1][1] = max(groups[-1][1], high)
            groups[-1][2].append(name)
        else:
            groups.append([low, high, [name]])
    return arrays, groups


def copy_arrays(values: dict[str, Any]) -> dict[str, Any]:
    """`values` with every numpy array (also a tensor descriptor's base) replaced by a copy of
    its memory. Arrays whose bytes overlap (views of one buffer) stay views of one copy, at the
    same strides and alignment."""
    arrays, groups = _memory_groups(values)
    copied = dict(values)
    for low, high, names in groups:
        memory = _aligned_bytes(high - low, low)
        ctypes.memmove(memory.ctypes.data, low, high - low)
        for name in names:
            original = arrays[name]
            copied[name] = _with_memory(values[name], np.ndarray(
                original.shape, original.dtype, buffer=memory,
                offset=original.ctypes.data - low, strides=original.strides))
    return copied


# How far apart, in bytes, the start of a device copy keeps the alignment of its host memory.
_DEVICE_ALIGNMENT = 256


def on_device(values: dict[str, Any], device: str) -> tuple[dict[str, Any], Callable[[], None]]:
    """`values` with every numpy array (also a tensor descriptor's base) replaced by a torch
    tensor on `device` ("cuda") holding a copy of its memory, for a backend that runs on device
    memory only; and the function that copies the device memory back into the arrays once the
    launch is done. Arrays that overlap stay views of one device buffer, at the same strides
    and at the same address modulo 256, so that the kernel is specialized as for the host
    arrays. An array that torch cannot view so (a negative or unaligned stride) stays as it is,
    for the backend to refuse."""
    import torch

    arrays, groups = _memory_groups(values)
    moved = dict(values)
    copies: list[tuple[np.ndarray, Any]] = []
    for name, value in values.items():
        array = _numpy_memory(value)
        if array is not None and not array.size:
            moved[name] = _with_memory(value, torch.empty(
                array.shape, dtype=getattr(torch, array.dtype.name), device=device))
    for low, high, names in groups:
        size = high - low
        host = np.ctypeslib.as_array((ctypes.c_uint8 * size).from_address(low))
        # Room for the shift, and a length that every element type divides.
        length = (size + 2 * _DEVICE_ALIGNMENT) // _DEVICE_ALIGNMENT * _DEVICE_ALIGNMENT
        buffer = torch.empty(length, dtype=torch.uint8, device=device)
        shift = (low - buffer.data_ptr()) % _DEVICE_ALIGNMENT
        memory = buffer[shift:shift + size]
        memory.copy_(torch.from_numpy(host))
        if all(arrays[name].flags.writeable for name in names):
            copies.append((host, memory))
        for name in names:
            original = arrays[name]
            itemsize = original.dtype.itemsize
            offset = shift + original.ctypes.data - low
            if offset % itemsize or any(s < 0 or s % itemsize for s in original.strides):
                continue
            element = getattr(torch, original.dtype.name, None)
            # A dtype that torch lacks (fp8 e4m3b11fnuz): its bits, reinterpreted as it.
            bits = element or getattr(torch, f"uint{8 * itemsize}")
            typed = buffer.view(bits).as_strided(
                original.shape, [s // itemsize for s in original.strides], offset // itemsize)
            if element is None:
                typed = reinterpret(typed, array_dtype(original))
            moved[name] = _with_memory(values[name], typed)

    def copy_back() -> None:
        for host, memory in copies:
            host[:] = memory.cpu().numpy()

    return moved, copy_back


def compare_arrays(actual: dict[str, Any], reference: dict[str, Any],
                   tolerance: Tolerance = EXACT, kernel: str = "kernel") -> None:
    for name, value in actual.items():
        array = _numpy_memory(value)
        if array is not None and array.size:
            assert_conforms(array, _numpy_memory(reference[name]), tolerance,
                            name=f"argument `{name}` of `{kernel}`")


def shadow_launch(launch: Callable, reference_launch: Callable, jit_fn: Any, kernel: Any,
                  bound: dict, grid: tuple, options: dict,
                  tolerance: Optional[Tolerance] = EXACT) -> None:
    """Runs `reference_launch` (the interpreter's) on copies of the arrays of `bound`, then
    `launch` (a backend's) on the arrays themselves, and asserts that every array conforms.
    `tolerance` None launches on both without comparing (results that depend on the order of
    programs)."""
    copies = copy_arrays(bound)
    reference_launch(jit_fn, kernel, copies, grid, options)
    launch(jit_fn, kernel, bound, grid, options)
    if tolerance is not None:
        compare_arrays(bound, copies, tolerance, kernel.name)


# Known backend failures -----------------------------------------------------------------------

def mark_backend_failures(items: list, folder: Any, parameter: str = "backend") -> None:
    """Turns each `xfail_on(backend, reason, params={...}, run=True)` marker of a test into a
    strict xfail of the variants that run on `backend` (the value of the `parameter` fixture)
    and whose other parameters match `params`; other variants are untouched. Only the tests
    under `folder` (a conftest's own; pytest hands every conftest all items)."""
    for item in items:
        if not item.path.is_relative_to(folder):
            continue
        callspec = getattr(item, "callspec", None)
        if callspec is None or parameter not in callspec.params:
            continue
        for marker in item.iter_markers("xfail_on"):
            backend, reason = marker.args
            wanted = marker.kwargs.get("params", {})
            if callspec.params[parameter] != backend:
                continue
            if any(callspec.params.get(k) != v for k, v in wanted.items()):
                continue
            item.add_marker(pytest.mark.xfail(strict=True, reason=f"{backend}: {reason}",
                                              run=marker.kwargs.get("run", True)))
