"""Nereid's demo: a Triton vector-add kernel as tt IR, verified and canonicalized through the
Python package, and a malformed kernel rejected with the source line of its error.

Run it with `make demo`. Later milestones replace this with kernels written in Python and run
natively on the CPU.
"""

import nereid

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
    print("== A Triton vector-add kernel in tt IR, verified through nereid.ir ==")
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
        raise SystemExit("the malformed kernel was accepted")


if __name__ == "__main__":
    main()
