// RUN: nereid-opt %s -split-input-file --ttg-stage-dot-operands-in-shared | FileCheck %s

// The operands of an f16 mma.sync dot, loaded row-major: A (128 x 64, rows of 128 bytes) and B
// (64 x 128, rows of 256 bytes) go through buffers that keep their rows contiguous, in groups
// of 8 f16 (16 bytes) XORed with the row's index among 8 (a 128-byte line per row).
// CHECK-DAG: #[[$ROWS:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK-LABEL: tt.func @f16_operands
// CHECK: %[[ABUF:.*]] = ttg.local_alloc %{{.*}} : (tensor<128x64xf16, #{{.*}}>) -> !ttg.memdesc<128x64xf16, #[[$ROWS]]>
// CHECK: %[[A:.*]] = ttg.local_load %[[ABUF]] : !ttg.memdesc<128x64xf16, #[[$ROWS]]> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #{{.*}}, kWidth = 2}>>
// CHECK: %[[BBUF:.*]] = ttg.local_alloc %{{.*}} : (tensor<64x128xf16, #{{.*}}>) -> !ttg.memdesc<64x128xf16, #[[$ROWS]]>
// CHECK: %[[B:.*]] = ttg.local_load %[[BBUF]] : !ttg.memdesc<64x128xf16, #[[$ROWS]]> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #{{.*}}, kWidth = 2}>>
// CHECK: tt.dot %[[A]], %[[B]]
// CHECK-NOT: ttg.convert_layout
#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]}>
#mma = #nvidia.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 4], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 8 : i32, ttg.target = "cuda:90"} {
  tt.func @f16_operands(%x: tensor<128x64xf16, #a>, %y: tensor<64x128xf16, #b>, %c: tensor<128x128xf32, #mma>) -> tensor<128x128xf32, #mma> {
    %xa = ttg.convert_layout %x : tensor<128x64xf16, #a> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %yb = ttg.convert_layout %y : tensor<64x128xf16, #b> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    %d = tt.dot %xa, %yb, %c : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x128xf32, #mma>
    tt.return %d : tensor<128x128xf32, #mma>
  }
}

// -----

// Shorter rows share a 128-byte line: rows of 64 bytes (32 f16) two to a line, their four
// 16-byte groups XORed with the line's index among 4; a transposed load (order [0, 1]) keeps
// its columns contiguous; rows of 8 bytes (4 f16) are one group, not swizzled.
// CHECK-DAG: #[[$HALF:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
// CHECK-DAG: #[[$COLS:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [0, 1]}>
// CHECK-DAG: #[[$NARROW:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 4, perPhase = 16, maxPhase = 1, order = [1, 0]}>
// CHECK-LABEL: tt.func @short_rows
// CHECK: ttg.local_alloc %{{.*}} -> !ttg.memdesc<64x32xf16, #[[$HALF]]>
// CHECK: ttg.local_alloc %{{.*}} -> !ttg.memdesc<32x64xf16, #[[$COLS]]>
// CHECK: ttg.local_alloc %{{.*}} -> !ttg.memdesc<128x4xf16, #[[$NARROW]]>
#rows = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#cols = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#narrow = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #nvidia.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @short_rows(%x: tensor<64x32xf16, #rows>, %y: tensor<32x64xf16, #cols>, %z: tensor<128x4xf16, #narrow>) -> (tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, tensor<128x4xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>) {
    %xa = ttg.convert_layout %x : tensor<64x32xf16, #rows> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %yb = ttg.convert_layout %y : tensor<32x64xf16, #cols> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    %za = ttg.convert_layout %z : tensor<128x4xf16, #narrow> -> tensor<128x4xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    tt.return %xa, %yb, %za : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, tensor<128x4xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  }
}

// -----

// A conversion to an FMA dot's operand layout (a blocked parent) and one between blocked
// layouts stay.
// CHECK-LABEL: tt.func @not_tensor_cores
// CHECK-NOT: ttg.local_alloc
// CHECK-COUNT-2: ttg.convert_layout
// CHECK-NOT: ttg.local_alloc
#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#c = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @not_tensor_cores(%x: tensor<64x32xf32, #a>) -> (tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #c}>>, tensor<64x32xf32, #c>) {
    %xa = ttg.convert_layout %x : tensor<64x32xf32, #a> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #c}>>
    %xc = ttg.convert_layout %x : tensor<64x32xf32, #a> -> tensor<64x32xf32, #c>
    tt.return %xa, %xc : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #c}>>, tensor<64x32xf32, #c>
  }
}
