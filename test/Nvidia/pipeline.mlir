// RUN: nereid-opt %s --pass-pipeline='builtin.module(nereid-nvidia-lower{target=cuda:90 num-warps=4})' | FileCheck %s --check-prefix=LLVM
// RUN: nereid-opt %s --pass-pipeline='builtin.module(nereid-nvidia-lower{target=cuda:90 num-warps=4})' | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 | FileCheck %s --check-prefix=PTX

// Triton's vector-add tutorial from tt IR to PTX. nereid-nvidia-lower leaves only the LLVM and
// NVVM dialects, and LLVM's NVPTX code generator makes a kernel entry of it that reads the
// block index and scales offsets by the 4 bytes of an f32 (the ptxas test beside this one
// assembles the same PTX).

// LLVM: llvm.func @add_kernel(%{{.*}}: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>, %{{.*}}: i32) attributes {nvvm.kernel, nvvm.reqntid = array<i32: 128, 1, 1>}
// LLVM-NOT: tt.
// LLVM-NOT: ttg.
// LLVM-NOT: arith.

// PTX: .visible .entry add_kernel(
// PTX: .reqntid 128, 1, 1
// PTX: mov.u32 {{.*}}, %ctaid.x;
// PTX: mul.wide.s32 {{.*}}, 4;
// PTX: ld.global
// PTX: add.rn.f32
// PTX: st.global
module {
  tt.func public @add_kernel(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) {
    %c1024 = arith.constant 1024 : i32
    %pid = tt.get_program_id x : i32
    %start = arith.muli %pid, %c1024 : i32
    %range = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %s = tt.splat %start : i32 -> tensor<1024xi32>
    %offs = arith.addi %s, %range : tensor<1024xi32>
    %ns = tt.splat %n : i32 -> tensor<1024xi32>
    %mask = arith.cmpi slt, %offs, %ns : tensor<1024xi32>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %xp = tt.addptr %xs, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %ys = tt.splat %y : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %yp = tt.addptr %ys, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %a = tt.load %xp, %mask : tensor<1024x!tt.ptr<f32>>
    %b = tt.load %yp, %mask : tensor<1024x!tt.ptr<f32>>
    %c = arith.addf %a, %b : tensor<1024xf32>
    %os = tt.splat %out : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %op = tt.addptr %os, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    tt.store %op, %c, %mask : tensor<1024x!tt.ptr<f32>>
    tt.return
  }
}
