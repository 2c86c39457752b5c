tt.func @shape_ops_of_constant_splats() -> (tensor<4x8xi32>, tensor<1x8xi32>, tensor<2x4xi32>, tensor<8x4xi32>) {
  %c = arith.constant dense<7> : tensor<1x8xi32>
  %b = tt.broadcast %c : tensor<1x8xi32> -> tensor<4x8xi32>
  %v = arith.constant dense<7> : tensor<8xi32>
  %e = tt.expand_dims %v {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
  %r = tt.reshape %v : tensor<8xi32> -> tensor<2x4xi32>
  %t = tt.trans %b {order = array<i32: 1, 0>} : tensor<4x8xi32> -> tensor<8x4xi32>
  tt.return %b, %e, %r, %t : tensor<4x8xi32>, tensor<1x8xi32>, tensor<2x4xi32>, tensor<8x4xi32>
}
