// RUN: nereid-opt %s --cpu-convert-to-vector=target=cpu:x86_64:avx2 | FileCheck %s
// RUN: nereid-opt %s --cpu-convert-to-vector=target=cpu:x86_64:avx2 --nereid-cpu-to-llvm=target=cpu:x86_64:avx2 | FileCheck %s --check-prefix=LLVM

// A buffer is a 64-byte aligned stack buffer, row-major, seen through a memref of dynamic
// offset so that a slice (memdesc_index, a rank-reducing subview) has the type of a buffer of
// its shape. Tiles are copied in and out a register chunk at a time (8 f32 for AVX2).
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [8], warpsPerCTA = [1], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#panels = #ttg.panel_shared<{width = 16, rows = 2}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx2"} {
// CHECK-LABEL: func.func private @row_round_trip_impl
// CHECK-SAME: (%[[X:[^:]*]]: vector<32xf32>, %[[I:[^:]*]]: i32,
// CHECK: %[[ALLOCA:.*]] = memref.alloca() {alignment = 64 : i64} : memref<8x32xf32>
// CHECK: %[[BUF:.*]] = memref.cast %[[ALLOCA]] : memref<8x32xf32> to memref<8x32xf32, strided<[32, 1], offset: ?>>
// CHECK: %[[ROW:.*]] = arith.index_cast %[[I]] : i32 to index
// CHECK: %[[SLICE:.*]] = memref.subview %[[BUF]][%[[ROW]], 0] [1, 32] [1, 1] : memref<8x32xf32, strided<[32, 1], offset: ?>> to memref<32xf32, strided<[1], offset: ?>>
// CHECK: %[[X0:.*]] = vector.extract_strided_slice %[[X]] {offsets = [0], sizes = [8], strides = [1]}
// CHECK: vector.store %[[X0]], %[[SLICE]][%c0{{.*}}] : memref<32xf32, strided<[1], offset: ?>>, vector<8xf32>
// CHECK-COUNT-3: vector.store %{{.*}}, %[[SLICE]][%c{{[0-9]+}}{{.*}}] : memref<32xf32, strided<[1], offset: ?>>, vector<8xf32>
// CHECK: %[[Y0:.*]] = vector.load %[[SLICE]][%c0{{.*}}] : memref<32xf32, strided<[1], offset: ?>>, vector<8xf32>
// CHECK: vector.insert_strided_slice %[[Y0]], %{{.*}} {offsets = [0], strides = [1]} : vector<8xf32> into vector<32xf32>
// CHECK-COUNT-3: vector.load %[[SLICE]][%c{{[0-9]+}}{{.*}}] : memref<32xf32, strided<[1], offset: ?>>, vector<8xf32>
// CHECK: %[[Y:.*]] = vector.insert_strided_slice %{{.*}}, %{{.*}} {offsets = [24], strides = [1]} : vector<8xf32> into vector<32xf32>
// CHECK: return %[[Y]]
// LLVM-LABEL: llvm.func @row_round_trip_impl
// LLVM-NOT: unrealized_conversion_cast
// LLVM-NOT: memref.
// LLVM: llvm.return
tt.func @row_round_trip(%x: tensor<32xf32, #blocked>, %i: i32) -> tensor<32xf32, #blocked> {
  %buf = ttg.local_alloc : () -> !ttg.memdesc<8x32xf32, #shared, mutable>
  %row = ttg.memdesc_index %buf[%i] : !ttg.memdesc<8x32xf32, #shared, mutable> -> !ttg.memdesc<32xf32, #shared1, mutable>
  ttg.local_store %x, %row : tensor<32xf32, #blocked> -> !ttg.memdesc<32xf32, #shared1, mutable>
  %y = ttg.local_load %row : !ttg.memdesc<32xf32, #shared1, mutable> -> tensor<32xf32, #blocked>
  ttg.local_dealloc %buf : !ttg.memdesc<8x32xf32, #shared, mutable>
  tt.return %y : tensor<32xf32, #blocked>
}

// A matrix in panels (#ttg.panel_shared, B of a dot): the elements its strides span, seen as
// [rows, panels, width] with the panels rows * width apart; a row of it is a [panels, width]
// slice, and a tile goes in and out a chunk at a time at the indices of that shape.
// CHECK-LABEL: func.func private @panel_round_trip_impl
// CHECK: %[[ELEMENTS:.*]] = memref.alloca() {alignment = 64 : i64} : memref<64xf32>
// CHECK: %[[VIEW:.*]] = memref.reinterpret_cast %[[ELEMENTS]] to offset: [0], sizes: [2, 2, 16], strides: [16, 32, 1] : memref<64xf32> to memref<2x2x16xf32, strided<[16, 32, 1]>>
// CHECK: %[[PANELS:.*]] = memref.cast %[[VIEW]] : memref<2x2x16xf32, strided<[16, 32, 1]>> to memref<2x2x16xf32, strided<[16, 32, 1], offset: ?>>
// CHECK: %[[ROW:.*]] = memref.subview %[[PANELS]][%{{.*}}, 0, 0] [1, 2, 16] [1, 1, 1] : memref<2x2x16xf32, strided<[16, 32, 1], offset: ?>> to memref<2x16xf32, strided<[32, 1], offset: ?>>
// CHECK: vector.store %{{.*}}, %[[ROW]][%c0{{.*}}, %c0{{.*}}] : memref<2x16xf32, strided<[32, 1], offset: ?>>, vector<8xf32>
// CHECK: vector.store %{{.*}}, %[[ROW]][%c0{{.*}}, %c8{{.*}}]
// CHECK: vector.store %{{.*}}, %[[ROW]][%c1{{.*}}, %c0{{.*}}]
// CHECK: vector.store %{{.*}}, %[[ROW]][%c1{{.*}}, %c8{{.*}}]
// CHECK: vector.load %[[PANELS]][%c0{{.*}}, %c0{{.*}}, %c0{{.*}}] : memref<2x2x16xf32, strided<[16, 32, 1], offset: ?>>, vector<8xf32>
// CHECK-COUNT-2: vector.load %[[PANELS]]
// CHECK: vector.load %[[PANELS]][%c0{{.*}}, %c1{{.*}}, %c8{{.*}}]
// CHECK: vector.load %[[PANELS]][%c1{{.*}}, %c0{{.*}}, %c0{{.*}}]
// LLVM-LABEL: llvm.func @panel_round_trip_impl
// LLVM-NOT: unrealized_conversion_cast
// LLVM-NOT: memref.
// LLVM: llvm.return
tt.func @panel_round_trip(%x: tensor<32xf32, #blocked>, %i: i32) -> tensor<2x32xf32, #blocked2> {
  %buf = ttg.local_alloc : () -> !ttg.memdesc<2x32xf32, #panels, mutable>
  %row = ttg.memdesc_index %buf[%i] : !ttg.memdesc<2x32xf32, #panels, mutable> -> !ttg.memdesc<32xf32, #panels, mutable>
  ttg.local_store %x, %row : tensor<32xf32, #blocked> -> !ttg.memdesc<32xf32, #panels, mutable>
  %y = ttg.local_load %buf : !ttg.memdesc<2x32xf32, #panels, mutable> -> tensor<2x32xf32, #blocked2>
  tt.return %y : tensor<2x32xf32, #blocked2>
}

// A large tile of one value (more than 64 chunks: 32 x 32 f32 is 128 on AVX2) is written by a
// loop nest, one splat chunk per step, not a store per chunk.
// CHECK-LABEL: func.func private @fill_large_splat_impl
// CHECK: %[[BUF:.*]] = memref.alloca() {alignment = 64 : i64} : memref<32x32xf32>
// CHECK: %[[ZEROS:.*]] = vector.broadcast %{{.*}} : f32 to vector<8xf32>
// CHECK: scf.for %[[R:.*]] = %c0{{.*}} to %c32{{.*}} step %c1
// CHECK:   scf.for %[[C:.*]] = %c0{{.*}} to %c32{{.*}} step %c8
// CHECK:     vector.store %[[ZEROS]], %{{.*}}[%[[R]], %[[C]]] : memref<32x32xf32, strided<[32, 1], offset: ?>>, vector<8xf32>
// CHECK-NOT: vector.store
// CHECK: return
tt.func @fill_large_splat() -> tensor<32x32xf32, #blocked2> {
  %zeros = arith.constant dense<0.0> : tensor<32x32xf32, #blocked2>
  %buf = ttg.local_alloc : () -> !ttg.memdesc<32x32xf32, #shared, mutable>
  ttg.local_store %zeros, %buf : tensor<32x32xf32, #blocked2> -> !ttg.memdesc<32x32xf32, #shared, mutable>
  %y = ttg.local_load %buf : !ttg.memdesc<32x32xf32, #shared, mutable> -> tensor<32x32xf32, #blocked2>
  tt.return %y : tensor<32x32xf32, #blocked2>
}
}
