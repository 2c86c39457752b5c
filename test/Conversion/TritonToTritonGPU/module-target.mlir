// RUN: nereid-opt %s -split-input-file --convert-tt-to-ttg | FileCheck %s
// REQUIRES: backend-cpu

// Without a target option the module's ttg.target is kept. On NEON a vector register holds 4
// f32, 16 i8 or 2 f64: the lanes come from the widest element of any tensor in the module
// (the pointee of pointers), and a tensor of fewer elements uses fewer lanes.

// CHECK-DAG: #[[$F32:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [4], warpsPerCTA = [1], order = [0]}>
// CHECK-DAG: #[[$TWO:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [2], warpsPerCTA = [1], order = [0]}>
// CHECK: module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:aarch64:neon"}
// CHECK-LABEL: tt.func public @neon_f32
// CHECK: tt.load %{{.*}} : tensor<64x!tt.ptr<f32>, #[[$F32]]>
// CHECK: tt.make_range {{.*}} : tensor<2xi32, #[[$TWO]]>
module attributes {ttg.target = "cpu:aarch64:neon"} {
  tt.func public @neon_f32(%p: tensor<64x!tt.ptr<f32>>) -> tensor<64xf32> {
    %x = tt.load %p : tensor<64x!tt.ptr<f32>>
    %r = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
    tt.return %x : tensor<64xf32>
  }
}

// -----

// CHECK-DAG: #[[$I8:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func public @neon_i8
// CHECK: tt.load %{{.*}} : tensor<8x32x!tt.ptr<i8>, #[[$I8]]>
module attributes {ttg.target = "cpu:aarch64:neon"} {
  tt.func public @neon_i8(%p: tensor<8x32x!tt.ptr<i8>>) -> tensor<8x32xi8> {
    %x = tt.load %p : tensor<8x32x!tt.ptr<i8>>
    tt.return %x : tensor<8x32xi8>
  }
}

// -----

// i64 offsets on AVX-512: one vector holds 8 of them, so every tensor gets 8 lanes, the f32
// values too (ttg-coalesce widens their loads).
// CHECK-DAG: #[[$EIGHT:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [8], warpsPerCTA = [1], order = [0]}>
// CHECK-LABEL: tt.func public @wide_offsets
// CHECK: arith.extsi %{{.*}} : tensor<64xi32, #[[$EIGHT]]> to tensor<64xi64, #[[$EIGHT]]>
// CHECK: tt.load %{{.*}} : tensor<64x!tt.ptr<f32>, #[[$EIGHT]]>
module attributes {ttg.target = "cpu:x86_64:avx512"} {
  tt.func public @wide_offsets(%p: !tt.ptr<f32>) -> tensor<64xf32> {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %r64 = arith.extsi %r : tensor<64xi32> to tensor<64xi64>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %pp = tt.addptr %ps, %r64 : tensor<64x!tt.ptr<f32>>, tensor<64xi64>
    %x = tt.load %pp : tensor<64x!tt.ptr<f32>>
    tt.return %x : tensor<64xf32>
  }
}
