// RUN: nereid-opt %s -split-input-file --test-print-linear-layout -o /dev/null 2>&1 | FileCheck %s

// The LinearLayout of each NVIDIA encoding (#nvidia.mma, its dot operands, #nvidia.mma_shared),
// as LinearLayout::toString() prints it. The expected bases were worked out by hand from the
// encodings' definitions (docs/layouts.md, "Encodings").

// mma.sync (version 2) with 2x2 warps on 32x32: one warp's 16x8 tile is the PTX accumulator
// fragment (lane 4g + t holds (g, 2t), (g, 2t + 1) in registers 0, 1 and the same 8 rows
// down in registers 2, 3); the warps go along dim1 first, the tile repeats along dim1 in
// register 4. Triton's MMAv2 layouts have these bases.
// CHECK-LABEL: remark: linear layout of 32x32:
// CHECK-NEXT: (register[8], lane[32], warp[4], block[1]) -> (dim0[32], dim1[32])
// CHECK-NEXT:   register 1 -> (dim0=0, dim1=1)
// CHECK-NEXT:   register 2 -> (dim0=8, dim1=0)
// CHECK-NEXT:   register 4 -> (dim0=0, dim1=16)
// CHECK-NEXT:   lane 1 -> (dim0=0, dim1=2)
// CHECK-NEXT:   lane 2 -> (dim0=0, dim1=4)
// CHECK-NEXT:   lane 4 -> (dim0=1, dim1=0)
// CHECK-NEXT:   lane 8 -> (dim0=2, dim1=0)
// CHECK-NEXT:   lane 16 -> (dim0=4, dim1=0)
// CHECK-NEXT:   warp 1 -> (dim0=0, dim1=8)
// CHECK-NEXT:   warp 2 -> (dim0=16, dim1=0)
// CHECK-EMPTY:

// Operand A (32x32, kWidth 2): the m16k16 fragment, registers along K first (register 4 is
// k + 8, register 8 the next 16 of K); the warps along N (warp 1) hold the same rows.
// CHECK-LABEL: remark: linear layout of 32x32:
// CHECK-NEXT: (register[16], lane[32], warp[4], block[1]) -> (dim0[32], dim1[32])
// CHECK-NEXT:   register 1 -> (dim0=0, dim1=1)
// CHECK-NEXT:   register 2 -> (dim0=8, dim1=0)
// CHECK-NEXT:   register 4 -> (dim0=0, dim1=8)
// CHECK-NEXT:   register 8 -> (dim0=0, dim1=16)
// CHECK-NEXT:   lane 1 -> (dim0=0, dim1=2)
// CHECK-NEXT:   lane 2 -> (dim0=0, dim1=4)
// CHECK-NEXT:   lane 4 -> (dim0=1, dim1=0)
// CHECK-NEXT:   lane 8 -> (dim0=2, dim1=0)
// CHECK-NEXT:   lane 16 -> (dim0=4, dim1=0)
// CHECK-NEXT:   warp 1 -> (dim0=0, dim1=0)
// CHECK-NEXT:   warp 2 -> (dim0=16, dim1=0)
// CHECK-EMPTY:

// Operand B (32x32, kWidth 2): the k16n8 fragment, K along dim0; the warps along M
// (warp 2) hold the same columns.
// CHECK-LABEL: remark: linear layout of 32x32:
// CHECK-NEXT: (register[16], lane[32], warp[4], block[1]) -> (dim0[32], dim1[32])
// CHECK-NEXT:   register 1 -> (dim0=1, dim1=0)
// CHECK-NEXT:   register 2 -> (dim0=8, dim1=0)
// CHECK-NEXT:   register 4 -> (dim0=16, dim1=0)
// CHECK-NEXT:   register 8 -> (dim0=0, dim1=16)
// CHECK-NEXT:   lane 1 -> (dim0=2, dim1=0)
// CHECK-NEXT:   lane 2 -> (dim0=4, dim1=0)
// CHECK-NEXT:   lane 4 -> (dim0=0, dim1=1)
// CHECK-NEXT:   lane 8 -> (dim0=0, dim1=2)
// CHECK-NEXT:   lane 16 -> (dim0=0, dim1=4)
// CHECK-NEXT:   warp 1 -> (dim0=0, dim1=8)
// CHECK-NEXT:   warp 2 -> (dim0=0, dim1=0)
// CHECK-EMPTY:
#mma = #nvidia.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {ttg.target = "cuda:80", "ttg.num-warps" = 4 : i32} {
  tt.func @mma_v2(%c: tensor<32x32xf32>, %a: tensor<32x32xf16>) {
    %0 = ttg.convert_layout %c : tensor<32x32xf32> -> tensor<32x32xf32, #mma>
    %1 = ttg.convert_layout %a : tensor<32x32xf16> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %2 = ttg.convert_layout %a : tensor<32x32xf16> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    tt.return
  }
}

// -----

// wgmma (version 3, m64n64) with one warpgroup: each warp holds 16 rows as mma.sync does,
// repeated every 8 columns in registers 4, 8, 16; the 4 warps stack along dim0.
// CHECK-LABEL: remark: linear layout of 64x64:
// CHECK-NEXT: (register[32], lane[32], warp[4], block[1]) -> (dim0[64], dim1[64])
// CHECK-NEXT:   register 1 -> (dim0=0, dim1=1)
// CHECK-NEXT:   register 2 -> (dim0=8, dim1=0)
// CHECK-NEXT:   register 4 -> (dim0=0, dim1=8)
// CHECK-NEXT:   register 8 -> (dim0=0, dim1=16)
// CHECK-NEXT:   register 16 -> (dim0=0, dim1=32)
// CHECK-NEXT:   lane 1 -> (dim0=0, dim1=2)
// CHECK-NEXT:   lane 2 -> (dim0=0, dim1=4)
// CHECK-NEXT:   lane 4 -> (dim0=1, dim1=0)
// CHECK-NEXT:   lane 8 -> (dim0=2, dim1=0)
// CHECK-NEXT:   lane 16 -> (dim0=4, dim1=0)
// CHECK-NEXT:   warp 1 -> (dim0=16, dim1=0)
// CHECK-NEXT:   warp 2 -> (dim0=32, dim1=0)
// CHECK-EMPTY:

// Its operand A in registers (64x16, kWidth 2): the m16k16 fragment of each warp.
// CHECK-LABEL: remark: linear layout of 64x16:
// CHECK-NEXT: (register[8], lane[32], warp[4], block[1]) -> (dim0[64], dim1[16])
// CHECK-NEXT:   register 1 -> (dim0=0, dim1=1)
// CHECK-NEXT:   register 2 -> (dim0=8, dim1=0)
// CHECK-NEXT:   register 4 -> (dim0=0, dim1=8)
// CHECK-NEXT:   lane 1 -> (dim0=0, dim1=2)
// CHECK-NEXT:   lane 2 -> (dim0=0, dim1=4)
// CHECK-NEXT:   lane 4 -> (dim0=1, dim1=0)
// CHECK-NEXT:   lane 8 -> (dim0=2, dim1=0)
// CHECK-NEXT:   lane 16 -> (dim0=4, dim1=0)
// CHECK-NEXT:   warp 1 -> (dim0=16, dim1=0)
// CHECK-NEXT:   warp 2 -> (dim0=32, dim1=0)
// CHECK-EMPTY:
#wgmma = #nvidia.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
module attributes {ttg.target = "cuda:90", "ttg.num-warps" = 4 : i32} {
  tt.func @mma_v3(%c: tensor<64x64xf32>, %a: tensor<64x16xf16>) {
    %0 = ttg.convert_layout %c : tensor<64x64xf32> -> tensor<64x64xf32, #wgmma>
    %1 = ttg.convert_layout %a : tensor<64x16xf16> -> tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #wgmma, kWidth = 2}>>
    tt.return
  }
}

// -----

// #nvidia.mma_shared: the 128-byte swizzle of fp16 on 16x128: tiles of 8 rows of 64 elements, row r's 16-byte
// chunks (8 elements) XORed with r; the second tile of rows (offset 512) comes before the
// second tile of columns (offset 1024).
// CHECK-LABEL: remark: linear layout of 16x128:
// CHECK-NEXT: (offset[2048], block[1]) -> (dim0[16], dim1[128])
// CHECK-NEXT:   offset 1 -> (dim0=0, dim1=1)
// CHECK-NEXT:   offset 2 -> (dim0=0, dim1=2)
// CHECK-NEXT:   offset 4 -> (dim0=0, dim1=4)
// CHECK-NEXT:   offset 8 -> (dim0=0, dim1=8)
// CHECK-NEXT:   offset 16 -> (dim0=0, dim1=16)
// CHECK-NEXT:   offset 32 -> (dim0=0, dim1=32)
// CHECK-NEXT:   offset 64 -> (dim0=1, dim1=8)
// CHECK-NEXT:   offset 128 -> (dim0=2, dim1=16)
// CHECK-NEXT:   offset 256 -> (dim0=4, dim1=32)
// CHECK-NEXT:   offset 512 -> (dim0=8, dim1=0)
// CHECK-NEXT:   offset 1024 -> (dim0=0, dim1=64)
// CHECK-EMPTY:

// The 32-byte swizzle of i8, transposed, on 64x8: dim0 is contiguous in rows of 32
// elements (two 16-byte chunks), the chunks swap every 4 rows (dim1 = 4).
// CHECK-LABEL: remark: linear layout of 64x8:
// CHECK-NEXT: (offset[512], block[1]) -> (dim0[64], dim1[8])
// CHECK-NEXT:   offset 1 -> (dim0=1, dim1=0)
// CHECK-NEXT:   offset 2 -> (dim0=2, dim1=0)
// CHECK-NEXT:   offset 4 -> (dim0=4, dim1=0)
// CHECK-NEXT:   offset 8 -> (dim0=8, dim1=0)
// CHECK-NEXT:   offset 16 -> (dim0=16, dim1=0)
// CHECK-NEXT:   offset 32 -> (dim0=0, dim1=1)
// CHECK-NEXT:   offset 64 -> (dim0=0, dim1=2)
// CHECK-NEXT:   offset 128 -> (dim0=16, dim1=4)
// CHECK-NEXT:   offset 256 -> (dim0=32, dim1=0)
// CHECK-EMPTY:
#mma_shared = #nvidia.mma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#mma_shared_t = #nvidia.mma_shared<{swizzlingByteWidth = 32, transposed = true, elementBitWidth = 8}>
module attributes {ttg.target = "cuda:90", "ttg.num-warps" = 4 : i32} {
  tt.func @mma_shared(%c: tensor<16x128xf16>, %d: tensor<64x8xi8>) {
    %0 = ttg.local_alloc %c : (tensor<16x128xf16>) -> !ttg.memdesc<16x128xf16, #mma_shared>
    %1 = ttg.local_alloc %d : (tensor<64x8xi8>) -> !ttg.memdesc<64x8xi8, #mma_shared_t>
    tt.return
  }
}

// -----

// A batched (rank-3) mma.sync layout: the batch dimension dim0 comes from the slowest warps
// of warpsPerCTA, warps [2, 2, 1]; each matrix is laid out as in rank 2.
// CHECK-LABEL: remark: linear layout of 2x32x8:
// CHECK-NEXT: (register[4], lane[32], warp[4], block[1]) -> (dim0[2], dim1[32], dim2[8])
// CHECK-NEXT:   register 1 -> (dim0=0, dim1=0, dim2=1)
// CHECK-NEXT:   register 2 -> (dim0=0, dim1=8, dim2=0)
// CHECK-NEXT:   lane 1 -> (dim0=0, dim1=0, dim2=2)
// CHECK-NEXT:   lane 2 -> (dim0=0, dim1=0, dim2=4)
// CHECK-NEXT:   lane 4 -> (dim0=0, dim1=1, dim2=0)
// CHECK-NEXT:   lane 8 -> (dim0=0, dim1=2, dim2=0)
// CHECK-NEXT:   lane 16 -> (dim0=0, dim1=4, dim2=0)
// CHECK-NEXT:   warp 1 -> (dim0=0, dim1=16, dim2=0)
// CHECK-NEXT:   warp 2 -> (dim0=1, dim1=0, dim2=0)
// CHECK-EMPTY:
#mma = #nvidia.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2, 1], instrShape = [1, 16, 8]}>
tt.func @batched(%c: tensor<2x32x8xf32>) {
  %0 = ttg.convert_layout %c : tensor<2x32x8xf32> -> tensor<2x32x8xf32, #mma>
  tt.return
}
