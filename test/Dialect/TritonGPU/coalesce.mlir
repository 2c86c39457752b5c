// RUN: nereid-opt %s -split-input-file --ttg-coalesce | FileCheck %s
// REQUIRES: backend-amd, backend-cpu, backend-nvidia

// ttg-coalesce lays each load and store out along the dimension in which its pointers are
// contiguous longest, as wide as the target's vector accesses allow, with layout conversions
// around it.

// On the CPU a transposed load (pointers contiguous along dim 0) gets order [0, 1] and its 16
// AVX-512 lanes along dim 0, so that it vectorizes along dimension 0. The row-major store
// already has its lanes along dim 1 and keeps its layout.
// CHECK-DAG: #[[$ROW:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
// CHECK-DAG: #[[$COL:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 1], warpsPerCTA = [1, 1], order = [0, 1]}>
// CHECK-LABEL: tt.func public @cpu_transposed_load
// CHECK: %[[INP:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<64x32x!tt.ptr<f32>, #[[$ROW]]>, tensor<64x32xi32, #[[$ROW]]>
// CHECK: %[[P:.*]] = ttg.convert_layout %[[INP]] : tensor<64x32x!tt.ptr<f32>, #[[$ROW]]> -> tensor<64x32x!tt.ptr<f32>, #[[$COL]]>
// CHECK: %[[X:.*]] = tt.load %[[P]] : tensor<64x32x!tt.ptr<f32>, #[[$COL]]>
// CHECK: %[[XR:.*]] = ttg.convert_layout %[[X]] : tensor<64x32xf32, #[[$COL]]> -> tensor<64x32xf32, #[[$ROW]]>
// CHECK: %[[OUTP:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<64x32x!tt.ptr<f32>, #[[$ROW]]>, tensor<64x32xi32, #[[$ROW]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.store %[[OUTP]], %[[XR]] : tensor<64x32x!tt.ptr<f32>, #[[$ROW]]>
#row = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx512"} {
  tt.func public @cpu_transposed_load(%in: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #row}>>
    %c = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #row}>>
    %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #row}>> -> tensor<64x1xi32, #row>
    %c2 = tt.expand_dims %c {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #row}>> -> tensor<1x32xi32, #row>
    // in[r + 64 c]: consecutive rows are consecutive addresses.
    %c64 = arith.constant dense<64> : tensor<1x32xi32, #row>
    %cs = arith.muli %c2, %c64 : tensor<1x32xi32, #row>
    %rb = tt.broadcast %r2 : tensor<64x1xi32, #row> -> tensor<64x32xi32, #row>
    %cb = tt.broadcast %cs : tensor<1x32xi32, #row> -> tensor<64x32xi32, #row>
    %offs = arith.addi %rb, %cb : tensor<64x32xi32, #row>
    %ins = tt.splat %in : !tt.ptr<f32> -> tensor<64x32x!tt.ptr<f32>, #row>
    %inp = tt.addptr %ins, %offs : tensor<64x32x!tt.ptr<f32>, #row>, tensor<64x32xi32, #row>
    %x = tt.load %inp : tensor<64x32x!tt.ptr<f32>, #row>
    // out[32 r + c]: row-major.
    %c32 = arith.constant dense<32> : tensor<64x1xi32, #row>
    %rs = arith.muli %r2, %c32 : tensor<64x1xi32, #row>
    %rsb = tt.broadcast %rs : tensor<64x1xi32, #row> -> tensor<64x32xi32, #row>
    %cb2 = tt.broadcast %c2 : tensor<1x32xi32, #row> -> tensor<64x32xi32, #row>
    %ooffs = arith.addi %rsb, %cb2 : tensor<64x32xi32, #row>
    %outs = tt.splat %out : !tt.ptr<f32> -> tensor<64x32x!tt.ptr<f32>, #row>
    %outp = tt.addptr %outs, %ooffs : tensor<64x32x!tt.ptr<f32>, #row>, tensor<64x32xi32, #row>
    tt.store %outp, %x : tensor<64x32x!tt.ptr<f32>, #row>
    tt.return
  }
}

// -----

// On the CPU, runs of 4 contiguous elements (offsets range % 4) give vectors of 4 lanes.
// Alignment does not limit a CPU vector: the pointer here has no divisibility hint.
// CHECK-DAG: #[[$FOUR:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [4], warpsPerCTA = [1], order = [0]}>
// CHECK-LABEL: tt.func public @cpu_runs_of_four
// CHECK: %[[P:.*]] = ttg.convert_layout %{{.*}} : tensor<64x!tt.ptr<f32>, #{{.*}}> -> tensor<64x!tt.ptr<f32>, #[[$FOUR]]>
// CHECK: tt.load %[[P]] : tensor<64x!tt.ptr<f32>, #[[$FOUR]]>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx512"} {
  tt.func public @cpu_runs_of_four(%in: !tt.ptr<f32>) -> tensor<64xf32, #b1> {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #b1>
    %c4 = arith.constant dense<4> : tensor<64xi32, #b1>
    %offs = arith.remsi %r, %c4 : tensor<64xi32, #b1>
    %ins = tt.splat %in : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #b1>
    %inp = tt.addptr %ins, %offs : tensor<64x!tt.ptr<f32>, #b1>, tensor<64xi32, #b1>
    %x = tt.load %inp : tensor<64x!tt.ptr<f32>, #b1>
    tt.return %x : tensor<64xf32, #b1>
  }
}

// -----

// On cuda:90 a thread loads 128 bits: 4 f32 of a 16-byte-aligned vector add, so the pointers
// and the mask of the load and of the store go to sizePerThread [4] and the results back.
// CHECK-DAG: #[[$DEF:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[$VEC:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func public @cuda_vector_add
// CHECK: %[[MASK:.*]] = arith.cmpi slt
// CHECK: %[[XP:.*]] = tt.addptr
// CHECK: %[[XPV:.*]] = ttg.convert_layout %[[XP]] : tensor<1024x!tt.ptr<f32>, #[[$DEF]]> -> tensor<1024x!tt.ptr<f32>, #[[$VEC]]>
// CHECK: %[[MASKV:.*]] = ttg.convert_layout %[[MASK]] : tensor<1024xi1, #[[$DEF]]> -> tensor<1024xi1, #[[$VEC]]>
// CHECK: %[[X:.*]] = tt.load %[[XPV]], %[[MASKV]] : tensor<1024x!tt.ptr<f32>, #[[$VEC]]>
// CHECK: %[[XD:.*]] = ttg.convert_layout %[[X]] : tensor<1024xf32, #[[$VEC]]> -> tensor<1024xf32, #[[$DEF]]>
// CHECK: %[[S:.*]] = arith.addf %[[XD]], %[[XD]] : tensor<1024xf32, #[[$DEF]]>
// CHECK: %[[SV:.*]] = ttg.convert_layout %[[S]] : tensor<1024xf32, #[[$DEF]]> -> tensor<1024xf32, #[[$VEC]]>
// CHECK: tt.store %{{.*}}, %[[SV]], %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[$VEC]]>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func public @cuda_vector_add(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
    %range = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #b1>
    %ns = tt.splat %n : i32 -> tensor<1024xi32, #b1>
    %mask = arith.cmpi slt, %range, %ns : tensor<1024xi32, #b1>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #b1>
    %xp = tt.addptr %xs, %range : tensor<1024x!tt.ptr<f32>, #b1>, tensor<1024xi32, #b1>
    %a = tt.load %xp, %mask : tensor<1024x!tt.ptr<f32>, #b1>
    %s = arith.addf %a, %a : tensor<1024xf32, #b1>
    %os = tt.splat %out : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #b1>
    %op = tt.addptr %os, %range : tensor<1024x!tt.ptr<f32>, #b1>, tensor<1024xi32, #b1>
    tt.store %op, %s, %mask : tensor<1024x!tt.ptr<f32>, #b1>
    tt.return
  }
}

// -----

// On cuda:90, 128 bits are 8 f16. Without a divisibility hint the pointer may be unaligned, and
// a GPU thread loads one element at a time: that load keeps its layout.
// CHECK-DAG: #[[$VEC8:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func public @cuda_alignment
// CHECK: tt.load %{{.*}} : tensor<1024x!tt.ptr<f16>, #[[$VEC8]]>
// CHECK: %[[U:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<1024x!tt.ptr<f16>, #[[$DEF:blocked[0-9]*]]>
// CHECK-NEXT: tt.load %[[U]] : tensor<1024x!tt.ptr<f16>, #[[$DEF]]>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func public @cuda_alignment(%aligned: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %unaligned: !tt.ptr<f16>) -> (tensor<1024xf16, #b1>, tensor<1024xf16, #b1>) {
    %range = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #b1>
    %as = tt.splat %aligned : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>, #b1>
    %ap = tt.addptr %as, %range : tensor<1024x!tt.ptr<f16>, #b1>, tensor<1024xi32, #b1>
    %a = tt.load %ap : tensor<1024x!tt.ptr<f16>, #b1>
    %us = tt.splat %unaligned : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>, #b1>
    %up = tt.addptr %us, %range : tensor<1024x!tt.ptr<f16>, #b1>, tensor<1024xi32, #b1>
    %u = tt.load %up : tensor<1024x!tt.ptr<f16>, #b1>
    tt.return %a, %u : tensor<1024xf16, #b1>, tensor<1024xf16, #b1>
  }
}

// -----

// On hip:gfx942 a row-major 64x64 f16 tile gets 8 f16 (128 bits) per thread along dim 1, and
// the 64 threads of a wavefront 8 x 8; a transposed f32 tile gets 4 f32 per thread along
// dim 0, order [0, 1].
// CHECK-DAG: #[[$ROW8:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$COL4:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-LABEL: tt.func public @hip_tiles
// CHECK: tt.load %{{.*}} : tensor<64x64x!tt.ptr<f16>, #[[$ROW8]]>
// CHECK: tt.load %{{.*}} : tensor<64x64x!tt.ptr<f32>, #[[$COL4]]>
#b2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942"} {
  tt.func public @hip_tiles(%h: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %f: !tt.ptr<f32> {tt.divisibility = 16 : i32}) -> (tensor<64x64xf16, #b2>, tensor<64x64xf32, #b2>) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #b2}>>
    %c = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #b2}>>
    %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #b2}>> -> tensor<64x1xi32, #b2>
    %c2 = tt.expand_dims %c {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #b2}>> -> tensor<1x64xi32, #b2>
    %c64r = arith.constant dense<64> : tensor<64x1xi32, #b2>
    %c64c = arith.constant dense<64> : tensor<1x64xi32, #b2>
    // 64 r + c: row-major.
    %rs = arith.muli %r2, %c64r : tensor<64x1xi32, #b2>
    %rsb = tt.broadcast %rs : tensor<64x1xi32, #b2> -> tensor<64x64xi32, #b2>
    %cb = tt.broadcast %c2 : tensor<1x64xi32, #b2> -> tensor<64x64xi32, #b2>
    %rowmajor = arith.addi %rsb, %cb : tensor<64x64xi32, #b2>
    // r + 64 c: column-major.
    %cs = arith.muli %c2, %c64c : tensor<1x64xi32, #b2>
    %csb = tt.broadcast %cs : tensor<1x64xi32, #b2> -> tensor<64x64xi32, #b2>
    %rb = tt.broadcast %r2 : tensor<64x1xi32, #b2> -> tensor<64x64xi32, #b2>
    %colmajor = arith.addi %rb, %csb : tensor<64x64xi32, #b2>
    %hs = tt.splat %h : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #b2>
    %hp = tt.addptr %hs, %rowmajor : tensor<64x64x!tt.ptr<f16>, #b2>, tensor<64x64xi32, #b2>
    %hx = tt.load %hp : tensor<64x64x!tt.ptr<f16>, #b2>
    %fs = tt.splat %f : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>, #b2>
    %fp = tt.addptr %fs, %colmajor : tensor<64x64x!tt.ptr<f32>, #b2>, tensor<64x64xi32, #b2>
    %fx = tt.load %fp : tensor<64x64x!tt.ptr<f32>, #b2>
    tt.return %hx, %fx : tensor<64x64xf16, #b2>, tensor<64x64xf32, #b2>
  }
}
