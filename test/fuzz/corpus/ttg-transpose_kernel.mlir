#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}>
#slice = #ttg.slice<{dim = 0, parent = #blocked}>
#slice1 = #ttg.slice<{dim = 1, parent = #blocked}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx512"} {
  tt.func public @transpose_kernel(%arg0: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg2: i32, %arg3: i32, %arg4: i32, %arg5: i32) {
    %c32_i32 = arith.constant 32 : i32
    %c16_i32 = arith.constant 16 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c16_i32 : i32
    %2 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #slice>
    %3 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #slice1>
    %4 = tt.splat %1 : i32 -> tensor<16xi32, #slice>
    %5 = tt.splat %1 : i32 -> tensor<16xi32, #slice1>
    %6 = arith.addi %4, %2 : tensor<16xi32, #slice>
    %7 = arith.addi %5, %3 : tensor<16xi32, #slice1>
    %8 = tt.get_program_id y : i32
    %9 = arith.muli %8, %c32_i32 : i32
    %10 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #slice1>
    %11 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #slice>
    %12 = tt.splat %9 : i32 -> tensor<32xi32, #slice1>
    %13 = tt.splat %9 : i32 -> tensor<32xi32, #slice>
    %14 = arith.addi %12, %10 : tensor<32xi32, #slice1>
    %15 = arith.addi %13, %11 : tensor<32xi32, #slice>
    %16 = tt.expand_dims %7 {axis = 1 : i32} : tensor<16xi32, #slice1> -> tensor<16x1xi32, #blocked>
    %17 = tt.splat %arg2 : i32 -> tensor<16x1xi32, #blocked>
    %18 = arith.cmpi slt, %16, %17 : tensor<16x1xi32, #blocked>
    %19 = tt.expand_dims %15 {axis = 0 : i32} : tensor<32xi32, #slice> -> tensor<1x32xi32, #blocked>
    %20 = tt.splat %arg3 : i32 -> tensor<1x32xi32, #blocked>
    %21 = arith.cmpi slt, %19, %20 : tensor<1x32xi32, #blocked>
    %22 = tt.broadcast %18 : tensor<16x1xi1, #blocked> -> tensor<16x32xi1, #blocked>
    %23 = tt.broadcast %21 : tensor<1x32xi1, #blocked> -> tensor<16x32xi1, #blocked>
    %24 = arith.andi %22, %23 : tensor<16x32xi1, #blocked>
    %25 = tt.splat %arg4 : i32 -> tensor<16x1xi32, #blocked>
    %26 = arith.muli %16, %25 : tensor<16x1xi32, #blocked>
    %27 = tt.splat %arg0 : !tt.ptr<i8> -> tensor<16x1x!tt.ptr<i8>, #blocked>
    %28 = tt.addptr %27, %26 : tensor<16x1x!tt.ptr<i8>, #blocked>, tensor<16x1xi32, #blocked>
    %29 = tt.broadcast %28 : tensor<16x1x!tt.ptr<i8>, #blocked> -> tensor<16x32x!tt.ptr<i8>, #blocked>
    %30 = tt.broadcast %19 : tensor<1x32xi32, #blocked> -> tensor<16x32xi32, #blocked>
    %31 = tt.addptr %29, %30 : tensor<16x32x!tt.ptr<i8>, #blocked>, tensor<16x32xi32, #blocked>
    %32 = ttg.convert_layout %31 : tensor<16x32x!tt.ptr<i8>, #blocked> -> tensor<16x32x!tt.ptr<i8>, #blocked1>
    %33 = ttg.convert_layout %24 : tensor<16x32xi1, #blocked> -> tensor<16x32xi1, #blocked1>
    %34 = tt.load %32, %33 : tensor<16x32x!tt.ptr<i8>, #blocked1>
    %35 = ttg.convert_layout %34 : tensor<16x32xi8, #blocked1> -> tensor<16x32xi8, #blocked>
    %36 = tt.expand_dims %14 {axis = 1 : i32} : tensor<32xi32, #slice1> -> tensor<32x1xi32, #blocked>
    %37 = tt.splat %arg5 : i32 -> tensor<32x1xi32, #blocked>
    %38 = arith.muli %36, %37 : tensor<32x1xi32, #blocked>
    %39 = tt.splat %arg1 : !tt.ptr<i8> -> tensor<32x1x!tt.ptr<i8>, #blocked>
    %40 = tt.addptr %39, %38 : tensor<32x1x!tt.ptr<i8>, #blocked>, tensor<32x1xi32, #blocked>
    %41 = tt.expand_dims %6 {axis = 0 : i32} : tensor<16xi32, #slice> -> tensor<1x16xi32, #blocked>
    %42 = tt.broadcast %40 : tensor<32x1x!tt.ptr<i8>, #blocked> -> tensor<32x16x!tt.ptr<i8>, #blocked>
    %43 = tt.broadcast %41 : tensor<1x16xi32, #blocked> -> tensor<32x16xi32, #blocked>
    %44 = tt.addptr %42, %43 : tensor<32x16x!tt.ptr<i8>, #blocked>, tensor<32x16xi32, #blocked>
    %45 = tt.trans %35 {order = array<i32: 1, 0>} : tensor<16x32xi8, #blocked> -> tensor<32x16xi8, #blocked>
    %46 = tt.trans %24 {order = array<i32: 1, 0>} : tensor<16x32xi1, #blocked> -> tensor<32x16xi1, #blocked>
    tt.store %44, %45, %46 : tensor<32x16x!tt.ptr<i8>, #blocked>
    tt.return
  }
}
