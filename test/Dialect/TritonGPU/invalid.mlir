// RUN: nereid-opt %s -split-input-file -verify-diagnostics
// REQUIRES: backend-cpu, backend-nvidia

// One case per verifier message of the ttg encodings, ops and module attributes.

// expected-error @below {{blocked encoding must have rank at least 1}}
#blocked = #ttg.blocked<{sizePerThread = [], threadsPerWarp = [], warpsPerCTA = [], order = []}>

// -----

// expected-error @below {{blocked encoding must have sizePerThread, threadsPerWarp, warpsPerCTA and order of one rank; got 2, 2, 1 and 2}}
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2], order = [1, 0]}>

// -----

// expected-error @below {{blocked encoding must have powers of two in sizePerThread; got 3}}
#blocked = #ttg.blocked<{sizePerThread = [1, 3], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]}>

// -----

// expected-error @below {{blocked encoding must have powers of two in threadsPerWarp; got 0}}
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [0, 4], warpsPerCTA = [2, 1], order = [1, 0]}>

// -----

// expected-error @below {{blocked encoding must have powers of two in warpsPerCTA; got 6}}
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [6, 1], order = [1, 0]}>

// -----

// expected-error @below {{blocked encoding must have an order that is a permutation of [0, 2)}}
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 1]}>

// -----

// expected-error @below {{blocked encoding must have an order that is a permutation of [0, 2)}}
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [2, 0]}>

// -----

// expected-error @below {{expects 'order', an array of integers}}
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1]}>

// -----

// expected-error @below {{expects 'sizePerThread' to hold non-negative integers}}
#blocked = #ttg.blocked<{sizePerThread = [1, -4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]}>

// -----

// expected-error @below {{unknown parameter 'CTAsPerCGA'}}
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0], CTAsPerCGA = [1, 1]}>

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// expected-error @below {{slice encoding must have a parent of rank at least 2; got 1}}
#slice = #ttg.slice<{dim = 0, parent = #blocked}>

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]}>
// expected-error @below {{slice encoding must slice a dimension of its parent; got dim 2 of a rank-2 parent}}
#slice = #ttg.slice<{dim = 2, parent = #blocked}>

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]}>
// expected-error @below {{expects 'dim', a non-negative integer}}
#slice = #ttg.slice<{parent = #blocked}>

// -----

// expected-error @below {{expects 'parent', a distributed encoding such as #ttg.blocked}}
#slice = #ttg.slice<{dim = 0, parent = 1 : i32}>

// -----

// expected-error @below {{unknown parameter 'parents'}}
#slice = #ttg.slice<{dim = 0, parents = 1 : i32}>

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]}>
// expected-error @below {{encoding of rank 2 on a tensor of rank 1}}
tt.func @f(%a: tensor<16xf32, #blocked>) { tt.return }

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]}>
// expected-error @below {{a tensor with a layout encoding must have a static shape of powers of two}}
tt.func @f(%a: tensor<16x12xf32, #blocked>) { tt.return }

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]}>
tt.func @f(%a: tensor<16x16xf32, #blocked>) {
  // expected-error @below {{'ttg.convert_layout' op expects the result to have the shape and element type of the source; got 'tensor<16x16xf32}}
  %0 = ttg.convert_layout %a : tensor<16x16xf32, #blocked> -> tensor<16x16xf16, #blocked>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]}>
tt.func @f(%a: tensor<16x16xf32, #blocked>) {
  // expected-error @below {{'ttg.convert_layout' op expects the result to have the shape and element type of the source; got 'tensor<16x16xf32}}
  %0 = ttg.convert_layout %a : tensor<16x16xf32, #blocked> -> tensor<16x32xf32, #blocked>
  tt.return
}

// -----

// expected-error @below {{unknown ttg attribute 'ttg.targets'}}
module attributes {ttg.targets = "cuda:90"} {}

// -----

module {
  // expected-error @below {{'ttg.target' is a module attribute}}
  tt.func @f() attributes {ttg.target = "cuda:90"} { tt.return }
}

// -----

// expected-error @below {{'ttg.target' must be a non-empty string such as "cuda:90"}}
module attributes {ttg.target = 90 : i32} {}

// -----

// expected-error @below {{'ttg.num-warps' must be a positive power of two of type i32}}
module attributes {"ttg.num-warps" = 3 : i32} {}

// -----

// expected-error @below {{'ttg.num-warps' must be a positive power of two of type i32}}
module attributes {"ttg.num-warps" = 4 : i64} {}

// -----

// expected-error @below {{unknown target 'tpu:v5': no backend registered the family 'tpu'; the registered families are cpu, cuda, hip}}
module attributes {ttg.target = "tpu:v5"} {}

// -----

// expected-error @below {{unknown target 'cuda:75': NVIDIA targets are cuda:80, cuda:86, cuda:89 and cuda:90}}
module attributes {ttg.target = "cuda:75"} {}

// -----

// expected-error @below {{'ttg.num-warps' is 4 but cpu:x86_64:avx512 allows at most 1}}
module attributes {ttg.target = "cpu:x86_64:avx512", "ttg.num-warps" = 4 : i32} {}

// -----

// expected-error @below {{'ttg.num-warps' is 64 but cuda:90 allows at most 32}}
module attributes {ttg.target = "cuda:90", "ttg.num-warps" = 64 : i32} {}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1073741824, 2], threadsPerWarp = [1, 1], warpsPerCTA = [1, 1], order = [1, 0]}>
// expected-error @below {{layout encoding needs more than 2^30 registers, lanes or warps for this tensor}}
tt.func @f(%a: tensor<1x1xf32, #blocked>) { tt.return }

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]}>
// expected-error @below {{dot_op encoding must have opIdx 0 (A) or 1 (B); got 2}}
#dot = #ttg.dot_op<{opIdx = 2, parent = #blocked}>

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]}>
#slice = #ttg.slice<{dim = 0, parent = #blocked}>
// expected-error @below {{dot_op encoding must have a blocked or tensor-core parent}}
#dot = #ttg.dot_op<{opIdx = 0, parent = #slice}>

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// expected-error @below {{dot_op encoding must have a parent of rank 2 or 3; got 1}}
#dot = #ttg.dot_op<{opIdx = 0, parent = #blocked}>

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]}>
// expected-error @below {{dot_op encoding with a blocked parent must not have kWidth}}
#dot = #ttg.dot_op<{opIdx = 0, parent = #blocked, kWidth = 2}>

// -----

// expected-error @below {{expects 'parent', a distributed encoding such as #ttg.blocked}}
#dot = #ttg.dot_op<{opIdx = 1, kWidth = 2}>

// -----

// expected-error @below {{expects 'opIdx', a non-negative integer}}
#dot = #ttg.dot_op<{opIdx = -1, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>}>

// -----

// expected-error @below {{swizzled_shared encoding must have powers of two in vec, perPhase and maxPhase; got 3}}
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 3, maxPhase = 8, order = [1, 0]}>

// -----

// expected-error @below {{swizzled_shared encoding must have rank at least 1}}
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = []}>

// -----

// expected-error @below {{swizzled_shared encoding must have an order that is a permutation of [0, 2)}}
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 0]}>

// -----

// expected-error @below {{expects 'maxPhase', a non-negative integer}}
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, order = [1, 0]}>

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// expected-error @below {{swizzled_shared encoding of rank 2 on a memdesc of rank 3}}
tt.func @f(%a: !ttg.memdesc<2x16x16xf16, #shared>) { tt.return }

// -----

// expected-error @below {{panel_shared encoding must have powers of two in width and rows; got 6}}
#shared = #ttg.panel_shared<{width = 6, rows = 8}>

// -----

#shared = #ttg.panel_shared<{width = 16, rows = 8}>
// expected-error @below {{panel_shared encoding of 8 rows on a memdesc of 16}}
tt.func @f(%a: !ttg.memdesc<16x32xf32, #shared>) { tt.return }

// -----

#shared = #ttg.panel_shared<{width = 16, rows = 8}>
// expected-error @below {{panel_shared encoding of width 16 on 8 columns, not a multiple of it}}
tt.func @f(%a: !ttg.memdesc<8xf32, #shared>) { tt.return }

// -----

#shared = #ttg.panel_shared<{width = 16, rows = 8}>
// expected-error @below {{panel_shared encoding lays out a matrix or one of its rows; got a memdesc of rank 3}}
tt.func @f(%a: !ttg.memdesc<2x8x16xf32, #shared>) { tt.return }

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]}>
// expected-error @below {{expects a shared encoding such as #ttg.swizzled_shared; got #ttg.blocked}}
tt.func @f(%a: !ttg.memdesc<64x32xf16, #blocked>) { tt.return }

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0]}>
// expected-error @below {{memdesc must have rank at least 1}}
tt.func @f(%a: !ttg.memdesc<f16, #shared>) { tt.return }

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// expected-error @below {{memdesc must have a static shape of powers of two (but for the leading dimension of a stack of slices)}}
tt.func @f(%a: !ttg.memdesc<16x12xf16, #shared>) { tt.return }

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [2, 1, 0]}>
#slice = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// A stack of three slices (getStackEncoding) is a memdesc; its slices are read one at a time.
tt.func @f(%a: !ttg.memdesc<3x16x16xf16, #shared, mutable>, %i: i32) -> !ttg.memdesc<16x16xf16, #slice, mutable> {
  %s = ttg.memdesc_index %a[%i] : !ttg.memdesc<3x16x16xf16, #shared, mutable> -> !ttg.memdesc<16x16xf16, #slice, mutable>
  // expected-error @below {{memdesc must have a static shape of powers of two (but for the leading dimension of a stack of slices)}}
  %t = ttg.local_alloc : () -> !ttg.memdesc<3x12x16xf16, #shared, mutable>
  tt.return %s : !ttg.memdesc<16x16xf16, #slice, mutable>
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// expected-error @below {{memdesc must have at most 2^30 elements}}
tt.func @f(%a: !ttg.memdesc<65536x32768xf16, #shared>) { tt.return }

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// expected-error @below {{memdesc must have an integer or floating-point element type; got '!tt.ptr<f32>'}}
tt.func @f(%a: !ttg.memdesc<16x16x!tt.ptr<f32>, #shared>) { tt.return }

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
tt.func @f() {
  // expected-error @below {{'ttg.local_alloc' op expects a mutable memdesc when there is no initial value}}
  %0 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #shared>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
tt.func @f(%x: tensor<16x16xf32>) {
  // expected-error @below {{'ttg.local_alloc' op expects the initial value to have the shape and element type of the memdesc; got 'tensor<16x16xf32>' -> '!ttg.memdesc<16x16xf16, #ttg.swizzled_shared}}
  %0 = ttg.local_alloc %x : (tensor<16x16xf32>) -> !ttg.memdesc<16x16xf16, #shared>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
tt.func @f(%m: !ttg.memdesc<16x16xf16, #shared>) {
  // expected-error @below {{'ttg.local_load' op expects the result to have the shape and element type of the memdesc; got}}
  %0 = ttg.local_load %m : !ttg.memdesc<16x16xf16, #shared> -> tensor<16x32xf16>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
tt.func @f(%m: !ttg.memdesc<16x16xf16, #shared>, %x: tensor<16x16xf16>) {
  // expected-error @below {{'ttg.local_store' op expects a mutable memdesc; got}}
  ttg.local_store %x, %m : tensor<16x16xf16> -> !ttg.memdesc<16x16xf16, #shared>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
tt.func @f(%m: !ttg.memdesc<16x16xf16, #shared, mutable>, %x: tensor<16x16xi16>) {
  // expected-error @below {{'ttg.local_store' op expects the value to have the shape and element type of the memdesc; got}}
  ttg.local_store %x, %m : tensor<16x16xi16> -> !ttg.memdesc<16x16xf16, #shared, mutable>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
tt.func @f(%m: !ttg.memdesc<16x16xf16, #shared, mutable>, %i: i32) {
  // expected-error @below {{'ttg.memdesc_index' op expects a slice along the leading dimension: the source's other dimensions, element type and mutability; got}}
  %0 = ttg.memdesc_index %m[%i] : !ttg.memdesc<16x16xf16, #shared, mutable> -> !ttg.memdesc<16xf16, #shared1>
  tt.return
}

// -----

#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
tt.func @f(%m: !ttg.memdesc<16xf16, #shared1, mutable>, %i: i32) {
  // expected-error @below {{'ttg.memdesc_index' op expects a slice along the leading dimension}}
  %0 = ttg.memdesc_index %m[%i] : !ttg.memdesc<16xf16, #shared1, mutable> -> !ttg.memdesc<16xf16, #shared1, mutable>
  tt.return
}

// -----

// Layouts must fit the module's target: a warp of cuda:90 has 32 lanes.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 4], warpsPerCTA = [2, 1], order = [1, 0]}>
module attributes {ttg.target = "cuda:90", "ttg.num-warps" = 2 : i32} {
  // expected-error @below {{'tt.func' op expects 'tensor<16x16xf32, #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 4], warpsPerCTA = [2, 1], order = [1, 0]}>>' to have 32 lanes per warp on cuda:90; its layout has 16}}
  tt.func @f(%a: tensor<16x16xf32, #blocked>) { tt.return }
}

// -----

// On a CPU a lane is a SIMD lane: AVX-512 holds 16 f32.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {ttg.target = "cpu:x86_64:avx512"} {
  // expected-error @below {{to have at most 16 lanes (one vector of 'f32') on cpu:x86_64:avx512; its layout has 32}}
  tt.func @f(%a: tensor<16x32x!tt.ptr<f32>, #blocked>) { tt.return }
}

// -----

// The warps of a layout are the module's.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]}>
module attributes {ttg.target = "cuda:80", "ttg.num-warps" = 4 : i32} {
  // expected-error @below {{to have 4 warps ('ttg.num-warps'); its layout has 2}}
  tt.func @f(%a: tensor<16xf32, #ttg.slice<{dim = 0, parent = #blocked}>>) { tt.return }
}

// -----

// Without a target, the warps are still the module's.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-warps" = 2 : i32} {
  tt.func @f(%a: tensor<16x16xf32>) {
    // expected-error @below {{'ttg.convert_layout' op expects 'tensor<16x16xf32, #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>>' to have 2 warps ('ttg.num-warps'); its layout has 4}}
    %0 = ttg.convert_layout %a : tensor<16x16xf32> -> tensor<16x16xf32, #blocked>
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// expected-error @below {{shared encoding #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}> lays out a !ttg.memdesc, not a tensor in registers}}
tt.func @f(%a: tensor<16x16xf16, #shared>) { tt.return }

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [8], warpsPerCTA = [1], order = [0]}>
tt.func @f(%x: tensor<8xf32, #blocked>) {
  // expected-error @below {{'ttg.prefetch' op operand #0 must be ranked tensor of pointer values}}
  ttg.prefetch %x : tensor<8xf32, #blocked>
  tt.return
}
