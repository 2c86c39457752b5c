// RUN: nereid-opt %s -split-input-file --cpu-convert-to-vector=target=cpu:x86_64:avx512 | FileCheck %s
// RUN: nereid-opt %s -split-input-file --cpu-convert-to-vector=target=cpu:x86_64:avx2 | FileCheck %s --check-prefix=AVX2

// cpu-convert-to-vector: tiles become vectors, and ops on tiles wider than a register become
// chunks of the target's f32 lanes (16 for AVX-512, the default target; 8 for AVX2). The ops
// are checked as the pass emits them, before canonicalization.

// A kernel becomes a private func.func `<name>_impl`, marked nereid.kernel = "<name>", with six i32
// parameters appended: the program ids along x, y, z, then the grid's sizes. The program-id
// queries read them. A device function gets the six parameters too, but no mark.
// CHECK-LABEL: func.func private @program_ids_impl
// CHECK-SAME: (%[[P:[^:]*]]: !llvm.ptr, %[[N:[^:]*]]: i32, %[[PIDX:[^:]*]]: i32, %[[PIDY:[^:]*]]: i32, %[[PIDZ:[^:]*]]: i32, %[[GX:[^:]*]]: i32, %[[GY:[^:]*]]: i32, %[[GZ:[^:]*]]: i32)
// CHECK-SAME: attributes {nereid.kernel = "program_ids"}
// CHECK: %[[S:.*]] = arith.addi %[[PIDX]], %[[PIDY]] : i32
// CHECK: %[[T:.*]] = arith.addi %[[S]], %[[PIDZ]] : i32
// CHECK: %[[U:.*]] = arith.addi %[[T]], %[[GX]] : i32
// CHECK: %[[V:.*]] = arith.addi %[[U]], %[[GZ]] : i32
// CHECK: llvm.store %[[V]], %[[P]] {alignment = 4 : i64} : i32, !llvm.ptr
// CHECK: return
// CHECK-LABEL: func.func private @device
// CHECK-SAME: (%{{.*}}: f32, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32) -> f32 {
tt.func public @program_ids(%p: !tt.ptr<i32>, %n: i32) {
  %x = tt.get_program_id x : i32
  %y = tt.get_program_id y : i32
  %z = tt.get_program_id z : i32
  %gx = tt.get_num_programs x : i32
  %gz = tt.get_num_programs z : i32
  %s = arith.addi %x, %y : i32
  %t = arith.addi %s, %z : i32
  %u = arith.addi %t, %gx : i32
  %v = arith.addi %u, %gz : i32
  tt.store %p, %v : !tt.ptr<i32>
  tt.return
}

tt.func private @device(%a: f32) -> f32 {
  tt.return %a : f32
}

// -----

// Shape ops are vector shape ops on the whole tile; row-major order is kept.
// CHECK-LABEL: func.func private @shapes_impl
// CHECK-SAME: (%[[A:[^:]*]]: f32
// CHECK: %[[SPLAT:.*]] = vector.broadcast %[[A]] : f32 to vector<8xf32>
// CHECK: arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7]> : vector<8xi32>
// CHECK: %[[EXP:.*]] = vector.shape_cast %[[SPLAT]] : vector<8xf32> to vector<1x8xf32>
// CHECK: %[[BC:.*]] = vector.broadcast %[[EXP]] : vector<1x8xf32> to vector<4x8xf32>
// CHECK: vector.shape_cast %[[BC]] : vector<4x8xf32> to vector<32xf32>
// CHECK: vector.transpose %[[BC]], [1, 0] : vector<4x8xf32> to vector<8x4xf32>
// tt.cat puts its operands one after the other along dimension 0.
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<8x8xf32>
// CHECK: %[[LOW:.*]] = vector.insert_strided_slice %[[BC]], %[[ZERO]] {offsets = [0, 0], strides = [1, 1]} : vector<4x8xf32> into vector<8x8xf32>
// CHECK: vector.insert_strided_slice %[[BC]], %[[LOW]] {offsets = [4, 0], strides = [1, 1]} : vector<4x8xf32> into vector<8x8xf32>
// tt.join interleaves the last dimensions (lhs[i], rhs[i], ...), which is [..., 2] row-major.
// CHECK: %[[IL:.*]] = vector.interleave %[[BC]], %[[BC]] : vector<4x8xf32> -> vector<4x16xf32>
// CHECK: %[[J:.*]] = vector.shape_cast %[[IL]] : vector<4x16xf32> to vector<4x8x2xf32>
// tt.split undoes it.
// CHECK: %[[FLAT:.*]] = vector.shape_cast %[[J]] : vector<4x8x2xf32> to vector<4x16xf32>
// CHECK: %[[L:.*]], %{{.*}} = vector.deinterleave %[[FLAT]] : vector<4x16xf32> -> vector<4x8xf32>
// CHECK: return %[[L]] : vector<4x8xf32>
tt.func public @shapes(%a: f32) -> tensor<4x8xf32> {
  %s = tt.splat %a : f32 -> tensor<8xf32>
  %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %e = tt.expand_dims %s {axis = 0 : i32} : tensor<8xf32> -> tensor<1x8xf32>
  %b = tt.broadcast %e : tensor<1x8xf32> -> tensor<4x8xf32>
  %rs = tt.reshape %b : tensor<4x8xf32> -> tensor<32xf32>
  %t = tt.trans %b {order = array<i32: 1, 0>} : tensor<4x8xf32> -> tensor<8x4xf32>
  %c = tt.cat %b, %b : tensor<4x8xf32> -> tensor<8x8xf32>
  %j = tt.join %b, %b : tensor<4x8xf32> -> tensor<4x8x2xf32>
  %l, %h = tt.split %j : tensor<4x8x2xf32> -> tensor<4x8xf32>
  tt.return %l : tensor<4x8xf32>
}

// -----

// Elementwise ops on a tile of 32 f32 run in register-sized chunks: two of 16 lanes for
// AVX-512, four of 8 for AVX2, each sliced out of the operands and inserted into the result.
// CHECK-LABEL: func.func private @chunks_impl
// CHECK-SAME: (%[[X:[^:]*]]: vector<32xf32>, %[[Y:[^:]*]]: vector<32xf32>
// CHECK: %[[INIT:.*]] = ub.poison : vector<32xf32>
// CHECK: %[[X0:.*]] = vector.extract_strided_slice %[[X]] {offsets = [0], sizes = [16], strides = [1]} : vector<32xf32> to vector<16xf32>
// CHECK: %[[Y0:.*]] = vector.extract_strided_slice %[[Y]] {offsets = [0], sizes = [16], strides = [1]} : vector<32xf32> to vector<16xf32>
// CHECK: %[[S0:.*]] = arith.addf %[[X0]], %[[Y0]] : vector<16xf32>
// CHECK: %[[R0:.*]] = vector.insert_strided_slice %[[S0]], %[[INIT]] {offsets = [0], strides = [1]} : vector<16xf32> into vector<32xf32>
// CHECK: %[[X1:.*]] = vector.extract_strided_slice %[[X]] {offsets = [16], sizes = [16], strides = [1]}
// CHECK: %[[Y1:.*]] = vector.extract_strided_slice %[[Y]] {offsets = [16], sizes = [16], strides = [1]}
// CHECK: %[[S1:.*]] = arith.addf %[[X1]], %[[Y1]] : vector<16xf32>
// CHECK: %[[R1:.*]] = vector.insert_strided_slice %[[S1]], %[[R0]] {offsets = [16], strides = [1]} : vector<16xf32> into vector<32xf32>
// CHECK-NOT: arith.addf
// CHECK: return %[[R1]]
// AVX2-LABEL: func.func private @chunks_impl
// AVX2-COUNT-4: arith.addf %{{.*}}, %{{.*}} : vector<8xf32>
// AVX2-NOT: arith.addf
// AVX2: return
tt.func public @chunks(%x: tensor<32xf32>, %y: tensor<32xf32>) -> tensor<32xf32> {
  %s = arith.addf %x, %y : tensor<32xf32>
  tt.return %s : tensor<32xf32>
}

// -----

// A 2-D tile is computed row by row, and each row in chunks; a row no longer than a chunk is
// one op. Scalars stay scalars.
// CHECK-LABEL: func.func private @rows_impl
// CHECK-SAME: (%[[X:[^:]*]]: vector<2x8xi32>, %[[A:[^:]*]]: i32
// CHECK: %[[X0:.*]] = vector.extract %[[X]][0] : vector<8xi32> from vector<2x8xi32>
// CHECK: arith.muli %[[X0]], %{{.*}} : vector<8xi32>
// CHECK: %[[X1:.*]] = vector.extract %[[X]][1] : vector<8xi32> from vector<2x8xi32>
// CHECK: arith.muli %[[X1]], %{{.*}} : vector<8xi32>
// CHECK: arith.muli %[[A]], %[[A]] : i32
tt.func public @rows(%x: tensor<2x8xi32>, %a: i32) -> (tensor<2x8xi32>, i32) {
  %m = arith.muli %x, %x : tensor<2x8xi32>
  %s = arith.muli %a, %a : i32
  tt.return %m, %s : tensor<2x8xi32>, i32
}

// -----

// addptr is a GEP of the pointee type, chunk by chunk on tiles, with the offsets' own width
// (signed, as LLVM reads GEP indices). An i1 pointee is a byte in memory.
// CHECK-LABEL: func.func private @addptr_impl
// CHECK-SAME: (%[[P:[^:]*]]: !llvm.ptr, %[[Q:[^:]*]]: !llvm.ptr, %[[O:[^:]*]]: i64, %[[OS:[^:]*]]: vector<16xi32>
// CHECK: llvm.getelementptr %[[P]][%[[O]]] : (!llvm.ptr, i64) -> !llvm.ptr, f16
// CHECK: %[[PS:.*]] = vector.broadcast %[[P]] : !llvm.ptr to vector<16x!llvm.ptr>
// CHECK: llvm.getelementptr %[[PS]][%[[OS]]] : (vector<16x!llvm.ptr>, vector<16xi32>) -> vector<16x!llvm.ptr>, f16
// CHECK: llvm.getelementptr %[[Q]][%[[O]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
tt.func public @addptr(%p: !tt.ptr<f16>, %q: !tt.ptr<i1>, %o: i64, %os: tensor<16xi32>) -> (!tt.ptr<f16>, tensor<16x!tt.ptr<f16>>, !tt.ptr<i1>) {
  %a = tt.addptr %p, %o : !tt.ptr<f16>, i64
  %ps = tt.splat %p : !tt.ptr<f16> -> tensor<16x!tt.ptr<f16>>
  %b = tt.addptr %ps, %os : tensor<16x!tt.ptr<f16>>, tensor<16xi32>
  %c = tt.addptr %q, %o : !tt.ptr<i1>, i64
  tt.return %a, %b, %c : !tt.ptr<f16>, tensor<16x!tt.ptr<f16>>, !tt.ptr<i1>
}

// -----

// A contiguous masked row (AxisInfo: contiguity 32 from make_range) is one masked load per
// chunk, from the chunk's first pointer, with `other` (zero when absent) in masked-out lanes.
// The alignment is what tt.divisibility proves, here 16 bytes. Each chunk records the elements
// of the tile it touches for cpu-schedule-chunks. The masked store is its mirror.
// CHECK-LABEL: func.func private @contiguous_masked_impl
// CHECK-SAME: (%[[X:[^:]*]]: !llvm.ptr, %[[N:[^:]*]]: i32
// CHECK: %[[MASK:.*]] = vector.insert_strided_slice %{{.*}} {offsets = [16], strides = [1]} : vector<16xi1> into vector<32xi1>
// CHECK: %[[PTRS:.*]] = vector.insert_strided_slice %{{.*}} {offsets = [16], strides = [1]} : vector<16x!llvm.ptr> into vector<32x!llvm.ptr>
// CHECK: %[[OTHER:.*]] = arith.constant dense<0.000000e+00> : vector<32xf32>
// CHECK: %[[P0:.*]] = vector.extract_strided_slice %[[PTRS]] {offsets = [0], sizes = [16], strides = [1]}
// CHECK: %[[M0:.*]] = vector.extract_strided_slice %[[MASK]] {offsets = [0], sizes = [16], strides = [1]}
// CHECK: %[[O0:.*]] = vector.extract_strided_slice %[[OTHER]] {offsets = [0], sizes = [16], strides = [1]}
// CHECK: %[[B0:.*]] = vector.extract %[[P0]][0] : !llvm.ptr from vector<16x!llvm.ptr>
// CHECK: llvm.intr.masked.load %[[B0]], %[[M0]], %[[O0]] {alignment = 16 : i32, nereid.chunk_elements = array<i64: 0, 16>} : (!llvm.ptr, vector<16xi1>, vector<16xf32>) -> vector<16xf32>
// CHECK: %[[P1:.*]] = vector.extract_strided_slice %[[PTRS]] {offsets = [16], sizes = [16], strides = [1]}
// CHECK: %[[M1:.*]] = vector.extract_strided_slice %[[MASK]] {offsets = [16], sizes = [16], strides = [1]}
// CHECK: %[[O1:.*]] = vector.extract_strided_slice %[[OTHER]] {offsets = [16], sizes = [16], strides = [1]}
// CHECK: %[[B1:.*]] = vector.extract %[[P1]][0] : !llvm.ptr from vector<16x!llvm.ptr>
// CHECK: llvm.intr.masked.load %[[B1]], %[[M1]], %[[O1]] {alignment = 16 : i32, nereid.chunk_elements = array<i64: 16, 32>}
// CHECK: llvm.intr.masked.store %{{.*}}, %{{.*}}, %{{.*}} {alignment = 16 : i32, nereid.chunk_elements = array<i64: 0, 16>} : vector<16xf32>, vector<16xi1> into !llvm.ptr
// CHECK: llvm.intr.masked.store %{{.*}}, %{{.*}}, %{{.*}} {alignment = 16 : i32, nereid.chunk_elements = array<i64: 16, 32>} : vector<16xf32>, vector<16xi1> into !llvm.ptr
// CHECK-NOT: llvm.intr.masked
// AVX2-LABEL: func.func private @contiguous_masked_impl
// AVX2-COUNT-4: llvm.intr.masked.load %{{.*}}, %{{.*}}, %{{.*}} {alignment = 16 : i32, nereid.chunk_elements = array<i64: {{[0-9]+}}, {{[0-9]+}}>} : (!llvm.ptr, vector<8xi1>, vector<8xf32>) -> vector<8xf32>
// AVX2-COUNT-4: llvm.intr.masked.store %{{.*}} : vector<8xf32>, vector<8xi1> into !llvm.ptr
tt.func public @contiguous_masked(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
  %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %ns = tt.splat %n : i32 -> tensor<32xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<32xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %r : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
  %v = tt.load %xp, %m : tensor<32x!tt.ptr<f32>>
  tt.store %xp, %v, %m : tensor<32x!tt.ptr<f32>>
  tt.return
}

// -----

// A constant-true mask needs no mask: a plain vector llvm.load. Without tt.divisibility the
// alignment is the element's (1 byte for i1, which is a byte in memory and becomes i1 again
// through `!= 0`).
// CHECK-LABEL: func.func private @unmasked_i1_impl
// CHECK: %[[PTRS:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (vector<16x!llvm.ptr>, vector<16xi32>) -> vector<16x!llvm.ptr>, i8
// CHECK: %[[BASE:.*]] = vector.extract %[[PTRS]][0] : !llvm.ptr from vector<16x!llvm.ptr>
// CHECK: %[[BYTES:.*]] = llvm.load %[[BASE]] {alignment = 1 : i64, nereid.chunk_elements = array<i64: 0, 16>} : !llvm.ptr -> vector<16xi8>
// CHECK: %[[ZERO:.*]] = arith.constant dense<0> : vector<16xi8>
// CHECK: %[[BOOL:.*]] = arith.cmpi ne, %[[BYTES]], %[[ZERO]] : vector<16xi8>
// CHECK: return %[[BOOL]] : vector<16xi1>
tt.func public @unmasked_i1(%p: !tt.ptr<i1>) -> tensor<16xi1> {
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %ps = tt.splat %p : !tt.ptr<i1> -> tensor<16x!tt.ptr<i1>>
  %pp = tt.addptr %ps, %r : tensor<16x!tt.ptr<i1>>, tensor<16xi32>
  %t = arith.constant dense<true> : tensor<16xi1>
  %v = tt.load %pp, %t : tensor<16x!tt.ptr<i1>>
  tt.return %v : tensor<16xi1>
}

// -----

// A uniform pointer tile (every element equal) is one scalar load, done when any lane is
// masked in, then a splat; masked-out lanes get `other`.
// CHECK-LABEL: func.func private @uniform_impl
// CHECK-SAME: (%[[P:[^:]*]]: !llvm.ptr, %[[M:[^:]*]]: vector<16xi1>
// CHECK: %[[PS:.*]] = vector.broadcast %[[P]] : !llvm.ptr to vector<16x!llvm.ptr>
// CHECK: %[[OTHER:.*]] = arith.constant dense<0.000000e+00> : vector<16xf32>
// CHECK: %[[BASE:.*]] = vector.extract %[[PS]][0] : !llvm.ptr from vector<16x!llvm.ptr>
// CHECK: %[[FLAT:.*]] = vector.shape_cast %[[M]] : vector<16xi1> to vector<16xi1>
// CHECK: %[[ANY:.*]] = vector.reduction <or>, %[[FLAT]] : vector<16xi1> into i1
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[S:.*]] = scf.if %[[ANY]] -> (f32) {
// CHECK:   %[[L:.*]] = llvm.load %[[BASE]] {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK:   scf.yield %[[L]] : f32
// CHECK: } else {
// CHECK:   scf.yield %[[ZERO]] : f32
// CHECK: }
// CHECK: %[[SPLAT:.*]] = vector.broadcast %[[S]] : f32 to vector<16xf32>
// CHECK: %[[R:.*]] = arith.select %[[M]], %[[SPLAT]], %[[OTHER]] : vector<16xi1>, vector<16xf32>
// CHECK: return %[[R]]
tt.func public @uniform(%p: !tt.ptr<f32>, %m: tensor<16xi1>) -> tensor<16xf32> {
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %v = tt.load %ps, %m : tensor<16x!tt.ptr<f32>>
  tt.return %v : tensor<16xf32>
}

// -----

// Pointers with stride 2 are not contiguous: a masked gather (all-true mask) and a masked
// scatter, aligned to the element. A scatter writes its lanes in order, so where elements share
// an address the last one in row-major order wins, as in the interpreter.
// CHECK-LABEL: func.func private @strided_impl
// CHECK: %[[PTRS:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (vector<16x!llvm.ptr>, vector<16xi32>) -> vector<16x!llvm.ptr>, f32
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<16xf32>
// CHECK: %[[TRUE:.*]] = arith.constant dense<true> : vector<16xi1>
// CHECK: %[[V:.*]] = llvm.intr.masked.gather %[[PTRS]], %[[TRUE]], %[[ZERO]] {alignment = 4 : i32, nereid.chunk_elements = array<i64: 0, 16>} : (vector<16x!llvm.ptr>, vector<16xi1>, vector<16xf32>) -> vector<16xf32>
// CHECK: llvm.intr.masked.scatter %[[V]], %[[PTRS]], %{{.*}} {alignment = 4 : i32, nereid.chunk_elements = array<i64: 0, 16>} : vector<16xf32>, vector<16xi1> into vector<16x!llvm.ptr>
tt.func public @strided(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %c2 = arith.constant dense<2> : tensor<16xi32>
  %o = arith.muli %r, %c2 : tensor<16xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %pp = tt.addptr %ps, %o : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  %v = tt.load %pp : tensor<16x!tt.ptr<f32>>
  tt.store %pp, %v : tensor<16x!tt.ptr<f32>>
  tt.return
}

// -----

// An 8x4 tile whose pointers are contiguous along dimension 0 (column-major): the tile is
// transposed so that the contiguous dimension is last, each of the 4 columns is one vector load
// of 8 elements, and the result is transposed back. Chunks of a transposed tile record no
// elements (their order is not row-major). The store transposes its value the same way.
// CHECK-LABEL: func.func private @transposed_impl
// CHECK: %[[PTRS:.*]] = vector.insert %{{.*}} [7] : vector<4x!llvm.ptr> into vector<8x4x!llvm.ptr>
// CHECK: %[[TP:.*]] = vector.transpose %[[PTRS]], [1, 0] : vector<8x4x!llvm.ptr> to vector<4x8x!llvm.ptr>
// CHECK: %[[COL0:.*]] = vector.extract %[[TP]][0] : vector<8x!llvm.ptr> from vector<4x8x!llvm.ptr>
// CHECK: %[[B0:.*]] = vector.extract %[[COL0]][0] : !llvm.ptr from vector<8x!llvm.ptr>
// CHECK: llvm.load %[[B0]] {alignment = 16 : i64} : !llvm.ptr -> vector<8xf32>
// CHECK-COUNT-3: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr -> vector<8xf32>
// CHECK: %[[COLS:.*]] = vector.insert %{{.*}} [3] : vector<8xf32> into vector<4x8xf32>
// CHECK: %[[V:.*]] = vector.transpose %[[COLS]], [1, 0] : vector<4x8xf32> to vector<8x4xf32>
// CHECK: vector.transpose %[[V]], [1, 0] : vector<8x4xf32> to vector<4x8xf32>
// CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xf32>, !llvm.ptr
// CHECK-NOT: nereid.chunk_elements
// CHECK: return %[[V]]
tt.func public @transposed(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}) -> tensor<8x4xf32> {
  %r8 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %r4 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %rows = tt.expand_dims %r8 {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
  %cols = tt.expand_dims %r4 {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
  %c8 = arith.constant dense<8> : tensor<1x4xi32>
  %colo = arith.muli %cols, %c8 : tensor<1x4xi32>
  %rb = tt.broadcast %rows : tensor<8x1xi32> -> tensor<8x4xi32>
  %cb = tt.broadcast %colo : tensor<1x4xi32> -> tensor<8x4xi32>
  %o = arith.addi %rb, %cb : tensor<8x4xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<8x4x!tt.ptr<f32>>
  %pp = tt.addptr %ps, %o : tensor<8x4x!tt.ptr<f32>>, tensor<8x4xi32>
  %v = tt.load %pp : tensor<8x4x!tt.ptr<f32>>
  tt.store %pp, %v : tensor<8x4x!tt.ptr<f32>>
  tt.return %v : tensor<8x4xf32>
}

// -----

// Atomics run element by element in row-major order (an scf.for over the flattened tile), each
// masked-in element one llvm.atomicrmw with the op's ordering; masked-out elements give 0.
// atomic_cas is an llvm.cmpxchg whose failure ordering is the strongest one allowed (relaxed:
// monotonic). A float max is fmaximum (NaN wins, -0 < +0). A scalar atomic is one instruction.
// CHECK-LABEL: func.func private @atomics_impl
// CHECK-SAME: (%[[P:[^:]*]]: vector<4x!llvm.ptr>, %[[V:[^:]*]]: vector<4xi32>, %[[M:[^:]*]]: vector<4xi1>, %[[F:[^:]*]]: !llvm.ptr, %[[X:[^:]*]]: f32
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[ADD:.*]] = scf.for %[[I:.*]] = %[[C0]] to %[[C4]] step %[[C1]] iter_args(%[[ACC:.*]] = %{{.*}}) -> (vector<4xi32>) {
// CHECK:   %[[PI:.*]] = vector.extract %{{.*}}[%[[I]]] : !llvm.ptr from vector<4x!llvm.ptr>
// CHECK:   %[[VI:.*]] = vector.extract %{{.*}}[%[[I]]] : i32 from vector<4xi32>
// CHECK:   %[[MI:.*]] = vector.extract %{{.*}}[%[[I]]] : i1 from vector<4xi1>
// CHECK:   %[[OLD:.*]] = scf.if %[[MI]] -> (i32) {
// CHECK:     %[[RMW:.*]] = llvm.atomicrmw add %[[PI]], %[[VI]] acq_rel : !llvm.ptr, i32
// CHECK:     scf.yield %[[RMW]] : i32
// CHECK:   } else {
// CHECK:     %[[Z:.*]] = arith.constant 0 : i32
// CHECK:     scf.yield %[[Z]] : i32
// CHECK:   }
// CHECK:   %[[NEXT:.*]] = vector.insert %[[OLD]], %[[ACC]] [%[[I]]] : i32 into vector<4xi32>
// CHECK:   scf.yield %[[NEXT]] : vector<4xi32>
// CHECK: }
// CHECK: scf.for
// CHECK:   %[[PAIR:.*]] = llvm.cmpxchg %{{.*}}, %{{.*}}, %{{.*}} monotonic monotonic : !llvm.ptr, i32
// CHECK:   llvm.extractvalue %[[PAIR]][0] : !llvm.struct<(i32, i1)>
// CHECK: llvm.atomicrmw fmaximum %[[F]], %[[X]] release : !llvm.ptr, f32
tt.func public @atomics(%p: tensor<4x!tt.ptr<i32>>, %v: tensor<4xi32>, %m: tensor<4xi1>, %f: !tt.ptr<f32>, %x: f32) -> (tensor<4xi32>, tensor<4xi32>, f32) {
  %a = tt.atomic_rmw add, acq_rel, gpu, %p, %v, %m : tensor<4x!tt.ptr<i32>>
  %c = tt.atomic_cas relaxed, gpu, %p, %v, %v : tensor<4x!tt.ptr<i32>>
  %s = tt.atomic_rmw max, release, gpu, %f, %x : !tt.ptr<f32>
  tt.return %a, %c, %s : tensor<4xi32>, tensor<4xi32>, f32
}

// -----

// atomic_cas on floats compares bits: the operands go through i32, and the old value back.
// acq_rel fails with acquire.
// CHECK-LABEL: func.func private @cas_float_impl
// CHECK: %[[CMP:.*]] = arith.bitcast %{{.*}} : f32 to i32
// CHECK: %[[VAL:.*]] = arith.bitcast %{{.*}} : f32 to i32
// CHECK: %[[PAIR:.*]] = llvm.cmpxchg %{{.*}}, %[[CMP]], %[[VAL]] acq_rel acquire : !llvm.ptr, i32
// CHECK: %[[OLD:.*]] = llvm.extractvalue %[[PAIR]][0]
// CHECK: arith.bitcast %[[OLD]] : i32 to f32
tt.func public @cas_float(%p: !tt.ptr<f32>, %c: f32, %v: f32) -> f32 {
  %o = tt.atomic_cas acq_rel, gpu, %p, %c, %v : !tt.ptr<f32>
  tt.return %o : f32
}

// -----

// A sum along the last axis, wider than a chunk: the chunks are added together first (32
// columns: two of 16 for AVX-512, four of 8 for AVX2, pairwise), then the columns of the chunk
// in order, as the interpreter adds them.
// CHECK-LABEL: func.func private @sum_impl
// CHECK-SAME: (%[[V:[^:]*]]: vector<4x32xf32>
// CHECK: %[[LO:.*]] = vector.extract_strided_slice %[[V]] {offsets = [0, 0], sizes = [4, 16], strides = [1, 1]} : vector<4x32xf32> to vector<4x16xf32>
// CHECK: %[[HI:.*]] = vector.extract_strided_slice %[[V]] {offsets = [0, 16], sizes = [4, 16], strides = [1, 1]} : vector<4x32xf32> to vector<4x16xf32>
// CHECK: %[[ADD:.*]] = arith.addf %[[LO]], %[[HI]] : vector<4x16xf32>
// CHECK: %[[C0:.*]] = vector.extract_strided_slice %[[ADD]] {offsets = [0, 0], sizes = [4, 1], strides = [1, 1]}
// CHECK: %[[R0:.*]] = vector.shape_cast %[[C0]] : vector<4x1xf32> to vector<4xf32>
// CHECK: %[[C1:.*]] = vector.extract_strided_slice %[[ADD]] {offsets = [0, 1], sizes = [4, 1], strides = [1, 1]}
// CHECK: %[[R1:.*]] = vector.shape_cast %[[C1]] : vector<4x1xf32> to vector<4xf32>
// CHECK: %[[S01:.*]] = arith.addf %[[R0]], %[[R1]] : vector<4xf32>
// CHECK: %[[C2:.*]] = vector.extract_strided_slice %[[ADD]] {offsets = [0, 2], sizes = [4, 1], strides = [1, 1]}
// CHECK: %[[R2:.*]] = vector.shape_cast %[[C2]] : vector<4x1xf32> to vector<4xf32>
// CHECK: arith.addf %[[S01]], %[[R2]] : vector<4xf32>
// CHECK-COUNT-13: arith.addf %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK-NOT: arith.addf
// AVX2-LABEL: func.func private @sum_impl
// AVX2-COUNT-4: vector.extract_strided_slice %{{.*}} : vector<4x32xf32> to vector<4x8xf32>
// AVX2: %[[A01:.*]] = arith.addf %{{.*}}, %{{.*}} : vector<4x8xf32>
// AVX2: %[[A23:.*]] = arith.addf %{{.*}}, %{{.*}} : vector<4x8xf32>
// AVX2: %[[ALL:.*]] = arith.addf %[[A01]], %[[A23]] : vector<4x8xf32>
// AVX2-COUNT-7: arith.addf %{{.*}}, %{{.*}} : vector<4xf32>
// AVX2-NOT: arith.addf
tt.func public @sum(%v: tensor<4x32xf32>) -> tensor<4xf32> {
  %s = tt.reduce(%v) axis = 1 {
  ^bb0(%a: f32, %b: f32):
    %r = arith.addf %a, %b : f32
    tt.reduce.return %r : f32
  } : (tensor<4x32xf32>) -> tensor<4xf32>
  tt.return %s : tensor<4xf32>
}

// -----

// An order-independent standard combiner along axis 0 reduces without chunk folding, by halves
// of the axis.
// CHECK-LABEL: func.func private @max_axis0_impl
// CHECK-SAME: (%[[V:[^:]*]]: vector<8x4xi32>
// CHECK: %[[LO:.*]] = vector.extract_strided_slice %[[V]] {offsets = [0, 0], sizes = [4, 4], strides = [1, 1]}
// CHECK: %[[HI:.*]] = vector.extract_strided_slice %[[V]] {offsets = [4, 0], sizes = [4, 4], strides = [1, 1]}
// CHECK: arith.maxsi %[[LO]], %[[HI]] : vector<4x4xi32>
// CHECK: arith.maxsi %{{.*}}, %{{.*}} : vector<2x4xi32>
// CHECK: arith.maxsi %{{.*}}, %{{.*}} : vector<1x4xi32>
// CHECK: vector.shape_cast %{{.*}} : vector<1x4xi32> to vector<4xi32>
tt.func public @max_axis0(%v: tensor<8x4xi32>) -> tensor<4xi32> {
  %s = tt.reduce(%v) axis = 0 {
  ^bb0(%a: i32, %b: i32):
    %r = arith.maxsi %a, %b : i32
    tt.reduce.return %r : i32
  } : (tensor<8x4xi32>) -> tensor<4xi32>
  tt.return %s : tensor<4xi32>
}

// -----

// An axis of odd length reduces its even part by halves; the last element joins last.
// CHECK-LABEL: func.func private @max_odd_impl
// CHECK-SAME: (%[[V:[^:]*]]: vector<3xf32>
// CHECK: %[[EVEN:.*]] = vector.extract_strided_slice %[[V]] {offsets = [0], sizes = [2], strides = [1]}
// CHECK: %[[LAST:.*]] = vector.extract_strided_slice %[[V]] {offsets = [2], sizes = [1], strides = [1]}
// CHECK: %[[E0:.*]] = vector.extract_strided_slice %[[EVEN]] {offsets = [0], sizes = [1], strides = [1]}
// CHECK: %[[E1:.*]] = vector.extract_strided_slice %[[EVEN]] {offsets = [1], sizes = [1], strides = [1]}
// CHECK: %[[M01:.*]] = arith.maxnumf %[[E0]], %[[E1]] : vector<1xf32>
// CHECK: %[[M:.*]] = arith.maxnumf %[[M01]], %[[LAST]] : vector<1xf32>
// CHECK: vector.extract %[[M]][0] : f32 from vector<1xf32>
tt.func public @max_odd(%v: tensor<3xf32>) -> f32 {
  %s = tt.reduce(%v) axis = 0 {
  ^bb0(%a: f32, %b: f32):
    %r = arith.maxnumf %a, %b : f32
    tt.reduce.return %r : f32
  } : (tensor<3xf32>) -> f32
  tt.return %s : f32
}

// -----

// Any other combiner (here argmax, with two operands) runs in the interpreter's order:
// acc = x[0], then acc = f(acc, x[i]) for i = 1, 2, 3, its body rebuilt on the elements.
// CHECK-LABEL: func.func private @argmax_impl
// CHECK-SAME: (%[[V:[^:]*]]: vector<4xf32>, %[[I:[^:]*]]: vector<4xi32>
// CHECK: %[[V0:.*]] = vector.extract %[[V]][0] : f32 from vector<4xf32>
// CHECK: %[[I0:.*]] = vector.extract %[[I]][0] : i32 from vector<4xi32>
// CHECK: %[[V1:.*]] = vector.extract %[[V]][1] : f32 from vector<4xf32>
// CHECK: %[[I1:.*]] = vector.extract %[[I]][1] : i32 from vector<4xi32>
// CHECK: %[[GT1:.*]] = arith.cmpf ogt, %[[V0]], %[[V1]] : f32
// CHECK: %[[M1:.*]] = arith.select %[[GT1]], %[[V0]], %[[V1]] : f32
// CHECK: %[[J1:.*]] = arith.select %[[GT1]], %[[I0]], %[[I1]] : i32
// CHECK: %[[V2:.*]] = vector.extract %[[V]][2] : f32 from vector<4xf32>
// CHECK: %[[I2:.*]] = vector.extract %[[I]][2] : i32 from vector<4xi32>
// CHECK: %[[GT2:.*]] = arith.cmpf ogt, %[[M1]], %[[V2]] : f32
// CHECK: %[[M2:.*]] = arith.select %[[GT2]], %[[M1]], %[[V2]] : f32
// CHECK: %[[J2:.*]] = arith.select %[[GT2]], %[[J1]], %[[I2]] : i32
// CHECK: %[[V3:.*]] = vector.extract %[[V]][3] : f32 from vector<4xf32>
// CHECK: %[[I3:.*]] = vector.extract %[[I]][3] : i32 from vector<4xi32>
// CHECK: %[[GT3:.*]] = arith.cmpf ogt, %[[M2]], %[[V3]] : f32
// CHECK: %[[M3:.*]] = arith.select %[[GT3]], %[[M2]], %[[V3]] : f32
// CHECK: %[[J3:.*]] = arith.select %[[GT3]], %[[J2]], %[[I3]] : i32
// CHECK: return %[[M3]], %[[J3]] : f32, i32
// CHECK-NOT: vector.multi_reduction
tt.func public @argmax(%v: tensor<4xf32>, %i: tensor<4xi32>) -> (f32, i32) {
  %m, %a = tt.reduce(%v, %i) axis = 0 {
  ^bb0(%va: f32, %ia: i32, %vb: f32, %ib: i32):
    %gt = arith.cmpf ogt, %va, %vb : f32
    %vm = arith.select %gt, %va, %vb : f32
    %im = arith.select %gt, %ia, %ib : i32
    tt.reduce.return %vm, %im : f32, i32
  } : (tensor<4xf32>, tensor<4xi32>) -> (f32, i32)
  tt.return %m, %a : f32, i32
}

// -----

// A scan along axis 1 of a 2x4 tile: y[:, 0] = x[:, 0] and y[:, i] = y[:, i-1] + x[:, i], on
// whole columns (vectors of the other dimension) at once.
// CHECK-LABEL: func.func private @cumsum_impl
// CHECK-SAME: (%[[X:[^:]*]]: vector<2x4xi32>
// CHECK: %[[S0:.*]] = vector.extract_strided_slice %[[X]] {offsets = [0, 0], sizes = [2, 1], strides = [1, 1]} : vector<2x4xi32> to vector<2x1xi32>
// CHECK: %[[C0:.*]] = vector.shape_cast %[[S0]] : vector<2x1xi32> to vector<2xi32>
// CHECK: %[[S1:.*]] = vector.extract_strided_slice %[[X]] {offsets = [0, 1], sizes = [2, 1], strides = [1, 1]}
// CHECK: %[[C1:.*]] = vector.shape_cast %[[S1]] : vector<2x1xi32> to vector<2xi32>
// CHECK: %[[Y1:.*]] = arith.addi %[[C0]], %[[C1]] : vector<2xi32>
// CHECK: %[[E1:.*]] = vector.shape_cast %[[Y1]] : vector<2xi32> to vector<2x1xi32>
// CHECK: %[[R1:.*]] = vector.insert_strided_slice %[[E1]], %[[X]] {offsets = [0, 1], strides = [1, 1]} : vector<2x1xi32> into vector<2x4xi32>
// CHECK: %[[Y2:.*]] = arith.addi %[[Y1]], %{{.*}} : vector<2xi32>
// CHECK: %[[R2:.*]] = vector.insert_strided_slice %{{.*}}, %[[R1]] {offsets = [0, 2], strides = [1, 1]}
// CHECK: %[[Y3:.*]] = arith.addi %[[Y2]], %{{.*}} : vector<2xi32>
// CHECK: %[[R3:.*]] = vector.insert_strided_slice %{{.*}}, %[[R2]] {offsets = [0, 3], strides = [1, 1]}
// CHECK: return %[[R3]]
tt.func public @cumsum(%v: tensor<2x4xi32>) -> tensor<2x4xi32> {
  %s = tt.scan(%v) axis = 1 {
  ^bb0(%a: i32, %b: i32):
    %r = arith.addi %a, %b : i32
    tt.scan.return %r : i32
  } : (tensor<2x4xi32>) -> tensor<2x4xi32>
  tt.return %s : tensor<2x4xi32>
}

// -----

// A reverse scan starts from the last element: y[3] = x[3], y[2] = y[3] * x[2], ...
// CHECK-LABEL: func.func private @reverse_cumprod_impl
// CHECK-SAME: (%[[X:[^:]*]]: vector<4xf32>
// CHECK: %[[X3:.*]] = vector.extract %[[X]][3] : f32 from vector<4xf32>
// CHECK: %[[X2:.*]] = vector.extract %[[X]][2] : f32 from vector<4xf32>
// CHECK: %[[Y2:.*]] = arith.mulf %[[X3]], %[[X2]] : f32
// CHECK: %[[R2:.*]] = vector.insert %[[Y2]], %[[X]] [2] : f32 into vector<4xf32>
// CHECK: %[[X1:.*]] = vector.extract %[[X]][1] : f32 from vector<4xf32>
// CHECK: %[[Y1:.*]] = arith.mulf %[[Y2]], %[[X1]] : f32
// CHECK: %[[R1:.*]] = vector.insert %[[Y1]], %[[R2]] [1] : f32 into vector<4xf32>
// CHECK: %[[X0:.*]] = vector.extract %[[X]][0] : f32 from vector<4xf32>
// CHECK: %[[Y0:.*]] = arith.mulf %[[Y1]], %[[X0]] : f32
// CHECK: %[[R0:.*]] = vector.insert %[[Y0]], %[[R1]] [0] : f32 into vector<4xf32>
// CHECK: return %[[R0]]
tt.func public @reverse_cumprod(%v: tensor<4xf32>) -> tensor<4xf32> {
  %s = tt.scan(%v) axis = 0 reverse {
  ^bb0(%a: f32, %b: f32):
    %r = arith.mulf %a, %b : f32
    tt.scan.return %r : f32
  } : (tensor<4xf32>) -> tensor<4xf32>
  tt.return %s : tensor<4xf32>
}

// -----

// dot: f16 operands are extended to the f32 accumulator (their products are exact in f32), and
// each accumulator chunk of the result (a row of 16 lanes) takes one fused multiply-add per K
// step, broadcast(a[m][k]) * b[k][chunk] + acc, in the interpreter's order of K.
// CHECK-LABEL: func.func private @dot_impl
// CHECK-DAG: arith.extf %{{.*}} : vector<2x2xf16> to vector<2x2xf32>
// CHECK-DAG: arith.extf %{{.*}} : vector<2x16xf16> to vector<2x16xf32>
// CHECK: %[[SPLAT:.*]] = vector.broadcast %{{.*}} : f32 to vector<16xf32>
// CHECK: math.fma %[[SPLAT]], %{{.*}}, %{{.*}} : vector<16xf32>
// CHECK: %[[SPLAT2:.*]] = vector.broadcast %{{.*}} : f32 to vector<16xf32>
// CHECK: math.fma %[[SPLAT2]], %{{.*}}, %{{.*}} : vector<16xf32>
// CHECK: return %{{.*}} : vector<2x16xf32>
tt.func public @dot(%a: tensor<2x2xf16>, %b: tensor<2x16xf16>, %c: tensor<2x16xf32>) -> tensor<2x16xf32> {
  %d = tt.dot %a, %b, %c : tensor<2x2xf16> * tensor<2x16xf16> -> tensor<2x16xf32>
  tt.return %d : tensor<2x16xf32>
}

// -----

// dot blocks: the 16-column blocks of the result are visited by a loop (columns 0 and 16),
// each with a loop over its 6-row blocks (rows 0 and 6) and the remaining 2 rows after it; each
// visit is one K loop over the block's accumulators (6 x 2 or 2 x 2 chunks of 8 lanes).
// AVX2-LABEL: func.func private @dot_blocks_impl
// AVX2: scf.for %{{.*}} = %{{.*}} to %c32{{.*}} step %c16{{.*}} {
// AVX2:   scf.for %{{.*}} = %{{.*}} to %c12{{.*}} step %c6{{.*}} {
// AVX2-COUNT-12: vector.load %{{.*}} : memref<14x32xf32>, vector<8xf32>
// AVX2:     scf.for {{.*}} iter_args
// AVX2-COUNT-12: math.fma
// AVX2:   }
// AVX2-COUNT-4: vector.load %{{.*}} : memref<14x32xf32>, vector<8xf32>
// AVX2:   scf.for {{.*}} iter_args
// AVX2-COUNT-4: math.fma
tt.func public @dot_blocks(%a: tensor<14x4xf32>, %b: tensor<4x32xf32>, %c: tensor<14x32xf32>) -> tensor<14x32xf32> {
  %d = tt.dot %a, %b, %c : tensor<14x4xf32> * tensor<4x32xf32> -> tensor<14x32xf32>
  tt.return %d : tensor<14x32xf32>
}

// -----

// Integer dot: sign-extended operands, multiply and wrapping add.
// CHECK-LABEL: func.func private @dot_i8_impl
// CHECK-DAG: arith.extsi %{{.*}} : vector<4x4xi8> to vector<4x4xi32>
// CHECK: %[[PROD:.*]] = arith.muli %{{.*}}, %{{.*}} : vector<4xi32>
// CHECK: arith.addi %{{.*}}, %[[PROD]] : vector<4xi32>
// CHECK-NOT: math.fma
tt.func public @dot_i8(%a: tensor<4x4xi8>, %b: tensor<4x4xi8>, %c: tensor<4x4xi32>) -> tensor<4x4xi32> {
  %d = tt.dot %a, %b, %c : tensor<4x4xi8> * tensor<4x4xi8> -> tensor<4x4xi32>
  tt.return %d : tensor<4x4xi32>
}

// -----

// Batched dot: a loop over the batch runs the 2-D micro-kernel on slices of the buffers.
// CHECK-LABEL: func.func private @dot_batched_impl
// CHECK: scf.for %[[B:.*]] = %{{.*}} to %c3{{.*}} step %c1{{.*}} {
// CHECK-DAG: memref.subview %{{.*}}[%[[B]], 0, 0] [1, 2, 4] [1, 1, 1] : memref<3x2x4xf32> to memref<2x4xf32, strided<[4, 1], offset: ?>>
// CHECK-DAG: memref.subview %{{.*}}[%[[B]], 0, 0] [1, 4, 16] [1, 1, 1] : memref<3x4x16xf32> to memref<4x16xf32, strided<[16, 1], offset: ?>>
// CHECK-DAG: memref.subview %{{.*}}[%[[B]], 0, 0] [1, 2, 16] [1, 1, 1] : memref<3x2x16xf32> to memref<2x16xf32, strided<[16, 1], offset: ?>>
// CHECK:   scf.for {{.*}} iter_args
// CHECK:     math.fma
// CHECK: return %{{.*}} : vector<3x2x16xf32>
tt.func public @dot_batched(%a: tensor<3x2x4xf32>, %b: tensor<3x4x16xf32>, %c: tensor<3x2x16xf32>) -> tensor<3x2x16xf32> {
  %d = tt.dot %a, %b, %c : tensor<3x2x4xf32> * tensor<3x4x16xf32> -> tensor<3x2x16xf32>
  tt.return %d : tensor<3x2x16xf32>
}

// -----

// `a @ b.T` of a b too large to transpose in registers (128 x 64, read whole): the dot copies
// b's source transposed into a stack buffer in register blocks, and the tt.trans, which only
// the dot uses, is never computed as a vector (once refused as a transpose of more than 4096
// elements).
// CHECK-LABEL: func.func private @dot_of_large_transpose_impl
// CHECK-NOT: vector.transpose {{.*}} : vector<128x64xf32> to vector<64x128xf32>
// CHECK-DAG: memref.alloca() {{.*}} : memref<128x64xf32>
// CHECK-DAG: memref.alloca() {{.*}} : memref<64x128xf32>
// CHECK: math.fma
tt.func public @dot_of_large_transpose(%a: tensor<16x64xf32>, %b: tensor<128x64xf32>, %c: tensor<16x128xf32>) -> tensor<16x128xf32> {
  %t = tt.trans %b {order = array<i32: 1, 0>} : tensor<128x64xf32> -> tensor<64x128xf32>
  %d = tt.dot %a, %t, %c : tensor<16x64xf32> * tensor<64x128xf32> -> tensor<16x128xf32>
  tt.return %d : tensor<16x128xf32>
}

// -----

// The elementwise tt ops: clampf with propagate_nan = all is maximumf then minimumf, and
// without it maxnumf then minnumf; mulhiui is the high half of mului_extended; fp_to_fp
// widens with extf and narrows with truncf in the op's rounding; precise_sqrt and
// precise_divf are the correctly rounded math.sqrt and arith.divf; convert_layout is nothing.
// CHECK-LABEL: func.func private @elementwise_impl
// CHECK-SAME: (%[[X:[^:]*]]: vector<8xf32>, %[[LO:[^:]*]]: vector<8xf32>, %[[HI:[^:]*]]: vector<8xf32>, %[[A:[^:]*]]: vector<8xi32>
// CHECK: %[[MX:.*]] = arith.maximumf %[[X]], %[[LO]] : vector<8xf32>
// CHECK: arith.minimumf %[[MX]], %[[HI]] : vector<8xf32>
// CHECK: %[[MXN:.*]] = arith.maxnumf %[[X]], %[[LO]] : vector<8xf32>
// CHECK: arith.minnumf %[[MXN]], %[[HI]] : vector<8xf32>
// CHECK: %{{.*}}, %[[HIGH:.*]] = arith.mului_extended %[[A]], %[[A]] : vector<8xi32>
// CHECK: %[[W:.*]] = arith.extf %[[X]] : vector<8xf32> to vector<8xf64>
// CHECK: arith.truncf %[[W]] : vector<8xf64> to vector<8xf32>
// CHECK: %[[BITS:.*]] = arith.bitcast %[[X]] : vector<8xf32> to vector<8xi32>
// CHECK: arith.shrui %[[BITS]], %{{.*}} : vector<8xi32>
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[X]], %[[X]] : vector<8xf32>
// CHECK: %[[TOP:.*]] = arith.select %[[NAN]], %{{.*}}, %{{.*}} : vector<8xi1>, vector<8xi16>
// CHECK: arith.bitcast %[[TOP]] : vector<8xi16> to vector<8xbf16>
// CHECK: math.sqrt %[[X]] : vector<8xf32>
// CHECK: arith.divf %[[X]], %[[LO]] : vector<8xf32>
// CHECK: return %[[HIGH]]
tt.func public @elementwise(%x: tensor<8xf32>, %lo: tensor<8xf32>, %hi: tensor<8xf32>, %a: tensor<8xi32>) -> tensor<8xi32> {
  %c0 = tt.clampf %x, %lo, %hi, propagateNan = all : tensor<8xf32>
  %c1 = tt.clampf %x, %lo, %hi, propagateNan = none : tensor<8xf32>
  %h = tt.mulhiui %a, %a : tensor<8xi32>
  %w = tt.fp_to_fp %x : tensor<8xf32> -> tensor<8xf64>
  %n = tt.fp_to_fp %w, rounding = rtne : tensor<8xf64> -> tensor<8xf32>
  %b = tt.fp_to_fp %x, rounding = rtz : tensor<8xf32> -> tensor<8xbf16>
  %s = tt.precise_sqrt %x : tensor<8xf32>
  %d = tt.precise_divf %x, %lo : tensor<8xf32>
  tt.return %h : tensor<8xi32>
}

// -----

// clampf on an fp8 format, which LLVM has no arithmetic for, orders the bits as signed integers
// (bits ^ 0x7f where the sign is set, so that -0 < +0), takes the first NaN operand with
// propagate_nan = all (e5m2's NaNs: magnitudes above infinity's 0x7c) and gives the format's
// NaN of that sign (0x7e).
// CHECK-LABEL: func.func private @clamp_fp8_impl
// CHECK-SAME: (%[[X:[^:]*]]: vector<16xf8E5M2>, %[[LO:[^:]*]]: vector<16xf8E5M2>, %[[HI:[^:]*]]: vector<16xf8E5M2>
// CHECK-NOT: arith.maximumf
// CHECK-DAG: %[[XB:.*]] = arith.bitcast %[[X]] : vector<16xf8E5M2> to vector<16xi8>
// CHECK-DAG: %[[LOB:.*]] = arith.bitcast %[[LO]] : vector<16xf8E5M2> to vector<16xi8>
// CHECK: %[[UP:.*]] = arith.cmpi sge, %{{.*}}, %{{.*}} : vector<16xi8>
// CHECK: %[[MAX:.*]] = arith.select %[[UP]], %[[XB]], %[[LOB]]
// CHECK: %[[XMAG:.*]] = arith.andi %[[XB]], %{{.*}} : vector<16xi8>
// CHECK: %[[XNAN:.*]] = arith.cmpi ugt, %[[XMAG]], %{{.*}} : vector<16xi8>
// CHECK: %[[LONAN:.*]] = arith.cmpi ugt
// CHECK: %[[M1:.*]] = arith.select %[[LONAN]], %[[LOB]], %[[MAX]]
// CHECK: %[[M:.*]] = arith.select %[[XNAN]], %[[XB]], %[[M1]]
// CHECK: arith.cmpi sle
// CHECK: %[[SIGNBIT:.*]] = arith.constant dense<-128> : vector<16xi8>
// CHECK: %[[SIGN:.*]] = arith.andi %[[C:.*]], %[[SIGNBIT]] : vector<16xi8>
// CHECK: %[[QUIET:.*]] = arith.constant dense<126> : vector<16xi8>
// CHECK: %[[NAN:.*]] = arith.ori %[[SIGN]], %[[QUIET]] : vector<16xi8>
// CHECK: %[[CNAN:.*]] = arith.cmpi ugt
// CHECK: %[[R:.*]] = arith.select %[[CNAN]], %[[NAN]], %[[C]]
// CHECK: arith.bitcast %[[R]] : vector<16xi8> to vector<16xf8E5M2>
// CHECK-NOT: arith.minimumf
tt.func public @clamp_fp8(%x: tensor<16xf8E5M2>, %lo: tensor<16xf8E5M2>, %hi: tensor<16xf8E5M2>) -> tensor<16xf8E5M2> {
  %c = tt.clampf %x, %lo, %hi, propagateNan = all : tensor<16xf8E5M2>
  tt.return %c : tensor<16xf8E5M2>
}

// -----

// maxnumf and minimumf on fp8 (tl.maximum, tl.minimum) are computed on the bits as in clampf:
// maxnumf takes the other operand where one is NaN, minimumf the first NaN; on scalars too.
// CHECK-LABEL: func.func private @maximum_minimum_fp8_impl
// CHECK-SAME: (%[[X:[^:]*]]: vector<16xf8E4M3FN>, %[[Y:[^:]*]]: vector<16xf8E4M3FN>, %[[A:[^:]*]]: f8E4M3FNUZ, %[[B:[^:]*]]: f8E4M3FNUZ
// CHECK-NOT: arith.maxnumf
// CHECK: %[[XB:.*]] = arith.bitcast %[[X]] : vector<16xf8E4M3FN> to vector<16xi8>
// CHECK: %[[YB:.*]] = arith.bitcast %[[Y]] : vector<16xf8E4M3FN> to vector<16xi8>
// CHECK: %[[UP:.*]] = arith.cmpi sge, %{{.*}}, %{{.*}} : vector<16xi8>
// CHECK: %[[MAX:.*]] = arith.select %[[UP]], %[[XB]], %[[YB]]
// CHECK: %[[XNAN:.*]] = arith.cmpi ugt
// CHECK: %[[YNAN:.*]] = arith.cmpi ugt
// CHECK: %[[M1:.*]] = arith.select %[[YNAN]], %[[XB]], %[[MAX]]
// CHECK: arith.select %[[XNAN]], %[[YB]], %[[M1]]
// CHECK: arith.bitcast %{{.*}} : vector<16xi8> to vector<16xf8E4M3FN>
// CHECK-NOT: arith.minimumf
// CHECK: %[[AB:.*]] = arith.bitcast %[[A]] : f8E4M3FNUZ to i8
// CHECK: arith.cmpi sle, %{{.*}}, %{{.*}} : i8
// CHECK: %[[FNUZNAN:.*]] = arith.constant -128 : i8
// CHECK: arith.cmpi eq, %[[AB]], %[[FNUZNAN]] : i8
// CHECK: arith.bitcast %{{.*}} : i8 to f8E4M3FNUZ
tt.func public @maximum_minimum_fp8(%x: tensor<16xf8E4M3FN>, %y: tensor<16xf8E4M3FN>, %a: f8E4M3FNUZ, %b: f8E4M3FNUZ) -> (tensor<16xf8E4M3FN>, f8E4M3FNUZ) {
  %m = arith.maxnumf %x, %y : tensor<16xf8E4M3FN>
  %n = arith.minimumf %a, %b : f8E4M3FNUZ
  tt.return %m, %n : tensor<16xf8E4M3FN>, f8E4M3FNUZ
}
