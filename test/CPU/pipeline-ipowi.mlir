// RUN: nereid-opt %s --pass-pipeline='builtin.module(nereid-cpu-lower{target=cpu:x86_64:avx512})' | FileCheck %s

// math.ipowi has neither a libm function nor an LLVM intrinsic: MLIR's convert-math-to-funcs
// builds the power loop as a function, so no math.ipowi reaches the LLVM dialect.
// CHECK-LABEL: llvm.func @ipow_impl(
// CHECK-NOT: math.ipowi
// CHECK: llvm.return
tt.func public @ipow(%p: !tt.ptr<i32>, %x: i32, %n: i32) {
  %y = math.ipowi %x, %n : i32
  tt.store %p, %y : !tt.ptr<i32>
  tt.return
}
