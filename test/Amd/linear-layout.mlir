// RUN: nereid-opt %s -split-input-file --test-print-linear-layout -o /dev/null 2>&1 | FileCheck %s

// The LinearLayout of each AMD encoding (#amd.mfma and its dot operands), as
// LinearLayout::toString() prints it. The expected bases were worked out by hand from the
// encodings' definitions (docs/layouts.md, "Encodings").

// MFMA 32x32 with 2x2 warps on 64x64: lane l holds column l % 32, its 16 registers rows
// 0-3, 8-11, 16-19, 24-27 (plus 4 for lanes 32-63), as AMD's matrix instruction calculator
// prints v_mfma_f32_32x32x8f16; warps along dim1 first.
// CHECK-LABEL: remark: linear layout of 64x64:
// CHECK-NEXT: (register[16], lane[64], warp[4], block[1]) -> (dim0[64], dim1[64])
// CHECK-NEXT:   register 1 -> (dim0=1, dim1=0)
// CHECK-NEXT:   register 2 -> (dim0=2, dim1=0)
// CHECK-NEXT:   register 4 -> (dim0=8, dim1=0)
// CHECK-NEXT:   register 8 -> (dim0=16, dim1=0)
// CHECK-NEXT:   lane 1 -> (dim0=0, dim1=1)
// CHECK-NEXT:   lane 2 -> (dim0=0, dim1=2)
// CHECK-NEXT:   lane 4 -> (dim0=0, dim1=4)
// CHECK-NEXT:   lane 8 -> (dim0=0, dim1=8)
// CHECK-NEXT:   lane 16 -> (dim0=0, dim1=16)
// CHECK-NEXT:   lane 32 -> (dim0=4, dim1=0)
// CHECK-NEXT:   warp 1 -> (dim0=0, dim1=32)
// CHECK-NEXT:   warp 2 -> (dim0=32, dim1=0)
// CHECK-EMPTY:

// Operand A (64x16, kWidth 4): lane l holds 4 consecutive k of row l % 32, lanes 32-63 the
// next 4; register 4 is the next 8 of K. The warps along N (warp 1) reach past K and hold the
// same elements.
// CHECK-LABEL: remark: linear layout of 64x16:
// CHECK-NEXT: (register[8], lane[64], warp[4], block[1]) -> (dim0[64], dim1[16])
// CHECK-NEXT:   register 1 -> (dim0=0, dim1=1)
// CHECK-NEXT:   register 2 -> (dim0=0, dim1=2)
// CHECK-NEXT:   register 4 -> (dim0=0, dim1=8)
// CHECK-NEXT:   lane 1 -> (dim0=1, dim1=0)
// CHECK-NEXT:   lane 2 -> (dim0=2, dim1=0)
// CHECK-NEXT:   lane 4 -> (dim0=4, dim1=0)
// CHECK-NEXT:   lane 8 -> (dim0=8, dim1=0)
// CHECK-NEXT:   lane 16 -> (dim0=16, dim1=0)
// CHECK-NEXT:   lane 32 -> (dim0=0, dim1=4)
// CHECK-NEXT:   warp 1 -> (dim0=0, dim1=0)
// CHECK-NEXT:   warp 2 -> (dim0=32, dim1=0)
// CHECK-EMPTY:
#mfma = #amd.mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32], isTransposed = false}>
module attributes {ttg.target = "hip:gfx942", "ttg.num-warps" = 4 : i32} {
  tt.func @mfma32(%c: tensor<64x64xf32>, %a: tensor<64x16xf16>) {
    %0 = ttg.convert_layout %c : tensor<64x64xf32> -> tensor<64x64xf32, #mfma>
    %1 = ttg.convert_layout %a : tensor<64x16xf16> -> tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mfma, kWidth = 4}>>
    tt.return
  }
}

// -----

// MFMA 16x16, transposed, on 32x16: a lane holds 4 consecutive elements of a row (registers
// along dim1), lanes walk the rows; the tile repeats down dim0 in register 4.
// CHECK-LABEL: remark: linear layout of 32x16:
// CHECK-NEXT: (register[8], lane[64], warp[1], block[1]) -> (dim0[32], dim1[16])
// CHECK-NEXT:   register 1 -> (dim0=0, dim1=1)
// CHECK-NEXT:   register 2 -> (dim0=0, dim1=2)
// CHECK-NEXT:   register 4 -> (dim0=16, dim1=0)
// CHECK-NEXT:   lane 1 -> (dim0=1, dim1=0)
// CHECK-NEXT:   lane 2 -> (dim0=2, dim1=0)
// CHECK-NEXT:   lane 4 -> (dim0=4, dim1=0)
// CHECK-NEXT:   lane 8 -> (dim0=8, dim1=0)
// CHECK-NEXT:   lane 16 -> (dim0=0, dim1=4)
// CHECK-NEXT:   lane 32 -> (dim0=0, dim1=8)
// CHECK-EMPTY:
#mfma = #amd.mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [16, 16], isTransposed = true}>
module attributes {ttg.target = "hip:gfx942", "ttg.num-warps" = 1 : i32} {
  tt.func @mfma16_transposed(%c: tensor<32x16xf32>) {
    %0 = ttg.convert_layout %c : tensor<32x16xf32> -> tensor<32x16xf32, #mfma>
    tt.return
  }
}

// -----

// A batched (rank-3) MFMA layout: the batch dimension dim0 comes from the slowest warps of
// warpsPerCTA; each matrix is laid out as in rank 2. MFMA 16x16 with warps [2, 1, 2]: the
// warps along N (dim2) first, then the batch.
// CHECK-LABEL: remark: linear layout of 2x16x32:
// CHECK-NEXT: (register[4], lane[64], warp[4], block[1]) -> (dim0[2], dim1[16], dim2[32])
// CHECK-NEXT:   register 1 -> (dim0=0, dim1=1, dim2=0)
// CHECK-NEXT:   register 2 -> (dim0=0, dim1=2, dim2=0)
// CHECK-NEXT:   lane 1 -> (dim0=0, dim1=0, dim2=1)
// CHECK-NEXT:   lane 2 -> (dim0=0, dim1=0, dim2=2)
// CHECK-NEXT:   lane 4 -> (dim0=0, dim1=0, dim2=4)
// CHECK-NEXT:   lane 8 -> (dim0=0, dim1=0, dim2=8)
// CHECK-NEXT:   lane 16 -> (dim0=0, dim1=4, dim2=0)
// CHECK-NEXT:   lane 32 -> (dim0=0, dim1=8, dim2=0)
// CHECK-NEXT:   warp 1 -> (dim0=0, dim1=0, dim2=16)
// CHECK-NEXT:   warp 2 -> (dim0=1, dim1=0, dim2=0)
// CHECK-EMPTY:

// Its operand A with K = 8, shorter than the instruction's 16 (kWidth 4 times 4 lane groups):
// lanes 32-63 and the warps along N (warp 1) repeat lanes 0-31 and warp 0.
// CHECK-LABEL: remark: linear layout of 2x16x8:
// CHECK-NEXT: (register[4], lane[64], warp[4], block[1]) -> (dim0[2], dim1[16], dim2[8])
// CHECK-NEXT:   register 1 -> (dim0=0, dim1=0, dim2=1)
// CHECK-NEXT:   register 2 -> (dim0=0, dim1=0, dim2=2)
// CHECK-NEXT:   lane 1 -> (dim0=0, dim1=1, dim2=0)
// CHECK-NEXT:   lane 2 -> (dim0=0, dim1=2, dim2=0)
// CHECK-NEXT:   lane 4 -> (dim0=0, dim1=4, dim2=0)
// CHECK-NEXT:   lane 8 -> (dim0=0, dim1=8, dim2=0)
// CHECK-NEXT:   lane 16 -> (dim0=0, dim1=0, dim2=4)
// CHECK-NEXT:   lane 32 -> (dim0=0, dim1=0, dim2=0)
// CHECK-NEXT:   warp 1 -> (dim0=0, dim1=0, dim2=0)
// CHECK-NEXT:   warp 2 -> (dim0=1, dim1=0, dim2=0)
// CHECK-EMPTY:
#mfma = #amd.mfma<{version = 3, warpsPerCTA = [2, 1, 2], instrShape = [16, 16], isTransposed = false}>
tt.func @batched(%m: tensor<2x16x32xf32>, %a: tensor<2x16x8xf16>) {
  %0 = ttg.convert_layout %m : tensor<2x16x32xf32> -> tensor<2x16x32xf32, #mfma>
  %1 = ttg.convert_layout %a : tensor<2x16x8xf16> -> tensor<2x16x8xf16, #ttg.dot_op<{opIdx = 0, parent = #mfma, kWidth = 4}>>
  tt.return
}

// -----

// The cases of Triton's LinearLayoutConversionsTest for MFMA dot operands, with the bases it
// expects. mfma32_dot_op_lhs_kwidth4 on 128x128 (warps [2, 4]): registers walk K (1, 2, then
// 8 to 64 past the 8 of a lane pair), then the second 64 rows; the warps along N hold the
// same elements.
// CHECK-LABEL: remark: linear layout of 128x128:
// CHECK-NEXT: (register[128], lane[64], warp[8], block[1]) -> (dim0[128], dim1[128])
// CHECK-NEXT:   register 1 -> (dim0=0, dim1=1)
// CHECK-NEXT:   register 2 -> (dim0=0, dim1=2)
// CHECK-NEXT:   register 4 -> (dim0=0, dim1=8)
// CHECK-NEXT:   register 8 -> (dim0=0, dim1=16)
// CHECK-NEXT:   register 16 -> (dim0=0, dim1=32)
// CHECK-NEXT:   register 32 -> (dim0=0, dim1=64)
// CHECK-NEXT:   register 64 -> (dim0=64, dim1=0)
// CHECK-NEXT:   lane 1 -> (dim0=1, dim1=0)
// CHECK-NEXT:   lane 2 -> (dim0=2, dim1=0)
// CHECK-NEXT:   lane 4 -> (dim0=4, dim1=0)
// CHECK-NEXT:   lane 8 -> (dim0=8, dim1=0)
// CHECK-NEXT:   lane 16 -> (dim0=16, dim1=0)
// CHECK-NEXT:   lane 32 -> (dim0=0, dim1=4)
// CHECK-NEXT:   warp 1 -> (dim0=0, dim1=0)
// CHECK-NEXT:   warp 2 -> (dim0=0, dim1=0)
// CHECK-NEXT:   warp 4 -> (dim0=32, dim1=0)
// CHECK-EMPTY:

// mfma16_dot_op_rhs_kwidth4 on 128x128: B's K along dim0, 4 lane groups of kWidth 4.
// CHECK-LABEL: remark: linear layout of 128x128:
// CHECK-NEXT: (register[64], lane[64], warp[8], block[1]) -> (dim0[128], dim1[128])
// CHECK-NEXT:   register 1 -> (dim0=1, dim1=0)
// CHECK-NEXT:   register 2 -> (dim0=2, dim1=0)
// CHECK-NEXT:   register 4 -> (dim0=16, dim1=0)
// CHECK-NEXT:   register 8 -> (dim0=32, dim1=0)
// CHECK-NEXT:   register 16 -> (dim0=64, dim1=0)
// CHECK-NEXT:   register 32 -> (dim0=0, dim1=64)
// CHECK-NEXT:   lane 1 -> (dim0=0, dim1=1)
// CHECK-NEXT:   lane 2 -> (dim0=0, dim1=2)
// CHECK-NEXT:   lane 4 -> (dim0=0, dim1=4)
// CHECK-NEXT:   lane 8 -> (dim0=0, dim1=8)
// CHECK-NEXT:   lane 16 -> (dim0=4, dim1=0)
// CHECK-NEXT:   lane 32 -> (dim0=8, dim1=0)
// CHECK-NEXT:   warp 1 -> (dim0=0, dim1=16)
// CHECK-NEXT:   warp 2 -> (dim0=0, dim1=32)
// CHECK-NEXT:   warp 4 -> (dim0=0, dim1=0)
// CHECK-EMPTY:

// mfma32_dot_op_rhs_kwidth4 on 32x64: the N warps past 64 columns hold the same elements.
// CHECK-LABEL: remark: linear layout of 32x64:
// CHECK-NEXT: (register[16], lane[64], warp[8], block[1]) -> (dim0[32], dim1[64])
// CHECK-NEXT:   register 1 -> (dim0=1, dim1=0)
// CHECK-NEXT:   register 2 -> (dim0=2, dim1=0)
// CHECK-NEXT:   register 4 -> (dim0=8, dim1=0)
// CHECK-NEXT:   register 8 -> (dim0=16, dim1=0)
// CHECK-NEXT:   lane 1 -> (dim0=0, dim1=1)
// CHECK-NEXT:   lane 2 -> (dim0=0, dim1=2)
// CHECK-NEXT:   lane 4 -> (dim0=0, dim1=4)
// CHECK-NEXT:   lane 8 -> (dim0=0, dim1=8)
// CHECK-NEXT:   lane 16 -> (dim0=0, dim1=16)
// CHECK-NEXT:   lane 32 -> (dim0=4, dim1=0)
// CHECK-NEXT:   warp 1 -> (dim0=0, dim1=32)
// CHECK-NEXT:   warp 2 -> (dim0=0, dim1=0)
// CHECK-NEXT:   warp 4 -> (dim0=0, dim1=0)
// CHECK-EMPTY:
#mfma32 = #amd.mfma<{version = 3, warpsPerCTA = [2, 4], instrShape = [32, 32], isTransposed = false}>
#mfma16 = #amd.mfma<{version = 3, warpsPerCTA = [2, 4], instrShape = [16, 16], isTransposed = false}>
module attributes {ttg.target = "hip:gfx942", "ttg.num-warps" = 8 : i32} {
  tt.func @triton_mfma_operands(%a: tensor<128x128xf16>, %b: tensor<32x64xf16>) {
    %0 = ttg.convert_layout %a : tensor<128x128xf16> -> tensor<128x128xf16, #ttg.dot_op<{opIdx = 0, parent = #mfma32, kWidth = 4}>>
    %1 = ttg.convert_layout %a : tensor<128x128xf16> -> tensor<128x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mfma16, kWidth = 4}>>
    %2 = ttg.convert_layout %b : tensor<32x64xf16> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mfma32, kWidth = 4}>>
    tt.return
  }
}
