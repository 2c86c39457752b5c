module {
  tt.func public @wrapped_kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: i32, %arg4: i32) {
    %0 = tt.get_program_id x : i32
    %c64_i32 = arith.constant 64 : i32
    %1 = arith.muli %0, %c64_i32 : i32
    %2 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %3 = tt.splat %1 : i32 -> tensor<64xi32>
    %4 = arith.addi %3, %2 : tensor<64xi32>
    %5 = tt.splat %arg4 : i32 -> tensor<64xi32>
    %6 = arith.addi %4, %5 : tensor<64xi32>
    %7 = tt.splat %arg3 : i32 -> tensor<64xi32>
    %8 = arith.remsi %6, %7 : tensor<64xi32>
    %c64_i32_0 = arith.constant 64 : i32
    %9 = arith.muli %0, %c64_i32_0 : i32
    %10 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %11 = tt.splat %9 : i32 -> tensor<64xi32>
    %12 = arith.addi %11, %10 : tensor<64xi32>
    %13 = tt.splat %arg3 : i32 -> tensor<64xi32>
    %14 = arith.cmpi slt, %12, %13 : tensor<64xi32>
    %15 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %16 = tt.addptr %15, %8 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %cst = arith.constant -1.000000e+00 : f32
    %17 = tt.splat %cst : f32 -> tensor<64xf32>
    %18 = tt.load %16, %14, %17 : tensor<64x!tt.ptr<f32>>
    %c64_i32_1 = arith.constant 64 : i32
    %19 = arith.muli %0, %c64_i32_1 : i32
    %20 = tt.addptr %arg1, %19 : !tt.ptr<i32>, i32
    %21 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %22 = tt.splat %20 : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
    %23 = tt.addptr %22, %21 : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
    %c0_i32 = arith.constant 0 : i32
    %24 = tt.splat %c0_i32 : i32 -> tensor<64xi32>
    %25 = tt.load %23, %14, %24 : tensor<64x!tt.ptr<i32>>
    %26 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %27 = tt.addptr %26, %25 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %28 = tt.load %27, %14 : tensor<64x!tt.ptr<f32>>
    %29 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %30 = tt.addptr %29, %8 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %cst_2 = arith.constant 2.000000e+00 : f32
    %31 = tt.splat %cst_2 : f32 -> tensor<64xf32>
    %32 = arith.mulf %18, %31 : tensor<64xf32>
    tt.store %30, %32, %14 : tensor<64x!tt.ptr<f32>>
    %33 = tt.addptr %arg2, %arg3 : !tt.ptr<f32>, i32
    %34 = tt.splat %33 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %35 = tt.addptr %34, %25 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %cst_3 = arith.constant 1.000000e+00 : f32
    %36 = tt.splat %cst_3 : f32 -> tensor<64xf32>
    %37 = arith.addf %28, %36 : tensor<64xf32>
    tt.store %35, %37, %14 : tensor<64x!tt.ptr<f32>>
    tt.return
  }
}
