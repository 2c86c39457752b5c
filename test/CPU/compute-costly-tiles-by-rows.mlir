// RUN: nereid-opt %s -split-input-file --cpu-compute-costly-tiles-by-rows | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx512"} {
// The exponentials of a 128 x 64 tile, a buffer's elements minus a column: a loop over the
// rows reads each row of the buffer and the column's element, applies exp2 to the row and
// writes it into a buffer of the tile's shape, which is read as the tile.
// (The column is an argument, whose elements cannot be computed: it is read from a buffer.)
// CHECK-LABEL: tt.func @exponentials
// CHECK: %[[COLUMN:.*]] = ttg.local_alloc %{{.*}} : (tensor<128x1xf32, #blocked>)
// CHECK: %[[P:.*]] = ttg.local_alloc : () -> !ttg.memdesc<128x64xf32, #shared, mutable>
// CHECK: scf.for %[[ROW:.*]] = %{{.*}} to %{{.*}} step %{{.*}}  : i32 {
// CHECK:   %[[RV:.*]] = ttg.memdesc_index %arg0[%[[ROW]]]
// CHECK:   %[[S:.*]] = ttg.local_load %[[RV]] : {{.*}} -> tensor<64xf32, #[[ROWL:.*]]>
// CHECK:   ttg.memdesc_index %[[COLUMN]][%[[ROW]]]
// CHECK:   %[[D:.*]] = arith.subf %[[S]], %{{.*}} : tensor<64xf32, #[[ROWL]]>
// CHECK:   %[[E:.*]] = math.exp2 %[[D]] : tensor<64xf32, #[[ROWL]]>
// CHECK:   %[[AT:.*]] = ttg.memdesc_index %[[P]][%[[ROW]]]
// CHECK:   ttg.local_store %[[E]], %[[AT]]
// CHECK: }
// CHECK-NOT: math.exp2
// CHECK: %[[WHOLE:.*]] = ttg.local_load %[[P]] : !ttg.memdesc<128x64xf32, #shared, mutable> -> tensor<128x64xf32, #blocked>
// CHECK: tt.return %[[WHOLE]]
tt.func @exponentials(%scores: !ttg.memdesc<128x64xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, mutable>, %m: tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>>) -> tensor<128x64xf32, #blocked> {
  %s = ttg.local_load %scores : !ttg.memdesc<128x64xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, mutable> -> tensor<128x64xf32, #blocked>
  %column = tt.expand_dims %m {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xf32, #blocked>
  %wide = tt.broadcast %column : tensor<128x1xf32, #blocked> -> tensor<128x64xf32, #blocked>
  %d = arith.subf %s, %wide : tensor<128x64xf32, #blocked>
  %p = math.exp2 %d : tensor<128x64xf32, #blocked>
  tt.return %p : tensor<128x64xf32, #blocked>
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx512"} {
// Left whole: a 64 x 64 tile (flash attention's blocks), a cheap op, and a tile whose rows
// cannot be computed (an argument).
// CHECK-LABEL: tt.func @left_alone
// CHECK-NOT: scf.for
// CHECK: math.exp2 %{{.*}} : tensor<64x64xf32, #blocked>
// CHECK: arith.mulf %{{.*}} : tensor<128x64xf32, #blocked>
// CHECK: math.exp2 %{{.*}} : tensor<128x64xf32, #blocked>
tt.func @left_alone(%small: tensor<64x64xf32, #blocked>, %t: tensor<128x64xf32, #blocked>) -> (tensor<64x64xf32, #blocked>, tensor<128x64xf32, #blocked>, tensor<128x64xf32, #blocked>) {
  %e = math.exp2 %small : tensor<64x64xf32, #blocked>
  %m = arith.mulf %t, %t : tensor<128x64xf32, #blocked>
  %f = math.exp2 %t : tensor<128x64xf32, #blocked>
  tt.return %e, %m, %f : tensor<64x64xf32, #blocked>, tensor<128x64xf32, #blocked>, tensor<128x64xf32, #blocked>
}
}
