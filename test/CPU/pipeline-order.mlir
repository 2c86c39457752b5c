// RUN: nereid-opt %s --pass-pipeline='builtin.module(nereid-cpu-lower{target=cpu:x86_64:avx512 check-bounds=true})' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s

// The order of the CPU pipeline, which docs/cpu.md ("How a kernel flows") lists with the reason
// for each pass, and which the Python driver runs as the stages ttir (nereid-ttir-pipeline),
// checked (cpu-check-bounds, bounds-checked kernels only), ttg (nereid-ttg-pipeline), vector
// (nereid-cpu-to-vector) and llir (nereid-cpu-to-llvm). A pass added, moved or removed changes
// this list: update docs/cpu.md with it.

// CHECK: builtin.module(
// CHECK-NEXT: {{^ *}}inline{{[{,]|$}}
// CHECK-NEXT: {{^ *}}tt-lower-tensor-descriptors{{[{,]|$}}
// CHECK-NEXT: {{^ *}}tt-decompose-scaled-dot{{[{,]|$}}
// CHECK-NEXT: {{^ *}}canonicalize{{[{,]|$}}
// CHECK-NEXT: {{^ *}}cse{{[{,]|$}}
// CHECK-NEXT: {{^ *}}symbol-dce{{[{,]|$}}
// CHECK-NEXT: {{^ *}}cpu-check-bounds{{[{,]|$}}
// CHECK-NEXT: {{^ *}}tt-fold-dot-additions{{[{,]|$}}
// CHECK-NEXT: {{^ *}}convert-tt-to-ttg{{[{,]|$}}
// CHECK-NEXT: {{^ *}}ttg-coalesce{{[{,]|$}}
// CHECK-NEXT: {{^ *}}ttg-remove-layout-conversions{{[{,]|$}}
// CHECK-NEXT: {{^ *}}canonicalize{{[{,]|$}}
// CHECK-NEXT: {{^ *}}cse{{[{,]|$}}
// CHECK-NEXT: {{^ *}}cpu-rebase-loop-pointers{{[{,]|$}}
// CHECK-NEXT: {{^ *}}cpu-accumulate-dots-in-memory{{[{,]|$}}
// CHECK-NEXT: {{^ *}}cpu-compute-costly-tiles-by-rows{{[{,]|$}}
// CHECK-NEXT: {{^ *}}cpu-load-dot-operands-by-rows{{[{,]|$}}
// CHECK-NEXT: {{^ *}}cpu-transpose-tiles-in-memory{{[{,]|$}}
// CHECK-NEXT: {{^ *}}cpu-scan-tiles-in-memory{{[{,]|$}}
// CHECK-NEXT: {{^ *}}cpu-store-tiles-by-rows{{[{,]|$}}
// CHECK-NEXT: {{^ *}}cpu-version-loops-on-contiguous-offsets{{[{,]|$}}
// CHECK-NEXT: {{^ *}}cpu-reduce-loop-accumulators{{[{,]|$}}
// CHECK-NEXT: {{^ *}}cpu-reduce-tiles-by-rows{{[{,]|$}}
// CHECK-NEXT: {{^ *}}cpu-carry-loop-tiles-in-memory{{[{,]|$}}
// CHECK-NEXT: {{^ *}}cpu-predicate-tile-branches{{[{,]|$}}
// CHECK-NEXT: {{^ *}}cpu-strip-mine-tiles{{[{,]|$}}
// CHECK-NEXT: {{^ *}}cpu-version-loops-on-masks{{[{,]|$}}
// CHECK-NEXT: {{^ *}}cpu-stream-large-stores{{[{,]|$}}
// CHECK-NEXT: {{^ *}}cpu-trace-access-bounds{{[{,]|$}}
// CHECK-NEXT: {{^ *}}cpu-convert-to-vector{{[{,]|$}}
// CHECK-NEXT: {{^ *}}cpu-limit-stack-buffers{{[{,]|$}}
// CHECK-NEXT: {{^ *}}convert-math-to-funcs{{[{,]|$}}
// CHECK-NEXT: {{^ *}}tt-guard-arith{{[{,]|$}}
// CHECK-NEXT: {{^ *}}canonicalize{{[{,]|$}}
// CHECK-NEXT: {{^ *}}cse{{[{,]|$}}
// CHECK-NEXT: {{^ *}}cpu-scalarize-lane-extracts{{[{,]|$}}
// CHECK-NEXT: {{^ *}}cpu-split-loop-tiles{{[{,]|$}}
// CHECK-NEXT: {{^ *}}canonicalize{{[{,]|$}}
// CHECK-NEXT: func.func(
// CHECK-NEXT: {{^ *}}cpu-schedule-chunks{{[{,]|$}}
// CHECK-NEXT: {{^ *}}),
// CHECK-NEXT: {{^ *}}cpu-branch-on-contiguous-pointers{{[{,]|$}}
// CHECK-NEXT: {{^ *}}cpu-branch-on-full-masks{{[{,]|$}}
// CHECK-NEXT: {{^ *}}cpu-prefetch-next-rows{{[{,]|$}}
// CHECK-NEXT: {{^ *}}cpu-add-launch-entries{{[{,]|$}}
// CHECK-NEXT: {{^ *}}cpu-lower-math{{[{,]|$}}
// CHECK-NEXT: {{^ *}}cpu-expand-arith{{[{,]|$}}
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
