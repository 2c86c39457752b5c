module {
  tt.func public @view_copy_kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: i32, %arg3: i32, %arg4: i32, %arg5: i32) {
    %0 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %1 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %2 = tt.expand_dims %0 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %3 = tt.splat %arg2 : i32 -> tensor<32x1xi32>
    %4 = arith.cmpi slt, %2, %3 : tensor<32x1xi32>
    %5 = tt.expand_dims %1 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %6 = tt.splat %arg3 : i32 -> tensor<1x64xi32>
    %7 = arith.cmpi slt, %5, %6 : tensor<1x64xi32>
    %8 = tt.broadcast %4 : tensor<32x1xi1> -> tensor<32x64xi1>
    %9 = tt.broadcast %7 : tensor<1x64xi1> -> tensor<32x64xi1>
    %10 = arith.andi %8, %9 : tensor<32x64xi1>
    %11 = tt.expand_dims %0 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %12 = tt.splat %arg4 : i32 -> tensor<32x1xi32>
    %13 = arith.muli %11, %12 : tensor<32x1xi32>
    %14 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<32x1x!tt.ptr<f32>>
    %15 = tt.addptr %14, %13 : tensor<32x1x!tt.ptr<f32>>, tensor<32x1xi32>
    %16 = tt.expand_dims %1 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %17 = tt.splat %arg5 : i32 -> tensor<1x64xi32>
    %18 = arith.muli %16, %17 : tensor<1x64xi32>
    %19 = tt.broadcast %15 : tensor<32x1x!tt.ptr<f32>> -> tensor<32x64x!tt.ptr<f32>>
    %20 = tt.broadcast %18 : tensor<1x64xi32> -> tensor<32x64xi32>
    %21 = tt.addptr %19, %20 : tensor<32x64x!tt.ptr<f32>>, tensor<32x64xi32>
    %22 = tt.load %21, %10 : tensor<32x64x!tt.ptr<f32>>
    %23 = tt.expand_dims %0 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %24 = tt.splat %arg3 : i32 -> tensor<32x1xi32>
    %25 = arith.muli %23, %24 : tensor<32x1xi32>
    %26 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<32x1x!tt.ptr<f32>>
    %27 = tt.addptr %26, %25 : tensor<32x1x!tt.ptr<f32>>, tensor<32x1xi32>
    %28 = tt.expand_dims %1 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %29 = tt.broadcast %27 : tensor<32x1x!tt.ptr<f32>> -> tensor<32x64x!tt.ptr<f32>>
    %30 = tt.broadcast %28 : tensor<1x64xi32> -> tensor<32x64xi32>
    %31 = tt.addptr %29, %30 : tensor<32x64x!tt.ptr<f32>>, tensor<32x64xi32>
    tt.store %31, %22, %10 : tensor<32x64x!tt.ptr<f32>>
    tt.return
  }
}
