// RUN: nereid-opt %s --pass-pipeline='builtin.module(nereid-nvidia-ttg-pipeline{target=cuda:80 num-stages=3})' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM80
// RUN: nereid-opt %s --pass-pipeline='builtin.module(nereid-nvidia-ttg-pipeline{target=cuda:90 num-stages=3})' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM90
// RUN: nereid-opt %s --pass-pipeline='builtin.module(nereid-nvidia-ttg-pipeline{target=cuda:80 num-stages=1})' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=ONE

// Loops load their tiles one iteration ahead (ttg-prefetch-loop-loads) from num_stages 2 on,
// before sm_90; on sm_90, whose dots are wgmma's, it made the tutorial matmul slower (337
// against 379 TFLOP/s on an H100). From num_stages 2 on, loops' wgmmas run on while the next
// iteration writes its operands (nvidia-pipeline-warpgroup-dots; other dots are left alone).
// num_stages 1 turns both off.
// SM80: nvidia-assign-mma-layouts
// SM80: ttg-prefetch-loop-loads
// SM80-NEXT: nvidia-pipeline-warpgroup-dots
// SM80-NEXT: ttg-stage-dot-operands-in-shared
// SM90: nvidia-assign-mma-layouts
// SM90-NOT: ttg-prefetch-loop-loads
// SM90: nvidia-pipeline-warpgroup-dots
// SM90-NEXT: ttg-stage-dot-operands-in-shared
// ONE: nvidia-assign-mma-layouts
// ONE-NOT: ttg-prefetch-loop-loads
// ONE-NOT: nvidia-pipeline-warpgroup-dots
// ONE: ttg-stage-dot-operands-in-shared
module {
}
