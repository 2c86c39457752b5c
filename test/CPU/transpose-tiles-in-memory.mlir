// RUN: nereid-opt %s -split-input-file --cpu-transpose-tiles-in-memory | FileCheck %s
// RUN: nereid-opt %s -split-input-file --cpu-transpose-tiles-in-memory --cpu-convert-to-vector=target=cpu:x86_64:avx512 --canonicalize | FileCheck %s --check-prefix=VECTOR
// RUN: nereid-opt %s -split-input-file --cpu-transpose-tiles-in-memory --cpu-convert-to-vector=target=cpu:x86_64:avx2 --canonicalize | FileCheck %s --check-prefix=AVX2

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
#rows = #ttg.slice<{dim = 1, parent = #blocked}>
#cols = #ttg.slice<{dim = 0, parent = #blocked}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx512"} {
// A 64 x 64 tile loaded by rows into a buffer, whose transposed copy the result is read from.
// The copy is two loops over 16 x 16 register blocks; the transpose itself computes nothing.
// CHECK-LABEL: tt.func @load_transpose
// CHECK: %[[ROWS:.*]] = ttg.local_alloc : () -> !ttg.memdesc<64x64xf32, #shared, mutable>
// CHECK: scf.for
// CHECK:   tt.load %{{.*}} : tensor<64x!tt.ptr<f32>
// CHECK:   ttg.local_store
// CHECK: }
// CHECK-NOT: tt.load
// CHECK: %[[TILE:.*]] = ttg.local_load %[[ROWS]]
// CHECK: %[[T:.*]] = tt.trans %[[TILE]] {order = array<i32: 1, 0>}
// CHECK: %[[COLUMNS:.*]] = ttg.local_alloc %[[T]] : (tensor<64x64xf32, #{{.*}}>) -> !ttg.memdesc<64x64xf32, #shared>
// CHECK: %[[RESULT:.*]] = ttg.local_load %[[COLUMNS]]
// CHECK: tt.store %{{.*}}, %[[RESULT]]

// VECTOR-LABEL: func.func private @load_transpose_impl
// VECTOR: scf.for %{{.*}} : i32 {
// VECTOR:   vector.store %{{.*}}, %[[ROWVIEW:.*]][%{{.*}}] : memref<64xf32, strided<[1], offset: ?>>, vector<16xf32>
// VECTOR: }
// VECTOR: scf.for %[[ROW:.*]] = %{{.*}} to %{{.*}} step %c16 {
// VECTOR:   scf.for %[[COLUMN:.*]] = %{{.*}} to %{{.*}} step %c16 {
// VECTOR:     vector.load %[[IN:.*]][%[[ROW]], %[[COLUMN]]] : memref<64x64xf32>, vector<16xf32>
// VECTOR-COUNT-15: vector.load %[[IN]][%{{.*}}, %[[COLUMN]]] : memref<64x64xf32>, vector<16xf32>
// VECTOR-NOT: vector.load
// VECTOR:     vector.store %{{.*}}, %[[OUT:.*]][%[[COLUMN]], %[[ROW]]] : memref<64x64xf32>, vector<16xf32>
// VECTOR-COUNT-15: vector.store %{{.*}}, %[[OUT]][%{{.*}}, %[[ROW]]] : memref<64x64xf32>, vector<16xf32>
// VECTOR:   }
// VECTOR: }
// On AVX2 the register blocks are 8 x 8.
// AVX2-LABEL: func.func private @load_transpose_impl
// AVX2: scf.for %[[ROW:.*]] = %{{.*}} to %{{.*}} step %c8 {
// AVX2:   scf.for %[[COLUMN:.*]] = %{{.*}} to %{{.*}} step %c8 {
// AVX2-COUNT-8: vector.load %{{.*}} : memref<64x64xf32>, vector<8xf32>
// AVX2-NOT: vector.load
// AVX2-COUNT-8: vector.store %{{.*}} : memref<64x64xf32>, vector<8xf32>
tt.func @load_transpose(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>) {
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #rows>
  %c = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #cols>
  %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #rows> -> tensor<64x1xi32, #blocked>
  %n = arith.constant dense<64> : tensor<64x1xi32, #blocked>
  %rn = arith.muli %r2, %n : tensor<64x1xi32, #blocked>
  %c2 = tt.expand_dims %c {axis = 0 : i32} : tensor<64xi32, #cols> -> tensor<1x64xi32, #blocked>
  %rb = tt.broadcast %rn : tensor<64x1xi32, #blocked> -> tensor<64x64xi32, #blocked>
  %cb = tt.broadcast %c2 : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
  %offs = arith.addi %rb, %cb : tensor<64x64xi32, #blocked>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>, #blocked>
  %xp = tt.addptr %xs, %offs : tensor<64x64x!tt.ptr<f32>, #blocked>, tensor<64x64xi32, #blocked>
  %v = tt.load %xp : tensor<64x64x!tt.ptr<f32>, #blocked>
  %t = tt.trans %v {order = array<i32: 1, 0>} : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #blocked>
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>, #blocked>
  %yp = tt.addptr %ys, %offs : tensor<64x64x!tt.ptr<f32>, #blocked>, tensor<64x64xi32, #blocked>
  tt.store %yp, %t : tensor<64x64x!tt.ptr<f32>, #blocked>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx512"} {
// A tile that is no load goes to its buffer whole (an immutable local_alloc of it).
// CHECK-LABEL: tt.func @computed_transpose
// CHECK: %[[ROWS:.*]] = ttg.local_alloc %{{.*}} : (tensor<32x64xi8, #blocked>) -> !ttg.memdesc<32x64xi8, #shared>
// CHECK: %[[TILE:.*]] = ttg.local_load %[[ROWS]]
// CHECK: %[[T:.*]] = tt.trans %[[TILE]]
// CHECK: %[[COLUMNS:.*]] = ttg.local_alloc %[[T]]
// CHECK: ttg.local_load %[[COLUMNS]] : !ttg.memdesc<64x32xi8, #shared> -> tensor<64x32xi8, #blocked>

// 8 register blocks of 16 x 16 bytes.
// VECTOR-LABEL: func.func private @computed_transpose_impl
// VECTOR: scf.for %{{.*}} = %c0 to %c32 step %c16 {
// VECTOR:   scf.for %{{.*}} = %c0 to %c64 step %c16 {
// VECTOR-COUNT-16: vector.load %{{.*}} : memref<32x64xi8>, vector<16xi8>
// VECTOR-COUNT-16: vector.store %{{.*}} : memref<64x32xi8>, vector<16xi8>
tt.func @computed_transpose(%a: tensor<32x64xi8, #blocked>) -> tensor<64x32xi8, #blocked> {
  %t = tt.trans %a {order = array<i32: 1, 0>} : tensor<32x64xi8, #blocked> -> tensor<64x32xi8, #blocked>
  tt.return %t : tensor<64x32xi8, #blocked>
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx512"} {
// Tiles of at most 16 x 16 elements stay in registers (vector.transpose), as do transposes
// of a dimension of 1 (reshapes). Masks are left to
// cpu-convert-to-vector, which transposes them in a buffer of bytes.
// CHECK-LABEL: tt.func @stays_in_registers
// CHECK-NOT: ttg.local_alloc
// CHECK: tt.trans
// CHECK-NOT: ttg.local_alloc
// CHECK: tt.trans
// CHECK-NOT: ttg.local_alloc
// CHECK: tt.trans
// CHECK-NOT: ttg.local_alloc
// CHECK: tt.return
// VECTOR-LABEL: func.func private @stays_in_registers_impl
// VECTOR: vector.transpose %{{.*}}, [1, 0] : vector<16x16xf32> to vector<16x16xf32>
// VECTOR: vector.transpose %{{.*}}, [1, 0] : vector<1x512xf32> to vector<512x1xf32>
// VECTOR: arith.extui %{{.*}} : vector<16xi1> to vector<16xi8>
// VECTOR: scf.for
// VECTOR:   scf.for
// VECTOR-COUNT-16: vector.load %{{.*}} : memref<64x64xi8>, vector<16xi8>
// VECTOR: arith.trunci %{{.*}} : vector<16xi8> to vector<16xi1>
// VECTOR-NOT: vector.transpose %{{.*}} : vector<64x64xi1>
tt.func @stays_in_registers(%a: tensor<16x16xf32, #blocked>, %r: tensor<1x512xf32, #blocked>, %m: tensor<64x64xi1, #blocked>) -> (tensor<16x16xf32, #blocked>, tensor<512x1xf32, #blocked>, tensor<64x64xi1, #blocked>) {
  %t = tt.trans %a {order = array<i32: 1, 0>} : tensor<16x16xf32, #blocked> -> tensor<16x16xf32, #blocked>
  %s = tt.trans %r {order = array<i32: 1, 0>} : tensor<1x512xf32, #blocked> -> tensor<512x1xf32, #blocked>
  %u = tt.trans %m {order = array<i32: 1, 0>} : tensor<64x64xi1, #blocked> -> tensor<64x64xi1, #blocked>
  tt.return %t, %s, %u : tensor<16x16xf32, #blocked>, tensor<512x1xf32, #blocked>, tensor<64x64xi1, #blocked>
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx512"} {
// A batched transpose is lowered by cpu-convert-to-vector through stack buffers: a loop
// over the batch around the loops over register blocks.
// CHECK-LABEL: tt.func @batched
// CHECK-NOT: ttg.local_alloc
// VECTOR-LABEL: func.func private @batched_impl
// VECTOR: scf.for %[[BATCH:.*]] = %c0 to %c2 step %c1 {
// VECTOR:   %[[IN:.*]] = memref.subview %{{.*}}[%[[BATCH]], 0, 0] [1, 64, 64] [1, 1, 1]
// VECTOR:   %[[OUT:.*]] = memref.subview %{{.*}}[%[[BATCH]], 0, 0] [1, 64, 64] [1, 1, 1]
// VECTOR:   scf.for %{{.*}} step %c16 {
// VECTOR:     scf.for %{{.*}} step %c16 {
// VECTOR-COUNT-16: vector.load %[[IN]][{{.*}}] : memref<64x64xf32, strided<[64, 1], offset: ?>>, vector<16xf32>
// VECTOR-COUNT-16: vector.store %{{.*}}, %[[OUT]][{{.*}}] : memref<64x64xf32, strided<[64, 1], offset: ?>>, vector<16xf32>
tt.func @batched(%a: tensor<2x64x64xf32, #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 16], warpsPerCTA = [1, 1, 1], order = [2, 1, 0]}>>) -> tensor<2x64x64xf32, #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 16], warpsPerCTA = [1, 1, 1], order = [2, 1, 0]}>> {
  %t = tt.trans %a {order = array<i32: 0, 2, 1>} : tensor<2x64x64xf32, #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 16], warpsPerCTA = [1, 1, 1], order = [2, 1, 0]}>> -> tensor<2x64x64xf32, #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 16], warpsPerCTA = [1, 1, 1], order = [2, 1, 0]}>>
  tt.return %t : tensor<2x64x64xf32, #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 16], warpsPerCTA = [1, 1, 1], order = [2, 1, 0]}>>
}
}
