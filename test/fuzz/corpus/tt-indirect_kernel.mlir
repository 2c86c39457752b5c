module {
  tt.func public @indirect_kernel(%arg0: !tt.ptr<i64> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i64> {tt.divisibility = 16 : i32}, %arg3: i32) {
    %0 = tt.get_program_id x : i32
    %c128_i32 = arith.constant 128 : i32
    %1 = arith.muli %0, %c128_i32 : i32
    %2 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %3 = tt.splat %1 : i32 -> tensor<128xi32>
    %4 = arith.addi %3, %2 : tensor<128xi32>
    %5 = tt.splat %arg3 : i32 -> tensor<128xi32>
    %6 = arith.cmpi slt, %4, %5 : tensor<128xi32>
    %7 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
    %8 = tt.addptr %7, %4 : tensor<128x!tt.ptr<i32>>, tensor<128xi32>
    %c0_i32 = arith.constant 0 : i32
    %9 = tt.splat %c0_i32 : i32 -> tensor<128xi32>
    %10 = tt.load %8, %6, %9 : tensor<128x!tt.ptr<i32>>
    %11 = tt.splat %arg0 : !tt.ptr<i64> -> tensor<128x!tt.ptr<i64>>
    %12 = tt.addptr %11, %10 : tensor<128x!tt.ptr<i64>>, tensor<128xi32>
    %13 = tt.load %12, %6 : tensor<128x!tt.ptr<i64>>
    %14 = tt.splat %arg2 : !tt.ptr<i64> -> tensor<128x!tt.ptr<i64>>
    %15 = tt.addptr %14, %10 : tensor<128x!tt.ptr<i64>>, tensor<128xi32>
    %c1_i64 = arith.constant 1 : i64
    %16 = tt.splat %c1_i64 : i64 -> tensor<128xi64>
    %17 = arith.addi %13, %16 : tensor<128xi64>
    tt.store %15, %17, %6 : tensor<128x!tt.ptr<i64>>
    tt.return
  }
}
