// RUN: nereid-opt %s -split-input-file --nvidia-convert-ttg-to-llvm --canonicalize --cse | FileCheck %s --enable-var-scope

// A 1-D sum over 2 registers, 32 lanes and 4 warps: one add within the thread, a butterfly
// shuffle per lane bit (lanes 1, 2, 4, 8 and 16 apart), then each warp's value through shared
// memory (its 32 lanes hold the same value and share one slot: 4 slots of 4 bytes; the first
// access to shared memory, with no barrier before it), and after a barrier the four warps'
// values read back and added in warp order, so that every thread holds the sum.
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: module attributes {ttg.shared = 16 : i32}
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  // CHECK: llvm.mlir.global external @nereid_shared() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
  // CHECK-LABEL: llvm.func @sum_1d
  tt.func public @sum_1d(%x: tensor<256xf32, #blocked>, %out: !tt.ptr<f32>) {
    // CHECK: %[[R0:.*]] = llvm.extractvalue %{{.*}}[0]
    // CHECK: %[[R1:.*]] = llvm.extractvalue %{{.*}}[1]
    // CHECK: %[[IN:.*]] = llvm.fadd %[[R0]], %[[R1]] : f32
    // A sum is commutative: each lane adds its partner's value to its own.
    // CHECK: %[[BITS:.*]] = llvm.bitcast %[[IN]] : f32 to i32
    // CHECK: %[[SHUFFLED:.*]] = nvvm.shfl.sync bfly %{{.*}}, %[[BITS]], %{{.*}}, %{{.*}} : i32 -> i32
    // CHECK: %[[OTHER:.*]] = llvm.bitcast %[[SHUFFLED]] : i32 to f32
    // CHECK-NEXT: llvm.fadd %[[IN]], %[[OTHER]] : f32
    // CHECK-COUNT-4: nvvm.shfl.sync bfly
    // CHECK-NOT: nvvm.shfl.sync
    // CHECK-NOT: nvvm.barrier0
    // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-4: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    // CHECK-NOT: nvvm.barrier0
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      tt.reduce.return %c : f32
    }) : (tensor<256xf32, #blocked>) -> f32
    %p = tt.splat %out : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %v = tt.splat %s : f32 -> tensor<256xf32, #blocked>
    tt.store %p, %v : tensor<256x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// A 32 x 64 tile of 4 consecutive elements per thread along dim 1, 16 lanes along dim 1 and
// 2 along dim 0, 4 warps along dim 0. Along dim 1: 3 adds within each of the thread's 4
// rows, 4 shuffles (lanes 1 to 8 apart) per row, and no shared memory.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  // CHECK-NOT: llvm.mlir.global
  // CHECK-LABEL: llvm.func @sum_rows
  tt.func public @sum_rows(%x: tensor<32x64xf32, #blocked>, %out: tensor<32x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #blocked}>>) {
    // CHECK-COUNT-12: llvm.fadd
    // CHECK-COUNT-16: nvvm.shfl.sync bfly
    // CHECK-NOT: nvvm.shfl.sync
    // CHECK-NOT: nvvm.barrier0
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      tt.reduce.return %c : f32
    }) : (tensor<32x64xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    // CHECK-COUNT-4: store {{.*}}!llvm.ptr<1>
    tt.store %out, %s : tensor<32x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #blocked}>>
    tt.return
  }
}

// -----

// The same tile along dim 0: each of the thread's 4 columns adds its 4 rows within the thread
// (registers 8 rows apart), then shuffles with the lane 16 apart, then goes through shared
// memory between the 4 warps: 64 slots (the lanes 16 apart share one) x 4 columns x 4 bytes.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK: module attributes {ttg.shared = 1024 : i32}
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  // CHECK: llvm.mlir.global external @nereid_shared() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
  // CHECK-LABEL: llvm.func @max_columns
  tt.func public @max_columns(%x: tensor<32x64xi32, #blocked>, %out: tensor<64x!tt.ptr<i32>, #ttg.slice<{dim = 0, parent = #blocked}>>) {
    // CHECK-COUNT-12: llvm.intr.smax
    // CHECK-COUNT-4: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : i32 -> i32
    // CHECK-NOT: nvvm.shfl.sync
    // CHECK-NOT: nvvm.barrier0
    // CHECK-COUNT-4: llvm.store %{{.*}} {alignment = 4 : i64} : i32, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-16: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> i32
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: i32, %b: i32):
      %c = arith.maxsi %a, %b : i32
      tt.reduce.return %c : i32
    }) : (tensor<32x64xi32, #blocked>) -> tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    // CHECK-COUNT-4: store {{.*}}!llvm.ptr<1>
    tt.store %out, %s : tensor<64x!tt.ptr<i32>, #ttg.slice<{dim = 0, parent = #blocked}>>
    tt.return
  }
}

// -----

// argmax: two operands reduced together by a combiner of several ops, cloned for each pair of
// values; both operands are shuffled. With one warp, nothing goes through shared memory.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:80"} {
  // CHECK-LABEL: llvm.func @argmax
  tt.func public @argmax(%x: tensor<64xf32, #blocked>, %i: tensor<64xi32, #blocked>, %out: !tt.ptr<i32>) {
    // Within the thread: registers 0 and 1 (32 elements apart).
    // CHECK: llvm.fcmp "oeq"
    // CHECK: llvm.icmp "slt"
    // CHECK: llvm.fcmp "ogt"
    // CHECK: %[[V:.*]] = llvm.select %{{.*}} : i1, f32
    // CHECK: %[[I:.*]] = llvm.select %{{.*}} : i1, i32
    // Across lanes 1 apart: both operands, the f32 as its bits; the lane whose bit is set
    // puts its partner's values first.
    // CHECK: %[[SECOND:.*]] = llvm.icmp "ne"
    // CHECK: %[[VBITS:.*]] = llvm.bitcast %[[V]] : f32 to i32
    // CHECK: %[[VS:.*]] = nvvm.shfl.sync bfly %{{.*}}, %[[VBITS]], %{{.*}}, %{{.*}} : i32 -> i32
    // CHECK: %[[VO:.*]] = llvm.bitcast %[[VS]] : i32 to f32
    // CHECK: %[[IO:.*]] = nvvm.shfl.sync bfly %{{.*}}, %[[I]], %{{.*}}, %{{.*}} : i32 -> i32
    // CHECK: %[[V1:.*]] = llvm.select %[[SECOND]], %[[VO]], %[[V]] : i1, f32
    // CHECK: llvm.select %[[SECOND]], %[[IO]], %[[I]] : i1, i32
    // CHECK: %[[V2:.*]] = llvm.select %[[SECOND]], %[[V]], %[[VO]] : i1, f32
    // CHECK: llvm.fcmp "oeq" %[[V1]], %[[V2]]
    // CHECK-COUNT-8: nvvm.shfl.sync bfly
    // CHECK-NOT: nvvm.shfl.sync
    // CHECK-NOT: nvvm.barrier0
    %v, %j = "tt.reduce"(%x, %i) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
      %eq = arith.cmpf oeq, %a, %b : f32
      %lt = arith.cmpi slt, %ai, %bi : i32
      %tie = arith.andi %eq, %lt : i1
      %gt = arith.cmpf ogt, %a, %b : f32
      %take = arith.ori %gt, %tie : i1
      %m = arith.select %take, %a, %b : f32
      %mi = arith.select %take, %ai, %bi : i32
      tt.reduce.return %m, %mi : f32, i32
    }) : (tensor<64xf32, #blocked>, tensor<64xi32, #blocked>) -> (f32, i32)
    %p = tt.splat %out : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>, #blocked>
    %s = tt.splat %j : i32 -> tensor<64xi32, #blocked>
    tt.store %p, %s : tensor<64x!tt.ptr<i32>, #blocked>
    tt.return
  }
}
