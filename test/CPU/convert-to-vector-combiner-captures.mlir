// RUN: nereid-opt %s -split-input-file --cpu-convert-to-vector=target=cpu:x86_64:avx512 | FileCheck %s

// cpu-convert-to-vector on combiners that use scalars defined above them: canonicalize hoists
// a combiner's constants to the function's entry, so a `tt.where(a2 == 1, b1, 0)` in a user
// combine reads %c0 and %c1 from outside its region. On slices they are splatted to the
// slice's shape (they were looked up in the combiner's mapping, found null, and the pass
// crashed with SIGSEGV).

// CHECK-LABEL: func.func private @roll_impl
// CHECK-SAME: (%[[A:[^:]*]]: vector<2x4xi32>, %[[B:[^:]*]]: vector<2x4xi32>
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i32
// CHECK: vector.extract_strided_slice %[[A]] {offsets = [0, 1], sizes = [2, 1], strides = [1, 1]}
// CHECK-NEXT: %[[A1:.*]] = vector.shape_cast %{{.*}} : vector<2x1xi32> to vector<2xi32>
// CHECK-NEXT: vector.extract_strided_slice %[[B]] {offsets = [0, 1], sizes = [2, 1], strides = [1, 1]}
// CHECK-NEXT: %[[B1:.*]] = vector.shape_cast %{{.*}} : vector<2x1xi32> to vector<2xi32>
// CHECK: %[[SUM:.*]] = arith.addi %{{.*}}, %[[A1]] : vector<2xi32>
// CHECK: %[[ONES:.*]] = vector.broadcast %[[C1]] : i32 to vector<2xi32>
// CHECK: %[[IS_ONE:.*]] = arith.cmpi eq, %[[A1]], %[[ONES]] : vector<2xi32>
// CHECK: %[[ZEROS:.*]] = vector.broadcast %[[C0]] : i32 to vector<2xi32>
// CHECK: %[[KEPT:.*]] = arith.select %[[IS_ONE]], %{{.*}}, %[[ZEROS]] : vector<2xi1>, vector<2xi32>
// CHECK: arith.addi %[[KEPT]], %[[B1]] : vector<2xi32>
// CHECK: vector.broadcast %[[C1]] : i32 to vector<2xi32>
// CHECK: vector.broadcast %[[C0]] : i32 to vector<2xi32>
// CHECK: vector.broadcast %[[C1]] : i32 to vector<2xi32>
// CHECK: vector.broadcast %[[C0]] : i32 to vector<2xi32>
// CHECK-NOT: vector.broadcast
// CHECK: return
tt.func public @roll(%a: tensor<2x4xi32>, %b: tensor<2x4xi32>) -> (tensor<2x4xi32>, tensor<2x4xi32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %s:2 = tt.scan(%a, %b) axis = 1 {
  ^bb0(%a1: i32, %b1: i32, %a2: i32, %b2: i32):
    %sum = arith.addi %a1, %a2 : i32
    %one = arith.cmpi eq, %a2, %c1 : i32
    %kept = arith.select %one, %b1, %c0 : i32
    %r = arith.addi %kept, %b2 : i32
    tt.scan.return %sum, %r : i32, i32
  } : (tensor<2x4xi32>, tensor<2x4xi32>) -> (tensor<2x4xi32>, tensor<2x4xi32>)
  tt.return %s#0, %s#1 : tensor<2x4xi32>, tensor<2x4xi32>
}

// -----

// A combiner that returns a value defined above it returns it splatted to the slice (one splat
// per step of the axis; CSE merges them).
// CHECK-LABEL: func.func private @reduce_to_constant_impl
// CHECK-SAME: (%[[X:[^:]*]]: vector<4x2xf32>
// CHECK: %[[C:.*]] = arith.constant 2.500000e+00 : f32
// CHECK-COUNT-2: vector.broadcast %[[C]] : f32 to vector<2xf32>
// CHECK: %[[SPLAT:.*]] = vector.broadcast %[[C]] : f32 to vector<2xf32>
// CHECK-NEXT: return %[[SPLAT]] : vector<2xf32>
tt.func public @reduce_to_constant(%x: tensor<4x2xf32>) -> tensor<2xf32> {
  %c = arith.constant 2.5 : f32
  %r = tt.reduce(%x) axis = 0 {
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %c : f32
  } : (tensor<4x2xf32>) -> tensor<2xf32>
  tt.return %r : tensor<2xf32>
}

// -----

// On a 1-D tile the combiner runs on scalars and uses the value above it as it is.
// CHECK-LABEL: func.func private @scan_1d_impl
// CHECK-SAME: (%[[X:[^:]*]]: vector<4xi32>
// CHECK: %[[C1:.*]] = arith.constant 1 : i32
// CHECK: %[[X0:.*]] = vector.extract %[[X]][0] : i32 from vector<4xi32>
// CHECK: %[[X1:.*]] = vector.extract %[[X]][1] : i32 from vector<4xi32>
// CHECK: %[[IS_ONE:.*]] = arith.cmpi eq, %[[X1]], %[[C1]] : i32
// CHECK: arith.select %[[IS_ONE]], %[[X0]], %[[X1]] : i32
// CHECK-NOT: vector.broadcast
tt.func public @scan_1d(%x: tensor<4xi32>) -> tensor<4xi32> {
  %c1 = arith.constant 1 : i32
  %s = tt.scan(%x) axis = 0 {
  ^bb0(%a: i32, %b: i32):
    %one = arith.cmpi eq, %b, %c1 : i32
    %r = arith.select %one, %a, %b : i32
    tt.scan.return %r : i32
  } : (tensor<4xi32>) -> tensor<4xi32>
  tt.return %s : tensor<4xi32>
}
