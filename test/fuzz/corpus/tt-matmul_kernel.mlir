module {
  tt.func public @matmul_kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: i32, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32, %arg6: i32 {tt.equal_to = 1 : i32}, %arg7: i32, %arg8: i32 {tt.divisibility = 16 : i32}, %arg9: i32 {tt.equal_to = 1 : i32}, %arg10: i32 {tt.divisibility = 16 : i32}, %arg11: i32 {tt.equal_to = 1 : i32}) {
    %0 = tt.get_program_id x : i32
    %c32_i32 = arith.constant 32 : i32
    %1 = arith.addi %arg3, %c32_i32 : i32
    %c1_i32 = arith.constant 1 : i32
    %2 = arith.subi %1, %c1_i32 : i32
    %c32_i32_0 = arith.constant 32 : i32
    %3 = arith.divsi %2, %c32_i32_0 : i32
    %c32_i32_1 = arith.constant 32 : i32
    %4 = arith.addi %arg4, %c32_i32_1 : i32
    %c1_i32_2 = arith.constant 1 : i32
    %5 = arith.subi %4, %c1_i32_2 : i32
    %c32_i32_3 = arith.constant 32 : i32
    %6 = arith.divsi %5, %c32_i32_3 : i32
    %c2_i32 = arith.constant 2 : i32
    %7 = arith.muli %c2_i32, %6 : i32
    %8 = arith.divsi %0, %7 : i32
    %c2_i32_4 = arith.constant 2 : i32
    %9 = arith.muli %8, %c2_i32_4 : i32
    %10 = arith.subi %3, %9 : i32
    %c2_i32_5 = arith.constant 2 : i32
    %11 = arith.minsi %10, %c2_i32_5 : i32
    %12 = arith.remsi %0, %7 : i32
    %13 = arith.remsi %12, %11 : i32
    %14 = arith.addi %9, %13 : i32
    %15 = arith.remsi %0, %7 : i32
    %16 = arith.divsi %15, %11 : i32
    %c32_i32_6 = arith.constant 32 : i32
    %17 = arith.muli %14, %c32_i32_6 : i32
    %18 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %19 = tt.splat %17 : i32 -> tensor<32xi32>
    %20 = arith.addi %19, %18 : tensor<32xi32>
    %21 = tt.splat %arg3 : i32 -> tensor<32xi32>
    %22 = arith.remsi %20, %21 : tensor<32xi32>
    %c32_i32_7 = arith.constant 32 : i32
    %23 = arith.muli %16, %c32_i32_7 : i32
    %24 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %25 = tt.splat %23 : i32 -> tensor<32xi32>
    %26 = arith.addi %25, %24 : tensor<32xi32>
    %27 = tt.splat %arg4 : i32 -> tensor<32xi32>
    %28 = arith.remsi %26, %27 : tensor<32xi32>
    %29 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %30 = tt.expand_dims %22 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %31 = tt.splat %arg6 : i32 -> tensor<32x1xi32>
    %32 = arith.muli %30, %31 : tensor<32x1xi32>
    %33 = tt.expand_dims %29 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %34 = tt.splat %arg7 : i32 -> tensor<1x32xi32>
    %35 = arith.muli %33, %34 : tensor<1x32xi32>
    %36 = tt.broadcast %32 : tensor<32x1xi32> -> tensor<32x32xi32>
    %37 = tt.broadcast %35 : tensor<1x32xi32> -> tensor<32x32xi32>
    %38 = arith.addi %36, %37 : tensor<32x32xi32>
    %39 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>>
    %40 = tt.addptr %39, %38 : tensor<32x32x!tt.ptr<f32>>, tensor<32x32xi32>
    %41 = tt.expand_dims %29 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %42 = tt.splat %arg8 : i32 -> tensor<32x1xi32>
    %43 = arith.muli %41, %42 : tensor<32x1xi32>
    %44 = tt.expand_dims %28 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %45 = tt.splat %arg9 : i32 -> tensor<1x32xi32>
    %46 = arith.muli %44, %45 : tensor<1x32xi32>
    %47 = tt.broadcast %43 : tensor<32x1xi32> -> tensor<32x32xi32>
    %48 = tt.broadcast %46 : tensor<1x32xi32> -> tensor<32x32xi32>
    %49 = arith.addi %47, %48 : tensor<32x32xi32>
    %50 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>>
    %51 = tt.addptr %50, %49 : tensor<32x32x!tt.ptr<f32>>, tensor<32x32xi32>
    %cst = arith.constant 0.000000e+00 : f32
    %52 = tt.splat %cst : f32 -> tensor<32x32xf32>
    %c32_i32_8 = arith.constant 32 : i32
    %53 = arith.addi %arg5, %c32_i32_8 : i32
    %c1_i32_9 = arith.constant 1 : i32
    %54 = arith.subi %53, %c1_i32_9 : i32
    %c32_i32_10 = arith.constant 32 : i32
    %55 = arith.divsi %54, %c32_i32_10 : i32
    %c0_i32 = arith.constant 0 : i32
    %c1_i32_11 = arith.constant 1 : i32
    %56:3 = scf.for %arg12 = %c0_i32 to %55 step %c1_i32_11 iter_args(%arg13 = %40, %arg14 = %51, %arg15 = %52) -> (tensor<32x32x!tt.ptr<f32>>, tensor<32x32x!tt.ptr<f32>>, tensor<32x32xf32>)  : i32 {
      %85 = tt.expand_dims %29 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
      %c32_i32_14 = arith.constant 32 : i32
      %86 = arith.muli %arg12, %c32_i32_14 : i32
      %87 = arith.subi %arg5, %86 : i32
      %88 = tt.splat %87 : i32 -> tensor<1x32xi32>
      %89 = arith.cmpi slt, %85, %88 : tensor<1x32xi32>
      %90 = tt.broadcast %89 : tensor<1x32xi1> -> tensor<32x32xi1>
      %cst_15 = arith.constant 0.000000e+00 : f32
      %91 = tt.splat %cst_15 : f32 -> tensor<32x32xf32>
      %92 = tt.load %arg13, %90, %91 : tensor<32x32x!tt.ptr<f32>>
      %93 = tt.expand_dims %29 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
      %c32_i32_16 = arith.constant 32 : i32
      %94 = arith.muli %arg12, %c32_i32_16 : i32
      %95 = arith.subi %arg5, %94 : i32
      %96 = tt.splat %95 : i32 -> tensor<32x1xi32>
      %97 = arith.cmpi slt, %93, %96 : tensor<32x1xi32>
      %98 = tt.broadcast %97 : tensor<32x1xi1> -> tensor<32x32xi1>
      %cst_17 = arith.constant 0.000000e+00 : f32
      %99 = tt.splat %cst_17 : f32 -> tensor<32x32xf32>
      %100 = tt.load %arg14, %98, %99 : tensor<32x32x!tt.ptr<f32>>
      %101 = tt.dot %92, %100, %arg15, inputPrecision = tf32 : tensor<32x32xf32> * tensor<32x32xf32> -> tensor<32x32xf32>
      %c32_i32_18 = arith.constant 32 : i32
      %102 = arith.muli %c32_i32_18, %arg7 : i32
      %103 = tt.splat %102 : i32 -> tensor<32x32xi32>
      %104 = tt.addptr %arg13, %103 : tensor<32x32x!tt.ptr<f32>>, tensor<32x32xi32>
      %c32_i32_19 = arith.constant 32 : i32
      %105 = arith.muli %c32_i32_19, %arg8 : i32
      %106 = tt.splat %105 : i32 -> tensor<32x32xi32>
      %107 = tt.addptr %arg14, %106 : tensor<32x32x!tt.ptr<f32>>, tensor<32x32xi32>
      scf.yield %104, %107, %101 : tensor<32x32x!tt.ptr<f32>>, tensor<32x32x!tt.ptr<f32>>, tensor<32x32xf32>
    }
    %c32_i32_12 = arith.constant 32 : i32
    %57 = arith.muli %14, %c32_i32_12 : i32
    %58 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %59 = tt.splat %57 : i32 -> tensor<32xi32>
    %60 = arith.addi %59, %58 : tensor<32xi32>
    %c32_i32_13 = arith.constant 32 : i32
    %61 = arith.muli %16, %c32_i32_13 : i32
    %62 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %63 = tt.splat %61 : i32 -> tensor<32xi32>
    %64 = arith.addi %63, %62 : tensor<32xi32>
    %65 = tt.expand_dims %60 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %66 = tt.splat %arg10 : i32 -> tensor<32x1xi32>
    %67 = arith.muli %66, %65 : tensor<32x1xi32>
    %68 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<32x1x!tt.ptr<f32>>
    %69 = tt.addptr %68, %67 : tensor<32x1x!tt.ptr<f32>>, tensor<32x1xi32>
    %70 = tt.expand_dims %64 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %71 = tt.splat %arg11 : i32 -> tensor<1x32xi32>
    %72 = arith.muli %71, %70 : tensor<1x32xi32>
    %73 = tt.broadcast %69 : tensor<32x1x!tt.ptr<f32>> -> tensor<32x32x!tt.ptr<f32>>
    %74 = tt.broadcast %72 : tensor<1x32xi32> -> tensor<32x32xi32>
    %75 = tt.addptr %73, %74 : tensor<32x32x!tt.ptr<f32>>, tensor<32x32xi32>
    %76 = tt.expand_dims %60 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %77 = tt.splat %arg3 : i32 -> tensor<32x1xi32>
    %78 = arith.cmpi slt, %76, %77 : tensor<32x1xi32>
    %79 = tt.expand_dims %64 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %80 = tt.splat %arg4 : i32 -> tensor<1x32xi32>
    %81 = arith.cmpi slt, %79, %80 : tensor<1x32xi32>
    %82 = tt.broadcast %78 : tensor<32x1xi1> -> tensor<32x32xi1>
    %83 = tt.broadcast %81 : tensor<1x32xi1> -> tensor<32x32xi1>
    %84 = arith.andi %82, %83 : tensor<32x32xi1>
    tt.store %75, %56#2, %84 : tensor<32x32x!tt.ptr<f32>>
    tt.return
  }
}
