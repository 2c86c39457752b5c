// RUN: nereid-opt %s --nereid-ttg-pipeline=target=cpu:x86_64:avx512 | FileCheck %s --check-prefix=CPU
// RUN: nereid-opt %s "--pass-pipeline=builtin.module(nereid-ttg-pipeline{target=cuda:90 num-warps=4})" | FileCheck %s --check-prefix=CUDA
// REQUIRES: backend-cpu, backend-nvidia

// nereid-ttg-pipeline: layout assignment, coalescing, removal of conversions, canonicalize and
// cse. A transposed copy with an exp: the load runs along dim 0 and the store along dim 1, so
// exactly one conversion remains, on the loaded values; the offsets of each access are
// computed in that access's layout.

// CPU-DAG: #[[$ROW:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
// CPU-DAG: #[[$COL:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 1], warpsPerCTA = [1, 1], order = [0, 1]}>
// CPU-LABEL: tt.func public @transpose_exp
// CPU: %[[INP:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<64x32x!tt.ptr<f32>, #[[$COL]]>, tensor<64x32xi32, #[[$COL]]>
// CPU: %[[X:.*]] = tt.load %[[INP]] : tensor<64x32x!tt.ptr<f32>, #[[$COL]]>
// CPU: %[[XR:.*]] = ttg.convert_layout %[[X]] : tensor<64x32xf32, #[[$COL]]> -> tensor<64x32xf32, #[[$ROW]]>
// CPU: %[[E:.*]] = math.exp %[[XR]] : tensor<64x32xf32, #[[$ROW]]>
// CPU: %[[OUTP:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<64x32x!tt.ptr<f32>, #[[$ROW]]>, tensor<64x32xi32, #[[$ROW]]>
// CPU: tt.store %[[OUTP]], %[[E]] : tensor<64x32x!tt.ptr<f32>, #[[$ROW]]>
// CPU-NOT: ttg.convert_layout

// On cuda:90 each thread moves 4 f32 (16 bytes) along the contiguous dimension.
// CUDA-DAG: #[[$ROW:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CUDA-DAG: #[[$COL:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
// CUDA: module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"}
// CUDA-LABEL: tt.func public @transpose_exp
// CUDA: %[[X:.*]] = tt.load %{{.*}} : tensor<64x32x!tt.ptr<f32>, #[[$COL]]>
// CUDA: %[[XR:.*]] = ttg.convert_layout %[[X]] : tensor<64x32xf32, #[[$COL]]> -> tensor<64x32xf32, #[[$ROW]]>
// CUDA: %[[E:.*]] = math.exp %[[XR]] : tensor<64x32xf32, #[[$ROW]]>
// CUDA: tt.store %{{.*}}, %[[E]] : tensor<64x32x!tt.ptr<f32>, #[[$ROW]]>
// CUDA-NOT: ttg.convert_layout
tt.func public @transpose_exp(%in: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %c = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %c2 = tt.expand_dims %c {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %c64 = arith.constant dense<64> : tensor<1x32xi32>
  %cs = arith.muli %c2, %c64 : tensor<1x32xi32>
  %rb = tt.broadcast %r2 : tensor<64x1xi32> -> tensor<64x32xi32>
  %cb = tt.broadcast %cs : tensor<1x32xi32> -> tensor<64x32xi32>
  %offs = arith.addi %rb, %cb : tensor<64x32xi32>
  %ins = tt.splat %in : !tt.ptr<f32> -> tensor<64x32x!tt.ptr<f32>>
  %inp = tt.addptr %ins, %offs : tensor<64x32x!tt.ptr<f32>>, tensor<64x32xi32>
  %x = tt.load %inp : tensor<64x32x!tt.ptr<f32>>
  %y = math.exp %x : tensor<64x32xf32>
  %c32 = arith.constant dense<32> : tensor<64x1xi32>
  %rs = arith.muli %r2, %c32 : tensor<64x1xi32>
  %rsb = tt.broadcast %rs : tensor<64x1xi32> -> tensor<64x32xi32>
  %cb2 = tt.broadcast %c2 : tensor<1x32xi32> -> tensor<64x32xi32>
  %ooffs = arith.addi %rsb, %cb2 : tensor<64x32xi32>
  %outs = tt.splat %out : !tt.ptr<f32> -> tensor<64x32x!tt.ptr<f32>>
  %outp = tt.addptr %outs, %ooffs : tensor<64x32x!tt.ptr<f32>>, tensor<64x32xi32>
  tt.store %outp, %y : tensor<64x32x!tt.ptr<f32>>
  tt.return
}
