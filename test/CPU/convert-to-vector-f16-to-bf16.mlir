// RUN: nereid-opt %s --cpu-convert-to-vector=target=cpu:x86_64:avx512 | FileCheck %s

// tt.fp_to_fp from f16 to bf16 is neither a widening nor a narrowing by bit width: f16 -> f32
// is exact, then one truncf to bf16 rounds once (to nearest even, the default, which
// arith-expand lowers), as docs/semantics.md requires.
// CHECK-LABEL: func.func private @f16_to_bf16_impl
// CHECK: %[[W:.*]] = arith.extf %{{.*}} : vector<16xf16> to vector<16xf32>
// CHECK: arith.truncf %[[W]] : vector<16xf32> to vector<16xbf16>
tt.func public @f16_to_bf16(%x: tensor<16xf16>) -> tensor<16xbf16> {
  %y = tt.fp_to_fp %x, rounding = rtne : tensor<16xf16> -> tensor<16xbf16>
  tt.return %y : tensor<16xbf16>
}
