module {
  tt.func public @dot_kernel(%arg0: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %1 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %2 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %3 = tt.expand_dims %0 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %c32_i32 = arith.constant 32 : i32
    %4 = tt.splat %c32_i32 : i32 -> tensor<16x1xi32>
    %5 = arith.muli %3, %4 : tensor<16x1xi32>
    %6 = tt.splat %arg0 : !tt.ptr<i8> -> tensor<16x1x!tt.ptr<i8>>
    %7 = tt.addptr %6, %5 : tensor<16x1x!tt.ptr<i8>>, tensor<16x1xi32>
    %8 = tt.expand_dims %2 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %9 = tt.broadcast %7 : tensor<16x1x!tt.ptr<i8>> -> tensor<16x32x!tt.ptr<i8>>
    %10 = tt.broadcast %8 : tensor<1x32xi32> -> tensor<16x32xi32>
    %11 = tt.addptr %9, %10 : tensor<16x32x!tt.ptr<i8>>, tensor<16x32xi32>
    %12 = tt.load %11 : tensor<16x32x!tt.ptr<i8>>
    %13 = tt.expand_dims %2 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %c32_i32_0 = arith.constant 32 : i32
    %14 = tt.splat %c32_i32_0 : i32 -> tensor<32x1xi32>
    %15 = arith.muli %13, %14 : tensor<32x1xi32>
    %16 = tt.splat %arg1 : !tt.ptr<i8> -> tensor<32x1x!tt.ptr<i8>>
    %17 = tt.addptr %16, %15 : tensor<32x1x!tt.ptr<i8>>, tensor<32x1xi32>
    %18 = tt.expand_dims %1 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %19 = tt.broadcast %17 : tensor<32x1x!tt.ptr<i8>> -> tensor<32x32x!tt.ptr<i8>>
    %20 = tt.broadcast %18 : tensor<1x32xi32> -> tensor<32x32xi32>
    %21 = tt.addptr %19, %20 : tensor<32x32x!tt.ptr<i8>>, tensor<32x32xi32>
    %22 = tt.load %21 : tensor<32x32x!tt.ptr<i8>>
    %23 = tt.expand_dims %0 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %c32_i32_1 = arith.constant 32 : i32
    %24 = tt.splat %c32_i32_1 : i32 -> tensor<16x1xi32>
    %25 = arith.muli %23, %24 : tensor<16x1xi32>
    %26 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<16x1x!tt.ptr<i32>>
    %27 = tt.addptr %26, %25 : tensor<16x1x!tt.ptr<i32>>, tensor<16x1xi32>
    %28 = tt.expand_dims %1 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %29 = tt.broadcast %27 : tensor<16x1x!tt.ptr<i32>> -> tensor<16x32x!tt.ptr<i32>>
    %30 = tt.broadcast %28 : tensor<1x32xi32> -> tensor<16x32xi32>
    %31 = tt.addptr %29, %30 : tensor<16x32x!tt.ptr<i32>>, tensor<16x32xi32>
    %32 = tt.load %31 : tensor<16x32x!tt.ptr<i32>>
    %33 = tt.dot %12, %22, %32 : tensor<16x32xi8> * tensor<32x32xi8> -> tensor<16x32xi32>
    %34 = tt.expand_dims %0 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %c32_i32_2 = arith.constant 32 : i32
    %35 = tt.splat %c32_i32_2 : i32 -> tensor<16x1xi32>
    %36 = arith.muli %34, %35 : tensor<16x1xi32>
    %37 = tt.splat %arg3 : !tt.ptr<i32> -> tensor<16x1x!tt.ptr<i32>>
    %38 = tt.addptr %37, %36 : tensor<16x1x!tt.ptr<i32>>, tensor<16x1xi32>
    %39 = tt.expand_dims %1 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %40 = tt.broadcast %38 : tensor<16x1x!tt.ptr<i32>> -> tensor<16x32x!tt.ptr<i32>>
    %41 = tt.broadcast %39 : tensor<1x32xi32> -> tensor<16x32xi32>
    %42 = tt.addptr %40, %41 : tensor<16x32x!tt.ptr<i32>>, tensor<16x32xi32>
    tt.store %42, %33 : tensor<16x32x!tt.ptr<i32>>
    tt.return
  }
}
