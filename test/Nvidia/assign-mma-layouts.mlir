// RUN: nereid-opt %s -split-input-file --nvidia-assign-mma-layouts | FileCheck %s

// nvidia-assign-mma-layouts gives each dot of f16, bf16 or fp8 operands (or f32 ones in tf32) into
// f32 the mma.sync accumulator layout (#nvidia.mma of version 2, instrShape 16x8) and its
// operands the #ttg.dot_op layouts of that parent with kWidth 2 (two 16-bit elements per 32-bit
// register; 1 for tf32),
// converted from the operands' sources; a splat accumulator is made again in #mma, and the
// result goes back to its old layout. The warps split M and N so that each warp holds as many
// 16-row tiles as 8-column ones (M on ties); warps beyond one tile each go to M.

// CHECK-DAG: #[[$BLOCKED:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$MMA:.*]] = #nvidia.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func public @f16_32x32x32
// CHECK-NOT: parent = #[[$BLOCKED]]
// CHECK: %[[A:.*]] = ttg.convert_layout %arg0 : tensor<32x32xf16, #[[$BLOCKED]]> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[$MMA]], kWidth = 2}>>
// CHECK: %[[B:.*]] = ttg.convert_layout %arg1 : tensor<32x32xf16, #[[$BLOCKED]]> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #[[$MMA]], kWidth = 2}>>
// CHECK: %[[C:.*]] = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #[[$MMA]]>
// CHECK: %[[D:.*]] = tt.dot %[[A]], %[[B]], %[[C]] : {{.*}} -> tensor<32x32xf32, #[[$MMA]]>
// CHECK: %[[R:.*]] = ttg.convert_layout %[[D]] : tensor<32x32xf32, #[[$MMA]]> -> tensor<32x32xf32, #[[$BLOCKED]]>
// CHECK: tt.return %[[R]]
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:80"} {
  tt.func public @f16_32x32x32(%a: tensor<32x32xf16, #blocked>, %b: tensor<32x32xf16, #blocked>) -> tensor<32x32xf32, #blocked> {
    %cst = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #blocked>
    %0 = ttg.convert_layout %a : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %1 = ttg.convert_layout %b : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %2 = tt.dot %0, %1, %cst : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xf32, #blocked>
    tt.return %2 : tensor<32x32xf32, #blocked>
  }
}

// -----

// bf16, 128 x 64 with 8 warps: 8 x 8 tiles split [2, 1], [2, 2], [4, 2]. The accumulator, an
// argument, is converted.
// CHECK-DAG: #[[$MMA:.*]] = #nvidia.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func public @bf16_128x64x32
// CHECK: ttg.convert_layout %arg0 : {{.*}} -> tensor<128x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #[[$MMA]], kWidth = 2}>>
// CHECK: ttg.convert_layout %arg1 : {{.*}} -> tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #[[$MMA]], kWidth = 2}>>
// CHECK: %[[C:.*]] = ttg.convert_layout %arg2 : {{.*}} -> tensor<128x64xf32, #[[$MMA]]>
// CHECK: tt.dot {{.*}}, %[[C]] : {{.*}} -> tensor<128x64xf32, #[[$MMA]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 8 : i32, ttg.target = "cuda:80"} {
  tt.func public @bf16_128x64x32(%a: tensor<128x32xbf16, #blocked>, %b: tensor<32x64xbf16, #blocked>, %c: tensor<128x64xf32, #blocked>) -> tensor<128x64xf32, #blocked> {
    %0 = ttg.convert_layout %a : tensor<128x32xbf16, #blocked> -> tensor<128x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %1 = ttg.convert_layout %b : tensor<32x64xbf16, #blocked> -> tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %2 = tt.dot %0, %1, %c : tensor<128x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x64xf32, #blocked>
    tt.return %2 : tensor<128x64xf32, #blocked>
  }
}

// -----

// A wide tile (16 x 128, 16 tiles along N) puts the 4 warps along N; a 16 x 16 tile with 8
// warps has one tile per warp after [1, 2] and gives the others to M, where they repeat it.
// CHECK-DAG: #[[$WIDE:.*]] = #nvidia.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 4], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func public @wide
// CHECK: tt.dot {{.*}} -> tensor<16x128xf32, #[[$WIDE]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:80"} {
  tt.func public @wide(%a: tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<16x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<16x128xf32, #blocked>) -> tensor<16x128xf32, #blocked> {
    %0 = tt.dot %a, %b, %c : tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<16x128xf32, #blocked>
    tt.return %0 : tensor<16x128xf32, #blocked>
  }
}

// -----

// CHECK-DAG: #[[$SMALL:.*]] = #nvidia.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func public @small_many_warps
// CHECK: tt.dot {{.*}} -> tensor<16x16xf32, #[[$SMALL]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 8 : i32, ttg.target = "cuda:80"} {
  tt.func public @small_many_warps(%a: tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<16x16xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<16x16xf32, #blocked>) -> tensor<16x16xf32, #blocked> {
    %0 = tt.dot %a, %b, %c : tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x16xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<16x16xf32, #blocked>
    tt.return %0 : tensor<16x16xf32, #blocked>
  }
}

// -----

// f32 operands in tf32 precision: one element per register, kWidth 1.
// CHECK-DAG: #[[$MMA:.*]] = #nvidia.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func public @tf32
// CHECK: ttg.convert_layout %arg0 : {{.*}} -> tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #[[$MMA]], kWidth = 1}>>
// CHECK: ttg.convert_layout %arg1 : {{.*}} -> tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #[[$MMA]], kWidth = 1}>>
// CHECK: tt.dot {{.*}}, inputPrecision = tf32 : {{.*}} -> tensor<32x32xf32, #[[$MMA]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func public @tf32(%a: tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<32x32xf32, #blocked>) -> tensor<32x32xf32, #blocked> {
    %0 = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xf32, #blocked>
    tt.return %0 : tensor<32x32xf32, #blocked>
  }
}

// -----

// Dots that mma.sync does not compute yet keep their blocked layouts: f32 operands in ieee and
// tf32x3 precision, int8 into i32, f16 into f16.
// CHECK-NOT: #nvidia.mma
// CHECK-LABEL: tt.func public @not_yet
// CHECK: tt.dot {{.*}} -> tensor<16x16xf32, #blocked>
// CHECK: tt.dot {{.*}} -> tensor<16x16xf32, #blocked>
// CHECK: tt.dot {{.*}} -> tensor<16x16xi32, #blocked>
// CHECK: tt.dot {{.*}} -> tensor<16x16xf16, #blocked>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
#a = #ttg.dot_op<{opIdx = 0, parent = #blocked}>
#b = #ttg.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func public @not_yet(%f: tensor<16x16xf32, #a>, %g: tensor<16x16xf32, #b>, %c: tensor<16x16xf32, #blocked>,
                          %i: tensor<16x16xi8, #a>, %j: tensor<16x16xi8, #b>, %k: tensor<16x16xi32, #blocked>,
                          %h: tensor<16x16xf16, #a>, %l: tensor<16x16xf16, #b>, %m: tensor<16x16xf16, #blocked>) {
    %0 = tt.dot %f, %g, %c : tensor<16x16xf32, #a> * tensor<16x16xf32, #b> -> tensor<16x16xf32, #blocked>
    %3 = tt.dot %f, %g, %c, inputPrecision = tf32x3 : tensor<16x16xf32, #a> * tensor<16x16xf32, #b> -> tensor<16x16xf32, #blocked>
    %1 = tt.dot %i, %j, %k : tensor<16x16xi8, #a> * tensor<16x16xi8, #b> -> tensor<16x16xi32, #blocked>
    %2 = tt.dot %h, %l, %m : tensor<16x16xf16, #a> * tensor<16x16xf16, #b> -> tensor<16x16xf16, #blocked>
    tt.return
  }
}

// -----

// The accumulator of a loop: the dot in the body gets the layouts; the loop still carries the
// blocked accumulator, converted to #mma and back in each iteration, until
// ttg-remove-layout-conversions gives the loop the #mma layout (mma-accumulator-loop.mlir).
// CHECK-DAG: #[[$MMA:.*]] = #nvidia.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func public @loop
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<64x64xf32, #blocked>)
// CHECK: %[[C:.*]] = ttg.convert_layout %[[ACC]] : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #[[$MMA]]>
// CHECK: %[[D:.*]] = tt.dot {{.*}}, %[[C]] : {{.*}} -> tensor<64x64xf32, #[[$MMA]]>
// CHECK: %[[R:.*]] = ttg.convert_layout %[[D]] : tensor<64x64xf32, #[[$MMA]]> -> tensor<64x64xf32, #blocked>
// CHECK: scf.yield %[[R]]
#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:80"} {
  tt.func public @loop(%a: tensor<64x32xf16, #blocked>, %b: tensor<32x64xf16, #blocked>, %n: i32) -> tensor<64x64xf32, #blocked> {
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

// CHECK-NOT: #nvidia.mma
// CHECK-LABEL: tt.func public @batched
// CHECK: tt.dot {{.*}} -> tensor<2x16x16xf32, #blocked>
#blocked = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 2, 16], warpsPerCTA = [1, 1, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func public @batched(%a: tensor<2x16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<2x16x16xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<2x16x16xf32, #blocked>) -> tensor<2x16x16xf32, #blocked> {
    %0 = tt.dot %a, %b, %c : tensor<2x16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<2x16x16xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<2x16x16xf32, #blocked>
    tt.return %0 : tensor<2x16x16xf32, #blocked>
  }
}

// -----

// fp8 operands: on sm_89 and newer mma.sync takes them, four per 32-bit register (kWidth 4);
// before sm_89 they are converted to f16 first (exactly), from the sources of their conversions,
// and the dot is an f16 one (kWidth 2).
// CHECK-LABEL: tt.func public @fp8_on_sm89
// CHECK-NOT: tt.fp_to_fp
// CHECK: tt.dot {{.*}} : tensor<32x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #{{.*}}, kWidth = 4}>> * tensor<32x32xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #{{.*}}, kWidth = 4}>>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:89"} {
  tt.func public @fp8_on_sm89(%a: tensor<32x32xf8E4M3FN, #blocked>, %b: tensor<32x32xf8E4M3FN, #blocked>) -> tensor<32x32xf32, #blocked> {
    %cst = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #blocked>
    %0 = ttg.convert_layout %a : tensor<32x32xf8E4M3FN, #blocked> -> tensor<32x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %1 = ttg.convert_layout %b : tensor<32x32xf8E4M3FN, #blocked> -> tensor<32x32xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %2 = tt.dot %0, %1, %cst : tensor<32x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x32xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xf32, #blocked>
    tt.return %2 : tensor<32x32xf32, #blocked>
  }
}

// -----

// CHECK-LABEL: tt.func public @fp8_on_sm80
// CHECK: %[[A:.*]] = tt.fp_to_fp %arg0 : tensor<32x32xf8E5M2, #[[$B:.*]]> -> tensor<32x32xf16, #[[$B]]>
// CHECK: %[[B:.*]] = tt.fp_to_fp %arg1 : tensor<32x32xf8E5M2, #[[$B]]> -> tensor<32x32xf16, #[[$B]]>
// CHECK: ttg.convert_layout %[[A]] : {{.*}} -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #{{.*}}, kWidth = 2}>>
// CHECK: ttg.convert_layout %[[B]] : {{.*}} -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #{{.*}}, kWidth = 2}>>
// CHECK-NOT: f8E5M2, #ttg.dot_op
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:80"} {
  tt.func public @fp8_on_sm80(%a: tensor<32x32xf8E5M2, #blocked>, %b: tensor<32x32xf8E5M2, #blocked>) -> tensor<32x32xf32, #blocked> {
    %cst = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #blocked>
    %0 = ttg.convert_layout %a : tensor<32x32xf8E5M2, #blocked> -> tensor<32x32xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %1 = ttg.convert_layout %b : tensor<32x32xf8E5M2, #blocked> -> tensor<32x32xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %2 = tt.dot %0, %1, %cst : tensor<32x32xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x32xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xf32, #blocked>
    tt.return %2 : tensor<32x32xf32, #blocked>
  }
}
