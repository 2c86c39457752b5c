// tt.dot reads A and B in the dot-operand layouts (opIdx 0 and 1) of the accumulator's blocked
// layout, converted from the layouts of their shapes. On the CPU the lanes come from f32, the
// widest element, so the f16 operands start in the f32 tile's layout.
// CPU-DAG: #[[$B:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
// CPU-LABEL: tt.func public @dot
// CPU-SAME: %[[A:.*]]: tensor<32x16xf16, #[[$B]]>, %[[BB:.*]]: tensor<16x64xf16, #[[$B]]>
// CPU: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<32x64xf32, #[[$B]]>
// CPU: %[[AOP:.*]] = ttg.convert_layout %[[A]] : tensor<32x16xf16, #[[$B]]> -> tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #[[$B]]}>>
// CPU: %[[BOP:.*]] = ttg.convert_layout %[[BB]] : tensor<16x64xf16, #[[$B]]> -> tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[$B]]}>>
// CPU: tt.dot %[[AOP]], %[[BOP]], %[[ZERO]] : tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #[[$B]]}>> * tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[$B]]}>> -> tensor<32x64xf32, #[[$B]]>

// CUDA-DAG: #[[$A:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CUDA-DAG: #[[$B:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CUDA-LABEL: tt.func public @dot
// CUDA-SAME: tensor<32x16xf16, #[[$A]]>
// CUDA: tt.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #[[$B]]}>> * tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[$B]]}>> -> tensor<32x64xf32, #[[$B]]>

// HIP-DAG: #[[$A:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 16], warpsPerCTA = [8, 1], order = [1, 0]}>
// HIP-DAG: #[[$B:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [8, 1], order = [1, 0]}>
// HIP-LABEL: tt.func public @dot
// HIP-SAME: tensor<32x16xf16, #[[$A]]>
// HIP: tt.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #[[$B]]}>> * tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[$B]]}>> -> tensor<32x64xf32, #[[$B]]>
tt.func public @dot(%a: tensor<32x16xf16>, %b: tensor<16x64xf16>, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
  %zero = arith.constant dense<0.0> : tensor<32x64xf32>
  %d = tt.dot %a, %b, %zero : tensor<32x16xf16> * tensor<16x64xf16> -> tensor<32x64xf32>
  %outs = tt.splat %out : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>>
  tt.store %outs, %d : tensor<32x64x!tt.ptr<f32>>
  tt.return
}
