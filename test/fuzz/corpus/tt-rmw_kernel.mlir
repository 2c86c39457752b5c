module {
  tt.func public @rmw_kernel(%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
    %0 = tt.get_program_id x : i32
    %1 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %c16_i32 = arith.constant 16 : i32
    %2 = tt.splat %c16_i32 : i32 -> tensor<32xi32>
    %3 = arith.remsi %1, %2 : tensor<32xi32>
    %4 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>>
    %5 = tt.addptr %4, %3 : tensor<32x!tt.ptr<i32>>, tensor<32xi32>
    %c32_i32 = arith.constant 32 : i32
    %6 = arith.muli %0, %c32_i32 : i32
    %7 = tt.addptr %arg0, %6 : !tt.ptr<i32>, i32
    %8 = tt.splat %7 : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>>
    %9 = tt.addptr %8, %1 : tensor<32x!tt.ptr<i32>>, tensor<32xi32>
    %10 = tt.load %9 : tensor<32x!tt.ptr<i32>>
    %c3_i32 = arith.constant 3 : i32
    %11 = arith.remsi %0, %c3_i32 : i32
    %c2_i32 = arith.constant 2 : i32
    %12 = arith.cmpi ne, %11, %c2_i32 : i32
    %c2_i32_0 = arith.constant 2 : i32
    %13 = tt.splat %c2_i32_0 : i32 -> tensor<32xi32>
    %14 = arith.remsi %1, %13 : tensor<32xi32>
    %c0_i32 = arith.constant 0 : i32
    %15 = tt.splat %c0_i32 : i32 -> tensor<32xi32>
    %16 = arith.cmpi eq, %14, %15 : tensor<32xi32>
    %17 = tt.splat %12 : i1 -> tensor<32xi1>
    %18 = arith.ori %17, %16 : tensor<32xi1>
    %19 = tt.atomic_rmw xor, acq_rel, gpu, %5, %10, %18 : tensor<32x!tt.ptr<i32>>
    %c32_i32_1 = arith.constant 32 : i32
    %20 = arith.muli %0, %c32_i32_1 : i32
    %21 = tt.addptr %arg2, %20 : !tt.ptr<i32>, i32
    %22 = tt.splat %21 : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>>
    %23 = tt.addptr %22, %1 : tensor<32x!tt.ptr<i32>>, tensor<32xi32>
    tt.store %23, %19, %18 : tensor<32x!tt.ptr<i32>>
    tt.return
  }
}
