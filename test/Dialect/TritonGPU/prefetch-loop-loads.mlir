// RUN: nereid-opt %s -split-input-file --ttg-prefetch-loop-loads --cse | FileCheck %s

// The tutorial matmul's loop: the tile of each iteration is loaded before the loop (the first,
// where the loop runs) and at the top of the iteration before (the next, where there is one),
// from the pointers the loop yields, and carried into the iteration that uses it; the mask of
// a masked load also requires that the iteration exists.
// CHECK-LABEL: tt.func @tiles_ahead
// CHECK-SAME: (%[[P0:.*]]: tensor<64x!tt.ptr<f32>, #{{.*}}>, %[[N:.*]]: i32, %[[LIMIT:.*]]: tensor<64xi32, #{{.*}}>)
// CHECK: %[[RUNS:.*]] = arith.cmpi slt, %[[C0:.*]], %[[N]] : i32
// CHECK: %[[GUARD0:.*]] = tt.splat %[[RUNS]] : i1 -> tensor<64xi1, #{{.*}}>
// CHECK: %[[MASK0:.*]] = arith.andi %{{.*}}, %[[GUARD0]]
// CHECK: %[[FIRST:.*]] = tt.load %[[P0]], %[[MASK0]]
// CHECK: scf.for %[[I:.*]] = %[[C0]] to %[[N]] step %[[C1:.*]] iter_args(%[[ACC:.*]] = %{{.*}}, %[[P:.*]] = %[[P0]], %[[TILE:.*]] = %[[FIRST]])
// CHECK-NEXT: %[[NP:.*]] = tt.addptr %[[P]], %{{.*}}
// CHECK-NEXT: %[[NI:.*]] = arith.addi %[[I]], %[[C1]] : i32
// CHECK: %[[MORE:.*]] = arith.cmpi slt, %[[NI]], %[[N]] : i32
// CHECK: %[[GUARD:.*]] = tt.splat %[[MORE]]
// CHECK: %[[MASK:.*]] = arith.andi %{{.*}}, %[[GUARD]]
// CHECK: %[[NEXT:.*]] = tt.load %[[NP]], %[[MASK]], %{{.*}} :
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[ACC]], %[[TILE]]
// CHECK-NEXT: scf.yield %[[S]], %[[NP]], %[[NEXT]]
#a = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func @tiles_ahead(%p0: tensor<64x!tt.ptr<f32>, #a>, %n: i32, %limit: tensor<64xi32, #a>) -> tensor<64xf32, #a> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64xf32, #a>
    %step = arith.constant dense<64> : tensor<64xi32, #a>
    %range = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #a>
    %sum, %p = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %ptr = %p0) -> (tensor<64xf32, #a>, tensor<64x!tt.ptr<f32>, #a>) : i32 {
      %mask = arith.cmpi slt, %range, %limit : tensor<64xi32, #a>
      %x = tt.load %ptr, %mask, %zero : tensor<64x!tt.ptr<f32>, #a>
      %s = arith.addf %acc, %x : tensor<64xf32, #a>
      %np = tt.addptr %ptr, %step : tensor<64x!tt.ptr<f32>, #a>, tensor<64xi32, #a>
      scf.yield %s, %np : tensor<64xf32, #a>, tensor<64x!tt.ptr<f32>, #a>
    }
    tt.return %sum : tensor<64xf32, #a>
  }
}

// -----

// Loads stay where they are in a loop that stores (a load moved ahead of a store could miss
// it), where the load is volatile, and where its address comes from another load: of a gather
// through loaded indices, the indices (whose address does not change) are loaded ahead, and
// the gather stays.
// CHECK-LABEL: tt.func @stays
// CHECK: scf.for
// CHECK-NEXT: tt.load
// CHECK-NEXT: tt.store
// CHECK: scf.for
// CHECK-NEXT: tt.load {{.*}} volatile
// CHECK: %[[FIRST:.*]] = tt.load %{{.*}}, %{{.*}} : tensor<64x!tt.ptr<i32>, #{{.*}}>
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %[[IDX:.*]] = %[[FIRST]])
// CHECK: tt.load %{{.*}}, %{{.*}} : tensor<64x!tt.ptr<i32>, #{{.*}}>
// CHECK-NEXT: %[[AT:.*]] = tt.addptr %{{.*}}, %[[IDX]]
// CHECK-NEXT: tt.load %[[AT]] :
#a = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func @stays(%p0: tensor<64x!tt.ptr<f32>, #a>, %q: tensor<64x!tt.ptr<i32>, #a>, %n: i32) -> (tensor<64xf32, #a>, tensor<64xf32, #a>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64xf32, #a>
    %step = arith.constant dense<64> : tensor<64xi32, #a>
    %p = scf.for %i = %c0 to %n step %c1 iter_args(%ptr = %p0) -> (tensor<64x!tt.ptr<f32>, #a>) : i32 {
      %x = tt.load %ptr : tensor<64x!tt.ptr<f32>, #a>
      tt.store %ptr, %x : tensor<64x!tt.ptr<f32>, #a>
      %np = tt.addptr %ptr, %step : tensor<64x!tt.ptr<f32>, #a>, tensor<64xi32, #a>
      scf.yield %np : tensor<64x!tt.ptr<f32>, #a>
    }
    %v = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64xf32, #a>) : i32 {
      %x = tt.load %p0 volatile : tensor<64x!tt.ptr<f32>, #a>
      %s = arith.addf %acc, %x : tensor<64xf32, #a>
      scf.yield %s : tensor<64xf32, #a>
    }
    %g = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64xf32, #a>) : i32 {
      %idx = tt.load %q : tensor<64x!tt.ptr<i32>, #a>
      %at = tt.addptr %p0, %idx : tensor<64x!tt.ptr<f32>, #a>, tensor<64xi32, #a>
      %x = tt.load %at : tensor<64x!tt.ptr<f32>, #a>
      %s = arith.addf %acc, %x : tensor<64xf32, #a>
      scf.yield %s : tensor<64xf32, #a>
    }
    tt.return %v, %g : tensor<64xf32, #a>, tensor<64xf32, #a>
  }
}
