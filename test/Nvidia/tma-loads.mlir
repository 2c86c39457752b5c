// RUN: nereid-opt %s --nvidia-tma-loads | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #nvidia.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#a = #nvidia.mma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#b = #nvidia.mma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>

// A tensor map's load whose one use is a wgmma operand's buffer in the layout the copy engine
// writes copies into that buffer (A, 128-byte swizzle); one whose buffer has another layout
// (B, 64-byte swizzle, where the map's rows fill 128 bytes) copies into a buffer of its own,
// which a local_load reads, and the operand's buffer is written from registers as before.
// Each copy is waited for at once, on an mbarrier of its own.
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: tt.func public @operands
  tt.func public @operands(%am: !tt.tensordesc<tensor<64x64xf16>> {nvidia.tensor_map = {}}, %bm: !tt.tensordesc<tensor<64x64xf16>> {nvidia.tensor_map = {}}, %row: i32) -> () {
    // CHECK: %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, mutable>
    // CHECK: %[[BAR:.*]] = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, mutable>
    // CHECK: nvidia.init_barrier %[[BAR]], 1
    // CHECK: nvidia.tma_load %arg0[%arg2, %arg2], %[[A]], %[[BAR]]
    // CHECK: nvidia.wait_barrier %[[BAR]], %c0_i32
    // CHECK: nvidia.inval_barrier %[[BAR]]
    // CHECK-NOT: ttg.local_load
    // CHECK: %[[BB:.*]] = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, mutable>
    // CHECK: nvidia.tma_load %arg1[%arg2, %arg2], %[[BB]]
    // CHECK: %[[BT:.*]] = ttg.local_load %[[BB]]
    // CHECK: %[[B:.*]] = ttg.local_alloc %[[BT]] : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared2>
    // CHECK: nvidia.warpgroup_dot %[[A]], %[[B]]
    %a = tt.descriptor_load %am[%row, %row] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
    %as = ttg.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #a>
    %b = tt.descriptor_load %bm[%row, %row] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
    %bs = ttg.local_alloc %b : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #b>
    %c = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %d = nvidia.warpgroup_dot %as, %bs, %c : !ttg.memdesc<64x64xf16, #a>, !ttg.memdesc<64x64xf16, #b>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
    tt.return
  }
}
