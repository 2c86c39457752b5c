// One case per verifier message of the tt types and ops.

tt.func @f(%p: !tt.ptr<tensor<4xf32>>) { tt.return }
