module {
  tt.func public @layer_norm_fwd(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg6: i32, %arg7: i32, %arg8: f32) {
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %arg6 : i32
    %2 = tt.addptr %arg1, %1 : !tt.ptr<f16>, i32
    %3 = arith.muli %0, %arg6 : i32
    %4 = tt.addptr %arg0, %3 : !tt.ptr<f16>, i32
    %c0_i32 = arith.constant 0 : i32
    %cst = arith.constant 0.000000e+00 : f32
    %5 = tt.splat %cst : f32 -> tensor<128xf32>
    %c0_i32_0 = arith.constant 0 : i32
    %c128_i32 = arith.constant 128 : i32
    %6 = scf.for %arg9 = %c0_i32_0 to %arg7 step %c128_i32 iter_args(%arg10 = %5) -> (tensor<128xf32>)  : i32 {
      %20 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
      %21 = tt.splat %arg9 : i32 -> tensor<128xi32>
      %22 = arith.addi %21, %20 : tensor<128xi32>
      %23 = tt.splat %4 : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>>
      %24 = tt.addptr %23, %22 : tensor<128x!tt.ptr<f16>>, tensor<128xi32>
      %25 = tt.splat %arg7 : i32 -> tensor<128xi32>
      %26 = arith.cmpi slt, %22, %25 : tensor<128xi32>
      %cst_7 = arith.constant 0.000000e+00 : f16
      %27 = tt.splat %cst_7 : f16 -> tensor<128xf16>
      %28 = tt.load %24, %26, %27 : tensor<128x!tt.ptr<f16>>
      %29 = arith.extf %28 : tensor<128xf16> to tensor<128xf32>
      %30 = arith.addf %arg10, %29 : tensor<128xf32>
      scf.yield %30 : tensor<128xf32>
    }
    %7 = tt.reduce(%6) axis = 0 {
    ^bb0(%arg9: f32, %arg10: f32):
      %20 = arith.addf %arg9, %arg10 : f32
      tt.reduce.return %20 : f32
    } : (tensor<128xf32>) -> f32
    %8 = arith.sitofp %arg7 : i32 to f32
    %9 = arith.divf %7, %8 : f32
    %cst_1 = arith.constant 0.000000e+00 : f32
    %10 = tt.splat %cst_1 : f32 -> tensor<128xf32>
    %c0_i32_2 = arith.constant 0 : i32
    %c128_i32_3 = arith.constant 128 : i32
    %11 = scf.for %arg9 = %c0_i32_2 to %arg7 step %c128_i32_3 iter_args(%arg10 = %10) -> (tensor<128xf32>)  : i32 {
      %20 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
      %21 = tt.splat %arg9 : i32 -> tensor<128xi32>
      %22 = arith.addi %21, %20 : tensor<128xi32>
      %23 = tt.splat %4 : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>>
      %24 = tt.addptr %23, %22 : tensor<128x!tt.ptr<f16>>, tensor<128xi32>
      %25 = tt.splat %arg7 : i32 -> tensor<128xi32>
      %26 = arith.cmpi slt, %22, %25 : tensor<128xi32>
      %cst_7 = arith.constant 0.000000e+00 : f16
      %27 = tt.splat %cst_7 : f16 -> tensor<128xf16>
      %28 = tt.load %24, %26, %27 : tensor<128x!tt.ptr<f16>>
      %29 = arith.extf %28 : tensor<128xf16> to tensor<128xf32>
      %30 = tt.splat %arg7 : i32 -> tensor<128xi32>
      %31 = arith.cmpi slt, %22, %30 : tensor<128xi32>
      %32 = tt.splat %9 : f32 -> tensor<128xf32>
      %33 = arith.subf %29, %32 : tensor<128xf32>
      %cst_8 = arith.constant 0.000000e+00 : f32
      %34 = tt.splat %cst_8 : f32 -> tensor<128xf32>
      %35 = arith.select %31, %33, %34 : tensor<128xi1>, tensor<128xf32>
      %36 = arith.mulf %35, %35 : tensor<128xf32>
      %37 = arith.addf %arg10, %36 : tensor<128xf32>
      scf.yield %37 : tensor<128xf32>
    }
    %12 = tt.reduce(%11) axis = 0 {
    ^bb0(%arg9: f32, %arg10: f32):
      %20 = arith.addf %arg9, %arg10 : f32
      tt.reduce.return %20 : f32
    } : (tensor<128xf32>) -> f32
    %13 = arith.sitofp %arg7 : i32 to f32
    %14 = arith.divf %12, %13 : f32
    %15 = arith.addf %14, %arg8 : f32
    %16 = math.sqrt %15 : f32
    %cst_4 = arith.constant 1.000000e+00 : f32
    %17 = arith.divf %cst_4, %16 : f32
    %18 = tt.addptr %arg4, %0 : !tt.ptr<f32>, i32
    tt.store %18, %9 : !tt.ptr<f32>
    %19 = tt.addptr %arg5, %0 : !tt.ptr<f32>, i32
    tt.store %19, %17 : !tt.ptr<f32>
    %c0_i32_5 = arith.constant 0 : i32
    %c128_i32_6 = arith.constant 128 : i32
    scf.for %arg9 = %c0_i32_5 to %arg7 step %c128_i32_6  : i32 {
      %20 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
      %21 = tt.splat %arg9 : i32 -> tensor<128xi32>
      %22 = arith.addi %21, %20 : tensor<128xi32>
      %23 = tt.splat %arg7 : i32 -> tensor<128xi32>
      %24 = arith.cmpi slt, %22, %23 : tensor<128xi32>
      %25 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>>
      %26 = tt.addptr %25, %22 : tensor<128x!tt.ptr<f16>>, tensor<128xi32>
      %27 = tt.load %26, %24 : tensor<128x!tt.ptr<f16>>
      %28 = tt.splat %arg3 : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>>
      %29 = tt.addptr %28, %22 : tensor<128x!tt.ptr<f16>>, tensor<128xi32>
      %30 = tt.load %29, %24 : tensor<128x!tt.ptr<f16>>
      %31 = tt.splat %4 : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>>
      %32 = tt.addptr %31, %22 : tensor<128x!tt.ptr<f16>>, tensor<128xi32>
      %cst_7 = arith.constant 0.000000e+00 : f16
      %33 = tt.splat %cst_7 : f16 -> tensor<128xf16>
      %34 = tt.load %32, %24, %33 : tensor<128x!tt.ptr<f16>>
      %35 = arith.extf %34 : tensor<128xf16> to tensor<128xf32>
      %36 = tt.splat %9 : f32 -> tensor<128xf32>
      %37 = arith.subf %35, %36 : tensor<128xf32>
      %38 = tt.splat %17 : f32 -> tensor<128xf32>
      %39 = arith.mulf %37, %38 : tensor<128xf32>
      %40 = arith.extf %27 : tensor<128xf16> to tensor<128xf32>
      %41 = arith.mulf %39, %40 : tensor<128xf32>
      %42 = arith.extf %30 : tensor<128xf16> to tensor<128xf32>
      %43 = arith.addf %41, %42 : tensor<128xf32>
      %44 = tt.splat %2 : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>>
      %45 = tt.addptr %44, %22 : tensor<128x!tt.ptr<f16>>, tensor<128xi32>
      %46 = arith.truncf %43 : tensor<128xf32> to tensor<128xf16>
      tt.store %45, %46, %24 : tensor<128x!tt.ptr<f16>>
    }
    tt.return
  }
}
