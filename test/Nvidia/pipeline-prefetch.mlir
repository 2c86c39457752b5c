// RUN: nereid-opt %s --pass-pipeline='builtin.module(nereid-nvidia-ttg-pipeline{target=cuda:80 num-stages=3})' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM80
// RUN: nereid-opt %s --pass-pipeline='builtin.module(nereid-nvidia-ttg-pipeline{target=cuda:90 num-stages=3})' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM90
// RUN: nereid-opt %s --pass-pipeline='builtin.module(nereid-nvidia-ttg-pipeline{target=cuda:80 num-stages=1})' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM90

// Loops load their tiles one iteration ahead (ttg-prefetch-loop-loads) from num_stages 2 on,
// before sm_90; on sm_90, whose dots are wgmma's, it made the tutorial matmul slower (337
// against 379 TFLOP/s on an H100), and num_stages 1 turns it off everywhere.
// SM80: nvidia-assign-mma-layouts
// SM80: ttg-prefetch-loop-loads
// SM80-NEXT: ttg-stage-dot-operands-in-shared
// SM90: nvidia-assign-mma-layouts
// SM90-NOT: ttg-prefetch-loop-loads
// SM90: ttg-stage-dot-operands-in-shared
module {
}
