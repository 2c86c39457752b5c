"""Nereid's demo: Triton kernels written in Python compile to tt IR and run in the interpreter
(the golden model), checked against numpy; tt IR is verified and canonicalized through the
Python package; and a malformed kernel is rejected with the source line of its error.

Run it with `make demo`. When the CPU backend lands, the same kernels run natively.
"""

import os
import sys

import numpy as np

os.environ.setdefault("NEREID_INTERPRET", "1")

import nereid  # noqa: E402
import nereid.language as tl  # noqa: E402


@nereid.jit
def add_kernel(x_ptr, y_ptr, output_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(output_ptr + offsets, x + y, mask=mask)


@nereid.jit
def softmax_kernel(output_ptr, input_ptr, row_stride, n_cols, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols
    x = tl.load(input_ptr + row * row_stride + cols, mask=mask, other=-float("inf"))
    numerator = tl.exp(x - tl.max(x, axis=0))
    tl.store(output_ptr + row * row_stride + cols, numerator / tl.sum(numerator, axis=0),
             mask=mask)


def run_python_kernels() -> None:
    print("== Triton kernels from Python, run in the interpreter, checked against numpy ==")
    rng = np.random.default_rng()
    n = 98_765
    x = rng.standard_normal(n, dtype=np.float32)
    y = rng.standard_normal(n, dtype=np.float32)
    out = np.empty_like(x)
    add_kernel[(nereid.cdiv(n, 1024),)](x, y, out, n, BLOCK_SIZE=1024)
    error = float(np.abs(out - (x + y)).max())
    print(f"vector add, {n} fp32 elements: max |error| vs numpy = {error:.3g}")
    assert error == 0.0

    rows, cols = 300, 781
    a = rng.standard_normal((rows, cols), dtype=np.float32)
    result = np.empty_like(a)
    softmax_kernel[(rows,)](result, a, cols, cols, BLOCK_SIZE=1024)
    reference = np.exp(a - a.max(axis=1, keepdims=True))
    reference /= reference.sum(axis=1, keepdims=True)
    error = float(np.abs(result - reference).max())
    print(f"softmax, {rows}x{cols} fp32: max |error| vs numpy = {error:.3g}")
    assert error < 1e-6

    print("\nThe tt IR of the vector-add kernel, as compiled from Python:")
    print(add_kernel.warmup(x, y, out, n, BLOCK_SIZE=1024).asm["ttir"])

ADD_KERNEL = """
tt.func public @add_kernel(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32},
                           %y: !tt.ptr<f32> {tt.divisibility = 16 : i32},
                           %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
  %pid = tt.get_program_id x : i32
  %block = arith.constant 1024 : i32
  %start = arith.muli %pid, %block : i32
  %range = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  %base = tt.splat %start : i32 -> tensor<1024xi32>
  %offsets = arith.addi %base, %range : tensor<1024xi32>
  %limit = tt.splat %n : i32 -> tensor<1024xi32>
  %mask = arith.cmpi slt, %offsets, %limit : tensor<1024xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %offsets : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %a = tt.load %xp, %mask : tensor<1024x!tt.ptr<f32>>
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %yp = tt.addptr %ys, %offsets : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %b = tt.load %yp, %mask : tensor<1024x!tt.ptr<f32>>
  %sum = arith.addf %a, %b : tensor<1024xf32>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %op = tt.addptr %os, %offsets : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %all = arith.constant dense<true> : tensor<1024xi1>
  tt.store %op, %sum, %all : tensor<1024x!tt.ptr<f32>>
  tt.return
}
"""

# A dot whose operands do not chain, as a frontend would emit it for line 14 of matmul.py.
BROKEN_KERNEL = """
tt.func public @matmul(%a: tensor<32x16xf16>, %b: tensor<32x64xf16>, %c: tensor<32x64xf32>) {
  %d = tt.dot %a, %b, %c : tensor<32x16xf16> * tensor<32x64xf16> -> tensor<32x64xf32> loc("matmul.py":14:12)
  tt.return
}
"""


def main() -> None:
    run_python_kernels()
    print("== A vector-add kernel written in tt IR, verified through nereid.ir ==")
    module = nereid.ir.parse(ADD_KERNEL, "add_kernel.mlir")
    print(module)

    print("== After canonicalization (the all-true store mask is gone) ==")
    module.run_pipeline("builtin.module(canonicalize,cse)")
    print(module)

    print("== A malformed kernel is rejected with its source location ==")
    try:
        nereid.ir.verify(BROKEN_KERNEL, "matmul.mlir")
    except nereid.ir.IRError as error:
        first = error.diagnostics[0]
        print(error)
        assert (first.file, first.line, first.column) == ("matmul.py", 14, 12), first
    else:
        sys.exit("the malformed kernel was accepted")


if __name__ == "__main__":
    main()
