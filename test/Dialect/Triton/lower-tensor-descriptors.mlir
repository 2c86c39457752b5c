// RUN: nereid-opt %s -split-input-file -verify-diagnostics --tt-lower-tensor-descriptors | FileCheck %s

// A descriptor's block is read through its element pointers, base + sum((index_d + i_d) *
// stride_d) in i64, masked to the elements inside the shape (the others read as zero); a store
// writes only those. The descriptor itself is gone.
// CHECK-LABEL: tt.func public @copy_block(
// CHECK-SAME: %[[X:[^:]*]]: !tt.ptr<f32>, %[[Y:[^:]*]]: !tt.ptr<f32>, %[[ROWS:[^:]*]]: i32, %[[COLS:[^:]*]]: i32, %[[STRIDE:[^:]*]]: i64, %[[M:[^:]*]]: i32
// CHECK-NOT: tt.make_tensor_descriptor
// CHECK: %[[ROW_RANGE:.*]] = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
// CHECK: %[[ROW_RANGE64:.*]] = arith.extsi %[[ROW_RANGE]] : tensor<4xi32> to tensor<4xi64>
// CHECK: %[[M64:.*]] = arith.extsi %[[M]] : i32 to i64
// CHECK: %[[ROW:.*]] = arith.addi %[[ROW_RANGE64]], %{{.*}} : tensor<4xi64>
// CHECK: %[[ROWS64:.*]] = arith.extsi %[[ROWS]] : i32 to i64
// CHECK: arith.cmpi sge, %[[ROW]]
// CHECK: arith.cmpi slt, %[[ROW]]
// CHECK: tt.expand_dims %{{.*}} {axis = 1 : i32} : tensor<4xi64> -> tensor<4x1xi64>
// CHECK: tt.broadcast %{{.*}} : tensor<4x1xi64> -> tensor<4x8xi64>
// CHECK: tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
// CHECK: tt.expand_dims %{{.*}} {axis = 0 : i32} : tensor<8xi64> -> tensor<1x8xi64>
// CHECK: %[[OFFSETS:.*]] = arith.addi %{{.*}}, %{{.*}} : tensor<4x8xi64>
// CHECK: %[[INSIDE:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<4x8xi1>
// CHECK: %[[BASE:.*]] = tt.splat %[[X]] : !tt.ptr<f32> -> tensor<4x8x!tt.ptr<f32>>
// CHECK: %[[POINTERS:.*]] = tt.addptr %[[BASE]], %[[OFFSETS]] : tensor<4x8x!tt.ptr<f32>>, tensor<4x8xi64>
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<4x8xf32>
// CHECK: %[[BLOCK:.*]] = tt.load %[[POINTERS]], %[[INSIDE]], %[[ZERO]] : tensor<4x8x!tt.ptr<f32>>
// CHECK: tt.store %{{.*}}, %[[BLOCK]], %{{.*}} : tensor<4x8x!tt.ptr<f32>>
tt.func public @copy_block(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %rows: i32, %cols: i32, %stride: i64, %m: i32) {
  %c1 = arith.constant 1 : i64
  %c0 = arith.constant 0 : i32
  %src = tt.make_tensor_descriptor %x, [%rows, %cols], [%stride, %c1] : !tt.ptr<f32>, !tt.tensordesc<tensor<4x8xf32>>
  %dst = tt.make_tensor_descriptor %y, [%rows, %cols], [%stride, %c1] : !tt.ptr<f32>, !tt.tensordesc<tensor<4x8xf32>>
  %block = tt.descriptor_load %src[%m, %c0] : !tt.tensordesc<tensor<4x8xf32>> -> tensor<4x8xf32>
  tt.descriptor_store %dst[%m, %c0], %block : !tt.tensordesc<tensor<4x8xf32>>, tensor<4x8xf32>
  tt.return
}

// -----

// A descriptor that the kernel does not make is an error that says where it comes from.
tt.func public @descriptor_parameter(%d: !tt.tensordesc<tensor<16xf32>>) -> tensor<16xf32> {
  %c0 = arith.constant 0 : i32
  // expected-error @+1 {{the CPU backend lowers the accesses of tensor descriptors made by tt.make_tensor_descriptor in the kernel; this one is a block argument (a kernel parameter or a value carried by a loop)}}
  %block = tt.descriptor_load %d[%c0] : !tt.tensordesc<tensor<16xf32>> -> tensor<16xf32>
  tt.return %block : tensor<16xf32>
}
