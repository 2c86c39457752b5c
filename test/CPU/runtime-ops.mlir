// RUN: nereid-opt %s -split-input-file --cpu-convert-to-vector=target=cpu:x86_64:avx512 | FileCheck %s

// Ops that run element by element: print, assert (calls of the CPU runtime) and histogram.

// tt.print calls the CPU runtime's nereid_cpu_print once per element, in row-major order, with
// the program ids, the prefix, the tile's shape (rank, then four sizes, 1 where unused), the
// element's index, its kind (3: f32) and width, and its bits zero-extended to i64.
// CHECK-LABEL: func.func private @print_tile_impl
// CHECK-SAME: (%[[X:[^:]*]]: vector<2x8xf32>, %[[PX:[^:]*]]: i32, %[[PY:[^:]*]]: i32, %[[PZ:[^:]*]]: i32
// CHECK: %[[PREFIX:.*]] = llvm.mlir.addressof @nereid_string_{{.*}} : !llvm.ptr
// CHECK: %[[FLAT:.*]] = vector.shape_cast %[[X]] : vector<2x8xf32> to vector<16xf32>
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK: %[[E:.*]] = vector.extract %[[FLAT]][%[[I]]] : f32 from vector<16xf32>
// CHECK: %[[BITS:.*]] = arith.bitcast %[[E]] : f32 to i32
// CHECK: %[[WIDE:.*]] = arith.extui %[[BITS]] : i32 to i64
// CHECK: func.call @nereid_cpu_print(%[[PX]], %[[PY]], %[[PZ]], %[[PREFIX]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[WIDE]], %{{.*}}, %{{.*}})
tt.func public @print_tile(%x: tensor<2x8xf32>) {
  tt.print " x: " {hex = false, isSigned = array<i32: 0>} : %x : tensor<2x8xf32>
  tt.return
}

// -----

// tt.assert finds the first false element (the smallest index among the false ones, or the
// element count when there is none) and, only then, reports it with the op's file, line and
// column and the kernel's name.
// CHECK-LABEL: func.func private @check_impl
// CHECK-SAME: (%[[C:[^:]*]]: vector<16xi1>
// CHECK: %[[FALSE:.*]] = arith.cmpi eq, %[[C]], %{{.*}} : vector<16xi1>
// CHECK: %[[CANDIDATES:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : vector<16xi1>, vector<16xi64>
// CHECK: %[[FIRST:.*]] = vector.reduction <minsi>, %[[CANDIDATES]] : vector<16xi64> into i64
// CHECK: %[[FAILED:.*]] = arith.cmpi slt, %[[FIRST]], %{{.*}} : i64
// CHECK: scf.if %[[FAILED]] {
// CHECK: func.call @nereid_cpu_assert_failed({{.*}}, %[[FIRST]])
tt.func public @check(%c: tensor<16xi1>) {
  tt.assert %c, "c must hold" : tensor<16xi1> loc("kernel.py":7:5)
  tt.return
}

// -----

// tt.histogram counts into a stack buffer of its bins: each value in [0, bins) whose mask is
// set adds one to its bin.
// CHECK-LABEL: func.func private @histogram_impl
// CHECK-SAME: (%[[X:[^:]*]]: vector<64xi32>, %[[M:[^:]*]]: vector<64xi1>
// CHECK: %[[BINS:.*]] = memref.alloca() {alignment = 64 : i64} : memref<16xi32>
// CHECK: vector.store %{{.*}}, %[[BINS]][%{{.*}}] : memref<16xi32>, vector<16xi32>
// CHECK: scf.for
// CHECK: arith.cmpi sge
// CHECK: arith.cmpi slt
// CHECK: scf.if
// CHECK: memref.load %[[BINS]]
// CHECK: memref.store %{{.*}}, %[[BINS]]
// CHECK: vector.load %[[BINS]][%{{.*}}] : memref<16xi32>, vector<16xi32>
tt.func public @histogram(%x: tensor<64xi32>, %m: tensor<64xi1>) -> tensor<16xi32> {
  %h = tt.histogram %x, %m : tensor<64xi32> -> tensor<16xi32>
  tt.return %h : tensor<16xi32>
}

// -----

// tt.gather stores its source in a stack buffer, a register chunk at a time, and gathers each
// register chunk of the result from it, masked to the indices in [0, 4) along axis 0; the
// first index out of range, if any, is reported to the runtime with its element, its value,
// the bound and the axis.
// CHECK-LABEL: func.func private @gather_impl
// CHECK-SAME: (%[[X:[^:]*]]: vector<4x8xf32>, %[[I:[^:]*]]: vector<2x8xi32>
// CHECK: %[[SOURCE:.*]] = memref.alloca() {alignment = 64 : i64} : memref<32xf32>
// CHECK: vector.store %{{.*}}, %[[SOURCE]][%c0{{.*}}] : memref<32xf32>, vector<16xf32>
// CHECK: vector.store %{{.*}}, %[[SOURCE]][%c16{{.*}}] : memref<32xf32>, vector<16xf32>
// CHECK: %[[LOW:.*]] = arith.cmpi sge, %{{.*}}, %{{.*}} : vector<16xi32>
// CHECK: %[[HIGH:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : vector<16xi32>
// CHECK: %[[IN:.*]] = arith.andi %[[LOW]], %[[HIGH]] : vector<16xi1>
// CHECK: scf.if
// CHECK: func.call @nereid_cpu_gather_index_failed(
// CHECK: vector.gather %[[SOURCE]][%{{.*}}] [%{{.*}}], %{{.*}}, %{{.*}} : memref<32xf32>, vector<16xi32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
// CHECK: vector.shape_cast %{{.*}} : vector<16xf32> to vector<2x8xf32>
tt.func public @gather(%x: tensor<4x8xf32>, %i: tensor<2x8xi32>) -> tensor<2x8xf32> {
  %g = tt.gather %x[%i] {axis = 0 : i32} : (tensor<4x8xf32>, tensor<2x8xi32>) -> tensor<2x8xf32>
  tt.return %g : tensor<2x8xf32>
}

// -----

// tt.fp_to_fp from or to fp8 converts element by element with the runtime's
// nereid_cpu_convert_float (the interpreter's conversion): the tile is written to a stack
// buffer, a loop converts each element (its bits widened to i64, the formats, 1: f32 and
// 5: f8E4M3FN, and the rounding, 1: toward zero; the result's bits narrowed back) into another
// buffer, which is read back.
// CHECK-LABEL: func.func private @to_fp8_impl
// CHECK-DAG: %[[RESULT:.*]] = memref.alloca() {alignment = 64 : i64} : memref<16xf8E4M3FN>
// CHECK-DAG: %[[SOURCE:.*]] = memref.alloca() {alignment = 64 : i64} : memref<16xf32>
// CHECK: vector.store %arg0, %[[SOURCE]][%{{.*}}] : memref<16xf32>, vector<16xf32>
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[E:.*]] = memref.load %[[SOURCE]][%[[I]]] : memref<16xf32>
// CHECK: %[[BITS:.*]] = arith.bitcast %[[E]] : f32 to i32
// CHECK: %[[WIDE:.*]] = arith.extui %[[BITS]] : i32 to i64
// CHECK: %[[F32:.*]] = arith.constant 1 : i32
// CHECK: %[[F8:.*]] = arith.constant 5 : i32
// CHECK: %[[RTZ:.*]] = arith.constant 1 : i32
// CHECK: %[[OUT:.*]] = func.call @nereid_cpu_convert_float(%[[WIDE]], %[[F32]], %[[F8]], %[[RTZ]]) : (i64, i32, i32, i32) -> i64
// CHECK: %[[NARROW:.*]] = arith.trunci %[[OUT]] : i64 to i8
// CHECK: %[[CONVERTED:.*]] = arith.bitcast %[[NARROW]] : i8 to f8E4M3FN
// CHECK: memref.store %[[CONVERTED]], %[[RESULT]][%[[I]]] : memref<16xf8E4M3FN>
// CHECK: vector.load %[[RESULT]][%{{.*}}] : memref<16xf8E4M3FN>, vector<16xf8E4M3FN>
tt.func public @to_fp8(%x: tensor<16xf32>) -> tensor<16xf8E4M3FN> {
  %y = tt.fp_to_fp %x, rounding = rtz : tensor<16xf32> -> tensor<16xf8E4M3FN>
  tt.return %y : tensor<16xf8E4M3FN>
}
