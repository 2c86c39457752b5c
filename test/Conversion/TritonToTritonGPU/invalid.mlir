// RUN: nereid-opt %s -split-input-file --convert-tt-to-ttg -verify-diagnostics
// REQUIRES: backend-cpu, backend-nvidia

// Without a target option the module must name its target.
// expected-error @below {{convert-tt-to-ttg needs a target: pass target=... or set the module attribute 'ttg.target'}}
module {
  tt.func public @kernel(%x: tensor<16xf32>) {
    tt.return
  }
}

// -----

// A layout describes dimensions of powers of two only.
module attributes {ttg.target = "cuda:90"} {
  tt.func public @odd_shape() {
    // expected-error @below {{convert-tt-to-ttg cannot lay out 'tensor<3xi32>' of 'tt.make_range': every dimension must be a power of two}}
    %r = tt.make_range {end = 3 : i32, start = 0 : i32} : tensor<3xi32>
    tt.return
  }
}

// -----

// An op outside tt, arith, math and scf that holds a tensor has no layout rule.
module attributes {ttg.target = "cpu:x86_64:avx2"} {
  tt.func public @branch(%x: tensor<16xf32>) {
    // expected-error @below {{convert-tt-to-ttg cannot assign layouts to the tensors of 'cf.br'}}
    cf.br ^bb1(%x : tensor<16xf32>)
  ^bb1(%y: tensor<16xf32>):
    tt.return
  }
}

// -----

// A tensor of more elements than a layout's 2^30 registers can hold (2^34 here, 2^3 of them
// in the lanes of an AVX2 vector) has no layout: an error naming its shape, not a fatal error
// in the LinearLayout algebra.
module attributes {ttg.target = "cpu:x86_64:avx2"} {
  tt.func public @huge(%x: tensor<65536x65536x4xf32>) {
    // expected-error @below {{convert-tt-to-ttg cannot lay out 'tensor<65536x65536x4xf32>' of 'arith.addf': layout encoding needs more than 2^30 registers, lanes or warps for this tensor}}
    %y = arith.addf %x, %x : tensor<65536x65536x4xf32>
    tt.return
  }
}

// -----

// The same from a tensor of high rank: 34 dimensions of 2.
module attributes {ttg.target = "cpu:x86_64:avx2"} {
  tt.func public @high_rank(%p: !tt.ptr<f32>) {
    // expected-error @below {{convert-tt-to-ttg cannot lay out 'tensor<2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x!tt.ptr<f32>>' of 'tt.splat'}}
    %s = tt.splat %p : !tt.ptr<f32> -> tensor<2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x!tt.ptr<f32>>
    tt.return
  }
}
