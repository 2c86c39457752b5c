module {
  tt.func public @reduce_kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}) {
    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %1 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %2 = tt.expand_dims %0 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %3 = tt.splat %arg3 : i32 -> tensor<16x1xi32>
    %4 = arith.cmpi slt, %2, %3 : tensor<16x1xi32>
    %5 = tt.expand_dims %1 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %6 = tt.splat %arg4 : i32 -> tensor<1x64xi32>
    %7 = arith.cmpi slt, %5, %6 : tensor<1x64xi32>
    %8 = tt.broadcast %4 : tensor<16x1xi1> -> tensor<16x64xi1>
    %9 = tt.broadcast %7 : tensor<1x64xi1> -> tensor<16x64xi1>
    %10 = arith.andi %8, %9 : tensor<16x64xi1>
    %11 = tt.expand_dims %0 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %12 = tt.splat %arg4 : i32 -> tensor<16x1xi32>
    %13 = arith.muli %11, %12 : tensor<16x1xi32>
    %14 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<16x1x!tt.ptr<f32>>
    %15 = tt.addptr %14, %13 : tensor<16x1x!tt.ptr<f32>>, tensor<16x1xi32>
    %16 = tt.expand_dims %1 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %17 = tt.broadcast %15 : tensor<16x1x!tt.ptr<f32>> -> tensor<16x64x!tt.ptr<f32>>
    %18 = tt.broadcast %16 : tensor<1x64xi32> -> tensor<16x64xi32>
    %19 = tt.addptr %17, %18 : tensor<16x64x!tt.ptr<f32>>, tensor<16x64xi32>
    %cst = arith.constant 0x7F800000 : f32
    %20 = tt.splat %cst : f32 -> tensor<16x64xf32>
    %21 = tt.load %19, %10, %20 : tensor<16x64x!tt.ptr<f32>>
    %22 = tt.reduce(%21) axis = 0 {
    ^bb0(%arg5: f32, %arg6: f32):
      %26 = arith.minnumf %arg5, %arg6 : f32
      tt.reduce.return %26 : f32
    } : (tensor<16x64xf32>) -> tensor<64xf32>
    %23 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %24 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %25 = tt.addptr %24, %23 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    tt.store %25, %22 : tensor<64x!tt.ptr<f32>>
    tt.return
  }
}
