module {
  tt.func public @bool_kernel(%arg0: !tt.ptr<i1> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i1> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i1> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i1> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg5: i32) {
    %0 = tt.get_program_id x : i32
    %c64_i32 = arith.constant 64 : i32
    %1 = arith.muli %0, %c64_i32 : i32
    %2 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %3 = tt.splat %1 : i32 -> tensor<64xi32>
    %4 = arith.addi %3, %2 : tensor<64xi32>
    %5 = tt.splat %arg5 : i32 -> tensor<64xi32>
    %6 = arith.cmpi slt, %4, %5 : tensor<64xi32>
    %7 = tt.splat %arg0 : !tt.ptr<i1> -> tensor<64x!tt.ptr<i1>>
    %8 = tt.addptr %7, %4 : tensor<64x!tt.ptr<i1>>, tensor<64xi32>
    %9 = tt.bitcast %8 : tensor<64x!tt.ptr<i1>> -> tensor<64x!tt.ptr<i8>>
    %c0_i8 = arith.constant 0 : i8
    %10 = tt.splat %c0_i8 : i8 -> tensor<64xi8>
    %11 = tt.load %9, %6, %10 : tensor<64x!tt.ptr<i8>>
    %c0_i8_0 = arith.constant 0 : i8
    %12 = tt.splat %c0_i8_0 : i8 -> tensor<64xi8>
    %13 = arith.cmpi ne, %11, %12 : tensor<64xi8>
    %14 = tt.splat %arg1 : !tt.ptr<i1> -> tensor<64x!tt.ptr<i1>>
    %15 = tt.addptr %14, %4 : tensor<64x!tt.ptr<i1>>, tensor<64xi32>
    %16 = tt.bitcast %15 : tensor<64x!tt.ptr<i1>> -> tensor<64x!tt.ptr<i8>>
    %c1_i8 = arith.constant 1 : i8
    %17 = tt.splat %c1_i8 : i8 -> tensor<64xi8>
    %18 = tt.load %16, %6, %17 : tensor<64x!tt.ptr<i8>>
    %c0_i8_1 = arith.constant 0 : i8
    %19 = tt.splat %c0_i8_1 : i8 -> tensor<64xi8>
    %20 = arith.cmpi ne, %18, %19 : tensor<64xi8>
    %21 = tt.splat %arg2 : !tt.ptr<i1> -> tensor<64x!tt.ptr<i1>>
    %22 = tt.addptr %21, %4 : tensor<64x!tt.ptr<i1>>, tensor<64xi32>
    %23 = arith.andi %13, %20 : tensor<64xi1>
    %24 = tt.bitcast %22 : tensor<64x!tt.ptr<i1>> -> tensor<64x!tt.ptr<i8>>
    %25 = arith.extui %23 : tensor<64xi1> to tensor<64xi8>
    tt.store %24, %25, %6 : tensor<64x!tt.ptr<i8>>
    %26 = tt.splat %arg3 : !tt.ptr<i1> -> tensor<64x!tt.ptr<i1>>
    %27 = tt.addptr %26, %4 : tensor<64x!tt.ptr<i1>>, tensor<64xi32>
    %28 = arith.xori %13, %20 : tensor<64xi1>
    %29 = tt.bitcast %27 : tensor<64x!tt.ptr<i1>> -> tensor<64x!tt.ptr<i8>>
    %30 = arith.extui %28 : tensor<64xi1> to tensor<64xi8>
    tt.store %29, %30, %6 : tensor<64x!tt.ptr<i8>>
    %31 = tt.splat %arg4 : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
    %32 = tt.addptr %31, %4 : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
    %c0_i32 = arith.constant 0 : i32
    %33 = tt.splat %c0_i32 : i32 -> tensor<64xi32>
    %34 = arith.subi %33, %4 : tensor<64xi32>
    %35 = arith.select %13, %4, %34 : tensor<64xi1>, tensor<64xi32>
    %36 = arith.andi %6, %20 : tensor<64xi1>
    tt.store %32, %35, %36 : tensor<64x!tt.ptr<i32>>
    tt.return
  }
}
