// RUN: nereid-opt %s -split-input-file --ttg-remove-layout-conversions | FileCheck %s

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

// Loaded values, function arguments and loop-carried values cannot be recomputed: their
// conversions stay.
// CHECK-LABEL: tt.func @kept
// CHECK: tt.load
// CHECK: ttg.convert_layout
// CHECK: ttg.convert_layout %{{.*}} : tensor<128xf32, #{{.*}}> -> tensor<128xf32, #{{.*}}>
// CHECK: scf.for
// CHECK: ttg.convert_layout
// CHECK: scf.yield
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @kept(%p: tensor<128x!tt.ptr<f32>, #b>, %arg: tensor<128xf32, #a>, %n: i32) -> (tensor<128xf32, #a>, tensor<128xf32, #b>, tensor<128xf32, #a>) {
    %x = tt.load %p : tensor<128x!tt.ptr<f32>, #b>
    %0 = ttg.convert_layout %x : tensor<128xf32, #b> -> tensor<128xf32, #a>
    %1 = ttg.convert_layout %arg : tensor<128xf32, #a> -> tensor<128xf32, #b>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %arg) -> (tensor<128xf32, #a>) : i32 {
      %2 = ttg.convert_layout %acc : tensor<128xf32, #a> -> tensor<128xf32, #b>
      %3 = tt.load %p : tensor<128x!tt.ptr<f32>, #b>
      %4 = arith.addf %2, %3 : tensor<128xf32, #b>
      %5 = ttg.convert_layout %4 : tensor<128xf32, #b> -> tensor<128xf32, #a>
      scf.yield %5 : tensor<128xf32, #a>
    }
    tt.return %0, %1, %r : tensor<128xf32, #a>, tensor<128xf32, #b>, tensor<128xf32, #a>
  }
}
