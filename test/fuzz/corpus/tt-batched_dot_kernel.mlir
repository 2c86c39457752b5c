module {
  tt.func public @batched_dot_kernel(%arg0: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
    %0 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
    %2 = tt.expand_dims %1 {axis = 2 : i32} : tensor<4x1xi32> -> tensor<4x1x1xi32>
    %3 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %4 = tt.expand_dims %3 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %5 = tt.expand_dims %4 {axis = 2 : i32} : tensor<1x32xi32> -> tensor<1x32x1xi32>
    %6 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %7 = tt.expand_dims %6 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %8 = tt.expand_dims %7 {axis = 1 : i32} : tensor<1x16xi32> -> tensor<1x1x16xi32>
    %9 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %10 = tt.expand_dims %9 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %11 = tt.expand_dims %10 {axis = 1 : i32} : tensor<1x64xi32> -> tensor<1x1x64xi32>
    %12 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %13 = tt.expand_dims %12 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %14 = tt.expand_dims %13 {axis = 2 : i32} : tensor<1x64xi32> -> tensor<1x64x1xi32>
    %c32_i32 = arith.constant 32 : i32
    %15 = tt.splat %c32_i32 : i32 -> tensor<4x1x1xi32>
    %16 = arith.muli %2, %15 : tensor<4x1x1xi32>
    %c64_i32 = arith.constant 64 : i32
    %17 = tt.splat %c64_i32 : i32 -> tensor<4x1x1xi32>
    %18 = arith.muli %16, %17 : tensor<4x1x1xi32>
    %19 = tt.splat %arg0 : !tt.ptr<i8> -> tensor<4x1x1x!tt.ptr<i8>>
    %20 = tt.addptr %19, %18 : tensor<4x1x1x!tt.ptr<i8>>, tensor<4x1x1xi32>
    %c64_i32_0 = arith.constant 64 : i32
    %21 = tt.splat %c64_i32_0 : i32 -> tensor<1x32x1xi32>
    %22 = arith.muli %5, %21 : tensor<1x32x1xi32>
    %23 = tt.broadcast %20 : tensor<4x1x1x!tt.ptr<i8>> -> tensor<4x32x1x!tt.ptr<i8>>
    %24 = tt.broadcast %22 : tensor<1x32x1xi32> -> tensor<4x32x1xi32>
    %25 = tt.addptr %23, %24 : tensor<4x32x1x!tt.ptr<i8>>, tensor<4x32x1xi32>
    %26 = tt.broadcast %25 : tensor<4x32x1x!tt.ptr<i8>> -> tensor<4x32x64x!tt.ptr<i8>>
    %27 = tt.broadcast %11 : tensor<1x1x64xi32> -> tensor<4x32x64xi32>
    %28 = tt.addptr %26, %27 : tensor<4x32x64x!tt.ptr<i8>>, tensor<4x32x64xi32>
    %29 = tt.load %28 : tensor<4x32x64x!tt.ptr<i8>>
    %c64_i32_1 = arith.constant 64 : i32
    %30 = tt.splat %c64_i32_1 : i32 -> tensor<4x1x1xi32>
    %31 = arith.muli %2, %30 : tensor<4x1x1xi32>
    %c16_i32 = arith.constant 16 : i32
    %32 = tt.splat %c16_i32 : i32 -> tensor<4x1x1xi32>
    %33 = arith.muli %31, %32 : tensor<4x1x1xi32>
    %34 = tt.splat %arg1 : !tt.ptr<i8> -> tensor<4x1x1x!tt.ptr<i8>>
    %35 = tt.addptr %34, %33 : tensor<4x1x1x!tt.ptr<i8>>, tensor<4x1x1xi32>
    %c16_i32_2 = arith.constant 16 : i32
    %36 = tt.splat %c16_i32_2 : i32 -> tensor<1x64x1xi32>
    %37 = arith.muli %14, %36 : tensor<1x64x1xi32>
    %38 = tt.broadcast %35 : tensor<4x1x1x!tt.ptr<i8>> -> tensor<4x64x1x!tt.ptr<i8>>
    %39 = tt.broadcast %37 : tensor<1x64x1xi32> -> tensor<4x64x1xi32>
    %40 = tt.addptr %38, %39 : tensor<4x64x1x!tt.ptr<i8>>, tensor<4x64x1xi32>
    %41 = tt.broadcast %40 : tensor<4x64x1x!tt.ptr<i8>> -> tensor<4x64x16x!tt.ptr<i8>>
    %42 = tt.broadcast %8 : tensor<1x1x16xi32> -> tensor<4x64x16xi32>
    %43 = tt.addptr %41, %42 : tensor<4x64x16x!tt.ptr<i8>>, tensor<4x64x16xi32>
    %44 = tt.load %43 : tensor<4x64x16x!tt.ptr<i8>>
    %c32_i32_3 = arith.constant 32 : i32
    %45 = tt.splat %c32_i32_3 : i32 -> tensor<4x1x1xi32>
    %46 = arith.muli %2, %45 : tensor<4x1x1xi32>
    %c16_i32_4 = arith.constant 16 : i32
    %47 = tt.splat %c16_i32_4 : i32 -> tensor<4x1x1xi32>
    %48 = arith.muli %46, %47 : tensor<4x1x1xi32>
    %49 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<4x1x1x!tt.ptr<i32>>
    %50 = tt.addptr %49, %48 : tensor<4x1x1x!tt.ptr<i32>>, tensor<4x1x1xi32>
    %c16_i32_5 = arith.constant 16 : i32
    %51 = tt.splat %c16_i32_5 : i32 -> tensor<1x32x1xi32>
    %52 = arith.muli %5, %51 : tensor<1x32x1xi32>
    %53 = tt.broadcast %50 : tensor<4x1x1x!tt.ptr<i32>> -> tensor<4x32x1x!tt.ptr<i32>>
    %54 = tt.broadcast %52 : tensor<1x32x1xi32> -> tensor<4x32x1xi32>
    %55 = tt.addptr %53, %54 : tensor<4x32x1x!tt.ptr<i32>>, tensor<4x32x1xi32>
    %56 = tt.broadcast %55 : tensor<4x32x1x!tt.ptr<i32>> -> tensor<4x32x16x!tt.ptr<i32>>
    %57 = tt.broadcast %8 : tensor<1x1x16xi32> -> tensor<4x32x16xi32>
    %58 = tt.addptr %56, %57 : tensor<4x32x16x!tt.ptr<i32>>, tensor<4x32x16xi32>
    %59 = tt.load %58 : tensor<4x32x16x!tt.ptr<i32>>
    %60 = tt.dot %29, %44, %59 : tensor<4x32x64xi8> * tensor<4x64x16xi8> -> tensor<4x32x16xi32>
    %c32_i32_6 = arith.constant 32 : i32
    %61 = tt.splat %c32_i32_6 : i32 -> tensor<4x1x1xi32>
    %62 = arith.muli %2, %61 : tensor<4x1x1xi32>
    %c16_i32_7 = arith.constant 16 : i32
    %63 = tt.splat %c16_i32_7 : i32 -> tensor<4x1x1xi32>
    %64 = arith.muli %62, %63 : tensor<4x1x1xi32>
    %65 = tt.splat %arg3 : !tt.ptr<i32> -> tensor<4x1x1x!tt.ptr<i32>>
    %66 = tt.addptr %65, %64 : tensor<4x1x1x!tt.ptr<i32>>, tensor<4x1x1xi32>
    %c16_i32_8 = arith.constant 16 : i32
    %67 = tt.splat %c16_i32_8 : i32 -> tensor<1x32x1xi32>
    %68 = arith.muli %5, %67 : tensor<1x32x1xi32>
    %69 = tt.broadcast %66 : tensor<4x1x1x!tt.ptr<i32>> -> tensor<4x32x1x!tt.ptr<i32>>
    %70 = tt.broadcast %68 : tensor<1x32x1xi32> -> tensor<4x32x1xi32>
    %71 = tt.addptr %69, %70 : tensor<4x32x1x!tt.ptr<i32>>, tensor<4x32x1xi32>
    %72 = tt.broadcast %71 : tensor<4x32x1x!tt.ptr<i32>> -> tensor<4x32x16x!tt.ptr<i32>>
    %73 = tt.broadcast %8 : tensor<1x1x16xi32> -> tensor<4x32x16xi32>
    %74 = tt.addptr %72, %73 : tensor<4x32x16x!tt.ptr<i32>>, tensor<4x32x16xi32>
    tt.store %74, %60 : tensor<4x32x16x!tt.ptr<i32>>
    tt.return
  }
}
