// RUN: nereid-opt %s -split-input-file -verify-diagnostics --pass-pipeline="builtin.module(nereid-ttir-pipeline,nereid-ttg-pipeline{target=cpu:x86_64:avx2 num-warps=1})"

// Inputs that nereid-fuzz found (test/fuzz), or that its findings led to, through the stages it
// runs: the CPU backend's ttir stage, then layout assignment. Each crashed the compiler before
// its fix.

// A dimension of 2^32 (an unused argument): its element count truncated to 0 in an unsigned,
// and the default layout divided by it (UBSan: division by zero in getBlockedEncoding).
// expected-error @below {{convert-tt-to-ttg cannot lay out 'tensor<2x4294967296x64xbf16>' of 'tt.func': every dimension must be a power of two of at most 2^30}}
tt.func @dot(%a: tensor<32x16xf16>, %b: tensor<16x64xf16>, %c: tensor<32x64xf32>,
             %fa: tensor<32x16xf32>, %bb: tensor<2x4294967296x64xbf16>, %bc: tensor<2x32x64xf32>) {
  %0 = tt.dot %a, %b, %c : tensor<32x16xf16> * tensor<16x64xf16> -> tensor<32x64xf32>
  tt.return
}

// -----

// A tensor of rank 0, which arith accepts (found while fixing the one above): the default layout indexed its order at rank - 1.
tt.func @rank_zero(%x: tensor<f32>) -> tensor<f32> {
  // expected-error @below {{convert-tt-to-ttg cannot lay out 'tensor<f32>' of 'arith.addf': a tensor needs at least one dimension}}
  %y = arith.addf %x, %x : tensor<f32>
  tt.return %y : tensor<f32>
}

// -----

// Elements of 7 and 44 bits: the CPU lanes were 256 / 44 = 5, not a power of two, and the
// default layout failed its verifier (an assertion; in a release build, an invalid layout).
// They occupy 8 and 64 bits, as LLVM stores them, and lay out like i8 and i64.
tt.func @shapes(%v: tensor<128xf32>, %m: tensor<1x64xf32>, %y: tensor<4x8xi7>, %h: tensor<64xi32>,
                %mask: tensor<64x                                                         i44>) {
  tt.return
}
