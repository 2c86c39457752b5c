// RUN: nereid-opt %s -split-input-file --nvidia-convert-ttg-to-llvm | FileCheck %s

// tt.dot in the layouts of nvidia-assign-mma-layouts becomes one nvvm.mma.sync m16n8k16 per
// 16x8 tile of a warp's result and per 16 along K, the accumulator chained from one K step to
// the next. The fragments are the operands' registers in order: A's registers 0-7 (two f16
// per 32-bit register) are the first K step's fragment, 8-15 the second's; B's 0-3 and 4-7.

// CHECK-LABEL: llvm.func @f16_16x8x32
// CHECK-SAME: (%[[A:.*]]: !llvm.struct<(f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16)>, %[[B:.*]]: !llvm.struct<(f16, f16, f16, f16, f16, f16, f16, f16)>, %[[C:.*]]: !llvm.struct<(f32, f32, f32, f32)>, %{{.*}}: !llvm.ptr<1>)
// CHECK-DAG: %[[A0:.*]] = llvm.extractvalue %[[A]][0]
// CHECK-DAG: %[[A1:.*]] = llvm.extractvalue %[[A]][1]
// CHECK-DAG: %[[A8:.*]] = llvm.extractvalue %[[A]][8]
// CHECK-DAG: %[[A9:.*]] = llvm.extractvalue %[[A]][9]
// CHECK-DAG: %[[B0:.*]] = llvm.extractvalue %[[B]][0]
// CHECK-DAG: %[[B4:.*]] = llvm.extractvalue %[[B]][4]
// CHECK-DAG: %[[C0:.*]] = llvm.extractvalue %[[C]][0]
// CHECK-DAG: %[[C3:.*]] = llvm.extractvalue %[[C]][3]
// CHECK: %[[P0:.*]] = llvm.insertelement %[[A0]], %{{.*}}[%{{.*}} : i32] : vector<2xf16>
// CHECK: %[[P1:.*]] = llvm.insertelement %[[A1]], %[[P0]][%{{.*}} : i32] : vector<2xf16>
// CHECK: llvm.insertelement %[[B0]]
// CHECK: %[[K0:.*]] = nvvm.mma.sync A[%[[P1]], %{{.*}}, %{{.*}}, %{{.*}}]  B[%{{.*}}, %{{.*}}]  C[%[[C0]], %{{.*}}, %{{.*}}, %[[C3]]]
// CHECK-SAME: layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>
// CHECK-SAME: (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-DAG: %[[D0:.*]] = llvm.extractvalue %[[K0]][0]
// CHECK-DAG: %[[D3:.*]] = llvm.extractvalue %[[K0]][3]
// CHECK: %[[Q0:.*]] = llvm.insertelement %[[A8]], %{{.*}}[%{{.*}} : i32] : vector<2xf16>
// CHECK: %[[Q1:.*]] = llvm.insertelement %[[A9]], %[[Q0]][%{{.*}} : i32] : vector<2xf16>
// CHECK: llvm.insertelement %[[B4]]
// CHECK: %[[K1:.*]] = nvvm.mma.sync A[%[[Q1]], %{{.*}}, %{{.*}}, %{{.*}}]  B[%{{.*}}, %{{.*}}]  C[%[[D0]], %{{.*}}, %{{.*}}, %[[D3]]]
// CHECK-NOT: nvvm.mma.sync
// CHECK: llvm.return
#mma = #nvidia.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func public @f16_16x8x32(%a: tensor<16x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<32x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<16x8xf32, #mma>, %p: !tt.ptr<f32>) {
    %d = tt.dot %a, %b, %c : tensor<16x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<16x8xf32, #mma>
    tt.return
  }
}

// -----

// bf16: the pairs go to mma.sync as i32, with the multiplicand type bf16. A 64 x 32 x 16 dot
// with 2 x 2 warps is 2 x 2 tiles per warp and one K step: 4 instructions.
// CHECK-LABEL: llvm.func @bf16_64x32x16
// CHECK: llvm.bitcast %{{.*}} : vector<2xbf16> to i32
// CHECK-COUNT-4: nvvm.mma.sync {{.*}} multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-NOT: nvvm.mma.sync
// CHECK: llvm.return
#mma = #nvidia.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func public @bf16_64x32x16(%a: tensor<64x16xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<16x32xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<64x32xf32, #mma>) {
    %d = tt.dot %a, %b, %c : tensor<64x16xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x32xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x32xf32, #mma>
    tt.return
  }
}

// -----

// f32 operands in tf32: each element rounded once (cvt.rna.tf32.f32, an i32), one per
// register, m16n8k8: a 16 x 8 x 16 dot is 2 K steps, A's registers 0-3 then 4-7.
// CHECK-LABEL: llvm.func @tf32_16x8x16
// CHECK-COUNT-12: nvvm.convert.float.to.tf32 %{{.*}} {rnd = #nvvm.fp_rnd_mode<rna>}
// CHECK-NOT: nvvm.convert.float.to.tf32
// CHECK: %[[K0:.*]] = nvvm.mma.sync A[{{.*}}]  B[{{.*}}]  C[{{.*}}]  {{{.*}}multiplicandAPtxType = #nvvm.mma_type<tf32>, multiplicandBPtxType = #nvvm.mma_type<tf32>, shape = #nvvm.shape<m = 16, n = 8, k = 8>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK: %[[D0:.*]] = llvm.extractvalue %[[K0]][0]
// CHECK: nvvm.mma.sync A[{{.*}}]  B[{{.*}}]  C[%[[D0]], {{.*}}] {{.*}} shape = #nvvm.shape<m = 16, n = 8, k = 8>
// CHECK-NOT: nvvm.mma.sync
// CHECK: llvm.return
#mma = #nvidia.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func public @tf32_16x8x16(%a: tensor<16x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, %b: tensor<16x8xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>, %c: tensor<16x8xf32, #mma>) {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<16x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<16x8xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<16x8xf32, #mma>
    tt.return
  }
}

// -----

// int8 into int32: four int8 per 32-bit register (kWidth 4), m16n8k32, signed operands and
// sums that wrap around as the interpreter's do.
// CHECK-LABEL: llvm.func @int8_16x8x32
// CHECK: llvm.bitcast %{{.*}} : vector<4xi8> to i32
// CHECK: nvvm.mma.sync
// CHECK-SAME: intOverflowBehavior = #nvvm.mma_int_overflow<wrapped>
// CHECK-SAME: multiplicandAPtxType = #nvvm.mma_type<s8>, multiplicandBPtxType = #nvvm.mma_type<s8>
// CHECK-SAME: shape = #nvvm.shape<m = 16, n = 8, k = 32>
// CHECK-SAME: -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK-NOT: nvvm.mma.sync
#mma = #nvidia.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func public @int8_16x8x32(%a: tensor<16x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<32x8xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<16x8xi32, #mma>) {
    %d = tt.dot %a, %b, %c : tensor<16x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x8xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<16x8xi32, #mma>
    tt.return
  }
}
