#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [1], order = [0]}>
#slice = #ttg.slice<{dim = 1, parent = #blocked}>
#slice1 = #ttg.slice<{dim = 0, parent = #blocked}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx512"} {
  tt.func public @reduce_kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}) {
    %cst = arith.constant dense<0x7F800000> : tensor<16x64xf32, #blocked>
    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #slice>
    %1 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked1>
    %2 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #slice1>
    %3 = tt.expand_dims %0 {axis = 1 : i32} : tensor<16xi32, #slice> -> tensor<16x1xi32, #blocked>
    %4 = tt.splat %arg3 : i32 -> tensor<16x1xi32, #blocked>
    %5 = arith.cmpi slt, %3, %4 : tensor<16x1xi32, #blocked>
    %6 = tt.expand_dims %2 {axis = 0 : i32} : tensor<64xi32, #slice1> -> tensor<1x64xi32, #blocked>
    %7 = tt.splat %arg4 : i32 -> tensor<1x64xi32, #blocked>
    %8 = arith.cmpi slt, %6, %7 : tensor<1x64xi32, #blocked>
    %9 = tt.broadcast %5 : tensor<16x1xi1, #blocked> -> tensor<16x64xi1, #blocked>
    %10 = tt.broadcast %8 : tensor<1x64xi1, #blocked> -> tensor<16x64xi1, #blocked>
    %11 = arith.andi %9, %10 : tensor<16x64xi1, #blocked>
    %12 = tt.splat %arg4 : i32 -> tensor<16x1xi32, #blocked>
    %13 = arith.muli %3, %12 : tensor<16x1xi32, #blocked>
    %14 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<16x1x!tt.ptr<f32>, #blocked>
    %15 = tt.addptr %14, %13 : tensor<16x1x!tt.ptr<f32>, #blocked>, tensor<16x1xi32, #blocked>
    %16 = tt.broadcast %15 : tensor<16x1x!tt.ptr<f32>, #blocked> -> tensor<16x64x!tt.ptr<f32>, #blocked>
    %17 = tt.broadcast %6 : tensor<1x64xi32, #blocked> -> tensor<16x64xi32, #blocked>
    %18 = tt.addptr %16, %17 : tensor<16x64x!tt.ptr<f32>, #blocked>, tensor<16x64xi32, #blocked>
    %19 = tt.load %18, %11, %cst : tensor<16x64x!tt.ptr<f32>, #blocked>
    %20 = tt.reduce(%19) axis = 0 {
    ^bb0(%arg5: f32, %arg6: f32):
      %24 = arith.minnumf %arg5, %arg6 : f32
      tt.reduce.return %24 : f32
    } : (tensor<16x64xf32, #blocked>) -> tensor<64xf32, #slice1>
    %21 = ttg.convert_layout %20 : tensor<64xf32, #slice1> -> tensor<64xf32, #blocked1>
    %22 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #blocked1>
    %23 = tt.addptr %22, %1 : tensor<64x!tt.ptr<f32>, #blocked1>, tensor<64xi32, #blocked1>
    tt.store %23, %21 : tensor<64x!tt.ptr<f32>, #blocked1>
    tt.return
  }
}
