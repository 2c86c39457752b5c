tt.func @splat_of_constant() -> tensor<8xf32> {
  %c = arith.constant 2.5 : f32
  %s = tt.splat %c : f32 -> tensor<8xf32>
  tt.return %s : tensor<8xf32>
}
