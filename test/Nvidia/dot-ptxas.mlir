// REQUIRES: ptxas
// RUN: nereid-opt %s --pass-pipeline='builtin.module(nereid-nvidia-lower{target=cuda:90 num-warps=4})' | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 -o %t.ptx
// RUN: FileCheck %s --check-prefixes=CHECK,SM90 < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
// RUN: nereid-opt %s --pass-pipeline='builtin.module(nereid-nvidia-lower{target=cuda:80 num-warps=4})' | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -mattr=+ptx80 -o %t80.ptx
// RUN: FileCheck %s --check-prefixes=CHECK,SM80 < %t80.ptx
// RUN: %ptxas -arch=sm_80 %t80.ptx -o %t80.cubin

// Three kernels of d = a @ b + c loaded from global memory, from tt IR to a cubin for sm_90a
// and sm_80 with 4 warps: f16 64 x 32 x 32 (sm_80: warps 2 x 2, each 2 x 2 tiles of 16 x 8
// and 2 steps of 16 along K: 8 mma.sync; sm_90: one warpgroup, 2 wgmma m64n32k16 between a
// fence and one wait, its operands written to shared memory behind a proxy fence), bf16
// 32 x 64 x 16 (warps 1 x 4, 2 x 2 tiles, one step: 4; M is below a warpgroup's 64 rows) and
// f32 in tf32 32 x 32 x 32 (warps 2 x 2, 1 x 2 tiles, 4 steps of 8: 8, after cvt.rna.tf32.f32).

// CHECK-LABEL: .visible .entry k_f16(
// SM80-COUNT-8: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// SM90: fence.proxy.async.shared::cta
// SM90: bar.sync 0
// SM90: wgmma.fence.sync.aligned
// SM90-COUNT-2: wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16
// SM90: wgmma.commit_group.sync.aligned
// SM90: wgmma.wait_group.sync.aligned 0
// CHECK-NOT: mma.sync
// CHECK-LABEL: .visible .entry k_bf16(
// CHECK-COUNT-4: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// CHECK-NOT: mma.sync
// CHECK-LABEL: .visible .entry k_tf32(
// CHECK: cvt.rna.tf32.f32
// CHECK-COUNT-8: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// CHECK-NOT: mma.sync
module {
  tt.func public @k_f16(%a: !tt.ptr<f16>, %b: !tt.ptr<f16>, %c: !tt.ptr<f32>, %d: !tt.ptr<f32>) {
    %arr = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %arc = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %ar0 = tt.expand_dims %arr {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %ar1 = tt.expand_dims %arc {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %as = arith.constant dense<32> : tensor<64x1xi32>
    %arm = arith.muli %ar0, %as : tensor<64x1xi32>
    %arb = tt.broadcast %arm : tensor<64x1xi32> -> tensor<64x32xi32>
    %acb = tt.broadcast %ar1 : tensor<1x32xi32> -> tensor<64x32xi32>
    %aoff = arith.addi %arb, %acb : tensor<64x32xi32>
    %asp = tt.splat %a : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
    %pa = tt.addptr %asp, %aoff : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
    %brr = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %brc = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %br0 = tt.expand_dims %brr {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %br1 = tt.expand_dims %brc {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %bs = arith.constant dense<32> : tensor<32x1xi32>
    %brm = arith.muli %br0, %bs : tensor<32x1xi32>
    %brb = tt.broadcast %brm : tensor<32x1xi32> -> tensor<32x32xi32>
    %bcb = tt.broadcast %br1 : tensor<1x32xi32> -> tensor<32x32xi32>
    %boff = arith.addi %brb, %bcb : tensor<32x32xi32>
    %bsp = tt.splat %b : !tt.ptr<f16> -> tensor<32x32x!tt.ptr<f16>>
    %pb = tt.addptr %bsp, %boff : tensor<32x32x!tt.ptr<f16>>, tensor<32x32xi32>
    %crr = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %crc = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %cr0 = tt.expand_dims %crr {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %cr1 = tt.expand_dims %crc {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %cs = arith.constant dense<32> : tensor<64x1xi32>
    %crm = arith.muli %cr0, %cs : tensor<64x1xi32>
    %crb = tt.broadcast %crm : tensor<64x1xi32> -> tensor<64x32xi32>
    %ccb = tt.broadcast %cr1 : tensor<1x32xi32> -> tensor<64x32xi32>
    %coff = arith.addi %crb, %ccb : tensor<64x32xi32>
    %csp = tt.splat %c : !tt.ptr<f32> -> tensor<64x32x!tt.ptr<f32>>
    %pc = tt.addptr %csp, %coff : tensor<64x32x!tt.ptr<f32>>, tensor<64x32xi32>
    %drr = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %drc = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %dr0 = tt.expand_dims %drr {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %dr1 = tt.expand_dims %drc {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %ds = arith.constant dense<32> : tensor<64x1xi32>
    %drm = arith.muli %dr0, %ds : tensor<64x1xi32>
    %drb = tt.broadcast %drm : tensor<64x1xi32> -> tensor<64x32xi32>
    %dcb = tt.broadcast %dr1 : tensor<1x32xi32> -> tensor<64x32xi32>
    %doff = arith.addi %drb, %dcb : tensor<64x32xi32>
    %dsp = tt.splat %d : !tt.ptr<f32> -> tensor<64x32x!tt.ptr<f32>>
    %pd = tt.addptr %dsp, %doff : tensor<64x32x!tt.ptr<f32>>, tensor<64x32xi32>
    %va = tt.load %pa : tensor<64x32x!tt.ptr<f16>>
    %vb = tt.load %pb : tensor<32x32x!tt.ptr<f16>>
    %vc = tt.load %pc : tensor<64x32x!tt.ptr<f32>>
    %r = tt.dot %va, %vb, %vc : tensor<64x32xf16> * tensor<32x32xf16> -> tensor<64x32xf32>
    tt.store %pd, %r : tensor<64x32x!tt.ptr<f32>>
    tt.return
  }
  tt.func public @k_bf16(%a: !tt.ptr<bf16>, %b: !tt.ptr<bf16>, %c: !tt.ptr<f32>, %d: !tt.ptr<f32>) {
    %arr = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %arc = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %ar0 = tt.expand_dims %arr {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %ar1 = tt.expand_dims %arc {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %as = arith.constant dense<16> : tensor<32x1xi32>
    %arm = arith.muli %ar0, %as : tensor<32x1xi32>
    %arb = tt.broadcast %arm : tensor<32x1xi32> -> tensor<32x16xi32>
    %acb = tt.broadcast %ar1 : tensor<1x16xi32> -> tensor<32x16xi32>
    %aoff = arith.addi %arb, %acb : tensor<32x16xi32>
    %asp = tt.splat %a : !tt.ptr<bf16> -> tensor<32x16x!tt.ptr<bf16>>
    %pa = tt.addptr %asp, %aoff : tensor<32x16x!tt.ptr<bf16>>, tensor<32x16xi32>
    %brr = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %brc = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %br0 = tt.expand_dims %brr {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %br1 = tt.expand_dims %brc {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %bs = arith.constant dense<64> : tensor<16x1xi32>
    %brm = arith.muli %br0, %bs : tensor<16x1xi32>
    %brb = tt.broadcast %brm : tensor<16x1xi32> -> tensor<16x64xi32>
    %bcb = tt.broadcast %br1 : tensor<1x64xi32> -> tensor<16x64xi32>
    %boff = arith.addi %brb, %bcb : tensor<16x64xi32>
    %bsp = tt.splat %b : !tt.ptr<bf16> -> tensor<16x64x!tt.ptr<bf16>>
    %pb = tt.addptr %bsp, %boff : tensor<16x64x!tt.ptr<bf16>>, tensor<16x64xi32>
    %crr = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %crc = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %cr0 = tt.expand_dims %crr {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %cr1 = tt.expand_dims %crc {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %cs = arith.constant dense<64> : tensor<32x1xi32>
    %crm = arith.muli %cr0, %cs : tensor<32x1xi32>
    %crb = tt.broadcast %crm : tensor<32x1xi32> -> tensor<32x64xi32>
    %ccb = tt.broadcast %cr1 : tensor<1x64xi32> -> tensor<32x64xi32>
    %coff = arith.addi %crb, %ccb : tensor<32x64xi32>
    %csp = tt.splat %c : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>>
    %pc = tt.addptr %csp, %coff : tensor<32x64x!tt.ptr<f32>>, tensor<32x64xi32>
    %drr = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %drc = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %dr0 = tt.expand_dims %drr {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %dr1 = tt.expand_dims %drc {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %ds = arith.constant dense<64> : tensor<32x1xi32>
    %drm = arith.muli %dr0, %ds : tensor<32x1xi32>
    %drb = tt.broadcast %drm : tensor<32x1xi32> -> tensor<32x64xi32>
    %dcb = tt.broadcast %dr1 : tensor<1x64xi32> -> tensor<32x64xi32>
    %doff = arith.addi %drb, %dcb : tensor<32x64xi32>
    %dsp = tt.splat %d : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>>
    %pd = tt.addptr %dsp, %doff : tensor<32x64x!tt.ptr<f32>>, tensor<32x64xi32>
    %va = tt.load %pa : tensor<32x16x!tt.ptr<bf16>>
    %vb = tt.load %pb : tensor<16x64x!tt.ptr<bf16>>
    %vc = tt.load %pc : tensor<32x64x!tt.ptr<f32>>
    %r = tt.dot %va, %vb, %vc : tensor<32x16xbf16> * tensor<16x64xbf16> -> tensor<32x64xf32>
    tt.store %pd, %r : tensor<32x64x!tt.ptr<f32>>
    tt.return
  }
  tt.func public @k_tf32(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %c: !tt.ptr<f32>, %d: !tt.ptr<f32>) {
    %arr = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %arc = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %ar0 = tt.expand_dims %arr {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %ar1 = tt.expand_dims %arc {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %as = arith.constant dense<32> : tensor<32x1xi32>
    %arm = arith.muli %ar0, %as : tensor<32x1xi32>
    %arb = tt.broadcast %arm : tensor<32x1xi32> -> tensor<32x32xi32>
    %acb = tt.broadcast %ar1 : tensor<1x32xi32> -> tensor<32x32xi32>
    %aoff = arith.addi %arb, %acb : tensor<32x32xi32>
    %asp = tt.splat %a : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>>
    %pa = tt.addptr %asp, %aoff : tensor<32x32x!tt.ptr<f32>>, tensor<32x32xi32>
    %brr = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %brc = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %br0 = tt.expand_dims %brr {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %br1 = tt.expand_dims %brc {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %bs = arith.constant dense<32> : tensor<32x1xi32>
    %brm = arith.muli %br0, %bs : tensor<32x1xi32>
    %brb = tt.broadcast %brm : tensor<32x1xi32> -> tensor<32x32xi32>
    %bcb = tt.broadcast %br1 : tensor<1x32xi32> -> tensor<32x32xi32>
    %boff = arith.addi %brb, %bcb : tensor<32x32xi32>
    %bsp = tt.splat %b : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>>
    %pb = tt.addptr %bsp, %boff : tensor<32x32x!tt.ptr<f32>>, tensor<32x32xi32>
    %crr = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %crc = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %cr0 = tt.expand_dims %crr {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %cr1 = tt.expand_dims %crc {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %cs = arith.constant dense<32> : tensor<32x1xi32>
    %crm = arith.muli %cr0, %cs : tensor<32x1xi32>
    %crb = tt.broadcast %crm : tensor<32x1xi32> -> tensor<32x32xi32>
    %ccb = tt.broadcast %cr1 : tensor<1x32xi32> -> tensor<32x32xi32>
    %coff = arith.addi %crb, %ccb : tensor<32x32xi32>
    %csp = tt.splat %c : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>>
    %pc = tt.addptr %csp, %coff : tensor<32x32x!tt.ptr<f32>>, tensor<32x32xi32>
    %drr = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %drc = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %dr0 = tt.expand_dims %drr {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %dr1 = tt.expand_dims %drc {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %ds = arith.constant dense<32> : tensor<32x1xi32>
    %drm = arith.muli %dr0, %ds : tensor<32x1xi32>
    %drb = tt.broadcast %drm : tensor<32x1xi32> -> tensor<32x32xi32>
    %dcb = tt.broadcast %dr1 : tensor<1x32xi32> -> tensor<32x32xi32>
    %doff = arith.addi %drb, %dcb : tensor<32x32xi32>
    %dsp = tt.splat %d : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>>
    %pd = tt.addptr %dsp, %doff : tensor<32x32x!tt.ptr<f32>>, tensor<32x32xi32>
    %va = tt.load %pa : tensor<32x32x!tt.ptr<f32>>
    %vb = tt.load %pb : tensor<32x32x!tt.ptr<f32>>
    %vc = tt.load %pc : tensor<32x32x!tt.ptr<f32>>
    %r = tt.dot %va, %vb, %vc, inputPrecision = tf32 : tensor<32x32xf32> * tensor<32x32xf32> -> tensor<32x32xf32>
    tt.store %pd, %r : tensor<32x32x!tt.ptr<f32>>
    tt.return
  }
}
