// The whole CPU pipeline, nereid-cpu-lower: a vector-add kernel in tt IR becomes an
// LLVM-dialect module (plus the omp dialect of the grid loop, which translation to LLVM IR
// turns into __kmpc_fork_call and an outlined region): the kernel `add` in chunks of 16 f32
// lanes, scheduled chunk-major, and its entry points add_program and add_grid.

// LLVM-ONLY: llvm.func @add_impl(
// LLVM-ONLY: llvm.func @add_program(
// LLVM-ONLY: llvm.func @add_grid(

// The kernel: for each chunk of 16 elements, both loads, the add and the store, before the next
// chunk. The masks compare offsets with n; alignment 16 comes from tt.divisibility.



// One thread: a plain loop calling the kernel; otherwise an OpenMP worksharing loop (no
// schedule clause: OpenMP's default, static in libomp) inside omp.parallel.
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
