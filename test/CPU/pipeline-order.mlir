// RUN: nereid-opt %s --pass-pipeline='builtin.module(nereid-cpu-lower{target=cpu:x86_64:avx512 check-bounds=true})' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s

// The order of the CPU pipeline, which docs/cpu.md ("How a kernel flows") lists with the reason
// for each pass, and which the Python driver runs as the stages ttir (nereid-ttir-pipeline),
// checked (tt-cpu-check-bounds, bounds-checked kernels only), ttg (nereid-ttg-pipeline), vector
// (nereid-cpu-to-vector) and llir (nereid-cpu-to-llvm). A pass added, moved or removed changes
// this list: update docs/cpu.md with it.

// CHECK: builtin.module(
// CHECK-NEXT: {{^ *}}inline{{[{,]|$}}
// CHECK-NEXT: {{^ *}}tt-lower-tensor-descriptors{{[{,]|$}}
// CHECK-NEXT: {{^ *}}canonicalize{{[{,]|$}}
// CHECK-NEXT: {{^ *}}cse{{[{,]|$}}
// CHECK-NEXT: {{^ *}}symbol-dce{{[{,]|$}}
// CHECK-NEXT: {{^ *}}tt-cpu-check-bounds{{[{,]|$}}
// CHECK-NEXT: {{^ *}}tt-fold-dot-additions{{[{,]|$}}
// CHECK-NEXT: {{^ *}}convert-tt-to-ttg{{[{,]|$}}
// CHECK-NEXT: {{^ *}}ttg-coalesce{{[{,]|$}}
// CHECK-NEXT: {{^ *}}ttg-remove-layout-conversions{{[{,]|$}}
// CHECK-NEXT: {{^ *}}canonicalize{{[{,]|$}}
// CHECK-NEXT: {{^ *}}cse{{[{,]|$}}
// CHECK-NEXT: {{^ *}}tt-cpu-rebase-loop-pointers{{[{,]|$}}
// CHECK-NEXT: {{^ *}}tt-cpu-accumulate-dots-in-memory{{[{,]|$}}
// CHECK-NEXT: {{^ *}}tt-cpu-load-dot-operands-by-rows{{[{,]|$}}
// CHECK-NEXT: {{^ *}}tt-cpu-transpose-tiles-in-memory{{[{,]|$}}
// CHECK-NEXT: {{^ *}}tt-cpu-scan-tiles-in-memory{{[{,]|$}}
// CHECK-NEXT: {{^ *}}tt-cpu-store-tiles-by-rows{{[{,]|$}}
// CHECK-NEXT: {{^ *}}tt-cpu-version-loops-on-contiguous-offsets{{[{,]|$}}
// CHECK-NEXT: {{^ *}}tt-cpu-reduce-loop-accumulators{{[{,]|$}}
// CHECK-NEXT: {{^ *}}tt-cpu-reduce-tiles-by-rows{{[{,]|$}}
// CHECK-NEXT: {{^ *}}tt-cpu-carry-loop-tiles-in-memory{{[{,]|$}}
// CHECK-NEXT: {{^ *}}tt-cpu-strip-mine-tiles{{[{,]|$}}
// CHECK-NEXT: {{^ *}}tt-cpu-version-loops-on-masks{{[{,]|$}}
// CHECK-NEXT: {{^ *}}tt-cpu-stream-large-stores{{[{,]|$}}
// CHECK-NEXT: {{^ *}}tt-cpu-trace-access-bounds{{[{,]|$}}
// CHECK-NEXT: {{^ *}}tt-cpu-convert-to-vector{{[{,]|$}}
// CHECK-NEXT: {{^ *}}tt-cpu-limit-stack-buffers{{[{,]|$}}
// CHECK-NEXT: {{^ *}}convert-math-to-funcs{{[{,]|$}}
// CHECK-NEXT: {{^ *}}tt-guard-arith{{[{,]|$}}
// CHECK-NEXT: {{^ *}}canonicalize{{[{,]|$}}
// CHECK-NEXT: {{^ *}}cse{{[{,]|$}}
// CHECK-NEXT: {{^ *}}tt-cpu-scalarize-lane-extracts{{[{,]|$}}
// CHECK-NEXT: {{^ *}}tt-cpu-split-loop-tiles{{[{,]|$}}
// CHECK-NEXT: {{^ *}}canonicalize{{[{,]|$}}
// CHECK-NEXT: func.func(
// CHECK-NEXT: {{^ *}}tt-cpu-schedule-chunks{{[{,]|$}}
// CHECK-NEXT: {{^ *}}),
// CHECK-NEXT: {{^ *}}tt-cpu-branch-on-contiguous-pointers{{[{,]|$}}
// CHECK-NEXT: {{^ *}}tt-cpu-branch-on-full-masks{{[{,]|$}}
// CHECK-NEXT: {{^ *}}tt-cpu-prefetch-next-rows{{[{,]|$}}
// CHECK-NEXT: {{^ *}}tt-cpu-add-launch-entries{{[{,]|$}}
// CHECK-NEXT: {{^ *}}tt-cpu-lower-math{{[{,]|$}}
// CHECK-NEXT: {{^ *}}tt-cpu-expand-arith{{[{,]|$}}
// CHECK-NEXT: {{^ *}}convert-scf-to-openmp{{[{,]|$}}
// CHECK-NEXT: {{^ *}}convert-scf-to-cf{{[{,]|$}}
// CHECK-NEXT: {{^ *}}expand-strided-metadata{{[{,]|$}}
// CHECK-NEXT: {{^ *}}lower-affine{{[{,]|$}}
// CHECK-NEXT: {{^ *}}convert-vector-to-llvm{{[{,]|$}}
// CHECK-NEXT: {{^ *}}finalize-memref-to-llvm{{[{,]|$}}
// CHECK-NEXT: {{^ *}}convert-math-to-llvm{{[{,]|$}}
// CHECK-NEXT: {{^ *}}convert-arith-to-llvm{{[{,]|$}}
// CHECK-NEXT: {{^ *}}convert-index-to-llvm{{[{,]|$}}
// CHECK-NEXT: {{^ *}}convert-ub-to-llvm{{[{,]|$}}
// CHECK-NEXT: {{^ *}}convert-func-to-llvm{{[{,]|$}}
// CHECK-NEXT: {{^ *}}convert-cf-to-llvm{{[{,]|$}}
// CHECK-NEXT: {{^ *}}convert-openmp-to-llvm{{[{,]|$}}
// CHECK-NEXT: {{^ *}}reconcile-unrealized-casts{{[{,]|$}}
// CHECK-NEXT: {{^ *}}canonicalize{{[{,]|$}}
// CHECK-NEXT: {{^ *}}cse{{[{,]|$}}

module {}
