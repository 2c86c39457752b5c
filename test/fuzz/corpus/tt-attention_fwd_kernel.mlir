module {
  tt.func public @attention_fwd_kernel(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: f32, %arg4: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}, %arg6: i32 {tt.divisibility = 16 : i32}, %arg7: i32 {tt.divisibility = 16 : i32}, %arg8: i32 {tt.divisibility = 16 : i32}, %arg9: i32) {
    %0 = tt.get_program_id x : i32
    %c32_i32 = arith.constant 32 : i32
    %1 = arith.muli %0, %c32_i32 : i32
    %2 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %3 = tt.splat %1 : i32 -> tensor<32xi32>
    %4 = arith.addi %3, %2 : tensor<32xi32>
    %5 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %6 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %7 = tt.expand_dims %4 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %8 = tt.splat %arg5 : i32 -> tensor<32x1xi32>
    %9 = arith.muli %7, %8 : tensor<32x1xi32>
    %10 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<32x1x!tt.ptr<f16>>
    %11 = tt.addptr %10, %9 : tensor<32x1x!tt.ptr<f16>>, tensor<32x1xi32>
    %12 = tt.expand_dims %6 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %13 = tt.broadcast %11 : tensor<32x1x!tt.ptr<f16>> -> tensor<32x16x!tt.ptr<f16>>
    %14 = tt.broadcast %12 : tensor<1x16xi32> -> tensor<32x16xi32>
    %15 = tt.addptr %13, %14 : tensor<32x16x!tt.ptr<f16>>, tensor<32x16xi32>
    %16 = tt.expand_dims %4 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %17 = tt.splat %arg9 : i32 -> tensor<32x1xi32>
    %18 = arith.cmpi slt, %16, %17 : tensor<32x1xi32>
    %19 = tt.broadcast %18 : tensor<32x1xi1> -> tensor<32x16xi1>
    %cst = arith.constant 0.000000e+00 : f16
    %20 = tt.splat %cst : f16 -> tensor<32x16xf16>
    %21 = tt.load %15, %19, %20 : tensor<32x16x!tt.ptr<f16>>
    %cst_0 = arith.constant 0.000000e+00 : f32
    %22 = tt.splat %cst_0 : f32 -> tensor<32xf32>
    %cst_1 = arith.constant 0x7F800000 : f32
    %23 = tt.splat %cst_1 : f32 -> tensor<32xf32>
    %24 = arith.subf %22, %23 : tensor<32xf32>
    %cst_2 = arith.constant 0.000000e+00 : f32
    %25 = tt.splat %cst_2 : f32 -> tensor<32xf32>
    %cst_3 = arith.constant 1.000000e+00 : f32
    %26 = tt.splat %cst_3 : f32 -> tensor<32xf32>
    %27 = arith.addf %25, %26 : tensor<32xf32>
    %cst_4 = arith.constant 0.000000e+00 : f32
    %28 = tt.splat %cst_4 : f32 -> tensor<32x16xf32>
    %cst_5 = arith.constant 1.44269502 : f32
    %29 = arith.mulf %arg3, %cst_5 : f32
    %c0_i32 = arith.constant 0 : i32
    %c32_i32_6 = arith.constant 32 : i32
    %30:3 = scf.for %arg10 = %c0_i32 to %arg9 step %c32_i32_6 iter_args(%arg11 = %24, %arg12 = %27, %arg13 = %28) -> (tensor<32xf32>, tensor<32xf32>, tensor<32x16xf32>)  : i32 {
      %48 = tt.splat %arg10 : i32 -> tensor<32xi32>
      %49 = arith.addi %48, %5 : tensor<32xi32>
      %50 = tt.expand_dims %49 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
      %51 = tt.splat %arg6 : i32 -> tensor<1x32xi32>
      %52 = arith.muli %50, %51 : tensor<1x32xi32>
      %53 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<1x32x!tt.ptr<f16>>
      %54 = tt.addptr %53, %52 : tensor<1x32x!tt.ptr<f16>>, tensor<1x32xi32>
      %55 = tt.expand_dims %6 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
      %56 = tt.broadcast %54 : tensor<1x32x!tt.ptr<f16>> -> tensor<16x32x!tt.ptr<f16>>
      %57 = tt.broadcast %55 : tensor<16x1xi32> -> tensor<16x32xi32>
      %58 = tt.addptr %56, %57 : tensor<16x32x!tt.ptr<f16>>, tensor<16x32xi32>
      %59 = tt.expand_dims %49 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
      %60 = tt.splat %arg9 : i32 -> tensor<1x32xi32>
      %61 = arith.cmpi slt, %59, %60 : tensor<1x32xi32>
      %62 = tt.broadcast %61 : tensor<1x32xi1> -> tensor<16x32xi1>
      %cst_7 = arith.constant 0.000000e+00 : f16
      %63 = tt.splat %cst_7 : f16 -> tensor<16x32xf16>
      %64 = tt.load %58, %62, %63 : tensor<16x32x!tt.ptr<f16>>
      %cst_8 = arith.constant 0.000000e+00 : f32
      %65 = tt.splat %cst_8 : f32 -> tensor<32x32xf32>
      %66 = tt.dot %21, %64, %65 : tensor<32x16xf16> * tensor<16x32xf16> -> tensor<32x32xf32>
      %67 = tt.expand_dims %49 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
      %68 = tt.splat %arg9 : i32 -> tensor<1x32xi32>
      %69 = arith.cmpi slt, %67, %68 : tensor<1x32xi32>
      %70 = tt.splat %29 : f32 -> tensor<32x32xf32>
      %71 = arith.mulf %66, %70 : tensor<32x32xf32>
      %cst_9 = arith.constant 0xFF800000 : f32
      %72 = tt.splat %cst_9 : f32 -> tensor<32x32xf32>
      %73 = tt.broadcast %69 : tensor<1x32xi1> -> tensor<32x32xi1>
      %74 = arith.select %73, %71, %72 : tensor<32x32xi1>, tensor<32x32xf32>
      %75 = tt.reduce(%74) axis = 1 {
      ^bb0(%arg14: f32, %arg15: f32):
        %106 = arith.maxnumf %arg14, %arg15 : f32
        tt.reduce.return %106 : f32
      } : (tensor<32x32xf32>) -> tensor<32xf32>
      %76 = arith.maxnumf %arg11, %75 : tensor<32xf32>
      %77 = tt.expand_dims %76 {axis = 1 : i32} : tensor<32xf32> -> tensor<32x1xf32>
      %78 = tt.broadcast %77 : tensor<32x1xf32> -> tensor<32x32xf32>
      %79 = arith.subf %74, %78 : tensor<32x32xf32>
      %80 = math.exp2 %79 : tensor<32x32xf32>
      %81 = tt.reduce(%80) axis = 1 {
      ^bb0(%arg14: f32, %arg15: f32):
        %106 = arith.addf %arg14, %arg15 : f32
        tt.reduce.return %106 : f32
      } : (tensor<32x32xf32>) -> tensor<32xf32>
      %82 = arith.subf %arg11, %76 : tensor<32xf32>
      %83 = math.exp2 %82 : tensor<32xf32>
      %84 = arith.mulf %arg12, %83 : tensor<32xf32>
      %85 = arith.addf %84, %81 : tensor<32xf32>
      %86 = tt.expand_dims %83 {axis = 1 : i32} : tensor<32xf32> -> tensor<32x1xf32>
      %87 = tt.broadcast %86 : tensor<32x1xf32> -> tensor<32x16xf32>
      %88 = arith.mulf %arg13, %87 : tensor<32x16xf32>
      %89 = tt.expand_dims %49 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
      %90 = tt.splat %arg7 : i32 -> tensor<32x1xi32>
      %91 = arith.muli %89, %90 : tensor<32x1xi32>
      %92 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<32x1x!tt.ptr<f16>>
      %93 = tt.addptr %92, %91 : tensor<32x1x!tt.ptr<f16>>, tensor<32x1xi32>
      %94 = tt.expand_dims %6 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
      %95 = tt.broadcast %93 : tensor<32x1x!tt.ptr<f16>> -> tensor<32x16x!tt.ptr<f16>>
      %96 = tt.broadcast %94 : tensor<1x16xi32> -> tensor<32x16xi32>
      %97 = tt.addptr %95, %96 : tensor<32x16x!tt.ptr<f16>>, tensor<32x16xi32>
      %98 = tt.expand_dims %49 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
      %99 = tt.splat %arg9 : i32 -> tensor<32x1xi32>
      %100 = arith.cmpi slt, %98, %99 : tensor<32x1xi32>
      %101 = tt.broadcast %100 : tensor<32x1xi1> -> tensor<32x16xi1>
      %cst_10 = arith.constant 0.000000e+00 : f16
      %102 = tt.splat %cst_10 : f16 -> tensor<32x16xf16>
      %103 = tt.load %97, %101, %102 : tensor<32x16x!tt.ptr<f16>>
      %104 = arith.truncf %80 : tensor<32x32xf32> to tensor<32x32xf16>
      %105 = tt.dot %104, %103, %88 : tensor<32x32xf16> * tensor<32x16xf16> -> tensor<32x16xf32>
      scf.yield %76, %85, %105 : tensor<32xf32>, tensor<32xf32>, tensor<32x16xf32>
    }
    %31 = tt.expand_dims %30#1 {axis = 1 : i32} : tensor<32xf32> -> tensor<32x1xf32>
    %32 = tt.broadcast %31 : tensor<32x1xf32> -> tensor<32x16xf32>
    %33 = arith.divf %30#2, %32 : tensor<32x16xf32>
    %34 = tt.expand_dims %4 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %35 = tt.splat %arg8 : i32 -> tensor<32x1xi32>
    %36 = arith.muli %34, %35 : tensor<32x1xi32>
    %37 = tt.splat %arg4 : !tt.ptr<f16> -> tensor<32x1x!tt.ptr<f16>>
    %38 = tt.addptr %37, %36 : tensor<32x1x!tt.ptr<f16>>, tensor<32x1xi32>
    %39 = tt.expand_dims %6 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %40 = tt.broadcast %38 : tensor<32x1x!tt.ptr<f16>> -> tensor<32x16x!tt.ptr<f16>>
    %41 = tt.broadcast %39 : tensor<1x16xi32> -> tensor<32x16xi32>
    %42 = tt.addptr %40, %41 : tensor<32x16x!tt.ptr<f16>>, tensor<32x16xi32>
    %43 = arith.truncf %33 : tensor<32x16xf32> to tensor<32x16xf16>
    %44 = tt.expand_dims %4 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %45 = tt.splat %arg9 : i32 -> tensor<32x1xi32>
    %46 = arith.cmpi slt, %44, %45 : tensor<32x1xi32>
    %47 = tt.broadcast %46 : tensor<32x1xi1> -> tensor<32x16xi1>
    tt.store %42, %43, %47 : tensor<32x16x!tt.ptr<f16>>
    tt.return
  }
}
