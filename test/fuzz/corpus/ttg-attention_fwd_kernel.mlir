#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 1], warpsPerCTA = [1, 1], order = [0, 1]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [1], order = [0]}>
#slice = #ttg.slice<{dim = 0, parent = #blocked}>
#slice1 = #ttg.slice<{dim = 0, parent = #blocked1}>
#slice2 = #ttg.slice<{dim = 1, parent = #blocked}>
#slice3 = #ttg.slice<{dim = 1, parent = #blocked1}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx512"} {
  tt.func public @attention_fwd_kernel(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: f32, %arg4: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}, %arg6: i32 {tt.divisibility = 16 : i32}, %arg7: i32 {tt.divisibility = 16 : i32}, %arg8: i32 {tt.divisibility = 16 : i32}, %arg9: i32) {
    %cst = arith.constant dense<0xFF800000> : tensor<32x32xf32, #blocked>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #blocked>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<16x32xf16, #blocked1>
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<32x16xf32, #blocked>
    %cst_3 = arith.constant dense<1.000000e+00> : tensor<32xf32, #blocked2>
    %cst_4 = arith.constant dense<0xFF800000> : tensor<32xf32, #blocked2>
    %cst_5 = arith.constant dense<0.000000e+00> : tensor<32x16xf16, #blocked>
    %c0_i32 = arith.constant 0 : i32
    %cst_6 = arith.constant 1.44269502 : f32
    %c32_i32 = arith.constant 32 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c32_i32 : i32
    %2 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #slice>
    %3 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #slice1>
    %4 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #slice2>
    %5 = tt.splat %1 : i32 -> tensor<32xi32, #slice2>
    %6 = arith.addi %5, %4 : tensor<32xi32, #slice2>
    %7 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #slice3>
    %8 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #slice>
    %9 = tt.expand_dims %6 {axis = 1 : i32} : tensor<32xi32, #slice2> -> tensor<32x1xi32, #blocked>
    %10 = tt.splat %arg5 : i32 -> tensor<32x1xi32, #blocked>
    %11 = arith.muli %9, %10 : tensor<32x1xi32, #blocked>
    %12 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<32x1x!tt.ptr<f16>, #blocked>
    %13 = tt.addptr %12, %11 : tensor<32x1x!tt.ptr<f16>, #blocked>, tensor<32x1xi32, #blocked>
    %14 = tt.expand_dims %8 {axis = 0 : i32} : tensor<16xi32, #slice> -> tensor<1x16xi32, #blocked>
    %15 = tt.broadcast %13 : tensor<32x1x!tt.ptr<f16>, #blocked> -> tensor<32x16x!tt.ptr<f16>, #blocked>
    %16 = tt.broadcast %14 : tensor<1x16xi32, #blocked> -> tensor<32x16xi32, #blocked>
    %17 = tt.addptr %15, %16 : tensor<32x16x!tt.ptr<f16>, #blocked>, tensor<32x16xi32, #blocked>
    %18 = tt.splat %arg9 : i32 -> tensor<32x1xi32, #blocked>
    %19 = arith.cmpi slt, %9, %18 : tensor<32x1xi32, #blocked>
    %20 = tt.broadcast %19 : tensor<32x1xi1, #blocked> -> tensor<32x16xi1, #blocked>
    %21 = tt.load %17, %20, %cst_5 : tensor<32x16x!tt.ptr<f16>, #blocked>
    %22 = arith.mulf %arg3, %cst_6 : f32
    %23:3 = scf.for %arg10 = %c0_i32 to %arg9 step %c32_i32 iter_args(%arg11 = %cst_4, %arg12 = %cst_3, %arg13 = %cst_2) -> (tensor<32xf32, #blocked2>, tensor<32xf32, #blocked2>, tensor<32x16xf32, #blocked>)  : i32 {
      %35 = tt.splat %arg10 : i32 -> tensor<32xi32, #slice2>
      %36 = tt.splat %arg10 : i32 -> tensor<32xi32, #slice>
      %37 = tt.splat %arg10 : i32 -> tensor<32xi32, #slice1>
      %38 = arith.addi %35, %4 : tensor<32xi32, #slice2>
      %39 = arith.addi %36, %2 : tensor<32xi32, #slice>
      %40 = arith.addi %37, %3 : tensor<32xi32, #slice1>
      %41 = tt.expand_dims %39 {axis = 0 : i32} : tensor<32xi32, #slice> -> tensor<1x32xi32, #blocked>
      %42 = tt.expand_dims %40 {axis = 0 : i32} : tensor<32xi32, #slice1> -> tensor<1x32xi32, #blocked1>
      %43 = tt.splat %arg6 : i32 -> tensor<1x32xi32, #blocked1>
      %44 = arith.muli %42, %43 : tensor<1x32xi32, #blocked1>
      %45 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<1x32x!tt.ptr<f16>, #blocked1>
      %46 = tt.addptr %45, %44 : tensor<1x32x!tt.ptr<f16>, #blocked1>, tensor<1x32xi32, #blocked1>
      %47 = tt.expand_dims %7 {axis = 1 : i32} : tensor<16xi32, #slice3> -> tensor<16x1xi32, #blocked1>
      %48 = tt.broadcast %46 : tensor<1x32x!tt.ptr<f16>, #blocked1> -> tensor<16x32x!tt.ptr<f16>, #blocked1>
      %49 = tt.broadcast %47 : tensor<16x1xi32, #blocked1> -> tensor<16x32xi32, #blocked1>
      %50 = tt.addptr %48, %49 : tensor<16x32x!tt.ptr<f16>, #blocked1>, tensor<16x32xi32, #blocked1>
      %51 = tt.splat %arg9 : i32 -> tensor<1x32xi32, #blocked>
      %52 = tt.splat %arg9 : i32 -> tensor<1x32xi32, #blocked1>
      %53 = arith.cmpi slt, %41, %51 : tensor<1x32xi32, #blocked>
      %54 = arith.cmpi slt, %42, %52 : tensor<1x32xi32, #blocked1>
      %55 = tt.broadcast %54 : tensor<1x32xi1, #blocked1> -> tensor<16x32xi1, #blocked1>
      %56 = tt.load %50, %55, %cst_1 : tensor<16x32x!tt.ptr<f16>, #blocked1>
      %57 = ttg.convert_layout %21 : tensor<32x16xf16, #blocked> -> tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
      %58 = ttg.convert_layout %56 : tensor<16x32xf16, #blocked1> -> tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
      %59 = tt.dot %57, %58, %cst_0 : tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xf32, #blocked>
      %60 = tt.splat %22 : f32 -> tensor<32x32xf32, #blocked>
      %61 = arith.mulf %59, %60 : tensor<32x32xf32, #blocked>
      %62 = tt.broadcast %53 : tensor<1x32xi1, #blocked> -> tensor<32x32xi1, #blocked>
      %63 = arith.select %62, %61, %cst : tensor<32x32xi1, #blocked>, tensor<32x32xf32, #blocked>
      %64 = tt.reduce(%63) axis = 1 {
      ^bb0(%arg14: f32, %arg15: f32):
        %96 = arith.maxnumf %arg14, %arg15 : f32
        tt.reduce.return %96 : f32
      } : (tensor<32x32xf32, #blocked>) -> tensor<32xf32, #slice2>
      %65 = ttg.convert_layout %64 : tensor<32xf32, #slice2> -> tensor<32xf32, #blocked2>
      %66 = arith.maxnumf %arg11, %65 : tensor<32xf32, #blocked2>
      %67 = ttg.convert_layout %66 : tensor<32xf32, #blocked2> -> tensor<32xf32, #slice2>
      %68 = tt.expand_dims %67 {axis = 1 : i32} : tensor<32xf32, #slice2> -> tensor<32x1xf32, #blocked>
      %69 = tt.broadcast %68 : tensor<32x1xf32, #blocked> -> tensor<32x32xf32, #blocked>
      %70 = arith.subf %63, %69 : tensor<32x32xf32, #blocked>
      %71 = math.exp2 %70 : tensor<32x32xf32, #blocked>
      %72 = tt.reduce(%71) axis = 1 {
      ^bb0(%arg14: f32, %arg15: f32):
        %96 = arith.addf %arg14, %arg15 : f32
        tt.reduce.return %96 : f32
      } : (tensor<32x32xf32, #blocked>) -> tensor<32xf32, #slice2>
      %73 = ttg.convert_layout %72 : tensor<32xf32, #slice2> -> tensor<32xf32, #blocked2>
      %74 = arith.subf %arg11, %66 : tensor<32xf32, #blocked2>
      %75 = math.exp2 %74 : tensor<32xf32, #blocked2>
      %76 = arith.mulf %arg12, %75 : tensor<32xf32, #blocked2>
      %77 = arith.addf %76, %73 : tensor<32xf32, #blocked2>
      %78 = ttg.convert_layout %75 : tensor<32xf32, #blocked2> -> tensor<32xf32, #slice2>
      %79 = tt.expand_dims %78 {axis = 1 : i32} : tensor<32xf32, #slice2> -> tensor<32x1xf32, #blocked>
      %80 = tt.broadcast %79 : tensor<32x1xf32, #blocked> -> tensor<32x16xf32, #blocked>
      %81 = arith.mulf %arg13, %80 : tensor<32x16xf32, #blocked>
      %82 = tt.expand_dims %38 {axis = 1 : i32} : tensor<32xi32, #slice2> -> tensor<32x1xi32, #blocked>
      %83 = tt.splat %arg7 : i32 -> tensor<32x1xi32, #blocked>
      %84 = arith.muli %82, %83 : tensor<32x1xi32, #blocked>
      %85 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<32x1x!tt.ptr<f16>, #blocked>
      %86 = tt.addptr %85, %84 : tensor<32x1x!tt.ptr<f16>, #blocked>, tensor<32x1xi32, #blocked>
      %87 = tt.broadcast %86 : tensor<32x1x!tt.ptr<f16>, #blocked> -> tensor<32x16x!tt.ptr<f16>, #blocked>
      %88 = tt.addptr %87, %16 : tensor<32x16x!tt.ptr<f16>, #blocked>, tensor<32x16xi32, #blocked>
      %89 = arith.cmpi slt, %82, %18 : tensor<32x1xi32, #blocked>
      %90 = tt.broadcast %89 : tensor<32x1xi1, #blocked> -> tensor<32x16xi1, #blocked>
      %91 = tt.load %88, %90, %cst_5 : tensor<32x16x!tt.ptr<f16>, #blocked>
      %92 = arith.truncf %71 : tensor<32x32xf32, #blocked> to tensor<32x32xf16, #blocked>
      %93 = ttg.convert_layout %92 : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
      %94 = ttg.convert_layout %91 : tensor<32x16xf16, #blocked> -> tensor<32x16xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
      %95 = tt.dot %93, %94, %81 : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x16xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x16xf32, #blocked>
      scf.yield %66, %77, %95 : tensor<32xf32, #blocked2>, tensor<32xf32, #blocked2>, tensor<32x16xf32, #blocked>
    }
    %24 = ttg.convert_layout %23#1 : tensor<32xf32, #blocked2> -> tensor<32xf32, #slice2>
    %25 = tt.expand_dims %24 {axis = 1 : i32} : tensor<32xf32, #slice2> -> tensor<32x1xf32, #blocked>
    %26 = tt.broadcast %25 : tensor<32x1xf32, #blocked> -> tensor<32x16xf32, #blocked>
    %27 = arith.divf %23#2, %26 : tensor<32x16xf32, #blocked>
    %28 = tt.splat %arg8 : i32 -> tensor<32x1xi32, #blocked>
    %29 = arith.muli %9, %28 : tensor<32x1xi32, #blocked>
    %30 = tt.splat %arg4 : !tt.ptr<f16> -> tensor<32x1x!tt.ptr<f16>, #blocked>
    %31 = tt.addptr %30, %29 : tensor<32x1x!tt.ptr<f16>, #blocked>, tensor<32x1xi32, #blocked>
    %32 = tt.broadcast %31 : tensor<32x1x!tt.ptr<f16>, #blocked> -> tensor<32x16x!tt.ptr<f16>, #blocked>
    %33 = tt.addptr %32, %16 : tensor<32x16x!tt.ptr<f16>, #blocked>, tensor<32x16xi32, #blocked>
    %34 = arith.truncf %27 : tensor<32x16xf32, #blocked> to tensor<32x16xf16, #blocked>
    tt.store %33, %34, %20 : tensor<32x16x!tt.ptr<f16>, #blocked>
    tt.return
  }
}
