// RUN: nereid-opt %s -split-input-file --convert-tt-to-ttg="target=cpu:x86_64:avx512 num-warps=8" | FileCheck %s --check-prefix=CPU
// RUN: nereid-opt %s -split-input-file --convert-tt-to-ttg=target=cuda:90 | FileCheck %s --check-prefix=CUDA
// RUN: nereid-opt %s -split-input-file --convert-tt-to-ttg="target=hip:gfx942 num-warps=8" | FileCheck %s --check-prefix=HIP
// REQUIRES: backend-amd, backend-cpu, backend-nvidia

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

// -----

// A row softmax over a 16x64 tile. The row maximum has the slice (dim 1) of the tile's layout;
// expand_dims takes it back to the tile's layout and the broadcast stays there, so the
// reduction needs no conversion. The row offsets come from a 1-D range, which expand_dims
// needs in the slice of the 16x1 layout (a conversion), and the 16x1 broadcast is converted
// to the tile's layout afterwards.
// CPU-DAG: #[[$B1D:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [1], order = [0]}>
// CPU-DAG: #[[$COL:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 1], warpsPerCTA = [1, 1], order = [1, 0]}>
// CPU-DAG: #[[$TILE:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
// CPU-DAG: #[[$COLSLICE:slice[0-9]*]] = #ttg.slice<{dim = 1, parent = #[[$COL]]}>
// CPU-DAG: #[[$ROWSLICE:slice[0-9]*]] = #ttg.slice<{dim = 0, parent = #[[$TILE]]}>
// CPU-DAG: #[[$MAXSLICE:slice[0-9]*]] = #ttg.slice<{dim = 1, parent = #[[$TILE]]}>
// CPU-LABEL: tt.func public @softmax
// CPU: %[[ROWS:.*]] = tt.make_range {{.*}} : tensor<16xi32, #[[$B1D]]>
// CPU: %[[ROWS_S:.*]] = ttg.convert_layout %[[ROWS]] : tensor<16xi32, #[[$B1D]]> -> tensor<16xi32, #[[$COLSLICE]]>
// CPU: tt.expand_dims %[[ROWS_S]] {axis = 1 : i32} : tensor<16xi32, #[[$COLSLICE]]> -> tensor<16x1xi32, #[[$COL]]>
// CPU: %[[ROWB:.*]] = tt.broadcast %{{.*}} : tensor<16x1xi32, #[[$COL]]> -> tensor<16x64xi32, #[[$COL]]>
// CPU: ttg.convert_layout %[[ROWB]] : tensor<16x64xi32, #[[$COL]]> -> tensor<16x64xi32, #[[$TILE]]>
// CPU: tt.expand_dims %{{.*}} {axis = 0 : i32} : tensor<64xi32, #[[$ROWSLICE]]> -> tensor<1x64xi32, #[[$TILE]]>
// CPU: %[[X:.*]] = tt.load %{{.*}} : tensor<16x64x!tt.ptr<f32>, #[[$TILE]]>
// CPU: %[[MAX:.*]] = tt.reduce(%[[X]]) axis = 1 {
// CPU: ^bb0(%{{.*}}: f32, %{{.*}}: f32):
// CPU: arith.maxnumf %{{.*}}, %{{.*}} : f32
// CPU: } : (tensor<16x64xf32, #[[$TILE]]>) -> tensor<16xf32, #[[$MAXSLICE]]>
// CPU: %[[MAX2:.*]] = tt.expand_dims %[[MAX]] {axis = 1 : i32} : tensor<16xf32, #[[$MAXSLICE]]> -> tensor<16x1xf32, #[[$TILE]]>
// CPU: %[[MAXB:.*]] = tt.broadcast %[[MAX2]] : tensor<16x1xf32, #[[$TILE]]> -> tensor<16x64xf32, #[[$TILE]]>
// CPU: %[[D:.*]] = arith.subf %[[X]], %[[MAXB]] : tensor<16x64xf32, #[[$TILE]]>
// CPU: %[[E:.*]] = math.exp %[[D]] : tensor<16x64xf32, #[[$TILE]]>
// CPU: tt.store %{{.*}}, %[[E]] : tensor<16x64x!tt.ptr<f32>, #[[$TILE]]>

// CUDA-DAG: #[[$COL:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// CUDA-DAG: #[[$TILE:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CUDA-DAG: #[[$MAXSLICE:slice[0-9]*]] = #ttg.slice<{dim = 1, parent = #[[$TILE]]}>
// CUDA-LABEL: tt.func public @softmax
// CUDA: tt.broadcast %{{.*}} : tensor<16x1xi32, #[[$COL]]> -> tensor<16x64xi32, #[[$COL]]>
// CUDA: %[[X:.*]] = tt.load %{{.*}} : tensor<16x64x!tt.ptr<f32>, #[[$TILE]]>
// CUDA: %[[MAX:.*]] = tt.reduce(%[[X]]) axis = 1
// CUDA: } : (tensor<16x64xf32, #[[$TILE]]>) -> tensor<16xf32, #[[$MAXSLICE]]>
// CUDA: %[[MAX2:.*]] = tt.expand_dims %[[MAX]] {axis = 1 : i32} : tensor<16xf32, #[[$MAXSLICE]]> -> tensor<16x1xf32, #[[$TILE]]>
// CUDA: tt.broadcast %[[MAX2]] : tensor<16x1xf32, #[[$TILE]]> -> tensor<16x64xf32, #[[$TILE]]>
// CUDA: math.exp %{{.*}} : tensor<16x64xf32, #[[$TILE]]>

// HIP-DAG: #[[$COL:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [64, 1], warpsPerCTA = [8, 1], order = [1, 0]}>
// HIP-DAG: #[[$TILE:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [8, 1], order = [1, 0]}>
// HIP-DAG: #[[$MAXSLICE:slice[0-9]*]] = #ttg.slice<{dim = 1, parent = #[[$TILE]]}>
// HIP-LABEL: tt.func public @softmax
// HIP: tt.broadcast %{{.*}} : tensor<16x1xi32, #[[$COL]]> -> tensor<16x64xi32, #[[$COL]]>
// HIP: %[[X:.*]] = tt.load %{{.*}} : tensor<16x64x!tt.ptr<f32>, #[[$TILE]]>
// HIP: %[[MAX:.*]] = tt.reduce(%[[X]]) axis = 1
// HIP: } : (tensor<16x64xf32, #[[$TILE]]>) -> tensor<16xf32, #[[$MAXSLICE]]>
// HIP: %[[MAX2:.*]] = tt.expand_dims %[[MAX]] {axis = 1 : i32} : tensor<16xf32, #[[$MAXSLICE]]> -> tensor<16x1xf32, #[[$TILE]]>
// HIP: tt.broadcast %[[MAX2]] : tensor<16x1xf32, #[[$TILE]]> -> tensor<16x64xf32, #[[$TILE]]>
// HIP: math.exp %{{.*}} : tensor<16x64xf32, #[[$TILE]]>
tt.func public @softmax(%in: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
  %rows = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %cols = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %r2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %c64 = arith.constant dense<64> : tensor<16x1xi32>
  %rowoff = arith.muli %r2, %c64 : tensor<16x1xi32>
  %rowb = tt.broadcast %rowoff : tensor<16x1xi32> -> tensor<16x64xi32>
  %c2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %colb = tt.broadcast %c2 : tensor<1x64xi32> -> tensor<16x64xi32>
  %offs = arith.addi %rowb, %colb : tensor<16x64xi32>
  %ins = tt.splat %in : !tt.ptr<f32> -> tensor<16x64x!tt.ptr<f32>>
  %inp = tt.addptr %ins, %offs : tensor<16x64x!tt.ptr<f32>>, tensor<16x64xi32>
  %x = tt.load %inp : tensor<16x64x!tt.ptr<f32>>
  %max = tt.reduce(%x) axis = 1 {
  ^bb0(%acc: f32, %v: f32):
    %m = arith.maxnumf %acc, %v : f32
    tt.reduce.return %m : f32
  } : (tensor<16x64xf32>) -> tensor<16xf32>
  %max2 = tt.expand_dims %max {axis = 1 : i32} : tensor<16xf32> -> tensor<16x1xf32>
  %maxb = tt.broadcast %max2 : tensor<16x1xf32> -> tensor<16x64xf32>
  %d = arith.subf %x, %maxb : tensor<16x64xf32>
  %e = math.exp %d : tensor<16x64xf32>
  %outs = tt.splat %out : !tt.ptr<f32> -> tensor<16x64x!tt.ptr<f32>>
  %outp = tt.addptr %outs, %offs : tensor<16x64x!tt.ptr<f32>>, tensor<16x64xi32>
  tt.store %outp, %e : tensor<16x64x!tt.ptr<f32>>
  tt.return
}

// -----

// tt.dot reads A and B in the dot-operand layouts (opIdx 0 and 1) of the accumulator's blocked
// layout, converted from the layouts of their shapes. On the CPU the lanes come from f32, the
// widest element, so the f16 operands start in the f32 tile's layout.
// CPU-DAG: #[[$B:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
// CPU-LABEL: tt.func public @dot
// CPU-SAME: %[[A:.*]]: tensor<32x16xf16, #[[$B]]>, %[[BB:.*]]: tensor<16x64xf16, #[[$B]]>
// CPU: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<32x64xf32, #[[$B]]>
// CPU: %[[AOP:.*]] = ttg.convert_layout %[[A]] : tensor<32x16xf16, #[[$B]]> -> tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #[[$B]]}>>
// CPU: %[[BOP:.*]] = ttg.convert_layout %[[BB]] : tensor<16x64xf16, #[[$B]]> -> tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[$B]]}>>
// CPU: tt.dot %[[AOP]], %[[BOP]], %[[ZERO]] : tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #[[$B]]}>> * tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[$B]]}>> -> tensor<32x64xf32, #[[$B]]>

// CUDA-DAG: #[[$A:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CUDA-DAG: #[[$B:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CUDA-LABEL: tt.func public @dot
// CUDA-SAME: tensor<32x16xf16, #[[$A]]>
// CUDA: tt.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #[[$B]]}>> * tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[$B]]}>> -> tensor<32x64xf32, #[[$B]]>

// HIP-DAG: #[[$A:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 16], warpsPerCTA = [8, 1], order = [1, 0]}>
// HIP-DAG: #[[$B:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [8, 1], order = [1, 0]}>
// HIP-LABEL: tt.func public @dot
// HIP-SAME: tensor<32x16xf16, #[[$A]]>
// HIP: tt.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #[[$B]]}>> * tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[$B]]}>> -> tensor<32x64xf32, #[[$B]]>
tt.func public @dot(%a: tensor<32x16xf16>, %b: tensor<16x64xf16>, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
  %zero = arith.constant dense<0.0> : tensor<32x64xf32>
  %d = tt.dot %a, %b, %zero : tensor<32x16xf16> * tensor<16x64xf16> -> tensor<32x64xf32>
  %outs = tt.splat %out : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>>
  tt.store %outs, %d : tensor<32x64x!tt.ptr<f32>>
  tt.return
}

// -----

// scf.for with a tensor accumulator and a tensor of pointers carried around the loop: the
// loop's arguments, results and yield take the layout too, and so does the function result.
// CPU-DAG: #[[$B:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [1], order = [0]}>
// CPU-LABEL: tt.func public @loop
// CPU-SAME: -> tensor<128xf32, #[[$B]]>
// CPU: %[[INIT:.*]] = arith.constant dense<0.000000e+00> : tensor<128xf32, #[[$B]]>
// CPU: %[[P0:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<128x!tt.ptr<f32>, #[[$B]]>, tensor<128xi32, #[[$B]]>
// CPU: %[[FOR:.*]]:2 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[INIT]], %[[PTR:.*]] = %[[P0]]) -> (tensor<128xf32, #[[$B]]>, tensor<128x!tt.ptr<f32>, #[[$B]]>)
// CPU: %[[V:.*]] = tt.load %[[PTR]] : tensor<128x!tt.ptr<f32>, #[[$B]]>
// CPU: %[[NEXT:.*]] = arith.addf %[[ACC]], %[[V]] : tensor<128xf32, #[[$B]]>
// CPU: %[[NP:.*]] = tt.addptr %[[PTR]], %{{.*}} : tensor<128x!tt.ptr<f32>, #[[$B]]>, tensor<128xi32, #[[$B]]>
// CPU: scf.yield %[[NEXT]], %[[NP]] : tensor<128xf32, #[[$B]]>, tensor<128x!tt.ptr<f32>, #[[$B]]>
// CPU: tt.return %[[FOR]]#0 : tensor<128xf32, #[[$B]]>

// CUDA-DAG: #[[$B:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CUDA-LABEL: tt.func public @loop
// CUDA: scf.for {{.*}} -> (tensor<128xf32, #[[$B]]>, tensor<128x!tt.ptr<f32>, #[[$B]]>)
// CUDA: scf.yield %{{.*}}, %{{.*}} : tensor<128xf32, #[[$B]]>, tensor<128x!tt.ptr<f32>, #[[$B]]>

// HIP-DAG: #[[$B:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [8], order = [0]}>
// HIP-LABEL: tt.func public @loop
// HIP: scf.for {{.*}} -> (tensor<128xf32, #[[$B]]>, tensor<128x!tt.ptr<f32>, #[[$B]]>)
// HIP: scf.yield %{{.*}}, %{{.*}} : tensor<128xf32, #[[$B]]>, tensor<128x!tt.ptr<f32>, #[[$B]]>
tt.func public @loop(%in: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<128xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %init = arith.constant dense<0.0> : tensor<128xf32>
  %range = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %ins = tt.splat %in : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %p0 = tt.addptr %ins, %range : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %sum, %p = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init, %ptr = %p0) -> (tensor<128xf32>, tensor<128x!tt.ptr<f32>>) : i32 {
    %v = tt.load %ptr : tensor<128x!tt.ptr<f32>>
    %next = arith.addf %acc, %v : tensor<128xf32>
    %c128 = arith.constant dense<128> : tensor<128xi32>
    %np = tt.addptr %ptr, %c128 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    scf.yield %next, %np : tensor<128xf32>, tensor<128x!tt.ptr<f32>>
  }
  tt.return %sum : tensor<128xf32>
}
