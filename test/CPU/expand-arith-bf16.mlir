// RUN: nereid-opt %s --cpu-expand-arith | FileCheck %s

// Arithmetic on bf16 is computed in f32 and rounded to bf16 after every op, in integer code:
// the sum adds the rounded product, not the f32 one, and no op is left on bf16 for LLVM, which
// would round with the host's instruction (AVX-512 BF16's flushes subnormals).
// CHECK-LABEL: func.func @multiply_add(
// CHECK-NOT: arith.truncf
// CHECK-NOT: arith.extf
// CHECK: %[[PRODUCT:.*]] = arith.mulf {{.*}} : vector<8xf32>
// CHECK: arith.shrui
// CHECK: %[[ROUNDED:.*]] = arith.bitcast {{.*}} : vector<8xi32> to vector<8xf32>
// CHECK-NEXT: arith.addf %[[ROUNDED]], {{.*}} : vector<8xf32>
// CHECK: arith.shrui
// CHECK: return {{.*}} : vector<8xbf16>
func.func @multiply_add(%a: vector<8xbf16>, %b: vector<8xbf16>) -> vector<8xbf16> {
  %product = arith.mulf %a, %b : vector<8xbf16>
  %sum = arith.addf %product, %a : vector<8xbf16>
  return %sum : vector<8xbf16>
}
