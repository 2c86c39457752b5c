// RUN: nereid-opt %s -split-input-file --tt-cpu-strip-mine-tiles=target=cpu:x86_64:avx2 | FileCheck %s

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
// in the first phase is loaded again in the later ones (no store comes before them). Scalar ops
// run between the loops that compute and use them, and a scalar store after the last tile
// access stays after the last loop.
// CHECK-LABEL: tt.func @softmax
// CHECK: %[[NAN:.*]] = arith.constant dense<0x7FC00000> : tensor<32xf32, #blocked>
// CHECK: %[[MAXES:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[NAN]]) -> (tensor<32xf32, #blocked>)  : i32 {
// CHECK: %[[X:.*]] = tt.load
// CHECK: %[[M:.*]] = arith.maxnumf %[[ACC]], %[[X]] : tensor<32xf32, #blocked>
// CHECK: scf.yield %[[M]]
// CHECK: %[[MAX:.*]] = tt.reduce(%[[MAXES]]) axis = 0
// CHECK: arith.maxnumf
// CHECK: %[[HALF:.*]] = arith.mulf %[[MAX]], %{{.*}} : f32
// CHECK: %[[ZERO:.*]] = arith.constant dense<-0.000000e+00> : tensor<32xf32, #blocked>
// CHECK: %[[SUMS:.*]] = scf.for %{{.*}} iter_args(%[[ACC2:.*]] = %[[ZERO]])
// CHECK: %[[X2:.*]] = tt.load
// CHECK: %[[MAX2:.*]] = tt.splat %[[HALF]] : f32 -> tensor<32xf32, #blocked>
// CHECK: %[[D:.*]] = arith.subf %[[X2]], %[[MAX2]]
// CHECK: %[[E:.*]] = math.exp %[[D]]
// CHECK: %[[S:.*]] = arith.addf %[[ACC2]], %[[E]] : tensor<32xf32, #blocked>
// CHECK: scf.yield %[[S]]
// CHECK: %[[SUM:.*]] = tt.reduce(%[[SUMS]]) axis = 0
// CHECK: scf.for
// CHECK: tt.load
// CHECK: math.exp
// CHECK: %[[SUM2:.*]] = tt.splat %[[SUM]]
// CHECK: arith.divf %{{.*}}, %[[SUM2]]
// CHECK: tt.store
// CHECK: }
// CHECK: tt.store %{{.*}}, %[[MAX]] : !tt.ptr<f32>
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
// Blocks left as they are: a loaded tile used after a reduction when a store comes between (it
// could not be loaded again), a reduction whose combiner is not one standard op, tiles of
// fewer than 4 strips, and 2-D tiles.
// CHECK-LABEL: tt.func @store_before_reload
// CHECK-NOT: scf.for
// CHECK: tt.return
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
