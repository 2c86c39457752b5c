// RUN: nereid-opt %s -split-input-file --nvidia-assign-mma-layouts | FileCheck %s

// On sm_90, a dot of f16 or bf16 operands into f32 (the other types: @k_major_operands) whose
// M has 64 rows per warpgroup becomes an nvidia.warpgroup_dot: each operand's source is
// written into an #nvidia.mma_shared buffer that keeps its contiguous dimension contiguous
// (swizzled by 128 bytes, or by the bytes that one wgmma reads along it where fewer), the
// accumulator is converted to #nvidia.mma of version 3, and the result back. The tutorial's tiles: A 128 x 64 (K contiguous), B 64 x 128
// (N contiguous, read transposed), with 4 warps: one warpgroup, instructions of N = 128.

// CHECK-DAG: #[[$WGMMA:.*]] = #nvidia.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
// CHECK-DAG: #[[$SHARED:.*]] = #nvidia.mma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-LABEL: tt.func public @tutorial_tiles
// CHECK: %[[A:.*]] = ttg.local_alloc %arg0 : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #[[$SHARED]]>
// CHECK: %[[B:.*]] = ttg.local_alloc %arg1 : (tensor<64x128xf16, #blocked>) -> !ttg.memdesc<64x128xf16, #[[$SHARED]]>
// CHECK: %[[C:.*]] = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #[[$WGMMA]]>
// CHECK: %[[D:.*]] = nvidia.warpgroup_dot %[[A]], %[[B]], %[[C]] : {{.*}} -> tensor<128x128xf32, #[[$WGMMA]]>
// CHECK: %[[R:.*]] = ttg.convert_layout %[[D]] : tensor<128x128xf32, #[[$WGMMA]]> -> tensor<128x128xf32, #blocked>
// CHECK: tt.return %[[R]]
// CHECK-NOT: tt.dot
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func public @tutorial_tiles(%a: tensor<128x64xf16, #blocked>, %b: tensor<64x128xf16, #blocked>) -> tensor<128x128xf32, #blocked> {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #blocked>
    %0 = ttg.convert_layout %a : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %1 = ttg.convert_layout %b : tensor<64x128xf16, #blocked> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %2 = tt.dot %0, %1, %cst : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x128xf32, #blocked>
    tt.return %2 : tensor<128x128xf32, #blocked>
  }
}

// -----

// 8 warps on 64 rows: one warpgroup along M, two along N (N = 128 each). A has 32 elements of
// K in a row (64 bytes: a 64-byte swizzle); B is K-contiguous (order [0, 1]), so its buffer is
// transposed (rows along N), which wgmma reads K-major.
// CHECK-DAG: #[[$WGMMA:.*]] = #nvidia.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 128, 16]}>
// CHECK-DAG: #[[$A:.*]] = #nvidia.mma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #[[$B:.*]] = #nvidia.mma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 16}>
// CHECK-LABEL: tt.func public @two_warpgroups_along_n
// CHECK: ttg.local_alloc %arg0 : {{.*}} -> !ttg.memdesc<64x32xbf16, #[[$A]]>
// CHECK: ttg.local_alloc %arg1 : {{.*}} -> !ttg.memdesc<32x256xbf16, #[[$B]]>
// CHECK: %[[C:.*]] = ttg.convert_layout %arg2 : {{.*}} -> tensor<64x256xf32, #[[$WGMMA]]>
// CHECK: nvidia.warpgroup_dot {{.*}}, %[[C]] : {{.*}} -> tensor<64x256xf32, #[[$WGMMA]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 8], order = [0, 1]}>
module attributes {"ttg.num-warps" = 8 : i32, ttg.target = "cuda:90"} {
  tt.func public @two_warpgroups_along_n(%a: tensor<64x32xbf16, #blocked>, %b: tensor<32x256xbf16, #blocked1>, %c: tensor<64x256xf32, #blocked>) -> tensor<64x256xf32, #blocked> {
    %0 = ttg.convert_layout %a : tensor<64x32xbf16, #blocked> -> tensor<64x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %1 = ttg.convert_layout %b : tensor<32x256xbf16, #blocked1> -> tensor<32x256xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %2 = tt.dot %0, %1, %c : tensor<64x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x256xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x256xf32, #blocked>
    tt.return %2 : tensor<64x256xf32, #blocked>
  }
}

// -----

// 8-bit operands, which wgmma reads only K-major: fp8 (k32) and int8 into int32 (k32). B is
// N-contiguous in registers, so its buffers are transposed (rows along N, K contiguous)
// whatever its order, and written so. The swizzle is the bytes of K in a row. f32 operands in
// tf32 stay on mma.sync (getWgmmaTypes: not yet run on a GPU).
// CHECK-DAG: #[[$FP8:.*]] = #nvidia.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 32]}>
// CHECK-DAG: #[[$A8:.*]] = #nvidia.mma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
// CHECK-DAG: #[[$B8:.*]] = #nvidia.mma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
// CHECK-LABEL: tt.func public @k_major_operands
// CHECK: ttg.local_alloc %arg0 : {{.*}} -> !ttg.memdesc<128x64xf8E4M3FN, #[[$A8]]>
// CHECK: ttg.local_alloc %arg1 : {{.*}} -> !ttg.memdesc<64x128xf8E4M3FN, #[[$B8]]>
// CHECK: nvidia.warpgroup_dot {{.*}} -> tensor<128x128xf32, #[[$FP8]]>
// CHECK: tt.dot {{.*}} -> tensor<128x128xf32, #mma
// CHECK: ttg.local_alloc %arg6 : {{.*}} -> !ttg.memdesc<128x64xi8, #[[$A8]]>
// CHECK: ttg.local_alloc %arg7 : {{.*}} -> !ttg.memdesc<64x128xi8, #[[$B8]]>
// CHECK: nvidia.warpgroup_dot {{.*}} -> tensor<128x128xi32, #[[$FP8]]>
// CHECK-NOT: tt.dot
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func public @k_major_operands(%a: tensor<128x64xf8E4M3FN, #blocked>, %b: tensor<64x128xf8E4M3FN, #blocked>, %c: tensor<128x128xf32, #blocked>,
                                   %f: tensor<128x64xf32, #blocked>, %g: tensor<64x128xf32, #blocked>, %h: tensor<128x128xf32, #blocked>,
                                   %i: tensor<128x64xi8, #blocked>, %j: tensor<64x128xi8, #blocked>, %k: tensor<128x128xi32, #blocked>) {
    %0 = ttg.convert_layout %a : tensor<128x64xf8E4M3FN, #blocked> -> tensor<128x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %1 = ttg.convert_layout %b : tensor<64x128xf8E4M3FN, #blocked> -> tensor<64x128xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %2 = tt.dot %0, %1, %c : tensor<128x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x128xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x128xf32, #blocked>
    %3 = ttg.convert_layout %f : tensor<128x64xf32, #blocked> -> tensor<128x64xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %4 = ttg.convert_layout %g : tensor<64x128xf32, #blocked> -> tensor<64x128xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %5 = tt.dot %3, %4, %h, inputPrecision = tf32 : tensor<128x64xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x128xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x128xf32, #blocked>
    %6 = ttg.convert_layout %i : tensor<128x64xi8, #blocked> -> tensor<128x64xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %7 = ttg.convert_layout %j : tensor<64x128xi8, #blocked> -> tensor<64x128xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %8 = tt.dot %6, %7, %k : tensor<128x64xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x128xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x128xi32, #blocked>
    tt.return
  }
}

// -----

// Dots that stay on mma.sync on sm_90: M below 64 (here), a warp count that is no warpgroup,
// and every dot before sm_90 (below).
// CHECK-LABEL: tt.func public @mma_sync_on_sm90
// CHECK-NOT: nvidia.warpgroup_dot
// CHECK: tt.dot {{.*}} -> tensor<32x128xf32, #mma>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func public @mma_sync_on_sm90(%a: tensor<32x64xf16, #blocked>, %b: tensor<64x128xf16, #blocked>, %c: tensor<32x128xf32, #blocked>) {
    %0 = ttg.convert_layout %a : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %1 = ttg.convert_layout %b : tensor<64x128xf16, #blocked> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %2 = tt.dot %0, %1, %c : tensor<32x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x128xf32, #blocked>
    tt.return
  }
}

// -----

// CHECK-LABEL: tt.func public @sm80
// CHECK-NOT: nvidia.warpgroup_dot
// CHECK: tt.dot {{.*}} -> tensor<128x128xf32, #mma>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:80"} {
  tt.func public @sm80(%a: tensor<128x64xf16, #blocked>, %b: tensor<64x128xf16, #blocked>, %c: tensor<128x128xf32, #blocked>) -> tensor<128x128xf32, #blocked> {
    %0 = ttg.convert_layout %a : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %1 = ttg.convert_layout %b : tensor<64x128xf16, #blocked> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %2 = tt.dot %0, %1, %c : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x128xf32, #blocked>
    tt.return %2 : tensor<128x128xf32, #blocked>
  }
}
