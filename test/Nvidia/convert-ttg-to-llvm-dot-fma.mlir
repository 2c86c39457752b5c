// RUN: nereid-opt %s -split-input-file --nvidia-convert-ttg-to-llvm | FileCheck %s

// A dot left in a blocked layout becomes multiply-adds within each thread, in order of k, in
// the accumulator's type. 4x4 by 4x4 on one warp whose 16 lanes each hold one result element
// (lanes 16 to 31 repeat them): each thread holds a row of A and a column of B, and chains 4
// fused multiply-adds from its element of C.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: llvm.func @ieee
  tt.func public @ieee(%a: tensor<4x4xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<4x4xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<4x4xf32, #blocked>) {
    // CHECK: %[[S0:.*]] = llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32) -> f32
    // CHECK: %[[S1:.*]] = llvm.intr.fma(%{{.*}}, %{{.*}}, %[[S0]])
    // CHECK: %[[S2:.*]] = llvm.intr.fma(%{{.*}}, %{{.*}}, %[[S1]])
    // CHECK: llvm.intr.fma(%{{.*}}, %{{.*}}, %[[S2]])
    // CHECK-NOT: llvm.intr.fma
    // CHECK-NOT: llvm.fmul
    %d = tt.dot %a, %b, %c, inputPrecision = ieee : tensor<4x4xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<4x4xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<4x4xf32, #blocked>
    tt.return
  }

  // tf32 rounds each operand element first, to nearest with ties away from zero, leaving
  // infinities and NaNs as they are.
  // CHECK-LABEL: llvm.func @tf32
  tt.func public @tf32(%a: tensor<4x4xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<4x4xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<4x4xf32, #blocked>) {
    // CHECK-DAG: llvm.mlir.constant(2139095040 : i32)
    // CHECK-DAG: llvm.mlir.constant(4096 : i32)
    // CHECK-DAG: llvm.mlir.constant(-8192 : i32)
    // CHECK: llvm.add
    // CHECK: llvm.and
    // CHECK: llvm.select
    // CHECK: llvm.intr.fma
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<4x4xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<4x4xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<4x4xf32, #blocked>
    tt.return
  }

  // i8 into i32: sign-extended operands, wrapping multiplies and adds.
  // CHECK-LABEL: llvm.func @int8
  tt.func public @int8(%a: tensor<4x4xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<4x4xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<4x4xi32, #blocked>) {
    // CHECK: llvm.sext %{{.*}} : i8 to i32
    // CHECK-COUNT-4: llvm.mul
    // CHECK-NOT: llvm.intr.fma
    %d = tt.dot %a, %b, %c : tensor<4x4xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<4x4xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<4x4xi32, #blocked>
    tt.return
  }

  // f16 operands into f32 are extended first; their products are exact in f32.
  // CHECK-LABEL: llvm.func @f16_into_f32
  tt.func public @f16_into_f32(%a: tensor<4x4xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<4x4xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<4x4xf32, #blocked>) {
    // CHECK: llvm.fpext %{{.*}} : f16 to f32
    // CHECK-COUNT-4: llvm.intr.fma
    %d = tt.dot %a, %b, %c : tensor<4x4xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<4x4xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<4x4xf32, #blocked>
    tt.return
  }
}

// -----

// A batched dot (2 x 4x4 by 4x4) on one warp: each thread holds one element of each batch's
// result, so 2 chains of 4 multiply-adds, in f64.
#blocked3 = #ttg.blocked<{sizePerThread = [2, 1, 1], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 1, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:80"} {
  // CHECK-LABEL: llvm.func @batched
  tt.func public @batched(%a: tensor<2x4x4xf64, #ttg.dot_op<{opIdx = 0, parent = #blocked3}>>, %b: tensor<2x4x4xf64, #ttg.dot_op<{opIdx = 1, parent = #blocked3}>>, %c: tensor<2x4x4xf64, #blocked3>) {
    // CHECK-COUNT-8: llvm.intr.fma({{.*}}) : (f64, f64, f64) -> f64
    // CHECK-NOT: llvm.intr.fma
    %d = tt.dot %a, %b, %c : tensor<2x4x4xf64, #ttg.dot_op<{opIdx = 0, parent = #blocked3}>> * tensor<2x4x4xf64, #ttg.dot_op<{opIdx = 1, parent = #blocked3}>> -> tensor<2x4x4xf64, #blocked3>
    tt.return
  }
}
