// RUN: nereid-opt %s -split-input-file -canonicalize | FileCheck %s

// CHECK-LABEL: tt.func @splat_of_constant
tt.func @splat_of_constant() -> tensor<8xf32> {
  // CHECK: %[[C:.*]] = arith.constant dense<2.500000e+00> : tensor<8xf32>
  // CHECK-NOT: tt.splat
  // CHECK: tt.return %[[C]]
  %c = arith.constant 2.5 : f32
  %s = tt.splat %c : f32 -> tensor<8xf32>
  tt.return %s : tensor<8xf32>
}

// -----

// CHECK-LABEL: tt.func @shape_ops_of_constant_splats
tt.func @shape_ops_of_constant_splats() -> (tensor<4x8xi32>, tensor<1x8xi32>, tensor<2x4xi32>, tensor<8x4xi32>) {
  // CHECK-DAG: %[[B:.*]] = arith.constant dense<7> : tensor<4x8xi32>
  // CHECK-DAG: %[[E:.*]] = arith.constant dense<7> : tensor<1x8xi32>
  // CHECK-DAG: %[[R:.*]] = arith.constant dense<7> : tensor<2x4xi32>
  // CHECK-DAG: %[[T:.*]] = arith.constant dense<7> : tensor<8x4xi32>
  // CHECK: tt.return %[[B]], %[[E]], %[[R]], %[[T]]
  %c = arith.constant dense<7> : tensor<1x8xi32>
  %b = tt.broadcast %c : tensor<1x8xi32> -> tensor<4x8xi32>
  %v = arith.constant dense<7> : tensor<8xi32>
  %e = tt.expand_dims %v {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
  %r = tt.reshape %v : tensor<8xi32> -> tensor<2x4xi32>
  %t = tt.trans %b {order = array<i32: 1, 0>} : tensor<4x8xi32> -> tensor<8x4xi32>
  tt.return %b, %e, %r, %t : tensor<4x8xi32>, tensor<1x8xi32>, tensor<2x4xi32>, tensor<8x4xi32>
}

// -----

// Shape ops of a splat of a runtime value are splats.
// CHECK-LABEL: tt.func @shape_ops_of_splats
// CHECK-SAME: (%[[X:.*]]: f32)
tt.func @shape_ops_of_splats(%x: f32) -> (tensor<4x8xf32>, tensor<1x8xf32>, tensor<2x4xf32>, tensor<8x1xf32>) {
  // CHECK-DAG: %[[B:.*]] = tt.splat %[[X]] : f32 -> tensor<4x8xf32>
  // CHECK-DAG: %[[E:.*]] = tt.splat %[[X]] : f32 -> tensor<1x8xf32>
  // CHECK-DAG: %[[R:.*]] = tt.splat %[[X]] : f32 -> tensor<2x4xf32>
  // CHECK-DAG: %[[T:.*]] = tt.splat %[[X]] : f32 -> tensor<8x1xf32>
  // CHECK-NOT: tt.broadcast
  // CHECK-NOT: tt.expand_dims
  // CHECK-NOT: tt.reshape
  // CHECK-NOT: tt.trans
  // CHECK: tt.return %[[B]], %[[E]], %[[R]], %[[T]]
  %s1 = tt.splat %x : f32 -> tensor<1x8xf32>
  %b = tt.broadcast %s1 : tensor<1x8xf32> -> tensor<4x8xf32>
  %s = tt.splat %x : f32 -> tensor<8xf32>
  %e = tt.expand_dims %s {axis = 0 : i32} : tensor<8xf32> -> tensor<1x8xf32>
  %r = tt.reshape %s : tensor<8xf32> -> tensor<2x4xf32>
  %t = tt.trans %s1 {order = array<i32: 1, 0>} : tensor<1x8xf32> -> tensor<8x1xf32>
  tt.return %b, %e, %r, %t : tensor<4x8xf32>, tensor<1x8xf32>, tensor<2x4xf32>, tensor<8x1xf32>
}

// -----

// CHECK-LABEL: tt.func @chains
// CHECK-SAME: (%[[X:.*]]: tensor<1x1x8xf32>, %[[Y:.*]]: tensor<2x3x4xf32>, %[[Z:.*]]: tensor<16xf32>)
tt.func @chains(%x: tensor<1x1x8xf32>, %y: tensor<2x3x4xf32>, %z: tensor<16xf32>)
    -> (tensor<4x2x8xf32>, tensor<3x4x2xf32>, tensor<2x8xf32>, tensor<16xf32>) {
  // CHECK-DAG: tt.broadcast %[[X]] : tensor<1x1x8xf32> -> tensor<4x2x8xf32>
  %b1 = tt.broadcast %x : tensor<1x1x8xf32> -> tensor<1x2x8xf32>
  %b2 = tt.broadcast %b1 : tensor<1x2x8xf32> -> tensor<4x2x8xf32>
  // order [1, 2, 0] then [0, 1, 2] of that... composed: [1,0,2] after [2,0,1] = [0,2,1] of %y
  // CHECK-DAG: tt.trans %[[Y]] {order = array<i32: 1, 2, 0>} : tensor<2x3x4xf32> -> tensor<3x4x2xf32>
  %t1 = tt.trans %y {order = array<i32: 2, 0, 1>} : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
  %t2 = tt.trans %t1 {order = array<i32: 2, 0, 1>} : tensor<4x2x3xf32> -> tensor<3x4x2xf32>
  // CHECK-DAG: tt.reshape %[[Z]] allow_reorder : tensor<16xf32> -> tensor<2x8xf32>
  %r1 = tt.reshape %z allow_reorder : tensor<16xf32> -> tensor<4x4xf32>
  %r2 = tt.reshape %r1 : tensor<4x4xf32> -> tensor<2x8xf32>
  // A trans and its inverse, and a reshape to the same type, vanish.
  %z2 = tt.reshape %z : tensor<16xf32> -> tensor<16xf32>
  %i1 = tt.reshape %z2 : tensor<16xf32> -> tensor<4x4xf32>
  %i2 = tt.trans %i1 {order = array<i32: 1, 0>} : tensor<4x4xf32> -> tensor<4x4xf32>
  %i3 = tt.trans %i2 {order = array<i32: 1, 0>} : tensor<4x4xf32> -> tensor<4x4xf32>
  %i4 = tt.reshape %i3 : tensor<4x4xf32> -> tensor<16xf32>
  // CHECK: tt.return %{{.*}}, %{{.*}}, %{{.*}}, %[[Z]]
  tt.return %b2, %t2, %r2, %i4 : tensor<4x2x8xf32>, tensor<3x4x2xf32>, tensor<2x8xf32>, tensor<16xf32>
}

// -----

// CHECK-LABEL: tt.func @pointer_folds
// CHECK-SAME: (%[[P:.*]]: !tt.ptr<f32>, %[[PS:.*]]: tensor<8x!tt.ptr<f32>>, %[[I:.*]]: i64, %[[F:.*]]: tensor<8xf32>)
tt.func @pointer_folds(%p: !tt.ptr<f32>, %ps: tensor<8x!tt.ptr<f32>>, %i: i64, %f: tensor<8xf32>)
    -> (!tt.ptr<f32>, tensor<8x!tt.ptr<f32>>, !tt.ptr<f32>, i64, tensor<8xf32>, tensor<8xf32>) {
  %zero = arith.constant 0 : i32
  %q = tt.addptr %p, %zero : !tt.ptr<f32>, i32
  %zeros = arith.constant dense<0> : tensor<8xi64>
  %qs = tt.addptr %ps, %zeros : tensor<8x!tt.ptr<f32>>, tensor<8xi64>
  %asint = tt.ptr_to_int %p : !tt.ptr<f32> -> i64
  %back = tt.int_to_ptr %asint : i64 -> !tt.ptr<f32>
  %asptr = tt.int_to_ptr %i : i64 -> !tt.ptr<f32>
  %backint = tt.ptr_to_int %asptr : !tt.ptr<f32> -> i64
  %same = tt.bitcast %f : tensor<8xf32> -> tensor<8xf32>
  %bi = tt.bitcast %f : tensor<8xf32> -> tensor<8xi32>
  %bf = tt.bitcast %bi : tensor<8xi32> -> tensor<8xf32>
  // CHECK-NOT: tt.addptr
  // CHECK-NOT: tt.int_to_ptr
  // CHECK-NOT: tt.bitcast
  // CHECK: tt.return %[[P]], %[[PS]], %[[P]], %[[I]], %[[F]], %[[F]]
  tt.return %q, %qs, %back, %backint, %same, %bf : !tt.ptr<f32>, tensor<8x!tt.ptr<f32>>, !tt.ptr<f32>, i64, tensor<8xf32>, tensor<8xf32>
}

// -----

// A non-zero offset stays.
// CHECK-LABEL: tt.func @addptr_nonzero
tt.func @addptr_nonzero(%p: !tt.ptr<f32>) -> !tt.ptr<f32> {
  // CHECK: tt.addptr
  %one = arith.constant 1 : i32
  %q = tt.addptr %p, %one : !tt.ptr<f32>, i32
  tt.return %q : !tt.ptr<f32>
}

// -----

// CHECK-LABEL: tt.func @masks
// CHECK-SAME: (%[[PS:.*]]: tensor<8x!tt.ptr<f32>>, %[[O:.*]]: tensor<8xf32>)
tt.func @masks(%ps: tensor<8x!tt.ptr<f32>>, %other: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %true = arith.constant dense<true> : tensor<8xi1>
  %false = arith.constant dense<false> : tensor<8xi1>
  // An all-true mask is dropped, along with `other`.
  // CHECK: %[[A:.*]] = tt.load %[[PS]] : tensor<8x!tt.ptr<f32>>
  %a = tt.load %ps, %true, %other : tensor<8x!tt.ptr<f32>>
  // An all-false load is its `other`...
  %b = tt.load %ps, %false, %other : tensor<8x!tt.ptr<f32>>
  // ...unless it is volatile.
  // CHECK: %[[C:.*]] = tt.load %[[PS]], %{{.*}}, %[[O]] volatile
  %c = tt.load %ps, %false, %other volatile : tensor<8x!tt.ptr<f32>>
  // CHECK: tt.store %[[PS]], %[[A]] : tensor<8x!tt.ptr<f32>>
  tt.store %ps, %a, %true : tensor<8x!tt.ptr<f32>>
  // An all-false store disappears.
  // CHECK-NOT: tt.store
  tt.store %ps, %a, %false : tensor<8x!tt.ptr<f32>>
  // CHECK: tt.return %[[A]], %[[O]], %[[C]]
  tt.return %a, %b, %c : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}

// -----

// A load whose mask is not constant keeps it.
// CHECK-LABEL: tt.func @runtime_mask
tt.func @runtime_mask(%ps: tensor<8x!tt.ptr<f32>>, %m: tensor<8xi1>) -> tensor<8xf32> {
  // CHECK: tt.load %{{.*}}, %{{.*}} : tensor<8x!tt.ptr<f32>>
  %a = tt.load %ps, %m : tensor<8x!tt.ptr<f32>>
  tt.return %a : tensor<8xf32>
}

// -----

// Non-volatile loads with no users are removed; volatile ones stay.
// CHECK-LABEL: tt.func @dead_loads
tt.func @dead_loads(%ps: tensor<8x!tt.ptr<f32>>) {
  // CHECK-NEXT: tt.load %{{.*}} volatile
  // CHECK-NEXT: tt.return
  %a = tt.load %ps : tensor<8x!tt.ptr<f32>>
  %b = tt.load %ps volatile : tensor<8x!tt.ptr<f32>>
  tt.return
}
