module {
  tt.func public @loop_kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg3: i32, %arg4: f32) {
    %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %2 = tt.addptr %1, %0 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %3 = tt.load %2 : tensor<64x!tt.ptr<f32>>
    %cst = arith.constant 0.000000e+00 : f32
    %4 = tt.splat %cst : f32 -> tensor<64xf32>
    %c0_i32 = arith.constant 0 : i32
    %5 = tt.splat %c0_i32 : i32 -> tensor<64xi32>
    %6 = arith.addi %5, %0 : tensor<64xi32>
    %c0_i32_0 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %7:2 = scf.for %arg5 = %c0_i32_0 to %arg3 step %c1_i32 iter_args(%arg6 = %4, %arg7 = %6) -> (tensor<64xf32>, tensor<64xi32>)  : i32 {
      %cst_4 = arith.constant 5.000000e-01 : f32
      %23 = tt.splat %cst_4 : f32 -> tensor<64xf32>
      %24 = arith.mulf %arg6, %23 : tensor<64xf32>
      %25 = arith.sitofp %arg5 : i32 to f32
      %26 = tt.splat %25 : f32 -> tensor<64xf32>
      %27 = arith.mulf %3, %26 : tensor<64xf32>
      %28 = arith.addf %24, %27 : tensor<64xf32>
      %c3_i32 = arith.constant 3 : i32
      %29 = arith.remsi %arg5, %c3_i32 : i32
      %c0_i32_5 = arith.constant 0 : i32
      %30 = arith.cmpi eq, %29, %c0_i32_5 : i32
      %31 = scf.if %30 -> (tensor<64xi32>) {
        %c3_i32_6 = arith.constant 3 : i32
        %32 = tt.splat %c3_i32_6 : i32 -> tensor<64xi32>
        %33 = arith.muli %arg7, %32 : tensor<64xi32>
        %c1_i32_7 = arith.constant 1 : i32
        %34 = tt.splat %c1_i32_7 : i32 -> tensor<64xi32>
        %35 = arith.addi %33, %34 : tensor<64xi32>
        scf.yield %35 : tensor<64xi32>
      } else {
        %c3_i32_6 = arith.constant 3 : i32
        %32 = tt.splat %c3_i32_6 : i32 -> tensor<64xi32>
        %33 = arith.shrsi %arg7, %32 : tensor<64xi32>
        %34 = arith.xori %arg7, %33 : tensor<64xi32>
        scf.yield %34 : tensor<64xi32>
      }
      scf.yield %28, %31 : tensor<64xf32>, tensor<64xi32>
    }
    %c0_i32_1 = arith.constant 0 : i32
    %8 = tt.splat %c0_i32_1 : i32 -> tensor<64xi32>
    %9 = math.absf %3 : tensor<64xf32>
    %cst_2 = arith.constant 1.000000e+02 : f32
    %10 = tt.splat %cst_2 : f32 -> tensor<64xf32>
    %11 = arith.mulf %9, %10 : tensor<64xf32>
    %12:2 = scf.while (%arg5 = %8, %arg6 = %11) : (tensor<64xi32>, tensor<64xf32>) -> (tensor<64xi32>, tensor<64xf32>) {
      %23 = tt.reduce(%arg6) axis = 0 {
      ^bb0(%arg7: f32, %arg8: f32):
        %25 = arith.maxnumf %arg7, %arg8 : f32
        tt.reduce.return %25 : f32
      } : (tensor<64xf32>) -> f32
      %24 = arith.cmpf ogt, %23, %arg4 : f32
      scf.condition(%24) %arg5, %arg6 : tensor<64xi32>, tensor<64xf32>
    } do {
    ^bb0(%arg5: tensor<64xi32>, %arg6: tensor<64xf32>):
      %23 = tt.splat %arg4 : f32 -> tensor<64xf32>
      %24 = arith.cmpf ogt, %arg6, %23 : tensor<64xf32>
      %cst_4 = arith.constant 5.000000e-01 : f32
      %25 = tt.splat %cst_4 : f32 -> tensor<64xf32>
      %26 = arith.mulf %arg6, %25 : tensor<64xf32>
      %27 = arith.select %24, %26, %arg6 : tensor<64xi1>, tensor<64xf32>
      %28 = tt.splat %arg4 : f32 -> tensor<64xf32>
      %29 = arith.cmpf ogt, %27, %28 : tensor<64xf32>
      %30 = arith.extui %29 : tensor<64xi1> to tensor<64xi32>
      %31 = arith.addi %arg5, %30 : tensor<64xi32>
      scf.yield %31, %27 : tensor<64xi32>, tensor<64xf32>
    }
    %13 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %14 = tt.addptr %13, %0 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    tt.store %14, %7#0 : tensor<64x!tt.ptr<f32>>
    %c64_i32 = arith.constant 64 : i32
    %15 = tt.addptr %arg1, %c64_i32 : !tt.ptr<f32>, i32
    %16 = tt.splat %15 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %17 = tt.addptr %16, %0 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    tt.store %17, %12#1 : tensor<64x!tt.ptr<f32>>
    %18 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
    %19 = tt.addptr %18, %0 : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
    tt.store %19, %7#1 : tensor<64x!tt.ptr<i32>>
    %c64_i32_3 = arith.constant 64 : i32
    %20 = tt.addptr %arg2, %c64_i32_3 : !tt.ptr<i32>, i32
    %21 = tt.splat %20 : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
    %22 = tt.addptr %21, %0 : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
    tt.store %22, %12#0 : tensor<64x!tt.ptr<i32>>
    tt.return
  }
}
