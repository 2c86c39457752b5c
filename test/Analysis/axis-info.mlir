// RUN: nereid-opt %s -split-input-file --test-print-axis-info --verify-diagnostics -o /dev/null

// The AxisInfo lattice (contiguity, divisibility, constancy per dimension) of every integer and
// pointer result. Divisibility is that of the first element of each run of contiguous values,
// and for pointers it is in bytes, as in Triton. 2^30 (1073741824) is the divisibility of 0.

// The vector-add pattern: pid * BLOCK + make_range, with divisibility-16 arguments. The offsets
// are 128-contiguous runs starting at multiples of 128; the pointers are 128-contiguous and
// 16-byte aligned (the base's divisibility, in bytes); the mask is constant over runs of 16,
// since n is a multiple of 16.
tt.func public @vector_add(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
  // expected-remark @below {{contiguity = [1], divisibility = [128], constancy = [1], constant_value = 128, non_negative}}
  %c128 = arith.constant 128 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], non_negative}}
  %pid = tt.get_program_id x : i32
  // expected-remark @below {{contiguity = [1], divisibility = [128], constancy = [1], non_negative}}
  %start = arith.muli %pid, %c128 : i32
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1], non_negative}}
  %range = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [128], constancy = [128], non_negative}}
  %splat = tt.splat %start : i32 -> tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [128], constancy = [1], non_negative}}
  %offs = arith.addi %splat, %range : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128]}}
  %ns = tt.splat %n : i32 -> tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16]}}
  %mask = arith.cmpi slt, %offs, %ns : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128]}}
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  // expected-remark @below {{contiguity = [128], divisibility = [16], constancy = [1]}}
  %xp = tt.addptr %xs, %offs : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %v = tt.load %xp, %mask : tensor<128x!tt.ptr<f32>>
  tt.store %xp, %v, %mask : tensor<128x!tt.ptr<f32>>
  tt.return
}

// -----

// A 2-D pointer tile of a row-major matrix, a[m, k] at a + m * lda + k: contiguous along the
// fast dimension (1) only; along dimension 0 the rows are lda apart.
tt.func public @matmul_tile(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %lda: i32 {tt.divisibility = 16 : i32}) {
  // expected-remark @below {{contiguity = [64], divisibility = [1073741824], constancy = [1], non_negative}}
  %rm = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  // expected-remark @below {{contiguity = [32], divisibility = [1073741824], constancy = [1], non_negative}}
  %rk = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  // expected-remark @below {{contiguity = [64, 1], divisibility = [1073741824, 1], constancy = [1, 1], non_negative}}
  %rm2 = tt.expand_dims %rm {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [64, 1]}}
  %ldas = tt.splat %lda : i32 -> tensor<64x1xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [1, 1]}}
  %rows = arith.muli %rm2, %ldas : tensor<64x1xi32>
  // expected-remark @below {{contiguity = [1, 32], divisibility = [1, 1073741824], constancy = [1, 1], non_negative}}
  %rk2 = tt.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [1, 32]}}
  %rowsb = tt.broadcast %rows : tensor<64x1xi32> -> tensor<64x32xi32>
  // expected-remark @below {{contiguity = [1, 32], divisibility = [1, 1073741824], constancy = [64, 1], non_negative}}
  %colsb = tt.broadcast %rk2 : tensor<1x32xi32> -> tensor<64x32xi32>
  // expected-remark @below {{contiguity = [1, 32], divisibility = [1, 16], constancy = [1, 1]}}
  %offs = arith.addi %rowsb, %colsb : tensor<64x32xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [64, 32]}}
  %as = tt.splat %a : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
  // expected-remark @below {{contiguity = [1, 32], divisibility = [2, 16], constancy = [1, 1]}}
  %ap = tt.addptr %as, %offs : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
  %v = tt.load %ap : tensor<64x32x!tt.ptr<f16>>
  tt.return
}

// -----

// A transposed access, b[k, n] at b + k + n * ldb: contiguous along dimension 0 instead.
tt.func public @transposed(%b: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %ldb: i32 {tt.divisibility = 16 : i32}) {
  // expected-remark @below {{contiguity = [32], divisibility = [1073741824], constancy = [1], non_negative}}
  %rk = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  // expected-remark @below {{contiguity = [64], divisibility = [1073741824], constancy = [1], non_negative}}
  %rn = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  // expected-remark @below {{contiguity = [32, 1], divisibility = [1073741824, 1], constancy = [1, 1], non_negative}}
  %rk2 = tt.expand_dims %rk {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  // expected-remark @below {{contiguity = [1, 64], divisibility = [1, 1073741824], constancy = [1, 1], non_negative}}
  %rn2 = tt.expand_dims %rn {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [1, 64]}}
  %ldbs = tt.splat %ldb : i32 -> tensor<1x64xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [1, 1]}}
  %cols = arith.muli %rn2, %ldbs : tensor<1x64xi32>
  // expected-remark @below {{contiguity = [32, 1], divisibility = [1073741824, 1], constancy = [1, 64], non_negative}}
  %rkb = tt.broadcast %rk2 : tensor<32x1xi32> -> tensor<32x64xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [32, 1]}}
  %colsb = tt.broadcast %cols : tensor<1x64xi32> -> tensor<32x64xi32>
  // expected-remark @below {{contiguity = [32, 1], divisibility = [16, 1], constancy = [1, 1]}}
  %offs = arith.addi %rkb, %colsb : tensor<32x64xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [32, 64]}}
  %bs = tt.splat %b : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>>
  // expected-remark @below {{contiguity = [32, 1], divisibility = [16, 4], constancy = [1, 1]}}
  %bp = tt.addptr %bs, %offs : tensor<32x64x!tt.ptr<f32>>, tensor<32x64xi32>
  tt.return
}

// -----

// Masks of a 2-D tile: the row mask is constant along dimension 1, the column mask along
// dimension 0 in runs that the bound's divisibility allows; their conjunction keeps both.
tt.func public @masks(%m: i32 {tt.divisibility = 16 : i32}, %n: i32) {
  // expected-remark @below {{contiguity = [64], divisibility = [1073741824], constancy = [1], non_negative}}
  %rm = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  // expected-remark @below {{contiguity = [32], divisibility = [1073741824], constancy = [1], non_negative}}
  %rn = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [64]}}
  %ms = tt.splat %m : i32 -> tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16]}}
  %rowmask = arith.cmpi slt, %rm, %ms : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [32]}}
  %ns = tt.splat %n : i32 -> tensor<32xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %colmask = arith.cmpi slt, %rn, %ns : tensor<32xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [1, 1], constancy = [16, 1]}}
  %r2 = tt.expand_dims %rowmask {axis = 1 : i32} : tensor<64xi1> -> tensor<64x1xi1>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [1, 1], constancy = [1, 1]}}
  %c2 = tt.expand_dims %colmask {axis = 0 : i32} : tensor<32xi1> -> tensor<1x32xi1>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [1, 1], constancy = [16, 32]}}
  %rb = tt.broadcast %r2 : tensor<64x1xi1> -> tensor<64x32xi1>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [1, 1], constancy = [64, 1]}}
  %cb = tt.broadcast %c2 : tensor<1x32xi1> -> tensor<64x32xi1>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [1, 1], constancy = [16, 1]}}
  %both = arith.andi %rb, %cb : tensor<64x32xi1>
  // A bound on the left: m > range holds over runs, as range < m does.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16]}}
  %gt = arith.cmpi sgt, %ms, %rm : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %eq = arith.cmpi eq, %rm, %ms : tensor<64xi32>
  tt.return
}

// -----

// Integer arithmetic on a contiguous range and constants.
tt.func public @arith_ops(%k: i32 {tt.divisibility = 16 : i32}, %one: i32 {tt.equal_to = 1 : i32}) {
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1], non_negative}}
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [128], constant_value = 4, non_negative}}
  %c4 = arith.constant dense<4> : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [2], constancy = [128], constant_value = 2, non_negative}}
  %c2 = arith.constant dense<2> : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [128], constant_value = 12, non_negative}}
  %c12 = arith.constant dense<12> : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128]}}
  %ks = tt.splat %k : i32 -> tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [16], constancy = [1]}}
  %sub = arith.subi %r, %ks : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %rsub = arith.subi %ks, %r : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1], non_negative}}
  %mul = arith.muli %r, %c4 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [128], constant_value = 1, non_negative}}
  %ones = tt.splat %one : i32 -> tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1], non_negative}}
  %mul1 = arith.muli %r, %ones : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [4], non_negative}}
  %div = arith.divsi %r, %c4 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [4], non_negative}}
  %divu = arith.divui %r, %c12 : tensor<128xi32>
  // expected-remark @below {{contiguity = [4], divisibility = [4], constancy = [1], non_negative}}
  %rem = arith.remsi %r, %c4 : tensor<128xi32>
  // expected-remark @below {{contiguity = [16], divisibility = [16], constancy = [1], non_negative}}
  %remu = arith.remui %r, %ks : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1], non_negative}}
  %and = arith.andi %mul, %c12 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1], non_negative}}
  %shl = arith.shli %r, %c2 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [4], non_negative}}
  %shr = arith.shrsi %r, %c2 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], non_negative}}
  %shru = arith.shrui %mul, %c2 : tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1], non_negative}}
  %ext = arith.extsi %r : tensor<128xi32> to tensor<128xi64>
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1], non_negative}}
  %extu = arith.extui %r : tensor<128xi32> to tensor<128xi64>
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %tr = arith.trunci %ext : tensor<128xi64> to tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128], constant_value = 48, non_negative}}
  %folded = arith.muli %c4, %c12 : tensor<128xi32>
  tt.return
}

// -----

// Selects, loads (unknown values) and the hints of tl.multiple_of / max_contiguous /
// max_constancy.
tt.func public @select_load_hints(%p: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %c: i1) {
  // expected-remark @below {{contiguity = [64], divisibility = [1073741824], constancy = [1], non_negative}}
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [64], constant_value = 64, non_negative}}
  %c64 = arith.constant dense<64> : tensor<64xi32>
  // expected-remark @below {{contiguity = [64], divisibility = [64], constancy = [1], non_negative}}
  %shifted = arith.addi %r, %c64 : tensor<64xi32>
  // expected-remark @below {{contiguity = [64], divisibility = [64], constancy = [1], non_negative}}
  %sel = arith.select %c, %r, %shifted : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [64]}}
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
  // expected-remark @below {{contiguity = [64], divisibility = [16], constancy = [1]}}
  %pp = tt.addptr %ps, %r : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %idx = tt.load %pp : tensor<64x!tt.ptr<i32>>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [64]}}
  %lt = arith.cmpi slt, %r, %c64 : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %vsel = arith.select %lt, %r, %idx : tensor<64xi1>, tensor<64xi32>
  // expected-remark @below {{contiguity = [64], divisibility = [8], constancy = [1]}}
  %hinted = tt.load %pp {tt.divisibility = dense<8> : tensor<1xi32>, tt.contiguity = dense<64> : tensor<1xi32>} : tensor<64x!tt.ptr<i32>>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [4]}}
  %const = tt.load %pp {tt.constancy = dense<4> : tensor<1xi32>} : tensor<64x!tt.ptr<i32>>
  tt.return
}

// -----

// Loops: the induction variable is the lower bound plus multiples of the step; a loop-carried
// pointer joins its initial value with what the body yields.
tt.func public @loop(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
  // expected-remark @below {{contiguity = [1], divisibility = [1073741824], constancy = [1], constant_value = 0, non_negative}}
  %c0 = arith.constant 0 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [32], constancy = [1], constant_value = 32, non_negative}}
  %c32 = arith.constant 32 : i32
  // expected-remark @below {{contiguity = [32], divisibility = [1073741824], constancy = [1], non_negative}}
  %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [32]}}
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  // expected-remark @below {{contiguity = [32], divisibility = [16], constancy = [1]}}
  %p0 = tt.addptr %ps, %r : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [32], constancy = [32], constant_value = 32, non_negative}}
  %c32s = arith.constant dense<32> : tensor<32xi32>
  // expected-remark @below {{induction variable: contiguity = [1], divisibility = [32], constancy = [1], non_negative}}
  // expected-remark @below {{result #0: contiguity = [32], divisibility = [16], constancy = [1]}}
  // expected-remark @below {{result #1: contiguity = [32], divisibility = [1], constancy = [1], non_negative}}
  %res:2 = scf.for %i = %c0 to %n step %c32 iter_args(%acc = %p0, %odd = %r) -> (tensor<32x!tt.ptr<f32>>, tensor<32xi32>) : i32 {
    // expected-remark @below {{contiguity = [1], divisibility = [32], constancy = [32], non_negative}}
    %is = tt.splat %i : i32 -> tensor<32xi32>
    // expected-remark @below {{contiguity = [32], divisibility = [16], constancy = [1]}}
    %next = tt.addptr %acc, %c32s : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [32], constant_value = 3, non_negative}}
    %c3 = arith.constant dense<3> : tensor<32xi32>
    // expected-remark @below {{contiguity = [32], divisibility = [1], constancy = [1], non_negative}}
    %o = arith.addi %odd, %c3 : tensor<32xi32>
    scf.yield %next, %o : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
  }
  tt.return
}

// -----

// A loop without iter_args (MLIR 22 hands its induction variable's lattice over at index 0):
// the same induction variable, so that accesses of strip-mined chunks keep their alignment.
tt.func public @loop_without_results(%n: i32) {
  // expected-remark @below {{contiguity = [1], divisibility = [1073741824], constancy = [1], constant_value = 0, non_negative}}
  %c0 = arith.constant 0 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [1], constant_value = 64, non_negative}}
  %c64 = arith.constant 64 : i32
  // expected-remark @below {{induction variable: contiguity = [1], divisibility = [64], constancy = [1], non_negative}}
  scf.for %i = %c0 to %n step %c64 : i32 {
    // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [64], non_negative}}
    %is = tt.splat %i : i32 -> tensor<64xi32>
  }
  tt.return
}

// -----

// scf.if joins its branches: contiguity and divisibility they share.
tt.func public @branches(%c: i1, %k: i32 {tt.divisibility = 16 : i32}) {
  // expected-remark @below {{contiguity = [64], divisibility = [1073741824], constancy = [1], non_negative}}
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  // expected-remark @below {{contiguity = [64], divisibility = [16], constancy = [1]}}
  %res = scf.if %c -> tensor<64xi32> {
    // expected-remark @below {{contiguity = [1], divisibility = [32], constancy = [64], constant_value = 32, non_negative}}
    %c32 = arith.constant dense<32> : tensor<64xi32>
    // expected-remark @below {{contiguity = [64], divisibility = [32], constancy = [1], non_negative}}
    %a = arith.addi %r, %c32 : tensor<64xi32>
    scf.yield %a : tensor<64xi32>
  } else {
    // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [64]}}
    %ks = tt.splat %k : i32 -> tensor<64xi32>
    // expected-remark @below {{contiguity = [64], divisibility = [16], constancy = [1]}}
    %b = arith.addi %r, %ks : tensor<64xi32>
    scf.yield %b : tensor<64xi32>
  }
  tt.return
}

// -----

// cf branch arguments join their predecessors (64 and a multiple of 16); the region arguments of
// tt.reduce, which no control flow feeds, are pessimistic.
tt.func public @blocks(%c: i1, %k: i32 {tt.divisibility = 16 : i32}) -> i32 {
  // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [1], constant_value = 64, non_negative}}
  %c64 = arith.constant 64 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [32], constancy = [1], constant_value = 32, non_negative}}
  %c32 = arith.constant 32 : i32
  cf.cond_br %c, ^a(%c64 : i32), ^a(%k : i32)
^a(%v: i32):
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1]}}
  %w = arith.addi %v, %c32 : i32
  // expected-remark @below {{contiguity = [16], divisibility = [1073741824], constancy = [1], non_negative}}
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %s = "tt.reduce"(%r) ({
  ^bb0(%x: i32, %y: i32):
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
    %z = arith.addi %x, %y : i32
    tt.reduce.return %z : i32
  }) {axis = 0 : i32} : (tensor<16xi32>) -> i32
  tt.return %w : i32
}

// -----

// tt.trans permutes the dimensions of the lattice: the transpose of a row-major offset tile is
// contiguous along dimension 0.
tt.func public @trans(%ld: i32 {tt.divisibility = 16 : i32}) {
  // expected-remark @below {{contiguity = [16], divisibility = [1073741824], constancy = [1], non_negative}}
  %rm = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  // expected-remark @below {{contiguity = [8], divisibility = [1073741824], constancy = [1], non_negative}}
  %rn = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  // expected-remark @below {{contiguity = [16, 1], divisibility = [1073741824, 1], constancy = [1, 1], non_negative}}
  %rm2 = tt.expand_dims %rm {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [16, 1]}}
  %lds = tt.splat %ld : i32 -> tensor<16x1xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [1, 1]}}
  %rows = arith.muli %rm2, %lds : tensor<16x1xi32>
  // expected-remark @below {{contiguity = [1, 8], divisibility = [1, 1073741824], constancy = [1, 1], non_negative}}
  %rn2 = tt.expand_dims %rn {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [1, 8]}}
  %rowsb = tt.broadcast %rows : tensor<16x1xi32> -> tensor<16x8xi32>
  // expected-remark @below {{contiguity = [1, 8], divisibility = [1, 1073741824], constancy = [16, 1], non_negative}}
  %colsb = tt.broadcast %rn2 : tensor<1x8xi32> -> tensor<16x8xi32>
  // expected-remark @below {{contiguity = [1, 8], divisibility = [1, 16], constancy = [1, 1]}}
  %offs = arith.addi %rowsb, %colsb : tensor<16x8xi32>
  // expected-remark @below {{contiguity = [8, 1], divisibility = [16, 1], constancy = [1, 1]}}
  %t = tt.trans %offs {order = array<i32: 1, 0>} : tensor<16x8xi32> -> tensor<8x16xi32>
  tt.return
}

// -----

// max and min keep only what holds of every element of both sides; two constants fold.
tt.func public @min_max(%k: i32 {tt.divisibility = 16 : i32}) {
  // expected-remark @below {{contiguity = [64], divisibility = [1073741824], constancy = [1], non_negative}}
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [64]}}
  %ks = tt.splat %k : i32 -> tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], non_negative}}
  %max = arith.maxsi %r, %ks : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [64], constant_value = 8, non_negative}}
  %c8 = arith.constant dense<8> : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [64], constant_value = 24, non_negative}}
  %c24 = arith.constant dense<24> : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [64], constant_value = 8, non_negative}}
  %min = arith.minui %c8, %c24 : tensor<64xi32>
  tt.return
}

// -----

// A device function called from a kernel: its arguments join every call site (a multiple of 1024
// and a multiple of 16), and its results flow back to the calls.
tt.func private @offsets(%base: i32) -> tensor<64xi32> {
  // expected-remark @below {{contiguity = [64], divisibility = [1073741824], constancy = [1], non_negative}}
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [64]}}
  %b = tt.splat %base : i32 -> tensor<64xi32>
  // expected-remark @below {{contiguity = [64], divisibility = [16], constancy = [1]}}
  %o = arith.addi %b, %r : tensor<64xi32>
  tt.return %o : tensor<64xi32>
}
tt.func public @kernel(%k: i32 {tt.divisibility = 16 : i32}) {
  // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [1], constant_value = 64, non_negative}}
  %c64 = arith.constant 64 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [1024], constancy = [1]}}
  %m = arith.muli %k, %c64 : i32
  // expected-remark @below {{contiguity = [64], divisibility = [16], constancy = [1]}}
  %o = tt.call @offsets(%m) : (i32) -> tensor<64xi32>
  // expected-remark @below {{contiguity = [64], divisibility = [16], constancy = [1]}}
  %o2 = tt.call @offsets(%k) : (i32) -> tensor<64xi32>
  tt.return
}

// -----

// Signed division and remainder round toward zero, so their runs need a non-negative dividend:
// (pid * 64 + range) % M keeps runs (the matmul tutorial's wrap-around of row offsets), while
// range - 16 divided or reduced by 4 keeps none.
tt.func public @signed_rounding(%M: i32 {tt.divisibility = 16 : i32}) {
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], non_negative}}
  %pid = tt.get_program_id x : i32
  // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [1], constant_value = 64, non_negative}}
  %c64 = arith.constant 64 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [1], non_negative}}
  %start = arith.muli %pid, %c64 : i32
  // expected-remark @below {{contiguity = [64], divisibility = [1073741824], constancy = [1], non_negative}}
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [64], non_negative}}
  %starts = tt.splat %start : i32 -> tensor<64xi32>
  // expected-remark @below {{contiguity = [64], divisibility = [64], constancy = [1], non_negative}}
  %offs = arith.addi %starts, %r : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [64]}}
  %Ms = tt.splat %M : i32 -> tensor<64xi32>
  // expected-remark @below {{contiguity = [16], divisibility = [16], constancy = [1], non_negative}}
  %wrapped = arith.remsi %offs, %Ms : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [64], constant_value = 16, non_negative}}
  %c16 = arith.constant dense<16> : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [64], constant_value = 4, non_negative}}
  %c4 = arith.constant dense<4> : tensor<64xi32>
  // expected-remark @below {{contiguity = [64], divisibility = [16], constancy = [1]}}
  %n = arith.subi %r, %c16 : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %d = arith.divsi %n, %c4 : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %m = arith.remsi %n, %c4 : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16]}}
  %s = arith.shrsi %n, %c4 : tensor<64xi32>
  tt.return
}

// -----

// make_range bounds are signed: a range from -16 is contiguous but not non-negative.
tt.func public @negative_range() {
  // expected-remark @below {{contiguity = [64], divisibility = [16], constancy = [1]}}
  %r = tt.make_range {end = 48 : i32, start = -16 : i32} : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [64], constant_value = 8, non_negative}}
  %c8 = arith.constant dense<8> : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %d = arith.divsi %r, %c8 : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [8]}}
  %u = arith.divui %r, %c8 : tensor<64xi32>
  tt.return
}

// -----

// A layout conversion moves elements between hardware indices but keeps their values, so it
// keeps what is known of them.
#a = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
tt.func public @convert_layout() {
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1], non_negative}}
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #a>
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1], non_negative}}
  %c = ttg.convert_layout %r : tensor<128xi32, #a> -> tensor<128xi32, #b>
  tt.return
}
