// RUN: nereid-opt %s -split-input-file --nvidia-assign-mma-layouts --ttg-remove-layout-conversions | FileCheck %s

// A dot's accumulator carried around a loop stays in the #nvidia.mma layout: where the loop
// argument's only users convert it to #mma (the dot's accumulator), ttg-remove-layout-conversions
// gives the loop the #mma argument, the zero it starts from is made in #mma, and one conversion
// after the loop takes the result back; nothing converts the accumulator inside the loop.

// CHECK-DAG: #[[$MMA:.*]] = #nvidia.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func public @carried
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #[[$MMA]]>
// CHECK: %[[LOOP:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (tensor<64x64xf32, #[[$MMA]]>)
// CHECK-NOT: ttg.convert_layout %[[ACC]]
// CHECK: %[[D:.*]] = tt.dot {{.*}}, %[[ACC]] : {{.*}} -> tensor<64x64xf32, #[[$MMA]]>
// CHECK-NEXT: scf.yield %[[D]]
// CHECK: %[[R:.*]] = ttg.convert_layout %[[LOOP]] : tensor<64x64xf32, #[[$MMA]]> -> tensor<64x64xf32, #blocked>
// CHECK: tt.return %[[R]]
#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:80"} {
  tt.func public @carried(%a: tensor<64x32xf16, #blocked>, %b: tensor<32x64xf16, #blocked>, %n: i32) -> tensor<64x64xf32, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #blocked>) : i32 {
      %0 = ttg.convert_layout %a : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
      %1 = ttg.convert_layout %b : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
      %2 = tt.dot %0, %1, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
      scf.yield %2 : tensor<64x64xf32, #blocked>
    }
    tt.return %r : tensor<64x64xf32, #blocked>
  }
}

// -----

// An accumulator that the loop also uses in its blocked layout (here scaled before the dot)
// keeps that layout: the scaling is not recomputed in #mma.
// CHECK-LABEL: tt.func public @used_in_the_loop
// CHECK: scf.for {{.*}} -> (tensor<64x64xf32, #blocked>)
// CHECK: arith.mulf {{.*}} : tensor<64x64xf32, #blocked>
// CHECK: ttg.convert_layout {{.*}} : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #mma>
#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:80"} {
  tt.func public @used_in_the_loop(%a: tensor<64x32xf16, #blocked>, %b: tensor<32x64xf16, #blocked>, %s: tensor<64x64xf32, #blocked>, %n: i32) -> tensor<64x64xf32, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #blocked>) : i32 {
      %scaled = arith.mulf %acc, %s : tensor<64x64xf32, #blocked>
      %0 = ttg.convert_layout %a : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
      %1 = ttg.convert_layout %b : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
      %2 = tt.dot %0, %1, %scaled : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
      scf.yield %2 : tensor<64x64xf32, #blocked>
    }
    tt.return %r : tensor<64x64xf32, #blocked>
  }
}
