module {
  tt.func public @descriptor_window_kernel(%arg0: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg3: i32, %arg4: i32, %arg5: i32, %arg6: i32, %arg7: i32, %arg8: i32 {tt.divisibility = 16 : i32}) {
    %0 = arith.extsi %arg5 : i32 to i64
    %1 = arith.extsi %arg6 : i32 to i64
    %2 = tt.make_tensor_descriptor %arg0, [%arg3, %arg4], [%0, %1] : !tt.ptr<i8>, !tt.tensordesc<tensor<16x32xi8>>
    %3 = arith.extsi %arg4 : i32 to i64
    %c1_i64 = arith.constant 1 : i64
    %4 = tt.make_tensor_descriptor %arg2, [%arg3, %arg4], [%3, %c1_i64] : !tt.ptr<i8>, !tt.tensordesc<tensor<16x32xi8>>
    %5 = tt.descriptor_load %2[%arg7, %arg8] : !tt.tensordesc<tensor<16x32xi8>> -> tensor<16x32xi8>
    %6 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %7 = tt.expand_dims %6 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %c32_i32 = arith.constant 32 : i32
    %8 = tt.splat %c32_i32 : i32 -> tensor<16x1xi32>
    %9 = arith.muli %7, %8 : tensor<16x1xi32>
    %10 = tt.splat %arg1 : !tt.ptr<i8> -> tensor<16x1x!tt.ptr<i8>>
    %11 = tt.addptr %10, %9 : tensor<16x1x!tt.ptr<i8>>, tensor<16x1xi32>
    %12 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %13 = tt.expand_dims %12 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %14 = tt.broadcast %11 : tensor<16x1x!tt.ptr<i8>> -> tensor<16x32x!tt.ptr<i8>>
    %15 = tt.broadcast %13 : tensor<1x32xi32> -> tensor<16x32xi32>
    %16 = tt.addptr %14, %15 : tensor<16x32x!tt.ptr<i8>>, tensor<16x32xi32>
    tt.store %16, %5 : tensor<16x32x!tt.ptr<i8>>
    %c1_i8 = arith.constant 1 : i8
    %17 = tt.splat %c1_i8 : i8 -> tensor<16x32xi8>
    %18 = arith.addi %5, %17 : tensor<16x32xi8>
    tt.descriptor_store %4[%arg7, %arg8], %18 : !tt.tensordesc<tensor<16x32xi8>>, tensor<16x32xi8>
    tt.return
  }
}
