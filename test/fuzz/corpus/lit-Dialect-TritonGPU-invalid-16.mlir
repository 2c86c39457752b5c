#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]}>
tt.func @f(%a: tensor<16x12xf32, #blocked>) { tt.return }
