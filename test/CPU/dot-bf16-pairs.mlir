// RUN: nereid-opt %s -split-input-file --cpu-load-dot-operands-by-rows=bf16-dot-pairs=true --cpu-convert-to-vector=bf16-dot-pairs=true --canonicalize | FileCheck %s
// RUN: nereid-opt %s -split-input-file --cpu-load-dot-operands-by-rows --cpu-convert-to-vector --canonicalize | FileCheck %s --check-prefix=FMA

// bf16-dot-pairs: a dot of bf16 operands into f32 multiplies a pair of K at a time with
// x86vector.avx512.dot (vdpbf16ps). Its operands stay bf16 in their buffers (here B in panels
// of a block's 64 columns); each step of the K loop, by 2, interleaves B's rows k + 1 and k
// and broadcasts A's pair (k, k + 1) swapped, so that element k of both is the high one,
// which the instruction multiplies first. Without the option the operands are extended to f32
// and each K step is an fma.

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
#rows = #ttg.slice<{dim = 1, parent = #blocked}>
#cols = #ttg.slice<{dim = 0, parent = #blocked}>
#a = #ttg.dot_op<{opIdx = 0, parent = #blocked}>
#b = #ttg.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx512"} {
// CHECK-LABEL: func.func private @pairs_impl
// CHECK-NOT: arith.extf
// CHECK: memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [16, 2, 64], strides: [64, 1024, 1] : memref<2048xbf16> to memref<16x2x64xbf16, strided<[64, 1024, 1]>>
// CHECK: scf.for %[[K:[^ ]*]] = %c0 to %c16 step %c2 iter_args
// CHECK:   %[[NEXT:.*]] = arith.addi %[[K]], %c1 : index
// CHECK:   %[[B1:.*]] = vector.load %{{.*}}[%[[NEXT]], %{{.*}}, %c0] : memref<16x2x64xbf16, strided<[64, 1024, 1]>>, vector<16xbf16>
// CHECK:   %[[B0:.*]] = vector.load %{{.*}}[%[[K]], %{{.*}}, %c0] : memref<16x2x64xbf16, strided<[64, 1024, 1]>>, vector<16xbf16>
// CHECK:   %[[BPAIRS:.*]] = vector.interleave %[[B1]], %[[B0]] : vector<16xbf16> -> vector<32xbf16>
// CHECK:   %[[APAIR:.*]] = vector.load %{{.*}}[%{{.*}}, %[[K]]] : memref<8x16xbf16>, vector<2xbf16>
// CHECK:   %[[WORD:.*]] = vector.extract %{{.*}}[0] : i32 from vector<1xi32>
// CHECK:   %[[HIGH:.*]] = arith.shli %[[WORD]], %c16_i32 : i32
// CHECK:   %[[LOW:.*]] = arith.shrui %[[WORD]], %c16_i32 : i32
// CHECK:   %[[SWAPPED:.*]] = arith.ori %[[HIGH]], %[[LOW]] : i32
// CHECK:   %[[SPLAT:.*]] = vector.broadcast %[[SWAPPED]] : i32 to vector<16xi32>
// CHECK:   %[[APAIRS:.*]] = vector.bitcast %[[SPLAT]] : vector<16xi32> to vector<32xbf16>
// CHECK:   x86vector.avx512.dot %{{.*}}, %[[APAIRS]], %[[BPAIRS]] : vector<32xbf16> -> vector<16xf32>
// CHECK-NOT: math.fma

// FMA-LABEL: func.func private @pairs_impl
// FMA: arith.extf %{{.*}} : vector<16xbf16> to vector<16xf32>
// FMA: scf.for %{{.*}} = %c0 to %c16 step %c1 iter_args
// FMA: math.fma
// FMA-NOT: x86vector
tt.func @pairs(%a_ptr: !tt.ptr<bf16>, %b_ptr: !tt.ptr<bf16>, %out: !tt.ptr<f32>) {
  %ap = tt.splat %a_ptr : !tt.ptr<bf16> -> tensor<8x16x!tt.ptr<bf16>, #blocked>
  %a = tt.load %ap : tensor<8x16x!tt.ptr<bf16>, #blocked>
  %krows = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #rows>
  %k2 = tt.expand_dims %krows {axis = 1 : i32} : tensor<16xi32, #rows> -> tensor<16x1xi32, #blocked>
  %c128 = arith.constant dense<128> : tensor<16x1xi32, #blocked>
  %ks = arith.muli %k2, %c128 : tensor<16x1xi32, #blocked>
  %cols = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #cols>
  %c2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<128xi32, #cols> -> tensor<1x128xi32, #blocked>
  %kb = tt.broadcast %ks : tensor<16x1xi32, #blocked> -> tensor<16x128xi32, #blocked>
  %cb = tt.broadcast %c2 : tensor<1x128xi32, #blocked> -> tensor<16x128xi32, #blocked>
  %boff = arith.addi %kb, %cb : tensor<16x128xi32, #blocked>
  %bp = tt.splat %b_ptr : !tt.ptr<bf16> -> tensor<16x128x!tt.ptr<bf16>, #blocked>
  %bps = tt.addptr %bp, %boff : tensor<16x128x!tt.ptr<bf16>, #blocked>, tensor<16x128xi32, #blocked>
  %b = tt.load %bps : tensor<16x128x!tt.ptr<bf16>, #blocked>
  %ad = ttg.convert_layout %a : tensor<8x16xbf16, #blocked> -> tensor<8x16xbf16, #a>
  %bd = ttg.convert_layout %b : tensor<16x128xbf16, #blocked> -> tensor<16x128xbf16, #b>
  %acc = arith.constant dense<0.0> : tensor<8x128xf32, #blocked>
  %d = tt.dot %ad, %bd, %acc : tensor<8x16xbf16, #a> * tensor<16x128xbf16, #b> -> tensor<8x128xf32, #blocked>
  %op = tt.splat %out : !tt.ptr<f32> -> tensor<8x128x!tt.ptr<f32>, #blocked>
  tt.store %op, %d : tensor<8x128x!tt.ptr<f32>, #blocked>
  tt.return
}
}

// -----

// A dot of 8 columns multiplies them with the 256-bit vdpbf16ps.
// CHECK-LABEL: func.func private @pairs_of_eight_columns_impl
// CHECK: x86vector.avx512.dot %{{.*}}, %{{.*}}, %{{.*}} : vector<16xbf16> -> vector<8xf32>
module attributes {ttg.target = "cpu:x86_64:avx512"} {
tt.func public @pairs_of_eight_columns(%a: tensor<4x16xbf16>, %b: tensor<16x8xbf16>, %c: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %d = tt.dot %a, %b, %c : tensor<4x16xbf16> * tensor<16x8xbf16> -> tensor<4x8xf32>
  tt.return %d : tensor<4x8xf32>
}
}

// -----

// What the instruction cannot multiply keeps fmas: an odd K, rows of 5 columns (no vdpbf16ps
// has 5 lanes), operands other than bf16.
// CHECK-LABEL: func.func private @odd_depth_impl
// CHECK-NOT: x86vector
// CHECK: math.fma
// CHECK-LABEL: func.func private @ragged_columns_impl
// CHECK-NOT: x86vector
// CHECK: math.fma
// CHECK-LABEL: func.func private @f16_operands_impl
// CHECK-NOT: x86vector
// CHECK: math.fma
module attributes {ttg.target = "cpu:x86_64:avx512"} {
tt.func public @odd_depth(%a: tensor<4x3xbf16>, %b: tensor<3x16xbf16>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %d = tt.dot %a, %b, %c : tensor<4x3xbf16> * tensor<3x16xbf16> -> tensor<4x16xf32>
  tt.return %d : tensor<4x16xf32>
}
tt.func public @ragged_columns(%a: tensor<4x4xbf16>, %b: tensor<4x5xbf16>, %c: tensor<4x5xf32>) -> tensor<4x5xf32> {
  %d = tt.dot %a, %b, %c : tensor<4x4xbf16> * tensor<4x5xbf16> -> tensor<4x5xf32>
  tt.return %d : tensor<4x5xf32>
}
tt.func public @f16_operands(%a: tensor<4x4xf16>, %b: tensor<4x16xf16>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %d = tt.dot %a, %b, %c : tensor<4x4xf16> * tensor<4x16xf16> -> tensor<4x16xf32>
  tt.return %d : tensor<4x16xf32>
}
}
