module {
  tt.func public @column_load_kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: i32, %arg3: i32) {
    %0 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %1 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %2 = tt.expand_dims %0 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %3 = tt.splat %arg2 : i32 -> tensor<1x32xi32>
    %4 = arith.cmpi slt, %2, %3 : tensor<1x32xi32>
    %5 = tt.expand_dims %1 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %6 = tt.splat %arg3 : i32 -> tensor<16x1xi32>
    %7 = arith.cmpi slt, %5, %6 : tensor<16x1xi32>
    %8 = tt.broadcast %4 : tensor<1x32xi1> -> tensor<16x32xi1>
    %9 = tt.broadcast %7 : tensor<16x1xi1> -> tensor<16x32xi1>
    %10 = arith.andi %8, %9 : tensor<16x32xi1>
    %11 = tt.expand_dims %0 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %12 = tt.splat %arg3 : i32 -> tensor<1x32xi32>
    %13 = arith.muli %11, %12 : tensor<1x32xi32>
    %14 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<1x32x!tt.ptr<f32>>
    %15 = tt.addptr %14, %13 : tensor<1x32x!tt.ptr<f32>>, tensor<1x32xi32>
    %16 = tt.expand_dims %1 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %17 = tt.broadcast %15 : tensor<1x32x!tt.ptr<f32>> -> tensor<16x32x!tt.ptr<f32>>
    %18 = tt.broadcast %16 : tensor<16x1xi32> -> tensor<16x32xi32>
    %19 = tt.addptr %17, %18 : tensor<16x32x!tt.ptr<f32>>, tensor<16x32xi32>
    %cst = arith.constant 5.000000e-01 : f32
    %20 = tt.splat %cst : f32 -> tensor<16x32xf32>
    %21 = tt.load %19, %10, %20 : tensor<16x32x!tt.ptr<f32>>
    %22 = tt.expand_dims %1 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %c32_i32 = arith.constant 32 : i32
    %23 = tt.splat %c32_i32 : i32 -> tensor<16x1xi32>
    %24 = arith.muli %22, %23 : tensor<16x1xi32>
    %25 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<16x1x!tt.ptr<f32>>
    %26 = tt.addptr %25, %24 : tensor<16x1x!tt.ptr<f32>>, tensor<16x1xi32>
    %27 = tt.expand_dims %0 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %28 = tt.broadcast %26 : tensor<16x1x!tt.ptr<f32>> -> tensor<16x32x!tt.ptr<f32>>
    %29 = tt.broadcast %27 : tensor<1x32xi32> -> tensor<16x32xi32>
    %30 = tt.addptr %28, %29 : tensor<16x32x!tt.ptr<f32>>, tensor<16x32xi32>
    tt.store %30, %21 : tensor<16x32x!tt.ptr<f32>>
    tt.return
  }
}
