tt.func @f(%d: !tt.tensordesc<tensor<4x!tt.ptr<f32>>>) { tt.return }
