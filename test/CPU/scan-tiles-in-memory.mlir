// RUN: nereid-opt %s -split-input-file --cpu-scan-tiles-in-memory | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx512"} {
// A cumsum along the rows of a loaded tile: the load fills a buffer by a loop over its rows,
// which is copied transposed so that the columns are rows; the scan is a loop over them,
// carrying the last column, and the result buffer is copied transposed back.
// CHECK-LABEL: tt.func @rows_of_a_load
// CHECK: %[[ROWS:.*]] = ttg.local_alloc : () -> !ttg.memdesc<64x64xf32, #shared, mutable>
// CHECK: scf.for
// CHECK:   tt.load {{.*}} : tensor<64x!tt.ptr<f32>, #slice>
// CHECK:   ttg.local_store
// CHECK: %[[TILE:.*]] = ttg.local_load %[[ROWS]]
// CHECK: %[[T:.*]] = tt.trans %[[TILE]] {order = array<i32: 1, 0>}
// CHECK: %[[IN:.*]] = ttg.local_alloc %[[T]] : (tensor<64x64xf32, #blocked>) -> !ttg.memdesc<64x64xf32, #shared>
// CHECK: %[[OUT:.*]] = ttg.local_alloc : () -> !ttg.memdesc<64x64xf32, #shared, mutable>
// CHECK: %[[FIRST:.*]] = ttg.local_load %{{.*}} -> tensor<64xf32, #slice1>
// CHECK: ttg.local_store %[[FIRST]]
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[FIRST]]) -> (tensor<64xf32, #slice1>)
// CHECK:   %[[SLICE:.*]] = ttg.memdesc_index %[[IN]][%[[I]]]
// CHECK:   %[[NEXT:.*]] = ttg.local_load %[[SLICE]]
// CHECK:   %[[SUM:.*]] = arith.addf %[[ACC]], %[[NEXT]] : tensor<64xf32, #slice1>
// CHECK:   %[[DEST:.*]] = ttg.memdesc_index %[[OUT]][%[[I]]]
// CHECK:   ttg.local_store %[[SUM]], %[[DEST]]
// CHECK:   scf.yield %[[SUM]]
// CHECK: %[[RESULT:.*]] = ttg.local_load %[[OUT]]
// CHECK: %[[BACK:.*]] = tt.trans %[[RESULT]]
// CHECK: %[[COLUMNS:.*]] = ttg.local_alloc %[[BACK]]
// CHECK: %[[FINAL:.*]] = ttg.local_load %[[COLUMNS]] : !ttg.memdesc<64x64xf32, #shared> -> tensor<64x64xf32, #blocked>
// CHECK: tt.return %[[FINAL]]
// CHECK-NOT: tt.scan
tt.func @rows_of_a_load(%x: !tt.ptr<f32>) -> tensor<64x64xf32, #blocked> {
  %range0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
  %range1 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
  %rows = tt.expand_dims %range0 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
  %c64 = arith.constant dense<64> : tensor<64x1xi32, #blocked>
  %starts = arith.muli %rows, %c64 : tensor<64x1xi32, #blocked>
  %cols = tt.expand_dims %range1 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
  %sb = tt.broadcast %starts : tensor<64x1xi32, #blocked> -> tensor<64x64xi32, #blocked>
  %cb = tt.broadcast %cols : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
  %offs = arith.addi %sb, %cb : tensor<64x64xi32, #blocked>
  %base = tt.splat %x : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>, #blocked>
  %ptrs = tt.addptr %base, %offs : tensor<64x64x!tt.ptr<f32>, #blocked>, tensor<64x64xi32, #blocked>
  %v = tt.load %ptrs : tensor<64x64x!tt.ptr<f32>, #blocked>
  %s = tt.scan(%v) axis = 1 {
  ^bb0(%a: f32, %b: f32):
    %r = arith.addf %a, %b : f32
    tt.scan.return %r : f32
  } : (tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked>
  tt.return %s : tensor<64x64xf32, #blocked>
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx512"} {
// A reverse scan down the columns, whose combiner has a constant and a value from outside:
// the rows of the tile's buffer are the slices; the steps run from the last row, the constant
// becomes a splat constant and the outside value a splat.
// CHECK-LABEL: tt.func @columns_reversed
// CHECK: %[[IN:.*]] = ttg.local_alloc %arg0 : (tensor<32x64xi32, #blocked>) -> !ttg.memdesc<32x64xi32, #shared>
// CHECK: %[[OUT:.*]] = ttg.local_alloc : () -> !ttg.memdesc<32x64xi32, #shared, mutable>
// CHECK: %[[LAST:.*]] = arith.constant 31 : i32
// CHECK: scf.for %[[I:.*]] = {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<64xi32, #slice>)
// CHECK:   %[[AT:.*]] = arith.subi %[[LAST]], %[[I]] : i32
// CHECK:   %[[NEXT:.*]] = ttg.local_load {{.*}} -> tensor<64xi32, #slice>
// CHECK:   %[[TWO:.*]] = arith.constant dense<2> : tensor<64xi32, #slice>
// CHECK:   %[[M:.*]] = arith.muli %[[ACC]], %[[TWO]]
// CHECK:   %[[K:.*]] = tt.splat %arg1 : i32 -> tensor<64xi32, #slice>
// CHECK:   %[[N:.*]] = arith.addi %[[M]], %[[K]]
// CHECK:   %[[R:.*]] = arith.maxsi %[[N]], %[[NEXT]]
// CHECK:   ttg.memdesc_index %[[OUT]][%[[AT]]]
// CHECK: %[[RESULT:.*]] = ttg.local_load %[[OUT]] : !ttg.memdesc<32x64xi32, #shared, mutable> -> tensor<32x64xi32, #blocked>
// CHECK: tt.return %[[RESULT]]
tt.func @columns_reversed(%t: tensor<32x64xi32, #blocked>, %k: i32) -> tensor<32x64xi32, #blocked> {
  %s = tt.scan(%t) axis = 0 reverse {
  ^bb0(%a: i32, %b: i32):
    %c2 = arith.constant 2 : i32
    %m = arith.muli %a, %c2 : i32
    %n = arith.addi %m, %k : i32
    %r = arith.maxsi %n, %b : i32
    tt.scan.return %r : i32
  } : (tensor<32x64xi32, #blocked>) -> tensor<32x64xi32, #blocked>
  tt.return %s : tensor<32x64xi32, #blocked>
}
}

// -----

#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx512"} {
// A 1-D scan: its buffer is a column, seen as 1024 rows of one element.
// CHECK-LABEL: tt.func @one_dimension
// CHECK: %[[BUFFER:.*]] = ttg.local_alloc %arg0 : (tensor<1024xf32, #blocked>) -> !ttg.memdesc<1024xf32, #shared>
// CHECK: %[[IN:.*]] = ttg.memdesc_reshape %[[BUFFER]] : !ttg.memdesc<1024xf32, #shared> -> !ttg.memdesc<1024x1xf32, #shared1>
// CHECK: %[[OUT:.*]] = ttg.local_alloc : () -> !ttg.memdesc<1024x1xf32, #shared1, mutable>
// CHECK: scf.for {{.*}} -> (tensor<1xf32, #blocked>)
// CHECK:   arith.mulf {{.*}} : tensor<1xf32, #blocked>
// CHECK: %[[WHOLE:.*]] = ttg.memdesc_reshape %[[OUT]] : !ttg.memdesc<1024x1xf32, #shared1, mutable> -> !ttg.memdesc<1024xf32, #shared, mutable>
// CHECK: %[[RESULT:.*]] = ttg.local_load %[[WHOLE]]
// CHECK: tt.return %[[RESULT]]
tt.func @one_dimension(%t: tensor<1024xf32, #blocked1>) -> tensor<1024xf32, #blocked1> {
  %s = tt.scan(%t) axis = 0 {
  ^bb0(%a: f32, %b: f32):
    %r = arith.mulf %a, %b : f32
    tt.scan.return %r : f32
  } : (tensor<1024xf32, #blocked1>) -> tensor<1024xf32, #blocked1>
  tt.return %s : tensor<1024xf32, #blocked1>
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx512"} {
// Left in registers: a tile of 16 x 16 elements, and masks (buffers hold numbers).
// CHECK-LABEL: tt.func @left_alone
// CHECK-NOT: ttg.local_alloc
// CHECK-COUNT-2: tt.scan
tt.func @left_alone(%small: tensor<16x16xf32, #blocked>, %mask: tensor<64x64xi1, #blocked>) -> (tensor<16x16xf32, #blocked>, tensor<64x64xi1, #blocked>) {
  %s = tt.scan(%small) axis = 1 {
  ^bb0(%a: f32, %b: f32):
    %r = arith.addf %a, %b : f32
    tt.scan.return %r : f32
  } : (tensor<16x16xf32, #blocked>) -> tensor<16x16xf32, #blocked>
  %m = tt.scan(%mask) axis = 1 {
  ^bb0(%a: i1, %b: i1):
    %r = arith.ori %a, %b : i1
    tt.scan.return %r : i1
  } : (tensor<64x64xi1, #blocked>) -> tensor<64x64xi1, #blocked>
  tt.return %s, %m : tensor<16x16xf32, #blocked>, tensor<64x64xi1, #blocked>
}
}
