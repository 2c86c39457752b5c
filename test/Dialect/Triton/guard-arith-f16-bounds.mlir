// RUN: nereid-opt %s --tt-guard-arith | FileCheck %s

// The saturation bounds of fptosi/fptoui (2^31, -2^31) are not f16 values (-2^31 would round
// to -inf, and `x olt -inf` is never true), so an f16 input is compared in f32, where they are
// exact: -inf then selects INT_MIN, as docs/semantics.md says.
// CHECK-LABEL: func.func @fptosi_f16_to_i32
// CHECK-SAME: (%[[X:.*]]: f16)
// CHECK: %[[W:.*]] = arith.extf %[[X]] : f16 to f32
// CHECK: %[[HIGH:.*]] = arith.constant 2.14748365E+9 : f32
// CHECK: arith.cmpf oge, %[[W]], %[[HIGH]] : f32
// CHECK: %[[LOW:.*]] = arith.constant -2.14748365E+9 : f32
// CHECK: arith.cmpf olt, %[[W]], %[[LOW]] : f32
func.func @fptosi_f16_to_i32(%x: f16) -> i32 {
  %y = arith.fptosi %x : f16 to i32
  return %y : i32
}

// On a tensor with a layout (the NVIDIA pipeline guards ttg IR), the f32 comparison keeps the
// tensor's shape and layout.
// CHECK-LABEL: func.func @fptosi_f16_tensor_to_i8
// CHECK: %[[W:.*]] = arith.extf %{{.*}} : tensor<64xf16, #[[L:.*]]> to tensor<64xf32, #[[L]]>
// CHECK: arith.cmpf oge, %[[W]], %{{.*}} : tensor<64xf32, #[[L]]>
// CHECK: arith.cmpf olt, %[[W]], %{{.*}} : tensor<64xf32, #[[L]]>
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
func.func @fptosi_f16_tensor_to_i8(%x: tensor<64xf16, #blocked>) -> tensor<64xi8, #blocked> {
  %y = arith.fptosi %x : tensor<64xf16, #blocked> to tensor<64xi8, #blocked>
  return %y : tensor<64xi8, #blocked>
}
