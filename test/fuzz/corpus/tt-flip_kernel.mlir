module {
  tt.func public @flip_kernel(%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
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
    %21 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %c15_i32 = arith.constant 15 : i32
    %22 = tt.splat %c15_i32 : i32 -> tensor<16xi32>
    %23 = arith.subi %22, %21 : tensor<16xi32>
    %24 = tt.expand_dims %23 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %25 = tt.broadcast %24 : tensor<1x16xi32> -> tensor<4x16xi32>
    %26 = tt.gather %11[%25] {axis = 1 : i32} : (tensor<4x16xi32>, tensor<4x16xi32>) -> tensor<4x16xi32>
    tt.store %20, %26 : tensor<4x16x!tt.ptr<i32>>
    tt.return
  }
}
