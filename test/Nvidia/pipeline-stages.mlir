// RUN: nereid-opt %s --pass-pipeline='builtin.module(nereid-nvidia-ttg-pipeline{target=cuda:80 num-stages=3})' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM80
// RUN: nereid-opt %s --pass-pipeline='builtin.module(nereid-nvidia-ttg-pipeline{target=cuda:90 num-stages=3})' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM90
// RUN: nereid-opt %s --pass-pipeline='builtin.module(nereid-nvidia-ttg-pipeline{target=cuda:80 num-stages=1})' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=ONE

// From num_stages 2 on, the tiles of dots' operands are copied num_stages - 1 iterations ahead
// (ttg-pipeline-async-copies) once they have buffers (ttg-stage-dot-operands-in-shared); then,
// on sm_90, each wgmma runs on into the next iteration (nvidia-pipeline-warpgroup-dots), and
// before sm_90 other loads of loops without such copies go one iteration ahead through
// registers (ttg-prefetch-loop-loads, which on sm_90 made the tutorial matmul slower: 337
// against 379 TFLOP/s on an H100). The buffers get the shared memory that a program may have
// (the SM's less 1 KiB). On sm_90 the loads of tensor maps are tensor copies
// (nvidia-tma-loads), which go num_stages - 1 iterations ahead too (nvidia-pipeline-tma-loads).
// num_stages 1 turns them all off.
// SM80: nvidia-assign-mma-layouts
// SM80: ttg-stage-dot-operands-in-shared
// SM80-NEXT: ttg-pipeline-async-copies{num-stages=3 shared-bytes=166912}
// SM80-NEXT: ttg-prefetch-loop-loads
// SM80-NOT: nvidia-pipeline-warpgroup-dots
// SM80-NOT: nvidia-tma
// SM90: nvidia-assign-mma-layouts
// SM90: nvidia-tma-loads
// SM90-NEXT: ttg-stage-dot-operands-in-shared
// SM90-NEXT: ttg-pipeline-async-copies{num-stages=3 shared-bytes=232448}
// SM90-NEXT: nvidia-pipeline-tma-loads{num-stages=3 shared-bytes=232448}
// SM90-NEXT: nvidia-pipeline-warpgroup-dots
// SM90-NOT: ttg-prefetch-loop-loads
// ONE: ttg-stage-dot-operands-in-shared
// ONE-NOT: ttg-pipeline-async-copies
// ONE-NOT: nvidia-pipeline-tma-loads
// ONE-NOT: nvidia-pipeline-warpgroup-dots
// ONE-NOT: ttg-prefetch-loop-loads
module {
}
