// RUN: nereid-opt %s -split-input-file -verify-diagnostics

// One case per verifier message of nvidia.tma_load.

#shared = #nvidia.mma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
tt.func public @one_index(%map: !tt.tensordesc<tensor<64x64xf16>>, %row: i32) {
  %a = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, mutable>
  %b = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, mutable>
  // expected-error @+1 {{takes 2 indices for blocks of 'tensor<64x64xf16>'; got 1}}
  nvidia.tma_load %map[%row], %a, %b : !tt.tensordesc<tensor<64x64xf16>>, !ttg.memdesc<64x64xf16, #shared, mutable>, !ttg.memdesc<1xi64, #bar, mutable>
  tt.return
}

// -----

#shared = #nvidia.mma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
tt.func public @smaller_buffer(%map: !tt.tensordesc<tensor<64x64xf16>>, %row: i32) {
  %a = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, mutable>
  %b = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, mutable>
  // expected-error @+1 {{copies blocks of 'tensor<64x64xf16>' into a mutable buffer of that shape and element type}}
  nvidia.tma_load %map[%row, %row], %a, %b : !tt.tensordesc<tensor<64x64xf16>>, !ttg.memdesc<128x64xf16, #shared, mutable>, !ttg.memdesc<1xi64, #bar, mutable>
  tt.return
}

// -----

#shared = #nvidia.mma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
tt.func public @no_barrier(%map: !tt.tensordesc<tensor<64x64xf16>>, %row: i32) {
  %a = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, mutable>
  %b = ttg.local_alloc : () -> !ttg.memdesc<2xi32, #bar, mutable>
  // expected-error @+1 {{completes on a mutable buffer of one i64}}
  nvidia.tma_load %map[%row, %row], %a, %b : !tt.tensordesc<tensor<64x64xf16>>, !ttg.memdesc<64x64xf16, #shared, mutable>, !ttg.memdesc<2xi32, #bar, mutable>
  tt.return
}

// -----

// A `synced` copy needs another copy just before it, with only pure ops between them.
#shared = #nvidia.mma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
tt.func public @synced_alone(%map: !tt.tensordesc<tensor<64x64xf16>>, %row: i32) {
  %a = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, mutable>
  %b = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, mutable>
  nvidia.init_barrier %b, 1 : !ttg.memdesc<1xi64, #bar, mutable>
  // expected-error @+1 {{is `synced` only right after another tma_load, with pure ops between them}}
  nvidia.tma_load %map[%row, %row], %a, %b {synced} : !tt.tensordesc<tensor<64x64xf16>>, !ttg.memdesc<64x64xf16, #shared, mutable>, !ttg.memdesc<1xi64, #bar, mutable>
  tt.return
}

// -----

#shared = #nvidia.mma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
tt.func public @synced_after_a_store(%map: !tt.tensordesc<tensor<64x64xf16>>, %row: i32, %p: !tt.ptr<i32>) {
  %a = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, mutable>
  %c = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, mutable>
  %b = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, mutable>
  nvidia.tma_load %map[%row, %row], %a, %b : !tt.tensordesc<tensor<64x64xf16>>, !ttg.memdesc<64x64xf16, #shared, mutable>, !ttg.memdesc<1xi64, #bar, mutable>
  tt.store %p, %row : !tt.ptr<i32>
  // expected-error @+1 {{is `synced` only right after another tma_load}}
  nvidia.tma_load %map[%row, %row], %c, %b {synced} : !tt.tensordesc<tensor<64x64xf16>>, !ttg.memdesc<64x64xf16, #shared, mutable>, !ttg.memdesc<1xi64, #bar, mutable>
  tt.return
}
