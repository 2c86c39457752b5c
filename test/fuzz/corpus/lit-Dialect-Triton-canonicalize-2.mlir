// Shape ops of a splat of a runtime value are splats.
tt.func @shape_ops_of_splats(%x: f32) -> (tensor<4x8xf32>, tensor<1x8xf32>, tensor<2x4xf32>, tensor<8x1xf32>) {
  %s1 = tt.splat %x : f32 -> tensor<1x8xf32>
  %b = tt.broadcast %s1 : tensor<1x8xf32> -> tensor<4x8xf32>
  %s = tt.splat %x : f32 -> tensor<8xf32>
  %e = tt.expand_dims %s {axis = 0 : i32} : tensor<8xf32> -> tensor<1x8xf32>
  %r = tt.reshape %s : tensor<8xf32> -> tensor<2x4xf32>
  %t = tt.trans %s1 {order = array<i32: 1, 0>} : tensor<1x8xf32> -> tensor<8x1xf32>
  tt.return %b, %e, %r, %t : tensor<4x8xf32>, tensor<1x8xf32>, tensor<2x4xf32>, tensor<8x1xf32>
}
