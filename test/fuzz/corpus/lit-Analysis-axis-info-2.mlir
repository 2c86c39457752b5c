// A transposed access, b[k, n] at b + k + n * ldb: contiguous along dimension 0 instead.
tt.func public @transposed(%b: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %ldb: i32 {tt.divisibility = 16 : i32}) {
  %rk = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %rn = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %rk2 = tt.expand_dims %rk {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %rn2 = tt.expand_dims %rn {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %ldbs = tt.splat %ldb : i32 -> tensor<1x64xi32>
  %cols = arith.muli %rn2, %ldbs : tensor<1x64xi32>
  %rkb = tt.broadcast %rk2 : tensor<32x1xi32> -> tensor<32x64xi32>
  %colsb = tt.broadcast %cols : tensor<1x64xi32> -> tensor<32x64xi32>
  %offs = arith.addi %rkb, %colsb : tensor<32x64xi32>
  %bs = tt.splat %b : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>>
  %bp = tt.addptr %bs, %offs : tensor<32x64x!tt.ptr<f32>>, tensor<32x64xi32>
  tt.return
}
