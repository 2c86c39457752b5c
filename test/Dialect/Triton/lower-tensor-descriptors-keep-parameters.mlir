// RUN: nereid-opt %s --tt-lower-tensor-descriptors=keep-parameters=true | FileCheck %s

// With keep-parameters (a backend whose copy engine takes them: the NVIDIA backend's tensor
// maps), the accesses of a descriptor that is a kernel parameter stay for the backend; those
// of a descriptor the kernel makes still take pointers.
// CHECK-LABEL: tt.func public @both
// CHECK: tt.descriptor_load %arg0[
// CHECK-NOT: tt.descriptor_load
// CHECK: tt.load
tt.func public @both(%d: !tt.tensordesc<tensor<16xf32>>, %base: !tt.ptr<f32>) -> tensor<16xf32> {
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  %c1 = arith.constant 1 : i64
  %block = tt.descriptor_load %d[%c0] : !tt.tensordesc<tensor<16xf32>> -> tensor<16xf32>
  %made = tt.make_tensor_descriptor %base, [%c16], [%c1] : !tt.ptr<f32>, !tt.tensordesc<tensor<16xf32>>
  %other = tt.descriptor_load %made[%c0] : !tt.tensordesc<tensor<16xf32>> -> tensor<16xf32>
  %sum = arith.addf %block, %other : tensor<16xf32>
  tt.return %sum : tensor<16xf32>
}
