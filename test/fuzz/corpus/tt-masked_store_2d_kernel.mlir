module {
  tt.func public @masked_store_2d_kernel(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}) {
    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %1 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %2 = tt.expand_dims %0 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %3 = tt.splat %arg3 : i32 -> tensor<16x1xi32>
    %4 = arith.muli %2, %3 : tensor<16x1xi32>
    %5 = tt.expand_dims %1 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %6 = tt.broadcast %4 : tensor<16x1xi32> -> tensor<16x64xi32>
    %7 = tt.broadcast %5 : tensor<1x64xi32> -> tensor<16x64xi32>
    %8 = arith.addi %6, %7 : tensor<16x64xi32>
    %9 = tt.splat %arg1 : !tt.ptr<i8> -> tensor<16x64x!tt.ptr<i8>>
    %10 = tt.addptr %9, %8 : tensor<16x64x!tt.ptr<i8>>, tensor<16x64xi32>
    %11 = tt.load %10 : tensor<16x64x!tt.ptr<i8>>
    %c0_i8 = arith.constant 0 : i8
    %12 = tt.splat %c0_i8 : i8 -> tensor<16x64xi8>
    %13 = arith.cmpi ne, %11, %12 : tensor<16x64xi8>
    %14 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<16x64x!tt.ptr<f16>>
    %15 = tt.addptr %14, %8 : tensor<16x64x!tt.ptr<f16>>, tensor<16x64xi32>
    %16 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<16x64x!tt.ptr<f16>>
    %17 = tt.addptr %16, %8 : tensor<16x64x!tt.ptr<f16>>, tensor<16x64xi32>
    %18 = tt.load %17 : tensor<16x64x!tt.ptr<f16>>
    tt.store %15, %18, %13 : tensor<16x64x!tt.ptr<f16>>
    tt.return
  }
}
