// RUN: nereid-opt %s -split-input-file --cpu-predicate-tile-branches=target=cpu:x86_64:avx2 | FileCheck %s

// On AVX2 a strip is 32 elements and the strip-miner takes 1-D tiles of at least 128.

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [8], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx2"} {
// A lock's pattern: the first program writes its tile, the others add what is there. The
// atomic stays in a scalar scf.if; the else branch's load follows it, masked by the negated
// condition, and the result selects between the branches' tiles.
// CHECK-LABEL: tt.func @accumulate
// CHECK: %[[C:.*]] = arith.cmpi eq
// CHECK: scf.if %[[C]] {
// CHECK-NEXT: tt.atomic_rmw exch
// CHECK-NEXT: } else {
// CHECK-NEXT: }
// CHECK: %[[NOT:.*]] = arith.xori %[[C]], %true
// CHECK: %[[SPLAT:.*]] = tt.splat %[[NOT]] : i1 -> tensor<128xi1, #blocked>
// CHECK: %[[MASK:.*]] = arith.andi %[[IN:.*]], %[[SPLAT]]
// CHECK: %[[OLD:.*]] = tt.load %{{.*}}, %[[MASK]]
// CHECK: %[[SUM:.*]] = arith.addf %[[X:.*]], %[[OLD]]
// CHECK: %[[PICK:.*]] = tt.splat %[[C]] : i1 -> tensor<128xi1, #blocked>
// CHECK: %[[R:.*]] = arith.select %[[PICK]], %[[X]], %[[SUM]]
// CHECK: tt.store %{{.*}}, %[[R]], %[[IN]]
tt.func @accumulate(%x_ptr: !tt.ptr<f32>, %acc_ptr: !tt.ptr<f32>, %count: !tt.ptr<i32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %range = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
  %bound = tt.splat %n : i32 -> tensor<128xi32, #blocked>
  %in = arith.cmpi slt, %range, %bound : tensor<128xi32, #blocked>
  %xb = tt.splat %x_ptr : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
  %xp = tt.addptr %xb, %range : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
  %x = tt.load %xp, %in : tensor<128x!tt.ptr<f32>, #blocked>
  %ab = tt.splat %acc_ptr : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
  %ap = tt.addptr %ab, %range : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
  %seen = tt.load %count : !tt.ptr<i32>
  %first = arith.cmpi eq, %seen, %c0 : i32
  %r = scf.if %first -> (tensor<128xf32, #blocked>) {
    %old = tt.atomic_rmw exch, acq_rel, gpu, %count, %c1 : !tt.ptr<i32>
    scf.yield %x : tensor<128xf32, #blocked>
  } else {
    %old = tt.load %ap, %in : tensor<128x!tt.ptr<f32>, #blocked>
    %sum = arith.addf %x, %old : tensor<128xf32, #blocked>
    scf.yield %sum : tensor<128xf32, #blocked>
  }
  tt.store %ap, %r, %in : tensor<128x!tt.ptr<f32>, #blocked>
  tt.return
}

// A store in a branch without else, unmasked before, is masked by the condition; a constant
// that it uses comes out with it.
// CHECK-LABEL: tt.func @store_when
// CHECK-NOT: scf.if
// CHECK: %[[TWO:.*]] = arith.constant dense<2.000000e+00>
// CHECK: %[[Y:.*]] = arith.mulf %{{.*}}, %[[TWO]]
// CHECK: %[[MASK:.*]] = tt.splat %arg2 : i1 -> tensor<128xi1, #blocked>
// CHECK: tt.store %{{.*}}, %[[Y]], %[[MASK]]
tt.func @store_when(%x_ptr: !tt.ptr<f32>, %y_ptr: !tt.ptr<f32>, %flag: i1) {
  %range = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
  %xb = tt.splat %x_ptr : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
  %xp = tt.addptr %xb, %range : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
  %x = tt.load %xp : tensor<128x!tt.ptr<f32>, #blocked>
  %yb = tt.splat %y_ptr : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
  %yp = tt.addptr %yb, %range : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
  scf.if %flag {
    %two = arith.constant dense<2.0> : tensor<128xf32, #blocked>
    %y = arith.mulf %x, %two : tensor<128xf32, #blocked>
    tt.store %yp, %y : tensor<128x!tt.ptr<f32>, #blocked>
  }
  tt.return
}

// Left as they are: a scalar atomic after a tile load in its branch (it would run first); a
// tile op that uses a scalar loaded in its branch (the load may not be valid where the
// branch is not taken).
// CHECK-LABEL: tt.func @kept
// CHECK: scf.if %arg2 -> (tensor<128xf32, #blocked>) {
// CHECK-NEXT: tt.load
// CHECK-NEXT: tt.atomic_rmw
// CHECK: scf.if %arg2 -> (tensor<128xf32, #blocked>) {
// CHECK-NEXT: tt.load %arg1 : !tt.ptr<f32>
// CHECK-NEXT: tt.splat
tt.func @kept(%x_ptr: !tt.ptr<f32>, %s_ptr: !tt.ptr<f32>, %flag: i1, %count: !tt.ptr<i32>) {
  %c1 = arith.constant 1 : i32
  %range = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
  %xb = tt.splat %x_ptr : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
  %xp = tt.addptr %xb, %range : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
  %x = tt.load %xp : tensor<128x!tt.ptr<f32>, #blocked>
  %a = scf.if %flag -> (tensor<128xf32, #blocked>) {
    %y = tt.load %xp : tensor<128x!tt.ptr<f32>, #blocked>
    %old = tt.atomic_rmw exch, acq_rel, gpu, %count, %c1 : !tt.ptr<i32>
    scf.yield %y : tensor<128xf32, #blocked>
  } else {
    scf.yield %x : tensor<128xf32, #blocked>
  }
  %b = scf.if %flag -> (tensor<128xf32, #blocked>) {
    %s = tt.load %s_ptr : !tt.ptr<f32>
    %splat = tt.splat %s : f32 -> tensor<128xf32, #blocked>
    %y = arith.addf %a, %splat : tensor<128xf32, #blocked>
    scf.yield %y : tensor<128xf32, #blocked>
  } else {
    scf.yield %a : tensor<128xf32, #blocked>
  }
  tt.store %xp, %b : tensor<128x!tt.ptr<f32>, #blocked>
  tt.return
}

// Tiles too short to strip-mine (64 elements on AVX2) keep their branch.
// CHECK-LABEL: tt.func @short_tiles
// CHECK: scf.if %arg1 -> (tensor<64xf32, #blocked>)
tt.func @short_tiles(%x_ptr: !tt.ptr<f32>, %flag: i1) {
  %range = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
  %xb = tt.splat %x_ptr : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #blocked>
  %xp = tt.addptr %xb, %range : tensor<64x!tt.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
  %x = tt.load %xp : tensor<64x!tt.ptr<f32>, #blocked>
  %r = scf.if %flag -> (tensor<64xf32, #blocked>) {
    %y = arith.addf %x, %x : tensor<64xf32, #blocked>
    scf.yield %y : tensor<64xf32, #blocked>
  } else {
    scf.yield %x : tensor<64xf32, #blocked>
  }
  tt.store %xp, %r : tensor<64x!tt.ptr<f32>, #blocked>
  tt.return
}
}
