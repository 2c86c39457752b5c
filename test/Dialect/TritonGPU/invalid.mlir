// RUN: nereid-opt %s -split-input-file -verify-diagnostics

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

// expected-error @below {{unknown target 'tpu:v5': expected cpu:<arch>:<features>, cuda:<compute capability> or hip:<gfx arch>}}
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
