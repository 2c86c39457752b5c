#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [1], order = [0]}>
#slice = #ttg.slice<{dim = 0, parent = #blocked}>
#slice1 = #ttg.slice<{dim = 1, parent = #blocked}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx512"} {
  tt.func public @cat_broadcast_kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %cst = arith.constant dense<16> : tensor<16x1xi32, #blocked>
    %c256_i32 = arith.constant 256 : i32
    %c32_i32 = arith.constant 32 : i32
    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #blocked1>
    %1 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #slice>
    %2 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #slice1>
    %3 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>, #blocked1>
    %4 = tt.addptr %3, %0 : tensor<16x!tt.ptr<f32>, #blocked1>, tensor<16xi32, #blocked1>
    %5 = tt.load %4 : tensor<16x!tt.ptr<f32>, #blocked1>
    %6 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>, #blocked1>
    %7 = tt.addptr %6, %0 : tensor<16x!tt.ptr<f32>, #blocked1>, tensor<16xi32, #blocked1>
    %8 = tt.load %7 : tensor<16x!tt.ptr<f32>, #blocked1>
    %9 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #blocked1>
    %10 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>, #blocked1>
    %11 = tt.addptr %10, %9 : tensor<32x!tt.ptr<f32>, #blocked1>, tensor<32xi32, #blocked1>
    %12 = tt.cat %5, %8 : tensor<16xf32, #blocked1> -> tensor<32xf32, #blocked1>
    tt.store %11, %12 : tensor<32x!tt.ptr<f32>, #blocked1>
    %13 = ttg.convert_layout %5 : tensor<16xf32, #blocked1> -> tensor<16xf32, #slice1>
    %14 = tt.expand_dims %13 {axis = 1 : i32} : tensor<16xf32, #slice1> -> tensor<16x1xf32, #blocked>
    %15 = ttg.convert_layout %8 : tensor<16xf32, #blocked1> -> tensor<16xf32, #slice>
    %16 = tt.expand_dims %15 {axis = 0 : i32} : tensor<16xf32, #slice> -> tensor<1x16xf32, #blocked>
    %17 = tt.broadcast %14 : tensor<16x1xf32, #blocked> -> tensor<16x16xf32, #blocked>
    %18 = tt.broadcast %16 : tensor<1x16xf32, #blocked> -> tensor<16x16xf32, #blocked>
    %19 = arith.addf %17, %18 : tensor<16x16xf32, #blocked>
    %20 = tt.addptr %arg2, %c32_i32 : !tt.ptr<f32>, i32
    %21 = tt.expand_dims %2 {axis = 1 : i32} : tensor<16xi32, #slice1> -> tensor<16x1xi32, #blocked>
    %22 = arith.muli %21, %cst : tensor<16x1xi32, #blocked>
    %23 = tt.splat %20 : !tt.ptr<f32> -> tensor<16x1x!tt.ptr<f32>, #blocked>
    %24 = tt.addptr %23, %22 : tensor<16x1x!tt.ptr<f32>, #blocked>, tensor<16x1xi32, #blocked>
    %25 = tt.expand_dims %1 {axis = 0 : i32} : tensor<16xi32, #slice> -> tensor<1x16xi32, #blocked>
    %26 = tt.broadcast %24 : tensor<16x1x!tt.ptr<f32>, #blocked> -> tensor<16x16x!tt.ptr<f32>, #blocked>
    %27 = tt.broadcast %25 : tensor<1x16xi32, #blocked> -> tensor<16x16xi32, #blocked>
    %28 = tt.addptr %26, %27 : tensor<16x16x!tt.ptr<f32>, #blocked>, tensor<16x16xi32, #blocked>
    tt.store %28, %19 : tensor<16x16x!tt.ptr<f32>, #blocked>
    %29 = tt.addptr %20, %c256_i32 : !tt.ptr<f32>, i32
    %30 = tt.splat %29 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>, #blocked1>
    %31 = tt.addptr %30, %0 : tensor<16x!tt.ptr<f32>, #blocked1>, tensor<16xi32, #blocked1>
    %32 = tt.reduce(%5) axis = 0 {
    ^bb0(%arg3: f32, %arg4: f32):
      %34 = arith.maxnumf %arg3, %arg4 : f32
      tt.reduce.return %34 : f32
    } : (tensor<16xf32, #blocked1>) -> f32
    %33 = tt.splat %32 : f32 -> tensor<16xf32, #blocked1>
    tt.store %31, %33 : tensor<16x!tt.ptr<f32>, #blocked1>
    tt.return
  }
}
