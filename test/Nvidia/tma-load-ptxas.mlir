// REQUIRES: ptxas
// RUN: nereid-opt %s --pass-pipeline='builtin.module(nereid-nvidia-lower{target=cuda:90 num-warps=4})' -o %t.mlir
// RUN: FileCheck %s --check-prefix=LLVM < %t.mlir
// RUN: mlir-translate --mlir-to-llvmir %t.mlir | llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx84 -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin

// A descriptor made of parameters, loaded and stored on sm_90: the load copies its block with
// the tensor copy engine through a tensor map parameter passed by value (128 bytes, 64-byte
// aligned, read through its generic address), thread 0 starting the two 128-byte boxes of the
// 64 x 128 f16 block after a proxy fence and a barrier, every thread waiting on the mbarrier's
// phase 0; the store takes pointers.

// LLVM: llvm.func @copy({{.*}}, %arg4: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvidia.tensor_map = {base = "%0", box = [64, 64], element_bytes = 2 : i64, shape = ["%2", "%3"], strides = ["%3", 1], swizzle = 128 : i64}, nvvm.grid_constant})

// CHECK: .param .align 64 .b8 copy_param_4[128]
// CHECK: cvta.param.u64
// CHECK: mbarrier.init.shared::cta.b64 [{{.*}}], 1;
// CHECK: fence.proxy.async.shared::cta
// CHECK: bar.sync 0
// CHECK: mbarrier.arrive.expect_tx.shared::cta.b64 _, [{{.*}}], 16384;
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
// CHECK: mbarrier.try_wait.parity.shared::cta.b64
// CHECK: mbarrier.inval.shared::cta.b64
// CHECK: st.global
module {
  tt.func public @copy(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %m: i32, %k: i32 {tt.divisibility = 16 : i32}) {
    %c1 = arith.constant 1 : i64
    %ks = arith.extsi %k : i32 to i64
    %d = tt.make_tensor_descriptor %a, [%m, %k], [%ks, %c1] : !tt.ptr<f16>, !tt.tensordesc<tensor<64x128xf16>>
    %pid = tt.get_program_id x : i32
    %c64 = arith.constant 64 : i32
    %row = arith.muli %pid, %c64 : i32
    %c0 = arith.constant 0 : i32
    %t = tt.descriptor_load %d[%row, %c0] : !tt.tensordesc<tensor<64x128xf16>> -> tensor<64x128xf16>
    %o = tt.make_tensor_descriptor %out, [%m, %k], [%ks, %c1] : !tt.ptr<f16>, !tt.tensordesc<tensor<64x128xf16>>
    tt.descriptor_store %o[%row, %c0], %t : !tt.tensordesc<tensor<64x128xf16>>, tensor<64x128xf16>
    tt.return
  }
}
