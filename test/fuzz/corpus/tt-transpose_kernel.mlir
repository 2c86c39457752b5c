module {
  tt.func public @transpose_kernel(%arg0: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg2: i32, %arg3: i32, %arg4: i32, %arg5: i32) {
    %0 = tt.get_program_id x : i32
    %c16_i32 = arith.constant 16 : i32
    %1 = arith.muli %0, %c16_i32 : i32
    %2 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %3 = tt.splat %1 : i32 -> tensor<16xi32>
    %4 = arith.addi %3, %2 : tensor<16xi32>
    %5 = tt.get_program_id y : i32
    %c32_i32 = arith.constant 32 : i32
    %6 = arith.muli %5, %c32_i32 : i32
    %7 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %8 = tt.splat %6 : i32 -> tensor<32xi32>
    %9 = arith.addi %8, %7 : tensor<32xi32>
    %10 = tt.expand_dims %4 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %11 = tt.splat %arg2 : i32 -> tensor<16x1xi32>
    %12 = arith.cmpi slt, %10, %11 : tensor<16x1xi32>
    %13 = tt.expand_dims %9 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %14 = tt.splat %arg3 : i32 -> tensor<1x32xi32>
    %15 = arith.cmpi slt, %13, %14 : tensor<1x32xi32>
    %16 = tt.broadcast %12 : tensor<16x1xi1> -> tensor<16x32xi1>
    %17 = tt.broadcast %15 : tensor<1x32xi1> -> tensor<16x32xi1>
    %18 = arith.andi %16, %17 : tensor<16x32xi1>
    %19 = tt.expand_dims %4 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %20 = tt.splat %arg4 : i32 -> tensor<16x1xi32>
    %21 = arith.muli %19, %20 : tensor<16x1xi32>
    %22 = tt.splat %arg0 : !tt.ptr<i8> -> tensor<16x1x!tt.ptr<i8>>
    %23 = tt.addptr %22, %21 : tensor<16x1x!tt.ptr<i8>>, tensor<16x1xi32>
    %24 = tt.expand_dims %9 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %25 = tt.broadcast %23 : tensor<16x1x!tt.ptr<i8>> -> tensor<16x32x!tt.ptr<i8>>
    %26 = tt.broadcast %24 : tensor<1x32xi32> -> tensor<16x32xi32>
    %27 = tt.addptr %25, %26 : tensor<16x32x!tt.ptr<i8>>, tensor<16x32xi32>
    %28 = tt.load %27, %18 : tensor<16x32x!tt.ptr<i8>>
    %29 = tt.expand_dims %9 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %30 = tt.splat %arg5 : i32 -> tensor<32x1xi32>
    %31 = arith.muli %29, %30 : tensor<32x1xi32>
    %32 = tt.splat %arg1 : !tt.ptr<i8> -> tensor<32x1x!tt.ptr<i8>>
    %33 = tt.addptr %32, %31 : tensor<32x1x!tt.ptr<i8>>, tensor<32x1xi32>
    %34 = tt.expand_dims %4 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %35 = tt.broadcast %33 : tensor<32x1x!tt.ptr<i8>> -> tensor<32x16x!tt.ptr<i8>>
    %36 = tt.broadcast %34 : tensor<1x16xi32> -> tensor<32x16xi32>
    %37 = tt.addptr %35, %36 : tensor<32x16x!tt.ptr<i8>>, tensor<32x16xi32>
    %38 = tt.trans %28 {order = array<i32: 1, 0>} : tensor<16x32xi8> -> tensor<32x16xi8>
    %39 = tt.trans %18 {order = array<i32: 1, 0>} : tensor<16x32xi1> -> tensor<32x16xi1>
    tt.store %37, %38, %39 : tensor<32x16x!tt.ptr<i8>>
    tt.return
  }
}
