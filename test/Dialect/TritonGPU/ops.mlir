// RUN: nereid-opt %s -split-input-file | FileCheck %s
// RUN: nereid-opt %s -split-input-file | nereid-opt -split-input-file | FileCheck %s

// The ttg encodings, convert_layout and the module attributes print as they parse.

// CHECK-DAG: #[[$BLOCKED:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]}>
// CHECK-DAG: #[[$CPU:.*]] = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [1, 1], warpsPerCTA = [1, 1], order = [1, 0]}>
// CHECK-DAG: #[[$SLICE:.*]] = #ttg.slice<{dim = 1, parent = #[[$BLOCKED]]}>
// CHECK: module attributes {"ttg.num-warps" = 2 : i32, ttg.target = "cuda:90"}
// CHECK-LABEL: tt.func @convert
// CHECK-SAME: (%[[A:.*]]: tensor<16x16xf32, #[[$BLOCKED]]>, %{{.*}}: tensor<16xf32, #[[$SLICE]]>)
// CHECK: %[[C:.*]] = ttg.convert_layout %[[A]] : tensor<16x16xf32, #[[$BLOCKED]]> -> tensor<16x16xf32, #[[$CPU]]>
// CHECK: ttg.convert_layout %[[C]] : tensor<16x16xf32, #[[$CPU]]> -> tensor<16x16xf32>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]}>
#cpu = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [1, 1], warpsPerCTA = [1, 1], order = [1, 0]}>
#slice = #ttg.slice<{dim = 1, parent = #blocked}>
module attributes {ttg.target = "cuda:90", "ttg.num-warps" = 2 : i32} {
  tt.func @convert(%a: tensor<16x16xf32, #blocked>, %b: tensor<16xf32, #slice>) -> tensor<16x16xf32> {
    %0 = ttg.convert_layout %a : tensor<16x16xf32, #blocked> -> tensor<16x16xf32, #cpu>
    %1 = ttg.convert_layout %0 : tensor<16x16xf32, #cpu> -> tensor<16x16xf32>
    tt.return %1 : tensor<16x16xf32>
  }
}

// -----

// A slice of a slice, and a 3-D parent.
// CHECK-DAG: #[[$B3:.*]] = #ttg.blocked<{sizePerThread = [1, 1, 8], threadsPerWarp = [2, 4, 8], warpsPerCTA = [1, 2, 2], order = [2, 1, 0]}>
// CHECK-DAG: #[[$S1:.*]] = #ttg.slice<{dim = 0, parent = #[[$B3]]}>
// CHECK-DAG: #[[$S2:.*]] = #ttg.slice<{dim = 1, parent = #[[$S1]]}>
// CHECK: module attributes {ttg.target = "cpu:x86_64:avx512"}
// CHECK-LABEL: tt.func @nested
// CHECK-SAME: tensor<64xi32, #[[$S2]]>
#b3 = #ttg.blocked<{sizePerThread = [1, 1, 8], threadsPerWarp = [2, 4, 8], warpsPerCTA = [1, 2, 2], order = [2, 1, 0]}>
#s1 = #ttg.slice<{dim = 0, parent = #b3}>
#s2 = #ttg.slice<{dim = 1, parent = #s1}>
module attributes {ttg.target = "cpu:x86_64:avx512"} {
  tt.func @nested(%a: tensor<64xi32, #s2>) {
    tt.return
  }
}
