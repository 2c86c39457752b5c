"""tl.dot_scaled's checks, in upstream Triton's words (the first line after the caret says what
Triton's semantic says), and what it emits: tt.dot_scaled, which the shared tt pipeline turns
into the scaling of the operands and a tt.dot (tt-decompose-scaled-dot)."""

from __future__ import annotations

import numpy as np
import pytest

import nereid.backends
import nereid.triton as triton
import nereid.triton.language as tl
from frontend_util import find_op


def message_line(error: triton.CompilationError) -> str:
    """The line of the error's text that says what is wrong (after the caret)."""
    rows = str(error).splitlines()
    return rows[rows.index(next(r for r in rows if r.strip() == "^")) + 1]


@triton.jit
def scaled_dot(a_ptr, a_scale_ptr, b_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr,
               A_COLS: tl.constexpr, B_ROWS: tl.constexpr, GROUPS: tl.constexpr,
               A_FORMAT: tl.constexpr, B_FORMAT: tl.constexpr, CASE: tl.constexpr):
    a = tl.load(a_ptr + tl.arange(0, M)[:, None] * A_COLS + tl.arange(0, A_COLS)[None, :])
    b = tl.load(b_ptr + tl.arange(0, B_ROWS)[:, None] * N + tl.arange(0, N)[None, :])
    s = tl.load(a_scale_ptr + tl.arange(0, M)[:, None] * GROUPS + tl.arange(0, GROUPS)[None, :])
    if CASE == "plain":
        c = tl.dot_scaled(a, s, A_FORMAT, b, None, B_FORMAT)
    elif CASE == "lhs_k_pack":
        c = tl.dot_scaled(a, s, A_FORMAT, b, None, B_FORMAT, lhs_k_pack=False)
    elif CASE == "acc_dtype":
        c = tl.dot_scaled(a, s, A_FORMAT, b, None, B_FORMAT, acc=tl.zeros((M, N), tl.float16))
    elif CASE == "acc_shape":
        c = tl.dot_scaled(a, s, A_FORMAT, b, None, B_FORMAT, acc=tl.zeros((M, 2 * N), tl.float32))
    elif CASE == "out_dtype":
        c = tl.dot_scaled(a, s, A_FORMAT, b, None, B_FORMAT, out_dtype=tl.float16)
    elif CASE == "rhs_scale":
        c = tl.dot_scaled(a, s, A_FORMAT, b, s, B_FORMAT)
    elif CASE == "scalar":
        c = tl.dot_scaled(tl.load(a_ptr), s, A_FORMAT, b, None, B_FORMAT)
    elif CASE == "rank":
        c = tl.dot_scaled(tl.reshape(a, (M * A_COLS, )), s, A_FORMAT, b, None, B_FORMAT)
    tl.store(out_ptr + tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :], c)


def compile_error(case, M=32, N=32, a_cols=32, b_rows=64, groups=2, a_format="e2m1",
                  b_format="e4m3", a_dtype=np.uint8, b_dtype=np.uint8) -> str:
    a = np.zeros(M * a_cols, dtype=a_dtype)
    b = np.zeros(b_rows * N, dtype=b_dtype)
    scales = np.zeros(M * groups, dtype=np.uint8)
    out = np.zeros(M * N, dtype=np.float32)
    with pytest.raises(triton.CompilationError) as info:
        scaled_dot.warmup(a, scales, b, out, M, N, a_cols, b_rows, groups, a_format, b_format,
                          case)
    return message_line(info.value)


# Each: the keyword arguments of compile_error, and the message upstream's semantic gives.
REJECTIONS = {
    "unknown format": (dict(case="plain", b_format="e4m7"), "Invalid float format: e4m7."),
    "e2m3 is not implemented": (dict(case="plain", b_format="e2m3"), "NYI: rhs_format e2m3"),
    "e2m1 as int8": (dict(case="plain", a_dtype=np.int8),
                     "e2m1 format must be packed as uint8. Got int8"),
    "bf16 as uint8": (dict(case="plain", b_format="bf16"), "Unexpected dtype for bf16. Got uint8"),
    "e4m3 as int16": (dict(case="plain", a_format="e4m3", a_cols=64, a_dtype=np.int16),
                      "Unexpected dtype for e4m3. Got int16"),
    "K mismatch": (dict(case="plain", b_rows=32),
                   "Reduction dimension should pack the same number of elements; "
                   "(lhs: [32, 32] vs rhs: [32, 32])"),
    "only e2m1 packs along M": (dict(case="lhs_k_pack", a_format="e4m3", a_cols=64),
                                "only mxfp4 inputs can be packed along a dimension different "
                                "than K"),
    "scale groups of 64": (dict(case="plain", groups=1), "scale factor must be 16 or 32. Got 64"),
    "rhs scale shape": (dict(case="rhs_scale", N=64, a_format="e4m3", a_cols=64),
                        "rhs_scale must be a tensor of shape [..., 64, 2]. Got [32, 2]"),
    "accumulator dtype": (dict(case="acc_dtype"),
                          "expected accumulator dtype fp32, got fp16; pass out_dtype=fp16 to "
                          "use this accumulator dtype"),
    "accumulator shape": (dict(case="acc_shape"),
                          "expected accumulator shape [32, 32], got [32, 64]"),
    "out_dtype": (dict(case="out_dtype"), "Only float32 is supported for out_dtype at the moment"),
    "scalar operand": (dict(case="scalar"),
                       "dot_scaled operands must be block tensors (not scalars)"),
    "1-D operand": (dict(case="rank"),
                    "Both inputs must be either 2D or 3D; (lhs: [1024] vs rhs: [64, 32])"),
}


@pytest.mark.parametrize("name", list(REJECTIONS))
def test_rejections_in_upstream_words(name):
    arguments, message = REJECTIONS[name]
    assert compile_error(**arguments).strip() == message


@triton.jit
def e2m1_times_e4m3(a_ptr, a_scale_ptr, b_ptr, out_ptr, FAST_MATH: tl.constexpr):
    a = tl.load(a_ptr + tl.arange(0, 16)[:, None] * 64 + tl.arange(0, 64)[None, :])
    s = tl.load(a_scale_ptr + tl.arange(0, 32)[:, None] * 2 + tl.arange(0, 2)[None, :])
    b = tl.load(b_ptr + tl.arange(0, 64)[:, None] * 16 + tl.arange(0, 16)[None, :])
    c = tl.dot_scaled(a, s, "e2m1", b, None, "e4m3", fast_math=FAST_MATH, lhs_k_pack=False)
    tl.store(out_ptr + tl.arange(0, 32)[:, None] * 16 + tl.arange(0, 16)[None, :], c)


def e2m1_times_e4m3_arguments():
    return (np.zeros(1024, np.uint8), np.zeros(64, np.uint8), np.zeros(1024, np.uint8),
            np.zeros(512, np.float32))


def test_emits_tt_dot_scaled_with_its_attributes():
    text = e2m1_times_e4m3.warmup(*e2m1_times_e4m3_arguments(), FAST_MATH=True,
                                  grid=(1,)).asm["ttir"]
    line = find_op(text, "tt.dot_scaled")
    assert "lhs = e2m1 rhs = e4m3" in line
    assert "{fastMath = true, lhs_k_pack = false}" in line
    # uint8 e4m3 bits are bitcast to fp8; e2m1 (packed along M here) and the scales stay bytes.
    assert ": tensor<16x64xi8>, tensor<32x2xi8> * tensor<64x16xf8E4M3FN> -> " \
           "tensor<32x16xf32>" in line


@pytest.mark.parametrize("target", ["cuda:80", "cuda:90"])
def test_the_nvidia_backend_compiles_it_to_tensor_core_dots(target, tmp_path, monkeypatch):
    """tt-decompose-scaled-dot makes the scaled operands bf16 and the dot a bf16 tt.dot, which
    the NVIDIA backend runs on mma.sync (docs/nvidia.md, Dots)."""
    monkeypatch.setenv("NEREID_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("NEREID_DUMP_IR", str(tmp_path / "dump"))
    kernel = e2m1_times_e4m3.warmup(*e2m1_times_e4m3_arguments(), FAST_MATH=False, grid=(1,),
                                    backend="nvidia", target=target)
    nereid.backends.get("nvidia").compile(kernel)
    ptx = (tmp_path / "dump" / f"{kernel.name}.ptx").read_text()
    assert "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32" in ptx


@triton.jit
def scales_of_two_group_sizes(a_ptr, a_scale_ptr, b_ptr, b_scale_ptr, out_ptr):
    a = tl.load(a_ptr + tl.arange(0, 32)[:, None] * 64 + tl.arange(0, 64)[None, :])
    a_scale = tl.load(a_scale_ptr + tl.arange(0, 32)[:, None] * 2 + tl.arange(0, 2)[None, :])
    b = tl.load(b_ptr + tl.arange(0, 64)[:, None] * 32 + tl.arange(0, 32)[None, :])
    b_scale = tl.load(b_scale_ptr + tl.arange(0, 32)[:, None] * 4 + tl.arange(0, 4)[None, :])
    c = tl.dot_scaled(a, a_scale, "e4m3", b, b_scale, "e4m3")
    tl.store(out_ptr + tl.arange(0, 32)[:, None] * 32 + tl.arange(0, 32)[None, :], c)


def test_scales_of_two_group_sizes_in_upstream_words():
    with pytest.raises(triton.CompilationError) as info:
        scales_of_two_group_sizes.warmup(np.zeros(2048, np.uint8), np.zeros(64, np.uint8),
                                         np.zeros(2048, np.uint8), np.zeros(128, np.uint8),
                                         np.zeros(1024, np.float32), grid=(1,))
    assert message_line(info.value).strip() == \
        "Operands must have the same scale factor; (lhs: 32 vs rhs: 16)"
