module {
  tt.func public @added_dots_kernel(%arg0: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}) {
    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %1 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %c0_i32 = arith.constant 0 : i32
    %2 = tt.splat %c0_i32 : i32 -> tensor<16x32xi32>
    %c0_i32_0 = arith.constant 0 : i32
    %c16_i32 = arith.constant 16 : i32
    %3 = scf.for %arg4 = %c0_i32_0 to %arg3 step %c16_i32 iter_args(%arg5 = %2) -> (tensor<16x32xi32>)  : i32 {
      %13 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
      %14 = tt.splat %arg4 : i32 -> tensor<16xi32>
      %15 = arith.addi %14, %13 : tensor<16xi32>
      %16 = tt.expand_dims %0 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
      %17 = tt.splat %arg3 : i32 -> tensor<16x1xi32>
      %18 = arith.muli %16, %17 : tensor<16x1xi32>
      %19 = tt.splat %arg0 : !tt.ptr<i8> -> tensor<16x1x!tt.ptr<i8>>
      %20 = tt.addptr %19, %18 : tensor<16x1x!tt.ptr<i8>>, tensor<16x1xi32>
      %21 = tt.expand_dims %15 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
      %22 = tt.broadcast %20 : tensor<16x1x!tt.ptr<i8>> -> tensor<16x16x!tt.ptr<i8>>
      %23 = tt.broadcast %21 : tensor<1x16xi32> -> tensor<16x16xi32>
      %24 = tt.addptr %22, %23 : tensor<16x16x!tt.ptr<i8>>, tensor<16x16xi32>
      %25 = tt.load %24 : tensor<16x16x!tt.ptr<i8>>
      %26 = tt.expand_dims %15 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
      %c32_i32_1 = arith.constant 32 : i32
      %27 = tt.splat %c32_i32_1 : i32 -> tensor<16x1xi32>
      %28 = arith.muli %26, %27 : tensor<16x1xi32>
      %29 = tt.splat %arg1 : !tt.ptr<i8> -> tensor<16x1x!tt.ptr<i8>>
      %30 = tt.addptr %29, %28 : tensor<16x1x!tt.ptr<i8>>, tensor<16x1xi32>
      %31 = tt.expand_dims %1 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
      %32 = tt.broadcast %30 : tensor<16x1x!tt.ptr<i8>> -> tensor<16x32x!tt.ptr<i8>>
      %33 = tt.broadcast %31 : tensor<1x32xi32> -> tensor<16x32xi32>
      %34 = tt.addptr %32, %33 : tensor<16x32x!tt.ptr<i8>>, tensor<16x32xi32>
      %35 = tt.load %34 : tensor<16x32x!tt.ptr<i8>>
      %c0_i32_2 = arith.constant 0 : i32
      %36 = tt.splat %c0_i32_2 : i32 -> tensor<16x32xi32>
      %37 = tt.dot %25, %35, %36 : tensor<16x16xi8> * tensor<16x32xi8> -> tensor<16x32xi32>
      %38 = arith.addi %arg5, %37 : tensor<16x32xi32>
      scf.yield %38 : tensor<16x32xi32>
    }
    %4 = tt.expand_dims %0 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %c32_i32 = arith.constant 32 : i32
    %5 = tt.splat %c32_i32 : i32 -> tensor<16x1xi32>
    %6 = arith.muli %4, %5 : tensor<16x1xi32>
    %7 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<16x1x!tt.ptr<i32>>
    %8 = tt.addptr %7, %6 : tensor<16x1x!tt.ptr<i32>>, tensor<16x1xi32>
    %9 = tt.expand_dims %1 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %10 = tt.broadcast %8 : tensor<16x1x!tt.ptr<i32>> -> tensor<16x32x!tt.ptr<i32>>
    %11 = tt.broadcast %9 : tensor<1x32xi32> -> tensor<16x32xi32>
    %12 = tt.addptr %10, %11 : tensor<16x32x!tt.ptr<i32>>, tensor<16x32xi32>
    tt.store %12, %3 : tensor<16x32x!tt.ptr<i32>>
    tt.return
  }
}
