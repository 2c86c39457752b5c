tt.func @descriptors(%base: !tt.ptr<f16>, %m: i32, %n: i32, %stride: i64, %tile: tensor<64x32xf16>) {
  %one = arith.constant 1 : i64
  %c0 = arith.constant 0 : i32
  %d = tt.make_tensor_descriptor %base, [%m, %n], [%stride, %one] : !tt.ptr<f16>, !tt.tensordesc<tensor<64x32xf16>>
  %t = tt.descriptor_load %d[%c0, %c0] : !tt.tensordesc<tensor<64x32xf16>> -> tensor<64x32xf16>
  %t2 = tt.descriptor_load %d[%c0, %c0] cacheModifier = ca : !tt.tensordesc<tensor<64x32xf16>> -> tensor<64x32xf16>
  tt.descriptor_store %d[%c0, %c0], %tile : !tt.tensordesc<tensor<64x32xf16>>, tensor<64x32xf16>
  tt.return
}
