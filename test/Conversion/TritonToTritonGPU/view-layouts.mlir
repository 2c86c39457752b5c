// RUN: nereid-opt %s -split-input-file --convert-tt-to-ttg=target=cuda:90 | FileCheck %s
// REQUIRES: backend-nvidia

// tt.trans computes its result in its operand's layout with the dimensions permuted (result
// dimension i is operand dimension order[i], in sizes, lanes, warps and order), then converts
// it to the default layout of its shape.
// CHECK-DAG: #[[$SRC:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 2, 16], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>
// CHECK-DAG: #[[$PERMUTED:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [16, 1, 2], warpsPerCTA = [1, 1, 4], order = [0, 2, 1]}>
// CHECK-DAG: #[[$DEFAULT:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 4, 8], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
// CHECK-LABEL: tt.func public @trans
// CHECK: %[[T:.*]] = tt.trans %{{.*}} {order = array<i32: 2, 0, 1>} : tensor<4x8x16xf32, #[[$SRC]]> -> tensor<16x4x8xf32, #[[$PERMUTED]]>
// CHECK: ttg.convert_layout %[[T]] : tensor<16x4x8xf32, #[[$PERMUTED]]> -> tensor<16x4x8xf32, #[[$DEFAULT]]>
tt.func public @trans(%x: tensor<4x8x16xf32>) -> tensor<16x4x8xf32> {
  %t = tt.trans %x {order = array<i32: 2, 0, 1>} : tensor<4x8x16xf32> -> tensor<16x4x8xf32>
  tt.return %t : tensor<16x4x8xf32>
}

// -----

// tt.join puts the new last dimension in each thread's first two registers, with the
// operands' lanes and warps; a tt.split of that keeps it, and its halves are in the operands'
// layout again: nothing is converted.
// CHECK-DAG: #[[$M:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$J:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1, 2], threadsPerWarp = [2, 16, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
// CHECK-LABEL: tt.func public @join_split
// CHECK-NOT: ttg.convert_layout
// CHECK: %[[J:.*]] = tt.join %{{.*}}, %{{.*}} : tensor<64x16xf32, #[[$M]]> -> tensor<64x16x2xf32, #[[$J]]>
// CHECK-NEXT: tt.split %[[J]] : tensor<64x16x2xf32, #[[$J]]> -> tensor<64x16xf32, #[[$M]]>
// CHECK-NOT: ttg.convert_layout
tt.func public @join_split(%a: tensor<64x16xf32>, %b: tensor<64x16xf32>) -> tensor<64x16xf32> {
  %j = tt.join %a, %b : tensor<64x16xf32> -> tensor<64x16x2xf32>
  %l, %h = tt.split %j : tensor<64x16x2xf32> -> tensor<64x16xf32>
  %d = arith.subf %l, %h : tensor<64x16xf32>
  tt.return %d : tensor<64x16xf32>
}

// -----

// A tt.split of a tensor whose last dimension spreads over lanes converts it first to the
// layout of a join of the halves' default layout.
// CHECK-DAG: #[[$PAIRS_IN_LANES:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$HALF:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[$PAIRS:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func public @split
// CHECK: %[[X:.*]] = ttg.convert_layout %{{.*}} : tensor<64x2xf32, #[[$PAIRS_IN_LANES]]> -> tensor<64x2xf32, #[[$PAIRS]]>
// CHECK: tt.split %[[X]] : tensor<64x2xf32, #[[$PAIRS]]> -> tensor<64xf32, #[[$HALF]]>
tt.func public @split(%x: tensor<64x2xf32>) -> tensor<64xf32> {
  %l, %h = tt.split %x : tensor<64x2xf32> -> tensor<64xf32>
  tt.return %l : tensor<64xf32>
}

// -----

// tt.cat computes its result in its operands' layout (here 16 elements over 32 lanes: lane 4
// then holds the second operand). tt.reshape takes the default layouts of its shapes.
// CHECK-DAG: #[[$V:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[$M:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func public @cat_reshape
// CHECK: %[[C:.*]] = tt.cat %{{.*}}, %{{.*}} : tensor<16xi32, #[[$V]]> -> tensor<32xi32, #[[$V]]>
// CHECK: tt.reshape %[[C]] : tensor<32xi32, #[[$V]]> -> tensor<4x8xi32, #[[$M]]>
tt.func public @cat_reshape(%a: tensor<16xi32>, %b: tensor<16xi32>) -> tensor<4x8xi32> {
  %c = tt.cat %a, %b : tensor<16xi32> -> tensor<32xi32>
  %r = tt.reshape %c : tensor<32xi32> -> tensor<4x8xi32>
  tt.return %r : tensor<4x8xi32>
}
