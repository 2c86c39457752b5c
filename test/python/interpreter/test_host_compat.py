"""Host-side API that upstream Triton's launch code uses (issue 29): torch float8 tensors as
kernel arguments, `triton.reinterpret` (fp8 data held in uint8 tensors), pinned CPU tensors,
and `@jit(repr=...)` naming the kernel from its specialization. Each runs in the interpreter and
on the CPU backend against torch's own conversions."""

import numpy as np
import pytest
import torch

import nereid.triton as triton
import nereid.triton.language as tl


@triton.jit
def widen(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask).to(tl.float32) * 2, mask=mask)


@triton.jit
def narrow(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask), mask=mask)


FP8 = [(torch.float8_e4m3fn, tl.float8e4nv), (torch.float8_e5m2, tl.float8e5)]


@pytest.mark.parametrize("torch_dtype, _", FP8)
def test_float8_tensors_are_kernel_arguments(rng, torch_dtype, _):
    n = 1000
    x = torch.from_numpy(rng.standard_normal(n).astype(np.float32) * 8).to(torch_dtype)
    out = torch.zeros(n)
    widen[(triton.cdiv(n, 256),)](x, out, n, BLOCK=256)
    torch.testing.assert_close(out, x.float() * 2, rtol=0, atol=0)
    # And stored to: a float32 tensor rounded to fp8 as torch rounds it.
    y = torch.from_numpy(rng.standard_normal(n).astype(np.float32) * 8)
    y8 = torch.zeros(n, dtype=torch_dtype)
    narrow[(triton.cdiv(n, 256),)](y, y8, n, BLOCK=256)
    assert torch.equal(y8.view(torch.uint8), y.to(torch_dtype).view(torch.uint8))


def finite_fp8_bytes(rng, n, torch_dtype):
    bits = torch.from_numpy(rng.integers(0, 256, n).astype(np.uint8))
    return bits[torch.isfinite(bits.view(torch_dtype).float())]


@pytest.mark.parametrize("torch_dtype, tl_dtype", FP8)
def test_reinterpret_uint8_as_float8(rng, torch_dtype, tl_dtype):
    bits = finite_fp8_bytes(rng, 1000, torch_dtype)
    n = bits.numel()
    out = torch.zeros(n)
    widen[(triton.cdiv(n, 256),)](triton.reinterpret(bits, tl_dtype), out, n, BLOCK=256)
    torch.testing.assert_close(out, bits.view(torch_dtype).float() * 2, rtol=0, atol=0)
    # A numpy array of bytes too.
    out_np = np.zeros(n, np.float32)
    widen[(triton.cdiv(n, 256),)](triton.reinterpret(bits.numpy(), tl_dtype), out_np, n,
                                   BLOCK=256)
    np.testing.assert_array_equal(out_np, out.numpy())


def test_reinterpret_wrapper():
    bits = torch.arange(16, dtype=torch.uint8)
    wrapped = triton.reinterpret(bits, tl.float8e5)
    assert isinstance(wrapped, triton.TensorWrapper)
    assert wrapped.base is bits and wrapped.dtype == tl.float8e5
    assert wrapped.data_ptr() == bits.data_ptr() and wrapped.shape == (16,)
    assert triton.reinterpret(wrapped, tl.uint8) is bits
    with pytest.raises(ValueError, match="cannot reinterpret elements of 1 bytes as float32"):
        triton.reinterpret(bits, tl.float32)
    with pytest.raises(TypeError, match="Cannot reinterpret"):
        triton.reinterpret([1, 2], tl.uint8)


@pytest.mark.skipif(not torch.cuda.is_available(),
                    reason="pinning host memory needs a CUDA driver, which this machine lacks")
def test_pinned_cpu_tensors(rng):
    n = 1000
    x = torch.from_numpy(rng.standard_normal(n).astype(np.float32)).pin_memory()
    out = torch.zeros(n).pin_memory()
    assert x.is_pinned()
    widen[(triton.cdiv(n, 256),)](x, out, n, BLOCK=256)
    torch.testing.assert_close(out, x * 2, rtol=0, atol=0)


def value_repr(specialization):
    ty = specialization.signature["value1"]
    ones = "_".join(k for k, v in specialization.constants.items() if isinstance(k, str) and v == 1)
    return f"kernel_{ty}_{ones}"


@triton.jit(repr=value_repr)
def specialized(value1, is_one, x_ptr):
    tl.store(x_ptr, value1.to(tl.float64) + is_one)


@pytest.mark.parametrize("value, value_type", [(-1, "i32"), (0, "i32"), (-2**31, "i32"),
                                               (2**31 - 1, "i32"), (2**31, "i64"),
                                               (2**32, "i64"), (2**63 - 1, "i64"),
                                               (-2**63, "i64"), (2**63, "u64"),
                                               (2**64 - 1, "u64")])
def test_value_specialization_names_the_kernel(value, value_type):
    """Triton's test_value_specialization: `repr` sees each integer's type and the integers
    specialized as 1, and its result is the kernel's name."""
    x = np.zeros(1, np.float64)
    compiled = specialized[(1,)](value, 1, x)
    assert compiled.name == compiled.metadata.name == f"kernel_{value_type}_is_one"
    assert f"@kernel_{value_type}_is_one" in compiled.asm["ttir"]
    assert x[0] == np.float64(value) + 1


def test_repr_sees_types_and_constants():
    seen = []

    def record(specialization):
        seen.append(specialization)
        return "recorded"

    @triton.jit(repr=record)
    def kernel(x_ptr, n, scale, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * scale, mask=offs < n)

    x = np.arange(64, dtype=np.float32)
    assert kernel[(1,)](x, 60, 2.0, BLOCK=64).name == "recorded"
    np.testing.assert_array_equal(x, np.where(np.arange(64) < 60, np.arange(64) * 2, np.arange(64)))
    assert seen[0].signature == {"x_ptr": "*fp32", "n": "i32", "scale": "fp32",
                                 "BLOCK": "constexpr"}
    assert seen[0].constants == {"BLOCK": 64}


def test_a_repr_that_is_not_a_symbol():
    @triton.jit(repr=lambda specialization: "my kernel!")
    def kernel(x_ptr):
        tl.store(x_ptr, 1.0)

    with pytest.raises(triton.CompilationError, match="returned 'my kernel!'; a kernel name is"):
        kernel[(1,)](np.zeros(1, np.float32))


@triton.jit
def abs_kernel(x_ptr, z_ptr, SIZE: tl.constexpr):
    offs = tl.arange(0, SIZE)
    tl.store(z_ptr + offs, tl.abs(tl.load(x_ptr + offs)))


@pytest.mark.parametrize("dtype", [tl.float8e4b15, tl.float8e4nv, tl.float8e5])
def test_abs_of_every_float8_through_reinterpret(dtype):
    """Triton's test_abs_fp8: every bit pattern of an fp8 format, passed as int8 data; abs
    clears the sign bit (NaN payloads kept; the CPU could not lower absf on fp8)."""
    bits = torch.arange(-128, 128, dtype=torch.int8)
    out = torch.empty_like(bits)
    abs_kernel[(1,)](triton.reinterpret(bits, dtype), triton.reinterpret(out, dtype), 256)
    assert torch.equal(out, bits & 0x7F)
