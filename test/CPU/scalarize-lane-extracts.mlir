// RUN: nereid-opt %s -split-input-file --cpu-scalarize-lane-extracts | FileCheck %s

// The first lane of a chunk of pointers, computed from a splat base and offsets, becomes one
// scalar address: the GEP of the base and the lane's offset.
// CHECK-LABEL: func.func @first_pointer
// CHECK-SAME: (%[[BASE:.*]]: !llvm.ptr, %[[ROW:.*]]: i32, %[[OFF:.*]]: i64)
// CHECK-NOT: vector
// CHECK: %[[ROWPTR:.*]] = llvm.getelementptr %[[BASE]][%[[ROW]]] : (!llvm.ptr, i32) -> !llvm.ptr, f32
// CHECK: %[[PTR:.*]] = llvm.getelementptr %[[ROWPTR]][%[[OFF]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK: return %[[PTR]]
func.func @first_pointer(%base: !llvm.ptr, %row: i32, %off: i64) -> !llvm.ptr {
  %bases = vector.broadcast %base : !llvm.ptr to vector<8x!llvm.ptr>
  %range = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7]> : vector<8xi32>
  %rows = vector.broadcast %row : i32 to vector<8xi32>
  %columns = arith.addi %rows, %range : vector<8xi32>
  %ptrs = llvm.getelementptr %bases[%columns] : (vector<8x!llvm.ptr>, vector<8xi32>) -> vector<8x!llvm.ptr>, f32
  %offs = vector.broadcast %off : i64 to vector<8xi64>
  %moved = llvm.getelementptr %ptrs[%offs] : (vector<8x!llvm.ptr>, vector<8xi64>) -> vector<8x!llvm.ptr>, f32
  %first = vector.extract %moved[0] : !llvm.ptr from vector<8x!llvm.ptr>
  return %first : !llvm.ptr
}

// -----

// A GEP whose vector has other users is still scalarized (it costs one address); an
// elementwise op with other users is not.
// CHECK-LABEL: func.func @shared
// CHECK: %[[SUM:.*]] = arith.addi %{{.*}}, %{{.*}} : vector<4xi64>
// CHECK: %[[PTRS:.*]] = llvm.getelementptr %{{.*}}[%[[SUM]]] : (!llvm.ptr, vector<4xi64>)
// CHECK: %[[LANE:.*]] = vector.extract %[[SUM]][2] : i64 from vector<4xi64>
// CHECK: %[[PTR:.*]] = llvm.getelementptr %{{.*}}[%[[LANE]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK: return %[[PTR]], %[[PTRS]], %[[SUM]]
func.func @shared(%base: !llvm.ptr, %a: vector<4xi64>, %b: vector<4xi64>) -> (!llvm.ptr, vector<4x!llvm.ptr>, vector<4xi64>) {
  %sum = arith.addi %a, %b : vector<4xi64>
  %ptrs = llvm.getelementptr %base[%sum] : (!llvm.ptr, vector<4xi64>) -> vector<4x!llvm.ptr>, f32
  %lane = vector.extract %ptrs[2] : !llvm.ptr from vector<4x!llvm.ptr>
  return %lane, %ptrs, %sum : !llvm.ptr, vector<4x!llvm.ptr>, vector<4xi64>
}
