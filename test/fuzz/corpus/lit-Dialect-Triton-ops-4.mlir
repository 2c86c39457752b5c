tt.func @memory(%p: !tt.ptr<f32>, %ps: tensor<16x!tt.ptr<f32>>, %mask: tensor<16xi1>,
                %other: tensor<16xf32>, %ip: tensor<16x!tt.ptr<i32>>, %iv: tensor<16xi32>) {
  %s = tt.load %p : !tt.ptr<f32>
  %v = tt.load %ps, %mask, %other : tensor<16x!tt.ptr<f32>>
  %w = tt.load %ps, %mask cacheModifier = cg evictionPolicy = evict_last volatile : tensor<16x!tt.ptr<f32>>
  tt.store %ps, %v, %mask : tensor<16x!tt.ptr<f32>>
  tt.store %p, %s cacheModifier = wt evictionPolicy = evict_first : !tt.ptr<f32>
  %a0 = tt.atomic_rmw fadd, acq_rel, gpu, %ps, %v, %mask : tensor<16x!tt.ptr<f32>>
  %a1 = tt.atomic_rmw add, relaxed, cta, %ip, %iv : tensor<16x!tt.ptr<i32>>
  %a2 = tt.atomic_rmw and, acquire, sys, %ip, %iv : tensor<16x!tt.ptr<i32>>
  %a3 = tt.atomic_rmw or, release, gpu, %ip, %iv : tensor<16x!tt.ptr<i32>>
  %a4 = tt.atomic_rmw xor, acq_rel, gpu, %ip, %iv : tensor<16x!tt.ptr<i32>>
  %a5 = tt.atomic_rmw max, acq_rel, gpu, %ps, %v : tensor<16x!tt.ptr<f32>>
  %a6 = tt.atomic_rmw min, acq_rel, gpu, %ip, %iv : tensor<16x!tt.ptr<i32>>
  %a7 = tt.atomic_rmw umax, acq_rel, gpu, %ip, %iv : tensor<16x!tt.ptr<i32>>
  %a8 = tt.atomic_rmw umin, acq_rel, gpu, %ip, %iv : tensor<16x!tt.ptr<i32>>
  %a9 = tt.atomic_rmw exch, acq_rel, gpu, %p, %s : !tt.ptr<f32>
  %c = tt.atomic_cas acq_rel, gpu, %ip, %iv, %iv : tensor<16x!tt.ptr<i32>>
  tt.return
}
