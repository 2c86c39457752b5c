module {
  tt.func public @layer_norm_bwd_dx(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg6: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg7: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg8: i32, %arg9: i32) {
    %0 = tt.get_program_id x : i32
    %1 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %2 = tt.splat %arg9 : i32 -> tensor<1024xi32>
    %3 = arith.cmpi slt, %1, %2 : tensor<1024xi32>
    %4 = arith.muli %0, %arg8 : i32
    %5 = tt.addptr %arg4, %4 : !tt.ptr<f32>, i32
    %6 = arith.muli %0, %arg8 : i32
    %7 = tt.addptr %arg1, %6 : !tt.ptr<f32>, i32
    %8 = arith.muli %0, %arg8 : i32
    %9 = tt.addptr %arg0, %8 : !tt.ptr<f32>, i32
    %10 = arith.muli %0, %arg8 : i32
    %11 = tt.addptr %arg2, %10 : !tt.ptr<f32>, i32
    %12 = arith.muli %0, %arg8 : i32
    %13 = tt.addptr %arg3, %12 : !tt.ptr<f32>, i32
    %14 = tt.splat %5 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %15 = tt.addptr %14, %1 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %cst = arith.constant 0.000000e+00 : f32
    %16 = tt.splat %cst : f32 -> tensor<1024xf32>
    %17 = tt.load %15, %3, %16 : tensor<1024x!tt.ptr<f32>>
    %18 = tt.splat %7 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %19 = tt.addptr %18, %1 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %cst_0 = arith.constant 0.000000e+00 : f32
    %20 = tt.splat %cst_0 : f32 -> tensor<1024xf32>
    %21 = tt.load %19, %3, %20 : tensor<1024x!tt.ptr<f32>>
    %22 = tt.splat %arg5 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %23 = tt.addptr %22, %1 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %24 = tt.load %23, %3 : tensor<1024x!tt.ptr<f32>>
    %25 = tt.addptr %arg6, %0 : !tt.ptr<f32>, i32
    %26 = tt.load %25 : !tt.ptr<f32>
    %27 = tt.addptr %arg7, %0 : !tt.ptr<f32>, i32
    %28 = tt.load %27 : !tt.ptr<f32>
    %29 = tt.splat %26 : f32 -> tensor<1024xf32>
    %30 = arith.subf %17, %29 : tensor<1024xf32>
    %31 = tt.splat %28 : f32 -> tensor<1024xf32>
    %32 = arith.mulf %30, %31 : tensor<1024xf32>
    %33 = arith.mulf %24, %21 : tensor<1024xf32>
    %cst_1 = arith.constant 0.000000e+00 : f32
    %34 = tt.splat %cst_1 : f32 -> tensor<1024xf32>
    %35 = arith.select %3, %32, %34 : tensor<1024xi1>, tensor<1024xf32>
    %cst_2 = arith.constant 0.000000e+00 : f32
    %36 = tt.splat %cst_2 : f32 -> tensor<1024xf32>
    %37 = arith.select %3, %33, %36 : tensor<1024xi1>, tensor<1024xf32>
    %38 = arith.mulf %35, %37 : tensor<1024xf32>
    %39 = tt.reduce(%38) axis = 0 {
    ^bb0(%arg10: f32, %arg11: f32):
      %59 = arith.addf %arg10, %arg11 : f32
      tt.reduce.return %59 : f32
    } : (tensor<1024xf32>) -> f32
    %40 = arith.sitofp %arg9 : i32 to f32
    %41 = arith.divf %39, %40 : f32
    %42 = tt.reduce(%37) axis = 0 {
    ^bb0(%arg10: f32, %arg11: f32):
      %59 = arith.addf %arg10, %arg11 : f32
      tt.reduce.return %59 : f32
    } : (tensor<1024xf32>) -> f32
    %43 = arith.sitofp %arg9 : i32 to f32
    %44 = arith.divf %42, %43 : f32
    %45 = tt.splat %41 : f32 -> tensor<1024xf32>
    %46 = arith.mulf %35, %45 : tensor<1024xf32>
    %47 = tt.splat %44 : f32 -> tensor<1024xf32>
    %48 = arith.addf %46, %47 : tensor<1024xf32>
    %49 = arith.subf %37, %48 : tensor<1024xf32>
    %50 = tt.splat %28 : f32 -> tensor<1024xf32>
    %51 = arith.mulf %49, %50 : tensor<1024xf32>
    %52 = tt.splat %9 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %53 = tt.addptr %52, %1 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    tt.store %53, %51, %3 : tensor<1024x!tt.ptr<f32>>
    %54 = tt.splat %11 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %55 = tt.addptr %54, %1 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %56 = arith.mulf %21, %35 : tensor<1024xf32>
    tt.store %55, %56, %3 : tensor<1024x!tt.ptr<f32>>
    %57 = tt.splat %13 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %58 = tt.addptr %57, %1 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    tt.store %58, %21, %3 : tensor<1024x!tt.ptr<f32>>
    tt.return
  }
}
