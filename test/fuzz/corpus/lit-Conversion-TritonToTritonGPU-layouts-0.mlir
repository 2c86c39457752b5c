// Layout assignment on each target. Every tensor of one shape gets one blocked layout: one
// element per lane, the lanes along the last dimension first, then warps.
// - On the CPU (AVX-512) a lane is a SIMD lane, 16 of them for f32 (the widest element of any
//   tensor), and there is one warp whatever num-warps says.
// - On cuda:90 a warp has 32 threads, and num-warps is 4 by default.
// - On hip:gfx942 a wavefront has 64 threads, and num-warps is 8 here.

// A 1-D vector add: every tensor has the one 1-D layout, the mask and the pointers included.
// CPU-DAG: #[[$B:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [1], order = [0]}>
// CPU: module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx512"}
// CPU-LABEL: tt.func public @add_kernel
// CPU: %[[RANGE:.*]] = tt.make_range {{.*}} : tensor<1024xi32, #[[$B]]>
// CPU: %[[OFFS:.*]] = arith.addi %{{.*}}, %[[RANGE]] : tensor<1024xi32, #[[$B]]>
// CPU: %[[MASK:.*]] = arith.cmpi slt, %[[OFFS]], %{{.*}} : tensor<1024xi32, #[[$B]]>
// CPU: %[[XP:.*]] = tt.addptr %{{.*}}, %[[OFFS]] : tensor<1024x!tt.ptr<f32>, #[[$B]]>, tensor<1024xi32, #[[$B]]>
// CPU: %[[X:.*]] = tt.load %[[XP]], %[[MASK]] : tensor<1024x!tt.ptr<f32>, #[[$B]]>
// CPU: %[[SUM:.*]] = arith.addf %[[X]], %{{.*}} : tensor<1024xf32, #[[$B]]>
// CPU: tt.store %{{.*}}, %[[SUM]], %[[MASK]] : tensor<1024x!tt.ptr<f32>, #[[$B]]>
// CPU-NOT: ttg.convert_layout

// CUDA-DAG: #[[$B:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CUDA: module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"}
// CUDA-LABEL: tt.func public @add_kernel
// CUDA: %[[X:.*]] = tt.load %{{.*}}, %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[$B]]>
// CUDA: %[[SUM:.*]] = arith.addf %[[X]], %{{.*}} : tensor<1024xf32, #[[$B]]>
// CUDA: tt.store %{{.*}}, %[[SUM]], %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[$B]]>
// CUDA-NOT: ttg.convert_layout

// HIP-DAG: #[[$B:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [8], order = [0]}>
// HIP: module attributes {"ttg.num-warps" = 8 : i32, ttg.target = "hip:gfx942"}
// HIP-LABEL: tt.func public @add_kernel
// HIP: %[[X:.*]] = tt.load %{{.*}}, %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[$B]]>
// HIP: %[[SUM:.*]] = arith.addf %[[X]], %{{.*}} : tensor<1024xf32, #[[$B]]>
// HIP: tt.store %{{.*}}, %[[SUM]], %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[$B]]>
// HIP-NOT: ttg.convert_layout
tt.func public @add_kernel(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32},
                           %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
  %c1024 = arith.constant 1024 : i32
  %pid = tt.get_program_id x : i32
  %start = arith.muli %pid, %c1024 : i32
  %range = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  %starts = tt.splat %start : i32 -> tensor<1024xi32>
  %offs = arith.addi %starts, %range : tensor<1024xi32>
  %ns = tt.splat %n : i32 -> tensor<1024xi32>
  %mask = arith.cmpi slt, %offs, %ns : tensor<1024xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %a = tt.load %xp, %mask : tensor<1024x!tt.ptr<f32>>
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %yp = tt.addptr %ys, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %b = tt.load %yp, %mask : tensor<1024x!tt.ptr<f32>>
  %s = arith.addf %a, %b : tensor<1024xf32>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %op = tt.addptr %os, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  tt.store %op, %s, %mask : tensor<1024x!tt.ptr<f32>>
  tt.return
}
