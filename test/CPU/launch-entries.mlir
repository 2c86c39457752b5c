// RUN: nereid-opt %s -split-input-file --cpu-add-launch-entries | FileCheck %s

// cpu-add-launch-entries adds, for each function marked nereid.kernel, the C entry points
//   void K_program(void **args, i32 pidX, pidY, pidZ, gridX, gridY, gridZ)
//   void K_grid(void **args, i32 gridX, gridY, gridZ, i32 numThreads)
// Each reads parameter i through args[i], a pointer to its value; an i1 is a byte, true when
// not zero. Functions without the mark get no entries.

// CHECK-LABEL: func.func private @k_impl(
// CHECK-SAME: attributes {nereid.kernel = "k"}
// CHECK-NOT: func.func @helper_program
// CHECK: func.func private @omp_set_num_threads(i32)

// K_program: the parameters, then its own six program arguments, passed through.
// CHECK-LABEL: func.func @k_program
// CHECK-SAME: (%[[ARGS:[^:]*]]: !llvm.ptr, %[[PX:[^:]*]]: i32, %[[PY:[^:]*]]: i32, %[[PZ:[^:]*]]: i32, %[[GX:[^:]*]]: i32, %[[GY:[^:]*]]: i32, %[[GZ:[^:]*]]: i32)
// CHECK: %[[SLOT0:.*]] = llvm.getelementptr %[[ARGS]][0] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK: %[[ADDR0:.*]] = llvm.load %[[SLOT0]] : !llvm.ptr -> !llvm.ptr
// CHECK: %[[PTR:.*]] = llvm.load %[[ADDR0]] : !llvm.ptr -> !llvm.ptr
// CHECK: %[[SLOT1:.*]] = llvm.getelementptr %[[ARGS]][1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK: %[[ADDR1:.*]] = llvm.load %[[SLOT1]] : !llvm.ptr -> !llvm.ptr
// CHECK: %[[BYTE:.*]] = llvm.load %[[ADDR1]] : !llvm.ptr -> i8
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i8
// CHECK: %[[FLAG:.*]] = arith.cmpi ne, %[[BYTE]], %[[ZERO]] : i8
// CHECK: %[[SLOT2:.*]] = llvm.getelementptr %[[ARGS]][2] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK: %[[ADDR2:.*]] = llvm.load %[[SLOT2]] : !llvm.ptr -> !llvm.ptr
// CHECK: %[[F:.*]] = llvm.load %[[ADDR2]] : !llvm.ptr -> f32
// CHECK: call @k_impl(%[[PTR]], %[[FLAG]], %[[F]], %[[PX]], %[[PY]], %[[PZ]], %[[GX]], %[[GY]], %[[GZ]])
// CHECK-NEXT: return

// K_grid: the parameters are read once. With one thread, or a grid of at most one program,
// the flattened grid runs in a serial loop without starting OpenMP's threads (x fastest:
// x = i mod gridX, y = (i / gridX) mod gridY, z = i / (gridX * gridY)); otherwise in an
// scf.parallel loop (OpenMP after convert-scf-to-openmp), after setting the thread count when
// it is positive (0: OpenMP's default).
// CHECK-LABEL: func.func @k_grid
// CHECK-SAME: (%[[ARGS:[^:]*]]: !llvm.ptr, %[[GX:[^:]*]]: i32, %[[GY:[^:]*]]: i32, %[[GZ:[^:]*]]: i32, %[[THREADS:[^:]*]]: i32)
// CHECK: %[[ADDR0:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.ptr
// CHECK: %[[PTR:.*]] = llvm.load %[[ADDR0]] : !llvm.ptr -> !llvm.ptr
// CHECK: %[[BYTE:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i8
// CHECK: %[[FLAG:.*]] = arith.cmpi ne, %[[BYTE]], %{{.*}} : i8
// CHECK: %[[F:.*]] = llvm.load %{{.*}} : !llvm.ptr -> f32
// CHECK: %[[X:.*]] = arith.index_cast %[[GX]] : i32 to index
// CHECK: %[[Y:.*]] = arith.index_cast %[[GY]] : i32 to index
// CHECK: %[[XY:.*]] = arith.muli %[[X]], %[[Y]] : index
// CHECK: %[[Z:.*]] = arith.index_cast %[[GZ]] : i32 to index
// CHECK: %[[TOTAL:.*]] = arith.muli %[[XY]], %[[Z]] : index
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: %[[ONETHREAD:.*]] = arith.cmpi eq, %[[THREADS]], %[[ONE]] : i32
// CHECK: %[[ONEPROGRAM:.*]] = arith.cmpi ule, %[[TOTAL]], %[[C1]] : index
// CHECK: %[[SERIAL:.*]] = arith.ori %[[ONETHREAD]], %[[ONEPROGRAM]] : i1
// CHECK: scf.if %[[SERIAL]] {
// CHECK:   scf.for %[[I:.*]] = %[[C0]] to %[[TOTAL]] step %[[C1]] {
// CHECK:     %[[PIDX:.*]] = arith.remui %[[I]], %[[X]] : index
// CHECK:     %[[ROW:.*]] = arith.divui %[[I]], %[[X]] : index
// CHECK:     %[[PIDY:.*]] = arith.remui %[[ROW]], %[[Y]] : index
// CHECK:     %[[PIDZ:.*]] = arith.divui %[[I]], %[[XY]] : index
// CHECK:     %[[IX:.*]] = arith.index_cast %[[PIDX]] : index to i32
// CHECK:     %[[IY:.*]] = arith.index_cast %[[PIDY]] : index to i32
// CHECK:     %[[IZ:.*]] = arith.index_cast %[[PIDZ]] : index to i32
// CHECK:     func.call @k_impl(%[[PTR]], %[[FLAG]], %[[F]], %[[IX]], %[[IY]], %[[IZ]], %[[GX]], %[[GY]], %[[GZ]])
// CHECK:   }
// CHECK: } else {
// CHECK:   %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK:   %[[POSITIVE:.*]] = arith.cmpi sgt, %[[THREADS]], %[[ZERO]] : i32
// CHECK:   scf.if %[[POSITIVE]] {
// CHECK:     func.call @omp_set_num_threads(%[[THREADS]]) : (i32) -> ()
// CHECK:   }
// CHECK:   scf.parallel (%[[J:.*]]) = (%[[C0]]) to (%[[TOTAL]]) step (%[[C1]]) {
// CHECK:     arith.remui %[[J]], %[[X]] : index
// CHECK:     func.call @k_impl(%[[PTR]], %[[FLAG]], %[[F]], %{{.*}}, %{{.*}}, %{{.*}}, %[[GX]], %[[GY]], %[[GZ]])
// CHECK:   }
// CHECK: }
// CHECK: return
// CHECK-NOT: @helper_grid
func.func private @k_impl(%p: !llvm.ptr, %flag: i1, %f: f32, %pidx: i32, %pidy: i32, %pidz: i32, %gx: i32, %gy: i32, %gz: i32) attributes {nereid.kernel = "k"} {
  return
}

func.func private @helper(%f: f32, %pidx: i32, %pidy: i32, %pidz: i32, %gx: i32, %gy: i32, %gz: i32) {
  return
}

// -----

// Two kernels share one declaration of omp_set_num_threads, which may already exist.
// CHECK-LABEL: func.func private @omp_set_num_threads(i32)
// CHECK-NOT: @omp_set_num_threads(i32)
// CHECK-DAG: func.func @a_program(%{{.*}}: !llvm.ptr, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32)
// CHECK-DAG: func.func @a_grid(%{{.*}}: !llvm.ptr, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32)
// CHECK-DAG: func.func @b_program
// CHECK-DAG: func.func @b_grid
func.func private @omp_set_num_threads(i32)

func.func private @a_impl(%pidx: i32, %pidy: i32, %pidz: i32, %gx: i32, %gy: i32, %gz: i32) attributes {nereid.kernel = "a"} {
  return
}

func.func private @b_impl(%pidx: i32, %pidy: i32, %pidz: i32, %gx: i32, %gy: i32, %gz: i32) attributes {nereid.kernel = "b"} {
  return
}

// -----

// In a module whose stores may be non-temporal (cpu-stream-large-stores), a thread runs its
// programs through the private k_programs, which fences them at its end (x86's sfence): the
// serial loop runs all of them, and the parallel loop gives each of its threads (numThreads,
// or OpenMP's maximum) one contiguous share.
// CHECK-LABEL: func.func private @k_programs
// CHECK-SAME: (%[[P:[^:]*]]: f32, %[[GX:[^:]*]]: i32, %[[GY:[^:]*]]: i32, %[[GZ:[^:]*]]: i32, %[[BEGIN:[^:]*]]: index, %[[END:[^:]*]]: index)
// CHECK:   scf.for %[[I:.*]] = %[[BEGIN]] to %[[END]] step %{{.*}} {
// CHECK:     func.call @k_impl(%[[P]], %{{.*}}, %{{.*}}, %{{.*}}, %[[GX]], %[[GY]], %[[GZ]])
// CHECK:   }
// CHECK:   llvm.call_intrinsic "llvm.x86.sse.sfence"()
// CHECK:   return
// CHECK-LABEL: func.func @k_grid
// CHECK-SAME: (%{{[^:]*}}: !llvm.ptr, %[[GX:[^:]*]]: i32, %[[GY:[^:]*]]: i32, %[[GZ:[^:]*]]: i32, %[[THREADS:[^:]*]]: i32)
// CHECK: %[[F:.*]] = llvm.load %{{.*}} : !llvm.ptr -> f32
// CHECK: %[[XY:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK: %[[TOTAL:.*]] = arith.muli %[[XY]], %{{.*}} : index
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: scf.if %{{.*}} {
// CHECK:   func.call @k_programs(%[[F]], %[[GX]], %[[GY]], %[[GZ]], %[[C0]], %[[TOTAL]])
// CHECK: } else {
// CHECK:   %[[POSITIVE:.*]] = arith.cmpi sgt, %[[THREADS]], %{{.*}} : i32
// CHECK:   %[[MAX:.*]] = func.call @omp_get_max_threads() : () -> i32
// CHECK:   %[[N:.*]] = arith.select %[[POSITIVE]], %[[THREADS]], %[[MAX]] : i32
// CHECK:   %[[THREADCOUNT:.*]] = arith.index_cast %[[N]] : i32 to index
// CHECK:   scf.parallel (%[[T:.*]]) = (%[[C0]]) to (%[[THREADCOUNT]]) step (%[[C1]]) {
// CHECK:     %[[NEXT:.*]] = arith.addi %[[T]], %[[C1]] : index
// CHECK:     %[[TT:.*]] = arith.muli %[[T]], %[[TOTAL]] : index
// CHECK:     %[[START:.*]] = arith.divui %[[TT]], %[[THREADCOUNT]] : index
// CHECK:     %[[NT:.*]] = arith.muli %[[NEXT]], %[[TOTAL]] : index
// CHECK:     %[[STOP:.*]] = arith.divui %[[NT]], %[[THREADCOUNT]] : index
// CHECK:     func.call @k_programs(%[[F]], %[[GX]], %[[GY]], %[[GZ]], %[[START]], %[[STOP]])
// CHECK:   }
// CHECK: }
// CHECK-DAG: func.func private @omp_get_max_threads() -> i32
module attributes {nereid.nontemporal_stores, ttg.target = "cpu:x86_64:avx512"} {
func.func private @k_impl(%f: f32, %pidx: i32, %pidy: i32, %pidz: i32, %gx: i32, %gy: i32, %gz: i32) attributes {nereid.kernel = "k"} {
  return
}
}

// -----

// A module without kernels is left alone.
// CHECK-LABEL: func.func private @no_kernel
// CHECK-NOT: omp_set_num_threads
// CHECK-NOT: _grid
func.func private @no_kernel(%pidx: i32, %pidy: i32, %pidz: i32, %gx: i32, %gy: i32, %gz: i32) {
  return
}
