module {
  tt.func public @nested_loop_matmul_kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: i32, %arg4: i32, %arg5: i32) {
    %c32_i32 = arith.constant 32 : i32
    %0 = arith.addi %arg3, %c32_i32 : i32
    %c1_i32 = arith.constant 1 : i32
    %1 = arith.subi %0, %c1_i32 : i32
    %c32_i32_0 = arith.constant 32 : i32
    %2 = arith.divsi %1, %c32_i32_0 : i32
    %c256_i32 = arith.constant 256 : i32
    %3 = arith.addi %arg4, %c256_i32 : i32
    %c1_i32_1 = arith.constant 1 : i32
    %4 = arith.subi %3, %c1_i32_1 : i32
    %c256_i32_2 = arith.constant 256 : i32
    %5 = arith.divsi %4, %c256_i32_2 : i32
    %6 = arith.muli %2, %5 : i32
    %7 = tt.get_program_id x : i32
    %8 = tt.get_num_programs x : i32
    scf.for %arg6 = %7 to %6 step %8  : i32 {
      %9 = arith.remsi %arg6, %2 : i32
      %c32_i32_3 = arith.constant 32 : i32
      %10 = arith.muli %9, %c32_i32_3 : i32
      %11 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
      %12 = tt.splat %10 : i32 -> tensor<32xi32>
      %13 = arith.addi %12, %11 : tensor<32xi32>
      %14 = arith.divsi %arg6, %2 : i32
      %c256_i32_4 = arith.constant 256 : i32
      %15 = arith.muli %14, %c256_i32_4 : i32
      %16 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
      %17 = tt.splat %15 : i32 -> tensor<256xi32>
      %18 = arith.addi %17, %16 : tensor<256xi32>
      %cst = arith.constant 0.000000e+00 : f32
      %19 = tt.splat %cst : f32 -> tensor<32x256xf32>
      %c0_i32 = arith.constant 0 : i32
      %c64_i32 = arith.constant 64 : i32
      %20 = scf.for %arg7 = %c0_i32 to %arg5 step %c64_i32 iter_args(%arg8 = %19) -> (tensor<32x256xf32>)  : i32 {
        %39 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
        %40 = tt.splat %arg7 : i32 -> tensor<64xi32>
        %41 = arith.addi %40, %39 : tensor<64xi32>
        %42 = tt.expand_dims %13 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
        %43 = tt.splat %arg5 : i32 -> tensor<32x1xi32>
        %44 = arith.muli %42, %43 : tensor<32x1xi32>
        %45 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<32x1x!tt.ptr<f32>>
        %46 = tt.addptr %45, %44 : tensor<32x1x!tt.ptr<f32>>, tensor<32x1xi32>
        %47 = tt.expand_dims %41 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
        %48 = tt.broadcast %46 : tensor<32x1x!tt.ptr<f32>> -> tensor<32x64x!tt.ptr<f32>>
        %49 = tt.broadcast %47 : tensor<1x64xi32> -> tensor<32x64xi32>
        %50 = tt.addptr %48, %49 : tensor<32x64x!tt.ptr<f32>>, tensor<32x64xi32>
        %51 = tt.expand_dims %13 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
        %52 = tt.splat %arg3 : i32 -> tensor<32x1xi32>
        %53 = arith.cmpi slt, %51, %52 : tensor<32x1xi32>
        %54 = tt.expand_dims %41 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
        %55 = tt.splat %arg5 : i32 -> tensor<1x64xi32>
        %56 = arith.cmpi slt, %54, %55 : tensor<1x64xi32>
        %57 = tt.broadcast %53 : tensor<32x1xi1> -> tensor<32x64xi1>
        %58 = tt.broadcast %56 : tensor<1x64xi1> -> tensor<32x64xi1>
        %59 = arith.andi %57, %58 : tensor<32x64xi1>
        %cst_5 = arith.constant 0.000000e+00 : f32
        %60 = tt.splat %cst_5 : f32 -> tensor<32x64xf32>
        %61 = tt.load %50, %59, %60 : tensor<32x64x!tt.ptr<f32>>
        %62 = tt.expand_dims %41 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
        %63 = tt.splat %arg4 : i32 -> tensor<64x1xi32>
        %64 = arith.muli %62, %63 : tensor<64x1xi32>
        %65 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<64x1x!tt.ptr<f32>>
        %66 = tt.addptr %65, %64 : tensor<64x1x!tt.ptr<f32>>, tensor<64x1xi32>
        %67 = tt.expand_dims %18 {axis = 0 : i32} : tensor<256xi32> -> tensor<1x256xi32>
        %68 = tt.broadcast %66 : tensor<64x1x!tt.ptr<f32>> -> tensor<64x256x!tt.ptr<f32>>
        %69 = tt.broadcast %67 : tensor<1x256xi32> -> tensor<64x256xi32>
        %70 = tt.addptr %68, %69 : tensor<64x256x!tt.ptr<f32>>, tensor<64x256xi32>
        %71 = tt.expand_dims %41 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
        %72 = tt.splat %arg5 : i32 -> tensor<64x1xi32>
        %73 = arith.cmpi slt, %71, %72 : tensor<64x1xi32>
        %74 = tt.expand_dims %18 {axis = 0 : i32} : tensor<256xi32> -> tensor<1x256xi32>
        %75 = tt.splat %arg4 : i32 -> tensor<1x256xi32>
        %76 = arith.cmpi slt, %74, %75 : tensor<1x256xi32>
        %77 = tt.broadcast %73 : tensor<64x1xi1> -> tensor<64x256xi1>
        %78 = tt.broadcast %76 : tensor<1x256xi1> -> tensor<64x256xi1>
        %79 = arith.andi %77, %78 : tensor<64x256xi1>
        %cst_6 = arith.constant 0.000000e+00 : f32
        %80 = tt.splat %cst_6 : f32 -> tensor<64x256xf32>
        %81 = tt.load %70, %79, %80 : tensor<64x256x!tt.ptr<f32>>
        %cst_7 = arith.constant 0.000000e+00 : f32
        %82 = tt.splat %cst_7 : f32 -> tensor<32x256xf32>
        %83 = tt.dot %61, %81, %82, inputPrecision = tf32 : tensor<32x64xf32> * tensor<64x256xf32> -> tensor<32x256xf32>
        %84 = arith.addf %arg8, %83 : tensor<32x256xf32>
        scf.yield %84 : tensor<32x256xf32>
      }
      %21 = tt.expand_dims %13 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
      %22 = tt.splat %arg4 : i32 -> tensor<32x1xi32>
      %23 = arith.muli %21, %22 : tensor<32x1xi32>
      %24 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<32x1x!tt.ptr<f32>>
      %25 = tt.addptr %24, %23 : tensor<32x1x!tt.ptr<f32>>, tensor<32x1xi32>
      %26 = tt.expand_dims %18 {axis = 0 : i32} : tensor<256xi32> -> tensor<1x256xi32>
      %27 = tt.broadcast %25 : tensor<32x1x!tt.ptr<f32>> -> tensor<32x256x!tt.ptr<f32>>
      %28 = tt.broadcast %26 : tensor<1x256xi32> -> tensor<32x256xi32>
      %29 = tt.addptr %27, %28 : tensor<32x256x!tt.ptr<f32>>, tensor<32x256xi32>
      %30 = tt.expand_dims %13 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
      %31 = tt.splat %arg3 : i32 -> tensor<32x1xi32>
      %32 = arith.cmpi slt, %30, %31 : tensor<32x1xi32>
      %33 = tt.expand_dims %18 {axis = 0 : i32} : tensor<256xi32> -> tensor<1x256xi32>
      %34 = tt.splat %arg4 : i32 -> tensor<1x256xi32>
      %35 = arith.cmpi slt, %33, %34 : tensor<1x256xi32>
      %36 = tt.broadcast %32 : tensor<32x1xi1> -> tensor<32x256xi1>
      %37 = tt.broadcast %35 : tensor<1x256xi1> -> tensor<32x256xi1>
      %38 = arith.andi %36, %37 : tensor<32x256xi1>
      tt.store %29, %20, %38 : tensor<32x256x!tt.ptr<f32>>
    }
    tt.return
  }
}
