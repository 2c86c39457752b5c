// RUN: nereid-opt %s -split-input-file --cpu-branch-on-contiguous-pointers | FileCheck %s

// A gather whose pointers a GEP moved by one offset: the check looks through that GEP, at
// the pointers it moved, and the masked load reads from the first moved pointer.
// CHECK-LABEL: func.func @gather
// CHECK-SAME: (%[[PTRS:.*]]: vector<8x!llvm.ptr>, %[[OFF:.*]]: i64, %[[MASK:.*]]: vector<8xi1>, %[[OTHER:.*]]: vector<8xf32>)
// CHECK: %[[MOVED:.*]] = llvm.getelementptr %[[PTRS]][%{{.*}}]
// CHECK: %[[FIRST_BASE:.*]] = vector.extract %[[PTRS]][0]
// CHECK: %[[FIRST:.*]] = llvm.getelementptr %[[FIRST_BASE]][%[[OFF]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK: %[[BASES:.*]] = vector.broadcast %[[FIRST_BASE]]
// CHECK: %[[IOTA:.*]] = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7]> : vector<8xi64>
// CHECK: %[[EXPECTED:.*]] = llvm.getelementptr %[[BASES]][%[[IOTA]]] : (vector<8x!llvm.ptr>, vector<8xi64>) -> vector<8x!llvm.ptr>, f32
// CHECK: %[[EQUAL:.*]] = llvm.icmp "eq" %[[PTRS]], %[[EXPECTED]]
// CHECK: %[[ALL:.*]] = vector.reduction <and>, %[[EQUAL]]
// CHECK: %[[RESULT:.*]] = scf.if %[[ALL]] -> (vector<8xf32>) {
// CHECK:   %[[LOADED:.*]] = llvm.intr.masked.load %[[FIRST]], %[[MASK]], %[[OTHER]] {alignment = 4 : i32}
// CHECK:   scf.yield %[[LOADED]]
// CHECK: } else {
// CHECK:   %[[GATHERED:.*]] = llvm.intr.masked.gather %[[MOVED]], %[[MASK]], %[[OTHER]]
// CHECK:   scf.yield %[[GATHERED]]
// CHECK: }
// CHECK: return %[[RESULT]]
func.func @gather(%ptrs: vector<8x!llvm.ptr>, %off: i64, %mask: vector<8xi1>, %other: vector<8xf32>) -> vector<8xf32> {
  %offs = vector.broadcast %off : i64 to vector<8xi64>
  %moved = llvm.getelementptr %ptrs[%offs] : (vector<8x!llvm.ptr>, vector<8xi64>) -> vector<8x!llvm.ptr>, f32
  %x = llvm.intr.masked.gather %moved, %mask, %other {alignment = 4 : i32} : (vector<8x!llvm.ptr>, vector<8xi1>, vector<8xf32>) -> vector<8xf32>
  return %x : vector<8xf32>
}

// -----

// A scatter of f64 whose pointers are not moved uniformly: the check is on them, in f64
// steps, and the vector store is masked like the scatter.
// CHECK-LABEL: func.func @scatter
// CHECK-SAME: (%[[PTRS:.*]]: vector<4x!llvm.ptr>, %[[VALUE:.*]]: vector<4xf64>, %[[MASK:.*]]: vector<4xi1>)
// CHECK: %[[FIRST:.*]] = vector.extract %[[PTRS]][0]
// CHECK: llvm.getelementptr %{{.*}}[%{{.*}}] : (vector<4x!llvm.ptr>, vector<4xi64>) -> vector<4x!llvm.ptr>, f64
// CHECK: scf.if %{{.*}} {
// CHECK:   llvm.intr.masked.store %[[VALUE]], %[[FIRST]], %[[MASK]] {alignment = 8 : i32}
// CHECK: } else {
// CHECK:   llvm.intr.masked.scatter %[[VALUE]], %[[PTRS]], %[[MASK]]
// CHECK: }
func.func @scatter(%ptrs: vector<4x!llvm.ptr>, %value: vector<4xf64>, %mask: vector<4xi1>) {
  llvm.intr.masked.scatter %value, %ptrs, %mask {alignment = 8 : i32} : vector<4xf64>, vector<4xi1> into vector<4x!llvm.ptr>
  return
}

// -----

// A gather from a scalar pointer plus `s + v` (i32: a row offset and the row's column offsets)
// checks `v` alone, which is loop-invariant in a loop over rows, and one scalar: that lane 0's
// index, `s + v[0]`, leaves room for 7 more lanes before the sign-extended index wraps. The
// first pointer is computed on scalars.
// CHECK-LABEL: func.func @gather_split_index
// CHECK-SAME: (%[[P:[^:]*]]: !llvm.ptr, %[[S:[^:]*]]: i32, %[[V:[^:]*]]: vector<8xi32>, %[[OFF:[^:]*]]: i64, %[[MASK:[^:]*]]: vector<8xi1>, %[[OTHER:[^:]*]]: vector<8xf32>)
// CHECK: %[[MOVED:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (vector<8x!llvm.ptr>, vector<8xi64>)
// CHECK: %[[V0:.*]] = vector.extract %[[V]][0] : i32 from vector<8xi32>
// CHECK: %[[LANE0:.*]] = arith.addi %[[S]], %[[V0]] : i32
// CHECK: %[[FIRST_BASE:.*]] = llvm.getelementptr %[[P]][%[[LANE0]]] : (!llvm.ptr, i32) -> !llvm.ptr, f32
// CHECK: %[[IOTA:.*]] = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7]> : vector<8xi32>
// CHECK: %[[V0AGAIN:.*]] = vector.extract %[[V]][0] : i32 from vector<8xi32>
// CHECK: %[[SPLAT:.*]] = vector.broadcast %[[V0AGAIN]] : i32 to vector<8xi32>
// CHECK: %[[EXPECTED:.*]] = arith.addi %[[SPLAT]], %[[IOTA]] : vector<8xi32>
// CHECK: %[[EQUAL:.*]] = arith.cmpi eq, %[[V]], %[[EXPECTED]] : vector<8xi32>
// CHECK: %[[CONSECUTIVE:.*]] = vector.reduction <and>, %[[EQUAL]] : vector<8xi1> into i1
// CHECK: %[[LAST_START:.*]] = arith.constant 2147483640 : i32
// CHECK: %[[ROOM:.*]] = arith.cmpi sle, %[[LANE0]], %[[LAST_START]] : i32
// CHECK: %[[CONTIGUOUS:.*]] = arith.andi %[[CONSECUTIVE]], %[[ROOM]] : i1
// CHECK: %[[FIRST:.*]] = llvm.getelementptr %[[FIRST_BASE]][%[[OFF]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK: scf.if %[[CONTIGUOUS]] -> (vector<8xf32>) {
// CHECK:   llvm.intr.masked.load %[[FIRST]], %[[MASK]], %[[OTHER]]
// CHECK: } else {
// CHECK:   llvm.intr.masked.gather %[[MOVED]], %[[MASK]], %[[OTHER]]
// CHECK: }
func.func @gather_split_index(%p: !llvm.ptr, %s: i32, %v: vector<8xi32>, %off: i64, %mask: vector<8xi1>, %other: vector<8xf32>) -> vector<8xf32> {
  %splat = vector.broadcast %p : !llvm.ptr to vector<8x!llvm.ptr>
  %ss = vector.broadcast %s : i32 to vector<8xi32>
  %index = arith.addi %ss, %v : vector<8xi32>
  %ptrs = llvm.getelementptr %splat[%index] : (vector<8x!llvm.ptr>, vector<8xi32>) -> vector<8x!llvm.ptr>, f32
  %offs = vector.broadcast %off : i64 to vector<8xi64>
  %moved = llvm.getelementptr %ptrs[%offs] : (vector<8x!llvm.ptr>, vector<8xi64>) -> vector<8x!llvm.ptr>, f32
  %x = llvm.intr.masked.gather %moved, %mask, %other {alignment = 4 : i32} : (vector<8x!llvm.ptr>, vector<8xi1>, vector<8xf32>) -> vector<8xf32>
  return %x : vector<8xf32>
}

// -----

// With i64 indices nothing is sign-extended: `v` is the whole check. Pointers to f64 from a GEP
// over f32 are not split: their steps differ.
// CHECK-LABEL: func.func @scatter_split_index
// CHECK: %[[CONSECUTIVE:.*]] = vector.reduction <and>, %{{.*}} : vector<4xi1> into i1
// CHECK-NOT: arith.cmpi sle
// CHECK: scf.if %[[CONSECUTIVE]] {
// CHECK: llvm.icmp "eq" %{{.*}}, %{{.*}} : vector<4x!llvm.ptr>
func.func @scatter_split_index(%p: !llvm.ptr, %s: i64, %v: vector<4xi64>, %value: vector<4xf64>, %mask: vector<4xi1>) {
  %splat = vector.broadcast %p : !llvm.ptr to vector<4x!llvm.ptr>
  %ss = vector.broadcast %s : i64 to vector<4xi64>
  %index = arith.addi %v, %ss : vector<4xi64>
  %ptrs = llvm.getelementptr %splat[%index] : (vector<4x!llvm.ptr>, vector<4xi64>) -> vector<4x!llvm.ptr>, f64
  llvm.intr.masked.scatter %value, %ptrs, %mask {alignment = 8 : i32} : vector<4xf64>, vector<4xi1> into vector<4x!llvm.ptr>
  %words = llvm.getelementptr %splat[%index] : (vector<4x!llvm.ptr>, vector<4xi64>) -> vector<4x!llvm.ptr>, f32
  llvm.intr.masked.scatter %value, %words, %mask {alignment = 8 : i32} : vector<4xf64>, vector<4xi1> into vector<4x!llvm.ptr>
  return
}
