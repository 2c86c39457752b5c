module {
  tt.func public @block_pointer_kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: i32, %arg3: i32, %arg4: i32) {
    %0 = tt.get_program_id x : i32
    %c16_i32 = arith.constant 16 : i32
    %1 = arith.muli %0, %c16_i32 : i32
    %2 = arith.extsi %arg2 : i32 to i64
    %3 = arith.extsi %arg3 : i32 to i64
    %4 = arith.extsi %arg4 : i32 to i64
    %c1_i64 = arith.constant 1 : i64
    %c0_i32 = arith.constant 0 : i32
    %c16_i32_0 = arith.constant 16 : i32
    %5 = arith.muli %0, %c16_i32_0 : i32
    %6 = arith.extsi %arg2 : i32 to i64
    %7 = arith.extsi %arg3 : i32 to i64
    %8 = arith.extsi %arg3 : i32 to i64
    %c1_i64_1 = arith.constant 1 : i64
    %c0_i32_2 = arith.constant 0 : i32
    %c0_i32_3 = arith.constant 0 : i32
    %c32_i32 = arith.constant 32 : i32
    %9:14 = scf.for %arg5 = %c0_i32_3 to %arg3 step %c32_i32 iter_args(%arg6 = %arg0, %arg7 = %2, %arg8 = %3, %arg9 = %4, %arg10 = %c1_i64, %arg11 = %1, %arg12 = %c0_i32, %arg13 = %arg1, %arg14 = %6, %arg15 = %7, %arg16 = %8, %arg17 = %c1_i64_1, %arg18 = %5, %arg19 = %c0_i32_2) -> (!tt.ptr<f32>, i64, i64, i64, i64, i32, i32, !tt.ptr<f32>, i64, i64, i64, i64, i32, i32)  : i32 {
      %10 = arith.extsi %arg11 : i32 to i64
      %11 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
      %12 = arith.extsi %11 : tensor<16xi32> to tensor<16xi64>
      %13 = tt.splat %10 : i64 -> tensor<16xi64>
      %14 = arith.addi %13, %12 : tensor<16xi64>
      %15 = tt.expand_dims %14 {axis = 1 : i32} : tensor<16xi64> -> tensor<16x1xi64>
      %16 = tt.splat %arg9 : i64 -> tensor<16x1xi64>
      %17 = arith.muli %15, %16 : tensor<16x1xi64>
      %18 = tt.splat %arg6 : !tt.ptr<f32> -> tensor<16x1x!tt.ptr<f32>>
      %19 = tt.addptr %18, %17 : tensor<16x1x!tt.ptr<f32>>, tensor<16x1xi64>
      %c0_i64 = arith.constant 0 : i64
      %20 = tt.splat %c0_i64 : i64 -> tensor<16x1xi64>
      %21 = arith.cmpi sge, %15, %20 : tensor<16x1xi64>
      %22 = tt.splat %arg7 : i64 -> tensor<16x1xi64>
      %23 = arith.cmpi slt, %15, %22 : tensor<16x1xi64>
      %24 = arith.andi %21, %23 : tensor<16x1xi1>
      %25 = arith.extsi %arg12 : i32 to i64
      %26 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
      %27 = arith.extsi %26 : tensor<32xi32> to tensor<32xi64>
      %28 = tt.splat %25 : i64 -> tensor<32xi64>
      %29 = arith.addi %28, %27 : tensor<32xi64>
      %30 = tt.expand_dims %29 {axis = 0 : i32} : tensor<32xi64> -> tensor<1x32xi64>
      %31 = tt.splat %arg10 : i64 -> tensor<1x32xi64>
      %32 = arith.muli %30, %31 : tensor<1x32xi64>
      %33 = tt.broadcast %19 : tensor<16x1x!tt.ptr<f32>> -> tensor<16x32x!tt.ptr<f32>>
      %34 = tt.broadcast %32 : tensor<1x32xi64> -> tensor<16x32xi64>
      %35 = tt.addptr %33, %34 : tensor<16x32x!tt.ptr<f32>>, tensor<16x32xi64>
      %c0_i64_4 = arith.constant 0 : i64
      %36 = tt.splat %c0_i64_4 : i64 -> tensor<1x32xi64>
      %37 = arith.cmpi sge, %30, %36 : tensor<1x32xi64>
      %38 = tt.splat %arg8 : i64 -> tensor<1x32xi64>
      %39 = arith.cmpi slt, %30, %38 : tensor<1x32xi64>
      %40 = arith.andi %37, %39 : tensor<1x32xi1>
      %41 = tt.broadcast %24 : tensor<16x1xi1> -> tensor<16x32xi1>
      %42 = tt.broadcast %40 : tensor<1x32xi1> -> tensor<16x32xi1>
      %43 = arith.andi %41, %42 : tensor<16x32xi1>
      %cst = arith.constant 0.000000e+00 : f32
      %44 = tt.splat %cst : f32 -> tensor<16x32xf32>
      %45 = tt.load %35, %43, %44 : tensor<16x32x!tt.ptr<f32>>
      %cst_5 = arith.constant 2.000000e+00 : f32
      %46 = tt.splat %cst_5 : f32 -> tensor<16x32xf32>
      %47 = arith.mulf %45, %46 : tensor<16x32xf32>
      %48 = arith.extsi %arg18 : i32 to i64
      %49 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
      %50 = arith.extsi %49 : tensor<16xi32> to tensor<16xi64>
      %51 = tt.splat %48 : i64 -> tensor<16xi64>
      %52 = arith.addi %51, %50 : tensor<16xi64>
      %53 = tt.expand_dims %52 {axis = 1 : i32} : tensor<16xi64> -> tensor<16x1xi64>
      %54 = tt.splat %arg16 : i64 -> tensor<16x1xi64>
      %55 = arith.muli %53, %54 : tensor<16x1xi64>
      %56 = tt.splat %arg13 : !tt.ptr<f32> -> tensor<16x1x!tt.ptr<f32>>
      %57 = tt.addptr %56, %55 : tensor<16x1x!tt.ptr<f32>>, tensor<16x1xi64>
      %c0_i64_6 = arith.constant 0 : i64
      %58 = tt.splat %c0_i64_6 : i64 -> tensor<16x1xi64>
      %59 = arith.cmpi sge, %53, %58 : tensor<16x1xi64>
      %60 = tt.splat %arg14 : i64 -> tensor<16x1xi64>
      %61 = arith.cmpi slt, %53, %60 : tensor<16x1xi64>
      %62 = arith.andi %59, %61 : tensor<16x1xi1>
      %63 = arith.extsi %arg19 : i32 to i64
      %64 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
      %65 = arith.extsi %64 : tensor<32xi32> to tensor<32xi64>
      %66 = tt.splat %63 : i64 -> tensor<32xi64>
      %67 = arith.addi %66, %65 : tensor<32xi64>
      %68 = tt.expand_dims %67 {axis = 0 : i32} : tensor<32xi64> -> tensor<1x32xi64>
      %69 = tt.splat %arg17 : i64 -> tensor<1x32xi64>
      %70 = arith.muli %68, %69 : tensor<1x32xi64>
      %71 = tt.broadcast %57 : tensor<16x1x!tt.ptr<f32>> -> tensor<16x32x!tt.ptr<f32>>
      %72 = tt.broadcast %70 : tensor<1x32xi64> -> tensor<16x32xi64>
      %73 = tt.addptr %71, %72 : tensor<16x32x!tt.ptr<f32>>, tensor<16x32xi64>
      %c0_i64_7 = arith.constant 0 : i64
      %74 = tt.splat %c0_i64_7 : i64 -> tensor<1x32xi64>
      %75 = arith.cmpi sge, %68, %74 : tensor<1x32xi64>
      %76 = tt.splat %arg15 : i64 -> tensor<1x32xi64>
      %77 = arith.cmpi slt, %68, %76 : tensor<1x32xi64>
      %78 = arith.andi %75, %77 : tensor<1x32xi1>
      %79 = tt.broadcast %62 : tensor<16x1xi1> -> tensor<16x32xi1>
      %80 = tt.broadcast %78 : tensor<1x32xi1> -> tensor<16x32xi1>
      %81 = arith.andi %79, %80 : tensor<16x32xi1>
      tt.store %73, %47, %81 : tensor<16x32x!tt.ptr<f32>>
      %c0_i32_8 = arith.constant 0 : i32
      %82 = arith.addi %arg11, %c0_i32_8 : i32
      %c32_i32_9 = arith.constant 32 : i32
      %83 = arith.addi %arg12, %c32_i32_9 : i32
      %c0_i32_10 = arith.constant 0 : i32
      %84 = arith.addi %arg18, %c0_i32_10 : i32
      %c32_i32_11 = arith.constant 32 : i32
      %85 = arith.addi %arg19, %c32_i32_11 : i32
      scf.yield %arg6, %arg7, %arg8, %arg9, %arg10, %82, %83, %arg13, %arg14, %arg15, %arg16, %arg17, %84, %85 : !tt.ptr<f32>, i64, i64, i64, i64, i32, i32, !tt.ptr<f32>, i64, i64, i64, i64, i32, i32
    }
    tt.return
  }
}
