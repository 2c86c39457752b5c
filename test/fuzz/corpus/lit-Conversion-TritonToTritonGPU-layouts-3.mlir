// scf.for with a tensor accumulator and a tensor of pointers carried around the loop: the
// loop's arguments, results and yield take the layout too, and so does the function result.
// CPU-DAG: #[[$B:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [1], order = [0]}>
// CPU-LABEL: tt.func public @loop
// CPU-SAME: -> tensor<128xf32, #[[$B]]>
// CPU: %[[INIT:.*]] = arith.constant dense<0.000000e+00> : tensor<128xf32, #[[$B]]>
// CPU: %[[P0:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<128x!tt.ptr<f32>, #[[$B]]>, tensor<128xi32, #[[$B]]>
// CPU: %[[FOR:.*]]:2 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[INIT]], %[[PTR:.*]] = %[[P0]]) -> (tensor<128xf32, #[[$B]]>, tensor<128x!tt.ptr<f32>, #[[$B]]>)
// CPU: %[[V:.*]] = tt.load %[[PTR]] : tensor<128x!tt.ptr<f32>, #[[$B]]>
// CPU: %[[NEXT:.*]] = arith.addf %[[ACC]], %[[V]] : tensor<128xf32, #[[$B]]>
// CPU: %[[NP:.*]] = tt.addptr %[[PTR]], %{{.*}} : tensor<128x!tt.ptr<f32>, #[[$B]]>, tensor<128xi32, #[[$B]]>
// CPU: scf.yield %[[NEXT]], %[[NP]] : tensor<128xf32, #[[$B]]>, tensor<128x!tt.ptr<f32>, #[[$B]]>
// CPU: tt.return %[[FOR]]#0 : tensor<128xf32, #[[$B]]>

// CUDA-DAG: #[[$B:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CUDA-LABEL: tt.func public @loop
// CUDA: scf.for {{.*}} -> (tensor<128xf32, #[[$B]]>, tensor<128x!tt.ptr<f32>, #[[$B]]>)
// CUDA: scf.yield %{{.*}}, %{{.*}} : tensor<128xf32, #[[$B]]>, tensor<128x!tt.ptr<f32>, #[[$B]]>

// HIP-DAG: #[[$B:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [8], order = [0]}>
// HIP-LABEL: tt.func public @loop
// HIP: scf.for {{.*}} -> (tensor<128xf32, #[[$B]]>, tensor<128x!tt.ptr<f32>, #[[$B]]>)
// HIP: scf.yield %{{.*}}, %{{.*}} : tensor<128xf32, #[[$B]]>, tensor<128x!tt.ptr<f32>, #[[$B]]>
tt.func public @loop(%in: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<128xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %init = arith.constant dense<0.0> : tensor<128xf32>
  %range = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %ins = tt.splat %in : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %p0 = tt.addptr %ins, %range : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %sum, %p = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init, %ptr = %p0) -> (tensor<128xf32>, tensor<128x!tt.ptr<f32>>) : i32 {
    %v = tt.load %ptr : tensor<128x!tt.ptr<f32>>
    %next = arith.addf %acc, %v : tensor<128xf32>
    %c128 = arith.constant dense<128> : tensor<128xi32>
    %np = tt.addptr %ptr, %c128 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    scf.yield %next, %np : tensor<128xf32>, tensor<128x!tt.ptr<f32>>
  }
  tt.return %sum : tensor<128xf32>
}
