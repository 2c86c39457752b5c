// RUN: nereid-opt %s -split-input-file --ttg-remove-layout-conversions | FileCheck %s
// REQUIRES: backend-cpu, backend-nvidia

#a = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#c = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// A conversion of a conversion becomes one conversion; a conversion to the same layout goes.
// CHECK-DAG: #[[$A:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[$C:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @fold_chains
// CHECK-SAME: (%[[X:.*]]: tensor<128xf32, #[[$A]]>)
// CHECK-NEXT: %[[Y:.*]] = ttg.convert_layout %[[X]] : tensor<128xf32, #[[$A]]> -> tensor<128xf32, #[[$C]]>
// CHECK-NEXT: tt.return %[[Y]], %[[X]]
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @fold_chains(%x: tensor<128xf32, #a>) -> (tensor<128xf32, #c>, tensor<128xf32, #a>) {
    %0 = ttg.convert_layout %x : tensor<128xf32, #a> -> tensor<128xf32, #b>
    %1 = ttg.convert_layout %0 : tensor<128xf32, #b> -> tensor<128xf32, #c>
    %2 = ttg.convert_layout %x : tensor<128xf32, #a> -> tensor<128xf32, #a>
    tt.return %1, %2 : tensor<128xf32, #c>, tensor<128xf32, #a>
  }
}

// -----

#a = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// Constants, splats and ranges are made again in the layout they are converted to.
// CHECK-DAG: #[[$B:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @sources
// CHECK-NOT: ttg.convert_layout
// CHECK-DAG: %[[CST:.*]] = arith.constant dense<1.000000e+00> : tensor<128xf32, #[[$B]]>
// CHECK-DAG: %[[SPLAT:.*]] = tt.splat %{{.*}} : f32 -> tensor<128xf32, #[[$B]]>
// CHECK-DAG: %[[RANGE:.*]] = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #[[$B]]>
// CHECK: tt.return %[[CST]], %[[SPLAT]], %[[RANGE]]
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @sources(%s: f32) -> (tensor<128xf32, #b>, tensor<128xf32, #b>, tensor<128xi32, #b>) {
    %cst = arith.constant dense<1.0> : tensor<128xf32, #a>
    %splat = tt.splat %s : f32 -> tensor<128xf32, #a>
    %range = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #a>
    %0 = ttg.convert_layout %cst : tensor<128xf32, #a> -> tensor<128xf32, #b>
    %1 = ttg.convert_layout %splat : tensor<128xf32, #a> -> tensor<128xf32, #b>
    %2 = ttg.convert_layout %range : tensor<128xi32, #a> -> tensor<128xi32, #b>
    tt.return %0, %1, %2 : tensor<128xf32, #b>, tensor<128xf32, #b>, tensor<128xi32, #b>
  }
}

// -----

#a = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// What ttg-coalesce leaves of a vector add: the pointers, the mask and the sum are converted to
// the load's and store's layout #b. The pointers and the mask are computed from splats and a
// range, and the sum from the loaded values, so all of them are computed in #b instead and
// no conversion remains.
// CHECK-DAG: #[[$B:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @vector_add
// CHECK-NOT: ttg.convert_layout
// CHECK: %[[RANGE:.*]] = tt.make_range {{.*}} : tensor<1024xi32, #[[$B]]>
// CHECK: %[[MASK:.*]] = arith.cmpi slt, %[[RANGE]], %{{.*}} : tensor<1024xi32, #[[$B]]>
// CHECK: %[[XP:.*]] = tt.addptr %{{.*}}, %[[RANGE]] : tensor<1024x!tt.ptr<f32>, #[[$B]]>, tensor<1024xi32, #[[$B]]>
// CHECK: %[[X:.*]] = tt.load %[[XP]], %[[MASK]] : tensor<1024x!tt.ptr<f32>, #[[$B]]>
// CHECK: %[[S:.*]] = arith.addf %[[X]], %[[X]] : tensor<1024xf32, #[[$B]]>
// CHECK: %[[OP:.*]] = tt.addptr %{{.*}}, %[[RANGE]] : tensor<1024x!tt.ptr<f32>, #[[$B]]>, tensor<1024xi32, #[[$B]]>
// CHECK: tt.store %[[OP]], %[[S]], %[[MASK]] : tensor<1024x!tt.ptr<f32>, #[[$B]]>
// CHECK-NOT: ttg.convert_layout
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @vector_add(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
    %range = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #a>
    %ns = tt.splat %n : i32 -> tensor<1024xi32, #a>
    %mask = arith.cmpi slt, %range, %ns : tensor<1024xi32, #a>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #a>
    %xp = tt.addptr %xs, %range : tensor<1024x!tt.ptr<f32>, #a>, tensor<1024xi32, #a>
    %0 = ttg.convert_layout %xp : tensor<1024x!tt.ptr<f32>, #a> -> tensor<1024x!tt.ptr<f32>, #b>
    %1 = ttg.convert_layout %mask : tensor<1024xi1, #a> -> tensor<1024xi1, #b>
    %2 = tt.load %0, %1 : tensor<1024x!tt.ptr<f32>, #b>
    %3 = ttg.convert_layout %2 : tensor<1024xf32, #b> -> tensor<1024xf32, #a>
    %s = arith.addf %3, %3 : tensor<1024xf32, #a>
    %os = tt.splat %out : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #a>
    %op = tt.addptr %os, %range : tensor<1024x!tt.ptr<f32>, #a>, tensor<1024xi32, #a>
    %4 = ttg.convert_layout %op : tensor<1024x!tt.ptr<f32>, #a> -> tensor<1024x!tt.ptr<f32>, #b>
    %5 = ttg.convert_layout %s : tensor<1024xf32, #a> -> tensor<1024xf32, #b>
    %6 = ttg.convert_layout %mask : tensor<1024xi1, #a> -> tensor<1024xi1, #b>
    tt.store %4, %5, %6 : tensor<1024x!tt.ptr<f32>, #b>
    tt.return
  }
}

// -----

#row = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
#col = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 1], warpsPerCTA = [1, 1], order = [0, 1]}>

// A 2-D offset computation through expand_dims and broadcast is recomputed in the other
// layout, its ranges in the slices of it.
// CHECK-DAG: #[[$COL:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 1], warpsPerCTA = [1, 1], order = [0, 1]}>
// CHECK-DAG: #[[$SLICE:slice[0-9]*]] = #ttg.slice<{dim = 1, parent = #[[$COL]]}>
// CHECK-LABEL: tt.func @tile_offsets
// CHECK-NOT: ttg.convert_layout
// CHECK: %[[R:.*]] = tt.make_range {{.*}} : tensor<64xi32, #[[$SLICE]]>
// CHECK: %[[R2:.*]] = tt.expand_dims %[[R]] {axis = 1 : i32} : tensor<64xi32, #[[$SLICE]]> -> tensor<64x1xi32, #[[$COL]]>
// CHECK: %[[RB:.*]] = tt.broadcast %[[R2]] : tensor<64x1xi32, #[[$COL]]> -> tensor<64x32xi32, #[[$COL]]>
// CHECK: tt.return %[[RB]]
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx512"} {
  tt.func @tile_offsets() -> tensor<64x32xi32, #col> {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #row}>>
    %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #row}>> -> tensor<64x1xi32, #row>
    %rb = tt.broadcast %r2 : tensor<64x1xi32, #row> -> tensor<64x32xi32, #row>
    %0 = ttg.convert_layout %rb : tensor<64x32xi32, #row> -> tensor<64x32xi32, #col>
    tt.return %0 : tensor<64x32xi32, #col>
  }
}

// -----

#a = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// Loaded values and function arguments cannot be recomputed: their conversions stay.
// CHECK-LABEL: tt.func @kept
// CHECK: %[[X:.*]] = tt.load
// CHECK: %[[XA:.*]] = ttg.convert_layout %[[X]]
// CHECK: %[[ARGB:.*]] = ttg.convert_layout %{{.*}} : tensor<128xf32, #{{.*}}> -> tensor<128xf32, #{{.*}}>
// CHECK: tt.return %[[XA]], %[[ARGB]]
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @kept(%p: tensor<128x!tt.ptr<f32>, #b>, %arg: tensor<128xf32, #a>) -> (tensor<128xf32, #a>, tensor<128xf32, #b>) {
    %x = tt.load %p : tensor<128x!tt.ptr<f32>, #b>
    %0 = ttg.convert_layout %x : tensor<128xf32, #b> -> tensor<128xf32, #a>
    %1 = ttg.convert_layout %arg : tensor<128xf32, #a> -> tensor<128xf32, #b>
    tt.return %0, %1 : tensor<128xf32, #a>, tensor<128xf32, #b>
  }
}

// -----

#a = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// An accumulator that the loop body only uses in #b is carried in #b: it is converted once
// before the loop and once after it, and the sum converted back to #a at the end of the body
// folds away.
// CHECK-DAG: #[[$A:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[$B:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @loop_carried_accumulator
// CHECK-SAME: (%{{.*}}: tensor<128x!tt.ptr<f32>, #[[$B]]>, %[[INIT:.*]]: tensor<128xf32, #[[$A]]>
// CHECK: %[[INITB:.*]] = ttg.convert_layout %[[INIT]] : tensor<128xf32, #[[$A]]> -> tensor<128xf32, #[[$B]]>
// CHECK: %[[FOR:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[INITB]]) -> (tensor<128xf32, #[[$B]]>)
// CHECK-NEXT: %[[X:.*]] = tt.load
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[ACC]], %[[X]] : tensor<128xf32, #[[$B]]>
// CHECK-NEXT: scf.yield %[[S]] : tensor<128xf32, #[[$B]]>
// CHECK: %[[R:.*]] = ttg.convert_layout %[[FOR]] : tensor<128xf32, #[[$B]]> -> tensor<128xf32, #[[$A]]>
// CHECK: tt.return %[[R]]
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @loop_carried_accumulator(%p: tensor<128x!tt.ptr<f32>, #b>, %init: tensor<128xf32, #a>, %n: i32) -> tensor<128xf32, #a> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<128xf32, #a>) : i32 {
      %0 = ttg.convert_layout %acc : tensor<128xf32, #a> -> tensor<128xf32, #b>
      %1 = tt.load %p : tensor<128x!tt.ptr<f32>, #b>
      %2 = arith.addf %0, %1 : tensor<128xf32, #b>
      %3 = ttg.convert_layout %2 : tensor<128xf32, #b> -> tensor<128xf32, #a>
      scf.yield %3 : tensor<128xf32, #a>
    }
    tt.return %r : tensor<128xf32, #a>
  }
}

// -----

#a = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// Pointers carried around a loop and converted to the load's layout in every iteration are
// carried in that layout: the initial pointers and the step are computed in it. The sum of the
// loaded values is carried in the load's layout too, and converted once after the loop: the
// loop holds no conversion.
// CHECK-DAG: #[[$A:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[$B:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @loop_carried_pointers
// CHECK: %[[P0:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<128x!tt.ptr<f32>, #[[$B]]>, tensor<128xi32, #[[$B]]>
// CHECK: %[[SUM:.*]]:2 = scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[P:.*]] = %[[P0]]) -> (tensor<128xf32, #[[$B]]>, tensor<128x!tt.ptr<f32>, #[[$B]]>)
// CHECK-NEXT: %[[X:.*]] = tt.load %[[P]] : tensor<128x!tt.ptr<f32>, #[[$B]]>
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[ACC]], %[[X]] : tensor<128xf32, #[[$B]]>
// CHECK-NEXT: %[[NP:.*]] = tt.addptr %[[P]], %{{.*}} : tensor<128x!tt.ptr<f32>, #[[$B]]>, tensor<128xi32, #[[$B]]>
// CHECK-NEXT: scf.yield %[[S]], %[[NP]] : tensor<128xf32, #[[$B]]>, tensor<128x!tt.ptr<f32>, #[[$B]]>
// CHECK-NEXT: }
// CHECK-NEXT: %[[R:.*]] = ttg.convert_layout %[[SUM]]#0 : tensor<128xf32, #[[$B]]> -> tensor<128xf32, #[[$A]]>
// CHECK-NEXT: tt.return %[[R]]
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @loop_carried_pointers(%in: !tt.ptr<f32>, %n: i32) -> tensor<128xf32, #a> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %init = arith.constant dense<0.0> : tensor<128xf32, #a>
    %range = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #a>
    %ins = tt.splat %in : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #a>
    %p0 = tt.addptr %ins, %range : tensor<128x!tt.ptr<f32>, #a>, tensor<128xi32, #a>
    %step = arith.constant dense<128> : tensor<128xi32, #a>
    %sum, %p = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init, %ptr = %p0) -> (tensor<128xf32, #a>, tensor<128x!tt.ptr<f32>, #a>) : i32 {
      %pb = ttg.convert_layout %ptr : tensor<128x!tt.ptr<f32>, #a> -> tensor<128x!tt.ptr<f32>, #b>
      %x = tt.load %pb : tensor<128x!tt.ptr<f32>, #b>
      %xa = ttg.convert_layout %x : tensor<128xf32, #b> -> tensor<128xf32, #a>
      %s = arith.addf %acc, %xa : tensor<128xf32, #a>
      %np = tt.addptr %ptr, %step : tensor<128x!tt.ptr<f32>, #a>, tensor<128xi32, #a>
      scf.yield %s, %np : tensor<128xf32, #a>, tensor<128x!tt.ptr<f32>, #a>
    }
    tt.return %sum : tensor<128xf32, #a>
  }
}

// -----

#eight = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [8], warpsPerCTA = [1], order = [0]}>
#sixteen = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [1], order = [0]}>

// On AVX-512 a layout of 16 lanes fits f32 but not i64 (8 per vector): the pointers, computed
// from i64 offsets, keep their conversion, while the i32 range is recomputed in 16 lanes.
// CHECK-DAG: #[[$EIGHT:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [8], warpsPerCTA = [1], order = [0]}>
// CHECK-DAG: #[[$SIXTEEN:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [1], order = [0]}>
// CHECK-LABEL: tt.func @cpu_lanes_fit
// CHECK: %[[R:.*]] = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #[[$SIXTEEN]]>
// CHECK: %[[P:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<64x!tt.ptr<f32>, #[[$EIGHT]]>, tensor<64xi64, #[[$EIGHT]]>
// CHECK: %[[C:.*]] = ttg.convert_layout %[[P]] : tensor<64x!tt.ptr<f32>, #[[$EIGHT]]> -> tensor<64x!tt.ptr<f32>, #[[$SIXTEEN]]>
// CHECK: tt.return %[[C]], %[[R]]
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx512"} {
  tt.func @cpu_lanes_fit(%p: !tt.ptr<f32>) -> (tensor<64x!tt.ptr<f32>, #sixteen>, tensor<64xi32, #sixteen>) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #eight>
    %r64 = arith.extsi %r : tensor<64xi32, #eight> to tensor<64xi64, #eight>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #eight>
    %pp = tt.addptr %ps, %r64 : tensor<64x!tt.ptr<f32>, #eight>, tensor<64xi64, #eight>
    %0 = ttg.convert_layout %pp : tensor<64x!tt.ptr<f32>, #eight> -> tensor<64x!tt.ptr<f32>, #sixteen>
    %1 = ttg.convert_layout %r : tensor<64xi32, #eight> -> tensor<64xi32, #sixteen>
    tt.return %0, %1 : tensor<64x!tt.ptr<f32>, #sixteen>, tensor<64xi32, #sixteen>
  }
}

// -----

#a = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// An accumulator that is not itself converted, of values computed elementwise from a load and
// a mask (the layer norm's sum of squares), is carried in the load's layout, and the loop's
// result is reduced in that layout: no conversion is left.
// CHECK-DAG: #[[$B:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @accumulator_of_loads
// CHECK-NOT: ttg.convert_layout
// CHECK: %[[SUM:.*]] = scf.for {{.*}} -> (tensor<128xf32, #[[$B]]>)
// CHECK: %[[R:.*]] = tt.reduce(%[[SUM]]) axis = 0
// CHECK: (tensor<128xf32, #[[$B]]>) -> f32
// CHECK-NOT: ttg.convert_layout
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @accumulator_of_loads(%in: !tt.ptr<f32>, %n: i32, %m: f32) -> f32 {
    %c0 = arith.constant 0 : i32
    %c128 = arith.constant 128 : i32
    %zero = arith.constant dense<0.0> : tensor<128xf32, #a>
    %sum = scf.for %i = %c0 to %n step %c128 iter_args(%acc = %zero) -> (tensor<128xf32, #a>) : i32 {
      %range = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #b>
      %is = tt.splat %i : i32 -> tensor<128xi32, #b>
      %cols = arith.addi %is, %range : tensor<128xi32, #b>
      %ins = tt.splat %in : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #b>
      %p = tt.addptr %ins, %cols : tensor<128x!tt.ptr<f32>, #b>, tensor<128xi32, #b>
      %x = tt.load %p : tensor<128x!tt.ptr<f32>, #b>
      %xa = ttg.convert_layout %x : tensor<128xf32, #b> -> tensor<128xf32, #a>
      %ra = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #a>
      %ia = tt.splat %i : i32 -> tensor<128xi32, #a>
      %ca = arith.addi %ia, %ra : tensor<128xi32, #a>
      %ns = tt.splat %n : i32 -> tensor<128xi32, #a>
      %mask = arith.cmpi slt, %ca, %ns : tensor<128xi32, #a>
      %ms = tt.splat %m : f32 -> tensor<128xf32, #a>
      %d = arith.subf %xa, %ms : tensor<128xf32, #a>
      %c = arith.select %mask, %d, %zero : tensor<128xi1, #a>, tensor<128xf32, #a>
      %sq = arith.mulf %c, %c : tensor<128xf32, #a>
      %s = arith.addf %acc, %sq : tensor<128xf32, #a>
      scf.yield %s : tensor<128xf32, #a>
    }
    %r = "tt.reduce"(%sum) ({
    ^bb0(%x: f32, %y: f32):
      %t = arith.addf %x, %y : f32
      tt.reduce.return %t : f32
    }) {axis = 0 : i32} : (tensor<128xf32, #a>) -> f32
    tt.return %r : f32
  }
}

// -----

#a = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>

// A reduction of a converted tensor reduces in the source's layout and converts the reduced
// tensor, which is smaller, to the layout its users had.
// CHECK-DAG: #[[$A:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
// CHECK-DAG: #[[$B:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$SA:slice[0-9]*]] = #ttg.slice<{dim = 1, parent = #[[$A]]}>
// CHECK-DAG: #[[$SB:slice[0-9]*]] = #ttg.slice<{dim = 1, parent = #[[$B]]}>
// CHECK-LABEL: tt.func @reduce_in_source_layout
// CHECK-SAME: (%[[X:.*]]: tensor<128x32xf32, #[[$B]]>)
// CHECK-NEXT: %[[R:.*]] = tt.reduce(%[[X]]) axis = 1
// CHECK: (tensor<128x32xf32, #[[$B]]>) -> tensor<128xf32, #[[$SB]]>
// CHECK-NEXT: %[[C:.*]] = ttg.convert_layout %[[R]] : tensor<128xf32, #[[$SB]]> -> tensor<128xf32, #[[$SA]]>
// CHECK-NEXT: tt.return %[[C]]
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @reduce_in_source_layout(%x: tensor<128x32xf32, #b>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #a}>> {
    %xa = ttg.convert_layout %x : tensor<128x32xf32, #b> -> tensor<128x32xf32, #a>
    %r = "tt.reduce"(%xa) ({
    ^bb0(%u: f32, %v: f32):
      %t = arith.maxnumf %u, %v : f32
      tt.reduce.return %t : f32
    }) {axis = 1 : i32} : (tensor<128x32xf32, #a>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #a}>>
    tt.return %r : tensor<128xf32, #ttg.slice<{dim = 1, parent = #a}>>
  }
}
