#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx512"} {
  tt.func public @layer_norm_bwd_dx(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg6: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg7: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg8: i32, %arg9: i32) {
    %cst = arith.constant dense<0.000000e+00> : tensor<1024xf32, #blocked>
    %0 = tt.get_program_id x : i32
    %1 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %2 = tt.splat %arg9 : i32 -> tensor<1024xi32, #blocked>
    %3 = arith.cmpi slt, %1, %2 : tensor<1024xi32, #blocked>
    %4 = arith.muli %0, %arg8 : i32
    %5 = tt.addptr %arg4, %4 : !tt.ptr<f32>, i32
    %6 = tt.addptr %arg1, %4 : !tt.ptr<f32>, i32
    %7 = tt.addptr %arg0, %4 : !tt.ptr<f32>, i32
    %8 = tt.addptr %arg2, %4 : !tt.ptr<f32>, i32
    %9 = tt.addptr %arg3, %4 : !tt.ptr<f32>, i32
    %10 = tt.splat %5 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %11 = tt.addptr %10, %1 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %12 = tt.load %11, %3, %cst : tensor<1024x!tt.ptr<f32>, #blocked>
    %13 = tt.splat %6 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %14 = tt.addptr %13, %1 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %15 = tt.load %14, %3, %cst : tensor<1024x!tt.ptr<f32>, #blocked>
    %16 = tt.splat %arg5 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %17 = tt.addptr %16, %1 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %18 = tt.load %17, %3 : tensor<1024x!tt.ptr<f32>, #blocked>
    %19 = tt.addptr %arg6, %0 : !tt.ptr<f32>, i32
    %20 = tt.load %19 : !tt.ptr<f32>
    %21 = tt.addptr %arg7, %0 : !tt.ptr<f32>, i32
    %22 = tt.load %21 : !tt.ptr<f32>
    %23 = tt.splat %20 : f32 -> tensor<1024xf32, #blocked>
    %24 = arith.subf %12, %23 : tensor<1024xf32, #blocked>
    %25 = tt.splat %22 : f32 -> tensor<1024xf32, #blocked>
    %26 = arith.mulf %24, %25 : tensor<1024xf32, #blocked>
    %27 = arith.mulf %18, %15 : tensor<1024xf32, #blocked>
    %28 = arith.select %3, %26, %cst : tensor<1024xi1, #blocked>, tensor<1024xf32, #blocked>
    %29 = arith.select %3, %27, %cst : tensor<1024xi1, #blocked>, tensor<1024xf32, #blocked>
    %30 = arith.mulf %28, %29 : tensor<1024xf32, #blocked>
    %31 = tt.reduce(%30) axis = 0 {
    ^bb0(%arg10: f32, %arg11: f32):
      %49 = arith.addf %arg10, %arg11 : f32
      tt.reduce.return %49 : f32
    } : (tensor<1024xf32, #blocked>) -> f32
    %32 = arith.sitofp %arg9 : i32 to f32
    %33 = arith.divf %31, %32 : f32
    %34 = tt.reduce(%29) axis = 0 {
    ^bb0(%arg10: f32, %arg11: f32):
      %49 = arith.addf %arg10, %arg11 : f32
      tt.reduce.return %49 : f32
    } : (tensor<1024xf32, #blocked>) -> f32
    %35 = arith.divf %34, %32 : f32
    %36 = tt.splat %33 : f32 -> tensor<1024xf32, #blocked>
    %37 = arith.mulf %28, %36 : tensor<1024xf32, #blocked>
    %38 = tt.splat %35 : f32 -> tensor<1024xf32, #blocked>
    %39 = arith.addf %37, %38 : tensor<1024xf32, #blocked>
    %40 = arith.subf %29, %39 : tensor<1024xf32, #blocked>
    %41 = arith.mulf %40, %25 : tensor<1024xf32, #blocked>
    %42 = tt.splat %7 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %43 = tt.addptr %42, %1 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    tt.store %43, %41, %3 : tensor<1024x!tt.ptr<f32>, #blocked>
    %44 = tt.splat %8 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %45 = tt.addptr %44, %1 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %46 = arith.mulf %15, %28 : tensor<1024xf32, #blocked>
    tt.store %45, %46, %3 : tensor<1024x!tt.ptr<f32>, #blocked>
    %47 = tt.splat %9 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %48 = tt.addptr %47, %1 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    tt.store %48, %15, %3 : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
