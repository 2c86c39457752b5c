module {
  tt.func public @gather_kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %0 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %1 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %2 = tt.expand_dims %0 {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
    %c32_i32 = arith.constant 32 : i32
    %3 = tt.splat %c32_i32 : i32 -> tensor<8x1xi32>
    %4 = arith.muli %2, %3 : tensor<8x1xi32>
    %5 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<8x1x!tt.ptr<f32>>
    %6 = tt.addptr %5, %4 : tensor<8x1x!tt.ptr<f32>>, tensor<8x1xi32>
    %7 = tt.expand_dims %1 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %8 = tt.broadcast %6 : tensor<8x1x!tt.ptr<f32>> -> tensor<8x32x!tt.ptr<f32>>
    %9 = tt.broadcast %7 : tensor<1x32xi32> -> tensor<8x32xi32>
    %10 = tt.addptr %8, %9 : tensor<8x32x!tt.ptr<f32>>, tensor<8x32xi32>
    %11 = tt.load %10 : tensor<8x32x!tt.ptr<f32>>
    %12 = tt.expand_dims %0 {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
    %c32_i32_0 = arith.constant 32 : i32
    %13 = tt.splat %c32_i32_0 : i32 -> tensor<8x1xi32>
    %14 = arith.muli %12, %13 : tensor<8x1xi32>
    %15 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<8x1x!tt.ptr<i32>>
    %16 = tt.addptr %15, %14 : tensor<8x1x!tt.ptr<i32>>, tensor<8x1xi32>
    %17 = tt.expand_dims %1 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %18 = tt.broadcast %16 : tensor<8x1x!tt.ptr<i32>> -> tensor<8x32x!tt.ptr<i32>>
    %19 = tt.broadcast %17 : tensor<1x32xi32> -> tensor<8x32xi32>
    %20 = tt.addptr %18, %19 : tensor<8x32x!tt.ptr<i32>>, tensor<8x32xi32>
    %21 = tt.load %20 : tensor<8x32x!tt.ptr<i32>>
    %22 = tt.expand_dims %0 {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
    %c32_i32_1 = arith.constant 32 : i32
    %23 = tt.splat %c32_i32_1 : i32 -> tensor<8x1xi32>
    %24 = arith.muli %22, %23 : tensor<8x1xi32>
    %25 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<8x1x!tt.ptr<f32>>
    %26 = tt.addptr %25, %24 : tensor<8x1x!tt.ptr<f32>>, tensor<8x1xi32>
    %27 = tt.expand_dims %1 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %28 = tt.broadcast %26 : tensor<8x1x!tt.ptr<f32>> -> tensor<8x32x!tt.ptr<f32>>
    %29 = tt.broadcast %27 : tensor<1x32xi32> -> tensor<8x32xi32>
    %30 = tt.addptr %28, %29 : tensor<8x32x!tt.ptr<f32>>, tensor<8x32xi32>
    %31 = tt.gather %11[%21] {axis = 1 : i32} : (tensor<8x32xf32>, tensor<8x32xi32>) -> tensor<8x32xf32>
    tt.store %30, %31 : tensor<8x32x!tt.ptr<f32>>
    tt.return
  }
}
