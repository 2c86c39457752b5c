module {
  tt.func public @advancing_pointers_kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: i32, %arg3: i32 {tt.divisibility = 16 : i32}) {
    %0 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %1 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %2 = tt.addptr %arg0, %arg3 : !tt.ptr<f32>, i32
    %3 = tt.expand_dims %0 {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
    %c16_i32 = arith.constant 16 : i32
    %4 = tt.splat %c16_i32 : i32 -> tensor<4x1xi32>
    %5 = arith.muli %3, %4 : tensor<4x1xi32>
    %6 = tt.splat %2 : !tt.ptr<f32> -> tensor<4x1x!tt.ptr<f32>>
    %7 = tt.addptr %6, %5 : tensor<4x1x!tt.ptr<f32>>, tensor<4x1xi32>
    %8 = tt.expand_dims %1 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %9 = tt.broadcast %7 : tensor<4x1x!tt.ptr<f32>> -> tensor<4x16x!tt.ptr<f32>>
    %10 = tt.broadcast %8 : tensor<1x16xi32> -> tensor<4x16xi32>
    %11 = tt.addptr %9, %10 : tensor<4x16x!tt.ptr<f32>>, tensor<4x16xi32>
    %12 = arith.muli %arg2, %arg3 : i32
    %13 = tt.addptr %arg0, %12 : !tt.ptr<f32>, i32
    %14 = tt.expand_dims %0 {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
    %c16_i32_0 = arith.constant 16 : i32
    %15 = tt.splat %c16_i32_0 : i32 -> tensor<4x1xi32>
    %16 = arith.muli %14, %15 : tensor<4x1xi32>
    %17 = tt.splat %13 : !tt.ptr<f32> -> tensor<4x1x!tt.ptr<f32>>
    %18 = tt.addptr %17, %16 : tensor<4x1x!tt.ptr<f32>>, tensor<4x1xi32>
    %19 = tt.expand_dims %1 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %20 = tt.broadcast %18 : tensor<4x1x!tt.ptr<f32>> -> tensor<4x16x!tt.ptr<f32>>
    %21 = tt.broadcast %19 : tensor<1x16xi32> -> tensor<4x16xi32>
    %22 = tt.addptr %20, %21 : tensor<4x16x!tt.ptr<f32>>, tensor<4x16xi32>
    %cst = arith.constant 0.000000e+00 : f32
    %23 = tt.splat %cst : f32 -> tensor<4x16xf32>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %24:3 = scf.for %arg4 = %c0_i32 to %arg2 step %c1_i32 iter_args(%arg5 = %11, %arg6 = %22, %arg7 = %23) -> (tensor<4x16x!tt.ptr<f32>>, tensor<4x16x!tt.ptr<f32>>, tensor<4x16xf32>)  : i32 {
      %51 = tt.load %arg5 : tensor<4x16x!tt.ptr<f32>>
      %c1_i32_5 = arith.constant 1 : i32
      %52 = arith.addi %arg4, %c1_i32_5 : i32
      %53 = arith.sitofp %52 : i32 to f32
      %54 = tt.splat %53 : f32 -> tensor<4x16xf32>
      %55 = arith.mulf %51, %54 : tensor<4x16xf32>
      %56 = tt.load %arg6 : tensor<4x16x!tt.ptr<f32>>
      %57 = arith.subf %55, %56 : tensor<4x16xf32>
      %58 = arith.addf %arg7, %57 : tensor<4x16xf32>
      %59 = tt.splat %arg3 : i32 -> tensor<4x16xi32>
      %60 = tt.addptr %arg5, %59 : tensor<4x16x!tt.ptr<f32>>, tensor<4x16xi32>
      %61 = tt.splat %arg3 : i32 -> tensor<4x16xi32>
      %c0_i32_6 = arith.constant 0 : i32
      %62 = tt.splat %c0_i32_6 : i32 -> tensor<4x16xi32>
      %63 = arith.subi %62, %61 : tensor<4x16xi32>
      %64 = tt.addptr %arg6, %63 : tensor<4x16x!tt.ptr<f32>>, tensor<4x16xi32>
      scf.yield %60, %64, %58 : tensor<4x16x!tt.ptr<f32>>, tensor<4x16x!tt.ptr<f32>>, tensor<4x16xf32>
    }
    %25 = tt.expand_dims %0 {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
    %c16_i32_1 = arith.constant 16 : i32
    %26 = tt.splat %c16_i32_1 : i32 -> tensor<4x1xi32>
    %27 = arith.muli %25, %26 : tensor<4x1xi32>
    %28 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<4x1x!tt.ptr<f32>>
    %29 = tt.addptr %28, %27 : tensor<4x1x!tt.ptr<f32>>, tensor<4x1xi32>
    %30 = tt.expand_dims %1 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %31 = tt.broadcast %29 : tensor<4x1x!tt.ptr<f32>> -> tensor<4x16x!tt.ptr<f32>>
    %32 = tt.broadcast %30 : tensor<1x16xi32> -> tensor<4x16xi32>
    %33 = tt.addptr %31, %32 : tensor<4x16x!tt.ptr<f32>>, tensor<4x16xi32>
    tt.store %33, %24#2 : tensor<4x16x!tt.ptr<f32>>
    %c64_i32 = arith.constant 64 : i32
    %34 = tt.addptr %arg1, %c64_i32 : !tt.ptr<f32>, i32
    %35 = tt.expand_dims %0 {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
    %c16_i32_2 = arith.constant 16 : i32
    %36 = tt.splat %c16_i32_2 : i32 -> tensor<4x1xi32>
    %37 = arith.muli %35, %36 : tensor<4x1xi32>
    %38 = tt.splat %34 : !tt.ptr<f32> -> tensor<4x1x!tt.ptr<f32>>
    %39 = tt.addptr %38, %37 : tensor<4x1x!tt.ptr<f32>>, tensor<4x1xi32>
    %40 = tt.expand_dims %1 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %41 = tt.broadcast %39 : tensor<4x1x!tt.ptr<f32>> -> tensor<4x16x!tt.ptr<f32>>
    %42 = tt.broadcast %40 : tensor<1x16xi32> -> tensor<4x16xi32>
    %43 = tt.addptr %41, %42 : tensor<4x16x!tt.ptr<f32>>, tensor<4x16xi32>
    %44 = tt.splat %arg3 : i32 -> tensor<4x16xi32>
    %c0_i32_3 = arith.constant 0 : i32
    %45 = tt.splat %c0_i32_3 : i32 -> tensor<4x16xi32>
    %46 = arith.subi %45, %44 : tensor<4x16xi32>
    %47 = tt.addptr %24#0, %46 : tensor<4x16x!tt.ptr<f32>>, tensor<4x16xi32>
    %48 = tt.load %47 : tensor<4x16x!tt.ptr<f32>>
    %cst_4 = arith.constant 1.000000e+00 : f32
    %49 = tt.splat %cst_4 : f32 -> tensor<4x16xf32>
    %50 = arith.addf %48, %49 : tensor<4x16xf32>
    tt.store %43, %50 : tensor<4x16x!tt.ptr<f32>>
    tt.return
  }
}
