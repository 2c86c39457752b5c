// RUN: nereid-opt %s --pass-pipeline='builtin.module(nereid-cpu-lower{target=cpu:x86_64:avx512})' | FileCheck %s
// RUN: nereid-opt %s --pass-pipeline='builtin.module(nereid-cpu-lower{target=cpu:x86_64:avx512})' | FileCheck %s --check-prefix=LLVM-ONLY --implicit-check-not=" tt." --implicit-check-not="ttg.convert_layout" --implicit-check-not="vector." --implicit-check-not="scf." --implicit-check-not="arith." --implicit-check-not="math." --implicit-check-not="memref." --implicit-check-not="ub." --implicit-check-not="func.func" --implicit-check-not="unrealized_conversion_cast"

// The whole CPU pipeline, nereid-cpu-lower: a vector-add kernel in tt IR becomes an
// LLVM-dialect module (plus the omp dialect of the grid loop, which translation to LLVM IR
// turns into __kmpc_fork_call and an outlined region): the kernel `add` in chunks of 16 f32
// lanes, scheduled chunk-major, and its entry points add_program and add_grid.

// LLVM-ONLY: llvm.func @add_impl(
// LLVM-ONLY: llvm.func @add_program(
// LLVM-ONLY: llvm.func @add_grid(

// The kernel: for each chunk of 16 elements, both loads, the add and the store, before the next
// chunk. The masks compare offsets with n; alignment 16 comes from tt.divisibility.
// CHECK-LABEL: llvm.func @add_impl(
// CHECK-SAME: %[[X:[^:]*]]: !llvm.ptr, %[[Y:[^:]*]]: !llvm.ptr, %[[OUT:[^:]*]]: !llvm.ptr, %[[N:[^:]*]]: i32, %[[PID:[^:]*]]: i32
// CHECK-SAME: attributes {nereid.kernel = "add", sym_visibility = "private"}
// CHECK: %[[BASE:.*]] = llvm.mul %[[PID]], %{{.*}} : i32
// CHECK: %[[M:.*]] = llvm.icmp "slt" %{{.*}}, %{{.*}} : vector<16xi32>
// CHECK: %[[A:.*]] = llvm.intr.masked.load %{{.*}}, %[[M]], %{{.*}} {alignment = 16 : i32, nereid.chunk_elements = array<i64: 0, 16>} : (!llvm.ptr, vector<16xi1>, vector<16xf32>) -> vector<16xf32>
// CHECK: %[[B:.*]] = llvm.intr.masked.load %{{.*}}, %[[M]], %{{.*}} {alignment = 16 : i32, nereid.chunk_elements = array<i64: 0, 16>}
// CHECK: %[[S:.*]] = llvm.fadd %[[A]], %[[B]] : vector<16xf32>
// CHECK: llvm.intr.masked.store %[[S]], %{{.*}}, %[[M]] {alignment = 16 : i32, nereid.chunk_elements = array<i64: 0, 16>}
// CHECK: %[[M:.*]] = llvm.icmp "slt" %{{.*}}, %{{.*}} : vector<16xi32>
// CHECK: %[[A:.*]] = llvm.intr.masked.load %{{.*}}, %[[M]], %{{.*}} {alignment = 16 : i32, nereid.chunk_elements = array<i64: 16, 32>} : (!llvm.ptr, vector<16xi1>, vector<16xf32>) -> vector<16xf32>
// CHECK: %[[B:.*]] = llvm.intr.masked.load %{{.*}}, %[[M]], %{{.*}} {alignment = 16 : i32, nereid.chunk_elements = array<i64: 16, 32>}
// CHECK: %[[S:.*]] = llvm.fadd %[[A]], %[[B]] : vector<16xf32>
// CHECK: llvm.intr.masked.store %[[S]], %{{.*}}, %[[M]] {alignment = 16 : i32, nereid.chunk_elements = array<i64: 16, 32>}
// CHECK: %[[M:.*]] = llvm.icmp "slt" %{{.*}}, %{{.*}} : vector<16xi32>
// CHECK: %[[A:.*]] = llvm.intr.masked.load %{{.*}}, %[[M]], %{{.*}} {alignment = 16 : i32, nereid.chunk_elements = array<i64: 32, 48>} : (!llvm.ptr, vector<16xi1>, vector<16xf32>) -> vector<16xf32>
// CHECK: %[[B:.*]] = llvm.intr.masked.load %{{.*}}, %[[M]], %{{.*}} {alignment = 16 : i32, nereid.chunk_elements = array<i64: 32, 48>}
// CHECK: %[[S:.*]] = llvm.fadd %[[A]], %[[B]] : vector<16xf32>
// CHECK: llvm.intr.masked.store %[[S]], %{{.*}}, %[[M]] {alignment = 16 : i32, nereid.chunk_elements = array<i64: 32, 48>}
// CHECK: %[[M:.*]] = llvm.icmp "slt" %{{.*}}, %{{.*}} : vector<16xi32>
// CHECK: %[[A:.*]] = llvm.intr.masked.load %{{.*}}, %[[M]], %{{.*}} {alignment = 16 : i32, nereid.chunk_elements = array<i64: 48, 64>} : (!llvm.ptr, vector<16xi1>, vector<16xf32>) -> vector<16xf32>
// CHECK: %[[B:.*]] = llvm.intr.masked.load %{{.*}}, %[[M]], %{{.*}} {alignment = 16 : i32, nereid.chunk_elements = array<i64: 48, 64>}
// CHECK: %[[S:.*]] = llvm.fadd %[[A]], %[[B]] : vector<16xf32>
// CHECK: llvm.intr.masked.store %[[S]], %{{.*}}, %[[M]] {alignment = 16 : i32, nereid.chunk_elements = array<i64: 48, 64>}
// CHECK: llvm.return

// CHECK: llvm.func @omp_set_num_threads(i32)

// CHECK-LABEL: llvm.func @add_program(
// CHECK-SAME: %[[ARGS:[^:]*]]: !llvm.ptr, %[[PX:[^:]*]]: i32, %[[PY:[^:]*]]: i32, %[[PZ:[^:]*]]: i32, %[[GX:[^:]*]]: i32, %[[GY:[^:]*]]: i32, %[[GZ:[^:]*]]: i32)
// CHECK: %[[N:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i32
// CHECK: llvm.call @add_impl(%{{.*}}, %{{.*}}, %{{.*}}, %[[N]], %[[PX]], %[[PY]], %[[PZ]], %[[GX]], %[[GY]], %[[GZ]])

// One thread: a plain loop calling the kernel; otherwise an OpenMP worksharing loop (no
// schedule clause: OpenMP's default, static in libomp) inside omp.parallel.
// CHECK-LABEL: llvm.func @add_grid(
// CHECK-SAME: %{{[^:]*}}: !llvm.ptr, %{{[^:]*}}: i32, %{{[^:]*}}: i32, %{{[^:]*}}: i32, %[[THREADS:[^:]*]]: i32)
// CHECK: llvm.icmp "eq" %[[THREADS]], %{{.*}} : i32
// CHECK: llvm.call @add_impl(
// CHECK: llvm.icmp "sgt" %[[THREADS]], %{{.*}} : i32
// CHECK: llvm.call @omp_set_num_threads(%[[THREADS]])
// CHECK: omp.parallel {
// CHECK: omp.wsloop {
// CHECK: omp.loop_nest (%{{.*}}) : i64 = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
// CHECK: llvm.call @add_impl(
// CHECK: omp.yield
// CHECK: omp.terminator
// CHECK: llvm.return
tt.func public @add(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
  %pid = tt.get_program_id x : i32
  %c64 = arith.constant 64 : i32
  %base = arith.muli %pid, %c64 : i32
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %b = tt.splat %base : i32 -> tensor<64xi32>
  %off = arith.addi %b, %r : tensor<64xi32>
  %ns = tt.splat %n : i32 -> tensor<64xi32>
  %m = arith.cmpi slt, %off, %ns : tensor<64xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %off : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %xv = tt.load %xp, %m : tensor<64x!tt.ptr<f32>>
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %yp = tt.addptr %ys, %off : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %yv = tt.load %yp, %m : tensor<64x!tt.ptr<f32>>
  %s = arith.addf %xv, %yv : tensor<64xf32>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %op = tt.addptr %os, %off : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  tt.store %op, %s, %m : tensor<64x!tt.ptr<f32>>
  tt.return
}
