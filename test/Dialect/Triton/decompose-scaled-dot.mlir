// RUN: nereid-opt %s -split-input-file --tt-decompose-scaled-dot | FileCheck %s

// e2m1 packed along K with e8m0 scales times e4m3 without: the pairs are decoded from their
// bits and joined into K, the scales made 2^(s - 127) in f32 (0: 2^-127, 255: NaN), rounded
// to bf16 and repeated over groups of 32, and the dot multiplies bf16 in ieee precision.
// CHECK-LABEL: tt.func @e2m1_scaled_times_e4m3
// CHECK-SAME: (%[[A:.*]]: tensor<16x16xi8>, %[[S:.*]]: tensor<16x1xi8>, %[[B:.*]]: tensor<32x16xf8E4M3FN>, %[[C:.*]]: tensor<16x16xf32>)
// CHECK: %[[BYTES:.*]] = arith.extui %[[A]] : tensor<16x16xi8> to tensor<16x16xi32>
// CHECK: %[[LOW:.*]] = tt.bitcast %{{.*}} : tensor<16x16xi32> -> tensor<16x16xf32>
// CHECK: arith.shrui %[[BYTES]]
// CHECK: %[[HIGH:.*]] = tt.bitcast %{{.*}} : tensor<16x16xi32> -> tensor<16x16xf32>
// CHECK: %[[PAIRS:.*]] = tt.join %[[LOW]], %[[HIGH]] : tensor<16x16xf32> -> tensor<16x16x2xf32>
// CHECK: %[[AF:.*]] = tt.reshape %[[PAIRS]] : tensor<16x16x2xf32> -> tensor<16x32xf32>
// CHECK: %[[AR:.*]] = arith.truncf %[[AF]] : tensor<16x32xf32> to tensor<16x32xbf16>
// CHECK: %[[EXP:.*]] = arith.extui %[[S]] : tensor<16x1xi8> to tensor<16x1xi32>
// CHECK: arith.shli %[[EXP]]
// CHECK: arith.constant dense<4194304> : tensor<16x1xi32>
// CHECK: %[[MUL:.*]] = tt.bitcast %{{.*}} : tensor<16x1xi32> -> tensor<16x1xf32>
// CHECK: %[[IS_NAN:.*]] = arith.cmpi eq, %[[EXP]], %{{.*}} : tensor<16x1xi32>
// CHECK: %[[NAN:.*]] = arith.constant dense<0x7FC00000> : tensor<16x1xf32>
// CHECK: %[[CHECKED:.*]] = arith.select %[[IS_NAN]], %[[NAN]], %[[MUL]]
// CHECK: %[[MUL16:.*]] = arith.truncf %[[CHECKED]] : tensor<16x1xf32> to tensor<16x1xbf16>
// CHECK: %[[X:.*]] = tt.expand_dims %[[MUL16]] {axis = 2 : i32} : tensor<16x1xbf16> -> tensor<16x1x1xbf16>
// CHECK: %[[REP:.*]] = tt.broadcast %[[X]] : tensor<16x1x1xbf16> -> tensor<16x1x32xbf16>
// CHECK: %[[PER:.*]] = tt.reshape %[[REP]] : tensor<16x1x32xbf16> -> tensor<16x32xbf16>
// CHECK: %[[AS:.*]] = arith.mulf %[[AR]], %[[PER]] : tensor<16x32xbf16>
// CHECK: %[[BF:.*]] = tt.fp_to_fp %[[B]] : tensor<32x16xf8E4M3FN> -> tensor<32x16xf32>
// CHECK: %[[BR:.*]] = arith.truncf %[[BF]] : tensor<32x16xf32> to tensor<32x16xbf16>
// CHECK: %[[D:.*]] = tt.dot %[[AS]], %[[BR]], %[[C]] : tensor<16x32xbf16> * tensor<32x16xbf16> -> tensor<16x16xf32>
// CHECK: tt.return %[[D]]
// CHECK-NOT: tt.dot_scaled
tt.func @e2m1_scaled_times_e4m3(%a: tensor<16x16xi8>, %s: tensor<16x1xi8>, %b: tensor<32x16xf8E4M3FN>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %d = tt.dot_scaled %a scale %s, %b, %c lhs = e2m1 rhs = e4m3 : tensor<16x16xi8>, tensor<16x1xi8> * tensor<32x16xf8E4M3FN> -> tensor<16x16xf32>
  tt.return %d : tensor<16x16xf32>
}

// -----

// fp16 on one side makes f16 the compute type; the rhs scales (N x K/16) are repeated over
// groups of 16 and transposed to K x N; fastMath leaves out the NaN check of 255.
// CHECK-LABEL: tt.func @fp16_times_scaled_e5m2_fast
// CHECK: arith.extf %{{.*}} : tensor<16x32xf16> to tensor<16x32xf32>
// CHECK: arith.truncf %{{.*}} : tensor<16x32xf32> to tensor<16x32xf16>
// CHECK: tt.fp_to_fp %{{.*}} : tensor<32x16xf8E5M2> -> tensor<32x16xf32>
// CHECK-NOT: arith.select %{{.*}} : tensor<16x2xi1>, tensor<16x2xf32>
// CHECK: arith.truncf %{{.*}} : tensor<16x2xf32> to tensor<16x2xf16>
// CHECK: tt.broadcast %{{.*}} : tensor<16x2x1xf16> -> tensor<16x2x16xf16>
// CHECK: tt.reshape %{{.*}} : tensor<16x2x16xf16> -> tensor<16x32xf16>
// CHECK: %[[T:.*]] = tt.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<16x32xf16> -> tensor<32x16xf16>
// CHECK: %[[BS:.*]] = arith.mulf %{{.*}}, %[[T]] : tensor<32x16xf16>
// CHECK: tt.dot %{{.*}}, %[[BS]], %{{.*}} : tensor<16x32xf16> * tensor<32x16xf16> -> tensor<16x16xf32>
tt.func @fp16_times_scaled_e5m2_fast(%a: tensor<16x32xf16>, %b: tensor<32x16xf8E5M2>, %s: tensor<16x2xi8>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %d = tt.dot_scaled %a, %b scale %s, %c lhs = fp16 rhs = e5m2 {fastMath = true} : tensor<16x32xf16> * tensor<32x16xf8E5M2>, tensor<16x2xi8> -> tensor<16x16xf32>
  tt.return %d : tensor<16x16xf32>
}

// -----

// e2m1 packed along N (rhs_k_pack = false) in a batch: the pairs are joined, the pair axis
// kept last, and the result reshaped to twice N.
// CHECK-LABEL: tt.func @batched_e2m1_packed_along_n
// CHECK: tt.join %{{.*}}, %{{.*}} : tensor<2x32x8xf32> -> tensor<2x32x8x2xf32>
// CHECK: tt.reshape %{{.*}} : tensor<2x32x8x2xf32> -> tensor<2x32x16xf32>
// CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x16x32xbf16> * tensor<2x32x16xbf16> -> tensor<2x16x16xf32>
tt.func @batched_e2m1_packed_along_n(%a: tensor<2x16x32xbf16>, %b: tensor<2x32x8xi8>, %c: tensor<2x16x16xf32>) -> tensor<2x16x16xf32> {
  %d = tt.dot_scaled %a, %b, %c lhs = bf16 rhs = e2m1 {rhs_k_pack = false} : tensor<2x16x32xbf16> * tensor<2x32x8xi8> -> tensor<2x16x16xf32>
  tt.return %d : tensor<2x16x16xf32>
}

// -----

// e2m1 packed along M (lhs_k_pack = false): the pair axis moves before the columns, so that
// the pair of packed row r becomes rows 2r and 2r + 1.
// CHECK-LABEL: tt.func @e2m1_packed_along_m
// CHECK: tt.join %{{.*}}, %{{.*}} : tensor<8x32xf32> -> tensor<8x32x2xf32>
// CHECK: tt.trans %{{.*}} {order = array<i32: 0, 2, 1>} : tensor<8x32x2xf32> -> tensor<8x2x32xf32>
// CHECK: tt.reshape %{{.*}} : tensor<8x2x32xf32> -> tensor<16x32xf32>
tt.func @e2m1_packed_along_m(%a: tensor<8x32xi8>, %b: tensor<32x16xbf16>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %d = tt.dot_scaled %a, %b, %c lhs = e2m1 rhs = bf16 {lhs_k_pack = false} : tensor<8x32xi8> * tensor<32x16xbf16> -> tensor<16x16xf32>
  tt.return %d : tensor<16x16xf32>
}
