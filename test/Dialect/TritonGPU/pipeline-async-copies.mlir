// RUN: nereid-opt %s -split-input-file --ttg-pipeline-async-copies=num-stages=3 --canonicalize | FileCheck %s
// RUN: nereid-opt %s -split-input-file --ttg-pipeline-async-copies=num-stages=1 | FileCheck %s --check-prefix=ONE
// RUN: nereid-opt %s -split-input-file --ttg-pipeline-async-copies="num-stages=3 shared-bytes=5000" | FileCheck %s --check-prefix=FIT2
// RUN: nereid-opt %s -split-input-file --ttg-pipeline-async-copies="num-stages=3 shared-bytes=3000" | FileCheck %s --check-prefix=FIT1

// The tutorial matmul's loop, its tile read from a buffer: three slices, a barrier, the first
// two iterations' copies before the loop (into slices 0 and 1, each masked by whether the iteration
// exists), the pointer iter arg two iterations ahead; in the loop, a wait for all but the latest
// group and a barrier, the dot's operand slice %slot, then a barrier and iteration i + 2's copy
// into the slice iteration i - 1 read; after the loop, a wait for every copy.
// CHECK-LABEL: tt.func @tutorial_loop
// CHECK-SAME: (%[[P0:.*]]: tensor<64x16x!tt.ptr<f16>, #{{.*}}>, %[[N:.*]]: i32, %[[LIMIT:.*]]: tensor<64x16xi32, #{{.*}}>
// CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x16xf16, #{{.*}}, mutable>
// CHECK: gpu.barrier
// CHECK: %[[P1:.*]] = tt.addptr %[[P0]]
// CHECK: %[[RUNS0:.*]] = arith.cmpi sgt, %[[N]], %[[C0:.*]] : i32
// CHECK: %[[S0:.*]] = ttg.memdesc_index %[[BUF]][%[[C0]]]
// CHECK: %[[G0:.*]] = tt.splat %[[RUNS0]]
// CHECK: %[[M0:.*]] = arith.andi %{{.*}}, %[[G0]]
// CHECK: ttg.async_copy_global_to_local %[[P0]], %[[S0]] mask %[[M0]]
// CHECK-NEXT: ttg.async_commit_group
// CHECK: %[[P2:.*]] = tt.addptr %[[P1]]
// CHECK: %[[RUNS1:.*]] = arith.cmpi sgt, %[[N]], %[[C1:.*]] : i32
// CHECK: %[[S1:.*]] = ttg.memdesc_index %[[BUF]][%[[C1]]]
// CHECK: ttg.async_copy_global_to_local %[[P1]], %[[S1]] mask
// CHECK-NEXT: ttg.async_commit_group
// CHECK: scf.for %[[I:.*]] = %[[C0]] to %[[N]] step %[[C1]] iter_args(%[[ACC:.*]] = %{{.*}}, %[[P:.*]] = %[[P2]], %[[SLOT:.*]] = %[[C0]])
// CHECK-NEXT: ttg.async_wait {num = 1 : i32}
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: %[[VIEW:.*]] = ttg.memdesc_index %[[BUF]][%[[SLOT]]]
// CHECK-NEXT: %[[TILE:.*]] = ttg.local_load %[[VIEW]]
// CHECK: %[[NP:.*]] = tt.addptr %[[P]]
// CHECK: gpu.barrier
// CHECK: %[[AHEAD:.*]] = arith.addi %[[I]], %{{.*}} : i32
// CHECK: %[[PREVIOUS:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : i32
// CHECK: %[[EXISTS:.*]] = arith.cmpi slt, %[[AHEAD]], %[[N]] : i32
// CHECK: %[[INTO:.*]] = ttg.memdesc_index %[[BUF]][%[[PREVIOUS]]]
// CHECK: %[[GUARD:.*]] = tt.splat %[[EXISTS]]
// CHECK: %[[MASK:.*]] = arith.andi %{{.*}}, %[[GUARD]]
// CHECK: ttg.async_copy_global_to_local %[[P]], %[[INTO]] mask %[[MASK]]
// CHECK-NEXT: ttg.async_commit_group
// CHECK-NEXT: scf.yield %{{.*}}, %[[NP]], %{{.*}}
// CHECK: ttg.async_wait {num = 0 : i32}
// CHECK-NOT: tt.load
// ONE-LABEL: tt.func @tutorial_loop
// ONE-NOT: async
// Where three slices of 2048 bytes do not fit in shared-bytes, two do (the loop's own copies one
// iteration ahead), and one is no pipeline.
// FIT2-LABEL: tt.func @tutorial_loop
// FIT2: ttg.local_alloc : () -> !ttg.memdesc<2x64x16xf16
// FIT2: scf.for
// FIT2-NEXT: ttg.async_wait {num = 0 : i32}
// FIT1-LABEL: tt.func @tutorial_loop
// FIT1-NOT: async
// FIT1: tt.load
#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
#s = #ttg.swizzled_shared<{vec = 8, perPhase = 4, maxPhase = 2, order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @tutorial_loop(%p0: tensor<64x16x!tt.ptr<f16>, #a>, %n: i32, %limit: tensor<64x16xi32, #a>) -> tensor<64x16xf16, #a> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x16xf16, #a>
    %step = arith.constant dense<16> : tensor<64x16xi32, #a>
    %sum, %p = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %ptr = %p0) -> (tensor<64x16xf16, #a>, tensor<64x16x!tt.ptr<f16>, #a>) : i32 {
      %k = tt.splat %i : i32 -> tensor<64x16xi32, #a>
      %mask = arith.cmpi slt, %k, %limit : tensor<64x16xi32, #a>
      %x = tt.load %ptr, %mask, %zero : tensor<64x16x!tt.ptr<f16>, #a>
      %buffer = ttg.local_alloc %x : (tensor<64x16xf16, #a>) -> !ttg.memdesc<64x16xf16, #s>
      %tile = ttg.local_load %buffer : !ttg.memdesc<64x16xf16, #s> -> tensor<64x16xf16, #a>
      %s = arith.addf %acc, %tile : tensor<64x16xf16, #a>
      %np = tt.addptr %ptr, %step : tensor<64x16x!tt.ptr<f16>, #a>, tensor<64x16xi32, #a>
      scf.yield %s, %np : tensor<64x16xf16, #a>, tensor<64x16x!tt.ptr<f16>, #a>
    }
    tt.return %sum : tensor<64x16xf16, #a>
  }
}

// -----

// Loops left as they are: one that stores (a copy moved ahead of a store could miss it); one
// whose pointers the loop's result gives after it (they would be two iterations ahead); one
// whose masked-off elements are not zero (the copies zero-fill); one whose tile is used beside
// its buffer.
// CHECK-LABEL: tt.func @left_alone
// CHECK-NOT: async
// CHECK-COUNT-4: tt.load
// CHECK-NOT: async
#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
#s = #ttg.swizzled_shared<{vec = 8, perPhase = 4, maxPhase = 2, order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @left_alone(%p0: tensor<64x16x!tt.ptr<f16>, #a>, %q: tensor<64x16x!tt.ptr<f16>, #a>, %n: i32) -> (tensor<64x16x!tt.ptr<f16>, #a>, tensor<64x16xf16, #a>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x16xf16, #a>
    %one = arith.constant dense<1.0> : tensor<64x16xf16, #a>
    %step = arith.constant dense<16> : tensor<64x16xi32, #a>
    %p1 = scf.for %i = %c0 to %n step %c1 iter_args(%ptr = %p0) -> (tensor<64x16x!tt.ptr<f16>, #a>) : i32 {
      %x = tt.load %ptr : tensor<64x16x!tt.ptr<f16>, #a>
      %buffer = ttg.local_alloc %x : (tensor<64x16xf16, #a>) -> !ttg.memdesc<64x16xf16, #s>
      %tile = ttg.local_load %buffer : !ttg.memdesc<64x16xf16, #s> -> tensor<64x16xf16, #a>
      tt.store %q, %tile : tensor<64x16x!tt.ptr<f16>, #a>
      %np = tt.addptr %ptr, %step : tensor<64x16x!tt.ptr<f16>, #a>, tensor<64x16xi32, #a>
      scf.yield %np : tensor<64x16x!tt.ptr<f16>, #a>
    }
    %sum, %p2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %ptr = %p1) -> (tensor<64x16xf16, #a>, tensor<64x16x!tt.ptr<f16>, #a>) : i32 {
      %x = tt.load %ptr : tensor<64x16x!tt.ptr<f16>, #a>
      %buffer = ttg.local_alloc %x : (tensor<64x16xf16, #a>) -> !ttg.memdesc<64x16xf16, #s>
      %tile = ttg.local_load %buffer : !ttg.memdesc<64x16xf16, #s> -> tensor<64x16xf16, #a>
      %s = arith.addf %acc, %tile : tensor<64x16xf16, #a>
      %np = tt.addptr %ptr, %step : tensor<64x16x!tt.ptr<f16>, #a>, tensor<64x16xi32, #a>
      scf.yield %s, %np : tensor<64x16xf16, #a>, tensor<64x16x!tt.ptr<f16>, #a>
    }
    %sum2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %sum) -> (tensor<64x16xf16, #a>) : i32 {
      %k = tt.splat %i : i32 -> tensor<64x16xi32, #a>
      %at = tt.addptr %q, %k : tensor<64x16x!tt.ptr<f16>, #a>, tensor<64x16xi32, #a>
      %mask = arith.cmpi slt, %k, %step : tensor<64x16xi32, #a>
      %x = tt.load %at, %mask, %one : tensor<64x16x!tt.ptr<f16>, #a>
      %buffer = ttg.local_alloc %x : (tensor<64x16xf16, #a>) -> !ttg.memdesc<64x16xf16, #s>
      %tile = ttg.local_load %buffer : !ttg.memdesc<64x16xf16, #s> -> tensor<64x16xf16, #a>
      %s = arith.addf %acc, %tile : tensor<64x16xf16, #a>
      scf.yield %s : tensor<64x16xf16, #a>
    }
    %sum3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %sum2) -> (tensor<64x16xf16, #a>) : i32 {
      %k = tt.splat %i : i32 -> tensor<64x16xi32, #a>
      %at = tt.addptr %q, %k : tensor<64x16x!tt.ptr<f16>, #a>, tensor<64x16xi32, #a>
      %x = tt.load %at : tensor<64x16x!tt.ptr<f16>, #a>
      %buffer = ttg.local_alloc %x : (tensor<64x16xf16, #a>) -> !ttg.memdesc<64x16xf16, #s>
      %tile = ttg.local_load %buffer : !ttg.memdesc<64x16xf16, #s> -> tensor<64x16xf16, #a>
      %s = arith.addf %acc, %tile : tensor<64x16xf16, #a>
      %t = arith.addf %s, %x : tensor<64x16xf16, #a>
      scf.yield %t : tensor<64x16xf16, #a>
    }
    tt.return %p2, %sum3 : tensor<64x16x!tt.ptr<f16>, #a>, tensor<64x16xf16, #a>
  }
}

// -----

// A loop that writes shared memory besides (here a ttg.local_store; on sm_90 the tensor copies
// of its other tiles) is pipelined: no load of global memory reads what it writes.
// CHECK-LABEL: tt.func @writes_shared_memory
// CHECK: ttg.async_copy_global_to_local
// CHECK: scf.for
// CHECK: ttg.local_store
// CHECK: ttg.async_copy_global_to_local
// CHECK-NOT: tt.load
#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
#s = #ttg.swizzled_shared<{vec = 8, perPhase = 4, maxPhase = 2, order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @writes_shared_memory(%p0: tensor<64x16x!tt.ptr<f16>, #a>, %n: i32) -> tensor<64x16xf16, #a> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x16xf16, #a>
    %step = arith.constant dense<16> : tensor<64x16xi32, #a>
    %scratch = ttg.local_alloc : () -> !ttg.memdesc<64x16xf16, #s, mutable>
    %sum, %p = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %ptr = %p0) -> (tensor<64x16xf16, #a>, tensor<64x16x!tt.ptr<f16>, #a>) : i32 {
      %x = tt.load %ptr : tensor<64x16x!tt.ptr<f16>, #a>
      %buffer = ttg.local_alloc %x : (tensor<64x16xf16, #a>) -> !ttg.memdesc<64x16xf16, #s>
      %tile = ttg.local_load %buffer : !ttg.memdesc<64x16xf16, #s> -> tensor<64x16xf16, #a>
      %s = arith.addf %acc, %tile : tensor<64x16xf16, #a>
      ttg.local_store %s, %scratch : tensor<64x16xf16, #a> -> !ttg.memdesc<64x16xf16, #s, mutable>
      %np = tt.addptr %ptr, %step : tensor<64x16x!tt.ptr<f16>, #a>, tensor<64x16xi32, #a>
      scf.yield %s, %np : tensor<64x16xf16, #a>, tensor<64x16x!tt.ptr<f16>, #a>
    }
    tt.return %sum : tensor<64x16xf16, #a>
  }
}
