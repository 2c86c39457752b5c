// RUN: nereid-opt %s --cpu-split-loop-tiles=target=cpu:x86_64:avx512 --canonicalize | FileCheck %s

// A tile carried around a loop (here 32 f32, two AVX-512 chunks) becomes one loop argument per
// chunk; the chunked body reads and yields the chunks directly, and only uses that need the
// whole tile (the return) put it back together.
// CHECK-LABEL: func.func @accumulate
// CHECK-SAME: (%[[X:[^:]*]]: vector<32xf32>
// CHECK: %[[LOW:.*]] = vector.extract_strided_slice %[[X]] {offsets = [0], sizes = [16], strides = [1]}
// CHECK: %[[HIGH:.*]] = vector.extract_strided_slice %[[X]] {offsets = [16], sizes = [16], strides = [1]}
// CHECK: %[[R:.*]]:2 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A0:.*]] = %[[LOW]], %[[A1:.*]] = %[[HIGH]]) -> (vector<16xf32>, vector<16xf32>)
// CHECK-NOT: vector.insert_strided_slice
// CHECK: %[[S0:.*]] = arith.addf %[[A0]], %[[A0]] : vector<16xf32>
// CHECK: %[[S1:.*]] = arith.addf %[[A1]], %[[A1]] : vector<16xf32>
// CHECK: scf.yield %[[S0]], %[[S1]] : vector<16xf32>, vector<16xf32>
// CHECK: %[[J:.*]] = vector.insert_strided_slice %[[R]]#0, %{{.*}} {offsets = [0], strides = [1]}
// CHECK: %[[W:.*]] = vector.insert_strided_slice %[[R]]#1, %[[J]] {offsets = [16], strides = [1]}
// CHECK: return %[[W]]
func.func @accumulate(%x: vector<32xf32>, %n: index) -> vector<32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %poison = ub.poison : vector<32xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (vector<32xf32>) {
    %a = vector.extract_strided_slice %acc {offsets = [0], sizes = [16], strides = [1]} : vector<32xf32> to vector<16xf32>
    %b = vector.extract_strided_slice %acc {offsets = [16], sizes = [16], strides = [1]} : vector<32xf32> to vector<16xf32>
    %a2 = arith.addf %a, %a : vector<16xf32>
    %b2 = arith.addf %b, %b : vector<16xf32>
    %y0 = vector.insert_strided_slice %a2, %poison {offsets = [0], strides = [1]} : vector<16xf32> into vector<32xf32>
    %y = vector.insert_strided_slice %b2, %y0 {offsets = [16], strides = [1]} : vector<16xf32> into vector<32xf32>
    scf.yield %y : vector<32xf32>
  }
  return %r : vector<32xf32>
}
