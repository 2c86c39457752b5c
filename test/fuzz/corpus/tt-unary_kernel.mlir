module {
  tt.func public @unary_kernel(%arg0: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %arg2: i32) {
    %0 = tt.get_program_id x : i32
    %c256_i32 = arith.constant 256 : i32
    %1 = arith.muli %0, %c256_i32 : i32
    %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %3 = tt.splat %1 : i32 -> tensor<256xi32>
    %4 = arith.addi %3, %2 : tensor<256xi32>
    %5 = tt.splat %arg2 : i32 -> tensor<256xi32>
    %6 = arith.cmpi slt, %4, %5 : tensor<256xi32>
    %7 = tt.splat %arg0 : !tt.ptr<bf16> -> tensor<256x!tt.ptr<bf16>>
    %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<bf16>>, tensor<256xi32>
    %9 = tt.load %8, %6 : tensor<256x!tt.ptr<bf16>>
    %10 = math.sqrt %9 : tensor<256xbf16>
    %11 = tt.splat %arg1 : !tt.ptr<bf16> -> tensor<256x!tt.ptr<bf16>>
    %12 = tt.addptr %11, %4 : tensor<256x!tt.ptr<bf16>>, tensor<256xi32>
    tt.store %12, %10, %6 : tensor<256x!tt.ptr<bf16>>
    tt.return
  }
}
