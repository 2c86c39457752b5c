// XFAIL: *
// RUN: nereid-opt %s --tt-cpu-convert-to-vector | FileCheck %s

// A known bug: arith.select with a scalar i1 condition and tile operands (valid arith: the
// whole tile is selected) crashes the pass (LLVM ERROR, abort): the chunked elementwise
// lowering slices every operand as a vector, the scalar condition included. Expected: the
// select of the vectors (or their chunks) on the scalar condition.
// CHECK-LABEL: func.func private @select_tiles
// CHECK-SAME: (%[[C:[^:]*]]: i1, %[[A:[^:]*]]: vector<32xf32>, %[[B:[^:]*]]: vector<32xf32>
// CHECK: arith.select %[[C]], %{{.*}}, %{{.*}} : vector<
tt.func public @select_tiles(%c: i1, %a: tensor<32xf32>, %b: tensor<32xf32>) -> tensor<32xf32> {
  %y = arith.select %c, %a, %b : tensor<32xf32>
  tt.return %y : tensor<32xf32>
}
