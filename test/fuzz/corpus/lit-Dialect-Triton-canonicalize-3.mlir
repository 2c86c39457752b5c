tt.func @chains(%x: tensor<1x1x8xf32>, %y: tensor<2x3x4xf32>, %z: tensor<16xf32>)
    -> (tensor<4x2x8xf32>, tensor<3x4x2xf32>, tensor<2x8xf32>, tensor<16xf32>) {
  %b1 = tt.broadcast %x : tensor<1x1x8xf32> -> tensor<1x2x8xf32>
  %b2 = tt.broadcast %b1 : tensor<1x2x8xf32> -> tensor<4x2x8xf32>
  // order [1, 2, 0] then [0, 1, 2] of that... composed: [1,0,2] after [2,0,1] = [0,2,1] of %y
  %t1 = tt.trans %y {order = array<i32: 2, 0, 1>} : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
  %t2 = tt.trans %t1 {order = array<i32: 2, 0, 1>} : tensor<4x2x3xf32> -> tensor<3x4x2xf32>
  %r1 = tt.reshape %z allow_reorder : tensor<16xf32> -> tensor<4x4xf32>
  %r2 = tt.reshape %r1 : tensor<4x4xf32> -> tensor<2x8xf32>
  // A trans and its inverse, and a reshape to the same type, vanish.
  %z2 = tt.reshape %z : tensor<16xf32> -> tensor<16xf32>
  %i1 = tt.reshape %z2 : tensor<16xf32> -> tensor<4x4xf32>
  %i2 = tt.trans %i1 {order = array<i32: 1, 0>} : tensor<4x4xf32> -> tensor<4x4xf32>
  %i3 = tt.trans %i2 {order = array<i32: 1, 0>} : tensor<4x4xf32> -> tensor<4x4xf32>
  %i4 = tt.reshape %i3 : tensor<4x4xf32> -> tensor<16xf32>
  tt.return %b2, %t2, %r2, %i4 : tensor<4x2x8xf32>, tensor<3x4x2xf32>, tensor<2x8xf32>, tensor<16xf32>
}
