module {
  tt.func public @broadcast_kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: i32) {
    %0 = tt.get_program_id x : i32
    %c128_i32 = arith.constant 128 : i32
    %1 = arith.muli %0, %c128_i32 : i32
    %2 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %3 = tt.splat %1 : i32 -> tensor<128xi32>
    %4 = arith.addi %3, %2 : tensor<128xi32>
    %5 = tt.splat %arg3 : i32 -> tensor<128xi32>
    %6 = arith.cmpi slt, %4, %5 : tensor<128xi32>
    %c0_i32 = arith.constant 0 : i32
    %7 = tt.splat %c0_i32 : i32 -> tensor<128xi32>
    %8 = arith.muli %4, %7 : tensor<128xi32>
    %9 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %10 = tt.addptr %9, %8 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %11 = tt.load %10 : tensor<128x!tt.ptr<f32>>
    %c1_i32 = arith.constant 1 : i32
    %12 = tt.addptr %arg1, %c1_i32 : !tt.ptr<f32>, i32
    %13 = tt.load %12 : !tt.ptr<f32>
    %14 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %15 = tt.addptr %14, %4 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %16 = tt.load %15, %6 : tensor<128x!tt.ptr<f32>>
    %17 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %18 = tt.addptr %17, %4 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %19 = arith.mulf %16, %11 : tensor<128xf32>
    %20 = tt.splat %13 : f32 -> tensor<128xf32>
    %21 = arith.addf %19, %20 : tensor<128xf32>
    tt.store %18, %21, %6 : tensor<128x!tt.ptr<f32>>
    %c2_i32 = arith.constant 2 : i32
    %22 = tt.addptr %arg1, %c2_i32 : !tt.ptr<f32>, i32
    %c0_i32_0 = arith.constant 0 : i32
    %23 = tt.splat %c0_i32_0 : i32 -> tensor<128xi32>
    %24 = arith.muli %4, %23 : tensor<128xi32>
    %25 = tt.splat %22 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %26 = tt.addptr %25, %24 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %c0_i32_1 = arith.constant 0 : i32
    %27 = tt.splat %c0_i32_1 : i32 -> tensor<128xi32>
    %28 = arith.cmpi eq, %4, %27 : tensor<128xi32>
    %29 = tt.splat %13 : f32 -> tensor<128xf32>
    tt.store %26, %29, %28 : tensor<128x!tt.ptr<f32>>
    tt.return
  }
}
