tt.func @f(%p: !tt.ptr<f32, -1>) { tt.return }
