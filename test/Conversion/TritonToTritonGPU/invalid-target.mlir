// RUN: nereid-opt %s --convert-tt-to-ttg=target=cuda:99 -verify-diagnostics
// RUN: not nereid-opt %s --convert-tt-to-ttg=target=gfx942 2>&1 | FileCheck %s --check-prefix=BARE
// RUN: not nereid-opt %s "--convert-tt-to-ttg=target=cuda:90 num-warps=64" 2>&1 | FileCheck %s --check-prefix=WARPS
// REQUIRES: backend-nvidia

// A target that its backend does not know is an error that lists the supported ones; a
// string that is not <family>:<field>... is malformed.
// BARE: error: malformed target 'gfx942': it has no field after the family
// WARPS: error: convert-tt-to-ttg: num-warps must be a power of two of at most 32 on cuda:90; got 64

// expected-error @below {{unknown target 'cuda:99': NVIDIA targets are cuda:80, cuda:86, cuda:89 and cuda:90}}
module {
  tt.func public @kernel(%x: tensor<16xf32>) {
    tt.return
  }
}
