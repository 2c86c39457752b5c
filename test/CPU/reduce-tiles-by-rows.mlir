// RUN: nereid-opt %s -split-input-file --cpu-reduce-tiles-by-rows | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx512"} {
// Row sums of a loaded tile: a loop over the rows loads each row, sums it (a 1-D reduction)
// and writes the sum into a buffer of one element per row, read as the result.
// CHECK-LABEL: tt.func @row_sums
// CHECK: %[[SUMS:.*]] = ttg.local_alloc : () -> !ttg.memdesc<128x1xf32, #shared, mutable>
// CHECK: scf.for %[[ROW:.*]] = %{{.*}} to %{{.*}} step %{{.*}}  : i32 {
// CHECK:   %[[X:.*]] = tt.load %{{.*}} : tensor<128x!tt.ptr<f32>, #slice1>
// CHECK:   %[[SUM:.*]] = tt.reduce(%[[X]]) axis = 0 {
// CHECK:     arith.addf
// CHECK:   } : (tensor<128xf32, #slice1>) -> f32
// CHECK:   %[[ONE:.*]] = tt.splat %[[SUM]] : f32 -> tensor<1xf32, #slice>
// CHECK:   %[[AT:.*]] = ttg.memdesc_index %[[SUMS]][%[[ROW]]]
// CHECK:   ttg.local_store %[[ONE]], %[[AT]]
// CHECK: %[[WHOLE:.*]] = ttg.memdesc_reshape %[[SUMS]] : !ttg.memdesc<128x1xf32, #shared, mutable> -> !ttg.memdesc<128xf32, #shared1, mutable>
// CHECK: %[[RESULT:.*]] = ttg.local_load %[[WHOLE]] : {{.*}} -> tensor<128xf32, #slice>
// CHECK: tt.return %[[RESULT]]
tt.func @row_sums(%x: !tt.ptr<f32>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>> {
  %range0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
  %range1 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
  %rows = tt.expand_dims %range0 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xi32, #blocked>
  %c128 = arith.constant dense<128> : tensor<128x1xi32, #blocked>
  %starts = arith.muli %rows, %c128 : tensor<128x1xi32, #blocked>
  %cols = tt.expand_dims %range1 {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x128xi32, #blocked>
  %sb = tt.broadcast %starts : tensor<128x1xi32, #blocked> -> tensor<128x128xi32, #blocked>
  %cb = tt.broadcast %cols : tensor<1x128xi32, #blocked> -> tensor<128x128xi32, #blocked>
  %offs = arith.addi %sb, %cb : tensor<128x128xi32, #blocked>
  %base = tt.splat %x : !tt.ptr<f32> -> tensor<128x128x!tt.ptr<f32>, #blocked>
  %ptrs = tt.addptr %base, %offs : tensor<128x128x!tt.ptr<f32>, #blocked>, tensor<128x128xi32, #blocked>
  %v = tt.load %ptrs : tensor<128x128x!tt.ptr<f32>, #blocked>
  %s = "tt.reduce"(%v) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %r = arith.addf %a, %b : f32
    tt.reduce.return %r : f32
  }) : (tensor<128x128xf32, #blocked>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  tt.return %s : tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx512"} {
// A maximum with its index down the columns of a tile that is an argument: its rows cannot be
// computed, so it goes into a buffer (the index's rows are computed); the first row is read by
// a loop of one iteration, and a loop from the second row carries the pair and combines each
// row with it.
// CHECK-LABEL: tt.func @column_argmax
// CHECK: %[[BUFFER:.*]] = ttg.local_alloc %arg0
// CHECK-NOT: ttg.local_alloc
// CHECK: %[[FIRST:.*]]:2 = scf.for %{{.*}} = %c0_i32 to %c1_i32
// CHECK:   ttg.memdesc_index %[[BUFFER]]
// CHECK: %[[RESULT:.*]]:2 = scf.for %[[ROW:.*]] = %c1_i32{{.*}} to %c128_i32 step %{{.*}} iter_args(%[[V:.*]] = %[[FIRST]]#0, %[[I:.*]] = %[[FIRST]]#1) -> (tensor<64xf32, #slice>, tensor<64xi32, #slice>)
// CHECK:   %[[X:.*]] = ttg.local_load %{{.*}} -> tensor<64xf32, #slice>
// CHECK:   %[[GT:.*]] = arith.cmpf ogt, %[[V]], %[[X]] : tensor<64xf32, #slice>
// CHECK:   arith.select %[[GT]], %[[V]], %[[X]]
// CHECK:   arith.select %[[GT]], %[[I]], %{{.*}} : tensor<64xi1, #slice>, tensor<64xi32, #slice>
// CHECK: tt.return %[[RESULT]]#0, %[[RESULT]]#1
// CHECK-NOT: tt.reduce
tt.func @column_argmax(%t: tensor<128x64xf32, #blocked>) -> (tensor<64xf32, #ttg.slice<{dim = 0, parent = #blocked}>>, tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>) {
  %range = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
  %rows = tt.expand_dims %range {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xi32, #blocked>
  %index = tt.broadcast %rows : tensor<128x1xi32, #blocked> -> tensor<128x64xi32, #blocked>
  %r:2 = "tt.reduce"(%t, %index) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    %gt = arith.cmpf ogt, %a, %b : f32
    %v = arith.select %gt, %a, %b : f32
    %i = arith.select %gt, %ai, %bi : i32
    tt.reduce.return %v, %i : f32, i32
  }) : (tensor<128x64xf32, #blocked>, tensor<128x64xi32, #blocked>) -> (tensor<64xf32, #ttg.slice<{dim = 0, parent = #blocked}>>, tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>)
  tt.return %r#0, %r#1 : tensor<64xf32, #ttg.slice<{dim = 0, parent = #blocked}>>, tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx512"} {
// Left whole: a 64 x 64 tile (flash attention's blocks), and masks.
// CHECK-LABEL: tt.func @left_alone
// CHECK-NOT: scf.for
// CHECK-COUNT-2: tt.reduce
tt.func @left_alone(%t: tensor<64x64xf32, #blocked>, %m: tensor<128x128xi1, #blocked>) -> (tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<128xi1, #ttg.slice<{dim = 1, parent = #blocked}>>) {
  %s = "tt.reduce"(%t) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %r = arith.maxnumf %a, %b : f32
    tt.reduce.return %r : f32
  }) : (tensor<64x64xf32, #blocked>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  %o = "tt.reduce"(%m) <{axis = 1 : i32}> ({
  ^bb0(%a: i1, %b: i1):
    %r = arith.ori %a, %b : i1
    tt.reduce.return %r : i1
  }) : (tensor<128x128xi1, #blocked>) -> tensor<128xi1, #ttg.slice<{dim = 1, parent = #blocked}>>
  tt.return %s, %o : tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<128xi1, #ttg.slice<{dim = 1, parent = #blocked}>>
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx512"} {
// Two reductions of one load, as tl.argmax makes them: the first's loop writes only stack
// buffers, so the second loads its rows again after it rather than keeping a buffer of the
// whole tile.
// CHECK-LABEL: tt.func @two_reductions_of_a_load
// CHECK-NOT: ttg.local_alloc %
// CHECK: scf.for
// CHECK:   tt.load %{{.*}} : tensor<128x!tt.ptr<f32>, #slice1>
// CHECK:   ttg.local_store
// CHECK: scf.for
// CHECK:   %[[X:.*]] = tt.load %{{.*}} : tensor<128x!tt.ptr<f32>, #slice1>
// CHECK:   arith.cmpf une, %[[X]], %[[X]] : tensor<128xf32, #slice1>
// CHECK:   ttg.local_store
// CHECK-NOT: ttg.local_alloc %
// CHECK: tt.return
tt.func @two_reductions_of_a_load(%x: !tt.ptr<f32>) -> (tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>) {
  %range0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
  %range1 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
  %rows = tt.expand_dims %range0 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xi32, #blocked>
  %c128 = arith.constant dense<128> : tensor<128x1xi32, #blocked>
  %starts = arith.muli %rows, %c128 : tensor<128x1xi32, #blocked>
  %cols = tt.expand_dims %range1 {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x128xi32, #blocked>
  %sb = tt.broadcast %starts : tensor<128x1xi32, #blocked> -> tensor<128x128xi32, #blocked>
  %cb = tt.broadcast %cols : tensor<1x128xi32, #blocked> -> tensor<128x128xi32, #blocked>
  %offs = arith.addi %sb, %cb : tensor<128x128xi32, #blocked>
  %base = tt.splat %x : !tt.ptr<f32> -> tensor<128x128x!tt.ptr<f32>, #blocked>
  %ptrs = tt.addptr %base, %offs : tensor<128x128x!tt.ptr<f32>, #blocked>, tensor<128x128xi32, #blocked>
  %v = tt.load %ptrs : tensor<128x128x!tt.ptr<f32>, #blocked>
  %s = "tt.reduce"(%v) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %r = arith.maxnumf %a, %b : f32
    tt.reduce.return %r : f32
  }) : (tensor<128x128xf32, #blocked>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  %nan = arith.cmpf une, %v, %v : tensor<128x128xf32, #blocked>
  %none = arith.constant dense<128> : tensor<128x128xi32, #blocked>
  %at = arith.select %nan, %cb, %none : tensor<128x128xi1, #blocked>, tensor<128x128xi32, #blocked>
  %first = "tt.reduce"(%at) <{axis = 1 : i32}> ({
  ^bb0(%a: i32, %b: i32):
    %r = arith.minsi %a, %b : i32
    tt.reduce.return %r : i32
  }) : (tensor<128x128xi32, #blocked>) -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
  tt.return %s, %first : tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx512"} {
// A combiner of value-index pairs reduces rows element by element: from more than 32 x 32
// numbers (64 x 64 here) it runs by rows; 32 x 32 stays whole.
// CHECK-LABEL: tt.func @argmax_by_size
// CHECK: scf.for
// CHECK: tt.reduce({{.*}}) axis = 0
// CHECK: } : (tensor<64xf32, #{{.*}}>, tensor<64xi32, #{{.*}}>) -> (f32, i32)
// CHECK-NOT: scf.for
// CHECK: tt.reduce({{.*}}) axis = 1
// CHECK: } : (tensor<32x32xf32, #blocked>, tensor<32x32xi32, #blocked>)
tt.func @argmax_by_size(%t: tensor<64x64xf32, #blocked>, %i: tensor<64x64xi32, #blocked>, %s: tensor<32x32xf32, #blocked>, %si: tensor<32x32xi32, #blocked>) -> (tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>) {
  %r:2 = "tt.reduce"(%t, %i) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    %gt = arith.cmpf ogt, %a, %b : f32
    %v = arith.select %gt, %a, %b : f32
    %x = arith.select %gt, %ai, %bi : i32
    tt.reduce.return %v, %x : f32, i32
  }) : (tensor<64x64xf32, #blocked>, tensor<64x64xi32, #blocked>) -> (tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>)
  %q:2 = "tt.reduce"(%s, %si) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    %gt = arith.cmpf ogt, %a, %b : f32
    %v = arith.select %gt, %a, %b : f32
    %x = arith.select %gt, %ai, %bi : i32
    tt.reduce.return %v, %x : f32, i32
  }) : (tensor<32x32xf32, #blocked>, tensor<32x32xi32, #blocked>) -> (tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>)
  tt.return %r#1, %q#1 : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
}
}
