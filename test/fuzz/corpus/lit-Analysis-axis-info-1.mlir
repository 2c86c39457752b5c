// A 2-D pointer tile of a row-major matrix, a[m, k] at a + m * lda + k: contiguous along the
// fast dimension (1) only; along dimension 0 the rows are lda apart.
tt.func public @matmul_tile(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %lda: i32 {tt.divisibility = 16 : i32}) {
  %rm = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %rk = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %rm2 = tt.expand_dims %rm {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %ldas = tt.splat %lda : i32 -> tensor<64x1xi32>
  %rows = arith.muli %rm2, %ldas : tensor<64x1xi32>
  %rk2 = tt.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %rowsb = tt.broadcast %rows : tensor<64x1xi32> -> tensor<64x32xi32>
  %colsb = tt.broadcast %rk2 : tensor<1x32xi32> -> tensor<64x32xi32>
  %offs = arith.addi %rowsb, %colsb : tensor<64x32xi32>
  %as = tt.splat %a : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
  %ap = tt.addptr %as, %offs : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
  %v = tt.load %ap : tensor<64x32x!tt.ptr<f16>>
  tt.return
}
