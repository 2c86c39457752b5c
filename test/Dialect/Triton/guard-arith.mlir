// RUN: nereid-opt %s -split-input-file --tt-guard-arith | FileCheck %s

// tt-guard-arith gives the integer edge cases that LLVM leaves undefined (poison, or a
// trap for division on x86) the values docs/semantics.md defines: each guarded op gets a safe
// operand and a select of the defined value, on scalars and on vectors alike.

// Signed division: the divisor becomes 1 where it is 0 or where INT_MIN / -1 overflows; a zero
// divisor gives all ones (-1), and INT_MIN / -1 gives INT_MIN / 1 = INT_MIN.
// CHECK-LABEL: func.func @divsi
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[MIN:.*]] = arith.constant -2147483648 : i32
// CHECK-DAG: %[[MINUS1:.*]] = arith.constant -1 : i32
// CHECK-DAG: %[[ISZERO:.*]] = arith.cmpi eq, %[[B]], %[[ZERO]] : i32
// CHECK-DAG: %[[AMIN:.*]] = arith.cmpi eq, %[[A]], %[[MIN]] : i32
// CHECK-DAG: %[[BM1:.*]] = arith.cmpi eq, %[[B]], %[[MINUS1]] : i32
// CHECK: %[[OVERFLOW:.*]] = arith.andi %[[AMIN]], %[[BM1]] : i1
// CHECK: %[[UNSAFE:.*]] = arith.ori %[[ISZERO]], %[[OVERFLOW]] : i1
// CHECK: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: %[[SAFE:.*]] = arith.select %[[UNSAFE]], %[[ONE]], %[[B]] : i32
// CHECK: %[[Q:.*]] = arith.divsi %[[A]], %[[SAFE]] : i32
// CHECK: %[[ALLONES:.*]] = arith.constant -1 : i32
// CHECK: %[[R:.*]] = arith.select %[[ISZERO]], %[[ALLONES]], %[[Q]] : i32
// CHECK: return %[[R]] : i32
func.func @divsi(%a: i32, %b: i32) -> i32 {
  %y = arith.divsi %a, %b : i32
  return %y : i32
}

// -----

// Unsigned division on a vector: only the zero divisor is unsafe; it gives the maximum.
// CHECK-LABEL: func.func @divui
// CHECK-SAME: (%[[A:.*]]: vector<8xi32>, %[[B:.*]]: vector<8xi32>)
// CHECK: %[[ZERO:.*]] = arith.constant dense<0> : vector<8xi32>
// CHECK: %[[ISZERO:.*]] = arith.cmpi eq, %[[B]], %[[ZERO]] : vector<8xi32>
// CHECK: %[[ONE:.*]] = arith.constant dense<1> : vector<8xi32>
// CHECK: %[[SAFE:.*]] = arith.select %[[ISZERO]], %[[ONE]], %[[B]] : vector<8xi1>, vector<8xi32>
// CHECK-NOT: arith.andi
// CHECK: %[[Q:.*]] = arith.divui %[[A]], %[[SAFE]] : vector<8xi32>
// CHECK: %[[MAX:.*]] = arith.constant dense<-1> : vector<8xi32>
// CHECK: %[[R:.*]] = arith.select %[[ISZERO]], %[[MAX]], %[[Q]] : vector<8xi1>, vector<8xi32>
// CHECK: return %[[R]]
func.func @divui(%a: vector<8xi32>, %b: vector<8xi32>) -> vector<8xi32> {
  %y = arith.divui %a, %b : vector<8xi32>
  return %y : vector<8xi32>
}

// -----

// Signed remainder: by zero it is the dividend; INT_MIN % -1 is computed as INT_MIN % 1 = 0.
// CHECK-LABEL: func.func @remsi
// CHECK-SAME: (%[[A:.*]]: vector<4xi64>, %[[B:.*]]: vector<4xi64>)
// CHECK-DAG: %[[ISZERO:.*]] = arith.cmpi eq, %[[B]], %{{.*}} : vector<4xi64>
// CHECK-DAG: %[[MIN:.*]] = arith.constant dense<-9223372036854775808> : vector<4xi64>
// CHECK-DAG: %[[AMIN:.*]] = arith.cmpi eq, %[[A]], %[[MIN]] : vector<4xi64>
// CHECK: %[[OVERFLOW:.*]] = arith.andi %[[AMIN]], %{{.*}} : vector<4xi1>
// CHECK: %[[UNSAFE:.*]] = arith.ori %[[ISZERO]], %[[OVERFLOW]] : vector<4xi1>
// CHECK: %[[SAFE:.*]] = arith.select %[[UNSAFE]], %{{.*}}, %[[B]] : vector<4xi1>, vector<4xi64>
// CHECK: %[[REM:.*]] = arith.remsi %[[A]], %[[SAFE]] : vector<4xi64>
// CHECK: %[[R:.*]] = arith.select %[[ISZERO]], %[[A]], %[[REM]] : vector<4xi1>, vector<4xi64>
// CHECK: return %[[R]]
func.func @remsi(%a: vector<4xi64>, %b: vector<4xi64>) -> vector<4xi64> {
  %y = arith.remsi %a, %b : vector<4xi64>
  return %y : vector<4xi64>
}

// -----

// CHECK-LABEL: func.func @remui
// CHECK-SAME: (%[[A:.*]]: i8, %[[B:.*]]: i8)
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i8
// CHECK: %[[ISZERO:.*]] = arith.cmpi eq, %[[B]], %[[ZERO]] : i8
// CHECK: %[[ONE:.*]] = arith.constant 1 : i8
// CHECK: %[[SAFE:.*]] = arith.select %[[ISZERO]], %[[ONE]], %[[B]] : i8
// CHECK: %[[REM:.*]] = arith.remui %[[A]], %[[SAFE]] : i8
// CHECK: %[[R:.*]] = arith.select %[[ISZERO]], %[[A]], %[[REM]] : i8
// CHECK: return %[[R]]
func.func @remui(%a: i8, %b: i8) -> i8 {
  %y = arith.remui %a, %b : i8
  return %y : i8
}

// -----

// ceildivsi and floordivsi are guarded like divsi: zero gives -1, INT_MIN / -1 divides by 1.
// CHECK-LABEL: func.func @ceil_floor
// CHECK-SAME: (%[[A:.*]]: i16, %[[B:.*]]: i16)
// CHECK: %[[ISZERO:.*]] = arith.cmpi eq, %[[B]], %{{.*}} : i16
// CHECK: %[[MIN:.*]] = arith.constant -32768 : i16
// CHECK: %[[AMIN:.*]] = arith.cmpi eq, %[[A]], %[[MIN]] : i16
// CHECK: %[[UNSAFE:.*]] = arith.ori %[[ISZERO]], %{{.*}} : i1
// CHECK: %[[SAFE:.*]] = arith.select %[[UNSAFE]], %{{.*}}, %[[B]] : i16
// CHECK: %[[CEIL:.*]] = arith.ceildivsi %[[A]], %[[SAFE]] : i16
// CHECK: %[[C:.*]] = arith.select %[[ISZERO]], %{{.*}}, %[[CEIL]] : i16
// CHECK: %[[ISZERO2:.*]] = arith.cmpi eq, %[[B]], %{{.*}} : i16
// CHECK: %[[UNSAFE2:.*]] = arith.ori %[[ISZERO2]], %{{.*}} : i1
// CHECK: %[[SAFE2:.*]] = arith.select %[[UNSAFE2]], %{{.*}}, %[[B]] : i16
// CHECK: %[[FLOOR:.*]] = arith.floordivsi %[[A]], %[[SAFE2]] : i16
// CHECK: %[[F:.*]] = arith.select %[[ISZERO2]], %{{.*}}, %[[FLOOR]] : i16
// CHECK: %[[ISZERO3:.*]] = arith.cmpi eq, %[[B]], %{{.*}} : i16
// CHECK-NOT: arith.andi
// CHECK: %[[SAFE3:.*]] = arith.select %[[ISZERO3]], %{{.*}}, %[[B]] : i16
// CHECK: %[[UCEIL:.*]] = arith.ceildivui %[[A]], %[[SAFE3]] : i16
// CHECK: %[[U:.*]] = arith.select %[[ISZERO3]], %{{.*}}, %[[UCEIL]] : i16
// CHECK: return %[[C]], %[[F]], %[[U]]
func.func @ceil_floor(%a: i16, %b: i16) -> (i16, i16, i16) {
  %c = arith.ceildivsi %a, %b : i16
  %f = arith.floordivsi %a, %b : i16
  %u = arith.ceildivui %a, %b : i16
  return %c, %f, %u : i16, i16, i16
}

// -----

// Shifts by the width or more (compared unsigned, so a negative amount counts as huge) give 0
// for shli and shrui. The shift itself takes the amount modulo the width (NVPTX dropped the
// select of a 64-bit shift whose amount stayed, or was chosen by a select, after truncating
// the amount to 32 bits).
// CHECK-LABEL: func.func @shifts
// CHECK-SAME: (%[[A:.*]]: vector<16xi32>, %[[B:.*]]: vector<16xi32>)
// CHECK: %[[WIDTH:.*]] = arith.constant dense<32> : vector<16xi32>
// CHECK: %[[FAR:.*]] = arith.cmpi uge, %[[B]], %[[WIDTH]] : vector<16xi32>
// CHECK: %[[ZERO:.*]] = arith.constant dense<0> : vector<16xi32>
// CHECK: %[[MASK:.*]] = arith.constant dense<31> : vector<16xi32>
// CHECK: %[[SAFE:.*]] = arith.andi %[[B]], %[[MASK]] : vector<16xi32>
// CHECK: %[[SHL:.*]] = arith.shli %[[A]], %[[SAFE]] : vector<16xi32>
// CHECK: %[[L:.*]] = arith.select %[[FAR]], %[[ZERO]], %[[SHL]] : vector<16xi1>, vector<16xi32>
// CHECK: %[[FAR2:.*]] = arith.cmpi uge, %[[B]], %{{.*}} : vector<16xi32>
// CHECK: %[[SAFE2:.*]] = arith.andi %[[B]], %{{.*}} : vector<16xi32>
// CHECK: %[[SHRU:.*]] = arith.shrui %[[A]], %[[SAFE2]] : vector<16xi32>
// CHECK: %[[U:.*]] = arith.select %[[FAR2]], %{{.*}}, %[[SHRU]] : vector<16xi1>, vector<16xi32>
// CHECK: return %[[L]], %[[U]]
func.func @shifts(%a: vector<16xi32>, %b: vector<16xi32>) -> (vector<16xi32>, vector<16xi32>) {
  %l = arith.shli %a, %b : vector<16xi32>
  %u = arith.shrui %a, %b : vector<16xi32>
  return %l, %u : vector<16xi32>, vector<16xi32>
}

// -----

// An arithmetic shift too far gives the sign: the value shifted by width - 1.
// CHECK-LABEL: func.func @shrsi
// CHECK-SAME: (%[[A:.*]]: i8, %[[B:.*]]: i8)
// CHECK: %[[WIDTH:.*]] = arith.constant 8 : i8
// CHECK: %[[FAR:.*]] = arith.cmpi uge, %[[B]], %[[WIDTH]] : i8
// CHECK: %[[SEVEN:.*]] = arith.constant 7 : i8
// CHECK: %[[SIGN:.*]] = arith.shrsi %[[A]], %[[SEVEN]] : i8
// CHECK: %[[SAFE:.*]] = arith.andi %[[B]], %{{.*}} : i8
// CHECK: %[[SHIFT:.*]] = arith.shrsi %[[A]], %[[SAFE]] : i8
// CHECK: %[[R:.*]] = arith.select %[[FAR]], %[[SIGN]], %[[SHIFT]] : i8
// CHECK: return %[[R]]
func.func @shrsi(%a: i8, %b: i8) -> i8 {
  %y = arith.shrsi %a, %b : i8
  return %y : i8
}

// -----

// fptosi saturates: x >= 2^31 gives INT_MAX, x < -2^31 gives INT_MIN, NaN gives 0 (the NaN
// select comes last, so it wins).
// CHECK-LABEL: func.func @fptosi
// CHECK-SAME: (%[[X:.*]]: vector<8xf32>)
// CHECK: %[[HIGH:.*]] = arith.constant dense<2.14748365E+9> : vector<8xf32>
// CHECK: %[[TOOHIGH:.*]] = arith.cmpf oge, %[[X]], %[[HIGH]] : vector<8xf32>
// CHECK: %[[LOW:.*]] = arith.constant dense<-2.14748365E+9> : vector<8xf32>
// CHECK: %[[TOOLOW:.*]] = arith.cmpf olt, %[[X]], %[[LOW]] : vector<8xf32>
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[X]], %[[X]] : vector<8xf32>
// CHECK: %[[CONV:.*]] = arith.fptosi %[[X]] : vector<8xf32> to vector<8xi32>
// CHECK: %[[MAX:.*]] = arith.constant dense<2147483647> : vector<8xi32>
// CHECK: %[[S1:.*]] = arith.select %[[TOOHIGH]], %[[MAX]], %[[CONV]]
// CHECK: %[[MIN:.*]] = arith.constant dense<-2147483648> : vector<8xi32>
// CHECK: %[[S2:.*]] = arith.select %[[TOOLOW]], %[[MIN]], %[[S1]]
// CHECK: %[[ZERO:.*]] = arith.constant dense<0> : vector<8xi32>
// CHECK: %[[S3:.*]] = arith.select %[[NAN]], %[[ZERO]], %[[S2]]
// CHECK: return %[[S3]]
func.func @fptosi(%x: vector<8xf32>) -> vector<8xi32> {
  %y = arith.fptosi %x : vector<8xf32> to vector<8xi32>
  return %y : vector<8xi32>
}

// -----

// fptoui saturates to [0, 255]: x >= 256 gives 255 (all ones), x <= -1 gives 0; values in
// (-1, 0) truncate to 0 by themselves.
// CHECK-LABEL: func.func @fptoui
// CHECK-SAME: (%[[X:.*]]: f64)
// CHECK: %[[HIGH:.*]] = arith.constant 2.560000e+02 : f64
// CHECK: %[[TOOHIGH:.*]] = arith.cmpf oge, %[[X]], %[[HIGH]] : f64
// CHECK: %[[LOW:.*]] = arith.constant -1.000000e+00 : f64
// CHECK: %[[TOOLOW:.*]] = arith.cmpf ole, %[[X]], %[[LOW]] : f64
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[X]], %[[X]] : f64
// CHECK: %[[CONV:.*]] = arith.fptoui %[[X]] : f64 to i8
// CHECK: %[[MAX:.*]] = arith.constant -1 : i8
// CHECK: %[[S1:.*]] = arith.select %[[TOOHIGH]], %[[MAX]], %[[CONV]] : i8
// CHECK: %[[S2:.*]] = arith.select %[[TOOLOW]], %{{.*}}, %[[S1]] : i8
// CHECK: %[[S3:.*]] = arith.select %[[NAN]], %{{.*}}, %[[S2]] : i8
// CHECK: return %[[S3]]
func.func @fptoui(%x: f64) -> i8 {
  %y = arith.fptoui %x : f64 to i8
  return %y : i8
}

// -----

// maxnumf: a NaN lhs gives rhs; equal operands give their bitwise and (+0 from -0 and +0); else
// the select that x86's maxps computes (rhs where lhs < rhs, which a NaN rhs fails).
// CHECK-LABEL: func.func @maxnumf
// CHECK-SAME: (%[[A:.*]]: vector<16xf32>, %[[B:.*]]: vector<16xf32>)
// CHECK: %[[LESS:.*]] = arith.cmpf olt, %[[A]], %[[B]] : vector<16xf32>
// CHECK: %[[PICK:.*]] = arith.select %[[LESS]], %[[B]], %[[A]]
// CHECK-DAG: %[[ABITS:.*]] = arith.bitcast %[[A]] : vector<16xf32> to vector<16xi32>
// CHECK-DAG: %[[BBITS:.*]] = arith.bitcast %[[B]] : vector<16xf32> to vector<16xi32>
// CHECK: %[[AND:.*]] = arith.andi %[[ABITS]], %[[BBITS]] : vector<16xi32>
// CHECK: %[[MERGED:.*]] = arith.bitcast %[[AND]] : vector<16xi32> to vector<16xf32>
// CHECK: %[[EQ:.*]] = arith.cmpf oeq, %[[A]], %[[B]]
// CHECK: %[[ORDERED:.*]] = arith.select %[[EQ]], %[[MERGED]], %[[PICK]]
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[A]], %[[A]]
// CHECK: %[[R:.*]] = arith.select %[[NAN]], %[[B]], %[[ORDERED]]
// CHECK: return %[[R]]
func.func @maxnumf(%a: vector<16xf32>, %b: vector<16xf32>) -> vector<16xf32> {
  %y = arith.maxnumf %a, %b : vector<16xf32>
  return %y : vector<16xf32>
}

// -----

// minnumf: the mirror image, with the bitwise or (-0 from -0 and +0), on a scalar f16.
// CHECK-LABEL: func.func @minnumf
// CHECK-SAME: (%[[A:.*]]: f16, %[[B:.*]]: f16)
// CHECK: %[[GREATER:.*]] = arith.cmpf ogt, %[[A]], %[[B]] : f16
// CHECK: %[[PICK:.*]] = arith.select %[[GREATER]], %[[B]], %[[A]]
// CHECK: %[[OR:.*]] = arith.ori %{{.*}}, %{{.*}} : i16
// CHECK: %[[MERGED:.*]] = arith.bitcast %[[OR]] : i16 to f16
// CHECK: %[[EQ:.*]] = arith.cmpf oeq, %[[A]], %[[B]]
// CHECK: %[[ORDERED:.*]] = arith.select %[[EQ]], %[[MERGED]], %[[PICK]]
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[A]], %[[A]]
// CHECK: %[[R:.*]] = arith.select %[[NAN]], %[[B]], %[[ORDERED]]
// CHECK: return %[[R]]
func.func @minnumf(%a: f16, %b: f16) -> f16 {
  %y = arith.minnumf %a, %b : f16
  return %y : f16
}

// -----

// Ops without undefined cases are left alone.
// CHECK-LABEL: func.func @untouched
// CHECK-NEXT: arith.addi
// CHECK-NEXT: arith.muli
// CHECK-NEXT: return
func.func @untouched(%a: i32, %b: i32) -> i32 {
  %s = arith.addi %a, %b : i32
  %p = arith.muli %s, %b : i32
  return %p : i32
}

// -----

// Index arithmetic is the lowering's own addressing (the panel of a dot's B buffer that a
// block of columns reads), not the language's integers: left alone.
// CHECK-LABEL: func.func @index_division
// CHECK-NEXT: arith.divui %{{.*}}, %{{.*}} : index
// CHECK-NEXT: return
func.func @index_division(%a: index, %b: index) -> index {
  %q = arith.divui %a, %b : index
  return %q : index
}
