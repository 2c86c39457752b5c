// RUN: nereid-opt %s -split-input-file --cpu-convert-to-vector=target=cpu:x86_64:avx512 | FileCheck %s

// The accesses of a bounds-checked kernel (tt.access_bounds: parameter 0, whose extent is
// parameter 2) go behind one branch. A tile of 32 contiguous pointers is one run: the offset of
// its first address from the parameter's is compared, unsigned, with extent - 128 + 1; inside,
// the chunks load as unchecked; otherwise every lane is compared, the first masked-in one
// outside is reported, and the chunks load with the lanes outside masked off.
// CHECK-LABEL: func.func private @contiguous_impl
// CHECK-SAME: (%[[X:[^:]*]]: !llvm.ptr, %{{[^:]*}}: i32, %[[EXTENT:[^:]*]]: i64,
// CHECK: %[[START:.*]] = llvm.ptrtoint %[[X]] : !llvm.ptr to i64
// CHECK: %[[FIRST:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr to i64
// CHECK: %[[OFFSET:.*]] = arith.subi %[[FIRST]], %[[START]] : i64
// CHECK: %[[LAST:.*]] = arith.subi %[[EXTENT]], %{{.*}} : i64
// CHECK: %[[LIMIT:.*]] = arith.maxsi %[[LAST]], %{{.*}} : i64
// CHECK: %[[INSIDE:.*]] = arith.cmpi ult, %[[OFFSET]], %[[LIMIT]] : i64
// CHECK: scf.if %[[INSIDE]] -> (vector<32xf32>) {
// CHECK-COUNT-2: llvm.intr.masked.load
// CHECK: } else {
// CHECK: arith.cmpi ult, %{{.*}}, %{{.*}} : vector<32xi64>
// CHECK: vector.reduction <or>
// CHECK: func.call @nereid_cpu_access_out_of_bounds
// CHECK-COUNT-2: llvm.intr.masked.load
tt.func public @contiguous(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32, %xe: i64 {tt.extent_of = 0 : i64}) {
  %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %ns = tt.splat %n : i32 -> tensor<32xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<32xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %r : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
  %v = tt.load %xp, %m {tt.access_bounds = array<i64: 0, 0, 2>} : tensor<32x!tt.ptr<f32>>
  %s = "tt.reduce"(%v) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    tt.reduce.return %t : f32
  }) : (tensor<32xf32>) -> f32
  tt.store %x, %s {tt.access_bounds = array<i64: 0, 0, 2>} : !tt.ptr<f32>
  tt.return
}

// -----

// A scatter compares every lane in one vector compare, with the masked-off lanes aside, and
// branches on its AND reduction; an access that may touch any of two buffers (-1) is inside
// where it lies in either.
// CHECK-LABEL: func.func private @scattered_impl
// CHECK: arith.cmpi ult, %{{.*}}, %{{.*}} : vector<16xi64>
// CHECK: arith.cmpi ult, %{{.*}}, %{{.*}} : vector<16xi64>
// CHECK: arith.ori %{{.*}}, %{{.*}} : vector<16xi1>
// CHECK: %[[ALL:.*]] = vector.reduction <and>
// CHECK: scf.if %[[ALL]] {
// CHECK: llvm.intr.masked.scatter
// CHECK: } else {
// CHECK: func.call @nereid_cpu_access_out_of_bounds
// CHECK: llvm.intr.masked.scatter
tt.func public @scattered(%x: !tt.ptr<i32>, %y: !tt.ptr<i32>, %xe: i64 {tt.extent_of = 0 : i64}, %ye: i64 {tt.extent_of = 1 : i64}) {
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %r2 = arith.muli %r, %r : tensor<16xi32>
  %xs = tt.splat %x : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>
  %xp = tt.addptr %xs, %r2 : tensor<16x!tt.ptr<i32>>, tensor<16xi32>
  tt.store %xp, %r {tt.access_bounds = array<i64: -1, 0, 2, 1, 3>} : tensor<16x!tt.ptr<i32>>
  tt.return
}
