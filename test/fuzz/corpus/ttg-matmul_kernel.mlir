#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
#slice = #ttg.slice<{dim = 0, parent = #blocked}>
#slice1 = #ttg.slice<{dim = 1, parent = #blocked}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx512"} {
  tt.func public @matmul_kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: i32, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32, %arg6: i32 {tt.equal_to = 1 : i32}, %arg7: i32, %arg8: i32 {tt.divisibility = 16 : i32}, %arg9: i32 {tt.equal_to = 1 : i32}, %arg10: i32 {tt.divisibility = 16 : i32}, %arg11: i32 {tt.equal_to = 1 : i32}) {
    %cst = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #blocked>
    %c31_i32 = arith.constant 31 : i32
    %c0_i32 = arith.constant 0 : i32
    %c2_i32 = arith.constant 2 : i32
    %c1_i32 = arith.constant 1 : i32
    %c32_i32 = arith.constant 32 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.addi %arg3, %c31_i32 : i32
    %2 = arith.divsi %1, %c32_i32 : i32
    %3 = arith.addi %arg4, %c31_i32 : i32
    %4 = arith.divsi %3, %c32_i32 : i32
    %5 = arith.muli %4, %c2_i32 : i32
    %6 = arith.divsi %0, %5 : i32
    %7 = arith.muli %6, %c2_i32 : i32
    %8 = arith.subi %2, %7 : i32
    %9 = arith.minsi %8, %c2_i32 : i32
    %10 = arith.remsi %0, %5 : i32
    %11 = arith.remsi %10, %9 : i32
    %12 = arith.addi %7, %11 : i32
    %13 = arith.divsi %10, %9 : i32
    %14 = arith.muli %12, %c32_i32 : i32
    %15 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #slice>
    %16 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #slice1>
    %17 = tt.splat %14 : i32 -> tensor<32xi32, #slice1>
    %18 = arith.addi %17, %16 : tensor<32xi32, #slice1>
    %19 = tt.splat %arg3 : i32 -> tensor<32xi32, #slice1>
    %20 = arith.remsi %18, %19 : tensor<32xi32, #slice1>
    %21 = arith.muli %13, %c32_i32 : i32
    %22 = tt.splat %21 : i32 -> tensor<32xi32, #slice>
    %23 = arith.addi %22, %15 : tensor<32xi32, #slice>
    %24 = tt.splat %arg4 : i32 -> tensor<32xi32, #slice>
    %25 = arith.remsi %23, %24 : tensor<32xi32, #slice>
    %26 = tt.expand_dims %20 {axis = 1 : i32} : tensor<32xi32, #slice1> -> tensor<32x1xi32, #blocked>
    %27 = tt.splat %arg6 : i32 -> tensor<32x1xi32, #blocked>
    %28 = arith.muli %26, %27 : tensor<32x1xi32, #blocked>
    %29 = tt.expand_dims %15 {axis = 0 : i32} : tensor<32xi32, #slice> -> tensor<1x32xi32, #blocked>
    %30 = tt.splat %arg7 : i32 -> tensor<1x32xi32, #blocked>
    %31 = arith.muli %29, %30 : tensor<1x32xi32, #blocked>
    %32 = tt.broadcast %28 : tensor<32x1xi32, #blocked> -> tensor<32x32xi32, #blocked>
    %33 = tt.broadcast %31 : tensor<1x32xi32, #blocked> -> tensor<32x32xi32, #blocked>
    %34 = arith.addi %32, %33 : tensor<32x32xi32, #blocked>
    %35 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>, #blocked>
    %36 = tt.addptr %35, %34 : tensor<32x32x!tt.ptr<f32>, #blocked>, tensor<32x32xi32, #blocked>
    %37 = tt.expand_dims %16 {axis = 1 : i32} : tensor<32xi32, #slice1> -> tensor<32x1xi32, #blocked>
    %38 = tt.splat %arg8 : i32 -> tensor<32x1xi32, #blocked>
    %39 = arith.muli %37, %38 : tensor<32x1xi32, #blocked>
    %40 = tt.expand_dims %25 {axis = 0 : i32} : tensor<32xi32, #slice> -> tensor<1x32xi32, #blocked>
    %41 = tt.splat %arg9 : i32 -> tensor<1x32xi32, #blocked>
    %42 = arith.muli %40, %41 : tensor<1x32xi32, #blocked>
    %43 = tt.broadcast %39 : tensor<32x1xi32, #blocked> -> tensor<32x32xi32, #blocked>
    %44 = tt.broadcast %42 : tensor<1x32xi32, #blocked> -> tensor<32x32xi32, #blocked>
    %45 = arith.addi %43, %44 : tensor<32x32xi32, #blocked>
    %46 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>, #blocked>
    %47 = tt.addptr %46, %45 : tensor<32x32x!tt.ptr<f32>, #blocked>, tensor<32x32xi32, #blocked>
    %48 = arith.addi %arg5, %c31_i32 : i32
    %49 = arith.divsi %48, %c32_i32 : i32
    %50:3 = scf.for %arg12 = %c0_i32 to %49 step %c1_i32 iter_args(%arg13 = %36, %arg14 = %47, %arg15 = %cst) -> (tensor<32x32x!tt.ptr<f32>, #blocked>, tensor<32x32x!tt.ptr<f32>, #blocked>, tensor<32x32xf32, #blocked>)  : i32 {
      %69 = arith.muli %arg12, %c32_i32 : i32
      %70 = arith.subi %arg5, %69 : i32
      %71 = tt.splat %70 : i32 -> tensor<1x32xi32, #blocked>
      %72 = arith.cmpi slt, %29, %71 : tensor<1x32xi32, #blocked>
      %73 = tt.broadcast %72 : tensor<1x32xi1, #blocked> -> tensor<32x32xi1, #blocked>
      %74 = tt.load %arg13, %73, %cst : tensor<32x32x!tt.ptr<f32>, #blocked>
      %75 = tt.splat %70 : i32 -> tensor<32x1xi32, #blocked>
      %76 = arith.cmpi slt, %37, %75 : tensor<32x1xi32, #blocked>
      %77 = tt.broadcast %76 : tensor<32x1xi1, #blocked> -> tensor<32x32xi1, #blocked>
      %78 = tt.load %arg14, %77, %cst : tensor<32x32x!tt.ptr<f32>, #blocked>
      %79 = ttg.convert_layout %74 : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
      %80 = ttg.convert_layout %78 : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
      %81 = tt.dot %79, %80, %arg15, inputPrecision = tf32 : tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xf32, #blocked>
      %82 = arith.muli %arg7, %c32_i32 : i32
      %83 = tt.splat %82 : i32 -> tensor<32x32xi32, #blocked>
      %84 = tt.addptr %arg13, %83 : tensor<32x32x!tt.ptr<f32>, #blocked>, tensor<32x32xi32, #blocked>
      %85 = arith.muli %arg8, %c32_i32 : i32
      %86 = tt.splat %85 : i32 -> tensor<32x32xi32, #blocked>
      %87 = tt.addptr %arg14, %86 : tensor<32x32x!tt.ptr<f32>, #blocked>, tensor<32x32xi32, #blocked>
      scf.yield %84, %87, %81 : tensor<32x32x!tt.ptr<f32>, #blocked>, tensor<32x32x!tt.ptr<f32>, #blocked>, tensor<32x32xf32, #blocked>
    }
    %51 = tt.expand_dims %18 {axis = 1 : i32} : tensor<32xi32, #slice1> -> tensor<32x1xi32, #blocked>
    %52 = tt.splat %arg10 : i32 -> tensor<32x1xi32, #blocked>
    %53 = arith.muli %52, %51 : tensor<32x1xi32, #blocked>
    %54 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<32x1x!tt.ptr<f32>, #blocked>
    %55 = tt.addptr %54, %53 : tensor<32x1x!tt.ptr<f32>, #blocked>, tensor<32x1xi32, #blocked>
    %56 = tt.expand_dims %23 {axis = 0 : i32} : tensor<32xi32, #slice> -> tensor<1x32xi32, #blocked>
    %57 = tt.splat %arg11 : i32 -> tensor<1x32xi32, #blocked>
    %58 = arith.muli %57, %56 : tensor<1x32xi32, #blocked>
    %59 = tt.broadcast %55 : tensor<32x1x!tt.ptr<f32>, #blocked> -> tensor<32x32x!tt.ptr<f32>, #blocked>
    %60 = tt.broadcast %58 : tensor<1x32xi32, #blocked> -> tensor<32x32xi32, #blocked>
    %61 = tt.addptr %59, %60 : tensor<32x32x!tt.ptr<f32>, #blocked>, tensor<32x32xi32, #blocked>
    %62 = tt.splat %arg3 : i32 -> tensor<32x1xi32, #blocked>
    %63 = arith.cmpi slt, %51, %62 : tensor<32x1xi32, #blocked>
    %64 = tt.splat %arg4 : i32 -> tensor<1x32xi32, #blocked>
    %65 = arith.cmpi slt, %56, %64 : tensor<1x32xi32, #blocked>
    %66 = tt.broadcast %63 : tensor<32x1xi1, #blocked> -> tensor<32x32xi1, #blocked>
    %67 = tt.broadcast %65 : tensor<1x32xi1, #blocked> -> tensor<32x32xi1, #blocked>
    %68 = arith.andi %66, %67 : tensor<32x32xi1, #blocked>
    tt.store %61, %50#2, %68 : tensor<32x32x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
