// RUN: nereid-opt %s --nvidia-pipeline-tma-loads=num-stages=3 | FileCheck %s
// RUN: nereid-opt %s --nvidia-pipeline-tma-loads=num-stages=3 --nvidia-convert-ttg-to-llvm | FileCheck %s --check-prefix=LLVM

#mma = #nvidia.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #nvidia.mma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>

// A matmul's loop whose two tensor copies (as nvidia-tma-loads makes them) run two iterations
// ahead: a stack of three slices for each copy, one stack of three mbarriers for both, each
// initialized for two arrivals (one per copy). Each iteration waits once, where A's wait was;
// the copies at the bottom share the first's barrier of the threads (B's is `synced`).
// CHECK-LABEL: tt.func public @matmul_loop
// CHECK: %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16, #shared, mutable>
// CHECK: %[[B:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16, #shared, mutable>
// CHECK: %[[BARS:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64, #shared1, mutable>
// CHECK-COUNT-3: nvidia.init_barrier %{{.*}}, 2
// CHECK-NOT: nvidia.init_barrier
// CHECK: nvidia.tma_load %arg0{{.*}} : !tt.tensordesc
// CHECK-NEXT: nvidia.tma_load %arg1{{.*}} {synced}
// CHECK: nvidia.tma_load %arg0{{.*}} : !tt.tensordesc
// CHECK-NEXT: nvidia.tma_load %arg1{{.*}} {synced}
// CHECK: scf.for
// CHECK-COUNT-1: nvidia.wait_barrier
// CHECK-NOT: nvidia.wait_barrier
// CHECK: nvidia.warpgroup_dot
// CHECK: nvidia.tma_load %arg0{{.*}} : !tt.tensordesc
// CHECK-NEXT: nvidia.tma_load %arg1{{.*}} {synced}
// CHECK: scf.yield
// CHECK-COUNT-3: nvidia.inval_barrier
// CHECK-NOT: nvidia.inval_barrier

// Lowered, each group of copies has one fence and one barrier of the threads, and each copy
// its own arrival; the loop waits on one mbarrier.
// LLVM-LABEL: llvm.func @matmul_loop
// LLVM: nvvm.fence.proxy {{.*}}async.shared
// LLVM-NEXT: nvvm.barrier0
// LLVM-NOT: nvvm.barrier0
// LLVM: mbarrier.arrive.expect_tx
// LLVM-NOT: nvvm.barrier0
// LLVM: mbarrier.arrive.expect_tx
// LLVM: nvvm.fence.proxy {{.*}}async.shared
// LLVM-NEXT: nvvm.barrier0
// LLVM-NOT: nvvm.barrier0
// LLVM: mbarrier.arrive.expect_tx
// LLVM-NOT: nvvm.barrier0
// LLVM: mbarrier.arrive.expect_tx
// LLVM: mbarrier.try_wait.parity
// LLVM-NOT: mbarrier.try_wait.parity
// LLVM: wgmma.mma_async
// LLVM: nvvm.fence.proxy {{.*}}async.shared
// LLVM-NEXT: nvvm.barrier0
// LLVM-NOT: nvvm.barrier0
// LLVM: mbarrier.arrive.expect_tx
// LLVM-NOT: nvvm.barrier0
// LLVM: mbarrier.arrive.expect_tx
// LLVM-NOT: mbarrier.arrive.expect_tx
// LLVM: mbarrier.inval
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
tt.func public @matmul_loop(%am: !tt.tensordesc<tensor<64x64xf16>> {nvidia.tensor_map = {}}, %bm: !tt.tensordesc<tensor<64x64xf16>> {nvidia.tensor_map = {}}, %row: i32, %column: i32, %iterations: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %r = scf.for %i = %c0 to %iterations step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
    %k = arith.muli %i, %c64 : i32
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, mutable>
    %abar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, mutable>
    nvidia.init_barrier %abar, 1 : !ttg.memdesc<1xi64, #bar, mutable>
    nvidia.tma_load %am[%row, %k], %a, %abar : !tt.tensordesc<tensor<64x64xf16>>, !ttg.memdesc<64x64xf16, #shared, mutable>, !ttg.memdesc<1xi64, #bar, mutable>
    %p0 = arith.constant 0 : i32
    nvidia.wait_barrier %abar, %p0 : !ttg.memdesc<1xi64, #bar, mutable>
    nvidia.inval_barrier %abar : !ttg.memdesc<1xi64, #bar, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, mutable>
    %bbar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, mutable>
    nvidia.init_barrier %bbar, 1 : !ttg.memdesc<1xi64, #bar, mutable>
    nvidia.tma_load %bm[%k, %column], %b, %bbar : !tt.tensordesc<tensor<64x64xf16>>, !ttg.memdesc<64x64xf16, #shared, mutable>, !ttg.memdesc<1xi64, #bar, mutable>
    %p1 = arith.constant 0 : i32
    nvidia.wait_barrier %bbar, %p1 : !ttg.memdesc<1xi64, #bar, mutable>
    nvidia.inval_barrier %bbar : !ttg.memdesc<1xi64, #bar, mutable>
    %d = nvidia.warpgroup_dot %a, %b, %acc : !ttg.memdesc<64x64xf16, #shared, mutable>, !ttg.memdesc<64x64xf16, #shared, mutable>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
    scf.yield %d : tensor<64x64xf32, #mma>
  }
  tt.return
}
}

