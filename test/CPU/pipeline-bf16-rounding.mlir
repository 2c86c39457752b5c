// RUN: nereid-opt %s --pass-pipeline='builtin.module(nereid-cpu-lower{target=cpu:x86_64:avx512})' | FileCheck %s

// tt.fp_to_fp to bf16 always carries a rounding mode (the verifier requires one): rtne lowers
// as the plain truncf (which arith-expand turns into integer code), rtz truncates the bits
// toward zero, keeping NaNs NaN. The frontend emits this op for
// x.to(tl.bfloat16, fp_downcast_rounding="rtz").
// CHECK-LABEL: llvm.func @to_bf16_impl(
// CHECK-NOT: arith.truncf
// CHECK: llvm.return
tt.func public @to_bf16(%p: !tt.ptr<bf16>, %q: !tt.ptr<bf16>, %x: f32) {
  %z = tt.fp_to_fp %x, rounding = rtz : f32 -> bf16
  tt.store %p, %z : !tt.ptr<bf16>
  %n = tt.fp_to_fp %x, rounding = rtne : f32 -> bf16
  tt.store %q, %n : !tt.ptr<bf16>
  tt.return
}
