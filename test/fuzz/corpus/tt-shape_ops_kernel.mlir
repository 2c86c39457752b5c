module {
  tt.func public @shape_ops_kernel(%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
    %0 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %1 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %2 = tt.expand_dims %0 {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
    %c16_i32 = arith.constant 16 : i32
    %3 = tt.splat %c16_i32 : i32 -> tensor<4x1xi32>
    %4 = arith.muli %2, %3 : tensor<4x1xi32>
    %5 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<4x1x!tt.ptr<i32>>
    %6 = tt.addptr %5, %4 : tensor<4x1x!tt.ptr<i32>>, tensor<4x1xi32>
    %7 = tt.expand_dims %1 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %8 = tt.broadcast %6 : tensor<4x1x!tt.ptr<i32>> -> tensor<4x16x!tt.ptr<i32>>
    %9 = tt.broadcast %7 : tensor<1x16xi32> -> tensor<4x16xi32>
    %10 = tt.addptr %8, %9 : tensor<4x16x!tt.ptr<i32>>, tensor<4x16xi32>
    %11 = tt.load %10 : tensor<4x16x!tt.ptr<i32>>
    %12 = tt.expand_dims %0 {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
    %c16_i32_0 = arith.constant 16 : i32
    %13 = tt.splat %c16_i32_0 : i32 -> tensor<4x1xi32>
    %14 = arith.muli %12, %13 : tensor<4x1xi32>
    %15 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<4x1x!tt.ptr<i32>>
    %16 = tt.addptr %15, %14 : tensor<4x1x!tt.ptr<i32>>, tensor<4x1xi32>
    %17 = tt.expand_dims %1 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %18 = tt.broadcast %16 : tensor<4x1x!tt.ptr<i32>> -> tensor<4x16x!tt.ptr<i32>>
    %19 = tt.broadcast %17 : tensor<1x16xi32> -> tensor<4x16xi32>
    %20 = tt.addptr %18, %19 : tensor<4x16x!tt.ptr<i32>>, tensor<4x16xi32>
    %21 = tt.load %20 : tensor<4x16x!tt.ptr<i32>>
    %22 = tt.join %11, %21 : tensor<4x16xi32> -> tensor<4x16x2xi32>
    %outLHS, %outRHS = tt.split %22 : tensor<4x16x2xi32> -> tensor<4x16xi32>
    %23 = tt.expand_dims %0 {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
    %c16_i32_1 = arith.constant 16 : i32
    %24 = tt.splat %c16_i32_1 : i32 -> tensor<4x1xi32>
    %25 = arith.muli %23, %24 : tensor<4x1xi32>
    %26 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<4x1x!tt.ptr<i32>>
    %27 = tt.addptr %26, %25 : tensor<4x1x!tt.ptr<i32>>, tensor<4x1xi32>
    %28 = tt.expand_dims %1 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %29 = tt.broadcast %27 : tensor<4x1x!tt.ptr<i32>> -> tensor<4x16x!tt.ptr<i32>>
    %30 = tt.broadcast %28 : tensor<1x16xi32> -> tensor<4x16xi32>
    %31 = tt.addptr %29, %30 : tensor<4x16x!tt.ptr<i32>>, tensor<4x16xi32>
    %32 = arith.subi %outLHS, %outRHS : tensor<4x16xi32>
    tt.store %31, %32 : tensor<4x16x!tt.ptr<i32>>
    %c64_i32 = arith.constant 64 : i32
    %33 = tt.addptr %arg2, %c64_i32 : !tt.ptr<i32>, i32
    %34 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %35 = tt.splat %33 : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
    %36 = tt.addptr %35, %34 : tensor<128x!tt.ptr<i32>>, tensor<128xi32>
    %37 = tt.reshape %22 : tensor<4x16x2xi32> -> tensor<128xi32>
    tt.store %36, %37 : tensor<128x!tt.ptr<i32>>
    %c192_i32 = arith.constant 192 : i32
    %38 = tt.addptr %arg2, %c192_i32 : !tt.ptr<i32>, i32
    %39 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %40 = tt.splat %38 : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
    %41 = tt.addptr %40, %39 : tensor<128x!tt.ptr<i32>>, tensor<128xi32>
    %42 = tt.trans %22 {order = array<i32: 2, 0, 1>} : tensor<4x16x2xi32> -> tensor<2x4x16xi32>
    %43 = tt.reshape %42 : tensor<2x4x16xi32> -> tensor<128xi32>
    tt.store %41, %43 : tensor<128x!tt.ptr<i32>>
    %c320_i32 = arith.constant 320 : i32
    %44 = tt.addptr %arg2, %c320_i32 : !tt.ptr<i32>, i32
    %45 = tt.expand_dims %1 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %c4_i32 = arith.constant 4 : i32
    %46 = tt.splat %c4_i32 : i32 -> tensor<16x1xi32>
    %47 = arith.muli %45, %46 : tensor<16x1xi32>
    %48 = tt.splat %44 : !tt.ptr<i32> -> tensor<16x1x!tt.ptr<i32>>
    %49 = tt.addptr %48, %47 : tensor<16x1x!tt.ptr<i32>>, tensor<16x1xi32>
    %50 = tt.expand_dims %0 {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
    %51 = tt.broadcast %49 : tensor<16x1x!tt.ptr<i32>> -> tensor<16x4x!tt.ptr<i32>>
    %52 = tt.broadcast %50 : tensor<1x4xi32> -> tensor<16x4xi32>
    %53 = tt.addptr %51, %52 : tensor<16x4x!tt.ptr<i32>>, tensor<16x4xi32>
    %54 = tt.trans %11 {order = array<i32: 1, 0>} : tensor<4x16xi32> -> tensor<16x4xi32>
    tt.store %53, %54 : tensor<16x4x!tt.ptr<i32>>
    %c448_i32 = arith.constant 448 : i32
    %55 = tt.addptr %arg2, %c448_i32 : !tt.ptr<i32>, i32
    %56 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %57 = tt.splat %55 : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
    %58 = tt.addptr %57, %56 : tensor<128x!tt.ptr<i32>>, tensor<128xi32>
    %59 = tt.join %11, %21 : tensor<4x16xi32> -> tensor<4x16x2xi32>
    %60 = tt.reshape %59 : tensor<4x16x2xi32> -> tensor<4x32xi32>
    %61 = tt.reshape %60 allow_reorder : tensor<4x32xi32> -> tensor<128xi32>
    tt.store %58, %61 : tensor<128x!tt.ptr<i32>>
    tt.return
  }
}
