// XFAIL: *
// RUN: nereid-opt %s --pass-pipeline='builtin.module(nereid-cpu-lower{target=cpu:x86_64:avx512})' | FileCheck %s

// A known bug: math.ipowi (docs/semantics.md defines it: a negative exponent gives 0 except
// for bases 1 and -1) has neither a libm function nor an LLVM intrinsic, and no pass of the
// pipeline lowers it, so it stays in the "LLVM-dialect" output, which then cannot be
// translated to LLVM IR. Expected: it is lowered (for instance by MLIR's
// convert-math-to-funcs, which builds the power loop), or the CPU backend reports that it
// does not support math.ipowi.
// CHECK-LABEL: llvm.func @ipow(
// CHECK-NOT: math.ipowi
// CHECK: llvm.return
tt.func public @ipow(%p: !tt.ptr<i32>, %x: i32, %n: i32) {
  %y = math.ipowi %x, %n : i32
  tt.store %p, %y : !tt.ptr<i32>
  tt.return
}
