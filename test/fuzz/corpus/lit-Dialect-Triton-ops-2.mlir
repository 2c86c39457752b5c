tt.func @shapes(%v: tensor<128xf32>, %m: tensor<1x64xf32>, %i: tensor<4x8xi32>, %h: tensor<64xi32>,
                %mask: tensor<64xi1>) {
  %e = tt.expand_dims %v {axis = 0 : i32} : tensor<128xf32> -> tensor<1x128xf32>
  %b = tt.broadcast %m : tensor<1x64xf32> -> tensor<32x64xf32>
  %r = tt.reshape %v : tensor<128xf32> -> tensor<8x16xf32>
  %r2 = tt.reshape %v allow_reorder : tensor<128xf32> -> tensor<16x8xf32>
  %t = tt.trans %r {order = array<i32: 1, 0>} : tensor<8x16xf32> -> tensor<16x8xf32>
  %c = tt.cat %v, %v : tensor<128xf32> -> tensor<256xf32>
  %j = tt.join %v, %v : tensor<128xf32> -> tensor<128x2xf32>
  %lo, %hi = tt.split %j : tensor<128x2xf32> -> tensor<128xf32>
  %idx = tt.reshape %i : tensor<4x8xi32> -> tensor<8x4xi32>
  %g = tt.gather %r[%idx] {axis = 1 : i32} : (tensor<8x16xf32>, tensor<8x4xi32>) -> tensor<8x4xf32>
  %hist = tt.histogram %h : tensor<64xi32> -> tensor<16xi32>
  %hist2 = tt.histogram %h, %mask : tensor<64xi32> -> tensor<8xi32>
  tt.return
}
