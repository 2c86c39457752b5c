module {
  tt.func public @gather_axis_kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %0 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
    %c16_i32 = arith.constant 16 : i32
    %2 = tt.splat %c16_i32 : i32 -> tensor<8x1xi32>
    %3 = arith.muli %1, %2 : tensor<8x1xi32>
    %4 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<8x1x!tt.ptr<f32>>
    %5 = tt.addptr %4, %3 : tensor<8x1x!tt.ptr<f32>>, tensor<8x1xi32>
    %6 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %7 = tt.expand_dims %6 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %8 = tt.broadcast %5 : tensor<8x1x!tt.ptr<f32>> -> tensor<8x16x!tt.ptr<f32>>
    %9 = tt.broadcast %7 : tensor<1x16xi32> -> tensor<8x16xi32>
    %10 = tt.addptr %8, %9 : tensor<8x16x!tt.ptr<f32>>, tensor<8x16xi32>
    %11 = tt.load %10 : tensor<8x16x!tt.ptr<f32>>
    %12 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %13 = tt.expand_dims %12 {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
    %c16_i32_0 = arith.constant 16 : i32
    %14 = tt.splat %c16_i32_0 : i32 -> tensor<8x1xi32>
    %15 = arith.muli %13, %14 : tensor<8x1xi32>
    %16 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %17 = tt.expand_dims %16 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %18 = tt.broadcast %15 : tensor<8x1xi32> -> tensor<8x16xi32>
    %19 = tt.broadcast %17 : tensor<1x16xi32> -> tensor<8x16xi32>
    %20 = arith.addi %18, %19 : tensor<8x16xi32>
    %21 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<8x16x!tt.ptr<f32>>
    %22 = tt.addptr %21, %20 : tensor<8x16x!tt.ptr<f32>>, tensor<8x16xi32>
    %23 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<8x16x!tt.ptr<i32>>
    %24 = tt.addptr %23, %20 : tensor<8x16x!tt.ptr<i32>>, tensor<8x16xi32>
    %25 = tt.load %24 : tensor<8x16x!tt.ptr<i32>>
    %26 = tt.gather %11[%25] {axis = 1 : i32} : (tensor<8x16xf32>, tensor<8x16xi32>) -> tensor<8x16xf32>
    tt.store %22, %26 : tensor<8x16x!tt.ptr<f32>>
    tt.return
  }
}
