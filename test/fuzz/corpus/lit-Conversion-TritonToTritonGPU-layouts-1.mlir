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
