// RUN: nereid-opt %s -split-input-file --nvidia-convert-ttg-to-llvm --canonicalize --cse | FileCheck %s --enable-var-scope

// 32 elements, one per lane of one warp: each result element is one indexed shuffle from the
// lane that its index names (the index's low 5 bits), with no shared memory and no barrier.
// Before it, an index outside [0, 32), read as signed, calls __assertfail with the message, the
// file and the line of the op, and the kernel's name.
#lanes = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:90"} {
  // CHECK-NOT: addr_space = 3
  // CHECK: llvm.mlir.global internal constant @assertFunction_0("lanes\00")
  // CHECK: llvm.mlir.global internal constant @assertMessage_0("out-of-range tt.gather index: an index outside [0, 32) along axis 0\00")
  // CHECK-LABEL: llvm.func @lanes
  tt.func public @lanes(%x: tensor<32xf32, #lanes>, %i: tensor<32xi32, #lanes>, %out: tensor<32x!tt.ptr<f32>, #lanes>) {
    // CHECK: %[[X:.*]] = llvm.extractvalue %arg0[0] : !llvm.struct<(f32)>
    // CHECK: %[[I:.*]] = llvm.extractvalue %arg1[0] : !llvm.struct<(i32)>
    // CHECK: %[[GE:.*]] = llvm.icmp "sge" %[[I]], %{{.*}} : i32
    // CHECK: %[[LT:.*]] = llvm.icmp "slt" %[[I]], %{{.*}} : i32
    // CHECK: %[[IN:.*]] = llvm.and %[[GE]], %[[LT]] : i1
    // CHECK: %[[OUT:.*]] = llvm.xor %[[IN]], %{{.*}} : i1
    // CHECK: llvm.cond_br %[[OUT]], ^[[FAIL:.*]], ^[[GO:.*]]
    // CHECK: ^[[FAIL]]:
    // CHECK: llvm.call @__assertfail
    // CHECK: ^[[GO]]:
    // CHECK: %[[BITS:.*]] = llvm.bitcast %[[X]] : f32 to i32
    // CHECK: %[[SHUFFLED:.*]] = nvvm.shfl.sync idx %{{.*}}, %[[BITS]], %{{.*}}, %{{.*}} : i32 -> i32
    // CHECK: %[[VALUE:.*]] = llvm.bitcast %[[SHUFFLED]] : i32 to f32
    // CHECK: llvm.store %[[VALUE]]
    // CHECK-NOT: nvvm.shfl.sync
    // CHECK-NOT: nvvm.barrier0
    %g = tt.gather %x[%i] {axis = 0 : i32} : (tensor<32xf32, #lanes>, tensor<32xi32, #lanes>) -> tensor<32xf32, #lanes>
    tt.store %out, %g : tensor<32x!tt.ptr<f32>, #lanes>
    tt.return
  }
}

// -----

// Two consecutive elements per lane: the index's bit 0 picks the register and its bits 1 to 5
// the lane. Each result register shuffles both source registers (i8, widened to i32) from that
// lane and selects one: 4 shuffles, each source register widened once.
#pairs = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: llvm.func @pairs
  tt.func public @pairs(%x: tensor<64xi8, #pairs>, %i: tensor<64xi16, #pairs>, %out: tensor<64x!tt.ptr<i8>, #pairs>) {
    // CHECK: %[[X0:.*]] = llvm.extractvalue %arg0[0] : !llvm.struct<(i8, i8)>
    // CHECK: %[[X1:.*]] = llvm.extractvalue %arg0[1] : !llvm.struct<(i8, i8)>
    // CHECK: llvm.icmp "slt" %{{.*}}, %{{.*}} : i16
    // CHECK: llvm.sext %{{.*}} : i16 to i32
    // CHECK: llvm.call @__assertfail
    // CHECK: %[[W0:.*]] = llvm.zext %[[X0]] : i8 to i32
    // CHECK: %[[S0:.*]] = nvvm.shfl.sync idx %{{.*}}, %[[W0]], %[[LANE:.*]], %{{.*}} : i32 -> i32
    // CHECK: %[[T0:.*]] = llvm.trunc %[[S0]] : i32 to i8
    // CHECK: %[[W1:.*]] = llvm.zext %[[X1]] : i8 to i32
    // CHECK: %[[S1:.*]] = nvvm.shfl.sync idx %{{.*}}, %[[W1]], %[[LANE]], %{{.*}} : i32 -> i32
    // CHECK: %[[T1:.*]] = llvm.trunc %[[S1]] : i32 to i8
    // CHECK: %[[ODD:.*]] = llvm.icmp "eq" %{{.*}}, %{{.*}} : i32
    // CHECK: llvm.select %[[ODD]], %[[T1]], %[[T0]] : i1, i8
    // CHECK-COUNT-2: nvvm.shfl.sync idx
    // CHECK-NOT: nvvm.shfl.sync
    // CHECK-NOT: nvvm.barrier0
    %g = tt.gather %x[%i] {axis = 0 : i32} : (tensor<64xi8, #pairs>, tensor<64xi16, #pairs>) -> tensor<64xi8, #pairs>
    tt.store %out, %g : tensor<64x!tt.ptr<i8>, #pairs>
    tt.return
  }
}

// -----

// Along dim 1 of an 8 x 16 source whose rows are on 2 lanes and 4 warps and whose columns are
// on 16 lanes, into 8 x 64 (4 registers per thread, the same lanes and warps): each warp holds
// the rows its indices select from, so each result register is one shuffle.
#rows = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  // CHECK-NOT: addr_space = 3
  // CHECK: @assertMessage_0("out-of-range tt.gather index: an index outside [0, 16) along axis 1\00")
  // CHECK-LABEL: llvm.func @within_warps
  tt.func public @within_warps(%x: tensor<8x16xf32, #rows>, %i: tensor<8x64xi64, #rows>, %out: tensor<8x64x!tt.ptr<f32>, #rows>) {
    // CHECK-COUNT-4: llvm.icmp "slt" %{{.*}}, %{{.*}} : i64
    // CHECK: llvm.call @__assertfail
    // CHECK-COUNT-4: nvvm.shfl.sync idx
    // CHECK-NOT: nvvm.shfl.sync
    // CHECK-NOT: nvvm.barrier0
    %g = tt.gather %x[%i] {axis = 1 : i32} : (tensor<8x16xf32, #rows>, tensor<8x64xi64, #rows>) -> tensor<8x64xf32, #rows>
    tt.store %out, %g : tensor<8x64x!tt.ptr<f32>, #rows>
    tt.return
  }
}

// -----

// The same source along dim 0, whose rows are on different warps: the source goes through
// the kernel's shared memory (8 x 16 f32, 512 bytes), each thread storing its one element at
// row * 16 + column, and after a barrier each result element is a load at index * 16 +
// column. The gather is the kernel's first access to shared memory: no barrier before it.
#rows = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK: module attributes {ttg.shared = 512 : i32}
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  // CHECK: llvm.mlir.global external @nereid_shared() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
  // CHECK-LABEL: llvm.func @across_warps
  tt.func public @across_warps(%x: tensor<8x16xf32, #rows>, %i: tensor<32x16xi32, #rows>, %out: tensor<32x16x!tt.ptr<f32>, #rows>) {
    // CHECK: llvm.call @__assertfail
    // CHECK-NOT: nvvm.barrier0
    // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<3>
    // CHECK-NOT: llvm.store
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-4: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    // CHECK-NOT: nvvm.shfl.sync
    // CHECK-NOT: nvvm.barrier0
    %g = tt.gather %x[%i] {axis = 0 : i32} : (tensor<8x16xf32, #rows>, tensor<32x16xi32, #rows>) -> tensor<32x16xf32, #rows>
    tt.store %out, %g : tensor<32x16x!tt.ptr<f32>, #rows>
    tt.return
  }
}

// -----

// Eight consecutive elements per lane: a result register would choose among 8 source
// registers, 8 shuffles each, more than a store and a load through shared memory cost.
#eights = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
// CHECK: module attributes {ttg.shared = 2048 : i32}
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:90"} {
  // CHECK: llvm.mlir.global external @nereid_shared() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
  // CHECK-LABEL: llvm.func @eights
  tt.func public @eights(%x: tensor<256xf64, #eights>, %i: tensor<256xi32, #eights>, %out: tensor<256x!tt.ptr<f64>, #eights>) {
    // CHECK-NOT: nvvm.shfl.sync
    // CHECK-NOT: nvvm.barrier0
    // CHECK-COUNT-8: llvm.store %{{.*}} {alignment = 8 : i64} : f64, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-8: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> f64
    // CHECK-NOT: nvvm.shfl.sync
    %g = tt.gather %x[%i] {axis = 0 : i32} : (tensor<256xf64, #eights>, tensor<256xi32, #eights>) -> tensor<256xf64, #eights>
    tt.store %out, %g : tensor<256x!tt.ptr<f64>, #eights>
    tt.return
  }
}

// -----

// Each thread holds a whole row of 8 and gathers along it: the index's 3 bits pick one of the
// thread's own registers, by selects, without shuffles or shared memory.
#row = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:90"} {
  // CHECK-NOT: addr_space = 3
  // CHECK-LABEL: llvm.func @within_threads
  tt.func public @within_threads(%x: tensor<32x8xi32, #row>, %i: tensor<32x8xi32, #row>, %out: tensor<32x8x!tt.ptr<i32>, #row>) {
    // CHECK: llvm.call @__assertfail
    // CHECK-COUNT-56: llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, i32
    // CHECK-NOT: llvm.select
    // CHECK-NOT: nvvm.shfl.sync
    // CHECK-NOT: nvvm.barrier0
    %g = tt.gather %x[%i] {axis = 1 : i32} : (tensor<32x8xi32, #row>, tensor<32x8xi32, #row>) -> tensor<32x8xi32, #row>
    tt.store %out, %g : tensor<32x8x!tt.ptr<i32>, #row>
    tt.return
  }
}

// -----

// A source of 16 elements that lanes 16 to 31 and every warp hold copies of: each warp holds
// all of it, so 128 indices into it are one shuffle each (booleans widened to i32).
#spread = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  // CHECK-NOT: addr_space = 3
  // CHECK-LABEL: llvm.func @copies
  tt.func public @copies(%x: tensor<16xi1, #spread>, %i: tensor<128xi32, #spread>, %out: tensor<128x!tt.ptr<i8>, #spread>) {
    // CHECK: %[[WIDE:.*]] = llvm.zext %{{.*}} : i1 to i32
    // CHECK: %[[SHUFFLED:.*]] = nvvm.shfl.sync idx %{{.*}}, %[[WIDE]], %{{.*}}, %{{.*}} : i32 -> i32
    // CHECK: llvm.trunc %[[SHUFFLED]] : i32 to i1
    // CHECK-NOT: nvvm.shfl.sync
    // CHECK-NOT: nvvm.barrier0
    %g = tt.gather %x[%i] {axis = 0 : i32} : (tensor<16xi1, #spread>, tensor<128xi32, #spread>) -> tensor<128xi1, #spread>
    %b = arith.extui %g : tensor<128xi1, #spread> to tensor<128xi8, #spread>
    tt.store %out, %b : tensor<128x!tt.ptr<i8>, #spread>
    tt.return
  }
}

// -----

// 256 booleans on 4 warps (two registers per thread, 128 elements apart) go through shared
// memory as bytes.
#spread = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: module attributes {ttg.shared = 256 : i32}
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  // CHECK: llvm.mlir.global external @nereid_shared() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
  // CHECK-LABEL: llvm.func @bools
  tt.func public @bools(%x: tensor<256xi1, #spread>, %i: tensor<128xi32, #spread>, %out: tensor<128x!tt.ptr<i8>, #spread>) {
    // CHECK-NOT: nvvm.barrier0
    // CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} {alignment = 1 : i64} : i8, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK: %[[LOADED:.*]] = llvm.load %{{.*}} {alignment = 1 : i64} : !llvm.ptr<3> -> i8
    // CHECK: llvm.trunc %[[LOADED]] : i8 to i1
    // CHECK-NOT: nvvm.shfl.sync
    %g = tt.gather %x[%i] {axis = 0 : i32} : (tensor<256xi1, #spread>, tensor<128xi32, #spread>) -> tensor<128xi1, #spread>
    %b = arith.extui %g : tensor<128xi1, #spread> to tensor<128xi8, #spread>
    tt.store %out, %b : tensor<128x!tt.ptr<i8>, #spread>
    tt.return
  }
}
