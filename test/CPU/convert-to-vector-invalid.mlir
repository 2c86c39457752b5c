// RUN: nereid-opt %s -split-input-file --cpu-convert-to-vector=target=cpu:x86_64:avx512 -verify-diagnostics

// An op without a CPU lowering is one error at the op that names it and the CPU backend. The
// pass reports it and goes on (the op's results become poison), so that one run names every
// unsupported op, then fails.

// The runtime prints elements by their index in at most 4 dimensions.
tt.func public @print_5d(%h: tensor<2x2x2x2x2xi32>) {
  // expected-error @+1 {{the CPU backend prints tiles of at most 4 dimensions}}
  tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %h : tensor<2x2x2x2x2xi32>
  tt.return
}

// -----

// Both unsupported ops of one function are reported.
tt.func public @two_unsupported(%x: tensor<16xi32>) -> (tensor<16xi32>, tensor<16xi32>) {
  // expected-error @+1 {{the CPU backend does not support `tt.elementwise_inline_asm` yet}}
  %y = tt.elementwise_inline_asm "shl.b32 $0, $1, 3;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : tensor<16xi32> -> tensor<16xi32>
  // expected-error @+1 {{the CPU backend does not support `tt.elementwise_inline_asm` yet}}
  %z = tt.elementwise_inline_asm "shl.b32 $0, $1, 3;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %y : tensor<16xi32> -> tensor<16xi32>
  tt.return %y, %z : tensor<16xi32>, tensor<16xi32>
}

// -----

// tt.gather of a tile of pointers is an error that says so.
tt.func public @gather_pointers(%p: tensor<16x!tt.ptr<f32>>, %i: tensor<16xi32>) -> tensor<16x!tt.ptr<f32>> {
  // expected-error @+1 {{the CPU backend gathers from tiles of numbers, not of pointers}}
  %q = tt.gather %p[%i] {axis = 0 : i32} : (tensor<16x!tt.ptr<f32>>, tensor<16xi32>) -> tensor<16x!tt.ptr<f32>>
  tt.return %q : tensor<16x!tt.ptr<f32>>
}

// -----

// Device functions are inlined before this pass, so a call that remains is recursive.
tt.func public @recursive(%a: i32) {
  // expected-error @+1 {{the CPU backend cannot lower `tt.call`: device functions are inlined first, so this call is recursive}}
  tt.call @recursive(%a) : (i32) -> ()
  tt.return
}

// -----

tt.func public @descriptor(%base: !tt.ptr<f16>, %m: i32, %n: i64, %one: i64) {
  // expected-error @+1 {{the CPU backend does not support `tt.make_tensor_descriptor` yet}}
  %d = tt.make_tensor_descriptor %base, [%m, %m], [%n, %one] : !tt.ptr<f16>, !tt.tensordesc<tensor<64x32xf16>>
  tt.return
}

// -----

// A combiner is applied to whole slices of the tile, so it may hold only elementwise arith and
// math ops.
tt.func public @combiner_with_region(%v: tensor<4xf32>) -> f32 {
  // expected-error @+1 {{the CPU backend cannot lower `scf.if` in the combiner of tt.reduce}}
  %m = tt.reduce(%v) axis = 0 {
  ^bb0(%a: f32, %b: f32):
    %t = arith.cmpf ogt, %a, %b : f32
    %c = scf.if %t -> f32 {
      scf.yield %a : f32
    } else {
      scf.yield %b : f32
    }
    tt.reduce.return %c : f32
  } : (tensor<4xf32>) -> f32
  tt.return %m : f32
}

// -----

// Inline assembly is written for a GPU target.
tt.func public @inline_asm(%x: tensor<16xi32>) -> tensor<16xi32> {
  // expected-error @+1 {{the CPU backend does not support `tt.elementwise_inline_asm` yet}}
  %y = tt.elementwise_inline_asm "shl.b32 $0, $1, 3;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : tensor<16xi32> -> tensor<16xi32>
  tt.return %y : tensor<16xi32>
}


// -----

// A large transpose goes through memory in register blocks when it swaps the last two
// dimensions; other permutations that move the last one would be unrolled element by element.
tt.func public @large_other_permutation(%a: tensor<8x32x32xf32>) -> tensor<32x8x32xf32> {
  // expected-error @+1 {{the CPU backend transposes tiles of more than 4096 elements only by swapping their last two dimensions (or keeping the last); this tt.trans of a 8x32x32 tile by order [2, 0, 1] is not supported yet}}
  %t = tt.trans %a {order = array<i32: 2, 0, 1>} : tensor<8x32x32xf32> -> tensor<32x8x32xf32>
  tt.return %t : tensor<32x8x32xf32>
}

// -----

// LLVM has no fp8 arithmetic: an fp8 op other than maximum and minimum is an error that names
// it, on tiles and on scalars alike.
tt.func public @fp8_arithmetic(%x: tensor<16xf8E5M2>, %a: f8E4M3FN) -> (tensor<16xf8E5M2>, i1) {
  // expected-error @+1 {{the CPU backend has no fp8 arithmetic for `arith.addf`: convert the operands to a wider float type first}}
  %y = arith.addf %x, %x : tensor<16xf8E5M2>
  // expected-error @+1 {{the CPU backend has no fp8 arithmetic for `arith.cmpf`: convert the operands to a wider float type first}}
  %c = arith.cmpf olt, %a, %a : f8E4M3FN
  tt.return %y, %c : tensor<16xf8E5M2>, i1
}
