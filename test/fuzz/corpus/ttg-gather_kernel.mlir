#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
#slice = #ttg.slice<{dim = 1, parent = #blocked}>
#slice1 = #ttg.slice<{dim = 0, parent = #blocked}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx512"} {
  tt.func public @gather_kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %cst = arith.constant dense<32> : tensor<8x1xi32, #blocked>
    %0 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #slice>
    %1 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #slice1>
    %2 = tt.expand_dims %0 {axis = 1 : i32} : tensor<8xi32, #slice> -> tensor<8x1xi32, #blocked>
    %3 = arith.muli %2, %cst : tensor<8x1xi32, #blocked>
    %4 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<8x1x!tt.ptr<f32>, #blocked>
    %5 = tt.addptr %4, %3 : tensor<8x1x!tt.ptr<f32>, #blocked>, tensor<8x1xi32, #blocked>
    %6 = tt.expand_dims %1 {axis = 0 : i32} : tensor<32xi32, #slice1> -> tensor<1x32xi32, #blocked>
    %7 = tt.broadcast %5 : tensor<8x1x!tt.ptr<f32>, #blocked> -> tensor<8x32x!tt.ptr<f32>, #blocked>
    %8 = tt.broadcast %6 : tensor<1x32xi32, #blocked> -> tensor<8x32xi32, #blocked>
    %9 = tt.addptr %7, %8 : tensor<8x32x!tt.ptr<f32>, #blocked>, tensor<8x32xi32, #blocked>
    %10 = tt.load %9 : tensor<8x32x!tt.ptr<f32>, #blocked>
    %11 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<8x1x!tt.ptr<i32>, #blocked>
    %12 = tt.addptr %11, %3 : tensor<8x1x!tt.ptr<i32>, #blocked>, tensor<8x1xi32, #blocked>
    %13 = tt.broadcast %12 : tensor<8x1x!tt.ptr<i32>, #blocked> -> tensor<8x32x!tt.ptr<i32>, #blocked>
    %14 = tt.addptr %13, %8 : tensor<8x32x!tt.ptr<i32>, #blocked>, tensor<8x32xi32, #blocked>
    %15 = tt.load %14 : tensor<8x32x!tt.ptr<i32>, #blocked>
    %16 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<8x1x!tt.ptr<f32>, #blocked>
    %17 = tt.addptr %16, %3 : tensor<8x1x!tt.ptr<f32>, #blocked>, tensor<8x1xi32, #blocked>
    %18 = tt.broadcast %17 : tensor<8x1x!tt.ptr<f32>, #blocked> -> tensor<8x32x!tt.ptr<f32>, #blocked>
    %19 = tt.addptr %18, %8 : tensor<8x32x!tt.ptr<f32>, #blocked>, tensor<8x32xi32, #blocked>
    %20 = tt.gather %10[%15] {axis = 1 : i32} : (tensor<8x32xf32, #blocked>, tensor<8x32xi32, #blocked>) -> tensor<8x32xf32, #blocked>
    tt.store %19, %20 : tensor<8x32x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
