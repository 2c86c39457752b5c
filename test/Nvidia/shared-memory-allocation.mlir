// RUN: nereid-opt %s -split-input-file --nvidia-convert-ttg-to-llvm --canonicalize | FileCheck %s

// The shared-memory allocation: every op that goes through shared memory starts at offset 0 of
// the kernel's one buffer, an external array of no size (dynamic shared memory), and the module
// records the largest op's bytes as ttg.shared. A layout conversion of 32 x 32 i32 (4096 bytes)
// then a sum across 4 warps (4 slots of f32, 16 bytes): 4096 bytes, not 4112. The conversion is
// the kernel's first access to shared memory and writes without a barrier; the sum writes the
// same bytes, so a barrier separates the conversion's reads from its writes.
#rows = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#cols = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#flat = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: module attributes {ttg.shared = 4096 : i32}
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  // CHECK: llvm.mlir.global external @nereid_shared() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
  // CHECK-NOT: llvm.mlir.global
  // CHECK-LABEL: llvm.func @in_sequence
  tt.func public @in_sequence(%a: tensor<32x32xi32, #rows>, %x: tensor<256xf32, #flat>, %out: !tt.ptr<i32>, %sum: !tt.ptr<f32>) {
    // CHECK-NOT: nvvm.barrier0
    // CHECK: llvm.mlir.addressof @nereid_shared : !llvm.ptr<3>
    // CHECK-NOT: nvvm.barrier0
    // CHECK: llvm.store %{{.*}} : i32, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
    // CHECK-NOT: nvvm.barrier0
    // CHECK: nvvm.shfl.sync bfly
    // CHECK: nvvm.barrier0
    // CHECK: llvm.store %{{.*}} : f32, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
    // CHECK-NOT: nvvm.barrier0
    %b = ttg.convert_layout %a : tensor<32x32xi32, #rows> -> tensor<32x32xi32, #cols>
    %p = tt.splat %out : !tt.ptr<i32> -> tensor<32x32x!tt.ptr<i32>, #cols>
    tt.store %p, %b : tensor<32x32x!tt.ptr<i32>, #cols>
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%l: f32, %r: f32):
      %c = arith.addf %l, %r : f32
      tt.reduce.return %c : f32
    }) : (tensor<256xf32, #flat>) -> f32
    tt.store %sum, %s : !tt.ptr<f32>
    tt.return
  }
}

// -----

// A sum across warps in a loop (after convert-scf-to-cf: its body is a block of its own), the
// kernel's only op that goes through shared memory: an iteration's writes must wait for the
// reads of the one before, so the barrier before them stays. 8 bytes round up to 16.
#flat = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
// CHECK: module attributes {ttg.shared = 16 : i32}
module attributes {"ttg.num-warps" = 2 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: llvm.func @in_a_loop
  tt.func public @in_a_loop(%x: tensor<64xf32, #flat>, %n: i32, %sum: !tt.ptr<f32>) {
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %init = arith.constant 0.0 : f32
    cf.br ^loop(%zero, %init : i32, f32)
  // CHECK: ^bb1(%{{.*}}: i32, %{{.*}}: f32):
  ^loop(%i: i32, %acc: f32):
    %more = arith.cmpi slt, %i, %n : i32
    cf.cond_br %more, ^body, ^exit
  // CHECK: ^bb2:
  ^body:
    // CHECK: nvvm.shfl.sync bfly
    // CHECK: nvvm.barrier0
    // CHECK: llvm.store %{{.*}} : f32, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%l: f32, %r: f32):
      %c = arith.addf %l, %r : f32
      tt.reduce.return %c : f32
    }) : (tensor<64xf32, #flat>) -> f32
    %next = arith.addf %acc, %s : f32
    %j = arith.addi %i, %one : i32
    cf.br ^loop(%j, %next : i32, f32)
  ^exit:
    tt.store %sum, %acc : !tt.ptr<f32>
    tt.return
  }
}

// -----

// A kernel that needs no shared memory declares none: ttg.shared is 0.
#flat = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
// CHECK: module attributes {ttg.shared = 0 : i32}
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:90"} {
  // CHECK-NOT: llvm.mlir.global
  // CHECK-LABEL: llvm.func @none
  tt.func public @none(%x: tensor<32xf32, #flat>, %sum: !tt.ptr<f32>) {
    // CHECK-NOT: nvvm.barrier0
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%l: f32, %r: f32):
      %c = arith.addf %l, %r : f32
      tt.reduce.return %c : f32
    }) : (tensor<32xf32, #flat>) -> f32
    tt.store %sum, %s : !tt.ptr<f32>
    tt.return
  }
}

// -----

// A buffer is live from its local_alloc to the last op of its block that uses it or a view of
// it: the pipeline buffer of a loop (3 x 32 x 32 f16, 6144 bytes at offset 0) is live in the
// loop, where a layout conversion's scratch (4096 bytes) starts after it, at 6144; after the
// loop the conversion's scratch reuses its bytes, from 0. The kernel needs 10240 bytes, not
// 14336.
#rows = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#cols = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#s = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#stack = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0, 2]}>
// CHECK: module attributes {ttg.shared = 10240 : i32}
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: llvm.func @pipeline_buffer_then_scratch
  tt.func public @pipeline_buffer_then_scratch(%a: tensor<32x32xi32, #rows>, %n: i32, %out: !tt.ptr<i32>, %halves: !tt.ptr<f16>) {
    // CHECK: %[[BASE:.*]] = llvm.mlir.addressof @nereid_shared
    // CHECK: scf.for
    // CHECK: llvm.getelementptr %[[BASE]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
    // CHECK: %[[AFTER:.*]] = llvm.getelementptr %[[BASE]][6144] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    // CHECK: llvm.getelementptr %[[AFTER]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32
    // CHECK: {{^    }$}}
    // CHECK-NOT: llvm.getelementptr %{{.*}}[6144]
    // CHECK: llvm.getelementptr %[[BASE]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %buffers = ttg.local_alloc : () -> !ttg.memdesc<3x32x32xf16, #stack, mutable>
    %p = tt.splat %out : !tt.ptr<i32> -> tensor<32x32x!tt.ptr<i32>, #cols>
    %h = tt.splat %halves : !tt.ptr<f16> -> tensor<32x32x!tt.ptr<f16>, #rows>
    scf.for %i = %c0 to %n step %c1 : i32 {
      %slot = arith.remsi %i, %c1 : i32
      %view = ttg.memdesc_index %buffers[%slot] : !ttg.memdesc<3x32x32xf16, #stack, mutable> -> !ttg.memdesc<32x32xf16, #s, mutable>
      %tile = ttg.local_load %view : !ttg.memdesc<32x32xf16, #s, mutable> -> tensor<32x32xf16, #rows>
      tt.store %h, %tile : tensor<32x32x!tt.ptr<f16>, #rows>
      %b = ttg.convert_layout %a : tensor<32x32xi32, #rows> -> tensor<32x32xi32, #cols>
      tt.store %p, %b : tensor<32x32x!tt.ptr<i32>, #cols>
    }
    %b = ttg.convert_layout %a : tensor<32x32xi32, #rows> -> tensor<32x32xi32, #cols>
    tt.store %p, %b : tensor<32x32x!tt.ptr<i32>, #cols>
    tt.return
  }
}
