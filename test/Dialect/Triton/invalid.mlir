// RUN: nereid-opt %s -split-input-file -verify-diagnostics

// One case per verifier message of the tt types and ops.

// expected-error @below {{pointee type must be a Triton scalar (i1 to i64, a float type of Triton) or a pointer; got 'tensor<4xf32>'}}
tt.func @f(%p: !tt.ptr<tensor<4xf32>>) { tt.return }

// -----

// expected-error @below {{pointee type must be a Triton scalar (i1 to i64, a float type of Triton) or a pointer; got 'i128'}}
tt.func @f(%p: !tt.ptr<i128>) { tt.return }

// -----

// expected-error @below {{address space must be non-negative; got -1}}
tt.func @f(%p: !tt.ptr<f32, -1>) { tt.return }

// -----

// expected-error @below {{tensor descriptor block must have rank 1 to 5; got 6}}
tt.func @f(%d: !tt.tensordesc<tensor<2x2x2x2x2x2xf16>>) { tt.return }

// -----

// expected-error @below {{tensor descriptor block must hold Triton integers or floats; got '!tt.ptr<f32>'}}
tt.func @f(%d: !tt.tensordesc<tensor<4x!tt.ptr<f32>>>) { tt.return }

// -----

// expected-error @below {{tensor descriptor block must have a static, non-empty shape; got 'tensor<0x4xf16>'}}
tt.func @f(%d: !tt.tensordesc<tensor<0x4xf16>>) { tt.return }

// -----

tt.func @f(%x: i32) {
  // expected-error @below {{result #0 must be tile (static, non-empty shape) of}}
  %s = tt.splat %x : i32 -> tensor<0xi32>
  tt.return
}

// -----

tt.func @f(%x: tensor<f32>) {
  // expected-error @below {{operand #0 must be tile (static, non-empty shape) of}}
  %b = tt.broadcast %x : tensor<f32> -> tensor<f32>
  tt.return
}

// -----

tt.func @f(%x: tensor<?xf32>) {
  // expected-error @below {{operand #0 must be tile (static, non-empty shape) of}}
  %b = tt.broadcast %x : tensor<?xf32> -> tensor<4xf32>
  tt.return
}

// -----

tt.func @f() {
  // expected-error @below {{expects a 1-D result; got 'tensor<4x4xi32>'}}
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<4x4xi32>
  tt.return
}

// -----

tt.func @f() {
  // expected-error @below {{expects end (0) to be greater than start (16)}}
  %r = tt.make_range {end = 0 : i32, start = 16 : i32} : tensor<16xi32>
  tt.return
}

// -----

tt.func @f() {
  // expected-error @below {{expects a result of end - start = 16 elements; got 'tensor<32xi32>'}}
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<32xi32>
  tt.return
}

// -----

tt.func @f(%x: tensor<4xf32>) {
  // expected-error @below {{expects the result to have the rank of the operand}}
  %b = tt.broadcast %x : tensor<4xf32> -> tensor<4x4xf32>
  tt.return
}

// -----

tt.func @f(%x: tensor<4x1xf32>) {
  // expected-error @below {{expects each operand dimension to be 1 or equal to the result's; dimension 0 is 4 -> 8}}
  %b = tt.broadcast %x : tensor<4x1xf32> -> tensor<8x8xf32>
  tt.return
}

// -----

tt.func @f(%x: tensor<4xf32>) {
  // expected-error @below {{expects axis in [0, 1]; got 3}}
  %e = tt.expand_dims %x {axis = 3 : i32} : tensor<4xf32> -> tensor<4x1xf32>
  tt.return
}

// -----

tt.func @f(%x: tensor<4xf32>) {
  // expected-error @below {{expects result type 'tensor<1x4xf32>'; got 'tensor<4x1xf32>'}}
  %e = tt.expand_dims %x {axis = 0 : i32} : tensor<4xf32> -> tensor<4x1xf32>
  tt.return
}

// -----

tt.func @f(%x: tensor<16xf32>) {
  // expected-error @below {{expects the result to have as many elements as the operand}}
  %r = tt.reshape %x : tensor<16xf32> -> tensor<4x8xf32>
  tt.return
}

// -----

tt.func @f(%x: tensor<4x8xf32>) {
  // expected-error @below {{expects order to be a permutation of [0, 2)}}
  %t = tt.trans %x {order = array<i32: 1, 1>} : tensor<4x8xf32> -> tensor<8x4xf32>
  tt.return
}

// -----

tt.func @f(%x: tensor<4xf32>) {
  // expected-error @below {{expects the result to have the rank of the operands}}
  %c = tt.cat %x, %x : tensor<4xf32> -> tensor<2x4xf32>
  tt.return
}

// -----

tt.func @f(%x: tensor<4x2xf32>) {
  // expected-error @below {{expects the result to be the operands concatenated along dimension 0}}
  %c = tt.cat %x, %x : tensor<4x2xf32> -> tensor<4x4xf32>
  tt.return
}

// -----

tt.func @f(%x: tensor<4x8xf32>) {
  // expected-error @below {{expects result type 'tensor<8x4xf32>'; got 'tensor<4x8xf32>'}}
  %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<4x8xf32> -> tensor<4x8xf32>
  tt.return
}

// -----

tt.func @f(%x: tensor<4xf32>) {
  // expected-error @below {{expects result type 'tensor<4x2xf32>'; got 'tensor<2x4xf32>'}}
  %j = tt.join %x, %x : tensor<4xf32> -> tensor<2x4xf32>
  tt.return
}

// -----

tt.func @f(%x: tensor<4x2xf32>) {
  // expected-error @below {{expects result type 'tensor<4xf32>'; got 'tensor<8xf32>'}}
  %a, %b = tt.split %x : tensor<4x2xf32> -> tensor<8xf32>
  tt.return
}

// -----

tt.func @f(%x: tensor<4x3xf32>) {
  // expected-error @below {{expects a tensor whose last dimension is 2; got 'tensor<4x3xf32>'}}
  %a, %b = tt.split %x : tensor<4x3xf32> -> tensor<4xf32>
  tt.return
}

// -----

tt.func @f(%x: tensor<4x8xf32>, %i: tensor<4xi32>) {
  // expected-error @below {{expects indices to have the rank of src}}
  %g = tt.gather %x[%i] {axis = 0 : i32} : (tensor<4x8xf32>, tensor<4xi32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @f(%x: tensor<4x8xf32>, %i: tensor<4x8xi32>) {
  // expected-error @below {{expects axis in [0, 2); got 2}}
  %g = tt.gather %x[%i] {axis = 2 : i32} : (tensor<4x8xf32>, tensor<4x8xi32>) -> tensor<4x8xf32>
  tt.return
}

// -----

tt.func @f(%x: tensor<4x8xf32>, %i: tensor<4x2xi32>) {
  // expected-error @below {{expects indices to match src in every dimension but the axis; dimension 1 differs}}
  %g = tt.gather %x[%i] {axis = 0 : i32} : (tensor<4x8xf32>, tensor<4x2xi32>) -> tensor<4x2xf32>
  tt.return
}

// -----

tt.func @f(%x: tensor<4x8xf32>, %i: tensor<4x2xi32>) {
  // expected-error @below {{expects the result to have the shape of indices and the element type of src}}
  %g = tt.gather %x[%i] {axis = 1 : i32} : (tensor<4x8xf32>, tensor<4x2xi32>) -> tensor<4x2xf16>
  tt.return
}

// -----

tt.func @f(%x: tensor<4x8xi32>) {
  // expected-error @below {{expects a 1-D operand and a 1-D result}}
  %h = tt.histogram %x : tensor<4x8xi32> -> tensor<16xi32>
  tt.return
}

// -----

tt.func @f(%p: tensor<8x!tt.ptr<f32>>, %o: tensor<4xi32>) {
  // expected-error @below {{expects offset shape to match pointer shape; got 'tensor<4xi32>' and 'tensor<8x!tt.ptr<f32>>'}}
  %q = tt.addptr %p, %o : tensor<8x!tt.ptr<f32>>, tensor<4xi32>
  tt.return
}

// -----

tt.func @f(%i: tensor<8xi64>) {
  // expected-error @below {{expects result shape to match operand shape}}
  %p = tt.int_to_ptr %i : tensor<8xi64> -> !tt.ptr<f32>
  tt.return
}

// -----

tt.func @f(%p: tensor<8x!tt.ptr<f32>>) {
  // expected-error @below {{expects result shape to match operand shape}}
  %i = tt.ptr_to_int %p : tensor<8x!tt.ptr<f32>> -> tensor<4xi64>
  tt.return
}

// -----

tt.func @f(%p: !tt.ptr<f32>) {
  // expected-error @below {{cannot cast between a pointer and a non-pointer; use tt.ptr_to_int or tt.int_to_ptr}}
  %i = tt.bitcast %p : !tt.ptr<f32> -> i64
  tt.return
}

// -----

tt.func @f(%p: !tt.ptr<f32>) {
  // expected-error @below {{cannot change the address space of a pointer}}
  %q = tt.bitcast %p : !tt.ptr<f32> -> !tt.ptr<f32, 3>
  tt.return
}

// -----

tt.func @f(%x: tensor<4xf32>) {
  // expected-error @below {{expects element types of the same bit width; got 'f32' and 'i16'}}
  %y = tt.bitcast %x : tensor<4xf32> -> tensor<4xi16>
  tt.return
}

// -----

tt.func @f(%x: tensor<4xf32>) {
  // expected-error @below {{expects result shape to match operand shape}}
  %y = tt.bitcast %x : tensor<4xf32> -> tensor<8xi32>
  tt.return
}

// -----

tt.func @f(%p: !tt.ptr<f32>, %o: f32) {
  // expected-error @below {{expects a mask when `other` is given}}
  %v = "tt.load"(%p, %o) <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (!tt.ptr<f32>, f32) -> f32
  tt.return
}

// -----

tt.func @f(%p: tensor<4x!tt.ptr<f32>>, %m: tensor<8xi1>) {
  // expected-error @below {{expects the mask to be 'tensor<4xi1>', the shape of the pointer operand; got 'tensor<8xi1>'}}
  %v = "tt.load"(%p, %m) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<4x!tt.ptr<f32>>, tensor<8xi1>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @f(%p: !tt.ptr<f32>, %m: i1, %o: f16) {
  // expected-error @below {{expects `other` to have the loaded type 'f32'; got 'f16'}}
  %v = "tt.load"(%p, %m, %o) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (!tt.ptr<f32>, i1, f16) -> f32
  tt.return
}

// -----

tt.func @f(%p: tensor<4x!tt.ptr<f32>>, %v: tensor<4xf32>, %m: i1) {
  // expected-error @below {{expects the mask to be 'tensor<4xi1>', the shape of the pointer operand; got 'i1'}}
  "tt.store"(%p, %v, %m) : (tensor<4x!tt.ptr<f32>>, tensor<4xf32>, i1) -> ()
  tt.return
}

// -----

tt.func @f(%p: tensor<4x!tt.ptr<f32>>, %v: tensor<4xf16>) {
  // expected-error @below {{failed to verify that value type matches the pointee type of ptr}}
  "tt.store"(%p, %v) : (tensor<4x!tt.ptr<f32>>, tensor<4xf16>) -> ()
  tt.return
}

// -----

tt.func @f(%p: tensor<4x!tt.ptr<i32>>, %v: tensor<4xi32>) {
  // expected-error @below {{expects a float element type for fadd; got 'i32'}}
  %r = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v : tensor<4x!tt.ptr<i32>>
  tt.return
}

// -----

tt.func @f(%p: tensor<4x!tt.ptr<f32>>, %v: tensor<4xf32>) {
  // expected-error @below {{expects an integer element type for add; got 'f32' (use fadd for floats)}}
  %r = tt.atomic_rmw add, acq_rel, gpu, %p, %v : tensor<4x!tt.ptr<f32>>
  tt.return
}

// -----

tt.func @f(%p: !tt.ptr<!tt.ptr<f32>>, %v: !tt.ptr<f32>) {
  // expected-error @below {{expects a 16-, 32- or 64-bit integer or float element type; got '!tt.ptr<f32>'}}
  %r = tt.atomic_rmw exch, acq_rel, gpu, %p, %v : !tt.ptr<!tt.ptr<f32>>
  tt.return
}

// -----

tt.func @f(%p: !tt.ptr<i8>, %v: i8) {
  // expected-error @below {{expects a 16-, 32- or 64-bit integer or float element type; got 'i8'}}
  %r = tt.atomic_cas acq_rel, gpu, %p, %v, %v : !tt.ptr<i8>
  tt.return
}

// -----

tt.func @f(%p: !tt.ptr<f16>, %m: i32, %s: i64) {
  // expected-error @below {{expects 2 shape and stride values, one per block dimension; got 1 and 1}}
  %d = tt.make_tensor_descriptor %p, [%m], [%s] : !tt.ptr<f16>, !tt.tensordesc<tensor<16x16xf16>>
  tt.return
}

// -----

tt.func @f(%p: !tt.ptr<f16>, %m: i32, %s: i64) {
  // expected-error @below {{expects 2 shape and stride values, one per block dimension; got 2 and 1}}
  %d = tt.make_tensor_descriptor %p, [%m, %m], [%s] : !tt.ptr<f16>, !tt.tensordesc<tensor<16x16xf16>>
  tt.return
}

// -----

tt.func @f(%p: !tt.ptr<f16, 3>, %m: i32, %s: i64) {
  // expected-error @below {{expects a base pointer to global memory (address space 1); got '!tt.ptr<f16, 3>'}}
  %d = tt.make_tensor_descriptor %p, [%m], [%s] : !tt.ptr<f16, 3>, !tt.tensordesc<tensor<16xf16>>
  tt.return
}

// -----

tt.func @f(%p: !tt.ptr<f32>, %m: i32, %s: i64) {
  // expected-error @below {{expects the base pointer to point at the block's element type}}
  %d = tt.make_tensor_descriptor %p, [%m], [%s] : !tt.ptr<f32>, !tt.tensordesc<tensor<16xf16>>
  tt.return
}

// -----

tt.func @f(%d: !tt.tensordesc<tensor<16x16xf16>>, %i: i32) {
  // expected-error @below {{expects 2 indices, one per block dimension; got 1}}
  %t = tt.descriptor_load %d[%i] : !tt.tensordesc<tensor<16x16xf16>> -> tensor<16x16xf16>
  tt.return
}

// -----

tt.func @f(%d: !tt.tensordesc<tensor<16x16xf16>>, %i: i32, %t: tensor<16x8xf16>) {
  // expected-error @below {{expects the tile type to be the descriptor's block type 'tensor<16x16xf16>'; got 'tensor<16x8xf16>'}}
  tt.descriptor_store %d[%i, %i], %t : !tt.tensordesc<tensor<16x16xf16>>, tensor<16x8xf16>
  tt.return
}

// -----

tt.func @f(%a: tensor<16xf16>, %c: tensor<16xf32>) {
  // expected-error @below {{expects 2-D operands, or 3-D with a leading batch dimension; got 'tensor<16xf16>'}}
  %d = tt.dot %a, %a, %c : tensor<16xf16> * tensor<16xf16> -> tensor<16xf32>
  tt.return
}

// -----

tt.func @f(%a: tensor<16x16xf16>, %b: tensor<2x16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @below {{expects a, b and c of one rank}}
  %d = tt.dot %a, %b, %c : tensor<16x16xf16> * tensor<2x16x16xf16> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @f(%a: tensor<16x32xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @below {{expects the columns of a to match the rows of b}}
  %d = tt.dot %a, %b, %c : tensor<16x32xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @f(%a: tensor<32x16xf16>, %b: tensor<16x64xf16>, %c: tensor<32x32xf32>) {
  // expected-error @below {{expects the accumulator to be 32x64; got 'tensor<32x32xf32>'}}
  %d = tt.dot %a, %b, %c : tensor<32x16xf16> * tensor<16x64xf16> -> tensor<32x32xf32>
  tt.return
}

// -----

tt.func @f(%a: tensor<2x16x16xf16>, %b: tensor<4x16x16xf16>, %c: tensor<2x16x16xf32>) {
  // expected-error @below {{expects one batch size for a, b and c}}
  %d = tt.dot %a, %b, %c : tensor<2x16x16xf16> * tensor<4x16x16xf16> -> tensor<2x16x16xf32>
  tt.return
}

// -----

tt.func @f(%a: tensor<16x16xf16>, %b: tensor<16x16xbf16>, %c: tensor<16x16xf32>) {
  // expected-error @below {{expects a and b to have the same element type; got 'f16' and 'bf16'}}
  %d = tt.dot %a, %b, %c : tensor<16x16xf16> * tensor<16x16xbf16> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @f(%a: tensor<16x16x!tt.ptr<f32>>, %c: tensor<16x16xf32>) {
  // expected-error @below {{expects numeric operands; got '!tt.ptr<f32>'}}
  %d = tt.dot %a, %a, %c : tensor<16x16x!tt.ptr<f32>> * tensor<16x16x!tt.ptr<f32>> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @f(%a: tensor<16x16xi8>, %c: tensor<16x16xf32>) {
  // expected-error @below {{expects an integer accumulator for integer operands and a float accumulator for float operands; got 'i8' and 'f32'}}
  %d = tt.dot %a, %a, %c : tensor<16x16xi8> * tensor<16x16xi8> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @f() {
  // expected-error @below {{expects at least one operand}}
  tt.reduce() axis = 0 {
  ^bb0:
    tt.reduce.return
  } : () -> ()
  tt.return
}

// -----

tt.func @f(%x: tensor<4xf32>, %y: tensor<8xi32>) {
  // expected-error @below {{expects all operands to have one shape}}
  %a, %b = tt.reduce(%x, %y) axis = 0 {
  ^bb0(%p: f32, %q: i32, %r: f32, %s: i32):
    tt.reduce.return %p, %q : f32, i32
  } : (tensor<4xf32>, tensor<8xi32>) -> (f32, i32)
  tt.return
}

// -----

tt.func @f(%x: tensor<4xf32>) {
  // expected-error @below {{expects axis in [0, 1); got 1}}
  %s = tt.reduce(%x) axis = 1 {
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a : f32
  } : (tensor<4xf32>) -> f32
  tt.return
}

// -----

tt.func @f(%x: tensor<4xf32>) {
  // expected-error @below {{expects the combiner to take 2 scalar arguments: the operands' element types, twice}}
  %s = tt.reduce(%x) axis = 0 {
  ^bb0(%a: f32):
    tt.reduce.return %a : f32
  } : (tensor<4xf32>) -> f32
  tt.return
}

// -----

tt.func @f(%x: tensor<4xf32>) {
  // expected-error @below {{expects the combiner to return one scalar of each operand's element type}}
  %s = tt.reduce(%x) axis = 0 {
  ^bb0(%a: f32, %b: f32):
    %i = arith.fptosi %a : f32 to i32
    tt.reduce.return %i : i32
  } : (tensor<4xf32>) -> f32
  tt.return
}

// -----

tt.func @f(%x: tensor<4x8xf32>) {
  // expected-error @below {{expects result type 'tensor<4xf32>' for operand type 'tensor<4x8xf32>'; got 'tensor<8xf32>'}}
  %s = tt.reduce(%x) axis = 1 {
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a : f32
  } : (tensor<4x8xf32>) -> tensor<8xf32>
  tt.return
}

// -----

tt.func @f(%x: tensor<4xf32>) {
  // expected-error @below {{expects one result per operand}}
  %s, %t = tt.reduce(%x) axis = 0 {
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a : f32
  } : (tensor<4xf32>) -> (f32, f32)
  tt.return
}

// -----

tt.func @f(%x: tensor<4xi32>) {
  // expected-error @below {{expects one result per operand}}
  %a, %b = tt.scan(%x) axis = 0 {
  ^bb0(%p: i32, %q: i32):
    tt.scan.return %p : i32
  } : (tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>)
  tt.return
}

// -----

tt.func @f(%x: tensor<4xi32>) {
  // expected-error @below {{expects each result to have its operand's type}}
  %a = tt.scan(%x) axis = 0 {
  ^bb0(%p: i32, %q: i32):
    tt.scan.return %p : i32
  } : (tensor<4xi32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @f(%x: tensor<4xf32>) {
  // expected-error @below {{expects a rounding mode to convert 'f32' to 'f16'}}
  %y = tt.fp_to_fp %x : tensor<4xf32> -> tensor<4xf16>
  tt.return
}

// -----

tt.func @f(%x: tensor<4xf16>) {
  // expected-error @below {{expects no rounding mode for the exact conversion of 'f16' to 'f32'}}
  %y = tt.fp_to_fp %x, rounding = rtne : tensor<4xf16> -> tensor<4xf32>
  tt.return
}

// -----

tt.func @f(%x: tensor<4xi32>) {
  // expected-error @below {{expects packed_element to be at least 1; got 0}}
  %y = tt.elementwise_inline_asm "" {constraints = "=r,r", packed_element = 0 : i32, pure = true} %x : tensor<4xi32> -> tensor<4xi32>
  tt.return
}

// -----

tt.func @f(%x: i32) {
  // expected-error @below {{expects at least one result}}
  "tt.elementwise_inline_asm"(%x) <{asm_string = "", constraints = "r", packed_element = 1 : i32, pure = false}> : (i32) -> ()
  tt.return
}

// -----

tt.func @f(%x: tensor<4xi32>) {
  // expected-error @below {{all non-scalar operands/results must have the same shape and base type}}
  %y = tt.elementwise_inline_asm "" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : tensor<4xi32> -> tensor<8xi32>
  tt.return
}

// -----

tt.func @f(%x: tensor<6xi32>) {
  // expected-error @below {{expects the number of elements to be a multiple of packed_element}}
  %y = tt.elementwise_inline_asm "" {constraints = "=r,r", packed_element = 4 : i32, pure = true} %x : tensor<6xi32> -> tensor<6xi32>
  tt.return
}

// -----

tt.func @f(%x: tensor<4xi32>) {
  // expected-error @below {{expects one isSigned flag per printed value; got 0 for 1}}
  tt.print "x" {hex = false, isSigned = array<i32>} : %x : tensor<4xi32>
  tt.return
}

// -----

// expected-error @below {{type of entry block argument #0('f32') must match the type of the corresponding argument in function signature('i32')}}
"tt.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
^bb0(%x: f32):
  tt.return
}) : () -> ()

// -----

tt.func @f() {
  // expected-error @below {{calls 'nope', which is not a tt.func in scope}}
  tt.call @nope() : () -> ()
  tt.return
}

// -----

tt.func private @g(i32) -> i32
tt.func @f(%x: f32) {
  // expected-error @below {{passes 1 arguments of types that do not match 'g' of type '(i32) -> i32'}}
  %r = tt.call @g(%x) : (f32) -> i32
  tt.return
}

// -----

tt.func private @g(i32) -> i32
tt.func @f(%x: i32) {
  // expected-error @below {{expects the result types of 'g' of type '(i32) -> i32'}}
  %r = tt.call @g(%x) : (i32) -> f32
  tt.return
}

// -----

tt.func @f(%x: i32) -> f32 {
  // expected-error @below {{returns values whose types do not match the function type '(i32) -> f32'}}
  tt.return %x : i32
}

// -----

// expected-error @below {{expects tt.divisibility only on integer and pointer arguments; argument 0 is 'f32'}}
tt.func @f(%x: f32 {tt.divisibility = 16 : i32}) { tt.return }

// -----

// expected-error @below {{expects tt.divisibility to be a positive power of two; got 3 on argument 1}}
tt.func @f(%p: !tt.ptr<f32>, %n: i32 {tt.divisibility = 3 : i32}) { tt.return }

// -----

// expected-error @below {{expects tt.equal_to only on integer arguments; argument 0 is '!tt.ptr<f32>'}}
tt.func @f(%p: !tt.ptr<f32> {tt.equal_to = 1 : i32}) { tt.return }

// -----

// expected-error @below {{expects tt.equal_to to be 1; got 2 on argument 0}}
tt.func @f(%n: i64 {tt.equal_to = 2 : i32}) { tt.return }

// -----

tt.func @f(%a: tensor<64xf8E4M3FN>, %b: tensor<64xf8E4M3FN>, %c: tensor<16xf32>) {
  // expected-error @below {{expects 2-D operands, or 3-D with a leading batch dimension; got 'tensor<64xf8E4M3FN>'}}
  %d = tt.dot_scaled %a, %b, %c lhs = e4m3 rhs = e4m3 : tensor<64xf8E4M3FN> * tensor<64xf8E4M3FN> -> tensor<16xf32>
  tt.return
}

// -----

tt.func @f(%a: tensor<16x64xf8E4M3FN>, %b: tensor<2x64x16xf8E4M3FN>, %c: tensor<16x16xf32>) {
  // expected-error @below {{expects a, b and c of one rank}}
  %d = tt.dot_scaled %a, %b, %c lhs = e4m3 rhs = e4m3 : tensor<16x64xf8E4M3FN> * tensor<2x64x16xf8E4M3FN> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @f(%a: tensor<16x64xf8E5M2>, %b: tensor<64x16xf8E4M3FN>, %c: tensor<16x16xf32>) {
  // expected-error @below {{expects a to hold e4m3 values as 'f8E4M3FN'; got 'tensor<16x64xf8E5M2>'}}
  %d = tt.dot_scaled %a, %b, %c lhs = e4m3 rhs = e4m3 : tensor<16x64xf8E5M2> * tensor<64x16xf8E4M3FN> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @f(%a: tensor<16x64xf8E4M3FN>, %b: tensor<64x16xf8E4M3FN>, %c: tensor<16x16xf32>) {
  // expected-error @below {{expects b to be packed along K: only e2m1 may be packed along another dimension; got e4m3}}
  %d = tt.dot_scaled %a, %b, %c lhs = e4m3 rhs = e4m3 {rhs_k_pack = false} : tensor<16x64xf8E4M3FN> * tensor<64x16xf8E4M3FN> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @f(%a: tensor<16x64xi8>, %b: tensor<64x16xf8E4M3FN>, %c: tensor<16x16xf32>) {
  // expected-error @below {{expects a and b to hold the same number of values along K; got 128 and 64}}
  %d = tt.dot_scaled %a, %b, %c lhs = e2m1 rhs = e4m3 : tensor<16x64xi8> * tensor<64x16xf8E4M3FN> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @f(%a: tensor<16x64xf8E4M3FN>, %b: tensor<64x16xf8E4M3FN>, %c: tensor<16x16xf16>) {
  // expected-error @below {{expects an f32 accumulator; got 'tensor<16x16xf16>'}}
  %d = tt.dot_scaled %a, %b, %c lhs = e4m3 rhs = e4m3 : tensor<16x64xf8E4M3FN> * tensor<64x16xf8E4M3FN> -> tensor<16x16xf16>
  tt.return
}

// -----

tt.func @f(%a: tensor<8x64xi8>, %b: tensor<64x16xf8E4M3FN>, %c: tensor<8x16xf32>) {
  // expected-error @below {{expects the accumulator to be 16x16 with one batch size for a, b and c; got 'tensor<8x16xf32>'}}
  %d = tt.dot_scaled %a, %b, %c lhs = e2m1 rhs = e4m3 {lhs_k_pack = false} : tensor<8x64xi8> * tensor<64x16xf8E4M3FN> -> tensor<8x16xf32>
  tt.return
}

// -----

tt.func @f(%a: tensor<16x64xf8E4M3FN>, %s: tensor<16x2xi16>, %b: tensor<64x16xf8E4M3FN>, %c: tensor<16x16xf32>) {
  // expected-error @below {{expects a_scale to hold e8m0 exponents as i8; got 'tensor<16x2xi16>'}}
  %d = tt.dot_scaled %a scale %s, %b, %c lhs = e4m3 rhs = e4m3 : tensor<16x64xf8E4M3FN>, tensor<16x2xi16> * tensor<64x16xf8E4M3FN> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @f(%a: tensor<16x64xf8E4M3FN>, %b: tensor<64x16xf8E4M3FN>, %s: tensor<64x2xi8>, %c: tensor<16x16xf32>) {
  // expected-error @below {{expects b_scale to be [..., M or N, K / group]; got 'tensor<64x2xi8>'}}
  %d = tt.dot_scaled %a, %b scale %s, %c lhs = e4m3 rhs = e4m3 : tensor<16x64xf8E4M3FN> * tensor<64x16xf8E4M3FN>, tensor<64x2xi8> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @f(%a: tensor<16x64xf8E4M3FN>, %s: tensor<16x1xi8>, %b: tensor<64x16xf8E4M3FN>, %c: tensor<16x16xf32>) {
  // expected-error @below {{expects a_scale to split K = 64 into groups of 16 or 32 values; got 1 groups}}
  %d = tt.dot_scaled %a scale %s, %b, %c lhs = e4m3 rhs = e4m3 : tensor<16x64xf8E4M3FN>, tensor<16x1xi8> * tensor<64x16xf8E4M3FN> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @f(%a: tensor<16x64xf8E4M3FN>, %s: tensor<16x2xi8>, %b: tensor<64x16xf8E4M3FN>, %t: tensor<16x4xi8>, %c: tensor<16x16xf32>) {
  // expected-error @below {{expects one group size for both scales; got 32 and 16}}
  %d = tt.dot_scaled %a scale %s, %b scale %t, %c lhs = e4m3 rhs = e4m3 : tensor<16x64xf8E4M3FN>, tensor<16x2xi8> * tensor<64x16xf8E4M3FN>, tensor<16x4xi8> -> tensor<16x16xf32>
  tt.return
}
