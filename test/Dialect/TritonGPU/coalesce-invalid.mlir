// RUN: nereid-opt %s --ttg-coalesce -verify-diagnostics

// Coalescing needs the target that convert-tt-to-ttg records on the module.
// expected-error @below {{expects the module attribute 'ttg.target' that names the target; run convert-tt-to-ttg first}}
module {
  tt.func public @kernel(%p: tensor<16x!tt.ptr<f32>>) -> tensor<16xf32> {
    %x = tt.load %p : tensor<16x!tt.ptr<f32>>
    tt.return %x : tensor<16xf32>
  }
}
