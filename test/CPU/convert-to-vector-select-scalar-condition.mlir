// RUN: nereid-opt %s --cpu-convert-to-vector=target=cpu:x86_64:avx512 | FileCheck %s

// arith.select with a scalar i1 condition and tile operands selects a whole tile: the condition
// is broadcast, and each chunk selects on its chunk of it.
// CHECK-LABEL: func.func private @select_tiles_impl
// CHECK-SAME: (%[[C:[^:]*]]: i1, %[[A:[^:]*]]: vector<32xf32>, %[[B:[^:]*]]: vector<32xf32>
// CHECK: %[[M:.*]] = vector.broadcast %[[C]] : i1 to vector<32xi1>
// CHECK-COUNT-2: arith.select %{{.*}}, %{{.*}}, %{{.*}} : vector<16xi1>, vector<16xf32>
tt.func public @select_tiles(%c: i1, %a: tensor<32xf32>, %b: tensor<32xf32>) -> tensor<32xf32> {
  %y = arith.select %c, %a, %b : tensor<32xf32>
  tt.return %y : tensor<32xf32>
}
