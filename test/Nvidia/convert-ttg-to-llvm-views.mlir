// RUN: nereid-opt %s -split-input-file --nvidia-convert-ttg-to-llvm --canonicalize | FileCheck %s --enable-var-scope

// tt.trans in the layout that convert-tt-to-ttg gives its result (the operand's with the
// dimensions permuted) moves no element: the result's registers are the operand's, in order.
#src = #ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#dst = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [0, 1]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: llvm.func @trans
  tt.func public @trans(%x: tensor<8x16xi32, #src>, %out: tensor<16x8x!tt.ptr<i32>, #dst>) {
    // CHECK: %[[X0:.*]] = llvm.extractvalue %[[X:.*]][0] : !llvm.struct<(i32, i32, i32, i32)>
    // CHECK: %[[X1:.*]] = llvm.extractvalue %[[X]][1]
    // CHECK: %[[X2:.*]] = llvm.extractvalue %[[X]][2]
    // CHECK: %[[X3:.*]] = llvm.extractvalue %[[X]][3]
    // CHECK: llvm.store %[[X0]]
    // CHECK: llvm.store %[[X1]]
    // CHECK: llvm.store %[[X2]]
    // CHECK: llvm.store %[[X3]]
    %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<8x16xi32, #src> -> tensor<16x8xi32, #dst>
    tt.store %out, %t : tensor<16x8x!tt.ptr<i32>, #dst>
    tt.return
  }
}

// -----

// tt.reshape keeps each element in its thread where both layouts put the same bits of its
// row-major offset in the same lanes and warps (as the default layouts of any two shapes do);
// the registers may walk the offsets otherwise. Here 2 x 64 has register bits at offsets 32
// (dim 1) and 64 (dim 0); 2 x 2 x 32, with dim 0 before dim 1 in its order, at 64 and 32: the
// middle registers swap.
#m = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}>
#c = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [1, 1, 1], order = [2, 0, 1]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: llvm.func @reshape
  tt.func public @reshape(%x: tensor<2x64xf32, #m>, %out: tensor<2x2x32x!tt.ptr<f32>, #c>) {
    // CHECK: %[[X0:.*]] = llvm.extractvalue %[[X:.*]][0] : !llvm.struct<(f32, f32, f32, f32)>
    // CHECK: %[[X1:.*]] = llvm.extractvalue %[[X]][1]
    // CHECK: %[[X2:.*]] = llvm.extractvalue %[[X]][2]
    // CHECK: %[[X3:.*]] = llvm.extractvalue %[[X]][3]
    // CHECK-NOT: nvvm.barrier0
    // CHECK: llvm.store %[[X0]]
    // CHECK: llvm.store %[[X2]]
    // CHECK: llvm.store %[[X1]]
    // CHECK: llvm.store %[[X3]]
    %r = tt.reshape %x : tensor<2x64xf32, #m> -> tensor<2x2x32xf32, #c>
    tt.store %out, %r : tensor<2x2x32x!tt.ptr<f32>, #c>
    tt.return
  }
}

// -----

// tt.join puts each pair in two registers of one thread: the result's first register bit is
// the new dimension, so that the registers interleave a0 b0 a1 b1; tt.split undoes it.
#v = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#j = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: llvm.func @join
  tt.func public @join(%a: tensor<64xf32, #v>, %b: tensor<64xf32, #v>, %out: tensor<64x2x!tt.ptr<f32>, #j>) {
    // CHECK: %[[A0:.*]] = llvm.extractvalue %[[A:.*]][0] : !llvm.struct<(f32, f32)>
    // CHECK: %[[A1:.*]] = llvm.extractvalue %[[A]][1]
    // CHECK: %[[B0:.*]] = llvm.extractvalue %[[B:.*]][0] : !llvm.struct<(f32, f32)>
    // CHECK: %[[B1:.*]] = llvm.extractvalue %[[B]][1]
    // CHECK: llvm.store %[[A0]]
    // CHECK: llvm.store %[[B0]]
    // CHECK: llvm.store %[[A1]]
    // CHECK: llvm.store %[[B1]]
    %j = tt.join %a, %b : tensor<64xf32, #v> -> tensor<64x2xf32, #j>
    tt.store %out, %j : tensor<64x2x!tt.ptr<f32>, #j>
    tt.return
  }

  // CHECK-LABEL: llvm.func @split
  tt.func public @split(%x: tensor<64x2xf32, #j>, %out: tensor<64x!tt.ptr<f32>, #v>) {
    // CHECK: %[[X0:.*]] = llvm.extractvalue %[[X:.*]][0] : !llvm.struct<(f32, f32, f32, f32)>
    // CHECK: %[[X1:.*]] = llvm.extractvalue %[[X]][1]
    // CHECK: %[[X2:.*]] = llvm.extractvalue %[[X]][2]
    // CHECK: %[[X3:.*]] = llvm.extractvalue %[[X]][3]
    // CHECK: %[[D0:.*]] = llvm.fsub %[[X0]], %[[X1]] : f32
    // CHECK: %[[D1:.*]] = llvm.fsub %[[X2]], %[[X3]] : f32
    // CHECK: llvm.store %[[D0]]
    // CHECK: llvm.store %[[D1]]
    %lo, %hi = tt.split %x : tensor<64x2xf32, #j> -> tensor<64xf32, #v>
    %d = arith.subf %lo, %hi : tensor<64xf32, #v>
    tt.store %out, %d : tensor<64x!tt.ptr<f32>, #v>
    tt.return
  }
}

// -----

// tt.cat in its operands' layout: where that layout covers dimension 0, the second operand's
// registers follow the first's (32 + 32 in one warp: a0 b0), and no thread id is read.
#v = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: llvm.func @cat
  tt.func public @cat(%a: tensor<32xi32, #v>, %b: tensor<32xi32, #v>, %out: tensor<64x!tt.ptr<i32>, #v>) {
    // CHECK-NOT: nvvm.read.ptx.sreg.tid.x
    // CHECK: %[[A0:.*]] = llvm.extractvalue %[[A:.*]][0] : !llvm.struct<(i32)>
    // CHECK-NOT: nvvm.read.ptx.sreg.tid.x
    // CHECK: %[[B0:.*]] = llvm.extractvalue %[[B:.*]][0] : !llvm.struct<(i32)>
    // CHECK-NOT: nvvm.read.ptx.sreg.tid.x
    // CHECK: llvm.store %[[A0]]
    // CHECK: llvm.store %[[B0]]
    %c = tt.cat %a, %b : tensor<32xi32, #v> -> tensor<64xi32, #v>
    tt.store %out, %c : tensor<64x!tt.ptr<i32>, #v>
    tt.return
  }
}

// -----

// Operands of 16 elements in 32 lanes and 2 warps repeat each element over lane bit 4 and
// both warps; in their concatenation, lane bit 4 reaches the second operand, and the warps
// still repeat. A thread picks the second operand where bit 4 of its id is set.
#v = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-warps" = 2 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: llvm.func @cat_over_lanes
  tt.func public @cat_over_lanes(%a: tensor<16xf32, #v>, %b: tensor<16xf32, #v>, %out: tensor<32x!tt.ptr<f32>, #v>) {
    // CHECK-DAG: %[[A0:.*]] = llvm.extractvalue %{{.*}}[0] : !llvm.struct<(f32)>
    // CHECK-DAG: %[[B0:.*]] = llvm.extractvalue %{{.*}}[0] : !llvm.struct<(f32)>
    // CHECK-DAG: %[[BIT:.*]] = llvm.mlir.constant(16 : i32) : i32
    // CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
    // CHECK: %[[MASKED:.*]] = llvm.and %[[TID]], %[[BIT]] : i32
    // CHECK: %[[COUNT:.*]] = llvm.intr.ctpop(%[[MASKED]]) : (i32) -> i32
    // CHECK: %[[SWAP:.*]] = llvm.trunc %[[COUNT]] : i32 to i1
    // CHECK: %[[PICK:.*]] = llvm.select %[[SWAP]], %[[B0]], %[[A0]] : i1, f32
    // The warps repeat the result too: only warp 0 stores.
    // CHECK: llvm.insertelement %[[PICK]]
    // CHECK: llvm.intr.masked.store
    %c = tt.cat %a, %b : tensor<16xf32, #v> -> tensor<32xf32, #v>
    tt.store %out, %c : tensor<32x!tt.ptr<f32>, #v>
    tt.return
  }
}
