module {
  tt.func public @descriptor_kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: i32, %arg3: i32 {tt.divisibility = 16 : i32}) {
    %0 = arith.extsi %arg3 : i32 to i64
    %c1_i64 = arith.constant 1 : i64
    %1 = tt.make_tensor_descriptor %arg0, [%arg2, %arg3], [%0, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<tensor<16x32xf32>>
    %2 = arith.extsi %arg3 : i32 to i64
    %c1_i64_0 = arith.constant 1 : i64
    %3 = tt.make_tensor_descriptor %arg1, [%arg2, %arg3], [%2, %c1_i64_0] : !tt.ptr<f32>, !tt.tensordesc<tensor<16x32xf32>>
    %4 = tt.get_program_id x : i32
    %c16_i32 = arith.constant 16 : i32
    %5 = arith.muli %4, %c16_i32 : i32
    %c0_i32 = arith.constant 0 : i32
    %c32_i32 = arith.constant 32 : i32
    scf.for %arg4 = %c0_i32 to %arg3 step %c32_i32  : i32 {
      %6 = tt.descriptor_load %1[%5, %arg4] : !tt.tensordesc<tensor<16x32xf32>> -> tensor<16x32xf32>
      %cst = arith.constant 1.000000e+00 : f32
      %7 = tt.splat %cst : f32 -> tensor<16x32xf32>
      %8 = arith.addf %6, %7 : tensor<16x32xf32>
      tt.descriptor_store %3[%5, %arg4], %8 : !tt.tensordesc<tensor<16x32xf32>>, tensor<16x32xf32>
    }
    tt.return
  }
}
