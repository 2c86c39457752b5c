#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
#slice = #ttg.slice<{dim = 1, parent = #blocked}>
#slice1 = #ttg.slice<{dim = 0, parent = #blocked}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx512"} {
  tt.func public @scan_kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %cst = arith.constant dense<64> : tensor<8x1xi32, #blocked>
    %0 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #slice>
    %1 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #slice1>
    %2 = tt.expand_dims %0 {axis = 1 : i32} : tensor<8xi32, #slice> -> tensor<8x1xi32, #blocked>
    %3 = arith.muli %2, %cst : tensor<8x1xi32, #blocked>
    %4 = tt.expand_dims %1 {axis = 0 : i32} : tensor<64xi32, #slice1> -> tensor<1x64xi32, #blocked>
    %5 = tt.broadcast %3 : tensor<8x1xi32, #blocked> -> tensor<8x64xi32, #blocked>
    %6 = tt.broadcast %4 : tensor<1x64xi32, #blocked> -> tensor<8x64xi32, #blocked>
    %7 = arith.addi %5, %6 : tensor<8x64xi32, #blocked>
    %8 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<8x64x!tt.ptr<f32>, #blocked>
    %9 = tt.addptr %8, %7 : tensor<8x64x!tt.ptr<f32>, #blocked>, tensor<8x64xi32, #blocked>
    %10 = tt.load %9 : tensor<8x64x!tt.ptr<f32>, #blocked>
    %11 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<8x64x!tt.ptr<f32>, #blocked>
    %12 = tt.addptr %11, %7 : tensor<8x64x!tt.ptr<f32>, #blocked>, tensor<8x64xi32, #blocked>
    %13 = tt.load %12 : tensor<8x64x!tt.ptr<f32>, #blocked>
    %14:2 = tt.scan(%13, %10) axis = 1 reverse {
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32, %arg6: f32):
      %17 = arith.mulf %arg3, %arg5 : f32
      %18 = arith.mulf %arg4, %arg5 : f32
      %19 = arith.addf %18, %arg6 : f32
      tt.scan.return %17, %19 : f32, f32
    } : (tensor<8x64xf32, #blocked>, tensor<8x64xf32, #blocked>) -> (tensor<8x64xf32, #blocked>, tensor<8x64xf32, #blocked>)
    %15 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<8x64x!tt.ptr<f32>, #blocked>
    %16 = tt.addptr %15, %7 : tensor<8x64x!tt.ptr<f32>, #blocked>, tensor<8x64xi32, #blocked>
    tt.store %16, %14#1 : tensor<8x64x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
