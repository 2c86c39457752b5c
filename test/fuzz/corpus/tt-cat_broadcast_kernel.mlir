module {
  tt.func public @cat_broadcast_kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
    %2 = tt.addptr %1, %0 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    %3 = tt.load %2 : tensor<16x!tt.ptr<f32>>
    %4 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
    %5 = tt.addptr %4, %0 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    %6 = tt.load %5 : tensor<16x!tt.ptr<f32>>
    %7 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %8 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
    %9 = tt.addptr %8, %7 : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
    %10 = tt.cat %3, %6 : tensor<16xf32> -> tensor<32xf32>
    tt.store %9, %10 : tensor<32x!tt.ptr<f32>>
    %11 = tt.expand_dims %3 {axis = 1 : i32} : tensor<16xf32> -> tensor<16x1xf32>
    %12 = tt.expand_dims %6 {axis = 0 : i32} : tensor<16xf32> -> tensor<1x16xf32>
    %13 = tt.broadcast %11 : tensor<16x1xf32> -> tensor<16x16xf32>
    %14 = tt.broadcast %12 : tensor<1x16xf32> -> tensor<16x16xf32>
    %15 = arith.addf %13, %14 : tensor<16x16xf32>
    %c32_i32 = arith.constant 32 : i32
    %16 = tt.addptr %arg2, %c32_i32 : !tt.ptr<f32>, i32
    %17 = tt.expand_dims %0 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %c16_i32 = arith.constant 16 : i32
    %18 = tt.splat %c16_i32 : i32 -> tensor<16x1xi32>
    %19 = arith.muli %17, %18 : tensor<16x1xi32>
    %20 = tt.splat %16 : !tt.ptr<f32> -> tensor<16x1x!tt.ptr<f32>>
    %21 = tt.addptr %20, %19 : tensor<16x1x!tt.ptr<f32>>, tensor<16x1xi32>
    %22 = tt.expand_dims %0 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %23 = tt.broadcast %21 : tensor<16x1x!tt.ptr<f32>> -> tensor<16x16x!tt.ptr<f32>>
    %24 = tt.broadcast %22 : tensor<1x16xi32> -> tensor<16x16xi32>
    %25 = tt.addptr %23, %24 : tensor<16x16x!tt.ptr<f32>>, tensor<16x16xi32>
    tt.store %25, %15 : tensor<16x16x!tt.ptr<f32>>
    %c32_i32_0 = arith.constant 32 : i32
    %26 = tt.addptr %arg2, %c32_i32_0 : !tt.ptr<f32>, i32
    %c256_i32 = arith.constant 256 : i32
    %27 = tt.addptr %26, %c256_i32 : !tt.ptr<f32>, i32
    %28 = tt.splat %27 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
    %29 = tt.addptr %28, %0 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    %30 = tt.reduce(%3) axis = 0 {
    ^bb0(%arg3: f32, %arg4: f32):
      %32 = arith.maxnumf %arg3, %arg4 : f32
      tt.reduce.return %32 : f32
    } : (tensor<16xf32>) -> f32
    %31 = tt.splat %30 : f32 -> tensor<16xf32>
    tt.store %29, %31 : tensor<16x!tt.ptr<f32>>
    tt.return
  }
}
