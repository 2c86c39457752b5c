// RUN: nereid-opt %s -split-input-file --test-print-linear-layout -o /dev/null 2>&1 | FileCheck %s
// REQUIRES: backend-cpu, backend-nvidia

// The LinearLayout of each encoding, as LinearLayout::toString() prints it. The expected bases
// were worked out by hand from the encodings' definitions (docs/layouts.md, "Encodings").

// A CPU with AVX-512 whose one lane holds a row of 16 fp32 in registers, one warp: the 16
// registers walk dim1, then the tile repeats down dim0 in more registers.
// CHECK-LABEL: remark: linear layout of 16x16:
// CHECK-NEXT: (register[256], lane[1], warp[1], block[1]) -> (dim0[16], dim1[16])
// CHECK-NEXT:   register 1 -> (dim0=0, dim1=1)
// CHECK-NEXT:   register 2 -> (dim0=0, dim1=2)
// CHECK-NEXT:   register 4 -> (dim0=0, dim1=4)
// CHECK-NEXT:   register 8 -> (dim0=0, dim1=8)
// CHECK-NEXT:   register 16 -> (dim0=1, dim1=0)
// CHECK-NEXT:   register 32 -> (dim0=2, dim1=0)
// CHECK-NEXT:   register 64 -> (dim0=4, dim1=0)
// CHECK-NEXT:   register 128 -> (dim0=8, dim1=0)
// CHECK-EMPTY:

// Its slice along dim1 (a row reduction): one element per row, the rows in registers; the
// registers that held the other columns repeat and are dropped.
// CHECK-LABEL: remark: linear layout of 16:
// CHECK-NEXT: (register[16], lane[1], warp[1], block[1]) -> (dim0[16])
// CHECK-NEXT:   register 1 -> (dim0=1)
// CHECK-NEXT:   register 2 -> (dim0=2)
// CHECK-NEXT:   register 4 -> (dim0=4)
// CHECK-NEXT:   register 8 -> (dim0=8)
// CHECK-EMPTY:
#cpu = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [1, 1], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {ttg.target = "cpu:x86_64:avx512", "ttg.num-warps" = 1 : i32} {
  tt.func @cpu_registers(%a: tensor<16x16xf32>, %b: tensor<16xf32>) {
    %0 = ttg.convert_layout %a : tensor<16x16xf32> -> tensor<16x16xf32, #cpu>
    %1 = ttg.convert_layout %b : tensor<16xf32> -> tensor<16xf32, #ttg.slice<{dim = 1, parent = #cpu}>>
    tt.return
  }
}

// -----

// A CPU with AVX-512 whose 16 SIMD lanes hold 16 fp32 of a row (threadsPerWarp [1, 16]), on a
// 16x32 tensor: register 1 is the second half of the row, the others walk down dim0.
// CHECK-LABEL: remark: linear layout of 16x32:
// CHECK-NEXT: (register[32], lane[16], warp[1], block[1]) -> (dim0[16], dim1[32])
// CHECK-NEXT:   register 1 -> (dim0=0, dim1=16)
// CHECK-NEXT:   register 2 -> (dim0=1, dim1=0)
// CHECK-NEXT:   register 4 -> (dim0=2, dim1=0)
// CHECK-NEXT:   register 8 -> (dim0=4, dim1=0)
// CHECK-NEXT:   register 16 -> (dim0=8, dim1=0)
// CHECK-NEXT:   lane 1 -> (dim0=0, dim1=1)
// CHECK-NEXT:   lane 2 -> (dim0=0, dim1=2)
// CHECK-NEXT:   lane 4 -> (dim0=0, dim1=4)
// CHECK-NEXT:   lane 8 -> (dim0=0, dim1=8)
// CHECK-EMPTY:

// Its slice along dim0 (a column reduction): a row of 32 in two vectors of 16 lanes.
// CHECK-LABEL: remark: linear layout of 32:
// CHECK-NEXT: (register[2], lane[16], warp[1], block[1]) -> (dim0[32])
// CHECK-NEXT:   register 1 -> (dim0=16)
// CHECK-NEXT:   lane 1 -> (dim0=1)
// CHECK-NEXT:   lane 2 -> (dim0=2)
// CHECK-NEXT:   lane 4 -> (dim0=4)
// CHECK-NEXT:   lane 8 -> (dim0=8)
// CHECK-EMPTY:
#simd = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {ttg.target = "cpu:x86_64:avx512", "ttg.num-warps" = 1 : i32} {
  tt.func @cpu_lanes(%a: tensor<16x32xf32>, %b: tensor<32xf32>) {
    %0 = ttg.convert_layout %a : tensor<16x32xf32> -> tensor<16x32xf32, #simd>
    %1 = ttg.convert_layout %b : tensor<32xf32> -> tensor<32xf32, #ttg.slice<{dim = 0, parent = #simd}>>
    tt.return
  }
}

// -----

// The CPU picture of docs/layouts.md: AVX2, 8 fp32 lanes, a 16x16 tile in 32 vectors.
// CHECK-LABEL: remark: linear layout of 16x16:
// CHECK-NEXT: (register[32], lane[8], warp[1], block[1]) -> (dim0[16], dim1[16])
// CHECK-NEXT:   register 1 -> (dim0=0, dim1=8)
// CHECK-NEXT:   register 2 -> (dim0=1, dim1=0)
// CHECK-NEXT:   register 4 -> (dim0=2, dim1=0)
// CHECK-NEXT:   register 8 -> (dim0=4, dim1=0)
// CHECK-NEXT:   register 16 -> (dim0=8, dim1=0)
// CHECK-NEXT:   lane 1 -> (dim0=0, dim1=1)
// CHECK-NEXT:   lane 2 -> (dim0=0, dim1=2)
// CHECK-NEXT:   lane 4 -> (dim0=0, dim1=4)
// CHECK-EMPTY:
#avx2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {ttg.target = "cpu:x86_64:avx2", "ttg.num-warps" = 1 : i32} {
  tt.func @cpu_docs(%a: tensor<16x16xf32>) {
    %0 = ttg.convert_layout %a : tensor<16x16xf32> -> tensor<16x16xf32, #avx2>
    tt.return
  }
}

// -----

// The GPU picture of docs/layouts.md: 4 registers of a row per thread, 8x4 threads per warp,
// 2 warps down dim0; the tile is exactly 16x16.
// CHECK-LABEL: remark: linear layout of 16x16:
// CHECK-NEXT: (register[4], lane[32], warp[2], block[1]) -> (dim0[16], dim1[16])
// CHECK-NEXT:   register 1 -> (dim0=0, dim1=1)
// CHECK-NEXT:   register 2 -> (dim0=0, dim1=2)
// CHECK-NEXT:   lane 1 -> (dim0=0, dim1=4)
// CHECK-NEXT:   lane 2 -> (dim0=0, dim1=8)
// CHECK-NEXT:   lane 4 -> (dim0=1, dim1=0)
// CHECK-NEXT:   lane 8 -> (dim0=2, dim1=0)
// CHECK-NEXT:   lane 16 -> (dim0=4, dim1=0)
// CHECK-NEXT:   warp 1 -> (dim0=8, dim1=0)
// CHECK-EMPTY:

// Its slice along dim1: row r is held by the 4 lanes 4 (r % 8) + {0..3} of warp r / 8, so
// lanes 1 and 2 are broadcast and no register repeats.
// CHECK-LABEL: remark: linear layout of 16:
// CHECK-NEXT: (register[1], lane[32], warp[2], block[1]) -> (dim0[16])
// CHECK-NEXT:   lane 1 -> (dim0=0)
// CHECK-NEXT:   lane 2 -> (dim0=0)
// CHECK-NEXT:   lane 4 -> (dim0=1)
// CHECK-NEXT:   lane 8 -> (dim0=2)
// CHECK-NEXT:   lane 16 -> (dim0=4)
// CHECK-NEXT:   warp 1 -> (dim0=8)
// CHECK-EMPTY:

// Its slice along dim0: column c is held in register c % 4 of lane c / 4 by every row of lanes
// and both warps.
// CHECK-LABEL: remark: linear layout of 16:
// CHECK-NEXT: (register[4], lane[32], warp[2], block[1]) -> (dim0[16])
// CHECK-NEXT:   register 1 -> (dim0=1)
// CHECK-NEXT:   register 2 -> (dim0=2)
// CHECK-NEXT:   lane 1 -> (dim0=4)
// CHECK-NEXT:   lane 2 -> (dim0=8)
// CHECK-NEXT:   lane 4 -> (dim0=0)
// CHECK-NEXT:   lane 8 -> (dim0=0)
// CHECK-NEXT:   lane 16 -> (dim0=0)
// CHECK-NEXT:   warp 1 -> (dim0=0)
// CHECK-EMPTY:

// The same encoding on an 8x4 tensor, smaller than its tile: the lanes and the warp that would
// reach past the tensor hold the same elements as others (broadcast).
// CHECK-LABEL: remark: linear layout of 8x4:
// CHECK-NEXT: (register[4], lane[32], warp[2], block[1]) -> (dim0[8], dim1[4])
// CHECK-NEXT:   register 1 -> (dim0=0, dim1=1)
// CHECK-NEXT:   register 2 -> (dim0=0, dim1=2)
// CHECK-NEXT:   lane 1 -> (dim0=0, dim1=0)
// CHECK-NEXT:   lane 2 -> (dim0=0, dim1=0)
// CHECK-NEXT:   lane 4 -> (dim0=1, dim1=0)
// CHECK-NEXT:   lane 8 -> (dim0=2, dim1=0)
// CHECK-NEXT:   lane 16 -> (dim0=4, dim1=0)
// CHECK-NEXT:   warp 1 -> (dim0=0, dim1=0)
// CHECK-EMPTY:

// And on a 64x16 tensor, four times taller: two more registers walk down dim0 above the warps.
// CHECK-LABEL: remark: linear layout of 64x16:
// CHECK-NEXT: (register[16], lane[32], warp[2], block[1]) -> (dim0[64], dim1[16])
// CHECK-NEXT:   register 1 -> (dim0=0, dim1=1)
// CHECK-NEXT:   register 2 -> (dim0=0, dim1=2)
// CHECK-NEXT:   register 4 -> (dim0=16, dim1=0)
// CHECK-NEXT:   register 8 -> (dim0=32, dim1=0)
// CHECK-NEXT:   lane 1 -> (dim0=0, dim1=4)
// CHECK-NEXT:   lane 2 -> (dim0=0, dim1=8)
// CHECK-NEXT:   lane 4 -> (dim0=1, dim1=0)
// CHECK-NEXT:   lane 8 -> (dim0=2, dim1=0)
// CHECK-NEXT:   lane 16 -> (dim0=4, dim1=0)
// CHECK-NEXT:   warp 1 -> (dim0=8, dim1=0)
// CHECK-EMPTY:
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]}>
module attributes {ttg.target = "cuda:90", "ttg.num-warps" = 2 : i32} {
  tt.func @gpu(%a: tensor<16x16xf32>, %b: tensor<16xf32>, %c: tensor<8x4xf32>, %d: tensor<64x16xf32>) {
    %0 = ttg.convert_layout %a : tensor<16x16xf32> -> tensor<16x16xf32, #blocked>
    %1 = ttg.convert_layout %b : tensor<16xf32> -> tensor<16xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %2 = ttg.convert_layout %b : tensor<16xf32> -> tensor<16xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %3 = ttg.convert_layout %c : tensor<8x4xf32> -> tensor<8x4xf32, #blocked>
    %4 = ttg.convert_layout %d : tensor<64x16xf32> -> tensor<64x16xf32, #blocked>
    tt.return
  }
}

// -----

// A 3-D parent and a slice of a slice. On 4x4x32 the 2x2x32 tile of lanes and registers and
// the 2 warps cover dims 2 and 0; dim1 repeats once in register 4.
// CHECK-LABEL: remark: linear layout of 4x4x32:
// CHECK-NEXT: (register[8], lane[32], warp[2], block[1]) -> (dim0[4], dim1[4], dim2[32])
// CHECK-NEXT:   register 1 -> (dim0=0, dim1=0, dim2=1)
// CHECK-NEXT:   register 2 -> (dim0=0, dim1=0, dim2=2)
// CHECK-NEXT:   register 4 -> (dim0=0, dim1=2, dim2=0)
// CHECK-NEXT:   lane 1 -> (dim0=0, dim1=0, dim2=4)
// CHECK-NEXT:   lane 2 -> (dim0=0, dim1=0, dim2=8)
// CHECK-NEXT:   lane 4 -> (dim0=0, dim1=0, dim2=16)
// CHECK-NEXT:   lane 8 -> (dim0=0, dim1=1, dim2=0)
// CHECK-NEXT:   lane 16 -> (dim0=1, dim1=0, dim2=0)
// CHECK-NEXT:   warp 1 -> (dim0=2, dim1=0, dim2=0)
// CHECK-EMPTY:

// Sliced along dim0: the old dims 1 and 2 become dim0 and dim1; lane 16 and the warp broadcast.
// CHECK-LABEL: remark: linear layout of 4x32:
// CHECK-NEXT: (register[8], lane[32], warp[2], block[1]) -> (dim0[4], dim1[32])
// CHECK-NEXT:   register 1 -> (dim0=0, dim1=1)
// CHECK-NEXT:   register 2 -> (dim0=0, dim1=2)
// CHECK-NEXT:   register 4 -> (dim0=2, dim1=0)
// CHECK-NEXT:   lane 1 -> (dim0=0, dim1=4)
// CHECK-NEXT:   lane 2 -> (dim0=0, dim1=8)
// CHECK-NEXT:   lane 4 -> (dim0=0, dim1=16)
// CHECK-NEXT:   lane 8 -> (dim0=1, dim1=0)
// CHECK-NEXT:   lane 16 -> (dim0=0, dim1=0)
// CHECK-NEXT:   warp 1 -> (dim0=0, dim1=0)
// CHECK-EMPTY:

// Then along its dim1 (the old dim2): old dim1 index = lane bit 3 + 2 * register bit 2, and
// the two registers that walked the old dim2 are gone.
// CHECK-LABEL: remark: linear layout of 4:
// CHECK-NEXT: (register[2], lane[32], warp[2], block[1]) -> (dim0[4])
// CHECK-NEXT:   register 1 -> (dim0=2)
// CHECK-NEXT:   lane 1 -> (dim0=0)
// CHECK-NEXT:   lane 2 -> (dim0=0)
// CHECK-NEXT:   lane 4 -> (dim0=0)
// CHECK-NEXT:   lane 8 -> (dim0=1)
// CHECK-NEXT:   lane 16 -> (dim0=0)
// CHECK-NEXT:   warp 1 -> (dim0=0)
// CHECK-EMPTY:
#b3 = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [2, 2, 8], warpsPerCTA = [2, 1, 1], order = [2, 1, 0]}>
#s1 = #ttg.slice<{dim = 0, parent = #b3}>
#s2 = #ttg.slice<{dim = 1, parent = #s1}>
module attributes {ttg.target = "cuda:80", "ttg.num-warps" = 2 : i32} {
  tt.func @nested(%a: tensor<4x4x32xi32>, %b: tensor<4x32xi32>, %c: tensor<4xi32>) {
    %0 = ttg.convert_layout %a : tensor<4x4x32xi32> -> tensor<4x4x32xi32, #b3>
    %1 = ttg.convert_layout %b : tensor<4x32xi32> -> tensor<4x32xi32, #s1>
    %2 = ttg.convert_layout %c : tensor<4xi32> -> tensor<4xi32, #s2>
    tt.return
  }
}

// -----

// FMA dot operands (blocked parent, Triton's fmaDotToLinearLayout). A (16x8): each lane holds
// the whole K of its row in registers; the 4 lanes that the parent spreads along dim1 hold
// the same row.
// CHECK-LABEL: remark: linear layout of 16x8:
// CHECK-NEXT: (register[8], lane[32], warp[2], block[1]) -> (dim0[16], dim1[8])
// CHECK-NEXT:   register 1 -> (dim0=0, dim1=1)
// CHECK-NEXT:   register 2 -> (dim0=0, dim1=2)
// CHECK-NEXT:   register 4 -> (dim0=0, dim1=4)
// CHECK-NEXT:   lane 1 -> (dim0=0, dim1=0)
// CHECK-NEXT:   lane 2 -> (dim0=0, dim1=0)
// CHECK-NEXT:   lane 4 -> (dim0=1, dim1=0)
// CHECK-NEXT:   lane 8 -> (dim0=2, dim1=0)
// CHECK-NEXT:   lane 16 -> (dim0=4, dim1=0)
// CHECK-NEXT:   warp 1 -> (dim0=8, dim1=0)
// CHECK-EMPTY:

// B (8x16): each lane holds the whole K of its 4 columns; lanes and warps along dim0 repeat.
// CHECK-LABEL: remark: linear layout of 8x16:
// CHECK-NEXT: (register[32], lane[32], warp[2], block[1]) -> (dim0[8], dim1[16])
// CHECK-NEXT:   register 1 -> (dim0=0, dim1=1)
// CHECK-NEXT:   register 2 -> (dim0=0, dim1=2)
// CHECK-NEXT:   register 4 -> (dim0=1, dim1=0)
// CHECK-NEXT:   register 8 -> (dim0=2, dim1=0)
// CHECK-NEXT:   register 16 -> (dim0=4, dim1=0)
// CHECK-NEXT:   lane 1 -> (dim0=0, dim1=4)
// CHECK-NEXT:   lane 2 -> (dim0=0, dim1=8)
// CHECK-NEXT:   lane 4 -> (dim0=0, dim1=0)
// CHECK-NEXT:   lane 8 -> (dim0=0, dim1=0)
// CHECK-NEXT:   lane 16 -> (dim0=0, dim1=0)
// CHECK-NEXT:   warp 1 -> (dim0=0, dim1=0)
// CHECK-EMPTY:
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]}>
module attributes {ttg.target = "cuda:80", "ttg.num-warps" = 2 : i32} {
  tt.func @fma_operands(%a: tensor<16x8xf32>, %b: tensor<8x16xf32>) {
    %0 = ttg.convert_layout %a : tensor<16x8xf32> -> tensor<16x8xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %1 = ttg.convert_layout %b : tensor<8x16xf32> -> tensor<8x16xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    tt.return
  }
}

// -----

// Shared layouts map the offset of an element in the buffer to its index. A swizzled 16x16
// buffer (vec 2, perPhase 2, maxPhase 4): offsets walk a row (dim1) first; rows 2 and 3
// start at column group 1 (column 2), rows 4-5 at group 2, rows 6-7 at group 3, and the
// phase repeats from row 8.
// CHECK-LABEL: remark: linear layout of 16x16:
// CHECK-NEXT: (offset[256], block[1]) -> (dim0[16], dim1[16])
// CHECK-NEXT:   offset 1 -> (dim0=0, dim1=1)
// CHECK-NEXT:   offset 2 -> (dim0=0, dim1=2)
// CHECK-NEXT:   offset 4 -> (dim0=0, dim1=4)
// CHECK-NEXT:   offset 8 -> (dim0=0, dim1=8)
// CHECK-NEXT:   offset 16 -> (dim0=1, dim1=0)
// CHECK-NEXT:   offset 32 -> (dim0=2, dim1=2)
// CHECK-NEXT:   offset 64 -> (dim0=4, dim1=4)
// CHECK-NEXT:   offset 128 -> (dim0=8, dim1=0)
// CHECK-EMPTY:

// Column-major (order [0, 1]) with maxPhase 4 only: dim0 is contiguous, and column c's
// elements are rotated by c % 4 (Triton's SharedSwizzled2D_MaxPhaseOnly, transposed).
// CHECK-LABEL: remark: linear layout of 8x4:
// CHECK-NEXT: (offset[32], block[1]) -> (dim0[8], dim1[4])
// CHECK-NEXT:   offset 1 -> (dim0=1, dim1=0)
// CHECK-NEXT:   offset 2 -> (dim0=2, dim1=0)
// CHECK-NEXT:   offset 4 -> (dim0=4, dim1=0)
// CHECK-NEXT:   offset 8 -> (dim0=1, dim1=1)
// CHECK-NEXT:   offset 16 -> (dim0=2, dim1=2)
// CHECK-EMPTY:

#swizzled = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#column_major = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 4, order = [0, 1]}>
module attributes {ttg.target = "cuda:90", "ttg.num-warps" = 4 : i32} {
  tt.func @shared(%a: tensor<16x16xf16>, %b: tensor<8x4xf16>) {
    %0 = ttg.local_alloc %a : (tensor<16x16xf16>) -> !ttg.memdesc<16x16xf16, #swizzled>
    %1 = ttg.local_alloc %b : (tensor<8x4xf16>) -> !ttg.memdesc<8x4xf16, #column_major>
    tt.return
  }
}

// -----

// Panels of 4 columns of a 2x8 matrix: offsets 1, 2 are columns within a panel, 4 the next
// row, 8 the next panel. A row of it (1-D): the row bit (offset 4) holds another row's element,
// no element of this one.
// CHECK-LABEL: remark: linear layout of 2x8:
// CHECK-NEXT: (offset[16], block[1]) -> (dim0[2], dim1[8])
// CHECK-NEXT:   offset 1 -> (dim0=0, dim1=1)
// CHECK-NEXT:   offset 2 -> (dim0=0, dim1=2)
// CHECK-NEXT:   offset 4 -> (dim0=1, dim1=0)
// CHECK-NEXT:   offset 8 -> (dim0=0, dim1=4)
// CHECK-EMPTY:
// CHECK-LABEL: remark: linear layout of 8:
// CHECK-NEXT: (offset[16], block[1]) -> (dim0[8])
// CHECK-NEXT:   offset 1 -> (dim0=1)
// CHECK-NEXT:   offset 2 -> (dim0=2)
// CHECK-NEXT:   offset 4 -> (dim0=0)
// CHECK-NEXT:   offset 8 -> (dim0=4)
// CHECK-EMPTY:
#panels = #ttg.panel_shared<{width = 4, rows = 2}>
module attributes {ttg.target = "cpu:x86_64:avx2", "ttg.num-warps" = 1 : i32} {
  tt.func @panels(%i: i32) {
    %0 = ttg.local_alloc : () -> !ttg.memdesc<2x8xf32, #panels, mutable>
    %1 = ttg.memdesc_index %0[%i] : !ttg.memdesc<2x8xf32, #panels, mutable> -> !ttg.memdesc<8xf32, #panels, mutable>
    tt.return
  }
}
