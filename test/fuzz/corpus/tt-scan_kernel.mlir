module {
  tt.func public @scan_kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %0 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %1 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %2 = tt.expand_dims %0 {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
    %c64_i32 = arith.constant 64 : i32
    %3 = tt.splat %c64_i32 : i32 -> tensor<8x1xi32>
    %4 = arith.muli %2, %3 : tensor<8x1xi32>
    %5 = tt.expand_dims %1 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %6 = tt.broadcast %4 : tensor<8x1xi32> -> tensor<8x64xi32>
    %7 = tt.broadcast %5 : tensor<1x64xi32> -> tensor<8x64xi32>
    %8 = arith.addi %6, %7 : tensor<8x64xi32>
    %9 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<8x64x!tt.ptr<f32>>
    %10 = tt.addptr %9, %8 : tensor<8x64x!tt.ptr<f32>>, tensor<8x64xi32>
    %11 = tt.load %10 : tensor<8x64x!tt.ptr<f32>>
    %12 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<8x64x!tt.ptr<f32>>
    %13 = tt.addptr %12, %8 : tensor<8x64x!tt.ptr<f32>>, tensor<8x64xi32>
    %14 = tt.load %13 : tensor<8x64x!tt.ptr<f32>>
    %15:2 = tt.scan(%14, %11) axis = 1 reverse {
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32, %arg6: f32):
      %18 = arith.mulf %arg3, %arg5 : f32
      %19 = arith.mulf %arg4, %arg5 : f32
      %20 = arith.addf %19, %arg6 : f32
      tt.scan.return %18, %20 : f32, f32
    } : (tensor<8x64xf32>, tensor<8x64xf32>) -> (tensor<8x64xf32>, tensor<8x64xf32>)
    %16 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<8x64x!tt.ptr<f32>>
    %17 = tt.addptr %16, %8 : tensor<8x64x!tt.ptr<f32>>, tensor<8x64xi32>
    tt.store %17, %15#1 : tensor<8x64x!tt.ptr<f32>>
    tt.return
  }
}
