// RUN: nereid-opt %s -split-input-file | FileCheck %s
// RUN: nereid-opt %s -split-input-file | nereid-opt -split-input-file | FileCheck %s

// The nvidia dialect's layouts print as they parse: #nvidia.mma (mma.sync and wgmma) and its
// dot operands, and #nvidia.mma_shared with the local_* ops.

// CHECK-DAG: #[[$MMA:.*]] = #nvidia.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-DAG: #[[$WGMMA:.*]] = #nvidia.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
// CHECK-LABEL: tt.func @dot_operands
// CHECK-SAME: tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #[[$MMA]], kWidth = 2}>>
// CHECK-SAME: tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #[[$MMA]], kWidth = 2}>>
// CHECK-SAME: tensor<32x32xf32, #[[$MMA]]>
// CHECK-SAME: tensor<64x64xf32, #[[$WGMMA]]>
// CHECK-SAME: tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #[[$WGMMA]], kWidth = 2}>>
#mma = #nvidia.mma<{versionMajor = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#wgmma = #nvidia.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
tt.func @dot_operands(%a: tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>,
                      %b: tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>,
                      %c: tensor<32x32xf32, #mma>,
                      %d: tensor<64x64xf32, #wgmma>,
                      %e: tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #wgmma, kWidth = 2}>>) {
  tt.return
}

// -----

// A rank-3 mma, and a missing versionMinor reads as 0.
// CHECK: #nvidia.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 2, 2], instrShape = [1, 16, 8]}>
// CHECK-LABEL: tt.func @defaults
tt.func @defaults(%b: tensor<2x32x16xf32, #nvidia.mma<{versionMajor = 2, warpsPerCTA = [1, 2, 2], instrShape = [1, 16, 8]}>>) {
  tt.return
}

// -----

// #nvidia.mma_shared buffers, and a wgmma operand A loaded from one.
// CHECK-DAG: #[[$SHARED:.*]] = #nvidia.mma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #[[$SHARED_T:.*]] = #nvidia.mma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
// CHECK-LABEL: tt.func @shared_memory
// CHECK-SAME: (%[[X:.*]]: tensor<64x64xf16, #{{.*}}>, %{{.*}}: !ttg.memdesc<64x128xi8, #[[$SHARED_T]]>)
// CHECK: %[[TILE:.*]] = ttg.local_alloc %[[X]] : (tensor<64x64xf16, #{{.*}}>) -> !ttg.memdesc<64x64xf16, #[[$SHARED]]>
// CHECK: ttg.local_load %[[TILE]] : !ttg.memdesc<64x64xf16, #[[$SHARED]]> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #{{.*}}, kWidth = 2}>>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#wgmma = #nvidia.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #nvidia.mma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared_t = #nvidia.mma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
module attributes {ttg.target = "cuda:90", "ttg.num-warps" = 4 : i32} {
  tt.func @shared_memory(%x: tensor<64x64xf16, #blocked>, %b: !ttg.memdesc<64x128xi8, #shared_t>) {
    %tile = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared>
    %a = ttg.local_load %tile : !ttg.memdesc<64x64xf16, #shared> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #wgmma, kWidth = 2}>>
    tt.return
  }
}
