// RUN: nereid-run %s --kernel=load_blocks --arg=f32:iota:12 --arg=f32:zeros:20 --print-args | FileCheck %s --check-prefix=LOAD
// RUN: nereid-run %s --kernel=store_block --arg=f32:zeros:12 --print-args | FileCheck %s --check-prefix=STORE

// tt.make_tensor_descriptor, tt.descriptor_load and tt.descriptor_store over the 3x4 matrix
// [[0,1,2,3],[4,5,6,7],[8,9,10,11]]. A block element outside the descriptor's shape reads as 0
// and is not written.

// Blocks of 2x2: at [1, 2]; at [2, 3] (three elements outside); at [-1, 0]; at [1, 0] of a
// descriptor of shape 2x4 (its row 2 is outside, though the buffer holds it); and at [0, 0] of a
// transposed view (shape 4x3, strides [1, 4]).
// LOAD: arg1: [6, 7, 10, 11, 11, 0, 0, 0, 0, 0, 0, 1, 4, 5, 0, 0, 0, 4, 1, 5]
tt.func public @load_blocks(%matrix: !tt.ptr<f32>, %out: !tt.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %cm1 = arith.constant -1 : i32
  %s1 = arith.constant 1 : i64
  %s4 = arith.constant 4 : i64
  %d = tt.make_tensor_descriptor %matrix, [%c3, %c4], [%s4, %s1] : !tt.ptr<f32>, !tt.tensordesc<tensor<2x2xf32>>
  %short = tt.make_tensor_descriptor %matrix, [%c2, %c4], [%s4, %s1] : !tt.ptr<f32>, !tt.tensordesc<tensor<2x2xf32>>
  %transposed = tt.make_tensor_descriptor %matrix, [%c4, %c3], [%s1, %s4] : !tt.ptr<f32>, !tt.tensordesc<tensor<2x2xf32>>
  %b0 = tt.descriptor_load %d[%c1, %c2] : !tt.tensordesc<tensor<2x2xf32>> -> tensor<2x2xf32>
  %b1 = tt.descriptor_load %d[%c2, %c3] : !tt.tensordesc<tensor<2x2xf32>> -> tensor<2x2xf32>
  %b2 = tt.descriptor_load %d[%cm1, %c0] : !tt.tensordesc<tensor<2x2xf32>> -> tensor<2x2xf32>
  %b3 = tt.descriptor_load %short[%c1, %c0] : !tt.tensordesc<tensor<2x2xf32>> -> tensor<2x2xf32>
  %b4 = tt.descriptor_load %transposed[%c0, %c0] : !tt.tensordesc<tensor<2x2xf32>> -> tensor<2x2xf32>
  %f0 = tt.reshape %b0 : tensor<2x2xf32> -> tensor<4xf32>
  %f1 = tt.reshape %b1 : tensor<2x2xf32> -> tensor<4xf32>
  %f2 = tt.reshape %b2 : tensor<2x2xf32> -> tensor<4xf32>
  %f3 = tt.reshape %b3 : tensor<2x2xf32> -> tensor<4xf32>
  %f4 = tt.reshape %b4 : tensor<2x2xf32> -> tensor<4xf32>
  %j01 = tt.cat %f0, %f1 : tensor<4xf32> -> tensor<8xf32>
  %j23 = tt.cat %f2, %f3 : tensor<4xf32> -> tensor<8xf32>
  %j03 = tt.cat %j01, %j23 : tensor<8xf32> -> tensor<16xf32>
  %r16 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %op = tt.addptr %os, %r16 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  tt.store %op, %j03 : tensor<16x!tt.ptr<f32>>
  %r4 = tt.make_range {end = 20 : i32, start = 16 : i32} : tensor<4xi32>
  %qs = tt.splat %out : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %qp = tt.addptr %qs, %r4 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %qp, %f4 : tensor<4x!tt.ptr<f32>>
  tt.return
}

// The block [[100, 101], [102, 103]] at [2, 3]: only 100 lands, at (2, 3).
// STORE: arg0: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 100]
tt.func public @store_block(%matrix: !tt.ptr<f32>) {
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %s1 = arith.constant 1 : i64
  %s4 = arith.constant 4 : i64
  %d = tt.make_tensor_descriptor %matrix, [%c3, %c4], [%s4, %s1] : !tt.ptr<f32>, !tt.tensordesc<tensor<2x2xf32>>
  %block = arith.constant dense<[[100.0, 101.0], [102.0, 103.0]]> : tensor<2x2xf32>
  tt.descriptor_store %d[%c2, %c3], %block : !tt.tensordesc<tensor<2x2xf32>>, tensor<2x2xf32>
  tt.return
}
