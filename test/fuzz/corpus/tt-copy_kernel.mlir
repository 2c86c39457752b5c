module {
  tt.func public @copy_kernel(%arg0: !tt.ptr<f64> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f64> {tt.divisibility = 16 : i32}, %arg2: i32 {tt.divisibility = 16 : i32}) {
    %0 = tt.get_program_id x : i32
    %c256_i32 = arith.constant 256 : i32
    %1 = arith.muli %0, %c256_i32 : i32
    %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %3 = tt.splat %1 : i32 -> tensor<256xi32>
    %4 = arith.addi %3, %2 : tensor<256xi32>
    %5 = tt.splat %arg2 : i32 -> tensor<256xi32>
    %6 = arith.cmpi slt, %4, %5 : tensor<256xi32>
    %7 = tt.splat %arg0 : !tt.ptr<f64> -> tensor<256x!tt.ptr<f64>>
    %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<f64>>, tensor<256xi32>
    %cst = arith.constant 7.000000e+00 : f64
    %9 = tt.splat %cst : f64 -> tensor<256xf64>
    %10 = tt.load %8, %6, %9 : tensor<256x!tt.ptr<f64>>
    %11 = tt.splat %arg1 : !tt.ptr<f64> -> tensor<256x!tt.ptr<f64>>
    %12 = tt.addptr %11, %4 : tensor<256x!tt.ptr<f64>>, tensor<256xi32>
    tt.store %12, %10 : tensor<256x!tt.ptr<f64>>
    tt.return
  }
}
