// RUN: nereid-opt %s -split-input-file --cpu-load-dot-operands-by-rows | FileCheck %s
// RUN: nereid-opt %s -split-input-file --cpu-load-dot-operands-by-rows --cpu-convert-to-vector=target=cpu:x86_64:avx2 --canonicalize | FileCheck %s --check-prefix=VECTOR

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#rows = #ttg.slice<{dim = 1, parent = #blocked}>
#cols = #ttg.slice<{dim = 0, parent = #blocked}>
#a = #ttg.dot_op<{opIdx = 0, parent = #blocked}>
#b = #ttg.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx2"} {
// A's pointers are a_ptr + rows[:, None] * stride + cols[None, :], masked by cols[None, :] < k;
// B's are b_ptr + rows_k[:, None] * 16 + cols[None, :], masked by rows_k[:, None] < k. Row r of
// A is a_ptr + splat(r * stride) + cols under the mask cols < k (the 1-D tile cols itself, not
// a copy); row r of B is masked by the splat of r < k. Each row is rounded to tf32 and written
// to its row of a buffer, and the dot, now ieee, reads the buffers.
// CHECK-LABEL: tt.func @tutorial
// CHECK-SAME: (%[[A:[^:]*]]: !tt.ptr<f32>, %[[B:[^:]*]]: !tt.ptr<f32>, %{{[^:]*}}: !tt.ptr<f32>, %[[STRIDE:[^:]*]]: i32, %[[K:[^:]*]]: i32)
// CHECK: %[[COLS:.*]] = tt.make_range {end = 16 : i32, start = 0 : i32}
// CHECK: %[[ABUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<8x16xf32, #shared, mutable>
// CHECK: scf.for %[[R:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK:   %[[APTR:.*]] = tt.splat %[[A]] : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>, #slice>
// CHECK:   %[[ROW:.*]] = arith.addi %{{.*}}, %[[R]] : i32
// CHECK:   %[[START:.*]] = arith.muli %[[ROW]], %[[STRIDE]] : i32
// CHECK:   %[[SPLAT:.*]] = tt.splat %[[START]] : i32 -> tensor<16xi32, #slice>
// CHECK:   %[[OFF:.*]] = arith.addi %[[SPLAT]], %[[COLS]] : tensor<16xi32, #slice>
// CHECK:   %[[PTRS:.*]] = tt.addptr %[[APTR]], %[[OFF]]
// CHECK:   %[[KS:.*]] = tt.splat %[[K]] : i32 -> tensor<16xi32, #slice>
// CHECK:   %[[MASK:.*]] = arith.cmpi slt, %[[COLS]], %[[KS]] : tensor<16xi32, #slice>
// CHECK:   %[[OTHER:.*]] = arith.constant dense<0.000000e+00> : tensor<16xf32, #slice>
// CHECK:   %[[VALUES:.*]] = tt.load %[[PTRS]], %[[MASK]], %[[OTHER]] : tensor<16x!tt.ptr<f32>, #slice>
// CHECK:   arith.bitcast %[[VALUES]] : tensor<16xf32, #slice> to tensor<16xi32, #slice>
// CHECK:   %[[ROUNDED:.*]] = arith.bitcast %{{.*}} : tensor<16xi32, #slice> to tensor<16xf32, #slice>
// CHECK:   %[[VIEW:.*]] = ttg.memdesc_index %[[ABUF]][%[[R]]] : !ttg.memdesc<8x16xf32, #shared, mutable> -> !ttg.memdesc<16xf32, #shared1, mutable>
// CHECK:   ttg.local_store %[[ROUNDED]], %[[VIEW]]
// CHECK: }
// CHECK: %[[BBUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<16x16xf32, #shared, mutable>
// CHECK: scf.for %[[R2:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK:   %[[BROW:.*]] = arith.addi %{{.*}}, %[[R2]] : i32
// CHECK:   %[[IN:.*]] = arith.cmpi slt, %[[BROW]], %[[K]] : i32
// CHECK:   %[[BMASK:.*]] = tt.splat %[[IN]] : i1 -> tensor<16xi1, #slice>
// CHECK:   tt.load %{{.*}}, %[[BMASK]], %{{.*}} : tensor<16x!tt.ptr<f32>, #slice>
// CHECK:   ttg.local_store
// CHECK: }
// CHECK-NOT: tt.load
// CHECK: %[[AT:.*]] = ttg.local_load %[[ABUF]] : !ttg.memdesc<8x16xf32, #shared, mutable> -> tensor<8x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
// CHECK: %[[BT:.*]] = ttg.local_load %[[BBUF]] : !ttg.memdesc<16x16xf32, #shared, mutable> -> tensor<16x16xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
// CHECK: tt.dot %[[AT]], %[[BT]], %{{.*}} : tensor<8x16xf32
// CHECK-NOT: inputPrecision

// The dot reads the two row buffers in place: the only other stack buffer is its accumulator.
// VECTOR-LABEL: func.func private @tutorial_impl
// VECTOR-COUNT-3: memref.alloca()
// VECTOR-NOT: memref.alloca()
// VECTOR: return
tt.func @tutorial(%a_ptr: !tt.ptr<f32>, %b_ptr: !tt.ptr<f32>, %out: !tt.ptr<f32>, %stride: i32, %k: i32) {
  %rows = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #rows>
  %cols = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #cols>
  %r2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<8xi32, #rows> -> tensor<8x1xi32, #blocked>
  %s = tt.splat %stride : i32 -> tensor<8x1xi32, #blocked>
  %rs = arith.muli %r2, %s : tensor<8x1xi32, #blocked>
  %c2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<16xi32, #cols> -> tensor<1x16xi32, #blocked>
  %rsb = tt.broadcast %rs : tensor<8x1xi32, #blocked> -> tensor<8x16xi32, #blocked>
  %c2b = tt.broadcast %c2 : tensor<1x16xi32, #blocked> -> tensor<8x16xi32, #blocked>
  %off = arith.addi %rsb, %c2b : tensor<8x16xi32, #blocked>
  %ap = tt.splat %a_ptr : !tt.ptr<f32> -> tensor<8x16x!tt.ptr<f32>, #blocked>
  %aps = tt.addptr %ap, %off : tensor<8x16x!tt.ptr<f32>, #blocked>, tensor<8x16xi32, #blocked>
  %ks = tt.splat %k : i32 -> tensor<1x16xi32, #blocked>
  %km = arith.cmpi slt, %c2, %ks : tensor<1x16xi32, #blocked>
  %kmb = tt.broadcast %km : tensor<1x16xi1, #blocked> -> tensor<8x16xi1, #blocked>
  %zero = arith.constant dense<0.0> : tensor<8x16xf32, #blocked>
  %a = tt.load %aps, %kmb, %zero : tensor<8x16x!tt.ptr<f32>, #blocked>
  %krows = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #rows>
  %k2 = tt.expand_dims %krows {axis = 1 : i32} : tensor<16xi32, #rows> -> tensor<16x1xi32, #blocked>
  %c16 = arith.constant dense<16> : tensor<16x1xi32, #blocked>
  %ks16 = arith.muli %k2, %c16 : tensor<16x1xi32, #blocked>
  %kb = tt.broadcast %ks16 : tensor<16x1xi32, #blocked> -> tensor<16x16xi32, #blocked>
  %c2b16 = tt.broadcast %c2 : tensor<1x16xi32, #blocked> -> tensor<16x16xi32, #blocked>
  %boff = arith.addi %kb, %c2b16 : tensor<16x16xi32, #blocked>
  %bp = tt.splat %b_ptr : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>, #blocked>
  %bps = tt.addptr %bp, %boff : tensor<16x16x!tt.ptr<f32>, #blocked>, tensor<16x16xi32, #blocked>
  %kcol = tt.splat %k : i32 -> tensor<16x1xi32, #blocked>
  %kin = arith.cmpi slt, %k2, %kcol : tensor<16x1xi32, #blocked>
  %kinb = tt.broadcast %kin : tensor<16x1xi1, #blocked> -> tensor<16x16xi1, #blocked>
  %zero16 = arith.constant dense<0.0> : tensor<16x16xf32, #blocked>
  %b = tt.load %bps, %kinb, %zero16 : tensor<16x16x!tt.ptr<f32>, #blocked>
  %ad = ttg.convert_layout %a : tensor<8x16xf32, #blocked> -> tensor<8x16xf32, #a>
  %bd = ttg.convert_layout %b : tensor<16x16xf32, #blocked> -> tensor<16x16xf32, #b>
  %acc = arith.constant dense<0.0> : tensor<8x16xf32, #blocked>
  %d = tt.dot %ad, %bd, %acc, inputPrecision = tf32 : tensor<8x16xf32, #a> * tensor<16x16xf32, #b> -> tensor<8x16xf32, #blocked>
  %op = tt.splat %out : !tt.ptr<f32> -> tensor<8x16x!tt.ptr<f32>, #blocked>
  tt.store %op, %d : tensor<8x16x!tt.ptr<f32>, #blocked>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
#acc = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#a = #ttg.dot_op<{opIdx = 0, parent = #acc}>
#b = #ttg.dot_op<{opIdx = 1, parent = #acc}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx2"} {
// f16 rows in a layout of 16 lanes are extended to f32 in a layout of the 8 lanes that one
// register holds; the buffers hold f32, and the dot keeps its ieee precision.
// CHECK-LABEL: tt.func @extended
// CHECK: scf.for
// CHECK:   %[[H:.*]] = tt.load %{{.*}} : tensor<16x!tt.ptr<f16>, #slice>
// CHECK:   %[[MOVED:.*]] = ttg.convert_layout %[[H]] : tensor<16xf16, #slice> -> tensor<16xf16, #[[EIGHT:.*]]>
// CHECK:   %[[F:.*]] = arith.extf %[[MOVED]] : tensor<16xf16, #[[EIGHT]]> to tensor<16xf32, #[[EIGHT]]>
// CHECK:   ttg.local_store %[[F]], %{{.*}} : tensor<16xf32, #[[EIGHT]]> -> !ttg.memdesc<16xf32
// CHECK: scf.for
// CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x16xf32, #ttg.dot_op<{opIdx = 0, parent = #[[ACC:.*]]}>> * tensor<16x16xf32, #ttg.dot_op<{opIdx = 1, parent = #[[ACC]]}>> -> tensor<16x16xf32, #[[ACC]]>
tt.func @extended(%a_ptr: !tt.ptr<f16>, %b_ptr: !tt.ptr<f16>, %out: !tt.ptr<f32>) {
  %ap = tt.splat %a_ptr : !tt.ptr<f16> -> tensor<16x16x!tt.ptr<f16>, #blocked>
  %a = tt.load %ap : tensor<16x16x!tt.ptr<f16>, #blocked>
  %bp = tt.splat %b_ptr : !tt.ptr<f16> -> tensor<16x16x!tt.ptr<f16>, #blocked>
  %b = tt.load %bp : tensor<16x16x!tt.ptr<f16>, #blocked>
  %ad = ttg.convert_layout %a : tensor<16x16xf16, #blocked> -> tensor<16x16xf16, #a>
  %bd = ttg.convert_layout %b : tensor<16x16xf16, #blocked> -> tensor<16x16xf16, #b>
  %acc = arith.constant dense<0.0> : tensor<16x16xf32, #acc>
  %d = tt.dot %ad, %bd, %acc : tensor<16x16xf16, #a> * tensor<16x16xf16, #b> -> tensor<16x16xf32, #acc>
  %op = tt.splat %out : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>, #acc>
  tt.store %op, %d : tensor<16x16x!tt.ptr<f32>, #acc>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#a = #ttg.dot_op<{opIdx = 0, parent = #blocked}>
#b = #ttg.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx2"} {
// B's pointers are a loop's argument, whose rows cannot be computed: B stays a whole-tile
// load, rounded to tf32 as a tile, while A is loaded by rows; the dot is then ieee.
// CHECK-LABEL: tt.func @carried_pointers
// CHECK: scf.for
// CHECK:   ttg.local_alloc
// CHECK:   scf.for
// CHECK:     tt.load %{{.*}} : tensor<8x!tt.ptr<f32>, #slice>
// CHECK:   }
// CHECK:   tt.load %{{.*}} : tensor<8x8x!tt.ptr<f32>, #blocked>
// CHECK:   %[[A:.*]] = ttg.local_load
// CHECK:   arith.bitcast %{{.*}} : tensor<8x8xf32, {{.*}}> to tensor<8x8xi32
// CHECK:   %[[B:.*]] = arith.bitcast %{{.*}} : tensor<8x8xi32, {{.*}}> to tensor<8x8xf32
// CHECK:   tt.dot %[[A]], %[[B]], %{{.*}} : tensor<8x8xf32
// CHECK-NOT: inputPrecision
tt.func @carried_pointers(%a_ptr: !tt.ptr<f32>, %b_ptrs: tensor<8x8x!tt.ptr<f32>, #blocked>, %n: i32) -> tensor<8x8xf32, #blocked> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<8x8xf32, #blocked>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %bp = %b_ptrs) -> (tensor<8x8xf32, #blocked>, tensor<8x8x!tt.ptr<f32>, #blocked>) : i32 {
    %ap = tt.splat %a_ptr : !tt.ptr<f32> -> tensor<8x8x!tt.ptr<f32>, #blocked>
    %a = tt.load %ap : tensor<8x8x!tt.ptr<f32>, #blocked>
    %b = tt.load %bp : tensor<8x8x!tt.ptr<f32>, #blocked>
    %ad = ttg.convert_layout %a : tensor<8x8xf32, #blocked> -> tensor<8x8xf32, #a>
    %bd = ttg.convert_layout %b : tensor<8x8xf32, #blocked> -> tensor<8x8xf32, #b>
    %d = tt.dot %ad, %bd, %acc, inputPrecision = tf32 : tensor<8x8xf32, #a> * tensor<8x8xf32, #b> -> tensor<8x8xf32, #blocked>
    scf.yield %d, %bp : tensor<8x8xf32, #blocked>, tensor<8x8x!tt.ptr<f32>, #blocked>
  }
  tt.return %r#0 : tensor<8x8xf32, #blocked>
}

// A's loaded tile has a second user (a store): it stays a whole-tile load, and only B is
// loaded by rows.
// CHECK-LABEL: tt.func @shared_tile
// CHECK: %[[A:.*]] = tt.load %{{.*}} : tensor<8x8x!tt.ptr<f32>, #blocked>
// CHECK: ttg.local_alloc
// CHECK: scf.for
// CHECK: tt.dot
// CHECK: tt.store %{{.*}}, %[[A]]
tt.func @shared_tile(%a_ptr: !tt.ptr<f32>, %out: !tt.ptr<f32>) -> tensor<8x8xf32, #blocked> {
  %ap = tt.splat %a_ptr : !tt.ptr<f32> -> tensor<8x8x!tt.ptr<f32>, #blocked>
  %a = tt.load %ap : tensor<8x8x!tt.ptr<f32>, #blocked>
  %b = tt.load %ap : tensor<8x8x!tt.ptr<f32>, #blocked>
  %ad = ttg.convert_layout %a : tensor<8x8xf32, #blocked> -> tensor<8x8xf32, #a>
  %bd = ttg.convert_layout %b : tensor<8x8xf32, #blocked> -> tensor<8x8xf32, #b>
  %zero = arith.constant dense<0.0> : tensor<8x8xf32, #blocked>
  %d = tt.dot %ad, %bd, %zero : tensor<8x8xf32, #a> * tensor<8x8xf32, #b> -> tensor<8x8xf32, #blocked>
  %op = tt.splat %out : !tt.ptr<f32> -> tensor<8x8x!tt.ptr<f32>, #blocked>
  tt.store %op, %a : tensor<8x8x!tt.ptr<f32>, #blocked>
  tt.return %d : tensor<8x8xf32, #blocked>
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#i64 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
#a = #ttg.dot_op<{opIdx = 0, parent = #blocked}>
#b = #ttg.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx2"} {
// A K loop that advances its pointer tiles by a scalar offset (as cpu-rebase-loop-pointers
// leaves them): after loading a row, each row loop prefetches the same row of the next
// iteration, its pointers moved by the step the loop adds to the offset (i64 offsets, in a
// layout of at most the 4 lanes a register holds). On the CPU a prefetch is one llvm.intr.prefetch for
// reading per register chunk: two for a row of 16 f32.
// CHECK-LABEL: tt.func @k_loop
// CHECK-SAME: %[[STEP:[^:]*]]: i64)
// CHECK: scf.for
// CHECK:   scf.for
// CHECK:     %[[ROW:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<16x!tt.ptr<f32>, #slice>, tensor<16xi64, #{{.*}}>
// CHECK:     tt.load %[[ROW]] : tensor<16x!tt.ptr<f32>, #slice>
// CHECK:     %[[STEPS:.*]] = tt.splat %[[STEP]] : i64 -> tensor<16xi64, #[[FOUR:.*]]>
// CHECK:     %[[NEXT:.*]] = tt.addptr %[[ROW]], %[[STEPS]] : tensor<16x!tt.ptr<f32>, #slice>, tensor<16xi64, #[[FOUR]]>
// CHECK:     ttg.prefetch %[[NEXT]] : tensor<16x!tt.ptr<f32>, #slice>
// CHECK:     ttg.local_store
// CHECK:   scf.for
// CHECK:     ttg.prefetch
// CHECK:   tt.dot

// VECTOR-LABEL: func.func private @k_loop_impl
// VECTOR: scf.for
// VECTOR: scf.for
// VECTOR-COUNT-2: "llvm.intr.prefetch"(%{{.*}}) <{cache = 1 : i32, hint = 2 : i32, rw = 0 : i32}>
// VECTOR-NOT: "llvm.intr.prefetch"
// VECTOR: vector.store
tt.func @k_loop(%a_ptr: !tt.ptr<f32>, %b_ptr: !tt.ptr<f32>, %n: i32, %step: i64) -> tensor<8x16xf32, #blocked> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %o0 = arith.constant 0 : i64
  %zero = arith.constant dense<0.0> : tensor<8x16xf32, #blocked>
  %abase = tt.splat %a_ptr : !tt.ptr<f32> -> tensor<8x16x!tt.ptr<f32>, #blocked>
  %bbase = tt.splat %b_ptr : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>, #blocked>
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %oa = %o0, %ob = %o0) -> (tensor<8x16xf32, #blocked>, i64, i64) : i32 {
    %sa = tt.splat %oa : i64 -> tensor<8x16xi64, #i64>
    %pa = tt.addptr %abase, %sa : tensor<8x16x!tt.ptr<f32>, #blocked>, tensor<8x16xi64, #i64>
    %a = tt.load %pa : tensor<8x16x!tt.ptr<f32>, #blocked>
    %sb = tt.splat %ob : i64 -> tensor<16x16xi64, #i64>
    %pb = tt.addptr %bbase, %sb : tensor<16x16x!tt.ptr<f32>, #blocked>, tensor<16x16xi64, #i64>
    %b = tt.load %pb : tensor<16x16x!tt.ptr<f32>, #blocked>
    %ad = ttg.convert_layout %a : tensor<8x16xf32, #blocked> -> tensor<8x16xf32, #a>
    %bd = ttg.convert_layout %b : tensor<16x16xf32, #blocked> -> tensor<16x16xf32, #b>
    %d = tt.dot %ad, %bd, %acc : tensor<8x16xf32, #a> * tensor<16x16xf32, #b> -> tensor<8x16xf32, #blocked>
    %na = arith.addi %oa, %step : i64
    %nb = arith.addi %ob, %step : i64
    scf.yield %d, %na, %nb : tensor<8x16xf32, #blocked>, i64, i64
  }
  tt.return %r#0 : tensor<8x16xf32, #blocked>
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#a = #ttg.dot_op<{opIdx = 0, parent = #blocked}>
#b = #ttg.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx2"} {
// A flash-attention shape: the query tile is loaded before the loop and the other operand is
// computed in it. The query's rows are loaded (and extended) once, before the loop, and every
// iteration's dot reads that buffer; the computed f16 tile is extended to f32 as a whole.
// CHECK-LABEL: tt.func @query_outside_loop
// CHECK: %[[Q:.*]] = ttg.local_alloc : () -> !ttg.memdesc<8x16xf32, #shared, mutable>
// CHECK: scf.for
// CHECK:   tt.load %{{.*}} : tensor<16x!tt.ptr<f16>, #slice>
// CHECK:   arith.extf
// CHECK: }
// CHECK: scf.for
// CHECK:   %[[P:.*]] = arith.mulf
// CHECK:   %[[QT:.*]] = ttg.local_load %[[Q]]
// CHECK:   %[[PT:.*]] = arith.extf %[[P]] : tensor<16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> to tensor<16x8xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
// CHECK:   tt.dot %[[QT]], %[[PT]], %{{.*}} : tensor<8x16xf32
tt.func @query_outside_loop(%q_ptr: !tt.ptr<f16>, %p0: tensor<16x8xf16, #b>, %n: i32) -> tensor<8x8xf32, #blocked> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<8x8xf32, #blocked>
  %qp = tt.splat %q_ptr : !tt.ptr<f16> -> tensor<8x16x!tt.ptr<f16>, #blocked>
  %q = tt.load %qp : tensor<8x16x!tt.ptr<f16>, #blocked>
  %qd = ttg.convert_layout %q : tensor<8x16xf16, #blocked> -> tensor<8x16xf16, #a>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<8x8xf32, #blocked>) : i32 {
    %p = arith.mulf %p0, %p0 : tensor<16x8xf16, #b>
    %d = tt.dot %qd, %p, %acc : tensor<8x16xf16, #a> * tensor<16x8xf16, #b> -> tensor<8x8xf32, #blocked>
    scf.yield %d : tensor<8x8xf32, #blocked>
  }
  tt.return %r : tensor<8x8xf32, #blocked>
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#rows = #ttg.slice<{dim = 1, parent = #blocked}>
#cols = #ttg.slice<{dim = 0, parent = #blocked}>
#a = #ttg.dot_op<{opIdx = 0, parent = #blocked}>
#b = #ttg.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx2"} {
// B held column-major (`a @ b.T` with b stored (N, K)): its pointers are b_ptr +
// rows_k[:, None] + cols[None, :] * stride, consecutive down a column and not along a row.
// The loop runs over B's 16 columns instead: column n is b_ptr + rows_k + splat(n * stride),
// a contiguous load, written to row n of a buffer of the tile transposed; the dot reads B as
// the transpose of that buffer, which its lowering copies in 8 x 8 register blocks: eight rows
// of the buffer loaded, eight vectors of their elements stored as columns.
// CHECK-LABEL: tt.func @column_major_b
// CHECK-SAME: (%{{[^:]*}}: !tt.ptr<f32>, %[[B:[^:]*]]: !tt.ptr<f32>, %{{[^:]*}}: !tt.ptr<f32>, %[[STRIDE:[^:]*]]: i32)
// CHECK: %[[KS:.*]] = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #[[ROWS:.*]]>
// CHECK: %[[BBUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<16x16xf32, #shared, mutable>
// CHECK: scf.for %[[N:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK:   %[[COLUMN:.*]] = arith.muli %{{.*}}, %[[STRIDE]] : i32
// CHECK:   %[[SPLAT:.*]] = tt.splat %[[COLUMN]] : i32 -> tensor<16xi32, #[[ROWS]]>
// CHECK:   %[[OFF:.*]] = arith.addi %[[KS]], %[[SPLAT]] : tensor<16xi32, #[[ROWS]]>
// CHECK:   %[[PTRS:.*]] = tt.addptr %{{.*}}, %[[OFF]]
// CHECK:   %[[VALUES:.*]] = tt.load %[[PTRS]] : tensor<16x!tt.ptr<f32>, #[[ROWS]]>
// CHECK:   %[[VIEW:.*]] = ttg.memdesc_index %[[BBUF]][%[[N]]]
// CHECK:   ttg.local_store %[[VALUES]], %[[VIEW]]
// CHECK: }
// CHECK: %[[COLUMNS:.*]] = ttg.local_load %[[BBUF]] : !ttg.memdesc<16x16xf32, #shared, mutable> -> tensor<16x16xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
// CHECK: %[[BT:.*]] = tt.trans %[[COLUMNS]] {order = array<i32: 1, 0>}
// CHECK: tt.dot %{{.*}}, %[[BT]], %{{.*}}

// VECTOR-LABEL: func.func private @column_major_b_impl
// VECTOR-NOT: llvm.intr.masked.gather
// VECTOR: scf.for %[[ROW:[^ ]*]] = %c0 to %c16 step %c8 {
// VECTOR:   scf.for %[[COLUMN:[^ ]*]] = %c0 to %c16 step %c8 {
// VECTOR-COUNT-8: vector.load %{{.*}} : memref<16x16xf32>, vector<8xf32>
// VECTOR:     %[[T0:.*]] = vector.from_elements
// VECTOR:     vector.store %[[T0]], %{{.*}}[%[[COLUMN]], %[[ROW]]] : memref<16x16xf32>, vector<8xf32>
// VECTOR-NOT: llvm.intr.masked.gather
// VECTOR: return
tt.func @column_major_b(%a_ptr: !tt.ptr<f32>, %b_ptr: !tt.ptr<f32>, %out: !tt.ptr<f32>, %stride: i32) {
  %ap = tt.splat %a_ptr : !tt.ptr<f32> -> tensor<8x16x!tt.ptr<f32>, #blocked>
  %a = tt.load %ap : tensor<8x16x!tt.ptr<f32>, #blocked>
  %krows = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #rows>
  %k2 = tt.expand_dims %krows {axis = 1 : i32} : tensor<16xi32, #rows> -> tensor<16x1xi32, #blocked>
  %cols = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #cols>
  %c2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<16xi32, #cols> -> tensor<1x16xi32, #blocked>
  %s = tt.splat %stride : i32 -> tensor<1x16xi32, #blocked>
  %cs = arith.muli %c2, %s : tensor<1x16xi32, #blocked>
  %kb = tt.broadcast %k2 : tensor<16x1xi32, #blocked> -> tensor<16x16xi32, #blocked>
  %csb = tt.broadcast %cs : tensor<1x16xi32, #blocked> -> tensor<16x16xi32, #blocked>
  %boff = arith.addi %kb, %csb : tensor<16x16xi32, #blocked>
  %bp = tt.splat %b_ptr : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>, #blocked>
  %bps = tt.addptr %bp, %boff : tensor<16x16x!tt.ptr<f32>, #blocked>, tensor<16x16xi32, #blocked>
  %b = tt.load %bps : tensor<16x16x!tt.ptr<f32>, #blocked>
  %ad = ttg.convert_layout %a : tensor<8x16xf32, #blocked> -> tensor<8x16xf32, #a>
  %bd = ttg.convert_layout %b : tensor<16x16xf32, #blocked> -> tensor<16x16xf32, #b>
  %acc = arith.constant dense<0.0> : tensor<8x16xf32, #blocked>
  %d = tt.dot %ad, %bd, %acc : tensor<8x16xf32, #a> * tensor<16x16xf32, #b> -> tensor<8x16xf32, #blocked>
  %op = tt.splat %out : !tt.ptr<f32> -> tensor<8x16x!tt.ptr<f32>, #blocked>
  tt.store %op, %d : tensor<8x16x!tt.ptr<f32>, #blocked>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#rows = #ttg.slice<{dim = 1, parent = #blocked}>
#cols = #ttg.slice<{dim = 0, parent = #blocked}>
#a = #ttg.dot_op<{opIdx = 0, parent = #blocked}>
#b = #ttg.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx2"} {
// B wider than a block of the dot's micro-kernel (2 x 8 columns on AVX2): its buffer is laid
// out in panels of 16 columns, each row written to its slice of the panels, and the dot,
// visiting its blocks a column of blocks at a time, reads each panel's rows consecutively.
// CHECK: #[[$PANELS:.*]] = #ttg.panel_shared<{width = 16, rows = 8}>
// CHECK-LABEL: tt.func @panels_b
// CHECK: %[[BBUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<8x32xf32, #[[$PANELS]], mutable>
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK:   %[[VALUES:.*]] = tt.load %{{.*}} : tensor<32x!tt.ptr<f32>, #{{.*}}>
// CHECK:   %[[VIEW:.*]] = ttg.memdesc_index %[[BBUF]][%[[K]]] : !ttg.memdesc<8x32xf32, #[[$PANELS]], mutable> -> !ttg.memdesc<32xf32, #[[$PANELS]], mutable>
// CHECK:   ttg.local_store %[[VALUES]], %[[VIEW]]
// CHECK: }
// CHECK: %[[BT:.*]] = ttg.local_load %[[BBUF]] : !ttg.memdesc<8x32xf32, #[[$PANELS]], mutable> -> tensor<8x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
// CHECK: tt.dot %{{.*}}, %[[BT]], %{{.*}}

// VECTOR-LABEL: func.func private @panels_b_impl
// VECTOR: %[[ELEMENTS:.*]] = memref.alloca() {alignment = 64 : i64} : memref<256xf32>
// VECTOR: %[[PANELS:.*]] = memref.reinterpret_cast %[[ELEMENTS]] to offset: [0], sizes: [8, 2, 16], strides: [16, 128, 1]
// VECTOR: scf.for %[[COLUMN:[^ ]*]] = %c0 to %c32 step %c16 {
// VECTOR:   %[[PANEL:.*]] = arith.divui %[[COLUMN]], %c16 : index
// VECTOR:   scf.for %[[K:[^ ]*]] = %c0 to %c8 step %c1
// VECTOR:     vector.load %[[PANELS]][%[[K]], %[[PANEL]], %c0] : memref<8x2x16xf32, strided<[16, 128, 1]>>, vector<8xf32>
// VECTOR:     vector.load %[[PANELS]][%[[K]], %[[PANEL]], %c8] : memref<8x2x16xf32, strided<[16, 128, 1]>>, vector<8xf32>
// VECTOR: return
tt.func @panels_b(%a_ptr: !tt.ptr<f32>, %b_ptr: !tt.ptr<f32>, %out: !tt.ptr<f32>) {
  %ap = tt.splat %a_ptr : !tt.ptr<f32> -> tensor<8x8x!tt.ptr<f32>, #blocked>
  %a = tt.load %ap : tensor<8x8x!tt.ptr<f32>, #blocked>
  %krows = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #rows>
  %k2 = tt.expand_dims %krows {axis = 1 : i32} : tensor<8xi32, #rows> -> tensor<8x1xi32, #blocked>
  %c32 = arith.constant dense<32> : tensor<8x1xi32, #blocked>
  %ks = arith.muli %k2, %c32 : tensor<8x1xi32, #blocked>
  %cols = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #cols>
  %c2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<32xi32, #cols> -> tensor<1x32xi32, #blocked>
  %kb = tt.broadcast %ks : tensor<8x1xi32, #blocked> -> tensor<8x32xi32, #blocked>
  %cb = tt.broadcast %c2 : tensor<1x32xi32, #blocked> -> tensor<8x32xi32, #blocked>
  %boff = arith.addi %kb, %cb : tensor<8x32xi32, #blocked>
  %bp = tt.splat %b_ptr : !tt.ptr<f32> -> tensor<8x32x!tt.ptr<f32>, #blocked>
  %bps = tt.addptr %bp, %boff : tensor<8x32x!tt.ptr<f32>, #blocked>, tensor<8x32xi32, #blocked>
  %b = tt.load %bps : tensor<8x32x!tt.ptr<f32>, #blocked>
  %ad = ttg.convert_layout %a : tensor<8x8xf32, #blocked> -> tensor<8x8xf32, #a>
  %bd = ttg.convert_layout %b : tensor<8x32xf32, #blocked> -> tensor<8x32xf32, #b>
  %acc = arith.constant dense<0.0> : tensor<8x32xf32, #blocked>
  %d = tt.dot %ad, %bd, %acc : tensor<8x8xf32, #a> * tensor<8x32xf32, #b> -> tensor<8x32xf32, #blocked>
  %op = tt.splat %out : !tt.ptr<f32> -> tensor<8x32x!tt.ptr<f32>, #blocked>
  tt.store %op, %d : tensor<8x32x!tt.ptr<f32>, #blocked>
  tt.return
}
}
