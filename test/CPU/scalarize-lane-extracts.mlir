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
// elementwise op with other users is not, unless it is integer arithmetic on broadcasts and
// constants (@offsets_used_twice).
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

// -----

// The offsets `splat(i) + range` of a checked access, which the check's slow path reads whole:
// the first lane's offset is computed on scalars (i + 0, folded to i), and the vector stays for
// the other user. Before, the address waited for a vector add and a move of its lane 0.
// CHECK-LABEL: func.func @offsets_used_twice
// CHECK-SAME: (%[[BASE:.*]]: !llvm.ptr, %[[I:.*]]: i32)
// CHECK: %[[OFFSETS:.*]] = arith.addi %{{.*}}, %{{.*}} : vector<8xi32>
// CHECK: %[[PTR:.*]] = llvm.getelementptr %[[BASE]][%[[I]]] : (!llvm.ptr, i32) -> !llvm.ptr, f32
// CHECK: return %[[PTR]], %[[OFFSETS]]
func.func @offsets_used_twice(%base: !llvm.ptr, %i: i32) -> (!llvm.ptr, vector<8xi32>) {
  %range = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7]> : vector<8xi32>
  %is = vector.broadcast %i : i32 to vector<8xi32>
  %offsets = arith.addi %is, %range : vector<8xi32>
  %first = vector.extract %offsets[0] : i32 from vector<8xi32>
  %ptr = llvm.getelementptr %base[%first] : (!llvm.ptr, i32) -> !llvm.ptr, f32
  return %ptr, %offsets : !llvm.ptr, vector<8xi32>
}

// -----

// Lanes of arithmetic on loaded values stay extracts: taking them apart costs more than the
// vector op.
// CHECK-LABEL: func.func @loaded_offsets
// CHECK: %[[SUM:.*]] = arith.addi %{{.*}}, %{{.*}} : vector<8xi32>
// CHECK: vector.extract %[[SUM]][3] : i32 from vector<8xi32>
func.func @loaded_offsets(%a: vector<8xi32>, %b: vector<8xi32>) -> (i32, vector<8xi32>) {
  %sum = arith.addi %a, %b : vector<8xi32>
  %lane = vector.extract %sum[3] : i32 from vector<8xi32>
  return %lane, %sum : i32, vector<8xi32>
}
