// RUN: nereid-opt %s -split-input-file --nvidia-convert-ttg-to-llvm --canonicalize --cse | FileCheck %s --enable-var-scope

// A cumulative sum over 2 registers, 32 lanes and 2 warps, combined bit by bit along the axis:
// the second register adds the first; each of the 5 lane bits exchanges the block totals by a
// butterfly shuffle and the lanes of the later block add the earlier total to their prefixes;
// the warp bit exchanges the totals through shared memory (the 32 lanes of a warp, which hold
// the same total, share a slot: 2 slots of 4 bytes).
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
// CHECK: module attributes {ttg.shared = 16 : i32}
module attributes {"ttg.num-warps" = 2 : i32, ttg.target = "cuda:90"} {
  // CHECK: llvm.mlir.global external @nereid_shared() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
  // CHECK-LABEL: llvm.func @cumsum
  tt.func public @cumsum(%x: tensor<128xi32, #blocked>, %out: tensor<128x!tt.ptr<i32>, #blocked>) {
    // CHECK: %[[R0:.*]] = llvm.extractvalue %{{.*}}[0]
    // CHECK: %[[R1:.*]] = llvm.extractvalue %{{.*}}[1]
    // CHECK: %[[P1:.*]] = llvm.add %[[R0]], %[[R1]] : i32
    // CHECK: nvvm.shfl.sync bfly %{{.*}}, %[[P1]], %{{.*}}, %{{.*}} : i32 -> i32
    // CHECK-COUNT-4: nvvm.shfl.sync bfly
    // CHECK-NOT: nvvm.shfl.sync
    // CHECK-NOT: nvvm.barrier0
    // CHECK: llvm.store %{{.*}} : i32, !llvm.ptr<3>
    // CHECK-NEXT: nvvm.barrier0
    // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
    // CHECK-NOT: llvm.load %{{.*}} : !llvm.ptr<3>
    %s = tt.scan(%x) axis = 0 {
    ^bb0(%a: i32, %b: i32):
      %c = arith.addi %a, %b : i32
      tt.scan.return %c : i32
    } : (tensor<128xi32, #blocked>) -> tensor<128xi32, #blocked>
    // CHECK-COUNT-2: llvm.store %{{.*}} : i32, !llvm.ptr<1>
    tt.store %out, %s : tensor<128x!tt.ptr<i32>, #blocked>
    tt.return
  }
}

// -----

// Reversed, the later block comes first: the first register combines the second's total
// with its own element (a non-commutative combiner keeps its argument order). Along dim 0 of
// a 2-D tile whose dim 0 lies in registers and lanes of one warp, nothing goes through shared
// memory.
#blocked = #ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:80"} {
  // CHECK-NOT: llvm.mlir.global
  // CHECK-LABEL: llvm.func @reverse_scan
  tt.func public @reverse_scan(%x: tensor<8x8xf32, #blocked>, %out: tensor<8x8x!tt.ptr<f32>, #blocked>) {
    // CHECK: %[[R0:.*]] = llvm.extractvalue %{{.*}}[0]
    // CHECK: %[[R1:.*]] = llvm.extractvalue %{{.*}}[1]
    // CHECK: llvm.fsub %[[R1]], %[[R0]] : f32
    // CHECK-COUNT-2: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : i32 -> i32
    // CHECK-NOT: nvvm.shfl.sync
    // CHECK-NOT: nvvm.barrier0
    %s = tt.scan(%x) axis = 0 reverse {
    ^bb0(%a: f32, %b: f32):
      %c = arith.subf %a, %b : f32
      tt.scan.return %c : f32
    } : (tensor<8x8xf32, #blocked>) -> tensor<8x8xf32, #blocked>
    tt.store %out, %s : tensor<8x8x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
