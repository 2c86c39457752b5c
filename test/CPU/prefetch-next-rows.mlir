// RUN: nereid-opt %s -split-input-file --cpu-prefetch-next-rows | FileCheck %s

// Softmax's shape: a first loop reads the row from memory, the second reads it again from the
// cache and gets a prefetch of the same columns one sweep (4096 elements) further, into the
// L2; the third, which reads it once more, and the loads of a row read once get none.
// CHECK-LABEL: func.func @rows
// CHECK:      scf.for %[[I0:.*]] = %[[LB:.*]] to %[[UB:.*]] step
// CHECK-NOT:    llvm.intr.prefetch
// CHECK:        llvm.load
// CHECK:      %[[SPAN:.*]] = arith.subi %[[UB]], %[[LB]] : i32
// CHECK:      scf.for %[[I1:.*]] = %[[LB]] to %[[UB]] step
// CHECK:        %[[AT:.*]] = arith.addi %[[I1]], %{{.*}} : i32
// CHECK:        %[[NEXT:.*]] = arith.addi %[[AT]], %[[SPAN]] : i32
// CHECK:        %[[P:.*]] = llvm.getelementptr %arg0[%[[NEXT]]] : (!llvm.ptr, i32) -> !llvm.ptr, f32
// CHECK:        "llvm.intr.prefetch"(%[[P]]) <{cache = 1 : i32, hint = 2 : i32, rw = 0 : i32}>
// CHECK:        llvm.load
// CHECK:        llvm.load %{{.*}} : !llvm.ptr -> vector<16xf32>
// CHECK-NOT:    llvm.intr.prefetch
// CHECK:      scf.for
// CHECK-NOT:    llvm.intr.prefetch
// CHECK:      return
func.func @rows(%row: !llvm.ptr, %other: !llvm.ptr) -> vector<16xf32> {
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  %c4096 = arith.constant 4096 : i32
  %zero = arith.constant dense<0.0> : vector<16xf32>
  %m = scf.for %i = %c0 to %c4096 step %c16 iter_args(%acc = %zero) -> (vector<16xf32>) : i32 {
    %p = llvm.getelementptr %row[%i] : (!llvm.ptr, i32) -> !llvm.ptr, f32
    %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> vector<16xf32>
    %s = arith.maxnumf %acc, %v : vector<16xf32>
    scf.yield %s : vector<16xf32>
  }
  %e = scf.for %i = %c0 to %c4096 step %c16 iter_args(%acc = %m) -> (vector<16xf32>) : i32 {
    %at = arith.addi %i, %c16 : i32
    %p = llvm.getelementptr %row[%at] : (!llvm.ptr, i32) -> !llvm.ptr, f32
    %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> vector<16xf32>
    %q = llvm.getelementptr %other[%i] : (!llvm.ptr, i32) -> !llvm.ptr, f32
    %w = llvm.load %q {alignment = 4 : i64} : !llvm.ptr -> vector<16xf32>
    %x = arith.addf %v, %w : vector<16xf32>
    %s = arith.addf %acc, %x : vector<16xf32>
    scf.yield %s : vector<16xf32>
  }
  %f = scf.for %i = %c0 to %c4096 step %c16 iter_args(%acc = %e) -> (vector<16xf32>) : i32 {
    %p = llvm.getelementptr %row[%i] : (!llvm.ptr, i32) -> !llvm.ptr, f32
    %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> vector<16xf32>
    %s = arith.addf %acc, %v : vector<16xf32>
    scf.yield %s : vector<16xf32>
  }
  return %f : vector<16xf32>
}

// -----

// Layer norm's shape: the user's loop over blocks of columns around the chunk loop. The index
// sums both induction variables (through i64); the sweep is the outer loop, whose range (the
// row's N columns) is the distance to the next row, sign-extended to the index's type.
// CHECK-LABEL: func.func @blocks
// CHECK:      scf.for
// CHECK-NOT:    llvm.intr.prefetch
// CHECK:      %[[SPAN:.*]] = arith.subi %arg1, %{{.*}} : i32
// CHECK:      scf.for
// CHECK:        scf.for
// CHECK:          %[[WIDE:.*]] = arith.extsi %[[SPAN]] : i32 to i64
// CHECK:          %[[NEXT:.*]] = arith.addi %{{.*}}, %[[WIDE]] : i64
// CHECK:          %[[P:.*]] = llvm.getelementptr %arg0[%[[NEXT]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK:          "llvm.intr.prefetch"(%[[P]])
func.func @blocks(%row: !llvm.ptr, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  %c1024 = arith.constant 1024 : i32
  scf.for %j = %c0 to %n step %c1024 : i32 {
    scf.for %i = %c0 to %c1024 step %c16 : i32 {
      %s = arith.addi %j, %i : i32
      %p = llvm.getelementptr %row[%s] : (!llvm.ptr, i32) -> !llvm.ptr, f32
      %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> vector<16xf32>
      vector.print %v : vector<16xf32>
    }
  }
  scf.for %j = %c0 to %n step %c1024 : i32 {
    scf.for %i = %c0 to %c1024 step %c16 : i32 {
      %jw = arith.extsi %j : i32 to i64
      %iw = arith.extsi %i : i32 to i64
      %s = arith.addi %jw, %iw : i64
      %p = llvm.getelementptr %row[%s] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> vector<16xf32>
      vector.print %v : vector<16xf32>
    }
  }
  return
}

// -----

// Two loads of one row in a single loop, and a loop nested in the one that read the row
// first: nothing has finished reading the row when they run.
// CHECK-LABEL: func.func @not_again
// CHECK-NOT:  llvm.intr.prefetch
func.func @not_again(%row: !llvm.ptr) {
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  %c4096 = arith.constant 4096 : i32
  scf.for %i = %c0 to %c4096 step %c16 : i32 {
    %p = llvm.getelementptr %row[%i] : (!llvm.ptr, i32) -> !llvm.ptr, f32
    %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> vector<16xf32>
    %w = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> vector<16xf32>
    vector.print %v : vector<16xf32>
    vector.print %w : vector<16xf32>
    scf.for %k = %c0 to %c4096 step %c16 : i32 {
      %q = llvm.getelementptr %row[%k] : (!llvm.ptr, i32) -> !llvm.ptr, f32
      %u = llvm.load %q {alignment = 4 : i64} : !llvm.ptr -> vector<16xf32>
      vector.print %u : vector<16xf32>
    }
  }
  return
}

// -----

// The tutorial's persistent softmax: each program loops over rows `step` apart, and the row's
// base is `in[r * stride]`. While the loop has another iteration, the next row this thread
// reads is `step * stride` elements further; in its last, the guess is the sweep's span.
// CHECK-LABEL: func.func @persistent
// CHECK:      scf.for %[[R:.*]] = %{{.*}} to %[[N:.*]] step %[[STEP:.*]] : i32 {
// CHECK:        %[[SPAN:.*]] = arith.subi
// CHECK:        %[[NEXT_R:.*]] = arith.addi %[[R]], %[[STEP]] : i32
// CHECK:        %[[MORE:.*]] = arith.cmpi slt, %[[NEXT_R]], %[[N]] : i32
// CHECK:        %[[ADVANCE:.*]] = arith.muli %[[STEP]], %arg4 : i32
// CHECK:        %[[DISTANCE:.*]] = arith.select %[[MORE]], %[[ADVANCE]], %[[SPAN]] : i32
// CHECK:        scf.for %[[I:.*]] =
// CHECK:          %[[AT:.*]] = arith.addi %[[I]], %[[DISTANCE]] : i32
// CHECK:          %[[P:.*]] = llvm.getelementptr %{{.*}}[%[[AT]]]
// CHECK:          "llvm.intr.prefetch"(%[[P]])
func.func @persistent(%in: !llvm.ptr, %start: i32, %n: i32, %step: i32, %stride: i32) {
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  %c4096 = arith.constant 4096 : i32
  scf.for %r = %start to %n step %step : i32 {
    %offset = arith.muli %r, %stride : i32
    %row = llvm.getelementptr %in[%offset] : (!llvm.ptr, i32) -> !llvm.ptr, f32
    scf.for %i = %c0 to %c4096 step %c16 : i32 {
      %p = llvm.getelementptr %row[%i] : (!llvm.ptr, i32) -> !llvm.ptr, f32
      %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> vector<16xf32>
      vector.print %v : vector<16xf32>
    }
    scf.for %i = %c0 to %c4096 step %c16 : i32 {
      %p = llvm.getelementptr %row[%i] : (!llvm.ptr, i32) -> !llvm.ptr, f32
      %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> vector<16xf32>
      vector.print %v : vector<16xf32>
    }
  }
  return
}
