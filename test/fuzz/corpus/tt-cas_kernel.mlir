module {
  tt.func public @cas_kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %2 = tt.addptr %1, %0 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %3 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %4 = tt.addptr %3, %0 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %5 = tt.load %4 : tensor<128x!tt.ptr<f32>>
    %6 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %7 = tt.addptr %6, %0 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %8 = tt.load %7 : tensor<128x!tt.ptr<f32>>
    %9 = tt.atomic_cas acq_rel, gpu, %2, %5, %8 : tensor<128x!tt.ptr<f32>>
    %10 = tt.splat %arg3 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %11 = tt.addptr %10, %0 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    tt.store %11, %9 : tensor<128x!tt.ptr<f32>>
    tt.return
  }
}
