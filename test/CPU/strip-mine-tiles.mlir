// RUN: nereid-opt %s -split-input-file --cpu-strip-mine-tiles=target=cpu:x86_64:avx2 | FileCheck %s

// On AVX2 a strip is 4 chunks of 8 lanes, 32 elements; a block is strip-mined when its tiles
// have at least 4 strips.

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [8], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx2"} {
// An elementwise block becomes one loop over strips; make_range becomes the strip's range plus
// the loop's offset.
// CHECK-LABEL: tt.func @add
// CHECK: %[[C0:.*]] = arith.constant 0 : i32
// CHECK: %[[C128:.*]] = arith.constant 128 : i32
// CHECK: %[[C32:.*]] = arith.constant 32 : i32
// CHECK: scf.for %[[OFF:.*]] = %[[C0]] to %[[C128]] step %[[C32]] : i32 {
// CHECK: %[[RANGE:.*]] = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #blocked>
// CHECK: %[[SHIFT:.*]] = tt.splat %[[OFF]] : i32 -> tensor<32xi32, #blocked>
// CHECK: %[[IDX:.*]] = arith.addi %[[RANGE]], %[[SHIFT]] : tensor<32xi32, #blocked>
// CHECK: %[[MASK:.*]] = arith.cmpi slt, %[[IDX]], %{{.*}} : tensor<32xi32, #blocked>
// CHECK: %[[X:.*]] = tt.load %{{.*}}, %[[MASK]] : tensor<32x!tt.ptr<f32>, #blocked>
// CHECK: %[[Y:.*]] = arith.addf %[[X]], %[[X]] : tensor<32xf32, #blocked>
// CHECK: tt.store %{{.*}}, %[[Y]], %[[MASK]] : tensor<32x!tt.ptr<f32>, #blocked>
// CHECK-NOT: tensor<128x
// CHECK: tt.return
tt.func @add(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) {
  %range = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
  %bound = tt.splat %n : i32 -> tensor<128xi32, #blocked>
  %mask = arith.cmpi slt, %range, %bound : tensor<128xi32, #blocked>
  %base = tt.splat %in : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
  %ptrs = tt.addptr %base, %range : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
  %x = tt.load %ptrs, %mask : tensor<128x!tt.ptr<f32>, #blocked>
  %y = arith.addf %x, %x : tensor<128xf32, #blocked>
  %obase = tt.splat %out : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
  %optrs = tt.addptr %obase, %range : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
  tt.store %optrs, %y, %mask : tensor<128x!tt.ptr<f32>, #blocked>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [8], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx2"} {
// Softmax: each reduction ends a phase. A phase's loop carries one strip per reduction,
// starting from the combiner's neutral element, and reduces it after the loop. The row loaded
// in the first phase is loaded again in the second (no store comes before it); the
// exponentials, costly to recompute, are kept in a buffer for the third, written and read
// strip by strip through a view of the buffer as rows of one strip.
// Scalar ops run between the loops that compute and use them, and a scalar store after the
// last tile access stays after the last loop.
// CHECK-LABEL: tt.func @softmax
// CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<256xf32, #shared, mutable>
// CHECK: %[[NAN:.*]] = arith.constant dense<0x7FC00000> : tensor<32xf32, #blocked>
// CHECK: %[[MAXES:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[NAN]]) -> (tensor<32xf32, #blocked>)  : i32 {
// CHECK: %[[X:.*]] = tt.load
// CHECK: %[[M:.*]] = arith.maxnumf %[[ACC]], %[[X]] : tensor<32xf32, #blocked>
// CHECK: scf.yield %[[M]]
// CHECK: %[[MAX:.*]] = tt.reduce(%[[MAXES]]) axis = 0
// CHECK: arith.maxnumf
// CHECK: %[[HALF:.*]] = arith.mulf %[[MAX]], %{{.*}} : f32
// CHECK: %[[ZERO:.*]] = arith.constant dense<-0.000000e+00> : tensor<32xf32, #blocked>
// CHECK: %[[SUMS:.*]] = scf.for %[[OFF:.*]] = %{{.*}} iter_args(%[[ACC2:.*]] = %[[ZERO]])
// CHECK: %[[X2:.*]] = tt.load
// CHECK: %[[MAX2:.*]] = tt.splat %[[HALF]] : f32 -> tensor<32xf32, #blocked>
// CHECK: %[[D:.*]] = arith.subf %[[X2]], %[[MAX2]]
// CHECK: %[[E:.*]] = math.exp %[[D]]
// CHECK: %[[ROWS:.*]] = ttg.memdesc_reshape %[[BUF]] : !ttg.memdesc<256xf32, #shared, mutable> -> !ttg.memdesc<8x32xf32, #shared1, mutable>
// CHECK: %[[ROW:.*]] = arith.divui %[[OFF]], %{{.*}} : i32
// CHECK: %[[SLICE:.*]] = ttg.memdesc_index %[[ROWS]][%[[ROW]]] : !ttg.memdesc<8x32xf32, #shared1, mutable> -> !ttg.memdesc<32xf32, #shared, mutable>
// CHECK: ttg.local_store %[[E]], %[[SLICE]]
// CHECK: %[[S:.*]] = arith.addf %[[ACC2]], %[[E]] : tensor<32xf32, #blocked>
// CHECK: scf.yield %[[S]]
// CHECK: %[[SUM:.*]] = tt.reduce(%[[SUMS]]) axis = 0
// CHECK: scf.for %[[OFF3:.*]] =
// CHECK-NOT: tt.load
// CHECK-NOT: math.exp
// CHECK: %[[ROWS3:.*]] = ttg.memdesc_reshape %[[BUF]]
// CHECK: %[[ROW3:.*]] = arith.divui %[[OFF3]], %{{.*}} : i32
// CHECK: %[[SLICE3:.*]] = ttg.memdesc_index %[[ROWS3]][%[[ROW3]]]
// CHECK: %[[E3:.*]] = ttg.local_load %[[SLICE3]] : !ttg.memdesc<32xf32, #shared, mutable> -> tensor<32xf32, #blocked>
// CHECK: %[[SUM2:.*]] = tt.splat %[[SUM]]
// CHECK: arith.divf %[[E3]], %[[SUM2]]
// CHECK: tt.store
// CHECK: }
// CHECK: tt.store %{{.*}}, %[[MAX]] : !tt.ptr<f32>
// CHECK: ttg.local_dealloc %[[BUF]]
// CHECK: tt.return
tt.func @softmax(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>, %maxOut: !tt.ptr<f32>) {
  %range = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
  %base = tt.splat %in : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
  %ptrs = tt.addptr %base, %range : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
  %x = tt.load %ptrs : tensor<256x!tt.ptr<f32>, #blocked>
  %max = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %m = arith.maxnumf %a, %b : f32
    tt.reduce.return %m : f32
  }) : (tensor<256xf32, #blocked>) -> f32
  %c2 = arith.constant 0.5 : f32
  %half = arith.mulf %max, %c2 : f32
  %maxes = tt.splat %half : f32 -> tensor<256xf32, #blocked>
  %d = arith.subf %x, %maxes : tensor<256xf32, #blocked>
  %e = math.exp %d : tensor<256xf32, #blocked>
  %sum = "tt.reduce"(%e) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<256xf32, #blocked>) -> f32
  %sums = tt.splat %sum : f32 -> tensor<256xf32, #blocked>
  %y = arith.divf %e, %sums : tensor<256xf32, #blocked>
  %obase = tt.splat %out : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
  %optrs = tt.addptr %obase, %range : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
  tt.store %optrs, %y : tensor<256x!tt.ptr<f32>, #blocked>
  tt.store %maxOut, %max : !tt.ptr<f32>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [8], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx2"} {
// A loop body whose range, mask and pointers are made before the loop: each strip computes
// them again from the scalars. The block around the loop, where they are made, then has no
// use of them left.
// CHECK-LABEL: tt.func @hoisted_tiles
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK:   scf.for %[[OFF:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK:     %[[RANGE:.*]] = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #blocked>
// CHECK:     %[[SHIFT:.*]] = tt.splat %[[OFF]] : i32 -> tensor<32xi32, #blocked>
// CHECK:     %[[IDX:.*]] = arith.addi %[[RANGE]], %[[SHIFT]]
// CHECK:     %[[MASK:.*]] = arith.cmpi slt, %[[IDX]], %{{.*}} : tensor<32xi32, #blocked>
// CHECK:     tt.load %{{.*}}, %[[MASK]]
// CHECK-NOT: tensor<256x
tt.func @hoisted_tiles(%p: !tt.ptr<f32>, %n: i32, %steps: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %range = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
  %bound = tt.splat %n : i32 -> tensor<256xi32, #blocked>
  %mask = arith.cmpi slt, %range, %bound : tensor<256xi32, #blocked>
  %base = tt.splat %p : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
  %ptrs = tt.addptr %base, %range : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
  scf.for %i = %c0 to %steps step %c1 : i32 {
    %x = tt.load %ptrs, %mask : tensor<256x!tt.ptr<f32>, #blocked>
    %y = arith.addf %x, %x : tensor<256xf32, #blocked>
    tt.store %ptrs, %y, %mask : tensor<256x!tt.ptr<f32>, #blocked>
  }
  tt.return
}

// An exponential made before the loop is not computed again in every iteration: the loop's
// body is left as it is.
// CHECK-LABEL: tt.func @hoisted_exp
// CHECK: math.exp %{{.*}} : tensor<256xf32, #blocked>
// CHECK: scf.for
// CHECK-NOT: scf.for
// CHECK: arith.addf %{{.*}} : tensor<256xf32, #blocked>
tt.func @hoisted_exp(%p: !tt.ptr<f32>, %steps: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %range = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
  %f = arith.sitofp %range : tensor<256xi32, #blocked> to tensor<256xf32, #blocked>
  %e = math.exp %f : tensor<256xf32, #blocked>
  %base = tt.splat %p : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
  %ptrs = tt.addptr %base, %range : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
  scf.for %i = %c0 to %steps step %c1 : i32 {
    %x = tt.load %ptrs : tensor<256x!tt.ptr<f32>, #blocked>
    %y = arith.addf %x, %e : tensor<256xf32, #blocked>
    tt.store %ptrs, %y : tensor<256x!tt.ptr<f32>, #blocked>
  }
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [8], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx2"} {
// A load after a store sees the whole store, as in the interpreter: it starts a second loop.
// CHECK-LABEL: tt.func @load_after_store
// CHECK: scf.for
// CHECK: tt.store
// CHECK-NOT: tt.load
// CHECK: }
// CHECK: scf.for
// CHECK: tt.load
// CHECK: tt.store
tt.func @load_after_store(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>) {
  %range = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
  %base = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
  %ptrs = tt.addptr %base, %range : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
  %one = arith.constant dense<1.0> : tensor<128xf32, #blocked>
  tt.store %ptrs, %one : tensor<128x!tt.ptr<f32>, #blocked>
  %qbase = tt.splat %q : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
  %qptrs = tt.addptr %qbase, %range : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
  %x = tt.load %qptrs : tensor<128x!tt.ptr<f32>, #blocked>
  tt.store %ptrs, %x : tensor<128x!tt.ptr<f32>, #blocked>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [8], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx2"} {
// A loaded tile used after a reduction when a store comes between could not be loaded again:
// its first loop keeps it in a buffer, which the second reads. The division of the second loop
// needs only the kept load.
// CHECK-LABEL: tt.func @store_before_reload
// CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<128xf32, #shared, mutable>
// CHECK: scf.for
// CHECK: %[[X:.*]] = tt.load
// CHECK: ttg.local_store %[[X]], %{{.*}}
// CHECK: tt.store
// CHECK: scf.for
// CHECK-NOT: tt.load
// CHECK: %[[X2:.*]] = ttg.local_load
// CHECK: arith.divf %[[X2]]
// CHECK: tt.store
// CHECK: ttg.local_dealloc %[[BUF]]
tt.func @store_before_reload(%p: !tt.ptr<f32>) {
  %range = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
  %base = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
  %ptrs = tt.addptr %base, %range : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
  %x = tt.load %ptrs : tensor<128x!tt.ptr<f32>, #blocked>
  %twice = arith.addf %x, %x : tensor<128xf32, #blocked>
  tt.store %ptrs, %twice : tensor<128x!tt.ptr<f32>, #blocked>
  %sum = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<128xf32, #blocked>) -> f32
  %sums = tt.splat %sum : f32 -> tensor<128xf32, #blocked>
  %y = arith.divf %x, %sums : tensor<128xf32, #blocked>
  tt.store %ptrs, %y : tensor<128x!tt.ptr<f32>, #blocked>
  tt.return
}

// Blocks left as they are: a loaded mask used after a reduction when a store comes between
// (a buffer does not keep i1 tiles), a reduction whose combiner is not one standard op, tiles
// of fewer than 4 strips, and 2-D tiles.
// CHECK-LABEL: tt.func @store_before_mask_reload
// CHECK-NOT: scf.for
// CHECK: tt.return
tt.func @store_before_mask_reload(%p: !tt.ptr<f32>, %m: !tt.ptr<i1>) {
  %range = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
  %base = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
  %ptrs = tt.addptr %base, %range : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
  %mbase = tt.splat %m : !tt.ptr<i1> -> tensor<128x!tt.ptr<i1>, #blocked>
  %mptrs = tt.addptr %mbase, %range : tensor<128x!tt.ptr<i1>, #blocked>, tensor<128xi32, #blocked>
  %mask = tt.load %mptrs : tensor<128x!tt.ptr<i1>, #blocked>
  %x = tt.load %ptrs : tensor<128x!tt.ptr<f32>, #blocked>
  tt.store %ptrs, %x, %mask : tensor<128x!tt.ptr<f32>, #blocked>
  %sum = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<128xf32, #blocked>) -> f32
  %sums = tt.splat %sum : f32 -> tensor<128xf32, #blocked>
  tt.store %ptrs, %sums, %mask : tensor<128x!tt.ptr<f32>, #blocked>
  tt.return
}

// CHECK-LABEL: tt.func @ordered_combiner
// CHECK-NOT: scf.for
// CHECK: tt.return
tt.func @ordered_combiner(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>) {
  %range = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
  %base = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
  %ptrs = tt.addptr %base, %range : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
  %x = tt.load %ptrs : tensor<128x!tt.ptr<f32>, #blocked>
  %r = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.subf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<128xf32, #blocked>) -> f32
  tt.store %q, %r : !tt.ptr<f32>
  tt.return
}

// CHECK-LABEL: tt.func @short
// CHECK-NOT: scf.for
// CHECK: tt.return
tt.func @short(%p: !tt.ptr<f32>) {
  %range = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
  %base = tt.splat %p : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #blocked>
  %ptrs = tt.addptr %base, %range : tensor<64x!tt.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
  %x = tt.load %ptrs : tensor<64x!tt.ptr<f32>, #blocked>
  %y = arith.mulf %x, %x : tensor<64xf32, #blocked>
  tt.store %ptrs, %y : tensor<64x!tt.ptr<f32>, #blocked>
  tt.return
}
}

// -----

#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx2"} {
// CHECK-LABEL: tt.func @two_dimensional
// CHECK-NOT: scf.for
// CHECK: tt.return
tt.func @two_dimensional(%p: !tt.ptr<f32>) {
  %base = tt.splat %p : !tt.ptr<f32> -> tensor<16x128x!tt.ptr<f32>, #blocked2>
  %x = tt.load %base : tensor<16x128x!tt.ptr<f32>, #blocked2>
  %y = arith.mulf %x, %x : tensor<16x128xf32, #blocked2>
  tt.store %base, %y : tensor<16x128x!tt.ptr<f32>, #blocked2>
  tt.return
}
}
