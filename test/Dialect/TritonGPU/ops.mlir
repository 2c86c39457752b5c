// RUN: nereid-opt %s -split-input-file | FileCheck %s
// RUN: nereid-opt %s -split-input-file | nereid-opt -split-input-file | FileCheck %s
// REQUIRES: backend-amd, backend-cpu, backend-nvidia

// The ttg encodings, convert_layout and the module attributes print as they parse.

// CHECK-DAG: #[[$BLOCKED:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]}>
// CHECK-DAG: #[[$COLUMNS:.*]] = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 2], order = [0, 1]}>
// CHECK-DAG: #[[$SLICE:.*]] = #ttg.slice<{dim = 1, parent = #[[$BLOCKED]]}>
// CHECK: module attributes {"ttg.num-warps" = 2 : i32, ttg.target = "cuda:90"}
// CHECK-LABEL: tt.func @convert
// CHECK-SAME: (%[[A:.*]]: tensor<16x16xf32, #[[$BLOCKED]]>, %{{.*}}: tensor<16xf32, #[[$SLICE]]>)
// CHECK: %[[C:.*]] = ttg.convert_layout %[[A]] : tensor<16x16xf32, #[[$BLOCKED]]> -> tensor<16x16xf32, #[[$COLUMNS]]>
// CHECK: ttg.convert_layout %[[C]] : tensor<16x16xf32, #[[$COLUMNS]]> -> tensor<16x16xf32>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]}>
#columns = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 2], order = [0, 1]}>
#slice = #ttg.slice<{dim = 1, parent = #blocked}>
module attributes {ttg.target = "cuda:90", "ttg.num-warps" = 2 : i32} {
  tt.func @convert(%a: tensor<16x16xf32, #blocked>, %b: tensor<16xf32, #slice>) -> tensor<16x16xf32> {
    %0 = ttg.convert_layout %a : tensor<16x16xf32, #blocked> -> tensor<16x16xf32, #columns>
    %1 = ttg.convert_layout %0 : tensor<16x16xf32, #columns> -> tensor<16x16xf32>
    tt.return %1 : tensor<16x16xf32>
  }
}

// -----

// A slice of a slice, and a 3-D parent.
// CHECK-DAG: #[[$B3:.*]] = #ttg.blocked<{sizePerThread = [1, 1, 8], threadsPerWarp = [2, 4, 8], warpsPerCTA = [1, 2, 2], order = [2, 1, 0]}>
// CHECK-DAG: #[[$S1:.*]] = #ttg.slice<{dim = 0, parent = #[[$B3]]}>
// CHECK-DAG: #[[$S2:.*]] = #ttg.slice<{dim = 1, parent = #[[$S1]]}>
// CHECK: module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942"}
// CHECK-LABEL: tt.func @nested
// CHECK-SAME: tensor<64xi32, #[[$S2]]>
#b3 = #ttg.blocked<{sizePerThread = [1, 1, 8], threadsPerWarp = [2, 4, 8], warpsPerCTA = [1, 2, 2], order = [2, 1, 0]}>
#s1 = #ttg.slice<{dim = 0, parent = #b3}>
#s2 = #ttg.slice<{dim = 1, parent = #s1}>
module attributes {ttg.target = "hip:gfx942", "ttg.num-warps" = 4 : i32} {
  tt.func @nested(%a: tensor<64xi32, #s2>) {
    tt.return
  }
}

// -----

// The dot operands of an FMA dot (a blocked parent). Those of the backends' tensor-core
// encodings are in test/Nvidia/layouts.mlir and test/Amd/layouts.mlir.
// CHECK-DAG: #[[$FMA:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-LABEL: tt.func @dot_operands
// CHECK-SAME: tensor<16x8xf32, #ttg.dot_op<{opIdx = 0, parent = #[[$FMA]]}>>
// CHECK-SAME: tensor<8x16xf32, #ttg.dot_op<{opIdx = 1, parent = #[[$FMA]]}>>
#fma = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
tt.func @dot_operands(%a: tensor<16x8xf32, #ttg.dot_op<{opIdx = 0, parent = #fma}>>,
                      %b: tensor<8x16xf32, #ttg.dot_op<{opIdx = 1, parent = #fma}>>) {
  tt.return
}

// -----

// The shared encodings, !ttg.memdesc and the local_* ops.
// CHECK-DAG: #[[$SWIZZLED:.*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK-LABEL: tt.func @shared_memory
// CHECK-SAME: (%[[X:.*]]: tensor<64x64xf16, #{{.*}}>)
// CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #[[$SWIZZLED]], mutable>
// CHECK: ttg.local_store %[[X]], %[[BUF]] : tensor<64x64xf16, #{{.*}}> -> !ttg.memdesc<64x64xf16, #[[$SWIZZLED]], mutable>
// CHECK: %[[Y:.*]] = ttg.local_load %[[BUF]] : !ttg.memdesc<64x64xf16, #[[$SWIZZLED]], mutable> -> tensor<64x64xf16, #{{.*}}>
// CHECK: %[[ROW:.*]] = ttg.memdesc_index %[[BUF]][%{{.*}}] : !ttg.memdesc<64x64xf16, #[[$SWIZZLED]], mutable> -> !ttg.memdesc<64xf16, #{{.*}}, mutable>
// CHECK: ttg.local_load %[[ROW]] : !ttg.memdesc<64xf16, #{{.*}}, mutable> -> tensor<64xf16, #{{.*}}>
// CHECK: ttg.local_dealloc %[[BUF]] : !ttg.memdesc<64x64xf16, #[[$SWIZZLED]], mutable>
// CHECK: %[[TILE:.*]] = ttg.local_alloc %[[Y]] : (tensor<64x64xf16, #{{.*}}>) -> !ttg.memdesc<64x64xf16, #[[$SWIZZLED]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#swizzled = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#swizzled1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {ttg.target = "cuda:90", "ttg.num-warps" = 4 : i32} {
  tt.func @shared_memory(%x: tensor<64x64xf16, #blocked>) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #swizzled, mutable>
    ttg.local_store %x, %buf : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #swizzled, mutable>
    %y = ttg.local_load %buf : !ttg.memdesc<64x64xf16, #swizzled, mutable> -> tensor<64x64xf16, #blocked>
    %i = arith.constant 3 : i32
    %row = ttg.memdesc_index %buf[%i] : !ttg.memdesc<64x64xf16, #swizzled, mutable> -> !ttg.memdesc<64xf16, #swizzled1, mutable>
    %r = ttg.local_load %row : !ttg.memdesc<64xf16, #swizzled1, mutable> -> tensor<64xf16, #blocked1>
    ttg.local_dealloc %buf : !ttg.memdesc<64x64xf16, #swizzled, mutable>
    %tile = ttg.local_alloc %y : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #swizzled>
    tt.return
  }
}

// -----

// A matrix in panels (a CPU dot's B) and a row of it.
// CHECK: #[[$PANELS:.*]] = #ttg.panel_shared<{width = 16, rows = 8}>
// CHECK-LABEL: tt.func @panels
// CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<8x32xf32, #[[$PANELS]], mutable>
// CHECK: ttg.memdesc_index %[[BUF]][%{{.*}}] : !ttg.memdesc<8x32xf32, #[[$PANELS]], mutable> -> !ttg.memdesc<32xf32, #[[$PANELS]], mutable>
#panels = #ttg.panel_shared<{width = 16, rows = 8}>
module attributes {ttg.target = "cpu:x86_64:avx2", "ttg.num-warps" = 1 : i32} {
  tt.func @panels(%i: i32) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<8x32xf32, #panels, mutable>
    %row = ttg.memdesc_index %buf[%i] : !ttg.memdesc<8x32xf32, #panels, mutable> -> !ttg.memdesc<32xf32, #panels, mutable>
    tt.return
  }
}

// -----

// ttg.prefetch takes a tile of pointers.
// CHECK-LABEL: tt.func @prefetch
// CHECK: ttg.prefetch %{{.*}} : tensor<8x!tt.ptr<f32>, #{{.*}}>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [8], warpsPerCTA = [1], order = [0]}>
module attributes {ttg.target = "cpu:x86_64:avx2", "ttg.num-warps" = 1 : i32} {
  tt.func @prefetch(%p: !tt.ptr<f32>) {
    %ptrs = tt.splat %p : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>, #blocked>
    ttg.prefetch %ptrs : tensor<8x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
