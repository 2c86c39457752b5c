// RUN: nereid-opt %s -split-input-file --tt-cpu-convert-to-vector -verify-diagnostics

// An op without a CPU lowering is an error at the op that names it and the backend; the
// dialect conversion then adds its own "failed to legalize" at the same place.

tt.func public @histogram(%h: tensor<64xi32>) -> tensor<16xi32> {
  // expected-error @+2 {{the CPU backend does not support `tt.histogram` yet}}
  // expected-error @+1 {{failed to legalize operation 'tt.histogram' that was explicitly marked illegal}}
  %r = tt.histogram %h : tensor<64xi32> -> tensor<16xi32>
  tt.return %r : tensor<16xi32>
}

// -----

tt.func public @print(%h: tensor<64xi32>) {
  // expected-error @+2 {{the CPU backend does not support `tt.print` yet}}
  // expected-error @+1 {{failed to legalize operation 'tt.print'}}
  tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %h : tensor<64xi32>
  tt.return
}

// -----

tt.func public @assert(%c: tensor<16xi1>) {
  // expected-error @+2 {{the CPU backend does not support `tt.assert` yet}}
  // expected-error @+1 {{failed to legalize operation 'tt.assert'}}
  tt.assert %c, "c must hold" : tensor<16xi1>
  tt.return
}

// -----

tt.func public @gather(%x: tensor<16xf32>, %i: tensor<16xi32>) -> tensor<16xf32> {
  // expected-error @+2 {{the CPU backend does not support `tt.gather` yet}}
  // expected-error @+1 {{failed to legalize operation 'tt.gather'}}
  %y = tt.gather %x[%i] {axis = 0 : i32} : (tensor<16xf32>, tensor<16xi32>) -> tensor<16xf32>
  tt.return %y : tensor<16xf32>
}

// -----

// Device functions are inlined before this pass, so a call that remains is recursive.
tt.func public @recursive(%a: i32) {
  // expected-error @+2 {{the CPU backend cannot lower `tt.call`: device functions are inlined first, so this call is recursive}}
  // expected-error @+1 {{failed to legalize operation 'tt.call'}}
  tt.call @recursive(%a) : (i32) -> ()
  tt.return
}

// -----

// Tensor descriptors have no CPU lowering yet: the first descriptor op is the error.
tt.func public @descriptor(%base: !tt.ptr<f16>, %m: i32, %n: i64, %one: i64) -> tensor<64x32xf16> {
  // expected-error @+2 {{the CPU backend does not support `tt.make_tensor_descriptor` yet}}
  // expected-error @+1 {{failed to legalize operation 'tt.make_tensor_descriptor'}}
  %d = tt.make_tensor_descriptor %base, [%m, %m], [%n, %one] : !tt.ptr<f16>, !tt.tensordesc<tensor<64x32xf16>>
  %c0 = arith.constant 0 : i32
  %v = tt.descriptor_load %d[%c0, %c0] : !tt.tensordesc<tensor<64x32xf16>> -> tensor<64x32xf16>
  tt.return %v : tensor<64x32xf16>
}
