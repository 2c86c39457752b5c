module {
  tt.func public @strided_kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: i32, %arg3: i32 {tt.equal_to = 1 : i32}, %arg4: i32) {
    %0 = tt.get_program_id x : i32
    %c128_i32 = arith.constant 128 : i32
    %1 = arith.muli %0, %c128_i32 : i32
    %2 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %3 = tt.splat %1 : i32 -> tensor<128xi32>
    %4 = arith.addi %3, %2 : tensor<128xi32>
    %5 = tt.splat %arg2 : i32 -> tensor<128xi32>
    %6 = arith.cmpi slt, %4, %5 : tensor<128xi32>
    %7 = tt.splat %arg3 : i32 -> tensor<128xi32>
    %8 = arith.muli %4, %7 : tensor<128xi32>
    %9 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %10 = tt.addptr %9, %8 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %cst = arith.constant -1.000000e+00 : f32
    %11 = tt.splat %cst : f32 -> tensor<128xf32>
    %12 = tt.load %10, %6, %11 : tensor<128x!tt.ptr<f32>>
    %13 = tt.splat %arg4 : i32 -> tensor<128xi32>
    %14 = arith.muli %4, %13 : tensor<128xi32>
    %15 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %16 = tt.addptr %15, %14 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %cst_0 = arith.constant 2.000000e+00 : f32
    %17 = tt.splat %cst_0 : f32 -> tensor<128xf32>
    %18 = arith.mulf %12, %17 : tensor<128xf32>
    tt.store %16, %18, %6 : tensor<128x!tt.ptr<f32>>
    tt.return
  }
}
