// RUN: not nereid-opt %s --cpu-convert-to-vector 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: not nereid-opt %s --cpu-convert-to-vector=target=cuda:90 2>&1 | FileCheck %s --check-prefix=GPU
// RUN: nereid-opt %s --cpu-strip-mine-tiles=target=cpu:x86_64:avx2 | FileCheck %s --check-prefix=OPTION

// A CPU pass compiles for the module's ttg.target or for the target its option names; it has no
// default of its own, so a module that names no target is an error, as is a target that is
// not a CPU.
// NONE: error: cpu-convert-to-vector needs a CPU target: pass target=... or set the module attribute 'ttg.target'
// GPU: error: cpu-convert-to-vector needs a CPU target; got cuda:90
// OPTION-LABEL: tt.func @empty
module {
  tt.func @empty() {
    tt.return
  }
}
